/**
 * Several statements in one message. The `pg` driver sends one statement per message and
 * waits for its answer (it does not pipeline), but a message without bound values may hold a
 * script of statements, run in order, answered at once. A write then costs two messages: the
 * locks, `BEGIN` and the view; the change set, `COMMIT` and the unlock (docs/decisions.md
 * "Two messages a write"). The values a statement was written with are inlined as SQL literals
 * first, which is what this module owns.
 */
import { createHash } from "node:crypto";
import type { SqlExecutor } from "./store-listing.js";

/** One statement as its author wrote it: text with `$1`… placeholders and their values. */
export interface Statement {
  /** The SQL text. */
  readonly text: string;
  /** The placeholders' values (none: the text has no placeholder). */
  readonly values?: readonly unknown[] | undefined;
}

/**
 * A value as an SQL literal: `NULL`, a number, `TRUE`/`FALSE`, a quoted string (an `E''`
 * string with doubled backslashes when it holds one, so the result does not depend on
 * `standard_conforming_strings`), an array as the quoted text of an array value (`'{"a","b"}'`:
 * untyped, so it takes the type of the parameter or cast it meets, `uuid[]` as well as
 * `text[]`). A placeholder's cast (`$2::uuid[]`) stays in the text and applies to it.
 * @param value - a string, a finite number, a bigint, a boolean, null, or an array of those
 * @returns the literal
 * @throws TypeError for a string holding U+0000 (PostgreSQL text cannot hold it), a number that
 *   is not finite, or a value of another type
 * @example
 * sqlLiteral("O'Brien") //=> "'O''Brien'"
 * sqlLiteral("a\\b") //=> "E'a\\\\b'"
 * sqlLiteral(["x", null]) //=> "'{\"x\",NULL}'"
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  switch (typeof value) {
    case "string":
      if (value.includes("\u0000")) throw new TypeError("sqlLiteral: PostgreSQL text cannot hold U+0000");
      if (value.includes("\\")) return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
      return `'${value.replaceAll("'", "''")}'`;
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`sqlLiteral: ${value} is not a finite number`);
      // In parentheses: a negative number then binds before a cast written after it.
      return value < 0 || Object.is(value, -0) ? `(${value})` : String(value);
    case "bigint":
      return value < 0n ? `(${value})` : String(value);
    case "boolean":
      return value ? "TRUE" : "FALSE";
    default:
      if (Array.isArray(value)) return arrayLiteral(value);
      throw new TypeError(`sqlLiteral: cannot write a ${typeof value} as a literal`);
  }
}

/** An array of strings, numbers or nulls as the quoted text of a PostgreSQL array value. */
function arrayLiteral(values: readonly unknown[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = "NULL";
    else if (typeof v === "string") parts[i] = `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
    else if ((typeof v === "number" && Number.isFinite(v)) || typeof v === "bigint") parts[i] = String(v);
    else throw new TypeError(`sqlLiteral: cannot write a ${typeof v} as an array element`);
  }
  return sqlLiteral(`{${parts.join(",")}}`);
}

/**
 * A statement's text with its placeholders replaced by their values' literals. Placeholders
 * are `$` and digits outside quotes; the statements of this package write no `$` otherwise.
 * @param statement - the statement
 * @returns SQL text without placeholders
 * @throws RangeError when a placeholder has no value
 * @example
 * inlineValues({ text: "SELECT $1::int + $2", values: [1, -2] }) //=> "SELECT 1::int + (-2)"
 */
export function inlineValues(statement: Statement): string {
  const values = statement.values;
  if (values === undefined || values.length === 0) return statement.text;
  return statement.text.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= values.length) throw new RangeError(`inlineValues: no value for $${n}`);
    return sqlLiteral(values[i]);
  });
}

/** Sends statements as one message and answers the last one's rows. */
export type SendBatch = (statements: readonly Statement[]) => Promise<{ rows: any[] }>;

/**
 * One transaction's messages. Statements given at construction (locks, `BEGIN`) travel with the
 * first query; statements written through {@link Transaction.later} wait for {@link Transaction.end},
 * which sends them with the closing statements (`COMMIT` and the unlock). A write whose
 * decision needs one view is then two messages.
 */
export class Transaction implements SqlExecutor {
  readonly #send: SendBatch;
  #pending: Statement[];
  readonly #later: Statement[] = [];
  /** An executor whose statements are kept for {@link Transaction.end} (they answer no rows). */
  readonly later: SqlExecutor;

  /**
   * @param send - sends one message
   * @param opening - the statements that open the transaction, sent with the first query
   */
  constructor(send: SendBatch, opening: readonly Statement[]) {
    this.#send = send;
    this.#pending = [...opening];
    this.later = {
      query: (text: string, values?: readonly unknown[]): Promise<{ rows: any[] }> => {
        this.#later.push({ text, values });
        return Promise.resolve({ rows: [] });
      },
    };
  }

  /**
   * Sends the statements waiting to open the transaction and this one, in one message.
   * @param text - the SQL text
   * @param values - its placeholders' values
   * @returns this statement's rows
   */
  query(text: string, values?: readonly unknown[]): Promise<{ rows: any[] }> {
    const statements = [...this.#pending, { text, values }];
    this.#pending = [];
    return this.#send(statements);
  }

  /**
   * Sends what is still waiting (the opening when no query was sent, then the later
   * statements) with the closing statements, in one message.
   * @param closing - `COMMIT` or `ROLLBACK`, and the unlock
   * @returns when the server has run them all
   */
  async end(closing: readonly Statement[]): Promise<void> {
    const statements = [...this.#pending, ...this.#later, ...closing];
    this.#pending = [];
    this.#later.length = 0;
    await this.#send(statements);
  }
}

/** Most statements one connection keeps prepared; past it, statements are sent inlined. */
const MOST_PREPARED = 256;
/** Names of statement texts, computed once per text (the texts are this package's, a bounded set). */
const names = new Map<string, string>();

/**
 * The name a statement text is prepared under: `fsr_` and the first 96 bits of the text's
 * SHA-256, in hex (an identifier PostgreSQL takes unquoted, and no two texts of this package
 * share it).
 * @param text - the statement's text
 * @returns its name
 * @example
 * preparedName("SELECT 1") === preparedName("SELECT 1") //=> true
 */
export function preparedName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `fsr_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    if (names.size < 4096) names.set(text, name);
  }
  return name;
}

/**
 * The statements one connection has prepared (`PREPARE`), so a script executes them by name
 * (`EXECUTE name(…)`): PostgreSQL then parses and plans a statement once per connection, not
 * once per request (the view statement of a stock write: 0.65 ms planned and run each time,
 * 0.2 ms executed by name with its cached plan). A `PREPARE` outlives a rolled-back
 * transaction, so when a script that prepared fails, which of its statements ran is not
 * known: {@link PreparedStatements.uncertain} says so until {@link PreparedStatements.resync}.
 */
export class PreparedStatements {
  readonly #names = new Set<string>();
  #uncertain = false;

  /** Whether a failed script may have prepared statements not recorded here. */
  get uncertain(): boolean {
    return this.#uncertain;
  }

  /**
   * One script of the statements: each one with values executed by name (prepared just before
   * when this connection has not prepared it yet), the others as written.
   * @param statements - the statements, in order
   * @returns the script's text, the names it prepares and its statement count
   */
  script(statements: readonly Statement[]): { text: string; preparing: string[]; count: number } {
    const preparing: string[] = [];
    const body: string[] = [];
    for (const statement of statements) {
      const values = statement.values;
      if (values === undefined || values.length === 0) {
        body.push(statement.text);
        continue;
      }
      const name = preparedName(statement.text);
      const known = this.#names.has(name) || preparing.includes(name);
      if (!known && this.#names.size + preparing.length >= MOST_PREPARED) {
        body.push(inlineValues(statement));
        continue;
      }
      if (!known) {
        // Just before its first use: a PREPARE takes a snapshot, so before `BEGIN ISOLATION
        // LEVEL …` it would start the transaction too early.
        preparing.push(name);
        body.push(`PREPARE ${name} AS ${statement.text}`);
      }
      const args = new Array<string>(values.length);
      for (let i = 0; i < values.length; i++) args[i] = sqlLiteral(values[i]);
      body.push(`EXECUTE ${name}(${args.join(", ")})`);
    }
    return { text: body.join(";\n"), preparing, count: body.length };
  }

  /**
   * Records the outcome of a script: its names are prepared when it succeeded; when it failed,
   * they may or may not be.
   * @param preparing - the names the script prepared
   * @param succeeded - whether the server ran it all
   */
  settle(preparing: readonly string[], succeeded: boolean): void {
    if (preparing.length === 0) return;
    if (succeeded) for (const name of preparing) this.#names.add(name);
    else this.#uncertain = true;
  }

  /**
   * Replaces what is recorded by what the server lists (`pg_prepared_statements`).
   * @param listed - the names the server has prepared on this connection
   */
  resync(listed: readonly string[]): void {
    this.#names.clear();
    for (const name of listed) if (name.startsWith("fsr_")) this.#names.add(name);
    this.#uncertain = false;
  }
}

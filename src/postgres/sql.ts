// SQL plumbing shared by the PostgreSQL storage's files: the executor port every function takes
// (`SqlExecutor`, which `pg`'s `Pool`, `Client` and `PoolClient` satisfy), schema quoting,
// the names statements are prepared under, and the narrowing of rows at the database boundary.
import { createHash } from "node:crypto";
import { Dec } from "../shared/decimal.js";
import { toGuid, type Guid } from "../shared/guid.js";
import { UNLIMITED, type Amount } from "../stock/amount.js";

/**
 * The least a database connection must do: run one parameterised statement. `pg`'s `Pool`,
 * `Client` and `PoolClient` fit; so does a test double. Rows are `any` only at this boundary:
 * every reader here narrows them at once.
 */
export interface SqlExecutor {
  /**
   * Runs one statement (without values, a script of several may be sent: migrations do).
   * @param text - the SQL text, with `$1`… placeholders
   * @param values - the values of the placeholders
   * @returns the rows
   */
  query(text: string, values?: readonly unknown[]): Promise<{ rows: any[] }>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Quotes a schema name after checking it is a plain lower-case identifier, so it can be
 * spliced into SQL text (identifiers cannot be bound as parameters).
 * @param schema - the schema name
 * @returns the quoted name
 * @throws Error when the name is not `[a-z_][a-z0-9_]*` of at most 63 characters
 * @example
 * quoteSchema("tenant_data") //=> "\"tenant_data\""
 */
export function quoteSchema(schema: string): string {
  if (!IDENTIFIER.test(schema)) throw new Error(`PostgreSQL listing: ${JSON.stringify(schema)} is not a schema name ([a-z_][a-z0-9_]*, at most 63 characters)`);
  return `"${schema}"`;
}

// ---- narrowing of rows (the DB boundary) ----

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function text(row: Record<string, unknown>, key: string): string {
  const v = row[key];
  if (typeof v !== "string") throw new Error(`PostgreSQL listing: column ${key} is not text (${typeof v})`);
  return v;
}

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function textOrNull(row: Record<string, unknown>, key: string): string | null {
  const v = row[key];
  return v === null ? null : text(row, key);
}

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function guidColumn(row: Record<string, unknown>, key: string): Guid {
  const g = toGuid(row[key]);
  if (g === undefined) throw new Error(`PostgreSQL listing: column ${key} is not a GUID`);
  return g;
}

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function asRow(row: unknown): Record<string, unknown> {
  if (typeof row !== "object" || row === null) throw new Error("PostgreSQL listing: a row is not an object");
  return row as Record<string, unknown>;
}

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function amountOf(value: string | null): Amount {
  return value === null ? UNLIMITED : { kind: "finite", value: new Dec(value) };
}

/** Names already computed, by text: a request's statements are a few hundred texts in all, each hashed once. */
const preparedNames = new Map<string, string>();

/**
 * A short name of a statement's text: statements with values are prepared under it, once per connection.
 * @param text - the statement's text
 * @returns its name
 */
export function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `fs_${createHash("sha1").update(text).digest("base64url")}`;
    // Bounded: texts follow the parts a request has, not its values, but a caller could vary the schema.
    if (preparedNames.size >= 4096) preparedNames.clear();
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * An element an array literal may carry unquoted: letters, digits, `-`, `_`, `.` and `:` (GUIDs,
 * rule IDs, kinds, `id:` terms), except the word `NULL` in any case, which a literal reads as a null.
 */
const PLAIN_ELEMENT = /^(?!null$)[\w.:-]+$/i;

/**
 * The value of an array parameter as PostgreSQL's array literal, written in one join when every
 * element is plain (GUIDs, rule IDs, change kinds, numbers; `null` is `NULL`), else the array as
 * it is, for the driver to quote element by element. A journal row binds five arrays, and the
 * driver's quoting (two regular expressions and a quoted copy an element) was the largest
 * allocation of a stock set on PostgreSQL (docs/performance.md, "Sending less per set").
 * @param items - the elements
 * @returns the literal, or `items` when an element must be quoted
 * @example
 * arrayParam(["GEN-1", "STK-6"]) //=> "{GEN-1,STK-6}"
 * arrayParam([1, null]) //=> "{1,NULL}"
 * arrayParam(["a b"]) //=> ["a b"]
 */
export function arrayParam<T extends string | number | null>(items: readonly T[]): string | readonly T[] {
  const parts: string[] = [];
  for (const item of items) {
    if (item === null) parts.push("NULL");
    else if (typeof item === "number") {
      if (!Number.isSafeInteger(item)) return items;
      parts.push(String(item));
    } else if (PLAIN_ELEMENT.test(item)) parts.push(item);
    else return items;
  }
  return `{${parts.join(",")}}`;
}

/**
 * Moves a statement's rows out of the driver's array into a new one, and leaves the driver's
 * array empty. The storage's one `send` passes every answer through it.
 *
 * Why (docs/performance.md, "Rows kept alive by the driver's old arrays"): V8's allocation-site
 * pretenuring comes to allocate pg's `Result.rows` arrays in old space. In a run of stock sets,
 * 5,057 of 6,011 were old when their first row arrived. A dead old array still points into the
 * young generation, and every scavenge until the next full collection treats that pointer as a
 * root. So the young rows it held, with the JSON parsed into them, were copied and promoted
 * instead of freed: 3.0 KB a set, against 0.4 KB after. The new array is young and dies young
 * with its rows.
 * @param result - a statement's answer (changed: its `rows` is replaced)
 * @returns the same answer, its rows in a new array
 * @example
 * const rows = [{ n: 1 }];
 * const answer = detachRows({ rows });
 * answer.rows //=> [{ n: 1 }]
 * rows.length //=> 0
 */
export function detachRows<R extends { rows: unknown[] }>(result: R): R {
  result.rows = result.rows.splice(0);
  return result;
}

// Opening the service on PostgreSQL for a command, within `--database-timeout`: one line on
// stderr naming the setting, the reason and what to do when that fails, the storage closed.
import { createFieldService } from "../service/create.js";
import type { FieldService } from "../service/entry-point.js";
import { StorageSetupError, StorageUnavailableError, type FieldStorage } from "../service/storage.js";
import type { Fixture } from "../service/fixture.js";
import type { CliIo, CliOptions, StorageFactory } from "./command.js";

/**
 * `host:port` of a database URL, for messages (no user, no password).
 * @param text - the URL
 * @returns where the database is
 * @internal
 */
export function databaseAddress(text: string): string {
  try {
    const url = new URL(text);
    const host = url.hostname !== "" ? url.hostname : (url.searchParams.get("host") ?? "localhost");
    return `${host}:${url.port === "" ? "5432" : url.port}`;
  } catch {
    return "the database";
  }
}

/** Whether an error is Node failing to find the `pg` package (the optional peer dependency). */
function missingDriver(error: unknown): boolean {
  // Stryker disable next-line StringLiteral: a value without a code is no missing module, whatever text stands in for the code
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && error instanceof Error && /['"]pg['"]/.test(error.message);
}

/**
 * The first line of an error's message, or of its cause's when it wraps one.
 * @param error - what was thrown
 * @returns one line for a message
 * @internal
 */
export function firstLine(error: unknown): string {
  const inner = error instanceof StorageUnavailableError && error.cause instanceof Error ? error.cause : error;
  // Stryker disable next-line StringLiteral: split gives at least one part; the fallback only satisfies the index's type
  return (inner instanceof Error ? inner.message : String(inner)).split("\n")[0] ?? "";
}

/**
 * Node's error code, or the message's first line.
 * @param error - what was thrown
 * @returns the code or the line
 * @internal
 */
export function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : firstLine(error);
}

/** Resolves after `ms`, without keeping the process alive. */
function after(ms: number): Promise<"timeout"> {
  return new Promise((resolve) => setTimeout(() => resolve("timeout"), ms).unref());
}

/** How {@link openDatabase} opens the service, beyond what serving needs. @internal */
export interface OpenDatabaseOptions {
  /** The schema to open, absent for the storage's default. */
  readonly schema?: string;
  /** The service's clock (a replay steers it). */
  readonly now?: () => Date;
  /** The service's GUID source (a replay steers it). */
  readonly newId?: () => string;
  /** What to do instead of a database, after "; " in a message (default: "leave it out to serve from memory"). */
  readonly otherwise?: string;
}

/** A service {@link openDatabase} opened, and the storage under it (the journal commands read it directly). @internal */
export interface OpenedDatabase {
  /** The ready service. */
  readonly service: FieldService;
  /** Its storage. */
  readonly storage: FieldStorage;
}

/**
 * Opens the service on the database the command was given, within `--database-timeout`: says
 * what it waits for when that takes longer than `noticeAfterMs`, and on any failure closes the
 * storage (so the process can exit) and prints one line naming the setting, the reason and
 * what to do.
 * @param databaseUrl - the URL
 * @param timeoutMs - `--database-timeout`
 * @param fixture - seeds an empty database
 * @param argv - the arguments, to name the setting the URL came from
 * @param io - where to write
 * @param storageFor - opens the storage
 * @param noticeAfterMs - when to say what the command waits for
 * @param open - the schema, clock, GUIDs and wording of the journal commands
 * @returns the ready service and its storage, or the exit code after the line is printed
 * @internal
 */
export async function openDatabase(
  databaseUrl: string,
  timeoutMs: number,
  fixture: Fixture,
  argv: readonly string[],
  io: CliIo,
  storageFor: StorageFactory | undefined,
  noticeAfterMs: number,
  open: OpenDatabaseOptions = {},
): Promise<OpenedDatabase | number> {
  const setting = argv.some((a) => a === "--database-url" || a.startsWith("--database-url=")) ? "--database-url" : "DATABASE_URL";
  const otherwise = open.otherwise ?? "leave it out to serve from memory";
  if (storageFor === undefined) {
    io.err(`field-service-rules: ${setting}: this build cannot open a database; ${otherwise}`);
    return 1;
  }
  const at = databaseAddress(databaseUrl);
  const seconds = timeoutMs / 1000;
  let storage: FieldStorage;
  try {
    storage = await storageFor(databaseUrl, open.schema === undefined ? { connectTimeoutMs: timeoutMs } : { connectTimeoutMs: timeoutMs, schema: open.schema });
  } catch (error) {
    io.err(
      missingDriver(error)
        ? `field-service-rules: ${setting}: the PostgreSQL driver is not installed; run npm install pg, or ${otherwise.replace("leave it out", `leave ${setting} out`)}`
        : `field-service-rules: ${setting}: cannot open the database (${firstLine(error)}); check the URL`,
    );
    return 1;
  }
  const service = createFieldService({
    fixture,
    storage,
    // Stryker disable next-line ConditionalExpression: createFieldService reads an undefined clock as its own
    ...(open.now === undefined ? {} : { now: open.now }),
    // Stryker disable next-line ConditionalExpression: and an undefined GUID source as its own
    ...(open.newId === undefined ? {} : { newId: open.newId }),
    onUnavailable: (error) => io.err(`field-service-rules: PostgreSQL at ${at} unavailable, answered 503 (${firstLine(error)})`),
  });
  const notice = setTimeout(() => io.err(`field-service-rules: waiting for PostgreSQL at ${at} (up to ${seconds} s, --database-timeout) ...`), noticeAfterMs);
  let outcome: unknown;
  try {
    outcome = await Promise.race([service.ready(), after(timeoutMs)]);
  } catch (error) {
    outcome = error;
  } finally {
    clearTimeout(notice);
  }
  if (outcome === undefined) return { service, storage };
  // Release the pool, or its sockets keep the process alive; a connection stuck in a query the
  // server never answers is not waited for long (main.ts ends the process regardless).
  await release(service);
  const line =
    outcome === "timeout"
      ? `PostgreSQL at ${at} did not answer within ${seconds} s; check that it is running and reachable, or wait longer with --database-timeout`
      : outcome instanceof StorageSetupError
        ? outcome.message
        : outcome instanceof StorageUnavailableError && /timeout|timed out/i.test(firstLine(outcome))
          ? `PostgreSQL at ${at} did not answer within ${seconds} s (${firstLine(outcome)}); check that it is running and reachable, or wait longer with --database-timeout`
          : `cannot open the database at ${at} (${firstLine(outcome)}); check the URL and that PostgreSQL is running`;
  io.err(`field-service-rules: ${setting}: ${line}`);
  return 1;
}

/**
 * Closes the service, waiting at most a second (a connection stuck in a query is not waited for).
 * @param service - the service a command opened
 * @returns when it is closed, or after the second
 * @internal
 */
export async function release(service: FieldService): Promise<void> {
  await Promise.race([service.close().catch(() => {}), after(1_000)]);
}

/**
 * How a command was called: what the database opening and the messages read.
 * @internal
 */
export interface Invocation {
  /** The arguments, to name the setting a URL came from. */
  readonly argv: readonly string[];
  /** Where to write. */
  readonly io: CliIo;
  /** Opens the storage a database URL names. */
  readonly storageFor: StorageFactory | undefined;
  /** The notice delay and the largest fixture file. */
  readonly options: CliOptions;
}

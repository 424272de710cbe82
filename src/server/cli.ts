import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import type { Server } from "node:http";
import { createFieldService, type FieldService } from "../service/create.js";
import { StorageSetupError, StorageUnavailableError, type FieldStorage } from "../service/storage.js";
import { validateFixture, type Fixture } from "../service/fixture.js";
import { demoFixture } from "../service/demo-fixture.js";
import { scryptSecrets } from "../postgres/secrets.js";
import { defaultCors, parseCorsOrigins, type CorsOrigins } from "../api/cors.js";
import { createHttpServer } from "./http.js";

/** What the command line asks for, once flags and environment are read. */
export type CliCommand = CliHelp | CliVersion | CliServe | CliUsageError;

/** `--help`: print the usage text. */
export interface CliHelp {
  /** Discriminant. */
  readonly kind: "help";
}

/** `--version`: print the package version. */
export interface CliVersion {
  /** Discriminant. */
  readonly kind: "version";
}

/** Serve the stand-in with these settings. */
export interface CliServe {
  /** Discriminant. */
  readonly kind: "serve";
  /** Port to listen on; 0 picks a free one. */
  readonly port: number;
  /** Address to listen on. */
  readonly host: string;
  /** The fixture file to load, or `undefined` for the demonstration fixture. */
  readonly fixturePath: string | undefined;
  /** The PostgreSQL connection string (`--database-url`, then `DATABASE_URL`), or `undefined` to serve from memory. */
  readonly databaseUrl: string | undefined;
  /**
   * How long to wait for PostgreSQL, in milliseconds (`--database-timeout` or `DATABASE_TIMEOUT`
   * in seconds; default {@link DEFAULT_DATABASE_TIMEOUT_MS}): at start for the database to be
   * opened, later for each connection.
   */
  readonly databaseTimeoutMs: number;
  /**
   * The page origins browsers may call the server from (`--cors`, then `CORS_ORIGINS`): `"*"`
   * for any, `[]` for none. Default: any origin in memory, none on PostgreSQL (COR-3).
   */
  readonly cors: CorsOrigins;
}

/** A usage error: the one line to print before exiting with code 2. */
export interface CliUsageError {
  /** Discriminant. */
  readonly kind: "usage";
  /** Names the setting and what to do. */
  readonly message: string;
}

/** The outcome of {@link loadFixtureFile}. */
export type FixtureFileResult = FixtureFileLoaded | FixtureFileRefused;

/** A fixture file that was read and passed validation. */
export interface FixtureFileLoaded {
  /** Discriminant. */
  readonly ok: true;
  /** The fixture, ready for `createFieldService`. */
  readonly fixture: Fixture;
}

/** A fixture file that cannot be served. */
export interface FixtureFileRefused {
  /** Discriminant. */
  readonly ok: false;
  /** What is wrong: the first line names the file, the next ones each problem with its JSON path. */
  readonly lines: readonly string[];
}

/** Where the command writes; `process` in production, buffers in tests. */
export interface CliIo {
  /** Standard output, one call per line. */
  readonly out: (line: string) => void;
  /** Standard error, one call per line. */
  readonly err: (line: string) => void;
}

/**
 * How the command opens a database storage: `src/server/main.ts` passes the PostgreSQL
 * adapter (`field-service-rules/postgres`), so the server entry itself never imports a
 * driver. Without it, `--database-url` is refused. A factory that cannot load its driver
 * rejects with Node's `ERR_MODULE_NOT_FOUND`, and the command says which package to install.
 */
export type StorageFactory = (databaseUrl: string, settings: StorageSettings) => FieldStorage | Promise<FieldStorage>;

/** What the command asks of the storage it opens. */
export interface StorageSettings {
  /** Longest wait for a connection, in milliseconds (the command's `--database-timeout`). */
  readonly connectTimeoutMs: number;
  /** The schema to keep the records in; absent for the storage's default (`field_service`). `replay` names a fresh one. */
  readonly schema?: string;
}

/** Knobs of {@link startCli} and {@link runCli} that the command line does not set (tests turn them). */
export interface CliOptions {
  /**
   * Milliseconds of waiting for the database before the command prints what it is waiting for
   * (one line on stderr). Default 1,000: a database that answers at once prints nothing.
   */
  readonly noticeAfterMs?: number;
  /** Largest fixture file in bytes. Default {@link MAX_FIXTURE_BYTES}. */
  readonly maxFixtureBytes?: number;
}

/** A running stand-in started by {@link startCli}. */
export interface RunningCli {
  /** The listening server. */
  readonly server: Server;
  /** The base URL it answers on. */
  readonly baseUrl: string;
  /**
   * Stops accepting connections, lets requests in flight finish (at most `graceMs`, default
   * 5,000 ms, after which the remaining connections are closed) and resolves when the server
   * is closed.
   */
  readonly stop: (graceMs?: number) => Promise<void>;
}

/**
 * What every form of the command answers to `--help` (the usage text, exit 0) and to a usage
 * error (one line, exit 2).
 * @param command - the help request or the usage error
 * @param io - where to write
 * @returns the exit code
 * @internal
 */
export function answerHelpOrUsage(command: CliHelp | CliUsageError, io: CliIo): number {
  if (command.kind === "help") {
    io.out(CLI_USAGE);
    return 0;
  }
  io.err(`field-service-rules: ${command.message}`);
  return 2;
}

/** Largest fixture file the command reads: 64 MiB. A larger one is refused before it is read. */
export const MAX_FIXTURE_BYTES: number = 64 * 1024 * 1024;

/** Default of `--database-timeout`: 10 s, in milliseconds. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 10_000;

/** The command's usage text (`--help`). */
export const CLI_USAGE: string = `Usage: field-service-rules [--port N] [--host H] [--fixture FILE.json]
                           [--database-url URL] [--database-timeout S] [--cors ORIGINS]
       field-service-rules fixture
       field-service-rules journal export [--database-url URL] [--fixture FILE.json]
                           [--output FILE] [--company GUID] [--database-timeout S]
       field-service-rules replay --journal FILE [--fixture FILE.json]
                           [--database-url URL] [--database-timeout S] [--json]
       field-service-rules --help | --version

Serves the field-service reference API over HTTP: in memory, or on PostgreSQL.

Options (each falls back to the environment variable named, then to the default):
  --port N            port to listen on (PORT; default 8080; 0 picks a free port)
  --host H            address to listen on (HOST; default 127.0.0.1)
  --fixture FILE      a company fixture in JSON, UTF-8 (a byte order mark is skipped),
                      at most 64 MiB (format: the Fixture type of
                      field-service-rules/service, JSON Schema docs/fixture.schema.json
                      in the package); default: the demonstration fixture
  --database-url URL  keep the records in PostgreSQL, a postgres:// URL (DATABASE_URL;
                      default: in memory), schema field_service, created and seeded
                      with the fixture when empty; several processes may share it;
                      needs the pg package (npm install pg)
  --database-timeout S  seconds to wait for PostgreSQL (DATABASE_TIMEOUT; default 10):
                      at start to open the database, then for each connection; past it
                      the command gives up at start, and requests answer 503
  --cors ORIGINS      browser pages that may call the API (CORS_ORIGINS): * for any
                      origin, none, or origins such as http://localhost:5173 separated
                      by commas; default: * in memory, none on PostgreSQL
  --help              print this text
  --version           print the version

SIGINT or SIGTERM stops accepting, finishes the requests in flight and exits 0.
Exit codes: 0 stopped by a signal, 1 a runtime failure (port in use, unreadable or invalid
fixture, unreachable database), 2 a usage error (unknown flag, bad value).

fixture writes the demonstration fixture as JSON on standard output, to copy and edit:
  field-service-rules fixture > demo.json && field-service-rules --fixture demo.json
Exit codes: 0 written, 2 a usage error.

journal export writes the journal of decisions in PostgreSQL (--database-url or
DATABASE_URL, required: in memory the journal ends with the process; read a running
service's with GET /journal) as NDJSON, one entry a line, each company's by ascending seq:
  --output FILE       write it to FILE (default: standard output)
  --company GUID      only this company's entries (default: every company's)
  --fixture FILE      seeds the database when it is empty, as when serving
Exit codes: 0 written, 1 a runtime failure, 2 a usage error.

replay re-decides an exported journal with the rules of this version, from the fixture
the journal's service started with, and reports the decisions that differ, by rule:
  --journal FILE      the NDJSON file journal export wrote (required)
  --fixture FILE      the fixture the service started from (default: the demonstration one)
  --database-url URL  replay on PostgreSQL, in a new schema field_service_replay_<UTC time>
                      (printed, to drop afterwards); default: in memory
  --json              print the report as JSON
Exit codes: 0 nothing differs, 1 a decision differs or a runtime failure (an unreadable or
malformed line, named by its number), 2 a usage error.`;

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = "127.0.0.1";
/** Longest `--database-timeout`: an hour. */
const MAX_DATABASE_TIMEOUT_S = 3600;

/**
 * Reads `--database-timeout` (or `DATABASE_TIMEOUT`) in seconds.
 * @param text - the value given
 * @param source - the setting it came from, for the message
 * @returns milliseconds, or the usage error's message
 * @internal
 */
export function parseTimeout(text: string, source: string): number | string {
  if (!/^\d{1,4}(?:\.\d{1,3})?$/.test(text) || Number(text) <= 0 || Number(text) > MAX_DATABASE_TIMEOUT_S) {
    return `${source} must be a number of seconds above 0 and at most ${MAX_DATABASE_TIMEOUT_S}, got ${JSON.stringify(text)}`;
  }
  return Math.round(Number(text) * 1000);
}

/**
 * Checks a database URL without echoing it (it may hold a password): a `postgres://` or
 * `postgresql://` URL, as the pg driver reads it.
 * @param text - the value given
 * @param source - the setting it came from, for the message
 * @returns the usage error's message, or `undefined` when it is one
 * @internal
 */
export function checkDatabaseUrl(text: string, source: string): string | undefined {
  const example = "such as postgres://user:password@localhost:5432/database";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${source} must be a PostgreSQL URL ${example}; the value given is not a URL`;
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") return `${source} must be a PostgreSQL URL ${example}; the value given is a ${url.protocol} URL`;
  return undefined;
}

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

function parsePort(text: string, source: string): number | string {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) return `${source} must be a whole number from 0 to 65535, got ${JSON.stringify(text)}`;
  return Number(text);
}

/**
 * Reads the command line and the environment: flags first, then `PORT` / `HOST`, then the
 * defaults (docs/service.md "The command"). Pure: it reads nothing else.
 * @param argv - the arguments after the script name
 * @param env - the environment
 * @returns what to do, or a usage error naming the setting
 * @example
 * parseCliArgs(["--port", "9000"], {}) //=> { kind: "serve", port: 9000, host: "127.0.0.1", fixturePath: undefined, databaseUrl: undefined, databaseTimeoutMs: 10000, cors: "*" }
 * parseCliArgs(["--database-url", "postgres://localhost/fsr"], {}).cors //=> []
 * parseCliArgs(["--cors", "http://localhost:5173"], { DATABASE_URL: "postgres://localhost/fsr" }).cors //=> ["http://localhost:5173"]
 * parseCliArgs(["--port", "abc"], {}).kind //=> "usage"
 * parseCliArgs(["--database-url", "localhost"], {}).kind //=> "usage"
 */
export function parseCliArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  let port: string | undefined;
  let host: string | undefined;
  let fixturePath: string | undefined;
  let databaseUrl: string | undefined;
  let databaseTimeout: string | undefined;
  let cors: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : undefined;
    if (name === "--help" || name === "-h") return { kind: "help" };
    if (name === "--version" || name === "-v") return { kind: "version" };
    if (name === "--port" || name === "--host" || name === "--fixture" || name === "--database-url" || name === "--database-timeout" || name === "--cors") {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") return { kind: "usage", message: `${name} needs a value; see --help` };
      if (name === "--port") port = value;
      else if (name === "--host") host = value;
      else if (name === "--database-url") databaseUrl = value;
      else if (name === "--database-timeout") databaseTimeout = value;
      else if (name === "--cors") cors = value;
      else fixturePath = value;
      continue;
    }
    return { kind: "usage", message: `unknown argument ${JSON.stringify(arg)}; see --help` };
  }
  const portText = port ?? env["PORT"];
  const portSource = port !== undefined ? "--port" : "PORT";
  let portNumber = DEFAULT_PORT;
  if (portText !== undefined && portText !== "") {
    const parsed = parsePort(portText, portSource);
    if (typeof parsed === "string") return { kind: "usage", message: parsed };
    portNumber = parsed;
  }
  const hostText = host ?? env["HOST"];
  const urlText = databaseUrl ?? env["DATABASE_URL"];
  const url = urlText === undefined || urlText === "" ? undefined : urlText;
  if (url !== undefined) {
    const bad = checkDatabaseUrl(url, databaseUrl !== undefined ? "--database-url" : "DATABASE_URL");
    if (bad !== undefined) return { kind: "usage", message: bad };
  }
  const timeoutText = databaseTimeout ?? env["DATABASE_TIMEOUT"];
  let databaseTimeoutMs = DEFAULT_DATABASE_TIMEOUT_MS;
  if (timeoutText !== undefined && timeoutText !== "") {
    const parsed = parseTimeout(timeoutText, databaseTimeout !== undefined ? "--database-timeout" : "DATABASE_TIMEOUT");
    if (typeof parsed === "string") return { kind: "usage", message: parsed };
    databaseTimeoutMs = parsed;
  }
  const corsText = cors ?? env["CORS_ORIGINS"];
  let corsOrigins: CorsOrigins = defaultCors(url);
  if (corsText !== undefined && corsText !== "") {
    const parsed = parseCorsOrigins(corsText, cors !== undefined ? "--cors" : "CORS_ORIGINS");
    if (typeof parsed === "object" && "usage" in parsed) return { kind: "usage", message: parsed.usage };
    corsOrigins = parsed;
  }
  return {
    kind: "serve", port: portNumber, host: hostText === undefined || hostText === "" ? DEFAULT_HOST : hostText, fixturePath,
    databaseUrl: url, databaseTimeoutMs, cors: corsOrigins,
  };
}

/** Bytes as people read them: `600 MiB`, `64 MiB`, `1.5 KiB`. */
function size(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

/** Why a file cannot be opened or read, from Node's error code. */
function readFailure(path: string, error: unknown): FixtureFileRefused {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "error";
  return { ok: false, lines: [`--fixture ${path}: cannot read it (${code}); give the path of a JSON file`] };
}

/**
 * The file's bytes, at most `maxBytes` of them: a regular file larger than that is refused from
 * its size before a byte is read, and anything without a size (a pipe, a device) is read up to
 * the limit and refused beyond it, so time and memory stay bounded.
 */
function readBounded(path: string, maxBytes: number): Buffer | FixtureFileRefused {
  const tooLarge = (bytes: number | undefined): FixtureFileRefused => ({
    ok: false,
    lines: [`--fixture ${path}: ${bytes === undefined ? "it holds" : `${size(bytes)} is`} more than a fixture may hold (${size(maxBytes)}); give a smaller fixture`],
  });
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return readFailure(path, error);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { ok: false, lines: [`--fixture ${path}: is a directory; give the path of a JSON file`] };
    if (stat.isFile() && stat.size > maxBytes) return tooLarge(stat.size);
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(65_536);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      // No size to check first (a pipe, a device): stop reading at the limit.
      if (total > maxBytes) return tooLarge(undefined);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    return readFailure(path, error);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads and validates a fixture file: every problem is returned as one line naming its JSON
 * path, so the command can refuse it before serving. The file must be UTF-8 JSON (a leading
 * byte order mark is skipped, as JSON tools commonly do) of at most `maxBytes`; a larger one is
 * refused from its size, before it is read; a directory, a file that is not UTF-8 or not JSON
 * is refused in one line that says so.
 * @param path - the file to read
 * @param maxBytes - the largest file accepted; default {@link MAX_FIXTURE_BYTES} (64 MiB)
 * @returns the fixture, or the lines that say what is wrong
 * @example
 * loadFixtureFile("missing.json") //=> { ok: false, lines: ["--fixture missing.json: cannot read it (ENOENT); give the path of a JSON file"] }
 * loadFixtureFile(".") //=> { ok: false, lines: ["--fixture .: is a directory; give the path of a JSON file"] }
 */
export function loadFixtureFile(path: string, maxBytes: number = MAX_FIXTURE_BYTES): FixtureFileResult {
  const bytes = readBounded(path, maxBytes);
  if (!Buffer.isBuffer(bytes)) return bytes;
  let text: string;
  try {
    // TextDecoder skips a leading UTF-8 byte order mark (ignoreBOM is false), and `fatal`
    // refuses bytes that are not UTF-8 instead of turning them into U+FFFD.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const utf16 = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
    return { ok: false, lines: [`--fixture ${path}: not UTF-8 text${utf16 ? " (it looks like UTF-16)" : ""}; save it as UTF-8`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // V8 quotes a piece of the text, which may span lines: one line it stays.
    const why = (error instanceof Error ? error.message : "parse error").replace(/[\r\n\t]+/g, " ");
    return { ok: false, lines: [`--fixture ${path}: not valid JSON (${why})`] };
  }
  const issues = validateFixture(json);
  if (issues.length > 0) {
    const lines = [`--fixture ${path}: ${issues.length} problem${issues.length === 1 ? "" : "s"}; fix them and start again:`];
    for (const i of issues) lines.push(`  ${i.path === "" ? "(root)" : i.path}: ${i.code}: ${i.message}`);
    return { ok: false, lines };
  }
  return { ok: true, fixture: json as Fixture };
}

/**
 * The fixture a command runs with: `--fixture`'s file, or the demonstration fixture. A file
 * that cannot be used is reported on `io.err`, a line per problem.
 * @param path - `--fixture`, or `undefined`
 * @param io - where to report
 * @param options - the largest fixture file
 * @returns the fixture, or exit code 1 after the report
 * @internal
 */
export function commandFixture(path: string | undefined, io: CliIo, options: CliOptions): Fixture | number {
  if (path === undefined) return demoFixture;
  const loaded = loadFixtureFile(path, options.maxFixtureBytes);
  if (loaded.ok) return loaded.fixture;
  for (const line of loaded.lines) io.err(`field-service-rules: ${line}`);
  return 1;
}

/** Whether an error is Node failing to find the `pg` package (the optional peer dependency). */
function missingDriver(error: unknown): boolean {
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
  return (inner instanceof Error ? inner.message : String(inner)).split("\n")[0] ?? "";
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
  /** Told of the storage once it is made (the journal commands read it directly). */
  readonly onStorage?: (storage: FieldStorage) => void;
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
 * @returns the ready service, or the exit code after the line is printed
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
): Promise<FieldService | number> {
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
        ? `field-service-rules: ${setting}: the PostgreSQL driver is not installed; run npm install pg, or ${otherwise.replace(/^leave it out/, `leave ${setting} out`)}`
        : `field-service-rules: ${setting}: cannot open the database (${firstLine(error)}); check the URL`,
    );
    return 1;
  }
  open.onStorage?.(storage);
  const service = createFieldService({
    fixture,
    storage,
    ...(open.now === undefined ? {} : { now: open.now }),
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
  if (outcome === undefined) return service;
  // Release the pool, or its sockets keep the process alive; a connection stuck in a query the
  // server never answers is not waited for long (main.ts ends the process regardless).
  await Promise.race([service.close().catch(() => {}), after(1_000)]);
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

function listen(server: Server, port: number, host: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off("listening", onListening);
      const why =
        error.code === "EADDRINUSE" ? `port ${port} on ${host} is already in use; stop the other process or pick another with --port` :
        error.code === "EACCES" ? `port ${port} on ${host} needs privileges; pick a port above 1023 with --port` :
        error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND" ? `--host ${host} is not an address of this machine; use 127.0.0.1 or 0.0.0.0` :
        `cannot listen on ${host}:${port} (${error.code ?? error.message})`;
      resolve(why);
    };
    const onListening = (): void => {
      server.off("error", onError);
      resolve(undefined);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

/**
 * Starts the stand-in as the command does: reads the settings, loads the fixture, opens the
 * database if one is given (within `--database-timeout`, saying what it waits for after a
 * second), listens, and prints the base URL and the demo credentials. Never throws: a failure
 * is one line on `io.err` and an exit code, after the storage is closed.
 * @param argv - the arguments after the script name
 * @param env - the environment (`PORT`, `HOST`)
 * @param io - where to write
 * @param version - the package version, for `--version`
 * @param storageFor - opens the storage a database URL names (main.ts passes the PostgreSQL adapter)
 * @param options - when to say what the command waits for, the largest fixture file
 * @returns the running server, or the exit code to end with (0 after help or version)
 * @example
 * const lines = [];
 * const run = await startCli(["--port", "0"], {}, { out: (l) => lines.push(l), err: (l) => lines.push(l) }, "0.1.0");
 * lines[0].startsWith("field-service-rules 0.1.0: reference service listening on http://127.0.0.1:") //=> true
 * await run.stop();
 * await startCli(["--port", "abc"], {}, { out: () => {}, err: (l) => lines.push(l) }, "0.1.0") //=> 2
 */
export async function startCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
  version: string,
  storageFor?: StorageFactory,
  options: CliOptions = {},
): Promise<RunningCli | number> {
  const command = parseCliArgs(argv, env);
  if (command.kind === "version") {
    io.out(version);
    return 0;
  }
  if (command.kind === "help" || command.kind === "usage") return answerHelpOrUsage(command, io);
  const fixture = commandFixture(command.fixturePath, io, options);
  if (typeof fixture === "number") return fixture;
  let service: FieldService;
  // In memory too, secrets are kept as scrypt hashes (CRD-1); the PostgreSQL storage brings its own.
  if (command.databaseUrl === undefined) service = createFieldService({ fixture, secrets: scryptSecrets() });
  else {
    const opened = await openDatabase(command.databaseUrl, command.databaseTimeoutMs, fixture, argv, io, storageFor, options.noticeAfterMs ?? 1_000);
    if (typeof opened === "number") return opened;
    service = opened;
  }
  const cors = command.cors;
  const server = createHttpServer(service, { log: io.out, docs: { version }, ...(cors === "*" || cors.length > 0 ? { cors } : {}) });
  const failure = await listen(server, command.port, command.host);
  if (failure !== undefined) {
    await service.close().catch(() => {});
    io.err(`field-service-rules: ${failure}`);
    return 1;
  }
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : command.port;
  const shownHost = command.host.includes(":") ? `[${command.host}]` : command.host;
  const baseUrl = `http://${shownHost}:${port}`;
  const first = fixture.companies[0];
  const client = first?.clients[0];
  // CRD-4: a secret is printed only for the built-in demo fixture, whose secrets the README
  // publishes; an integrator's fixture's secrets stay out of the log.
  const shown = (secret: string | undefined): string => (command.fixturePath === undefined && secret !== undefined ? secret : "(the secret in your fixture)");
  io.out(
    [
      `field-service-rules ${version}: reference service listening on ${baseUrl} (${command.databaseUrl === undefined ? "in memory" : "PostgreSQL"})`,
      "",
      "Credentials (tenantCode / clientId / secret):",
      ...fixture.companies.map((c) => `  ${c.tenantCode} / ${c.clients[0]?.clientId ?? "(no client)"} / ${c.clients[0] === undefined ? "" : shown(c.clients[0].secret)}   (${c.name})`),
      "",
      ...(first !== undefined && client !== undefined
        ? [
            "Log in:",
            `  curl -s -X POST ${baseUrl}/auth/login -H 'content-type: application/json' -d '${JSON.stringify({ tenantCode: first.tenantCode, clientId: client.clientId, secret: shown(client.secret) })}'`,
            "",
          ]
        : []),
      `API reference (try it in the browser): ${baseUrl}/docs   OpenAPI 3.1: ${baseUrl}/openapi.json`,
      `Browser pages allowed to call it (CORS): ${cors === "*" ? "any origin" : cors.length === 0 ? "none (--cors ORIGINS allows some)" : cors.join(", ")}`,
      "",
      "Stop with Ctrl+C.",
    ].join("\n"),
  );
  const stop = (graceMs = 5_000): Promise<void> =>
    new Promise((resolve) => {
      // Stop accepting; idle keep-alive sockets go now, busy ones when their response is sent;
      // the storage (a database pool) is released once the last answer is out.
      server.close(() => {
        void service.close().catch(() => {}).then(() => resolve());
      });
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
    });
  return { server, baseUrl, stop };
}

/**
 * `field-service-rules fixture`: writes the demonstration fixture as JSON (two-space indent) on
 * `io.out`, to copy, edit and serve with `--fixture` (or replay a journal against a changed
 * setting). `--help` prints the usage; anything else is a usage error.
 * @param argv - the arguments after `fixture`
 * @param io - where to write
 * @returns the exit code: 0 written, 2 a usage error
 * @example
 * const out = [];
 * runFixtureCommand([], { out: (l) => out.push(l), err: () => {} }) //=> 0
 * JSON.parse(out.join("\n")).companies.map((c) => c.tenantCode) //=> ["demo", "teplo"]
 * runFixtureCommand(["--pretty"], { out: () => {}, err: () => {} }) //=> 2
 */
export function runFixtureCommand(argv: readonly string[], io: CliIo): number {
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) return answerHelpOrUsage({ kind: "help" }, io);
  if (argv.length > 0) return answerHelpOrUsage({ kind: "usage", message: `fixture takes no argument, got ${JSON.stringify(argv[0])}; see --help` }, io);
  io.out(JSON.stringify(demoFixture, null, 2));
  return 0;
}

/**
 * The command's whole run, as `npm start` and `npx field-service-rules` call it: starts the
 * stand-in and, on SIGINT or SIGTERM, stops accepting, finishes the requests in flight and
 * resolves with exit code 0. Failures resolve with 1 (runtime) or 2 (usage), after one line
 * on stderr and no stack trace. `journal export …` and `replay …` run those commands instead
 * and resolve with their exit codes (`CLI_USAGE` lists both).
 * @param argv - the arguments after the script name
 * @param env - the environment
 * @param io - where to write
 * @param version - the package version
 * @param storageFor - opens the storage a database URL names (main.ts passes the PostgreSQL adapter)
 * @param options - as for {@link startCli}
 * @returns the exit code
 * @example
 * ```ts not-run
 * // waits for SIGINT or SIGTERM: src/server/main.ts does exactly this
 * const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
 * process.exitCode = await runCli(process.argv.slice(2), process.env, io, "0.1.0");
 * ```
 */
export async function runCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
  version: string,
  storageFor?: StorageFactory,
  options: CliOptions = {},
): Promise<number> {
  if (argv[0] === "fixture") return runFixtureCommand(argv.slice(1), io);
  if (argv[0] === "journal" || argv[0] === "replay") {
    // Loaded only for these commands: serving never reads the replay machinery.
    const { runJournalCommand } = await import("./journal-command.js");
    return runJournalCommand(argv, env, io, storageFor, options);
  }
  const started = await startCli(argv, env, io, version, storageFor, options);
  if (typeof started === "number") return started;
  return new Promise((resolve) => {
    const onSignal = (signal: string): void => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      io.out(`${signal} received: finishing requests in flight, then stopping.`);
      void started.stop().then(() => resolve(0));
    };
    const onInt = (): void => onSignal("SIGINT");
    const onTerm = (): void => onSignal("SIGTERM");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
  });
}

// The vocabulary every form of the command shares (serve, fixture, journal export, replay):
// where it writes, how it opens a storage, the usage text and the settings read the same way
// by each. `cli.ts` (serving) and `journal-command.ts` both stand on it, and it on neither.
import type { FieldStorage } from "../service/storage.js";

/** `--help`: print the usage text. */
export interface CliHelp {
  /** Discriminant. */
  readonly kind: "help";
}

/** A usage error: the one line to print before exiting with code 2. */
export interface CliUsageError {
  /** Discriminant. */
  readonly kind: "usage";
  /** Names the setting and what to do. */
  readonly message: string;
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

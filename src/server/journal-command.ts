// `field-service-rules journal export` and `field-service-rules replay` (issue 24 items 3 and 5):
// the journal of decisions out of PostgreSQL as NDJSON, and that file re-decided with the rules of
// this version. `runCli` loads this module only for these two commands; this file reads their
// command lines and hands each to its module (journal-export.ts, replay-command.ts).
import { isGuid, toGuid } from "../shared/guid.js";
import {
  answerHelpOrUsage, checkDatabaseUrl, DEFAULT_DATABASE_TIMEOUT_MS, parseTimeout,
  type CliHelp, type CliIo, type CliOptions, type CliUsageError, type StorageFactory,
} from "./command.js";
import { commandFixture } from "./fixture-file.js";
import { exportJournal, type JournalExportCommand } from "./journal-export.js";
import { firstLine, type Invocation } from "./open-database.js";
import { replay, type ReplayCommand } from "./replay-command.js";

/** What `journal …` or `replay …` asks for, once flags and environment are read. */
export type JournalCommand = CliHelp | JournalExportCommand | ReplayCommand | CliUsageError;

const VALUE_FLAGS = {
  export: ["--database-url", "--database-timeout", "--fixture", "--output", "--company"],
  replay: ["--journal", "--fixture", "--database-url", "--database-timeout"],
} as const;

/**
 * Reads the command line of `journal export` and `replay`: flags (`--name value` or
 * `--name=value`), then `DATABASE_URL` / `DATABASE_TIMEOUT`, then the defaults. Pure: it reads
 * nothing else. `journal export` without a database is a usage error: the journal outlives the
 * process only in PostgreSQL (a running service's journal is read with `GET /journal`).
 * @param argv - the arguments after the script name, starting with `journal` or `replay`
 * @param env - the environment
 * @returns what to do, or a usage error naming the setting
 * @example
 * parseJournalArgs(["replay", "--journal", "j.ndjson", "--json"], {}) //=> { kind: "replay", journalPath: "j.ndjson", fixturePath: undefined, databaseUrl: undefined, databaseTimeoutMs: 10000, json: true }
 * parseJournalArgs(["replay"], {}) //=> { kind: "usage", message: "replay needs --journal FILE, a journal written by journal export; see --help" }
 * parseJournalArgs(["journal", "export"], {}).kind //=> "usage"
 * parseJournalArgs(["journal", "export"], { DATABASE_URL: "postgres://db/fsr" }) //=> { kind: "export", databaseUrl: "postgres://db/fsr", databaseTimeoutMs: 10000, fixturePath: undefined, outputPath: undefined, companyId: undefined }
 */
export function parseJournalArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): JournalCommand {
  const command = argv[0] === "replay" ? "replay" : "export";
  if (command === "export" && argv[1] !== "export") {
    if (argv.some((a) => a === "--help" || a === "-h")) return { kind: "help" };
    return { kind: "usage", message: `journal needs a subcommand: journal export${argv[1] === undefined ? "" : `, not ${JSON.stringify(argv[1])}`}; see --help` };
  }
  const allowed: readonly string[] = VALUE_FLAGS[command];
  const values = new Map<string, string>();
  let json = false;
  for (let i = command === "replay" ? 1 : 2; i < argv.length; i++) {
    // Stryker disable next-line StringLiteral: i < argv.length, so argv[i] is a string; the fallback only satisfies the index's type
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    // `eq` is never 0 or 1 for a flag: it starts with "--".
    const name = arg.startsWith("--") && eq !== -1 ? arg.slice(0, eq) : arg;
    const inline = name === arg ? undefined : arg.slice(eq + 1);
    if (name === "--help" || name === "-h") return { kind: "help" };
    if (command === "replay" && arg === "--json") {
      json = true;
      continue;
    }
    if (allowed.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") return { kind: "usage", message: `${name} needs a value; see --help` };
      values.set(name, value);
      continue;
    }
    return { kind: "usage", message: `${command === "replay" ? "replay" : "journal export"}: unknown argument ${JSON.stringify(arg)}; see --help` };
  }
  const flagUrl = values.get("--database-url");
  const urlText = flagUrl ?? env["DATABASE_URL"];
  const databaseUrl = urlText === "" ? undefined : urlText;
  if (databaseUrl !== undefined) {
    const bad = checkDatabaseUrl(databaseUrl, flagUrl !== undefined ? "--database-url" : "DATABASE_URL");
    if (bad !== undefined) return { kind: "usage", message: bad };
  }
  const flagTimeout = values.get("--database-timeout");
  const timeoutText = flagTimeout ?? env["DATABASE_TIMEOUT"];
  let databaseTimeoutMs = DEFAULT_DATABASE_TIMEOUT_MS;
  if (timeoutText !== undefined && timeoutText !== "") {
    const parsed = parseTimeout(timeoutText, flagTimeout !== undefined ? "--database-timeout" : "DATABASE_TIMEOUT");
    if (typeof parsed === "string") return { kind: "usage", message: parsed };
    databaseTimeoutMs = parsed;
  }
  const fixturePath = values.get("--fixture");
  if (command === "replay") {
    const journalPath = values.get("--journal");
    if (journalPath === undefined) return { kind: "usage", message: "replay needs --journal FILE, a journal written by journal export; see --help" };
    return { kind: "replay", journalPath, fixturePath, databaseUrl, databaseTimeoutMs, json };
  }
  if (databaseUrl === undefined) {
    return {
      kind: "usage",
      message: "journal export reads the journal from PostgreSQL: give --database-url URL or set DATABASE_URL (a service in memory keeps its journal only while it runs; read it with GET /journal)",
    };
  }
  const companyText = values.get("--company");
  const companyId = toGuid(companyText);
  if (companyText !== undefined && companyId === undefined) return { kind: "usage", message: `--company must be a company's GUID, got ${JSON.stringify(companyText.slice(0, 60))}` };
  return { kind: "export", databaseUrl, databaseTimeoutMs, fixturePath, outputPath: values.get("--output"), companyId };
}

/**
 * Runs `journal export` or `replay` (`runCli` hands them over when `argv[0]` is `journal` or
 * `replay`). `journal export` writes the journal of the PostgreSQL database as NDJSON, one
 * entry a line (JRN-2), each company's entries by ascending `seq`, the companies in the
 * storage's order, reading 500 entries at a time and writing each page before reading the
 * next. `replay` reads such a file a line at a time and re-decides it with the rules of this
 * version from the fixture (RPL-1), in memory or in a new PostgreSQL schema
 * `field_service_replay_<UTC time>`, and prints the decisions that differ, by rule. Never
 * throws: a failure is one line on `io.err`.
 * @param argv - the arguments after the script name, starting with `journal` or `replay`
 * @param env - the environment (`DATABASE_URL`, `DATABASE_TIMEOUT`)
 * @param io - where to write (`journal export` without `--output` writes the entries to `io.out`)
 * @param storageFor - opens the storage a database URL names (main.ts passes the PostgreSQL adapter)
 * @param options - when to say what the command waits for, the largest fixture file
 * @returns the exit code: 0 done (for `replay`: no decision differs), 1 a runtime failure or (for `replay`) a decision that differs, 2 a usage error
 * @example
 * ```ts not-run
 * // CI: fail when a recorded decision comes out differently with this version's rules
 * const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
 * process.exitCode = await runJournalCommand(["replay", "--journal", "journal.ndjson"], process.env, io);
 * ```
 */
export async function runJournalCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
  storageFor?: StorageFactory,
  options: CliOptions = {},
): Promise<number> {
  const command = parseJournalArgs(argv, env);
  if (command.kind === "help" || command.kind === "usage") return answerHelpOrUsage(command, io);
  const fixture = commandFixture(command.fixturePath, io, options);
  if (typeof fixture === "number") return fixture;
  try {
    const invocation: Invocation = { argv, io, storageFor, options };
    return command.kind === "export" ? await exportJournal(command, fixture, invocation) : await replay(command, fixture, invocation);
  } catch (error) {
    // A bug, not a setting: still one line and no stack trace.
    io.err(`field-service-rules: ${command.kind === "export" ? "journal export" : "replay"} failed (${firstLine(error)})`);
    return 1;
  }
}

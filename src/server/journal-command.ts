// `field-service-rules journal export` and `field-service-rules replay` (issue 24 items 3 and 5):
// the journal of decisions out of PostgreSQL as NDJSON, and that file re-decided with the rules of
// this version. `runCli` loads this module only for these two commands.
import { closeSync, createReadStream, fstatSync, openSync, renameSync, rmSync, writeFileSync, type ReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { JournalEntryShape } from "../journal/entry.js";
import { MAX_JOURNAL_PAGE, type JournalQuery } from "../journal/query.js";
import { describeStateDifference, type ReplayDifference, type ReplayReport } from "../journal/replay.js";
import type { FieldService } from "../service/create.js";
import type { Fixture } from "../service/fixture.js";
import type { FieldStorage } from "../service/storage.js";
import { guid, isGuid, toGuid, type Guid } from "../shared/guid.js";
import { replayJournal, type ReplayControls } from "../testing/replay.js";
import {
  answerHelpOrUsage, checkDatabaseUrl, DEFAULT_DATABASE_TIMEOUT_MS, parseTimeout,
  type CliHelp, type CliIo, type CliOptions, type CliUsageError, type StorageFactory,
} from "./command.js";
import { commandFixture } from "./fixture-file.js";
import { databaseAddress, firstLine, openDatabase } from "./open-database.js";

/** `journal export`: the journal of a PostgreSQL database, written as NDJSON (JRN-2). */
export interface JournalExportCommand {
  /** Discriminant. */
  readonly kind: "export";
  /** The PostgreSQL connection string (`--database-url`, then `DATABASE_URL`); required. */
  readonly databaseUrl: string;
  /** How long to wait for PostgreSQL, in milliseconds (`--database-timeout`, then `DATABASE_TIMEOUT`). */
  readonly databaseTimeoutMs: number;
  /** The fixture that seeds an empty database, as when serving; `undefined` for the demonstration fixture. */
  readonly fixturePath: string | undefined;
  /** The file to write, or `undefined` for standard output. */
  readonly outputPath: string | undefined;
  /** The one company to export (lowercase), or `undefined` for every company. */
  readonly companyId: Guid | undefined;
}

/** `replay`: an exported journal re-decided with the rules of this version (RPL-1). */
export interface ReplayCommand {
  /** Discriminant. */
  readonly kind: "replay";
  /** The NDJSON file `journal export` wrote. */
  readonly journalPath: string;
  /** The fixture the journal's service started from; `undefined` for the demonstration fixture. */
  readonly fixturePath: string | undefined;
  /** Replay on PostgreSQL, in a fresh schema; `undefined` to replay in memory. */
  readonly databaseUrl: string | undefined;
  /** How long to wait for PostgreSQL, in milliseconds. */
  readonly databaseTimeoutMs: number;
  /** Print the report as JSON instead of text. */
  readonly json: boolean;
}

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
    if (argv.slice(1).some((a) => a === "--help" || a === "-h")) return { kind: "help" };
    return { kind: "usage", message: `journal needs a subcommand: journal export${argv[1] === undefined ? "" : `, not ${JSON.stringify(argv[1])}`}; see --help` };
  }
  const allowed: readonly string[] = VALUE_FLAGS[command];
  const values = new Map<string, string>();
  let json = false;
  for (let i = command === "replay" ? 1 : 2; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : undefined;
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
  const databaseUrl = urlText === undefined || urlText === "" ? undefined : urlText;
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
  const companyId = companyText === undefined ? undefined : toGuid(companyText);
  if (companyText !== undefined && companyId === undefined) return { kind: "usage", message: `--company must be a company's GUID, got ${JSON.stringify(companyText.slice(0, 60))}` };
  return { kind: "export", databaseUrl, databaseTimeoutMs, fixturePath, outputPath: values.get("--output"), companyId };
}

/**
 * The schema a `replay --database-url` writes into: `field_service_replay_` and the UTC time
 * to the second, so it is new, sorts by time and says when it was made.
 * @param at - when the replay starts
 * @returns the schema name
 * @example
 * replaySchemaName(new Date("2026-11-27T08:05:09.123Z")) //=> "field_service_replay_20261127080509"
 */
export function replaySchemaName(at: Date): string {
  return `field_service_replay_${at.toISOString().slice(0, 19).replace(/\D/g, "")}`;
}

/** The replayed request of a difference, how its answer and its records changed, and what it follows from, on one line. */
function differenceLine(d: ReplayDifference, company: boolean): string {
  const sameAnswer = d.recorded.status === d.replayed.status && JSON.stringify(d.recorded.body) === JSON.stringify(d.replayed.body) && JSON.stringify(d.recorded.effects) === JSON.stringify(d.replayed.effects);
  const answers =
    d.recorded.status !== d.replayed.status
      ? `recorded ${d.recorded.status}, replayed ${d.replayed.status}`
      : sameAnswer && d.state.length > 0
        ? `answered ${d.recorded.status} alike`
        : `recorded ${d.recorded.status}, replayed ${d.replayed.status} with another body or effects`;
  const shown = d.state.slice(0, 3).map(describeStateDifference);
  if (d.state.length > 3) shown.push(`and ${d.state.length - 3} more records`);
  const state = shown.length === 0 ? "" : `; ${shown.join("; ")}`;
  const follows = d.follows.length === 0 ? "" : ` (follows from seq ${d.follows.join(", ")})`;
  return `${company ? `company ${d.companyId} ` : ""}seq ${d.seq} ${d.request.method} ${d.request.path}: ${answers}${state}${follows}`;
}

/**
 * The report of `replay` as text (RPL-1, RPL-2): the counts (with how many differences are
 * causes, RPL-2), then each rule whose decisions changed, the rules with causes first, with how
 * many and its examples, one line each: the request, the answers, the records written otherwise
 * (`stock auto-2 / MAT-012: recorded 10, replayed 4`, at most three) and, for a difference that
 * follows from earlier ones, their `seq`s. The company is named when the examples span several.
 * @param report - what `replayJournal` found
 * @returns the lines to print
 * @example
 * formatReplayReport({ replayed: 5, differing: 0, causes: 0, groups: [] }) //=> ["Replayed 5 decisions: 0 differ."]
 * const example = { seq: 4, companyId: "c", operation: "planIntervention", request: { method: "POST", path: "/order/o/PlanIntervention" }, recorded: { status: 400, effects: [] }, replayed: { status: 200, effects: [] }, rules: ["ASN-5"], state: [], follows: [] };
 * formatReplayReport({ replayed: 9, differing: 1, causes: 1, groups: [{ rule: "ASN-5", count: 1, causes: 1, examples: [example] }] }) //=> ["Replayed 9 decisions: 1 differs (1 cause).", "ASN-5: 1 decision (1 cause)", "  seq 4 POST /order/o/PlanIntervention: recorded 400, replayed 200"]
 */
export function formatReplayReport(report: ReplayReport): string[] {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;
  const causes = (n: number, of: number): string => (n === of ? ` (${plural(n, "cause")})` : ` (${plural(n, "cause")}, ${of - n} following)`);
  const lines = [`Replayed ${plural(report.replayed, "decision")}: ${report.differing} ${report.differing === 1 ? "differs" : "differ"}${report.differing === 0 ? "" : causes(report.causes, report.differing)}.`];
  const companies = new Set(report.groups.flatMap((g) => g.examples.map((e) => e.companyId)));
  for (const group of report.groups) {
    lines.push(`${group.rule ?? "No rule (the operation declares none)"}: ${plural(group.count, "decision")}${causes(group.causes, group.count)}`);
    for (const example of group.examples) lines.push(`  ${differenceLine(example, companies.size > 1)}`);
    if (group.count > group.examples.length) lines.push(`  … and ${group.count - group.examples.length} more`);
  }
  return lines;
}

/** Every entry after `after`, a page at a time. */
function pageQuery(after: number): JournalQuery {
  return { after, limit: MAX_JOURNAL_PAGE, record: null, operation: null, rule: null, outcome: null, from: null, to: null };
}

/** Node's error code, or the message's first line. */
function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : firstLine(error);
}

/** The output file could not be written: the message says which and why. */
class OutputError extends Error {}

/** Where `journal export` writes: standard output a line at a time, or a file that appears whole. */
interface Sink {
  readonly write: (entries: readonly JournalEntryShape[]) => void;
  readonly finish: () => void;
  readonly abandon: () => void;
}

/**
 * A file written next to its place and renamed onto it once complete: a failed export leaves
 * the file that was there (or none), never half a journal.
 */
function fileSink(path: string): Sink | string {
  const partial = `${path}.${process.pid}.partial`;
  let fd: number;
  try {
    fd = openSync(partial, "w");
  } catch (error) {
    return `--output ${path}: cannot write it (${codeOf(error)}); give a path in a directory that exists and can be written`;
  }
  let open = true;
  const close = (): void => {
    if (open) closeSync(fd);
    open = false;
  };
  const writing = (action: () => void): void => {
    try {
      action();
    } catch (error) {
      throw new OutputError(`cannot write --output ${path} (${codeOf(error)})`);
    }
  };
  return {
    write: (entries) => {
      let text = "";
      for (const entry of entries) text += `${JSON.stringify(entry)}\n`;
      writing(() => writeFileSync(fd, text));
    },
    finish: () =>
      writing(() => {
        close();
        renameSync(partial, path);
      }),
    abandon: () => {
      try {
        close();
      } finally {
        rmSync(partial, { force: true });
      }
    },
  };
}

/** Writes the journal of each company a page at a time: a page is written before the next is read. */
async function writeJournal(storage: FieldStorage, companyIds: readonly Guid[], sink: Sink): Promise<number> {
  let count = 0;
  for (const companyId of companyIds) {
    for (let after = 0; ; ) {
      const page = await storage.readJournal(companyId, pageQuery(after));
      sink.write(page.items);
      count += page.items.length;
      if (page.next === null) break;
      after = page.next;
    }
  }
  return count;
}

/** Closes the service, waiting at most a second (a connection stuck in a query is not waited for). */
async function release(service: FieldService): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([service.close().catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, 1_000)))]);
  clearTimeout(timer);
}

/** How the command was called: what the database opening and the messages read. */
interface Invocation {
  readonly argv: readonly string[];
  readonly io: CliIo;
  readonly storageFor: StorageFactory | undefined;
  readonly options: CliOptions;
}

async function exportJournal(
  command: JournalExportCommand,
  fixture: Fixture,
  { argv, io, storageFor, options }: Invocation,
): Promise<number> {
  const at = databaseAddress(command.databaseUrl);
  // The output is opened first: an unwritable path is refused before the database is opened.
  const sink = command.outputPath === undefined ? { write: (entries: readonly JournalEntryShape[]) => entries.forEach((e) => io.out(JSON.stringify(e))), finish: () => {}, abandon: () => {} } : fileSink(command.outputPath);
  if (typeof sink === "string") {
    io.err(`field-service-rules: ${sink}`);
    return 1;
  }
  let storage: FieldStorage | undefined;
  const opened = await openDatabase(command.databaseUrl, command.databaseTimeoutMs, fixture, argv, io, storageFor, options.noticeAfterMs ?? 1_000, {
    otherwise: "read a running service's journal with GET /journal",
    onStorage: (s) => (storage = s),
  });
  if (typeof opened === "number" || storage === undefined) {
    sink.abandon();
    return typeof opened === "number" ? opened : 1;
  }
  const from: FieldStorage = storage;
  try {
    const companies = (await from.companies()).map((c) => c.id);
    if (command.companyId !== undefined && !companies.includes(command.companyId)) {
      sink.abandon();
      io.err(`field-service-rules: --company ${command.companyId}: no such company in the database at ${at}; it holds ${companies.join(", ")}`);
      return 1;
    }
    const chosen = command.companyId === undefined ? companies : [command.companyId];
    const count = await writeJournal(from, chosen, sink);
    sink.finish();
    io.err(`field-service-rules: exported ${count} journal entr${count === 1 ? "y" : "ies"} of ${chosen.length} compan${chosen.length === 1 ? "y" : "ies"}${command.outputPath === undefined ? "" : ` to ${command.outputPath}`}`);
    return 0;
  } catch (error) {
    sink.abandon();
    io.err(`field-service-rules: journal export: ${error instanceof OutputError ? error.message : `cannot read the journal from PostgreSQL at ${at} (${firstLine(error)})`}`);
    return 1;
  } finally {
    await release(opened);
  }
}

/** A line of the journal file that cannot be replayed: the message names the file and the line. */
class JournalLineError extends Error {}

/** Why a parsed line is not an entry replay can re-decide, or `undefined` when it is one. */
function entryProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "a JSON object (one journal entry) expected";
  const v = value as Record<string, unknown>;
  const isText = (k: string): boolean => typeof v[k] === "string";
  if (!Number.isSafeInteger(v["seq"]) || (v["seq"] as number) < 1) return '"seq" must be a whole number above 0';
  if (!isGuid(v["companyId"])) return '"companyId" must be a GUID';
  if (!isText("at") || !Number.isFinite(Date.parse(v["at"] as string))) return '"at" must be an ISO 8601 date-time';
  for (const k of ["operation", "method", "path"]) if (!isText(k)) return `"${k}" must be a string`;
  if (typeof v["dryRun"] !== "boolean") return '"dryRun" must be true or false';
  if (v["clientId"] !== null && !isText("clientId")) return '"clientId" must be a string or null';
  if (!Array.isArray(v["ids"]) || !(v["ids"] as unknown[]).every((id) => typeof id === "string")) return '"ids" must be an array of strings (the GUIDs the decision drew)';
  if (!Number.isInteger(v["status"]) || (v["status"] as number) < 100 || (v["status"] as number) > 599) return '"status" must be an HTTP status';
  if (!Array.isArray(v["effects"])) return '"effects" must be an array';
  return undefined;
}

/**
 * The entries of a journal file, read a line at a time (`node:readline`): blank lines are
 * skipped; a line that is not an entry, or an entry out of its company's `seq` order, ends the
 * reading with a {@link JournalLineError} naming its line; so does an entry of a company the
 * fixture lacks (issue 32).
 */
async function* journalLines(path: string, input: ReadStream, fixture: Fixture): AsyncGenerator<JournalEntryShape> {
  const companies = new Set(fixture.companies.map((c) => c.id.toLowerCase()));
  const lines = createInterface({ input, crlfDelay: Infinity });
  const lastSeq = new Map<string, number>();
  let n = 0;
  try {
    for await (const raw of lines) {
      n++;
      const line = n === 1 ? raw.replace(/^\uFEFF/, "") : raw;
      if (line.trim() === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new JournalLineError(`--journal ${path} line ${n}: not JSON (${(error instanceof Error ? error.message : "parse error").replace(/[\r\n\t]+/g, " ")})`);
      }
      const problem = entryProblem(value);
      if (problem !== undefined) throw new JournalLineError(`--journal ${path} line ${n}: not a journal entry: ${problem}`);
      const entry = value as JournalEntryShape;
      if (!companies.has(entry.companyId.toLowerCase())) {
        throw new JournalLineError(`--journal ${path} line ${n}: the journal's company ${entry.companyId} is not in the fixture; give the fixture the journal's service started from with --fixture`);
      }
      const last = lastSeq.get(entry.companyId);
      if (last !== undefined && entry.seq <= last) {
        throw new JournalLineError(`--journal ${path} line ${n}: seq ${entry.seq} of company ${entry.companyId} comes after seq ${last}; a journal lists each company's entries by ascending seq`);
      }
      lastSeq.set(entry.companyId, entry.seq);
      yield entry;
    }
  } catch (error) {
    if (error instanceof JournalLineError) throw error;
    throw new JournalLineError(`--journal ${path}: cannot read it (${codeOf(error)})`);
  } finally {
    lines.close();
  }
}

/** Opens the journal file, or says in one line why it cannot be read. */
function openJournal(path: string): number | string {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return `--journal ${path}: cannot read it (${codeOf(error)}); give the file journal export wrote`;
  }
  if (fstatSync(fd).isDirectory()) {
    closeSync(fd);
    return `--journal ${path}: is a directory; give the file journal export wrote`;
  }
  return fd;
}

async function replay(
  command: ReplayCommand,
  fixture: Fixture,
  { argv, io, storageFor, options }: Invocation,
): Promise<number> {
  const fd = openJournal(command.journalPath);
  if (typeof fd === "string") {
    io.err(`field-service-rules: ${fd}`);
    return 1;
  }
  let target: ((controls: ReplayControls) => FieldService) | undefined;
  if (command.databaseUrl !== undefined) {
    const schema = replaySchemaName(new Date());
    // The service is opened (within --database-timeout, as when serving) before the replay
    // hands it the recorded clock and GUIDs.
    let controls: ReplayControls | undefined;
    let storage: FieldStorage | undefined;
    const opened = await openDatabase(command.databaseUrl, command.databaseTimeoutMs, fixture, argv, io, storageFor, options.noticeAfterMs ?? 1_000, {
      schema,
      now: () => controls?.now() ?? new Date(),
      newId: () => controls?.newId() ?? globalThis.crypto.randomUUID(),
      otherwise: "leave it out to replay in memory",
      onStorage: (s) => (storage = s),
    });
    if (typeof opened === "number" || storage === undefined) {
      closeSync(fd);
      return typeof opened === "number" ? opened : 1;
    }
    const at = databaseAddress(command.databaseUrl);
    io.err(`field-service-rules: replaying into PostgreSQL schema ${schema} at ${at}; drop it afterwards with DROP SCHEMA ${schema} CASCADE`);
    // A schema of the same second already replayed into would decide against its records.
    for (const company of fixture.companies) {
      const used = await storage.readJournal(guid(company.id), { ...pageQuery(0), limit: 1 }).then((p) => p.items.length > 0, () => false);
      if (used) {
        closeSync(fd);
        await release(opened);
        io.err(`field-service-rules: replay: schema ${schema} at ${at} already holds a journal (another replay started in the same second); run the command again`);
        return 1;
      }
    }
    target = (c) => {
      controls = c;
      return opened;
    };
  }
  let report: ReplayReport;
  const input = createReadStream(command.journalPath, { fd, encoding: "utf8" });
  try {
    report = await replayJournal(journalLines(command.journalPath, input, fixture), target === undefined ? { fixture } : { fixture, service: target });
  } catch (error) {
    const message = error instanceof JournalLineError ? error.message : `replay: ${firstLine(error).replace(/^replayJournal: /, "")}${/not in the fixture/.test(firstLine(error)) ? "; give the fixture the journal's service started from with --fixture" : ""}`;
    io.err(`field-service-rules: ${message}`);
    return 1;
  } finally {
    // Closes the file also when the replay ended before reading it.
    input.destroy();
  }
  if (command.json) io.out(JSON.stringify(report));
  else for (const line of formatReplayReport(report)) io.out(line);
  return report.differing === 0 ? 0 : 1;
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

// `field-service-rules replay` (issue 24 item 5): an exported journal re-decided with the rules of
// this version, in memory or in a new PostgreSQL schema, and the decisions that differ reported.
import { closeSync, createReadStream, fstatSync, openSync, type ReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { JournalEntryShape } from "../journal/entry.js";
import { describeStateDifference, type ReplayDifference, type ReplayReport } from "../journal/replay.js";
import type { FieldService } from "../service/entry-point.js";
import type { Fixture } from "../service/fixture.js";
import { guid, isGuid, toGuid } from "../shared/guid.js";
import { replayJournal, type ReplayControls } from "../service/replay.js";
import { pageQuery } from "./journal-export.js";
import { codeOf, databaseAddress, firstLine, openDatabase, release, type Invocation } from "./open-database.js";

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
  // Read only when the statuses are the same.
  const sameAnswer = JSON.stringify(d.recorded.body) === JSON.stringify(d.replayed.body) && JSON.stringify(d.recorded.effects) === JSON.stringify(d.replayed.effects);
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
        throw new JournalLineError(`--journal ${path} line ${n}: not JSON (${(error as SyntaxError).message.replace(/[\r\n\t]+/g, " ")})`);
      }
      const problem = entryProblem(value);
      if (problem !== undefined) throw new JournalLineError(`--journal ${path} line ${n}: not a journal entry: ${problem}`);
      const entry = value as JournalEntryShape;
      if (!companies.has(entry.companyId.toLowerCase())) {
        throw new JournalLineError(`--journal ${path} line ${n}: the journal's company ${entry.companyId} is not in the fixture; give the fixture the journal's service started from with --fixture`);
      }
      // A seq is above 0 (entryProblem), so 0 stands for "none yet".
      const last = lastSeq.get(entry.companyId) ?? 0;
      if (entry.seq <= last) {
        throw new JournalLineError(`--journal ${path} line ${n}: seq ${entry.seq} of company ${entry.companyId} comes after seq ${last}; a journal lists each company's entries by ascending seq`);
      }
      lastSeq.set(entry.companyId, entry.seq);
      yield entry;
    }
  } catch (error) {
    if (error instanceof JournalLineError) throw error;
    throw new JournalLineError(`--journal ${path}: cannot read it (${codeOf(error)})`);
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

/**
 * Runs `replay` (RPL-1, RPL-2): reads the journal file a line at a time, re-decides it from the
 * fixture in memory or in a new schema, and prints the report; exit 1 when a decision differs.
 * @param command - the settings read
 * @param fixture - the fixture the journal's service started from
 * @param invocation - the arguments, where to write, the storage factory and the options
 * @returns the exit code
 * @internal
 */
export async function replay(
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
    const opened = await openDatabase(command.databaseUrl, command.databaseTimeoutMs, fixture, argv, io, storageFor, options.noticeAfterMs ?? 1_000, {
      schema,
      // Stryker disable next-line OptionalChaining: the service reads its clock only to decide, and replayJournal sets the controls (target, below) before the first decision
      now: () => controls?.now() ?? new Date(),
      // Stryker disable next-line OptionalChaining: as for the clock: GUIDs are drawn only by decisions, after the controls are set
      newId: () => controls?.newId() ?? globalThis.crypto.randomUUID(),
      otherwise: "leave it out to replay in memory",
    });
    if (typeof opened === "number") {
      closeSync(fd);
      return opened;
    }
    const { service, storage } = opened;
    const at = databaseAddress(command.databaseUrl);
    io.err(`field-service-rules: replaying into PostgreSQL schema ${schema} at ${at}; drop it afterwards with DROP SCHEMA ${schema} CASCADE`);
    // A schema of the same second already replayed into would decide against its records.
    for (const company of fixture.companies) {
      // Stryker disable next-line ArrowFunction: undefined is as false as false to the `if` below
      const used = await storage.readJournal(guid(company.id), { ...pageQuery(0), limit: 1 }).then((p) => p.items.length > 0, () => false);
      if (used) {
        closeSync(fd);
        await release(service);
        io.err(`field-service-rules: replay: schema ${schema} at ${at} already holds a journal (another replay started in the same second); run the command again`);
        return 1;
      }
    }
    target = (c) => {
      controls = c;
      return service;
    };
  }
  let report: ReplayReport;
  // Bytes: readline decodes them as UTF-8.
  const input = createReadStream(command.journalPath, { fd });
  try {
    // Stryker disable next-line ConditionalExpression: replayJournal reads an undefined service as none (in memory)
    report = await replayJournal(journalLines(command.journalPath, input, fixture), target === undefined ? { fixture } : { fixture, service: target });
  } catch (error) {
    // A company the fixture lacks is named by journalLines, with its line, before replayJournal sees it.
    const message = error instanceof JournalLineError ? error.message : `replay: ${firstLine(error).replace("replayJournal: ", "")}`;
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

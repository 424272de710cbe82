// `field-service-rules replay` in process (RPL-1, RPL-2 through the command): what a journal line
// must hold, the replay into a fresh schema of a database (the in-memory storage behind the storage
// port, memory-database.ts; on PostgreSQL in journal-command.test.ts), and the text report.
import { existsSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JournalEntryShape } from "../../src/journal/entry.js";
import type { ReplayDifference } from "../../src/journal/replay.js";
import type { StorageFactory } from "../../src/server/command.js";
import { runJournalCommand } from "../../src/server/journal-command.js";
import { formatReplayReport } from "../../src/server/replay-command.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import type { Fixture } from "../../src/service/fixture.js";
import { memoryDatabase } from "./memory-database.js";

const dir = mkdtempSync(join(tmpdir(), "fsr-replay-"));
const URL_ = "postgres://user:hunter2@db.example:6543/fsr";
const TEPLO = demoFixture.companies[1]!.id;

afterEach(() => {
  vi.useRealTimers();
});

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

/** Two customers of the demo company and one of teplo, recorded in memory: the journal, demo's first. */
function recorded(): JournalEntryShape[] {
  let t = Date.parse("2026-11-30T08:00:00Z");
  const service = createFieldService({ fixture: demoFixture, now: () => new Date((t += 60_000)) });
  const entries: JournalEntryShape[] = [];
  for (const [tenantCode, count] of [["demo", 2], ["teplo", 1]] as const) {
    const login = service.handle({ method: "POST", path: "/auth/login", body: { tenantCode, clientId: `${tenantCode}-client`, secret: `${tenantCode}-secret` } });
    const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
    for (let i = 0; i < count; i++) {
      const answer = service.handle({ method: "POST", path: "/customer", headers, body: { name: `Zákazník ${i}`, identificationNumber: "27074358", addresses: [{ street: "Hlavní 1" }], contactPeople: [{ lastName: "Nová" }] } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    entries.push(...(service.handle({ method: "GET", path: "/journal", headers }).body as { items: JournalEntryShape[] }).items);
  }
  return entries;
}

let files = 0;
function file(text: string): string {
  const path = join(dir, `j${files++}.ndjson`);
  writeFileSync(path, text);
  return path;
}
const lines = (entries: readonly unknown[]): string => entries.map((e) => `${JSON.stringify(e)}\n`).join("");

async function replay(text: string, extra: string[] = [], storageFor?: StorageFactory, fixture?: string): Promise<{ code: number; out: string[]; err: string[]; path: string }> {
  const path = file(text);
  const { io, out, err } = captured();
  const code = await runJournalCommand(["replay", "--journal", path, ...extra, ...(fixture === undefined ? [] : ["--fixture", fixture])], {}, io, storageFor);
  return { code, out, err, path };
}

describe("RPL-1: what a line of the journal file must be", () => {
  it("each field of an entry is checked, and the first that is wrong is named with the line: exit 1, nothing reported", async () => {
    const [entry] = recorded();
    const cases: [unknown, string][] = [
      [null, "a JSON object (one journal entry) expected"],
      ["text", "a JSON object (one journal entry) expected"],
      [[entry], "a JSON object (one journal entry) expected"],
      [{ ...entry, seq: 0 }, '"seq" must be a whole number above 0'],
      [{ ...entry, seq: 1.5 }, '"seq" must be a whole number above 0'],
      [{ ...entry, seq: "1" }, '"seq" must be a whole number above 0'],
      [{ ...entry, seq: 2 ** 53 }, '"seq" must be a whole number above 0'],
      [{ ...entry, companyId: "demo" }, '"companyId" must be a GUID'],
      [{ ...entry, at: "yesterday" }, '"at" must be an ISO 8601 date-time'],
      [{ ...entry, at: 1_700_000_000_000 }, '"at" must be an ISO 8601 date-time'],
      [{ ...entry, operation: 1 }, '"operation" must be a string'],
      [{ ...entry, method: undefined }, '"method" must be a string'],
      [{ ...entry, path: null }, '"path" must be a string'],
      [{ ...entry, dryRun: "false" }, '"dryRun" must be true or false'],
      [{ ...entry, clientId: 5 }, '"clientId" must be a string or null'],
      [{ ...entry, ids: "a" }, '"ids" must be an array of strings (the GUIDs the decision drew)'],
      [{ ...entry, ids: ["a", 1] }, '"ids" must be an array of strings (the GUIDs the decision drew)'],
      [{ ...entry, status: 99 }, '"status" must be an HTTP status'],
      [{ ...entry, status: 600 }, '"status" must be an HTTP status'],
      [{ ...entry, status: 200.5 }, '"status" must be an HTTP status'],
      [{ ...entry, effects: {} }, '"effects" must be an array'],
    ];
    for (const [value, why] of cases) {
      const { code, out, err, path } = await replay(`${JSON.stringify(value)}\n`);
      expect([code, out, err], why).toEqual([1, [], [`field-service-rules: --journal ${path} line 1: not a journal entry: ${why}`]]);
    }
  });

  it("the bounds of a line's values are entries: seq 1, status 100 and 599, a null clientId, no ids (the status then differs: reported, not refused)", async () => {
    const [entry] = recorded();
    for (const value of [{ ...entry, seq: 1 }, { ...entry, status: 100 }, { ...entry, status: 599 }, { ...entry, clientId: null }, { ...entry, ids: [] }]) {
      const { err } = await replay(lines([value]));
      expect(err, JSON.stringify(value)).toEqual([]);
    }
    const { code, out } = await replay(lines([{ ...entry, status: 599 }]));
    expect([code, out[0]]).toEqual([1, "Replayed 1 decision: 1 differs (1 cause)."]);
  });

  it("a byte order mark is skipped on the first line only, blank and white-space lines anywhere; a line ending mid-JSON is named", async () => {
    const journal = recorded();
    expect((await replay(`\uFEFF${lines(journal.slice(0, 1))}  \n\t\n${lines(journal.slice(1))}`)).out).toEqual(["Replayed 3 decisions: 0 differ."]);
    const second = await replay(`${lines(journal.slice(0, 1))}\uFEFF${lines(journal.slice(1))}`);
    expect(second.code).toBe(1);
    expect(second.err).toEqual([expect.stringMatching(new RegExp(`^field-service-rules: --journal ${second.path.replace(/[/.]/g, "\\$&")} line 2: not JSON \\([^\\n]+\\)$`))]);
  });

  it("the parser's reason is kept on the one line: tabs and line breaks it quotes from the line become spaces", async () => {
    const { code, err, path } = await replay('{"a":\t\tx}\n');
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(new RegExp(`^field-service-rules: --journal ${path.replace(/[/.]/g, "\\$&")} line 1: not JSON \\(.+\\)$`));
    expect(err[0]).not.toMatch(/[\t\r\n]/);
    expect(err[0]).toContain('Unexpected token \'x\', "{"a": x}" is not valid JSON');
  });

  it.runIf(existsSync("/proc/self/fd"))("the journal file is closed whatever ends the replay: a bad line before more than one read of the file, a database that cannot be opened, a schema already used, a report", async () => {
    // The descriptors of this process that still name a file.
    const holding = (path: string): string[] => readdirSync("/proc/self/fd").filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === path;
      } catch {
        return false;
      }
    });
    const journal = recorded();
    const ends: Promise<{ path: string }>[] = [replay(`not json\n${lines(journal).repeat(300)}`), replay(lines(journal), ["--database-url", URL_])];
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-30T11:00:00Z"));
    const db = memoryDatabase();
    ends.push(Promise.resolve(await replay(lines(journal), ["--database-url", URL_], db.storageFor)));
    ends.push(replay(lines(journal), ["--database-url", URL_], db.storageFor), replay(lines(journal)));
    const paths = (await Promise.all(ends)).map((e) => e.path);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths.map(holding)).toEqual(paths.map(() => []));
  });

  it("a byte order mark inside the first line's values is kept: only a leading one is skipped", async () => {
    let t = Date.parse("2026-11-30T08:00:00Z");
    const service = createFieldService({ fixture: demoFixture, now: () => new Date((t += 60_000)) });
    const login = service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
    const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
    expect(service.handle({ method: "POST", path: "/customer", headers, body: { name: "Pek\uFEFFárna", identificationNumber: "27074358", addresses: [{ street: "Hlavní 1" }], contactPeople: [{ lastName: "Nová" }] } }).status).toBe(201);
    const journal = (service.handle({ method: "GET", path: "/journal", headers }).body as { items: JournalEntryShape[] }).items;
    const text = lines(journal);
    expect(text.startsWith("\uFEFF")).toBe(false);
    expect(text).toContain("\uFEFF");
    expect((await replay(text)).out).toEqual(["Replayed 1 decision: 0 differ."]);
  });

  it.runIf(existsSync("/proc/self/mem"))("a file that cannot be read past its opening is one line naming the file and the system's code, exit 1", async () => {
    const { io, out, err } = captured();
    expect(await runJournalCommand(["replay", "--journal", "/proc/self/mem"], {}, io)).toBe(1);
    expect([out, err]).toEqual([[], ["field-service-rules: --journal /proc/self/mem: cannot read it (EIO)"]]);
  });

  it("each company's entries by ascending seq: interleaved companies replay, a seq repeated within one company is named", async () => {
    const journal = recorded();
    const [a, b, c] = journal as [JournalEntryShape, JournalEntryShape, JournalEntryShape];
    expect((await replay(lines([a, c, b]))).out).toEqual(["Replayed 3 decisions: 0 differ."]);
    const repeated = await replay(lines([a, { ...b, seq: a.seq }]));
    expect(repeated.err).toEqual([`field-service-rules: --journal ${repeated.path} line 2: seq ${a.seq} of company ${a.companyId} comes after seq ${a.seq}; a journal lists each company's entries by ascending seq`]);
    // A company named in capitals is the fixture's company.
    expect((await replay(lines([{ ...c, companyId: c.companyId.toUpperCase() }]))).err).toEqual([]);
  });

  it("a fixture whose company has no client to log in with: one line (the replay's reason, without its function's name), exit 1", async () => {
    const journal = recorded();
    const fixture: Fixture = { ...demoFixture, companies: demoFixture.companies.map((c) => (c.id === TEPLO ? { ...c, clients: [] } : c)) };
    const fixtureFile = join(dir, "no-client.json");
    writeFileSync(fixtureFile, JSON.stringify(fixture));
    const { code, out, err } = await replay(lines(journal.filter((e) => e.companyId === TEPLO)), [], undefined, fixtureFile);
    expect([code, out, err]).toEqual([1, [], [`field-service-rules: replay: the company ${TEPLO} has no client to log in with`]]);
  });

  it("the command never throws: printing the report failing is one line naming the command, exit 1", async () => {
    const path = file(lines(recorded()));
    const err: string[] = [];
    const io = { out: () => { throw new Error("stdout closed\nat x"); }, err: (l: string) => err.push(l) };
    expect(await runJournalCommand(["replay", "--journal", path], {}, io)).toBe(1);
    expect(err).toEqual(["field-service-rules: replay failed (stdout closed)"]);
  });
});

describe("RPL-1: replaying into a fresh schema of a database", () => {
  it("names the schema after the UTC second, says how to drop it, replays there with the recorded clock and GUIDs: exit 0", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-30T10:11:12.345Z"));
    const journal = recorded();
    const db = memoryDatabase();
    const { code, out, err } = await replay(lines(journal), ["--database-url", URL_], db.storageFor);
    const schema = "field_service_replay_20261130101112";
    expect([code, out, err]).toEqual([0, ["Replayed 3 decisions: 0 differ."], [`field-service-rules: replaying into PostgreSQL schema ${schema} at db.example:6543; drop it afterwards with DROP SCHEMA ${schema} CASCADE`]]);
    expect(db.opened).toEqual([{ connectTimeoutMs: 10_000, schema }]);
    const replayed = journal.map((e) => db.memory(schema)!.readJournal(e.companyId as never, { after: e.seq - 1, limit: 1, record: null, operation: null, rule: null, outcome: null, from: null, to: null }).items[0]);
    expect(replayed.map((e) => [e?.at, e?.ids])).toEqual(journal.map((e) => [e.at, e.ids]));
  });

  it("a schema of the same second that already holds a journal (of any company) is refused: one line, exit 1, nothing replayed, the storage closed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-30T10:20:00Z"));
    const journal = recorded();
    const db = memoryDatabase();
    const teploOnly = lines(journal.filter((e) => e.companyId === TEPLO));
    expect((await replay(teploOnly, ["--database-url", URL_], db.storageFor)).code).toBe(0);
    const again = await replay(lines(journal), ["--database-url", URL_], db.storageFor);
    expect([again.code, again.out, again.err[1]]).toEqual([1, [], "field-service-rules: replay: schema field_service_replay_20261130102000 at db.example:6543 already holds a journal (another replay started in the same second); run the command again"]);
    expect(db.closes).toEqual([1, 1]);
  });

  it("a database that opens within the default second says nothing of waiting", async () => {
    const db = memoryDatabase();
    const slow: StorageFactory = async (url, settings) => {
      const inner = await db.storageFor(url, settings);
      return { ...inner, open: async (fixture, companies) => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await inner.open(fixture, companies);
      } };
    };
    const { code, err } = await replay(lines(recorded()), ["--database-url", URL_], slow);
    expect(code).toBe(0);
    expect(err).toEqual([expect.stringMatching(/^field-service-rules: replaying into PostgreSQL schema /)]);
  });

  it("a schema whose journal cannot be read is taken as new; a database that cannot be opened is one line naming what to do instead", async () => {
    const db = memoryDatabase();
    // The check reads one entry; the replay's own reads go through.
    const unreadable: StorageFactory = async (url, settings) => {
      const inner = await db.storageFor(url, settings);
      return { ...inner, readJournal: (companyId, query) => (query.limit === 1 ? Promise.reject(new Error("no journal table")) : inner.readJournal(companyId, query)) };
    };
    const journal = recorded();
    expect((await replay(lines(journal), ["--database-url", URL_], unreadable)).out).toEqual(["Replayed 3 decisions: 0 differ."]);
    const none = await replay(lines(journal), ["--database-url", URL_]);
    expect([none.code, none.out, none.err]).toEqual([1, [], ["field-service-rules: --database-url: this build cannot open a database; leave it out to replay in memory"]]);
  });
});

describe("RPL-1, RPL-2: the text report", () => {
  const difference = (over: Partial<ReplayDifference>): ReplayDifference => ({
    seq: 4, companyId: "c1", operation: "moveStock", request: { method: "PUT", path: "/store/a/moveTo/b" },
    recorded: { status: 204, effects: [] }, replayed: { status: 204, effects: [] }, rules: ["STK-5"], state: [], follows: [], ...over,
  });
  const stock = (name: string, recorded: number, replayed: number): ReplayDifference["state"][number] => ({ kind: "stock", key: name, name, recorded: { before: 0, after: recorded }, replayed: { before: 0, after: replayed } });

  it("the answers: another status, the same answer with other records, the same status with another body or effects", () => {
    const report = (d: ReplayDifference): string => formatReplayReport({ replayed: 1, differing: 1, causes: 1, groups: [{ rule: "STK-5", count: 1, causes: 1, examples: [d] }] })[2]!;
    expect(report(difference({ replayed: { status: 400, effects: [] } }))).toBe("  seq 4 PUT /store/a/moveTo/b: recorded 204, replayed 400");
    expect(report(difference({ state: [stock("stock b / M", 10, 4)] }))).toBe("  seq 4 PUT /store/a/moveTo/b: answered 204 alike; stock b / M: recorded 10, replayed 4");
    expect(report(difference({ replayed: { status: 204, body: { a: 1 }, effects: [] }, state: [stock("stock b / M", 10, 4)] }))).toBe("  seq 4 PUT /store/a/moveTo/b: recorded 204, replayed 204 with another body or effects; stock b / M: recorded 10, replayed 4");
    expect(report(difference({ replayed: { status: 204, effects: [{ kind: "mail" }] as never }, state: [stock("stock b / M", 10, 4)] }))).toContain("with another body or effects");
    expect(report(difference({ replayed: { status: 204, body: { a: 1 }, effects: [] } }))).toBe("  seq 4 PUT /store/a/moveTo/b: recorded 204, replayed 204 with another body or effects");
  });

  it("at most three records, then how many more; the seqs a difference follows from", () => {
    const state = [stock("s1", 1, 0), stock("s2", 2, 0), stock("s3", 3, 0), stock("s4", 4, 0), stock("s5", 5, 0)];
    const lines3 = formatReplayReport({ replayed: 9, differing: 3, causes: 1, groups: [{ rule: "STK-5", count: 3, causes: 1, examples: [difference({ state: state.slice(0, 3) }), difference({ seq: 6, state: state.slice(0, 4), follows: [4] }), difference({ seq: 7, state, follows: [4, 6] })] }] });
    expect(lines3).toEqual([
      "Replayed 9 decisions: 3 differ (1 cause, 2 following).",
      "STK-5: 3 decisions (1 cause, 2 following)",
      "  seq 4 PUT /store/a/moveTo/b: answered 204 alike; s1: recorded 1, replayed 0; s2: recorded 2, replayed 0; s3: recorded 3, replayed 0",
      "  seq 6 PUT /store/a/moveTo/b: answered 204 alike; s1: recorded 1, replayed 0; s2: recorded 2, replayed 0; s3: recorded 3, replayed 0; and 1 more records (follows from seq 4)",
      "  seq 7 PUT /store/a/moveTo/b: answered 204 alike; s1: recorded 1, replayed 0; s2: recorded 2, replayed 0; s3: recorded 3, replayed 0; and 2 more records (follows from seq 4, 6)",
    ]);
  });

  it("counts in words (one decision, two causes), every group with its examples and the rest counted, companies named only when the examples span several", () => {
    expect(formatReplayReport({ replayed: 1, differing: 0, causes: 0, groups: [] })).toEqual(["Replayed 1 decision: 0 differ."]);
    expect(formatReplayReport({
      replayed: 12, differing: 4, causes: 2,
      groups: [
        { rule: "STK-5", count: 1, causes: 1, examples: [difference({})] },
        { rule: "ASN-5", count: 3, causes: 1, examples: [difference({ seq: 8, companyId: "c1" }), difference({ seq: 9, companyId: "c1", follows: [8] })] },
      ],
    })).toEqual([
      "Replayed 12 decisions: 4 differ (2 causes, 2 following).",
      "STK-5: 1 decision (1 cause)",
      "  seq 4 PUT /store/a/moveTo/b: recorded 204, replayed 204 with another body or effects",
      "ASN-5: 3 decisions (1 cause, 2 following)",
      "  seq 8 PUT /store/a/moveTo/b: recorded 204, replayed 204 with another body or effects",
      "  seq 9 PUT /store/a/moveTo/b: recorded 204, replayed 204 with another body or effects (follows from seq 8)",
      "  … and 1 more",
    ]);
    const two = formatReplayReport({ replayed: 2, differing: 2, causes: 2, groups: [{ rule: "STK-5", count: 1, causes: 1, examples: [difference({})] }, { rule: "ASN-5", count: 1, causes: 1, examples: [difference({ companyId: "c2" })] }] });
    expect(two.slice(1)).toEqual([
      "STK-5: 1 decision (1 cause)",
      "  company c1 seq 4 PUT /store/a/moveTo/b: recorded 204, replayed 204 with another body or effects",
      "ASN-5: 1 decision (1 cause)",
      "  company c2 seq 4 PUT /store/a/moveTo/b: recorded 204, replayed 204 with another body or effects",
    ]);
  });
});

// `field-service-rules journal export` (JRN-2) and `field-service-rules replay` (RPL-1): the
// journal out of PostgreSQL as NDJSON, and that file re-decided with this version's rules, exit
// code 1 when a decision differs.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { JournalEntryShape, JournalPage } from "../../src/journal/entry.js";
import { postgresStorage } from "../../src/postgres/index.js";
import { runCli } from "../../src/server/cli.js";
import { CLI_USAGE, type StorageFactory } from "../../src/server/command.js";
import { parseJournalArgs } from "../../src/server/journal-command.js";
import { formatReplayReport, replaySchemaName } from "../../src/server/replay-command.js";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService } from "../../src/service/entry-point.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import type { Fixture } from "../../src/service/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "../postgres/support.js";

const dir = mkdtempSync(join(tmpdir(), "fsr-journal-"));
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

const demo = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" };
const teplo = { tenantCode: "teplo", clientId: "teplo-client", secret: "teplo-secret" };
type Handle = Pick<FieldService, "handle">;

async function login(service: Handle, credentials: typeof demo): Promise<Record<string, string>> {
  const answer = await service.handle({ method: "POST", path: "/auth/login", body: credentials });
  expect(answer.status).toBe(200);
  return { authorization: `Bearer ${(answer.body as { accessToken: string }).accessToken}` };
}

/** A clock the recording service reads: a minute further at every call of `tick`. */
function clock(): { now: () => Date; tick: () => void } {
  let at = Date.parse("2026-11-30T08:00:00Z");
  return { now: () => new Date(at), tick: () => (at += 60_000) };
}

/**
 * The README walk-through's writes on the demo fixture (a customer, an order, a plan, a plan
 * refused by ASN-5, a dry-run stock move, a stock move) and one write of the second company.
 * @returns the `seq` of the refused plan
 */
async function walkThrough(service: Handle, tick: () => void): Promise<void> {
  const headers = await login(service, demo);
  const send = async (method: string, path: string, body: unknown, status: number): Promise<void> => {
    tick();
    const answer = await service.handle({ method, path, headers, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  };
  await send("POST", "/customer", {
    externalId: "CUST-1", name: "Pekárna U Zlatého klasu", identificationNumber: "27074358",
    contactPeople: [{ externalId: "jana", lastName: "Malá", email: "jana@pekarna.cz", sendNotifications: true }],
    addresses: [{ externalId: "provozovna", street: "Pražská 12", city: "Brno" }],
  }, 201);
  await send("POST", "/order", { externalId: "ORD-1", customerId: "CUST-1", addressId: "provozovna", contactPersonId: "jana", categoryId: "oprava" }, 201);
  const plan = (from: string, to: string): unknown => ({
    primaryAssigneeId: "tech-1", day: "2026-12-03", categoryId: "oprava", sendNotificationNow: true,
    assignations: [{ userId: "tech-1", plannedStart: `2026-12-03T${from}:00+01:00`, plannedEnd: `2026-12-03T${to}:00+01:00` }],
  });
  await send("POST", "/order/externalId/ORD-1/PlanIntervention", plan("09:00", "11:00"), 200);
  await send("POST", "/order/externalId/ORD-1/PlanIntervention", plan("10:30", "12:00"), 400);
  await send("PUT", "/store/externalId/centralni-sklad/moveTo/auto-2?dryRun=true", [{ materialId: "MAT-001", amount: 5 }], 204);
  await send("PUT", "/store/externalId/centralni-sklad/moveTo/auto-2", [{ materialId: "MAT-001", amount: 5 }, { materialId: "MAT-020" }], 204);
  const other = await login(service, teplo);
  tick();
  const customer = await service.handle({ method: "POST", path: "/customer", headers: other, body: { name: "Teplárna", identificationNumber: "27074358", contactPeople: [{ lastName: "Nová" }], addresses: [{ street: "Hlavní 1" }] } });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
}

/** Every company's whole journal as `GET /journal` answers it, a page of 2 at a time, companies in fixture order. */
async function journalOf(service: Handle): Promise<JournalEntryShape[]> {
  const out: JournalEntryShape[] = [];
  for (const credentials of [demo, teplo]) {
    const headers = await login(service, credentials);
    for (let after = 0; ; ) {
      const page = (await service.handle({ method: "GET", path: `/journal?limit=2&after=${after}`, headers })).body as JournalPage;
      for (const entry of page.items) out.push(entry);
      if (page.next === null) break;
      after = page.next;
    }
  }
  return out;
}

function ndjson(name: string, entries: readonly JournalEntryShape[]): string {
  const file = join(dir, name);
  writeFileSync(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
  return file;
}

/** A journal recorded in memory, written as `journal export` would. */
async function recorded(): Promise<JournalEntryShape[]> {
  const c = clock();
  const service = createFieldService({ fixture: demoFixture, now: c.now });
  await walkThrough(service, c.tick);
  return journalOf(service);
}

describe("the journal commands' settings", () => {
  it("JRN-2: journal export without a database is a usage error (exit 2) that says the journal lives in PostgreSQL and points at GET /journal", async () => {
    const { io, out, err } = captured();
    expect(await runCli(["journal", "export", "--output", join(dir, "never.ndjson")], {}, io, "0.1.0")).toBe(2);
    expect(err).toEqual([
      "field-service-rules: journal export reads the journal from PostgreSQL: give --database-url URL or set DATABASE_URL (a service in memory keeps its journal only while it runs; read it with GET /journal)",
    ]);
    expect(out).toEqual([]);
    expect(existsSync(join(dir, "never.ndjson"))).toBe(false);
  });

  it("RPL-1: replay without --journal is a usage error, exit 2", async () => {
    const { io, err } = captured();
    expect(await runCli(["replay", "--json"], {}, io, "0.1.0")).toBe(2);
    expect(err).toEqual(["field-service-rules: replay needs --journal FILE, a journal written by journal export; see --help"]);
  });

  it("unknown flags, a flag of the other command, a missing subcommand, a bad GUID or URL are usage errors; --help prints both forms", async () => {
    expect(parseJournalArgs(["replay", "--journal", "j", "--output", "x"], {})).toEqual({ kind: "usage", message: 'replay: unknown argument "--output"; see --help' });
    expect(parseJournalArgs(["journal", "export", "--json"], { DATABASE_URL: "postgres://db/x" })).toEqual({ kind: "usage", message: 'journal export: unknown argument "--json"; see --help' });
    expect(parseJournalArgs(["journal"], {})).toEqual({ kind: "usage", message: "journal needs a subcommand: journal export; see --help" });
    expect(parseJournalArgs(["journal", "import"], {})).toEqual({ kind: "usage", message: 'journal needs a subcommand: journal export, not "import"; see --help' });
    expect(parseJournalArgs(["journal", "export", "--company", "alpha"], { DATABASE_URL: "postgres://db/x" })).toEqual({ kind: "usage", message: '--company must be a company\'s GUID, got "alpha"' });
    expect(parseJournalArgs(["replay", "--journal", "j", "--database-url", "mysql://db"], {}).kind).toBe("usage");
    expect(parseJournalArgs(["replay", "--journal"], {})).toEqual({ kind: "usage", message: "--journal needs a value; see --help" });
    expect(parseJournalArgs(["journal", "export", "--company=3F2504E0-4F89-11D3-9A0C-0305E82C3301", "--database-timeout=2"], { DATABASE_URL: "postgres://db/x" })).toMatchObject({
      kind: "export", companyId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", databaseTimeoutMs: 2_000,
    });
    const help = captured();
    expect(await runCli(["replay", "--help"], {}, help.io, "0.1.0")).toBe(0);
    expect(help.out).toEqual([CLI_USAGE]);
    expect(CLI_USAGE).toContain("field-service-rules journal export [--database-url URL]");
    expect(CLI_USAGE).toContain("field-service-rules replay --journal FILE");
  });

  it("the replay schema is named after the UTC second it starts", () => {
    expect(replaySchemaName(new Date("2026-01-02T03:04:05.999Z"))).toBe("field_service_replay_20260102030405");
  });
});

describe("the journal commands' command lines, flag by flag", () => {
  it("--help or -h anywhere, also after journal without its subcommand", () => {
    for (const argv of [["journal", "--help"], ["journal", "-h"], ["journal", "import", "-h"], ["journal", "export", "--help"], ["replay", "-h"], ["replay", "--journal", "j", "--help"]]) {
      expect(parseJournalArgs(argv, {}), argv.join(" ")).toEqual({ kind: "help" });
    }
  });
  it("RPL-1: every replay setting by flag; --json only as itself; a flag given twice keeps the last", () => {
    expect(parseJournalArgs(["replay", "--journal", "j", "--fixture=f.json", "--database-url", "postgres://h/d", "--database-timeout", "2", "--journal", "k"], {})).toStrictEqual({
      kind: "replay", journalPath: "k", fixturePath: "f.json", databaseUrl: "postgres://h/d", databaseTimeoutMs: 2_000, json: false,
    });
    expect(parseJournalArgs(["replay", "--journal", "j", "--json=1"], {})).toEqual({ kind: "usage", message: 'replay: unknown argument "--json=1"; see --help' });
    expect(parseJournalArgs(["replay", "--journal="], {})).toEqual({ kind: "usage", message: "--journal needs a value; see --help" });
    expect(parseJournalArgs(["replay", "--journal", "j", "x"], {})).toEqual({ kind: "usage", message: 'replay: unknown argument "x"; see --help' });
    // Only a flag of two dashes takes =value: -h=1 is not -h.
    expect(parseJournalArgs(["replay", "--journal", "j", "-h=1"], {})).toEqual({ kind: "usage", message: 'replay: unknown argument "-h=1"; see --help' });
  });
  it("the environment after the flags: DATABASE_URL and DATABASE_TIMEOUT, empty ones ignored, a bad one named", () => {
    expect(parseJournalArgs(["replay", "--journal", "j"], { DATABASE_URL: "postgres://h/d", DATABASE_TIMEOUT: "0.5" })).toMatchObject({ databaseUrl: "postgres://h/d", databaseTimeoutMs: 500 });
    expect(parseJournalArgs(["replay", "--journal", "j"], { DATABASE_URL: "", DATABASE_TIMEOUT: "" })).toMatchObject({ databaseUrl: undefined, databaseTimeoutMs: 10_000 });
    expect(parseJournalArgs(["replay", "--journal", "j"], { DATABASE_URL: "mysql://h/d" })).toMatchObject({ kind: "usage", message: expect.stringMatching(/^DATABASE_URL must be a PostgreSQL URL/) });
    expect(parseJournalArgs(["replay", "--journal", "j", "--database-url", "mysql://h/d"], { DATABASE_URL: "postgres://h/d" })).toMatchObject({ kind: "usage", message: expect.stringMatching(/^--database-url must be a PostgreSQL URL/) });
    expect(parseJournalArgs(["replay", "--journal", "j"], { DATABASE_TIMEOUT: "0" })).toMatchObject({ kind: "usage", message: expect.stringMatching(/^DATABASE_TIMEOUT must be/) });
    expect(parseJournalArgs(["replay", "--journal", "j", "--database-timeout", "0"], { DATABASE_TIMEOUT: "1" })).toMatchObject({ kind: "usage", message: expect.stringMatching(/^--database-timeout must be/) });
  });
  it("JRN-2: every export setting; the --company given is shown cut at 60 characters", () => {
    expect(parseJournalArgs(["journal", "export", "--database-url", "postgres://h/d", "--output", "o.ndjson", "--fixture", "f.json"], {})).toStrictEqual({
      kind: "export", databaseUrl: "postgres://h/d", databaseTimeoutMs: 10_000, fixturePath: "f.json", outputPath: "o.ndjson", companyId: undefined,
    });
    expect(parseJournalArgs(["journal", "export", "--company", "c".repeat(100)], { DATABASE_URL: "postgres://h/d" })).toEqual({ kind: "usage", message: `--company must be a company's GUID, got "${"c".repeat(60)}"` });
    expect(parseJournalArgs(["journal", "export", "--journal", "j"], { DATABASE_URL: "postgres://h/d" })).toEqual({ kind: "usage", message: 'journal export: unknown argument "--journal"; see --help' });
  });
  it("a fixture that cannot be used is refused before anything else is read, exit 1", async () => {
    const { io, err } = captured();
    expect(await runCli(["replay", "--journal", join(dir, "none.ndjson"), "--fixture", dir], {}, io, "0.1.0")).toBe(1);
    expect(err).toEqual([`field-service-rules: --fixture ${dir}: is a directory; give the path of a JSON file`]);
  });
});

describe("replaying a journal file", () => {
  it("RPL-1: the journal of a service in memory, written as NDJSON, replays with no difference: exit 0", async () => {
    const journal = await recorded();
    expect(journal.map((e) => [e.companyId === demoFixture.companies[0]!.id, e.status])).toEqual([
      [true, 201], [true, 201], [true, 200], [true, 400], [true, 204], [true, 204], [false, 201],
    ]);
    const file = ndjson("whole.ndjson", journal);
    const { io, out, err } = captured();
    expect(await runCli(["replay", "--journal", file], {}, io, "0.1.0")).toBe(0);
    expect(out).toEqual(["Replayed 7 decisions: 0 differ."]);
    expect(err).toEqual([]);
    const json = captured();
    expect(await runCli(["replay", "--journal", file, "--json"], {}, json.io, "0.1.0")).toBe(0);
    expect(json.out.map((l) => JSON.parse(l) as unknown)).toEqual([{ replayed: 7, differing: 0, causes: 0, groups: [] }]);
    // A byte order mark and CRLF line ends (an editor's save) change nothing.
    const edited = join(dir, "edited.ndjson");
    writeFileSync(edited, `\uFEFF${journal.map((e) => JSON.stringify(e)).join("\r\n")}\r\n`);
    const again = captured();
    expect(await runCli(["replay", "--journal", edited], {}, again.io, "0.1.0")).toBe(0);
    expect(again.out).toEqual(["Replayed 7 decisions: 0 differ."]);
  });

  it("RPL-1: an entry whose recorded status was changed differs: exit 1, and the report names its rule (ASN-5) and the entry", async () => {
    const journal = await recorded();
    const refused = journal.find((e) => e.outcome === "refused" && e.rules.includes("ASN-5"));
    expect(refused?.status).toBe(400);
    const tampered = journal.map((e) => (e === refused ? { ...e, status: 200 } : e));
    const file = ndjson("tampered.ndjson", tampered);
    const { io, out } = captured();
    expect(await runCli(["replay", "--journal", file], {}, io, "0.1.0")).toBe(1);
    expect(out).toEqual([
      "Replayed 7 decisions: 1 differs (1 cause).",
      "ASN-5: 1 decision (1 cause)",
      `  seq ${refused!.seq} POST /order/externalId/ORD-1/PlanIntervention: recorded 200, replayed 400`,
    ]);
    const json = captured();
    expect(await runCli(["replay", "--journal", file, "--json"], {}, json.io, "0.1.0")).toBe(1);
    const report = JSON.parse(json.out[0]!) as { differing: number; groups: { rule: string; examples: { seq: number }[] }[] };
    expect([report.differing, report.groups.map((g) => [g.rule, g.examples.map((e) => e.seq)])]).toEqual([1, [["ASN-5", [refused!.seq]]]]);
  });

  it("RPL-1: a line that is not an entry ends the replay with one line naming the file and the line number: exit 1; blank lines are skipped", async () => {
    const journal = await recorded();
    const lines = journal.map((e) => JSON.stringify(e));
    const cases: [string, string][] = [
      [`${lines[0]}\n\n{"seq": 2}\n`, 'line 3: not a journal entry: "companyId" must be a GUID'],
      [`${lines[0]}\n${lines[1]!.slice(0, 40)}\n`, "line 2: not JSON ("],
      [`[1,2]\n`, "line 1: not a journal entry: a JSON object (one journal entry) expected"],
      [`${lines[1]}\n${lines[0]}\n`, `line 2: seq ${journal[0]!.seq} of company ${journal[0]!.companyId} comes after seq ${journal[1]!.seq}; a journal lists each company's entries by ascending seq`],
      [`${JSON.stringify({ ...journal[0], status: "201" })}\n`, 'line 1: not a journal entry: "status" must be an HTTP status'],
    ];
    for (const [text, why] of cases) {
      const file = join(dir, "bad.ndjson");
      writeFileSync(file, text);
      const { io, out, err } = captured();
      expect(await runCli(["replay", "--journal", file], {}, io, "0.1.0"), text).toBe(1);
      expect(err).toHaveLength(1);
      expect(err[0]).toContain(`field-service-rules: --journal ${file} ${why}`);
      expect(out).toEqual([]);
    }
  });

  it("RPL-1: a missing file, a directory, or a journal of a company the fixture lacks: one line, exit 1", async () => {
    const missing = captured();
    expect(await runCli(["replay", "--journal", join(dir, "none.ndjson")], {}, missing.io, "0.1.0")).toBe(1);
    expect(missing.err).toEqual([`field-service-rules: --journal ${join(dir, "none.ndjson")}: cannot read it (ENOENT); give the file journal export wrote`]);
    const directory = captured();
    expect(await runCli(["replay", "--journal", dir], {}, directory.io, "0.1.0")).toBe(1);
    expect(directory.err).toEqual([`field-service-rules: --journal ${dir}: is a directory; give the file journal export wrote`]);
    const journal = await recorded();
    const onlyDemo: Fixture = { ...demoFixture, companies: [demoFixture.companies[0]!] };
    const fixtureFile = join(dir, "only-demo.json");
    writeFileSync(fixtureFile, JSON.stringify(onlyDemo));
    const other = captured();
    expect(await runCli(["replay", "--journal", ndjson("two.ndjson", journal), "--fixture", fixtureFile], {}, other.io, "0.1.0")).toBe(1);
    // The line is named, as for the other bad lines (issue 32): on a large export it can be found.
    const line = journal.findIndex((e) => e.companyId === demoFixture.companies[1]!.id) + 1;
    expect(line).toBeGreaterThan(0);
    expect(other.err).toEqual([
      `field-service-rules: --journal ${join(dir, "two.ndjson")} line ${line}: the journal's company ${demoFixture.companies[1]!.id} is not in the fixture; give the fixture the journal's service started from with --fixture`,
    ]);
  });

  it("the text report counts each rule's decisions, shows three examples, says how many more, and names companies when several", () => {
    const example = (seq: number, companyId: string, status: number) => ({
      seq, companyId, operation: "createCustomer", request: { method: "POST", path: "/customer" }, recorded: { status: 201, effects: [] }, replayed: { status, effects: [] }, rules: [], state: [], follows: [],
    });
    expect(formatReplayReport({ replayed: 40, differing: 5, causes: 5, groups: [{ rule: null, count: 5, causes: 5, examples: [example(1, "a", 201), example(2, "b", 400), example(3, "a", 201)] }] })).toEqual([
      "Replayed 40 decisions: 5 differ (5 causes).",
      "No rule (the operation declares none): 5 decisions (5 causes)",
      "  company a seq 1 POST /customer: recorded 201, replayed 201 with another body or effects",
      "  company b seq 2 POST /customer: recorded 201, replayed 400",
      "  company a seq 3 POST /customer: recorded 201, replayed 201 with another body or effects",
      "  … and 2 more",
    ]);
  });
});

describe("journal export from an unreachable database", () => {
  it("JRN-2: one line naming the setting and the address, exit 1, no output file left", async () => {
    const storageFor: StorageFactory = (url, settings) => postgresStorage({ connectionString: url, connectTimeoutMs: settings.connectTimeoutMs });
    const output = join(dir, "unreachable.ndjson");
    const { io, out, err } = captured();
    const code = await runCli(["journal", "export", "--database-url", "postgres://nobody:secret@127.0.0.1:1/none", "--output", output], {}, io, "0.1.0", storageFor);
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^field-service-rules: --database-url: cannot open the database at 127\.0\.0\.1:1 \(.*ECONNREFUSED.*\); check the URL and that PostgreSQL is running$/);
    expect(out).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith("unreachable"))).toEqual([]);
  });

  it("JRN-2: an --output that cannot be written is refused before the database is opened: one line, exit 1", async () => {
    let opened = 0;
    const storageFor: StorageFactory = (url, settings) => {
      opened++;
      return postgresStorage({ connectionString: url, connectTimeoutMs: settings.connectTimeoutMs });
    };
    const output = join(dir, "no-such-dir", "journal.ndjson");
    const { io, err } = captured();
    expect(await runCli(["journal", "export", "--database-url", "postgres://nobody@127.0.0.1:1/none", "--output", output], {}, io, "0.1.0", storageFor)).toBe(1);
    expect(err).toEqual([`field-service-rules: --output ${output}: cannot write it (ENOENT); give a path in a directory that exists and can be written`]);
    expect(opened).toBe(0);
  });
});

describe.runIf(databaseUrl !== undefined)("journal export from PostgreSQL, replayed", () => {
  it("JRN-2, RPL-1: the exported NDJSON is the whole journal of every company by ascending seq, and replays with no difference in memory and in a fresh schema", async () => {
    const schema = schemaName("journal-command");
    schemas.push(schema);
    const c = clock();
    const service = createFieldService({ fixture: demoFixture, now: c.now, storage: testStorage(schema, 2) });
    let journal: JournalEntryShape[];
    try {
      await walkThrough(service, c.tick);
      journal = await journalOf(service);
    } finally {
      await service.close();
    }
    const made: string[] = [];
    // The export reads the test's schema; replay's fresh schema is the one the command names.
    const storageFor: StorageFactory = (url, settings) => {
      made.push(settings.schema ?? schema);
      return postgresStorage({ connectionString: url, connectTimeoutMs: settings.connectTimeoutMs, schema: settings.schema ?? schema, maxConnections: 2 });
    };
    const output = join(dir, "exported.ndjson");
    const exported = captured();
    expect(await runCli(["journal", "export", "--output", output], { DATABASE_URL: databaseUrl }, exported.io, "0.1.0", storageFor)).toBe(0);
    expect(exported.err).toEqual([`field-service-rules: exported 7 journal entries of 2 companies to ${output}`]);
    expect(exported.out).toEqual([]);
    const text = readFileSync(output, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(text.trimEnd().split("\n").map((l) => JSON.parse(l) as unknown)).toEqual(journal);

    // To standard output, one company.
    const teploId = demoFixture.companies[1]!.id;
    const one = captured();
    expect(await runCli(["journal", "export", "--database-url", databaseUrl!, "--company", teploId.toUpperCase()], {}, one.io, "0.1.0", storageFor)).toBe(0);
    expect(one.out.map((l) => JSON.parse(l) as unknown)).toEqual(journal.filter((e) => e.companyId === teploId));
    const unknown = captured();
    expect(await runCli(["journal", "export", "--database-url", databaseUrl!, "--company", "3f2504e0-4f89-11d3-9a0c-0305e82c3301"], {}, unknown.io, "0.1.0", storageFor)).toBe(1);
    expect(unknown.err[0]).toMatch(/^field-service-rules: --company 3f2504e0-4f89-11d3-9a0c-0305e82c3301: no such company in the database at .*; it holds /);

    const inMemory = captured();
    expect(await runCli(["replay", "--journal", output], {}, inMemory.io, "0.1.0", storageFor)).toBe(0);
    expect(inMemory.out).toEqual(["Replayed 7 decisions: 0 differ."]);

    const onPostgres = captured();
    const code = await runCli(["replay", "--journal", output, "--database-url", databaseUrl!], {}, onPostgres.io, "0.1.0", storageFor);
    const fresh = made.find((s) => s.startsWith("field_service_replay_"));
    if (fresh !== undefined) schemas.push(fresh);
    expect(code, onPostgres.err.join("\n")).toBe(0);
    expect(fresh).toMatch(/^field_service_replay_\d{14}$/);
    expect(onPostgres.err).toEqual([expect.stringMatching(new RegExp(`^field-service-rules: replaying into PostgreSQL schema ${fresh} at .*; drop it afterwards with DROP SCHEMA ${fresh} CASCADE$`))]);
    expect(onPostgres.out).toEqual(["Replayed 7 decisions: 0 differ."]);
    // A replay schema that already holds a journal (two replays in one second) is refused.
    const reused: StorageFactory = (url, settings) => postgresStorage({ connectionString: url, connectTimeoutMs: settings.connectTimeoutMs, schema: fresh!, maxConnections: 2 });
    const again = captured();
    expect(await runCli(["replay", "--journal", output, "--database-url", databaseUrl!], {}, again.io, "0.1.0", reused)).toBe(1);
    expect(again.err[1]).toMatch(/^field-service-rules: replay: schema field_service_replay_\d{14} at .* already holds a journal \(another replay started in the same second\); run the command again$/);
    expect(again.out).toEqual([]);
    // The replay wrote its decisions into the fresh schema: its journal is the export's again.
    const replayedInto = createFieldService({ fixture: demoFixture, storage: testStorage(fresh!, 2) });
    try {
      expect((await journalOf(replayedInto)).map((e) => [e.operation, e.status, e.at, e.ids])).toEqual(journal.map((e) => [e.operation, e.status, e.at, e.ids]));
    } finally {
      await replayedInto.close();
    }
  }, 60_000);
});

// `field-service-rules journal export` in process (JRN-2 through the command): the journal of a
// database written as NDJSON, every company's entries by ascending seq, a page at a time, to
// standard output or to a file that appears whole. The database is the in-memory storage behind
// the storage port (memory-database.ts); the same command on PostgreSQL is in
// journal-command.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JournalEntryShape } from "../../src/journal/entry.js";
import type { JournalQuery } from "../../src/journal/query.js";
import { runCli } from "../../src/server/cli.js";
import type { StorageFactory } from "../../src/server/command.js";
import { pageQuery } from "../../src/server/journal-export.js";
import { runJournalCommand } from "../../src/server/journal-command.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import type { FieldStorage } from "../../src/service/storage.js";
import { memoryDatabase, type MemoryDatabase } from "./memory-database.js";

const dir = mkdtempSync(join(tmpdir(), "fsr-export-"));
const URL_ = "postgres://user:hunter2@db.example:6543/fsr";
const DEMO = demoFixture.companies[0]!.id;
const TEPLO = demoFixture.companies[1]!.id;

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

/** A database holding three decisions of the demo company and one of teplo; its journal by company. */
async function recorded(): Promise<{ db: MemoryDatabase; journal: Map<string, JournalEntryShape[]> }> {
  const db = memoryDatabase();
  let t = Date.parse("2026-11-30T08:00:00Z");
  const service = createFieldService({ fixture: demoFixture, now: () => new Date((t += 60_000)), storage: (await db.storageFor(URL_, { connectTimeoutMs: 1_000 })) as FieldStorage });
  const journal = new Map<string, JournalEntryShape[]>();
  for (const [tenantCode, count] of [["demo", 3], ["teplo", 1]] as const) {
    const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode, clientId: `${tenantCode}-client`, secret: `${tenantCode}-secret` } });
    const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
    for (let i = 0; i < count; i++) {
      const answer = await service.handle({ method: "POST", path: "/customer", headers, body: { name: `Zákazník ${i}`, identificationNumber: "27074358", addresses: [{ street: "Hlavní 1" }], contactPeople: [{ lastName: "Nová" }] } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const page = await service.handle({ method: "GET", path: "/journal?limit=500", headers });
    const items = (page.body as { items: JournalEntryShape[] }).items;
    journal.set(items[0]!.companyId, items);
  }
  await service.close();
  return { db, journal };
}

/** The database's storages, answering at most `size` entries a page and noting each query; `fail` rejects the nth read. */
function paged(db: MemoryDatabase, size: number, fail?: { at: number; error: unknown }): { storageFor: StorageFactory; reads: [string, JournalQuery][] } {
  const reads: [string, JournalQuery][] = [];
  const storageFor: StorageFactory = async (url, settings) => {
    const inner = await db.storageFor(url, settings);
    return {
      ...inner,
      readJournal: async (companyId, query) => {
        reads.push([companyId, query]);
        if (fail !== undefined && reads.length === fail.at) throw fail.error;
        const page = await inner.readJournal(companyId, query);
        const items = page.items.slice(0, size);
        return { items, next: items.length < page.items.length || page.next !== null ? items[items.length - 1]!.seq : null };
      },
    };
  };
  return { storageFor, reads };
}

describe("journal export in process", () => {
  it("JRN-2: every company's entries, one JSON line each, by ascending seq, read a page at a time from seq 0; the count on stderr; the storage closed", async () => {
    const { db, journal } = await recorded();
    const { storageFor, reads } = paged(db, 2);
    const { io, out, err } = captured();
    expect(await runCli(["journal", "export", "--database-url", URL_], {}, io, "0.1.0", storageFor)).toBe(0);
    expect(out.map((l) => JSON.parse(l) as unknown)).toEqual([...journal.get(DEMO)!, ...journal.get(TEPLO)!]);
    expect(out.every((l) => !l.includes("\n"))).toBe(true);
    expect(err).toEqual(["field-service-rules: exported 4 journal entries of 2 companies"]);
    const demo = journal.get(DEMO)!;
    expect(reads).toEqual([[DEMO, pageQuery(0)], [DEMO, pageQuery(demo[1]!.seq)], [TEPLO, pageQuery(0)]]);
    expect(pageQuery(7)).toEqual({ after: 7, limit: 500, record: null, operation: null, rule: null, outcome: null, from: null, to: null });
    expect(db.closes).toEqual([1, 1]);
  });

  it("JRN-2: --company (any case) exports that company only; --output writes the file whole, ending in a newline, with nothing else left beside it", async () => {
    const { db, journal } = await recorded();
    const sub = join(dir, "one");
    mkdirSync(sub);
    const output = join(sub, "teplo.ndjson");
    writeFileSync(output, "an older export\n");
    const { io, out, err } = captured();
    expect(await runCli(["journal", "export", `--output=${output}`, "--company", TEPLO.toUpperCase()], { DATABASE_URL: URL_ }, io, "0.1.0", db.storageFor)).toBe(0);
    expect(out).toEqual([]);
    expect(err).toEqual([`field-service-rules: exported 1 journal entry of 1 company to ${output}`]);
    expect(readFileSync(output, "utf8")).toBe(journal.get(TEPLO)!.map((e) => `${JSON.stringify(e)}\n`).join(""));
    expect(readdirSync(sub)).toEqual(["teplo.ndjson"]);
  });

  it("JRN-2: a company the database does not hold is one line listing those it holds, exit 1, no file written, the storage closed", async () => {
    const { db } = await recorded();
    const output = join(dir, "unknown.ndjson");
    const { io, out, err } = captured();
    const other = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
    expect(await runCli(["journal", "export", "--database-url", URL_, "--company", other, "--output", output], {}, io, "0.1.0", db.storageFor)).toBe(1);
    expect(err).toEqual([`field-service-rules: --company ${other}: no such company in the database at db.example:6543; it holds ${DEMO}, ${TEPLO}`]);
    expect(out).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith("unknown"))).toEqual([]);
    expect(db.closes).toEqual([1, 1]);
  });

  it("JRN-2: a read that fails half-way is one line naming the database, exit 1; the file that was there stays as it was, no partial file left", async () => {
    const { db } = await recorded();
    const sub = join(dir, "failing");
    mkdirSync(sub);
    const output = join(sub, "journal.ndjson");
    writeFileSync(output, "the previous export\n");
    const { storageFor } = paged(db, 2, { at: 2, error: new Error("connection terminated unexpectedly\nat socket") });
    const { io, out, err } = captured();
    expect(await runCli(["journal", "export", "--database-url", URL_, "--output", output], {}, io, "0.1.0", storageFor)).toBe(1);
    expect(err).toEqual(["field-service-rules: journal export: cannot read the journal from PostgreSQL at db.example:6543 (connection terminated unexpectedly)"]);
    expect(out).toEqual([]);
    expect(readFileSync(output, "utf8")).toBe("the previous export\n");
    expect(readdirSync(sub)).toEqual(["journal.ndjson"]);
    expect(db.closes).toEqual([1, 1]);
    // To standard output, the lines of the pages read before the failure are out already.
    const { storageFor: again } = paged(db, 2, { at: 2, error: new Error("gone") });
    const stdout = captured();
    expect(await runCli(["journal", "export", "--database-url", URL_], {}, stdout.io, "0.1.0", again)).toBe(1);
    expect(stdout.out).toHaveLength(2);
  });

  it("JRN-2: an --output that cannot be put in place (a directory is there) is one line naming it, exit 1, the partial file removed", async () => {
    const { db } = await recorded();
    const sub = join(dir, "taken");
    const output = join(sub, "journal.ndjson");
    mkdirSync(output, { recursive: true });
    const { io, err } = captured();
    expect(await runCli(["journal", "export", "--database-url", URL_, "--output", output], {}, io, "0.1.0", db.storageFor)).toBe(1);
    expect(err).toEqual([expect.stringMatching(new RegExp(`^field-service-rules: journal export: cannot write --output ${output.replace(/[/.]/g, "\\$&")} \\((EISDIR|ENOTEMPTY|EEXIST|EPERM)\\)$`))]);
    expect(readdirSync(sub)).toEqual(["journal.ndjson"]);
    expect(existsSync(`${output}.${process.pid}.partial`)).toBe(false);
  });

  it("JRN-2: a database that cannot be opened leaves no output file (the partial one is removed)", async () => {
    const sub = join(dir, "closed");
    mkdirSync(sub);
    const { io, err } = captured();
    expect(await runCli(["journal", "export", "--database-url", URL_, "--output", join(sub, "j.ndjson")], {}, io, "0.1.0")).toBe(1);
    expect(err).toEqual(["field-service-rules: --database-url: this build cannot open a database; read a running service's journal with GET /journal"]);
    expect(readdirSync(sub)).toEqual([]);
  });

  it.runIf(existsSync("/proc/self/fd"))("JRN-2: the output file is closed whatever ends the export: written, a company unknown, a read failing, a rename failing", async () => {
    const { db } = await recorded();
    const holding = (path: string): string[] => readdirSync("/proc/self/fd").filter((fd) => {
      try {
        const target = readlinkSync(`/proc/self/fd/${fd}`);
        return target.startsWith(path);
      } catch {
        return false;
      }
    });
    const sub = join(dir, "descriptors");
    mkdirSync(join(sub, "taken.ndjson"), { recursive: true });
    const run = async (argv: string[], storageFor: StorageFactory): Promise<number> => runCli(["journal", "export", "--database-url", URL_, ...argv], {}, captured().io, "0.1.0", storageFor);
    expect(await run(["--output", join(sub, "written.ndjson")], db.storageFor)).toBe(0);
    expect(await run(["--output", join(sub, "unknown.ndjson"), "--company", "3f2504e0-4f89-11d3-9a0c-0305e82c3301"], db.storageFor)).toBe(1);
    expect(await run(["--output", join(sub, "failing.ndjson")], paged(db, 2, { at: 1, error: new Error("gone") }).storageFor)).toBe(1);
    expect(await run(["--output", join(sub, "taken.ndjson")], db.storageFor)).toBe(1);
    expect(holding(sub)).toEqual([]);
  });

  it("a database that opens within the default second says nothing of waiting", async () => {
    const { db } = await recorded();
    const slow: StorageFactory = async (url, settings) => {
      const inner = await db.storageFor(url, settings);
      return { ...inner, open: async (fixture, companies) => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await inner.open(fixture, companies);
      } };
    };
    const { io, err } = captured();
    expect(await runCli(["journal", "export", "--database-url", URL_], {}, io, "0.1.0", slow)).toBe(0);
    expect(err).toEqual(["field-service-rules: exported 4 journal entries of 2 companies"]);
  });

  it("a failure after the file is in place (here: saying so fails) leaves the file and is still one line, exit 1", async () => {
    const { db } = await recorded();
    const sub = join(dir, "said");
    mkdirSync(sub);
    const output = join(sub, "journal.ndjson");
    let calls = 0;
    const err: string[] = [];
    const io = { out: () => {}, err: (l: string) => {
      if (calls++ === 0) throw new Error("stderr closed");
      err.push(l);
    } };
    expect(await runCli(["journal", "export", "--database-url", URL_, "--output", output], {}, io, "0.1.0", db.storageFor)).toBe(1);
    expect(err).toEqual(["field-service-rules: journal export: cannot read the journal from PostgreSQL at db.example:6543 (stderr closed)"]);
    expect(readdirSync(sub)).toEqual(["journal.ndjson"]);
  });

  it("the command never throws: a failure where none is expected (here: writing the first line fails) is one line naming the command, exit 1", async () => {
    let calls = 0;
    const err: string[] = [];
    const io = { out: () => {}, err: (l: string) => {
      if (calls++ === 0) throw new Error("stderr closed\nx");
      err.push(l);
    } };
    expect(await runJournalCommand(["journal", "export", "--database-url", URL_], {}, io)).toBe(1);
    expect(err).toEqual(["field-service-rules: journal export failed (stderr closed)"]);
  });
});

// src/server/open-database.ts: how a command opens the service on a database within
// --database-timeout, and what it says when that fails (docs/service.md "The command"). A fake
// storage makes each failure on demand, so this runs without PostgreSQL (the real failures are in
// cli-database.test.ts).
import { describe, expect, it } from "vitest";
import type { StorageFactory } from "../../src/server/command.js";
import { codeOf, databaseAddress, firstLine, openDatabase, release } from "../../src/server/open-database.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import type { FieldService } from "../../src/service/entry-point.js";
import { StorageSetupError, StorageUnavailableError, type FieldStorage } from "../../src/service/storage.js";
import { memoryDatabase } from "./memory-database.js";

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

const URL_ = "postgres://user:hunter2@db.example:6543/fsr";

/** A factory over the memory database whose storages' `open` (and `close`) are replaced. */
function failing(open: FieldStorage["open"], close?: FieldStorage["close"]): { storageFor: StorageFactory; closes: number[] } {
  const db = memoryDatabase();
  const storageFor: StorageFactory = async (url, settings) => {
    const inner = await db.storageFor(url, settings);
    return { ...inner, open, close: close ?? inner.close };
  };
  return { storageFor, closes: db.closes };
}

describe("the address and the reason in a message", () => {
  it("names host:port of the URL, never its user or password; the default port is 5432, a socket host comes from ?host", () => {
    expect(databaseAddress(URL_)).toBe("db.example:6543");
    expect(databaseAddress("postgres://db.example/fsr")).toBe("db.example:5432");
    expect(databaseAddress("postgres:///fsr?host=/var/run/postgresql")).toBe("/var/run/postgresql:5432");
    expect(databaseAddress("postgres:///fsr")).toBe("localhost:5432");
    expect(databaseAddress("not a url")).toBe("the database");
  });
  it("the first line of the error, or of the driver's error a StorageUnavailableError wraps", () => {
    expect(firstLine(new Error("first\nsecond"))).toBe("first");
    expect(firstLine(new StorageUnavailableError("unavailable", { cause: new Error("connect ECONNREFUSED\nat x") }))).toBe("connect ECONNREFUSED");
    expect(firstLine(new StorageUnavailableError("unavailable\nmore", { cause: "not an error" }))).toBe("unavailable");
    expect(firstLine(new StorageUnavailableError("alone"))).toBe("alone");
    expect(firstLine("thrown text\nand more")).toBe("thrown text");
    expect(firstLine(42)).toBe("42");
  });
  it("Node's error code when there is one, else the first line", () => {
    expect(codeOf(Object.assign(new Error("no such file\nx"), { code: "ENOENT" }))).toBe("ENOENT");
    expect(codeOf({ code: 7 })).toBe("7");
    expect(codeOf(new Error("plain\nx"))).toBe("plain");
    expect(codeOf(null)).toBe("null");
    expect(codeOf("text")).toBe("text");
  });
});

describe("opening the database", () => {
  it("without a factory: one line naming the setting the URL came from and what to do instead, exit 1", async () => {
    const env = captured();
    expect(await openDatabase(URL_, 1_000, demoFixture, ["--port", "0"], env.io, undefined, 1_000)).toBe(1);
    expect(env.err).toEqual(["field-service-rules: DATABASE_URL: this build cannot open a database; leave it out to serve from memory"]);
    const flag = captured();
    expect(await openDatabase(URL_, 1_000, demoFixture, [`--database-url=${URL_}`], flag.io, undefined, 1_000, { otherwise: "leave it out to replay in memory" })).toBe(1);
    expect(flag.err).toEqual(["field-service-rules: --database-url: this build cannot open a database; leave it out to replay in memory"]);
    const spaced = captured();
    expect(await openDatabase(URL_, 1_000, demoFixture, ["--database-url", URL_], spaced.io, undefined, 1_000)).toBe(1);
    expect(spaced.err[0]).toMatch(/^field-service-rules: --database-url: /);
  });

  it("the factory is given the timeout, and the schema only when one is asked for", async () => {
    const db = memoryDatabase();
    const plain = await openDatabase(URL_, 2_500, demoFixture, [], captured().io, db.storageFor, 1_000);
    const named = await openDatabase(URL_, 300, demoFixture, [], captured().io, db.storageFor, 1_000, { schema: "field_service_replay_1" });
    expect(db.opened).toStrictEqual([{ connectTimeoutMs: 2_500 }, { connectTimeoutMs: 300, schema: "field_service_replay_1" }]);
    for (const s of [plain, named]) if (typeof s !== "number") await s.service.close();
  });

  it("a driver that is not installed (ERR_MODULE_NOT_FOUND or MODULE_NOT_FOUND naming pg) says to install it; `otherwise` names the setting to leave out", async () => {
    for (const [code, quote] of [["ERR_MODULE_NOT_FOUND", "'"], ["MODULE_NOT_FOUND", '"']] as const) {
      const { io, err } = captured();
      const missing = Object.assign(new Error(`Cannot find package ${quote}pg${quote} imported from /x.js`), { code });
      expect(await openDatabase(URL_, 1_000, demoFixture, [], io, () => Promise.reject(missing), 1_000, { otherwise: "leave it out to replay in memory" })).toBe(1);
      expect(err).toEqual(["field-service-rules: DATABASE_URL: the PostgreSQL driver is not installed; run npm install pg, or leave DATABASE_URL out to replay in memory"]);
    }
    // Not pg's absence: another package, another code, or not an Error at all.
    const others: unknown[] = [
      Object.assign(new Error("Cannot find package 'pgx' imported from /x.js"), { code: "ERR_MODULE_NOT_FOUND" }),
      Object.assign(new Error("Cannot find package 'pg' imported from /x.js"), { code: "EACCES" }),
      { code: "ERR_MODULE_NOT_FOUND", message: "Cannot find package 'pg'" },
      // Whatever a factory throws is read without a crash.
      null,
      "Cannot find package 'pg'",
    ];
    for (const error of others) {
      const { io, err } = captured();
      expect(await openDatabase(URL_, 1_000, demoFixture, [], io, () => { throw error; }, 1_000)).toBe(1);
      expect(err).toEqual([`field-service-rules: DATABASE_URL: cannot open the database (${firstLine(error)}); check the URL`]);
    }
  });

  it("a schema the storage refuses (StorageSetupError) is its message, the storage closed, exit 1", async () => {
    const { storageFor, closes } = failing(() => Promise.reject(new StorageSetupError("the schema fs was migrated by a newer release")));
    const { io, out, err } = captured();
    expect(await openDatabase(URL_, 1_000, demoFixture, [], io, storageFor, 60_000)).toBe(1);
    expect(err).toEqual(["field-service-rules: DATABASE_URL: the schema fs was migrated by a newer release"]);
    expect(out).toEqual([]);
    expect(closes).toEqual([1]);
  });

  it("an unavailable database whose driver timed out is a timeout; any other failure says to check the URL", async () => {
    const timedOut = failing(() => Promise.reject(new StorageUnavailableError("unavailable", { cause: new Error("Connection terminated due to connection Timeout\nstack") })));
    const a = captured();
    expect(await openDatabase(URL_, 2_000, demoFixture, [], a.io, timedOut.storageFor, 60_000)).toBe(1);
    expect(a.err).toEqual(["field-service-rules: DATABASE_URL: PostgreSQL at db.example:6543 did not answer within 2 s (Connection terminated due to connection Timeout); check that it is running and reachable, or wait longer with --database-timeout"]);
    expect(timedOut.closes).toEqual([1]);
    const timedOutToo = failing(() => Promise.reject(new StorageUnavailableError("query read timed out")));
    const b = captured();
    expect(await openDatabase(URL_, 2_000, demoFixture, [], b.io, timedOutToo.storageFor, 60_000)).toBe(1);
    expect(b.err[0]).toContain("did not answer within 2 s (query read timed out)");
    // The words alone do not make a timeout: the storage must say it is unavailable.
    const plain = failing(() => Promise.reject(new Error("timeout in the seeding code")));
    const c = captured();
    expect(await openDatabase(URL_, 2_000, demoFixture, [], c.io, plain.storageFor, 60_000)).toBe(1);
    expect(c.err).toEqual(["field-service-rules: DATABASE_URL: cannot open the database at db.example:6543 (timeout in the seeding code); check the URL and that PostgreSQL is running"]);
    const refused = failing(() => Promise.reject(new StorageUnavailableError("unavailable", { cause: new Error("connect ECONNREFUSED 10.0.0.1:6543") })));
    const d = captured();
    expect(await openDatabase(URL_, 2_000, demoFixture, [], d.io, refused.storageFor, 60_000)).toBe(1);
    expect(d.err).toEqual(["field-service-rules: DATABASE_URL: cannot open the database at db.example:6543 (connect ECONNREFUSED 10.0.0.1:6543); check the URL and that PostgreSQL is running"]);
  });

  it("a database that never answers: what the command waits for after noticeAfterMs, then giving up after the timeout; a storage whose close hangs is not waited for", async () => {
    let closed = 0;
    const { storageFor } = failing(() => new Promise<void>(() => {}), () => {
      closed++;
      return new Promise<void>(() => {});
    });
    const { io, out, err } = captured();
    expect(await openDatabase(URL_, 80, demoFixture, ["--database-url", URL_], io, storageFor, 10)).toBe(1);
    expect(err).toEqual([
      "field-service-rules: waiting for PostgreSQL at db.example:6543 (up to 0.08 s, --database-timeout) ...",
      "field-service-rules: --database-url: PostgreSQL at db.example:6543 did not answer within 0.08 s; check that it is running and reachable, or wait longer with --database-timeout",
    ]);
    expect(out).toEqual([]);
    expect(closed).toBe(1);
  });

  it("a database that answers: the ready service, nothing said (the notice is cancelled), the storage told to the caller, the clock and GUIDs used", async () => {
    const db = memoryDatabase();
    const { io, err } = captured();
    const ids = ["0a000000-0000-4000-8000-000000000001", "0a000000-0000-4000-8000-000000000002", "0a000000-0000-4000-8000-000000000003", "0a000000-0000-4000-8000-000000000004"];
    const drawn: string[] = [];
    const opened = await openDatabase(URL_, 1_000, demoFixture, [], io, db.storageFor, 20, {
      now: () => new Date("2026-11-30T08:00:00Z"),
      newId: () => {
        const id = ids[drawn.length] ?? `0a000000-0000-4000-8000-00000000000${drawn.length}`;
        drawn.push(id);
        return id;
      },
    });
    if (typeof opened === "number") throw new Error(`exit ${opened}: ${err.join("\n")}`);
    const { service, storage } = opened;
    try {
      // The storage under the service, as the factory made it.
      expect(await storage.companies()).toHaveLength(2);
      const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
      expect(login.status).toBe(200);
      const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
      const created = await service.handle({ method: "POST", path: "/customer", headers, body: { name: "Pekárna", identificationNumber: "27074358", addresses: [{ street: "Hlavní 1" }], contactPeople: [{ lastName: "Malá" }] } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(drawn).toContain((created.body as { id: string }).id);
      const journal = await service.handle({ method: "GET", path: "/journal", headers });
      expect((journal.body as { items: { at: string }[] }).items.map((e) => e.at)).toEqual(["2026-11-30T08:00:00.000Z"]);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(err).toEqual([]);
    } finally {
      await service.close();
    }
    expect(db.closes).toEqual([1]);
  });

  it("a database that fails a request after opening: one line on stderr naming the address, answered 503", async () => {
    const db = memoryDatabase();
    let down = false;
    const storageFor: StorageFactory = async (url, settings) => {
      const inner = await db.storageFor(url, settings);
      return { ...inner, findToken: (text, now) => (down ? Promise.reject(new StorageUnavailableError("unavailable", { cause: new Error("connection reset\nmore") })) : inner.findToken(text, now)) };
    };
    const { io, err } = captured();
    const opened = await openDatabase(URL_, 1_000, demoFixture, [], io, storageFor, 1_000);
    if (typeof opened === "number") throw new Error(`exit ${opened}`);
    const { service } = opened;
    try {
      const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
      down = true;
      const answer = await service.handle({ method: "GET", path: "/journal", headers: { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` } });
      expect(answer.status).toBe(503);
      expect(err).toEqual(["field-service-rules: PostgreSQL at db.example:6543 unavailable, answered 503 (connection reset)"]);
    } finally {
      await service.close();
    }
  });
});

describe("releasing a service", () => {
  it("closes it, and resolves also when closing fails or hangs (after at most a second)", async () => {
    let closes = 0;
    const service = (close: () => Promise<void>): FieldService => ({ close: () => { closes++; return close(); } }) as unknown as FieldService;
    await release(service(() => Promise.resolve()));
    await release(service(() => Promise.reject(new Error("already closed"))));
    await release(service(() => new Promise<void>(() => {})));
    expect(closes).toBe(3);
  });
});

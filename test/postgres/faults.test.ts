// The network lost at every statement of every kind of request (ERR-2, GEN-8): a proxy between
// the storage and the test server drops every connection just before the n-th statement of a
// request, for n = 0, 1, 2, … until the request runs whole. Each cut request must answer 503 with
// every table of the schema as it was, and the storage must go on: the next attempt of the same
// request gives the answer it gives on an unbroken line. The kinds of request are those of the
// round-trip scenario (reads, writes, a customer add that reads nothing, a taken external ID, a
// dry run, a refusal), the logins (failed, cleared, issued), the journal, a sync pull, the fixture
// writer, the snapshot, opening a schema (migrations and seeding), and a locked retry (BEGIN, the
// row locks, the view, the commit, COMMIT). Beside the cuts: faults the database raises itself (a
// full disk by a one-shot trigger, a statement timeout, a deadlock) at a seeding and at a locked
// retry, and the pool's own conduct (its bound, idle drops, reuse after a transaction).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService, ServiceResponse } from "../../src/service/entry-point.js";
import { postgresStorage, type PostgresStorage, type PostgresStorageOptions } from "../../src/postgres/index.js";
import { StorageUnavailableError } from "../../src/service/storage.js";
import { migrate } from "../../src/postgres/schema.js";
import { ids, testCustomer, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { NOTHING } from "../../src/service/loads.js";
import type { StoredOperation } from "../../src/service/storage.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite } from "../../src/stock/amount.js";
import { faultProxy, type FaultProxy } from "./fault-proxy.js";
import { loginBody, scenario, scenarioService } from "./scenario.js";
import { databaseUrl, dropSchemas, failOnce, schemaName, testSecrets } from "./support.js";

const A = ids(0);
/** The service's options here: a 503 is what these tests expect, not news for the log. */
const quiet = { onUnavailable: () => {} };
const schemas: string[] = [];
let proxy: FaultProxy;
let direct: pg.Client;

beforeAll(async () => {
  if (databaseUrl === undefined) return;
  proxy = await faultProxy(databaseUrl);
  direct = new pg.Client({ connectionString: databaseUrl });
  await direct.connect();
});
afterAll(async () => {
  if (databaseUrl === undefined) return;
  await direct.end();
  await proxy.close();
  await dropSchemas(schemas);
});

/** Every row of every table of the schema, read past the proxy: what "nothing changed" compares. */
async function tables(schema: string): Promise<Record<string, string>> {
  const names = await direct.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name",
    [schema],
  );
  const state: Record<string, string> = {};
  for (const { table_name: name } of names.rows) {
    const rows = await direct.query<{ rows: string | null }>(`SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS rows FROM "${schema}"."${name}" t`);
    state[name] = rows.rows[0]?.rows ?? "";
  }
  return state;
}

/** `promise`, or a rejection after `ms` (a write left waiting on a turn or a lock fails here, not at the suite's timeout). */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

interface Request {
  readonly name: string;
  readonly send: () => Promise<ServiceResponse>;
  readonly status: number;
}

/**
 * Sends `request` with the line cut before its statement 0, then 1, …, each time expecting 503
 * and the schema unchanged, until it runs whole and answers `status`.
 * @returns the whole run's answer and how many statements the request sent
 */
async function everyCut(schema: string, request: Request): Promise<{ answer: ServiceResponse; cuts: number }> {
  for (let n = 0; n < 12; n++) {
    const before = await tables(schema);
    proxy.cutBefore(n);
    const answer = await within(10_000, request.send());
    if (!proxy.cutHappened()) {
      proxy.disarm();
      expect([request.name, n, answer.status]).toEqual([request.name, n, request.status]);
      return { answer, cuts: n };
    }
    expect([request.name, n, answer.status]).toEqual([request.name, n, 503]);
    expect((answer.body as { errors?: { code: string }[] }).errors?.[0]?.code).toBe("Unavailable");
    expect([request.name, n, await tables(schema)]).toEqual([request.name, n, before]);
  }
  throw new Error(`${request.name}: still cut after 12 statements`);
}

/** A write of store S1 as the storage sees it: the probes below send the same operation, path and loads, so the same contention keys. */
const storeWrite: StoredOperation = {
  companyId: A.company, operation: "addToStore", form: "externalId", params: [{ name: "store", value: "S1" }], body: [], query: new Map(), dryRun: false,
  loads: { ...NOTHING, materials: { ids: [], externalIds: ["M1"] }, stock: "named" }, at: Date.parse("2026-05-01T08:00:00Z"), idempotencyKey: null,
};
/**
 * This process (one connection unless `extra` says otherwise, every statement's text kept in
 * `texts`) and another on one schema, both logged in; `heat` makes one stale commit of
 * {@link storeWrite} here (a view, the other process's write, then the commit), so the store is
 * hot for a second of the clock and this process's next write of it is a locked retry. Callers
 * stand the clock still (`vi.useFakeTimers({ toFake: ["Date"] })`), so it never cools by itself.
 */
async function hotPair(extra: Partial<PostgresStorageOptions>) {
  const texts: string[] = [];
  const { service, storage } = await scenarioService(schemas, { secrets: testSecrets, maxConnections: 1, onQuery: (text) => texts.push(text), ...extra }, quiet);
  const other = createFieldService({ ...quiet, fixture: testFixture(), storage: postgresStorage({ connectionString: databaseUrl!, schema: storage.schema, secrets: testSecrets }) });
  const tokenOf = async (s: FieldService<Promise<ServiceResponse>>): Promise<string> =>
    ((await s.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
  const [mine, theirs] = [await tokenOf(service), await tokenOf(other)];
  const add = (s: FieldService<Promise<ServiceResponse>>, token: string, key?: string) => () =>
    s.handle({ method: "POST", path: "/store/externalId/S1/addToStore", headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { "idempotency-key": key }) }, body: [{ materialId: "M1", amount: 1 }] });
  const heat = async (): Promise<void> => {
    // Cold first (a second after the last stale commit, on the test's clock): a hot view would
    // lock the store's row, and the other process's write would wait for this view's commit.
    vi.setSystemTime(Date.now() + 1_001);
    const loaded = await storage.load(storeWrite);
    expect((await add(other, theirs)()).status).toBe(201);
    expect(await storage.commit(storeWrite, loaded, { changes: { stock: new Map([[A.store(1) as Guid, new Map([[A.material(1) as Guid, finite(1)]])]]) } })).toEqual({ kind: "stale" });
  };
  return {
    texts, storage, heat,
    mine: (key?: string) => add(service, mine, key),
    theirs: (key?: string) => add(other, theirs, key),
    close: async () => {
      await other.close();
      await service.close();
    },
  };
}


describe.runIf(databaseUrl !== undefined)("the network lost before any statement of a request (a proxy that drops every connection on cue)", () => {
  it("ERR-2, GEN-8: every request of the scenario, cut before each of its statements, answers 503 and changes no table; sent again on a whole line it answers as it would have", async () => {
    const { service, storage } = await scenarioService(schemas, { connectionString: proxy.url, secrets: testSecrets }, quiet);
    const schema = storage.schema;
    const send = (method: string, path: string, body?: unknown, token?: string) => () =>
      service.handle({ method, path, ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }), ...(body === undefined ? {} : { body }) });
    const cutsOf: string[] = [];
    try {
      // Logins: a refused one (its failure counted, CRD-2), then one that clears the count and issues a token.
      const refused = await everyCut(schema, { name: "a refused login", send: send("POST", "/auth/login", { ...loginBody, secret: "wrong" }), status: 403 });
      const issued = await everyCut(schema, { name: "a login", send: send("POST", "/auth/login", loginBody), status: 200 });
      cutsOf.push(`login refused: ${refused.cuts}`, `login: ${issued.cuts}`);
      const token = (issued.answer.body as { accessToken: string }).accessToken;
      for (const step of scenario) {
        const { cuts } = await everyCut(schema, { name: step.name, send: send(step.method, step.path, step.body, token), status: step.status });
        cutsOf.push(`${step.name}: ${cuts}`);
        expect([step.name, cuts]).toEqual([step.name, { read: 1, unread: 1, write: 2, refusal: 2, taken: 3 }[step.kind]]);
      }
      const keyed = () => service.handle({ method: "POST", path: "/store/externalId/S1/addToStore", headers: { authorization: `Bearer ${token}`, "idempotency-key": "f-1" }, body: [{ materialId: "M1", amount: 1 }] });
      expect((await everyCut(schema, { name: "a keyed write", send: keyed, status: 201 })).cuts).toBe(2);
      expect((await everyCut(schema, { name: "its repeat (IDM-1)", send: keyed, status: 201 })).cuts).toBe(1);
      expect((await everyCut(schema, { name: "the journal", send: send("GET", "/journal?limit=5", undefined, token), status: 200 })).cuts).toBe(1);
      const scope = "scope=technician:t1&from=2026-05-01&to=2026-05-07";
      const pulled = await everyCut(schema, { name: "a full sync pull", send: send("GET", `/sync?${scope}`, undefined, token), status: 200 });
      expect(pulled.cuts).toBe(1);
      const cursor = (pulled.answer.body as { cursor: string }).cursor;
      expect((await everyCut(schema, { name: "an incremental pull", send: send("GET", `/sync?${scope}&since=${encodeURIComponent(cursor)}`, undefined, token), status: 200 })).cuts).toBe(1);
      // A token this process has not seen (issued by another): read once, then remembered.
      const other = createFieldService({ ...quiet, fixture: testFixture(), storage: postgresStorage({ connectionString: databaseUrl!, schema, secrets: testSecrets }) });
      try {
        const foreign = ((await other.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
        expect((await everyCut(schema, { name: "a token another process issued", send: send("GET", "/customer/externalId/CUST-1", undefined, foreign), status: 200 })).cuts).toBe(2);
        expect((await everyCut(schema, { name: "the same token again (remembered)", send: send("GET", "/customer/externalId/CUST-1", undefined, foreign), status: 200 })).cuts).toBe(1);
      } finally {
        await other.close();
      }
      console.log(cutsOf.join("\n"));
    } finally {
      await service.close();
    }
  });

  it("ERR-2: the fixture writer and the snapshot, cut before each statement, reject as unavailable; the writer's transaction leaves nothing behind", async () => {
    const { service, storage } = await scenarioService(schemas, { connectionString: proxy.url, secrets: testSecrets }, quiet);
    try {
      const customer = testCustomer(0, 7, "CUST-7");
      for (let n = 0; ; n++) {
        expect(n).toBeLessThan(12);
        const before = await tables(storage.schema);
        proxy.cutBefore(n);
        const written = await storage.write(A.company, { customers: [customer] }).then(() => undefined, (error: unknown) => error);
        if (!proxy.cutHappened()) {
          proxy.disarm();
          expect(written).toBeUndefined();
          expect(n).toBeGreaterThanOrEqual(3); // BEGIN, the rows, COMMIT
          break;
        }
        expect(written).toBeInstanceOf(StorageUnavailableError);
        expect(await tables(storage.schema)).toEqual(before);
      }
      const whole = await storage.snapshot(A.company);
      for (let n = 0; ; n++) {
        expect(n).toBeLessThan(12);
        proxy.cutBefore(n);
        const read = await storage.snapshot(A.company).catch((error: unknown) => error);
        if (!proxy.cutHappened()) {
          proxy.disarm();
          expect(read).toBe(whole);
          break;
        }
        expect(read).toBeInstanceOf(StorageUnavailableError);
      }
    } finally {
      await service.close();
    }
  });

  it("ERR-2: opening a new schema, cut before each statement of the migrations and the seeding, rejects as unavailable and leaves no half-made schema; the same service's next ready() goes on, and opens it seeded once, on a connection it then reuses", async () => {
    const schema = schemaName("faults_open");
    schemas.push(schema);
    const storage = postgresStorage({ connectionString: proxy.url, schema, secrets: testSecrets, maxConnections: 1 });
    const service = createFieldService({ ...quiet, fixture: testFixture(), storage });
    try {
      let n = 0;
      for (; ; n++) {
        expect(n).toBeLessThan(400);
        proxy.cutBefore(n);
        const failure = await service.ready().then(() => undefined, (error: unknown) => error);
        if (!proxy.cutHappened()) {
          proxy.disarm();
          expect(failure).toBeUndefined();
          break;
        }
        expect([n, failure]).toEqual([n, expect.any(StorageUnavailableError)]);
        // All or nothing: the schema is either absent or whole (the migrations' transaction) and,
        // once whole, its companies are seeded all at once or not at all.
        const companies = await direct.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'companies'",
          [schema],
        );
        if (companies.rows[0]!.n === 1) {
          const seeded = await direct.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".companies`);
          expect([0, testFixture().companies.length]).toContain(seeded.rows[0]!.n);
        }
      }
      // Cut before the migrations, the seeding and the configuration's read (which a failed
      // attempt must not leave remembered as failed): dozens of statements.
      expect(n).toBeGreaterThan(10);
      const seeded = await direct.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".companies`);
      expect(seeded.rows[0]!.n).toBe(testFixture().companies.length);
      // The opening's connection went back to the pool: the login runs on it, no new one opens.
      const accepted = proxy.accepted();
      const login = await service.handle({ method: "POST", path: "/auth/login", body: loginBody });
      expect(login.status).toBe(200);
      expect(proxy.accepted()).toBe(accepted);
    } finally {
      await service.close();
    }
  });

  it("HTTP-2: a seeding the database refuses for its own fault (disk full) rejects as unavailable and seeds nothing; the same service's next ready() seeds the schema once", async () => {
    const schema = schemaName("faults_seed");
    schemas.push(schema);
    const s = `"${schema}"`;
    // The schema as this release makes it, and the companies' next insert failing once.
    await migrate(direct, schema, testSecrets);
    await failOnce(direct, schema, "companies");
    const service = createFieldService({ ...quiet, fixture: testFixture(), storage: postgresStorage({ connectionString: databaseUrl!, schema, secrets: testSecrets, maxConnections: 1 }) });
    try {
      await expect(service.ready()).rejects.toBeInstanceOf(StorageUnavailableError);
      expect((await direct.query(`SELECT count(*)::int AS n FROM ${s}.companies`)).rows).toEqual([{ n: 0 }]);
      await service.ready();
      expect((await direct.query(`SELECT count(*)::int AS n FROM ${s}.companies`)).rows).toEqual([{ n: testFixture().companies.length }]);
      expect((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it("ERR-2: a locked retry (after a stale commit: BEGIN, the row locks, the view, the commit, COMMIT), cut before each of its statements, answers 503, holds no lock and changes no table; the next write of the store is 201", async () => {
    const p = await hotPair({ connectionString: proxy.url, maxConnections: 4 });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cut: number[] = [];
      for (let n = 0; n < 8; n++) {
        await p.heat();
        p.texts.length = 0;
        const before = await tables(p.storage.schema);
        proxy.cutBefore(n);
        const answer = await within(10_000, p.mine()());
        const happened = proxy.cutHappened();
        proxy.disarm();
        expect([n, p.texts[0]]).toEqual([n, "BEGIN"]);
        if (!happened) {
          expect(answer.status).toBe(201);
          expect(n).toBe(5);
          break;
        }
        cut.push(n);
        // A connection known lost is dropped, not asked to roll back.
        expect([n, p.texts.filter((t) => t === "ROLLBACK")]).toEqual([n, []]);
        expect([n, answer.status]).toEqual([n, 503]);
        expect([n, await tables(p.storage.schema)]).toEqual([n, before]);
        // Nothing held: the other process writes the store at once.
        expect((await within(10_000, p.theirs()())).status).toBe(201);
      }
      expect(cut).toEqual([0, 1, 2, 3, 4]);
    } finally {
      vi.useRealTimers();
      await p.close();
    }
  });


  it("ASN-5, STK-6: a locked retry whose row locks deadlock with another transaction (the database fails the lock, not the write) reads its view without holding anything, and the write still lands once", async () => {
    const texts: string[] = [];
    const { service, storage } = await scenarioService(schemas, { secrets: testSecrets, maxConnections: 4, onQuery: (text) => texts.push(text) }, quiet);
    const other = createFieldService({ ...quiet, fixture: testFixture(), storage: postgresStorage({ connectionString: databaseUrl!, schema: storage.schema, secrets: testSecrets }) });
    const tokenOf = async (s: FieldService<Promise<ServiceResponse>>): Promise<string> =>
      ((await s.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
    const [mine, theirs] = [await tokenOf(service), await tokenOf(other)];
    const [from, to] = [A.store(1) as Guid, A.store(2) as Guid];
    const move = (s: FieldService<Promise<ServiceResponse>>, token: string) => () =>
      s.handle({ method: "PUT", path: `/store/${from}/moveTo/${to}`, headers: { authorization: `Bearer ${token}` }, body: [{ materialId: "M1", amount: 1 }] });
    const amounts = async (): Promise<string> =>
      (await direct.query<{ a: string }>(`SELECT string_agg(store_id || ':' || amount::text, ' ' ORDER BY store_id) AS a FROM "${storage.schema}".stock WHERE company_id = $1 AND material_id = $2`, [A.company, A.material(1)])).rows[0]!.a;
    const operation: StoredOperation = {
      companyId: A.company, operation: "moveStock", form: "id", params: [{ name: "store", value: from }, { name: "toStore", value: to }], body: [], query: new Map(), dryRun: false,
      loads: { ...NOTHING, materials: { ids: [], externalIds: ["M1"] }, stock: "named" }, at: Date.parse("2026-05-01T08:00:00Z"), idempotencyKey: null,
    };
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Both stores have a stock version row (a move writes both).
      expect((await move(service, mine)()).status).toBe(204);
      // A stale commit of the same move here: both stores are hot, so the next move locks their rows.
      const loaded = await storage.load(operation);
      expect((await move(other, theirs)()).status).toBe(204);
      expect(await storage.commit(operation, loaded, { changes: { stock: new Map([[from, new Map([[A.material(1) as Guid, finite(0)]])]]) } })).toEqual({ kind: "stale" });
      const before = await amounts();
      // Another transaction holds the second store's row, and asks for the first once the locked
      // retry holds it: a cycle. This session waits 10 s before it looks for one, the service's
      // 1 s (the default), so the database fails the retry's lock statement, not this one.
      await blocker.query("SET deadlock_timeout = '10s'");
      await blocker.query("BEGIN");
      await blocker.query(`SELECT 1 FROM "${storage.schema}".stock_versions WHERE company_id = $1 AND store_id = $2 FOR NO KEY UPDATE`, [A.company, to]);
      texts.length = 0;
      const retries = storage.stats().retries;
      const answer = move(service, mine)();
      // Once the lock statement waits on the second store (holding the first), ask for the first.
      const waiting = async (): Promise<boolean> =>
        (await direct.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1", [`%"${storage.schema}".stock_versions%`])).rows[0]!.n > 0;
      for (let i = 0; i < 500 && !(await waiting()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await waiting()).toBe(true);
      const second = blocker.query(`SELECT 1 FROM "${storage.schema}".stock_versions WHERE company_id = $1 AND store_id = $2 FOR NO KEY UPDATE`, [A.company, from]);
      // The deadlock is found after the service's 1 s; its view is then read unlocked, and its
      // commit waits for this transaction, which ends now.
      await second;
      await blocker.query("ROLLBACK");
      expect((await within(10_000, answer)).status).toBe(204);
      expect(texts[0]).toBe("BEGIN");
      expect(texts.filter((t) => t === "ROLLBACK")).toEqual(["ROLLBACK"]);
      expect(storage.stats().retries - retries).toBe(1);
      // Moved once: one more unit out of the first store and into the second.
      const [f0, t0] = before.split(" ").map((p) => Number(p.split(":")[1]));
      expect(await amounts()).toBe(`${from}:${f0! - 1} ${to}:${t0! + 1}`);
    } finally {
      vi.useRealTimers();
      await blocker.end();
      await other.close();
      await service.close();
    }
  });

  describe("a locked retry ends its transaction whatever ends it", () => {
    it("HTTP-2, GEN-8: refused by the database for its own fault (disk full) at its commit, it answers 503, writes nothing and rolls back: the next write on the process's one connection is 201", async () => {
      const p = await hotPair({});
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        await p.heat();
        await failOnce(direct, p.storage.schema, "journal");
        const before = await tables(p.storage.schema);
        p.texts.length = 0;
        expect((await within(10_000, p.mine()())).status).toBe(503);
        expect(p.texts[0]).toBe("BEGIN");
        // The COMMIT went behind the failing commit statement (one round trip), and PostgreSQL
        // answered it with a rollback: nothing was written, and no ROLLBACK is sent after it.
        expect(p.texts.at(-1)).toBe("COMMIT");
        expect(p.texts.filter((t) => t === "ROLLBACK")).toEqual([]);
        expect((await tables(p.storage.schema))["stock"]).toEqual(before["stock"]);
        expect((await within(10_000, p.mine()())).status).toBe(201);
      } finally {
        vi.useRealTimers();
        await p.close();
      }
    });


    it("ERR-2: cancelled past the statement timeout while it waits for a row another transaction holds, it answers 503 and rolls back: the next write on the process's one connection is 201", async () => {
      const p = await hotPair({ statementTimeoutMs: 500 });
      const blocker = new pg.Client({ connectionString: databaseUrl });
      await blocker.connect();
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        await p.heat();
        await blocker.query("BEGIN");
        await blocker.query(`SELECT 1 FROM "${p.storage.schema}".stock_versions WHERE company_id = $1 AND store_id = $2 FOR NO KEY UPDATE`, [A.company, A.store(1)]);
        p.texts.length = 0;
        expect((await within(10_000, p.mine()())).status).toBe(503);
        expect(p.texts[0]).toBe("BEGIN");
        await blocker.query("ROLLBACK");
        expect((await within(10_000, p.mine()())).status).toBe(201);
      } finally {
        vi.useRealTimers();
        await blocker.end();
        await p.close();
      }
    });

    it("IDM-1: answered from the Idempotency-Key's record (the other process decided it), it rolls back and holds no row: the other process writes the store at once", async () => {
      const p = await hotPair({});
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        expect((await p.theirs("once")()).status).toBe(201);
        await p.heat();
        p.texts.length = 0;
        const repeat = await within(10_000, p.mine("once")());
        expect(repeat.status).toBe(201);
        expect(p.texts[0]).toBe("BEGIN");
        expect((await within(10_000, p.theirs()())).status).toBe(201);
      } finally {
        vi.useRealTimers();
        await p.close();
      }
    });
  });

  it("the pool opens at most maxConnections connections, however many requests wait", async () => {
    const { service, storage } = await scenarioService(schemas, { connectionString: proxy.url, secrets: testSecrets, maxConnections: 2 }, quiet);
    try {
      const token = ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
      const accepted = proxy.accepted();
      let most = 0;
      const answers = await Promise.all(Array.from({ length: 24 }, async () => {
        const answer = await service.handle({ method: "GET", path: "/customer/externalId/CUST-1", headers: { authorization: `Bearer ${token}` } });
        most = Math.max(most, proxy.open());
        return answer.status;
      }));
      expect(answers).toEqual(answers.map(() => 200));
      expect(storage.stats().roundTrips).toBeGreaterThanOrEqual(24);
      expect(proxy.accepted() - accepted).toBeLessThanOrEqual(2);
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      await service.close();
    }
  });

  it("ERR-2: idle connections the server drops (a restart) neither crash the process nor fail the next request; a transaction's connection is reused after it, and a snapshot leaves no transaction open on it", async () => {
    const { service, storage } = await scenarioService(schemas, { connectionString: proxy.url, secrets: testSecrets, maxConnections: 1 }, quiet);
    try {
      const token = ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
      const read = async (): Promise<ServiceResponse> => service.handle({ method: "GET", path: "/customer/externalId/CUST-1", headers: { authorization: `Bearer ${token}` } });
      expect((await read()).status).toBe(200);
      proxy.dropAll();
      // A moment for the driver to hear of it while the connection is idle in the pool.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await read()).status).toBe(200);
      // One connection, reused by the snapshot's transaction and the write's, then by a read.
      const accepted = proxy.accepted();
      const first = await storage.snapshot(A.company);
      await direct.query(`UPDATE "${storage.schema}".customers SET doc = jsonb_set(doc::jsonb, '{name}', '"Renamed"')::json, version = version + 1 WHERE company_id = $1`, [A.company]);
      // Had the snapshot left its REPEATABLE READ transaction open, this would still see the old name.
      expect(await storage.snapshot(A.company)).not.toBe(first);
      const renamed = await read();
      expect((renamed.body as { name: string }).name).toBe("Renamed");
      await storage.write(A.company, { customers: [testCustomer(0, 8, "CUST-8")] });
      expect(proxy.accepted() - accepted).toBe(0);
    } finally {
      await service.close();
    }
  });
});

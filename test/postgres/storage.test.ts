// The PostgreSQL storage's route (src/postgres/storage.ts): when a decision is given without
// reading anything (a customer add: its external ID is guarded by the unique constraint), and
// that such an add answers as the in-memory service does, taken, keyed or dry-run alike. Every
// other part of the storage is exercised by the suites beside this one.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { postgresStorage, unread } from "../../src/postgres/storage.js";
import { createFieldService } from "../../src/service/create.js";
import type { LoadedView, StoredOperation } from "../../src/service/storage.js";
import { NOTHING } from "../../src/service/loads.js";
import { loadFixture } from "../../src/service/fixture.js";
import type { CompanyState } from "../../src/service/state.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, failOnce, schemaName, testSecrets, testStorage } from "./support.js";
import { TOKEN_LIFETIME_MS } from "../../src/auth/token.js";
import { loginBody, scenarioService } from "./scenario.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite } from "../../src/stock/amount.js";

const A = ids(0);
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

/** A service opened on a fresh schema, its storage (a pool of `connections`), and a connection of the test's own to read the tables with. */
async function fresh(name: string, connections: number) {
  const schema = schemaName(name);
  schemas.push(schema);
  const storage = testStorage(schema, connections);
  const service = createFieldService({ fixture: testFixture(), storage });
  await service.ready();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    schema, storage, service, client,
    close: async (): Promise<void> => {
      await client.end();
      await service.close();
    },
  };
}

const add: StoredOperation = {
  companyId: A.company, operation: "addCustomer", form: "id", params: [], body: {}, query: new Map(), dryRun: false,
  loads: { ...NOTHING, absentExpected: true }, at: 0, idempotencyKey: null,
};

describe("a decision given without reading", () => {
  it("GEN-4, IDM-1, JRN-1: only a first attempt of a write whose loads expect absent records, with no path record, no idempotency key, not a dry run and no lock held", () => {
    expect(unread(add, undefined, undefined)).toBe(true);
    const view: LoadedView = { view: loadFixture(testFixture())[0] as CompanyState };
    for (const [why, operation, stale, pinned] of [
      ["loads that expect records", { ...add, loads: NOTHING }, undefined, undefined],
      ["loads that leave it out", { ...add, loads: { ...NOTHING, absentExpected: false } }, undefined, undefined],
      ["a second attempt (the constraint refused the first)", add, view, undefined],
      ["a locked retry", add, undefined, {}],
      ["a path record", { ...add, params: [{ name: "order", value: "0d0d0d0d-0000-4000-8000-000000000001" }] }, undefined, undefined],
      ["an idempotency key (its recorded answer is read)", { ...add, idempotencyKey: "k" }, undefined, undefined],
      ["a dry run (only its journal entry is committed)", { ...add, dryRun: true }, undefined, undefined],
    ] as const) expect([why, unread(operation as StoredOperation, stale, pinned)]).toEqual([why, false]);
  });
});

describe("the storage's options", () => {
  it("HTTP-2: the hasher and the bound of attempts given are the ones used (default: 20 attempts); closing twice ends the pool once", async () => {
    const url = databaseUrl ?? "postgres://nobody@127.0.0.1:1/none";
    const secrets = testSecrets;
    const given = postgresStorage({ connectionString: url, schema: "t_options", secrets, maxAttempts: 3 });
    expect(given.secrets).toBe(secrets);
    expect(given.attempts).toBe(3);
    const defaults = postgresStorage({ connectionString: url, schema: "t_options" });
    expect(defaults.attempts).toBe(20);
    expect(defaults.secrets).not.toBe(secrets);
    const first = given.close();
    expect(first).toBeInstanceOf(Promise);
    expect(given.close()).toBe(first);
    await first;
    await defaults.close();
  });
});

describe.runIf(databaseUrl !== undefined)("a customer add on PostgreSQL, decided without reading", () => {
  it("GEN-4, JRN-1, IDM-1: taken, keyed, dry run or new, it answers as the in-memory service does, and a taken one is journaled once, refused", async () => {
    const { service, storage } = await scenarioService(schemas);
    const memory = createFieldService({ fixture: testFixture(), now: () => new Date("2026-05-01T08:00:00Z") });
    try {
      const tokenOf = async (s: typeof service | typeof memory): Promise<string> => ((await s.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
      const [pgToken, memoryToken] = [await tokenOf(service), await tokenOf(memory)];
      const customer = (externalId: string): unknown => ({ externalId, name: "B", identificationNumber: "1", contactPeople: [{ externalId: "p", firstName: "J" }], addresses: [{ externalId: "a", city: "Brno" }] });
      const both = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; trips: number }> => {
        const before = storage.stats().roundTrips;
        const got = await service.handle({ method: "POST", path, headers: { authorization: `Bearer ${pgToken}`, ...headers }, body });
        const trips = storage.stats().roundTrips - before;
        const expected = memory.handle({ method: "POST", path, headers: { authorization: `Bearer ${memoryToken}`, ...headers }, body });
        // GUIDs drawn differ between the two services: compare the shape of a created answer, the whole of a refusal.
        const shape = (b: unknown): unknown => (typeof b === "object" && b !== null && "id" in b ? { id: "<drawn>" } : b);
        expect({ path, status: got.status, body: shape(got.body) }).toEqual({ path, status: expected.status, body: shape(expected.body) });
        return { status: got.status, body: got.body, trips };
      };
      const commits = storage.stats().commits;
      expect(await both("/customer", customer("N-1"))).toMatchObject({ status: 201, trips: 1 });
      expect(storage.stats().commits).toBe(commits + 1);
      const taken = await both("/customer", customer("N-1"));
      expect(taken).toMatchObject({ status: 400, trips: 3 });
      expect(JSON.stringify(taken.body)).toContain("DuplicateExternalId");
      // A dry run reads (no constraint would refuse a journal entry), so it refuses a taken ID too.
      expect(await both("/customer?dryRun=true", customer("N-1"))).toMatchObject({ status: 400, trips: 2 });
      expect(await both("/customer?dryRun=true", customer("N-2"))).toMatchObject({ status: 201, trips: 2 });
      // A keyed add reads its key's recorded answer with the view; its repeat answers that.
      expect(await both("/customer", customer("N-3"), { "idempotency-key": "k-1" })).toMatchObject({ status: 201, trips: 2 });
      expect(await both("/customer", customer("N-3"), { "idempotency-key": "k-1" })).toMatchObject({ status: 201, trips: 1 });
      // The taken add is journaled once, as a refusal under GEN-4 (its refused commit wrote nothing).
      const journal = await service.handle({ method: "GET", path: "/journal?operation=addCustomer&limit=50", headers: { authorization: `Bearer ${pgToken}` } });
      const entries = (journal.body as { items: { outcome: string; rules: string[]; status: number }[] }).items;
      expect(entries.map((e) => [e.outcome, e.status])).toEqual([["committed", 201], ["refused", 400], ["dryRun", 400], ["dryRun", 201], ["committed", 201]]);
      expect(entries[1]?.rules).toContain("GEN-4");
    } finally {
      await service.close();
    }
  });
  it("AUTH-3: a token this process has seen is answered from memory while valid, and refused once it expires (not served from the cache)", async () => {
    const schema = schemaName("tokens");
    schemas.push(schema);
    let clock = Date.parse("2026-05-01T08:00:00Z");
    const storage = testStorage(schema, 2);
    const service = createFieldService({ fixture: testFixture(), storage, now: () => new Date(clock) });
    await service.ready();
    try {
      const token = ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
      const read = (): Promise<{ status: number }> => service.handle({ method: "GET", path: `/material/${A.material(1)}`, headers: { authorization: `Bearer ${token}` } });
      expect((await read()).status).toBe(200);
      const before = storage.stats().roundTrips;
      expect((await read()).status).toBe(200);
      // The token came from memory: the read's view was the only round trip.
      expect(storage.stats().roundTrips - before).toBe(1);
      clock += TOKEN_LIFETIME_MS - 1;
      expect((await read()).status).toBe(200);
      clock += 1;
      expect((await read()).status).toBe(401);
    } finally {
      await service.close();
    }
  });
  it("AUTH-3: expired tokens are swept from the table every 1,024th token saved, in the token's own statement (the table does not grow with every login ever made)", async () => {
    const { schema, storage, client, close } = await fresh("sweep", 2);
    try {
      const now = Date.parse("2026-05-01T08:00:00Z");
      const stored = async (): Promise<number> => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".tokens`)).rows[0]!.n;
      const save = (i: number, issuedAt: number) => storage.saveToken({ token: `t-${i}`, companyId: A.company, issuedAt });
      // Saved 1st: a token already expired two hours ago.
      await save(0, now - 2 * TOKEN_LIFETIME_MS);
      for (let i = 1; i < 1023; i++) await save(i, now);
      expect(await stored()).toBe(1023);
      const before = storage.stats().statements;
      await save(1023, now);
      // The 1,024th: one statement inserts it and sweeps the expired one.
      expect(storage.stats().statements - before).toBe(1);
      expect(await stored()).toBe(1023);
      // The count starts over: the next sweep is at the 2,048th.
      await save(1024, now - 2 * TOKEN_LIFETIME_MS);
      for (let i = 1025; i < 2047; i++) await save(i, now);
      expect(await stored()).toBe(2046);
      await save(2047, now);
      expect(await stored()).toBe(2046);
    } finally {
      await close();
    }
  }, 60_000);

  it("ASN-5: the record writer keeps an intervention's allocations as its assignations and state say: one row per assignee, none once it is cancelled, the new assignee's only after a reassignment", async () => {
    const { schema, storage, client, close } = await fresh("writer", 2);
    try {
      const allocated = async (): Promise<string[]> =>
        (await client.query<{ a: string }>(`SELECT user_id || ' ' || start_at || '-' || end_at AS a FROM "${schema}".allocations ORDER BY 1`)).rows.map((r) => r.a);
      const customer = testCustomer(0, 1, "CUST-1");
      const order = testOrder(customer, 1, "ORD-1");
      const planned = testIntervention(order, 1, "V-1");
      const [start, end] = [planned.assignations[0]!.plannedStart, planned.assignations[0]!.plannedEnd];
      await storage.write(A.company, { customers: [customer], orders: [order], interventions: [planned] });
      expect(await allocated()).toEqual([`${A.tech1} ${start}-${end}`]);
      await storage.write(A.company, { interventions: [{ ...planned, state: "Cancelled" }] });
      expect(await allocated()).toEqual([]);
      const both = { ...planned, assignations: [...planned.assignations, { userId: A.tech2, plannedStart: start, plannedEnd: end }] };
      await storage.write(A.company, { interventions: [both] });
      expect(await allocated()).toEqual([`${A.tech1} ${start}-${end}`, `${A.tech2} ${start}-${end}`].sort());
      await storage.write(A.company, { interventions: [{ ...planned, assignations: [{ userId: A.tech2, plannedStart: start, plannedEnd: end }] }] });
      expect(await allocated()).toEqual([`${A.tech2} ${start}-${end}`]);
    } finally {
      await close();
    }
  });

  it("GEN-8, GEN-4: the record writer sends one statement per kind it writes (records, materials, stock) between BEGIN and COMMIT, none for a kind it is not given; a write the database refuses (a taken external ID) lands nothing and leaves its connection usable", async () => {
    const { schema, storage, client, close } = await fresh("writer", 1);
    try {
      const sent = async (write: () => Promise<void>): Promise<number> => {
        const before = storage.stats().statements;
        await write();
        return storage.stats().statements - before;
      };
      const one = async (sql: string, values: unknown[]): Promise<unknown> => (await client.query(sql, values)).rows[0];
      expect(await sent(() => storage.write(A.company, {}))).toBe(2);
      const customer = testCustomer(0, 1, "CUST-1");
      expect(await sent(() => storage.write(A.company, { customers: [customer] }))).toBe(3);
      const [company] = loadFixture(testFixture());
      const material = { ...[...company!.materials.byId.values()][0]!, name: "Renamed" };
      expect(await sent(() => storage.write(A.company, { materials: [material] }))).toBe(3);
      expect(await one(`SELECT name FROM "${schema}".materials WHERE company_id = $1 AND id = $2`, [A.company, material.id])).toEqual({ name: "Renamed" });
      const stock = new Map([[A.store(1) as Guid, new Map([[material.id, finite("2.5")]])]]);
      expect(await sent(() => storage.write(A.company, { stock }))).toBe(3);
      expect(await one(`SELECT amount::text AS a FROM "${schema}".stock WHERE company_id = $1 AND store_id = $2 AND material_id = $3`, [A.company, A.store(1), material.id])).toEqual({ a: "2.5" });
      // Another customer with CUST-1's external ID, beside a new order: refused whole.
      const twin = testCustomer(0, 2, "CUST-1");
      const refused = await storage.write(A.company, { customers: [twin], orders: [testOrder(customer, 5, "ORD-5")] }).then(() => undefined, (error: unknown) => error);
      expect((refused as { code?: string }).code).toBe("23505");
      expect(await one(`SELECT count(*)::int AS n FROM "${schema}".orders`, [])).toEqual({ n: 0 });
      // The one connection was rolled back and kept: the next write runs on it.
      expect(await sent(() => storage.write(A.company, { orders: [testOrder(customer, 5, "ORD-5")] }))).toBe(3);
      expect(await one(`SELECT count(*)::int AS n FROM "${schema}".orders`, [])).toEqual({ n: 1 });
    } finally {
      await close();
    }
  });

  it("HTTP-2, GEN-8: a commit the database refuses for its own fault (disk full, SQLSTATE 53100) answers 503 and writes nothing; it is not decided again as a GEN-4 race", async () => {
    const { service, storage } = await scenarioService(schemas);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const s = `"${storage.schema}"`;
      // The journal's next insert fails once.
      await failOnce(admin, storage.schema, "journal");
      const token = ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
      const add = (): Promise<{ status: number }> => service.handle({ method: "POST", path: "/customer", headers: { authorization: `Bearer ${token}` }, body: { externalId: "FULL-1", name: "B", identificationNumber: "1", contactPeople: [{ firstName: "J" }], addresses: [{ city: "Brno" }] } });
      expect((await add()).status).toBe(503);
      expect((await admin.query(`SELECT count(*)::int AS n FROM ${s}.customers WHERE external_id = 'FULL-1'`)).rows).toEqual([{ n: 0 }]);
      // The fault gone, the same request is decided and committed.
      expect((await add()).status).toBe(201);
    } finally {
      await admin.end();
      await service.close();
    }
  });
  it("MAT-1: a material replaced through the commit is what the next read answers", async () => {
    const { service } = await scenarioService(schemas);
    try {
      const token = ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
      const headers = { authorization: `Bearer ${token}` };
      expect((await service.handle({ method: "PUT", path: `/material/${A.material(3)}`, headers, body: { name: "Žárovka E14", categoryId: "elektro", supplierId: "ferona" } })).status).toBe(204);
      expect(((await service.handle({ method: "GET", path: `/material/${A.material(3)}`, headers })).body as { name: string }).name).toBe("Žárovka E14");
    } finally {
      await service.close();
    }
  });
});

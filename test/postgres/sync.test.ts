// The sync on PostgreSQL across processes (SYN-3): two service instances on one schema, an entry
// committed after the cursor was taken by a transaction that was already running, and the
// round trips of a pull.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService, ServiceResponse } from "../../src/service/entry-point.js";
import type { Guid } from "../../src/shared/guid.js";
import type { SyncAnswer } from "../../src/sync/answer.js";
import { mergeSyncAnswer } from "../../src/sync/merge.js";
import { canonical } from "../sync/replica.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";
import { tokenOf } from "./scenario.js";

const A = ids(0);
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

type Service = FieldService<Promise<ServiceResponse>>;


const scope = `scope=technician:t1&from=2026-05-04&to=2026-05-10`;

async function pull(s: Service, token: string, since?: string): Promise<SyncAnswer> {
  const r = await s.handle({ method: "GET", path: `/sync?${scope}${since === undefined ? "" : `&since=${since}`}`, headers: { authorization: `Bearer ${token}` } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as SyncAnswer;
}

function seeded() {
  const customer = testCustomer(0, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  const other = testOrder(customer, 2, "ORD-2");
  const planned = testIntervention(order, 1, "INT-1");
  const foreign = testIntervention(other, 2, "INT-2");
  return { customer, order, other, planned, foreign };
}

/** A service on a fresh schema of its own (dropped after the file), not yet opened. */
function onFreshSchema(name: string): { schema: string; storage: ReturnType<typeof testStorage>; service: Service } {
  const schema = schemaName(name);
  schemas.push(schema);
  const storage = testStorage(schema, 2);
  return { schema, storage, service: createFieldService({ fixture: testFixture(), storage }) };
}

describe.runIf(databaseUrl !== undefined)("the sync on PostgreSQL", () => {
  it("SYN-3: a write through one instance is in the other instance's incremental pull", async () => {
    const schema = schemaName("sync2");
    schemas.push(schema);
    const storage = testStorage(schema, 2);
    const one: Service = createFieldService({ fixture: testFixture(), storage });
    const two: Service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) });
    try {
      await one.ready();
      const { customer, order, other, planned, foreign } = seeded();
      await storage.write(A.company as Guid, { customers: [customer], orders: [order, other], interventions: [planned, foreign] });
      const [t1, t2] = [await tokenOf(one), await tokenOf(two)];
      const first = await pull(two, t2);
      expect(first.interventions.map((i) => i.id).sort()).toEqual([planned.id, foreign.id].sort());
      const r = await one.handle({ method: "PUT", path: `/order/${order.id}/intervention/${planned.id}/Cancel`, headers: { authorization: `Bearer ${t1}` }, body: {} });
      expect(r.status).toBe(200);
      const next = await pull(two, t2, first.cursor);
      expect(next.full).toBe(false);
      expect(next.interventions.find((i) => i.id === planned.id)?.state).toBe("Cancelled");
      expect(next.allocations).toEqual([{ interventionId: planned.id, slots: [] }]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("SYN-2, SYN-3: stock and material writes through one instance reach the other's pulls, whose stock and materials come from its store-listing cache", async () => {
    const schema = schemaName("sync3");
    schemas.push(schema);
    const one: Service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) });
    const two: Service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) });
    try {
      await one.ready();
      const [t1, t2] = [await tokenOf(one), await tokenOf(two)];
      const first = await pull(two, t2); // warms two's cache: the store S1 and the company's materials
      const stock = (a: SyncAnswer) => a.stock.find((k) => k.storeId === A.store(1))?.items;
      expect(stock(first)).toEqual([{ materialId: A.material(1), amount: "10" }, { materialId: A.material(2), amount: null }]);
      const auth = { authorization: `Bearer ${t1}` };
      const added = await one.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: auth, body: [{ materialId: A.material(1), amount: 5 }, { materialId: A.material(3), amount: 4 }] });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const edited = await one.handle({ method: "PUT", path: `/material/${A.material(1)}`, headers: auth, body: { externalId: "M1", name: "Šroub M8", categoryId: A.category(7), supplierId: A.category(8), price: 3.25 } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(204);
      const next = await pull(two, t2, first.cursor);
      expect(next.full).toBe(false);
      expect(next.stock).toEqual([{ storeId: A.store(1), whole: false, items: [{ materialId: A.material(1), amount: "15" }, { materialId: A.material(3), amount: "4" }] }]);
      expect(next.materials.map((m) => [m.id, m.name, m.price]).sort()).toEqual([[A.material(1), "Šroub M8", "3.25"], [A.material(3), "Žárovka", "0"]].sort());
      // A full pull through the warm instance equals one through an instance that has served nothing (cold cache).
      const three: Service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 1) });
      try {
        const [warm, cold] = [await pull(two, t2), await pull(three, await tokenOf(three))];
        expect({ ...warm, cursor: "" }).toEqual({ ...cold, cursor: "" });
        expect(stock(warm)).toEqual([{ materialId: A.material(1), amount: "15" }, { materialId: A.material(2), amount: null }, { materialId: A.material(3), amount: "4" }]);
        // A page read through two turns the store its syncs held as plain stock into a listing, which later writes keep current.
        const page = async (s: Service, token: string) => (await s.handle({ method: "GET", path: `/store/${A.store(1)}?page=1&pageSize=20&sortBy=amount&sortOrder=descend`, headers: { authorization: `Bearer ${token}` } })).body;
        // The reference: an instance that only reads pages (its cache builds listings directly).
        const four: Service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 1) });
        try {
          const t4 = await tokenOf(four);
          const before = await page(four, t4);
          expect((before as { materials: { items: unknown[] } }).materials.items).toHaveLength(3);
          expect(await page(two, t2)).toEqual(before);
          const moved = await one.handle({ method: "PUT", path: `/store/${A.store(1)}/setMaterialAmounts`, headers: auth, body: [{ materialId: A.material(3), amount: 40 }] });
          expect(moved.status, JSON.stringify(moved.body)).toBe(204);
          const after = await page(four, t4);
          expect(after).not.toEqual(before);
          expect(await page(two, t2)).toEqual(after);
        } finally {
          await four.close();
        }
        expect(stock(await pull(two, t2))).toEqual([{ materialId: A.material(1), amount: "15" }, { materialId: A.material(2), amount: null }, { materialId: A.material(3), amount: "40" }]);
      } finally {
        await three.close();
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("SYN-3: an entry with a smaller seq committed after the cursor was taken (its transaction was running) is not missed", async () => {
    const { schema, storage, service } = onFreshSchema("synclate");
    const slow = new pg.Client({ connectionString: databaseUrl });
    await slow.connect();
    try {
      await service.ready();
      const { customer, order, other, planned, foreign } = seeded();
      await storage.write(A.company as Guid, { customers: [customer], orders: [order, other], interventions: [planned, foreign] });
      const token = await tokenOf(service);
      const first = await pull(service, token);
      // A slow writer: its journal entry takes the next seq, then it waits, uncommitted.
      const late = { ...foreign, internalNote: "written late" };
      await slow.query("BEGIN");
      await slow.query(`UPDATE "${schema}".interventions SET doc = $3::json WHERE company_id = $1 AND id = $2`, [A.company, foreign.id, JSON.stringify(late)]);
      await slow.query(
        `INSERT INTO "${schema}".journal (company_id, at, operation, outcome, rules, records, status, dry_run, entry, changed_kinds, changed_ids, changed_materials)
         VALUES ($1, 0, 'editIntervention', 'committed', '{}', '{}', 200, false, $2::json, '{intervention}', ARRAY[$3::uuid], '{NULL}')`,
        [A.company, JSON.stringify({ changes: [{ kind: "intervention", before: foreign, after: late }] }), foreign.id],
      );
      // A quick writer commits a larger seq meanwhile; the pull sees it, not the slow one.
      const r = await service.handle({ method: "PUT", path: `/order/${order.id}/intervention/${planned.id}/Cancel`, headers: { authorization: `Bearer ${token}` }, body: {} });
      expect(r.status).toBe(200);
      const second = await pull(service, token, first.cursor);
      expect(second.interventions.find((i) => i.id === planned.id)?.state).toBe("Cancelled");
      expect(second.interventions.find((i) => i.id === foreign.id)?.internalNote).not.toBe("written late");
      await slow.query("COMMIT");
      const third = await pull(service, token, second.cursor);
      expect(third.full).toBe(false);
      expect(third.interventions.find((i) => i.id === foreign.id)?.internalNote).toBe("written late");
    } finally {
      await slow.end();
      await service.close();
    }
  });

  it("SYN-2, STO-2: a pull reads the stores its technician may use and no other: a technician's brings one store into the process's listing cache, an administrator's (who uses every store) both", async () => {
    const { storage, service } = onFreshSchema("syncstores");
    try {
      await service.ready();
      const token = await tokenOf(service);
      const pullAs = async (user: string): Promise<SyncAnswer> => {
        const r = await service.handle({ method: "GET", path: `/sync?scope=technician:${user}&from=2026-05-04&to=2026-05-10`, headers: { authorization: `Bearer ${token}` } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body as SyncAnswer;
      };
      expect(storage.stats().listingCache.stores).toBe(0);
      expect((await pullAs("t1")).stores.map((st) => st.id)).toEqual([A.store(1)]);
      expect(storage.stats().listingCache.stores).toBe(1);
      expect((await pullAs("admin")).stores.map((st) => st.id).sort()).toEqual([A.store(1), A.store(2)].sort());
      expect(storage.stats().listingCache.stores).toBe(2);
    } finally {
      await service.close();
    }
  });

  it("SYN-3: a full pull and an incremental pull are one round trip each (at most 2)", async () => {
    const { storage, service } = onFreshSchema("syncrt");
    try {
      await service.ready();
      const { customer, order, other, planned, foreign } = seeded();
      await storage.write(A.company as Guid, { customers: [customer], orders: [order, other], interventions: [planned, foreign] });
      const token = await tokenOf(service);
      const counted = async (since?: string): Promise<[SyncAnswer, number]> => {
        const before = storage.stats().roundTrips;
        const answer = await pull(service, token, since);
        return [answer, storage.stats().roundTrips - before];
      };
      const [full, fullTrips] = await counted();
      expect(full.orders).toHaveLength(2);
      await service.handle({ method: "PUT", path: `/order/${order.id}/intervention/${planned.id}/Cancel`, headers: { authorization: `Bearer ${token}` }, body: {} });
      const [incremental, incrementalTrips] = await counted(full.cursor);
      expect(incremental.orders.map((o) => o.id)).toEqual([order.id]);
      expect([fullTrips, incrementalTrips].every((n) => n >= 1 && n <= 2)).toBe(true);
      expect([fullTrips, incrementalTrips]).toEqual([1, 1]);
    } finally {
      await service.close();
    }
  });

  it("SYN-4: after the database is restored from an older dump, a device's cursor from the lost history gets a full answer and the device ends equal to a fresh pull", async () => {
    const { schema, storage, service: one } = onFreshSchema("syncrestore");
    const dump = join(tmpdir(), `${schema}.sql`);
    let two: Service | undefined;
    try {
      await one.ready();
      const { customer, order, other, planned, foreign } = seeded();
      await storage.write(A.company as Guid, { customers: [customer], orders: [order, other], interventions: [planned, foreign] });
      const t1 = await tokenOf(one);
      const cancel = (s: Service, token: string, o: Guid, i: Guid) =>
        s.handle({ method: "PUT", path: `/order/${o}/intervention/${i}/Cancel`, headers: { authorization: `Bearer ${token}` }, body: {} });
      expect((await cancel(one, t1, other.id, foreign.id)).status).toBe(200);
      execFileSync("pg_dump", ["--dbname", databaseUrl!, "--schema", schema, "--file", dump]);
      // Written after the dump: the device sees it, the restored database will not hold it.
      expect((await cancel(one, t1, order.id, planned.id)).status).toBe(200);
      const before = await pull(one, t1);
      expect(before.interventions.find((i) => i.id === planned.id)?.state).toBe("Cancelled");
      await one.close();

      await dropSchemas([schema]);
      execFileSync("psql", ["--dbname", databaseUrl!, "--quiet", "-v", "ON_ERROR_STOP=1", "--file", dump]);
      two = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) });
      await two.ready();
      const t2 = await tokenOf(two);
      // A write after the restore takes the seq the lost entry had, in a later transaction.
      const r = await two.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { authorization: `Bearer ${t2}` }, body: [{ materialId: "M1", amount: 1 }] });
      expect(r.status).toBe(201);
      const answer = await pull(two, t2, before.cursor);
      expect(answer.full).toBe(true);
      const device = mergeSyncAnswer(mergeSyncAnswer(undefined, before), answer);
      expect(device.interventions.get(planned.id)?.state).not.toBe("Cancelled");
      expect(canonical(device)).toEqual(canonical(mergeSyncAnswer(undefined, await pull(two, t2))));
      // The cursor of the restored history is served incrementally again.
      expect((await pull(two, t2, answer.cursor)).full).toBe(false);
    } finally {
      rmSync(dump, { force: true });
      await one.close();
      await two?.close();
    }
  });
});

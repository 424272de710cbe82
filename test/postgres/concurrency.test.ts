// Two service instances (two pools, as two processes would have) on one PostgreSQL schema,
// racing writes that the rules serialise: plans of one technician (ASN-5), stock batches of
// one store (STK-6), external IDs (GEN-4). The database decides; the answers must agree.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService, ServiceResponse } from "../../src/service/entry-point.js";
import type { Fixture } from "../../src/service/fixture.js";
import type { Guid } from "../../src/shared/guid.js";
import type { PostgresStorage } from "../../src/postgres/index.js";
import type { Intervention } from "../../src/records/intervention.js";
import { NOTHING } from "../../src/service/loads.js";
import type { StoredOperation } from "../../src/service/storage.js";
import { ids, testCustomer, testFixture, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";
import { tokenOf } from "./scenario.js";

const A = ids(0);
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

interface Pair {
  services: [FieldService<Promise<ServiceResponse>>, FieldService<Promise<ServiceResponse>>];
  storages: [PostgresStorage, PostgresStorage];
  send: (i: number, method: string, path: string, body?: unknown) => Promise<ServiceResponse>;
  close: () => Promise<void>;
}

/** Two services on one fresh schema (collisions forbidden in company A), both logged in, one order seeded. */
async function pair(): Promise<Pair> {
  const fixture: Fixture = testFixture();
  fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions: true };
  const schema = schemaName("race");
  schemas.push(schema);
  const storages: [PostgresStorage, PostgresStorage] = [testStorage(schema, 4), testStorage(schema, 4)];
  const services: Pair["services"] = [createFieldService({ fixture, storage: storages[0] }), createFieldService({ fixture, storage: storages[1] })];
  await Promise.all(services.map((s) => s.ready()));
  const customer = testCustomer(0, 1, "CUST-1");
  await storages[0].write(A.company, { customers: [customer], orders: [testOrder(customer, 1, "ORD-1")] });
  const tokens = await Promise.all(services.map(tokenOf));
  return {
    services,
    storages,
    send: (i, method, path, body) => services[i % 2]!.handle({ method, path, headers: { authorization: `Bearer ${tokens[i % 2]}` }, ...(body === undefined ? {} : { body }) }),
    close: async () => {
      await Promise.all(services.map((s) => s.close()));
    },
  };
}

const codes = (r: ServiceResponse): string[] => ((r.body as { errors?: { code: string }[] } | undefined)?.errors ?? []).map((e) => e.code);
const at = (hour: number, minute = 0): string => `2026-05-04T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`;
const plan = (from: string, to: string, externalId?: string) => ({
  primaryAssigneeId: A.tech1, day: "2026-05-04", categoryId: "revize", ...(externalId === undefined ? {} : { externalId }),
  assignations: [{ userId: A.tech1, plannedStart: from, plannedEnd: to }],
});

/** Plans 8:00–9:00 on ORD-1 through the first instance and answers the intervention its journal entry wrote. */
async function plannedThroughTheService(p: Pair): Promise<Intervention> {
  expect((await p.send(0, "POST", "/order/externalId/ORD-1/PlanIntervention", plan(at(8), at(9)))).status).toBe(200);
  const journal = (await p.send(0, "GET", "/journal?operation=planIntervention")).body as { items: { changes: { kind: string; after: Intervention }[] }[] };
  return journal.items[0]!.changes.find((c) => c.kind === "intervention")!.after;
}

describe.runIf(databaseUrl !== undefined)("two service instances on one database", () => {
  it("ASN-5: eight identical plans of one technician's slot through two instances at once: exactly one wins, the others are refused as collisions", async () => {
    const p = await pair();
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => p.send(i, "POST", "/order/externalId/ORD-1/PlanIntervention", plan(at(8), at(9)))));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(400);
        expect(codes(r)).toContain("Collision");
        expect(r.effects).toEqual([]);
      }
      const order = (await p.send(0, "GET", "/order/externalId/ORD-1")).body as { interventionIds: string[] };
      expect(order.interventionIds).toHaveLength(1);
    } finally {
      await p.close();
    }
  }, 60_000);

  it("ASN-5: one technician's slot planned at once on eight different orders through two instances: exactly one wins (the technician's version, not the order's, guards it)", async () => {
    const p = await pair();
    try {
      const customer = testCustomer(0, 1, "CUST-1");
      await p.storages[0].write(A.company, { orders: Array.from({ length: 7 }, (_, i) => testOrder(customer, i + 2, `ORD-${i + 2}`)) });
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => p.send(i, "POST", `/order/externalId/ORD-${i + 1}/PlanIntervention`, plan(at(10), at(11)))));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(400);
        expect(codes(r)).toContain("Collision");
      }
    } finally {
      await p.close();
    }
  }, 60_000);

  it("ASN-5: random slots of one technician planned at once through two instances: the accepted ones never overlap, and each refused one overlaps an accepted one", async () => {
    const p = await pair();
    let day = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 6, max: 16 }), fc.integer({ min: 1, max: 12 })), { minLength: 2, maxLength: 8 }), async (slots) => {
          // A fresh day per run: runs do not see each other's allocations.
          day++;
          const date = new Date(Date.UTC(2026, 5, day)).toISOString().slice(0, 10);
          const asked = slots.map(([h, q]) => ({ start: Date.parse(`${date}T${String(h).padStart(2, "0")}:00:00Z`), end: Date.parse(`${date}T${String(h).padStart(2, "0")}:00:00Z`) + q * 15 * 60_000 }));
          const answers = await Promise.all(
            asked.map((s, i) =>
              p.send(i, "POST", "/order/externalId/ORD-1/PlanIntervention", {
                ...plan(new Date(s.start).toISOString(), new Date(s.end).toISOString()),
                day: date,
              }),
            ),
          );
          const won = asked.filter((_, i) => answers[i]!.status === 200);
          const lost = asked.filter((_, i) => answers[i]!.status !== 200);
          expect(won.length).toBeGreaterThanOrEqual(1);
          for (let i = 0; i < won.length; i++) for (let j = i + 1; j < won.length; j++) expect(won[i]!.start < won[j]!.end && won[j]!.start < won[i]!.end).toBe(false);
          for (const l of lost) expect(won.some((w) => w.start < l.end && l.start < w.end)).toBe(true);
          for (const r of answers) if (r.status !== 200) expect(codes(r)).toContain("Collision");
        }),
        { numRuns: 8 },
      );
    } finally {
      await p.close();
    }
  }, 120_000);

  it("STK-2, STK-6: parallel addToStore batches on one store through two instances end exact (the sum of what was added)", async () => {
    const p = await pair();
    try {
      const S = A.store(2);
      const adds = Array.from({ length: 16 }, (_, i) => [{ materialId: A.material(1), amount: 0.25 + i }, { materialId: A.material(2), amount: 1 }]);
      const answers = await Promise.all(adds.map((body, i) => p.send(i, "POST", `/store/${S}/addToStore`, body)));
      expect(answers.map((r) => r.status)).toEqual(adds.map(() => 201));
      const page = (await p.send(0, "GET", `/store/${S}?page=1&pageSize=10`)).body as { materials: { items: { materialId: string; amount: number }[] } };
      const amount = (m: Guid): number | undefined => page.materials.items.find((i) => i.materialId === m)?.amount;
      expect(amount(A.material(1))).toBe(adds.reduce((sum, _, i) => sum + 0.25 + i, 0));
      expect(amount(A.material(2))).toBe(16);
      // Each answer reports an amount some serial order produced: all distinct, the largest is the total.
      const seen = answers.map((r) => (r.body as { items: { materialId: string; amount: number }[] }).items.find((x) => x.materialId === A.material(2))!.amount).sort((x, y) => x - y);
      expect(seen).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    } finally {
      await p.close();
    }
  }, 60_000);

  it("STK-2, STK-3, STK-5: batches and moves racing on one store named by GUID and by external ID (two different turns in each process; one stock version) through two instances end exact", async () => {
    // Stock writes run at REPEATABLE READ: the store's stock counter, bumped by every write that
    // read the store, is what makes the later of two concurrent writers re-run. Here the adds
    // name store 1 as "S1" and the moves by GUID (a path has one form, and store 2 has no
    // external ID), so the advisory locks do not order them.
    const p = await pair();
    try {
      const S1 = A.store(1);
      const S2 = A.store(2);
      const M1 = A.material(1);
      const writes = Array.from({ length: 24 }, (_, i) => {
        if (i % 3 === 0) return { method: "PUT", path: `/store/${S1}/moveTo/${S2}`, body: [{ materialId: M1, amount: 1 }] };
        if (i % 3 === 1) return { method: "POST", path: `/store/${i % 2 === 0 ? "externalId/S1" : S1}/addToStore`, body: [{ materialId: M1, amount: 2 }] };
        return { method: "PUT", path: `/store/${S2}/moveTo/${S1}`, body: [{ materialId: M1, amount: 0.5 }] };
      });
      // Store 2 must hold M1 before anything moves back from it (STK-5).
      expect((await p.send(0, "POST", `/store/${S2}/addToStore`, [{ materialId: M1, amount: 8 }])).status).toBe(201);
      const answers = await Promise.all(writes.map((w, i) => p.send(i, w.method, w.path, w.body)));
      expect(answers.map((r) => r.status).filter((s) => s >= 300)).toEqual([]);
      const amountIn = async (store: Guid): Promise<number | undefined> => {
        const page = (await p.send(0, "GET", `/store/${store}?page=1&pageSize=10`)).body as { materials: { items: { materialId: string; amount: number }[] } };
        return page.materials.items.find((x) => x.materialId === M1)?.amount;
      };
      // 8 moves of 1 out of S1 (never below 0: S1 starts at 10 and gains 2 × 8), 8 adds of 2,
      // 8 moves of 0.5 back: S1 = 10 - 8 + 16 + 4, S2 = 8 + 8 - 4, whatever the order.
      expect(await amountIn(S1)).toBe(22);
      expect(await amountIn(S2)).toBe(12);
    } finally {
      await p.close();
    }
  }, 60_000);

  it("GEN-4, GEN-8: the same external ID created at once through two instances: one 201, the others 400 DuplicateExternalId, no row left behind", async () => {
    const p = await pair();
    try {
      const body = { name: "Závod s.r.o.", identificationNumber: "27074358", externalId: "RACE-1", contactPeople: [{ lastName: "Nový" }], addresses: [{ street: "Husova 5", city: "Brno" }] };
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => p.send(i, "POST", "/customer", body)));
      expect(answers.filter((r) => r.status === 201), JSON.stringify(answers[0])).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 201)) expect(codes(r)).toEqual(["DuplicateExternalId"]);
      const snapshot = JSON.parse(await p.storages[0].snapshot(A.company)) as unknown[][];
      expect(snapshot[0]).toHaveLength(2); // the seeded customer and the one winner
    } finally {
      await p.close();
    }
  }, 60_000);

  it("GEN-8: concurrent edits of one order through two instances lose no update: in seq order, each journaled edit's before is the previous one's after (the order's version, compare-and-set)", async () => {
    const p = await pair();
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => p.send(i, "PUT", "/order/externalId/ORD-1", { name: `edit-${i}` })));
      expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 204));
      const page = await p.send(0, "GET", "/journal?operation=editOrder&limit=100");
      const edits = (page.body as { items: { changes: { kind: string; before: { name: string } | null; after: { name: string } }[] }[] }).items;
      expect(edits).toHaveLength(12);
      const names = edits.map((e) => e.changes.find((c) => c.kind === "order")!);
      for (let i = 1; i < names.length; i++) expect(names[i]!.before?.name).toBe(names[i - 1]!.after.name);
      const order = await p.send(1, "GET", "/order/externalId/ORD-1");
      expect((order.body as { name: string }).name).toBe(names.at(-1)!.after.name);
      expect(p.storages[0].stats().retries + p.storages[1].stats().retries).toBeGreaterThan(0);
    } finally {
      await p.close();
    }
  }, 60_000);

  it("ORD-11, ORD-13: a plan decided on a view of its order commits only if no write under that order came first: a cancel between the plan's view and its commit makes the commit stale, and nothing of it is written", async () => {
    const p = await pair();
    try {
      const planned = await plannedThroughTheService(p);
      // A second plan's decision, made by hand on a view loaded through the storage port.
      const operation: StoredOperation = {
        companyId: A.company, operation: "planIntervention", form: "externalId", params: [{ name: "order", value: "ORD-1" }], body: {}, query: new Map(), dryRun: false,
        loads: NOTHING, at: Date.parse(at(7)), idempotencyKey: null,
      };
      const second: Intervention = { ...planned, id: "00000000-0000-4000-8000-0000000000f1" as Guid, externalId: null };
      // Control: nothing came between, so it commits.
      const calm = await p.storages[0].load(operation);
      expect(await p.storages[0].commit(operation, calm, { changes: { interventions: [second] } })).toEqual({ kind: "committed" });
      const third: Intervention = { ...planned, id: "00000000-0000-4000-8000-0000000000f2" as Guid, externalId: null };
      const loaded = await p.storages[0].load(operation);
      // The order is cancelled through the other instance meanwhile (its interventions with it).
      expect((await p.send(1, "PUT", "/order/externalId/ORD-1/cancel", { reason: "race" })).status).toBe(204);
      expect(await p.storages[0].commit(operation, loaded, { changes: { interventions: [third] } })).toEqual({ kind: "stale" });
      const order = (await p.send(0, "GET", "/order/externalId/ORD-1")).body as { id: string; state: string; interventionIds: string[] };
      expect(order.state).toBe("Cancelled");
      expect(order.interventionIds).not.toContain(third.id);
    } finally {
      await p.close();
    }
  });
  it("ORD-11, ORD-13: the same guard when the path names the order by its GUID (in upper case): a cancel between the plan's view and its commit makes the commit stale", async () => {
    const p = await pair();
    try {
      const planned = await plannedThroughTheService(p);
      const orderId = testOrder(testCustomer(0, 1, "CUST-1"), 1, "ORD-1").id;
      const operation: StoredOperation = {
        companyId: A.company, operation: "planIntervention", form: "id", params: [{ name: "order", value: orderId.toUpperCase() }], body: {}, query: new Map(), dryRun: false,
        loads: NOTHING, at: Date.parse(at(7)), idempotencyKey: null,
      };
      const second: Intervention = { ...planned, id: "00000000-0000-4000-8000-0000000000f3" as Guid, externalId: null };
      const loaded = await p.storages[0].load(operation);
      expect((await p.send(1, "PUT", `/order/${orderId}/cancel`, { reason: "race" })).status).toBe(204);
      expect(await p.storages[0].commit(operation, loaded, { changes: { interventions: [second] } })).toEqual({ kind: "stale" });
    } finally {
      await p.close();
    }
  });
});

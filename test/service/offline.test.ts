// The offline client's two properties (issue 25), model-based with fast-check, against the
// service on the storage under test (in memory, and on PostgreSQL in the `postgres` project):
// OFF-1, with no concurrent change, the device answers every write as the server does; OFF-2 and
// OFF-3, with a dispatcher writing meanwhile and random network cuts, every queued write ends
// applied exactly once or as a conflict with a rule ID, and after a sync the replica equals a
// fresh pull of the scope.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inProcessFetch } from "../../src/client/in-process.js";
import { createOfflineClient, type OfflineClient } from "../../src/offline/client.js";
import { memoryQueueStore } from "../../src/offline/queue.js";
import type { Intervention } from "../../src/records/intervention.js";
import type { Guid } from "../../src/shared/guid.js";
import type { SyncReplica } from "../../src/sync/answer.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { commandArb, counter, cuttable, requestOf, slot, upNetwork, type Command, type TestNetwork } from "../offline/support.js";
import { adapter, bearer, makeService, write, type TestService } from "./support.js";

const A = ids(0);
const day = "2026-05-04";
const at = Date.parse("2026-05-04T05:00:00Z");
const runs = adapter === "postgres" ? 25 : 100;

/** A service with visits of technicians 1 and 2 (every second one) in the given states, and its GUID counter. */
async function world(states: readonly Intervention["state"][], hours: readonly number[], disableCollisions: boolean) {
  const fixture = testFixture();
  fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions };
  // Both stores are technician 1's, so a move between them is in the device's scope (STO-2).
  fixture.companies[0]!.stores[1]!.availableFor = ["t1"];
  const guids = counter(0x1000);
  const service: TestService = makeService({ fixture, now: () => new Date(at), newId: guids.next });
  const customer = testCustomer(0, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  const visits = states.map((state, n) => {
    const user = n % 2 === 0 ? A.tech1 : A.tech2;
    const s = slot(user, hours[n] ?? 8, 60);
    return { ...testIntervention(order, n + 1, null, state), primaryAssigneeId: user, assignations: [{ userId: user, plannedStart: Date.parse(s.plannedStart), plannedEnd: Date.parse(s.plannedEnd) }] };
  });
  await write(service, 0, { customers: [customer], orders: [order], interventions: visits });
  const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
  // The device holds technician 1's visits only (its scope); its commands name those.
  const mine = visits.filter((v) => v.primaryAssigneeId === A.tech1);
  return { service, guids, visits, mine, token: (login.body as { accessToken: string }).accessToken };
}

function device(service: TestService, net: TestNetwork, newId?: () => string): OfflineClient {
  return createOfflineClient({
    baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
    scope: { userId: A.tech1, from: day, to: day }, store: memoryQueueStore(), fetch: cuttable(inProcessFetch(service), net),
    now: () => new Date(at), ...(newId === undefined ? {} : { newId }),
  });
}

/** A command's intervention index wrapped onto the visits it names. */
function onto(c: Command, visits: readonly Intervention[]): Command {
  return "intervention" in c ? { ...c, intervention: c.intervention % visits.length } : c;
}

async function call(d: OfflineClient, c: Command, visits: readonly Intervention[]) {
  if (c.kind === "moveStock") return d.moveStock(A.store(c.from), A.store(c.to), c.items);
  const v = visits[c.intervention]!;
  switch (c.kind) {
    case "startDeparture": return d.startDeparture(v.orderId, v.id);
    case "start": return d.start(v.orderId, v.id);
    case "requestSignature": return d.requestSignature(v.orderId, v.id);
    case "complete": return d.complete(v.orderId, v.id);
    case "editIntervention": return d.editIntervention(v.orderId, v.id, c.body);
    case "replanIntervention": return d.replanIntervention(v.orderId, v.id, c.body);
  }
}

/** A replica as comparable JSON: every map as sorted entries, the cursor left out. */
function comparable(r: SyncReplica | undefined): string {
  if (r === undefined) return "none";
  const sorted = (m: ReadonlyMap<Guid, unknown>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, v instanceof Map ? [...v].sort(([x], [y]) => (x < y ? -1 : 1)) : v]);
  return JSON.stringify({
    scope: r.scope, company: r.company, customers: sorted(r.customers), orders: sorted(r.orders), interventions: sorted(r.interventions),
    materials: sorted(r.materials), stores: sorted(r.stores), stock: sorted(r.stock), allocations: sorted(r.allocations),
  });
}

const stateArb = fc.constantFrom<Intervention["state"]>("Planned", "DepartureStarted", "Running", "WaitingForSignature", "Completed", "Cancelled");
const seededArb = fc.array(fc.tuple(fc.oneof({ weight: 3, arbitrary: fc.constant<Intervention["state"]>("Planned") }, stateArb), fc.integer({ min: 6, max: 14 })), { minLength: 1, maxLength: 5 });

describe(`the offline client against the service (${adapter})`, () => {
  it("OFF-1: with no concurrent change, the device's answer equals the server's for every write, over random states and command sequences", async () => {
    await fc.assert(
      fc.asyncProperty(seededArb, fc.boolean(), fc.array(fc.tuple(commandArb(3, [A.tech1]), fc.boolean()), { minLength: 1, maxLength: 14 }), async (seeded, collisions, steps) => {
        const w = await world(seeded.map(([s]) => s), seeded.map(([, h]) => h), collisions);
        // The device draws the GUIDs the server will draw for the same decisions, in the same order.
        const d = device(w.service, upNetwork(), counter(w.guids.n).next);
        await d.pull();
        const accepted: { local: unknown; key: string }[] = [];
        for (const [command, syncAfter] of steps) {
          const c = onto(command, w.mine);
          const local = await call(d, c, w.mine);
          const queued = await d.pending();
          if (local.status < 400) accepted.push({ local, key: queued.at(-1)!.key });
          else if (queued.length === 0) {
            // Nothing queued: the server holds the device's state, and refuses alike.
            const remote = await w.service.handle({ ...requestOf(c, w.mine), headers: bearer(w.token) });
            expect({ status: local.status, body: local.body }).toEqual({ status: remote.status, body: remote.body });
          }
          if (syncAfter) {
            const report = await d.sync();
            expect(report.complete).toBe(true);
            for (const p of report.pushed) {
              const mine = accepted.find((a) => a.key === p.write.key)!;
              expect(p.server).toEqual(mine.local);
            }
            expect(report.conflicts).toEqual([]);
          }
        }
        const last = await d.sync();
        for (const p of last.pushed) expect(p.server).toEqual(accepted.find((a) => a.key === p.write.key)!.local);
        expect(last.conflicts).toEqual([]);
        const fresh = device(w.service, upNetwork());
        await fresh.pull();
        expect(comparable(d.replica())).toBe(comparable(fresh.replica()));
      }),
      { numRuns: runs },
    );
  });

  it("OFF-2: with a dispatcher writing meanwhile and random network cuts, every queued write ends applied exactly once or as a conflict with a rule ID, and the synced replica equals a fresh pull", async () => {
    const dispatcherArb = fc.oneof(
      fc.record({ kind: fc.constant("replan" as const), intervention: fc.nat({ max: 4 }), hour: fc.integer({ min: 6, max: 14 }) }),
      fc.record({ kind: fc.constant("cancel" as const), intervention: fc.nat({ max: 4 }) }),
      fc.record({ kind: fc.constant("take" as const), amount: fc.constantFrom(1, 5, 50) }),
    );
    await fc.assert(
      fc.asyncProperty(
        seededArb, fc.boolean(), fc.array(fc.oneof({ weight: 2, arbitrary: commandArb(3).map((c) => ({ who: "device" as const, c })) }, { weight: 1, arbitrary: dispatcherArb.map((c) => ({ who: "dispatcher" as const, c })) }), { minLength: 1, maxLength: 16 }),
        fc.infiniteStream(fc.constantFrom<"ok" | "before" | "after">("ok", "ok", "ok", "before", "after")),
        async (seeded, collisions, steps, fates) => {
          const w = await world(seeded.map(([s]) => s), seeded.map(([, h]) => h), collisions);
          const net = upNetwork();
          const d = device(w.service, net);
          await d.pull();
          net.down = true;
          for (const step of steps) {
            if (step.who === "device") {
              await call(d, onto(step.c, w.mine), w.mine);
              continue;
            }
            const c = step.c;
            const v = "intervention" in c ? w.visits[c.intervention % w.visits.length] : undefined;
            const request =
              c.kind === "replan" ? { method: "PUT", path: `/order/${v!.orderId}/intervention/${v!.id}/Replan`, body: { primaryAssigneeId: A.tech1, day, categoryId: "revize", assignations: [slot(A.tech1, c.hour, 60)] } }
              : c.kind === "cancel" ? { method: "PUT", path: `/order/${v!.orderId}/intervention/${v!.id}/Cancel`, body: {} }
              : { method: "PUT", path: `/store/${A.store(1)}/removeMaterial`, body: [{ materialId: "M1", amount: c.amount }] };
            await w.service.handle({ ...request, headers: bearer(w.token) });
          }
          const queued = await d.pending();
          net.down = false;
          const it = fates[Symbol.iterator]();
          net.fate = () => it.next().value as "ok" | "before" | "after";
          const decided = new Map<string, number>();
          let complete = false;
          for (let round = 0; round < 40 && !complete; round++) {
            const report = await d.sync();
            for (const p of report.pushed) decided.set(p.write.key, (decided.get(p.write.key) ?? 0) + 1);
            for (const c of report.conflicts) expect(c.rules.length).toBeGreaterThan(0);
            complete = report.complete;
          }
          net.fate = () => "ok";
          if (!complete) complete = (await d.sync()).complete;
          expect(complete).toBe(true);
          // Every queued write was answered once to the device, and decided once by the server.
          expect([...decided.keys()].sort()).toEqual(queued.map((q) => q.key).sort());
          expect([...decided.values()].every((n) => n === 1)).toBe(true);
          const journal = await w.service.handle({ method: "GET", path: "/journal?limit=500", headers: bearer(w.token) });
          const keyed = (journal.body as { items: { idempotencyKey: string | null }[] }).items.filter((e) => e.idempotencyKey !== null).map((e) => e.idempotencyKey);
          expect([...keyed].sort()).toEqual(queued.map((q) => q.key).sort());
          expect(await d.pending()).toEqual([]);
          const fresh = device(w.service, upNetwork());
          await fresh.pull();
          expect(comparable(d.replica())).toBe(comparable(fresh.replica()));
        },
      ),
      { numRuns: runs },
    );
  });
});

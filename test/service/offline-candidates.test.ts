// The device's candidates (issue 36, CND-5) against the service on the storage under test: on the
// same replica the offline client answers exactly what the server answers; a slot taken meanwhile
// by another device makes the queued replan a conflict with ASN-5 on sync (OFF-3).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inProcessFetch } from "../../src/client/in-process.js";
import type { CandidatesQueryParams } from "../../src/client/call-types.js";
import { createOfflineClient, type OfflineClient } from "../../src/offline/client.js";
import { candidatesQueryString } from "../../src/offline/candidates.js";
import { memoryQueueStore } from "../../src/offline/queue.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { counter, slot } from "../offline/support.js";
import { adapter, bearer, makeService, write, type TestService } from "./support.js";

const A = ids(0);
const day = "2026-05-04";
const at = Date.parse("2026-05-04T05:00:00Z");

async function world(hours: readonly number[], disableCollisions: boolean) {
  const fixture = testFixture();
  fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions };
  const service: TestService = makeService({ fixture, now: () => new Date(at), newId: counter(0x1000).next });
  const customer = testCustomer(0, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  // Visits of technicians 1 and 2, every second one; the first is technician 1's, the device's.
  const visits = hours.map((hour, n) => {
    const user = n % 2 === 0 ? A.tech1 : A.tech2;
    const s = slot(user, hour, 60);
    return { ...testIntervention(order, n + 1), primaryAssigneeId: user, assignations: [{ userId: user, plannedStart: Date.parse(s.plannedStart), plannedEnd: Date.parse(s.plannedEnd) }] };
  });
  await write(service, 0, { customers: [customer], orders: [order], interventions: visits });
  const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
  return { service, order, visits, auth: bearer((login.body as { accessToken: string }).accessToken) };
}

function device(service: TestService): OfflineClient {
  return createOfflineClient({
    baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
    scope: { userId: A.tech1, from: day, to: day }, store: memoryQueueStore(), fetch: inProcessFetch(service), now: () => new Date(at),
  });
}

const queryArb: fc.Arbitrary<CandidatesQueryParams> = fc.record({
  day: fc.constant(day),
  duration: fc.constantFrom(15, 30, 60, 120),
  from: fc.constantFrom("00:00", "06:00", "08:30"),
  to: fc.constantFrom("12:00", "18:00", "24:00"),
  step: fc.constantFrom(15, 30, 60),
  technicians: fc.subarray(["t1", "t2", A.tech2, "disp"], { minLength: 1 }),
  limit: fc.integer({ min: 1, max: 30 }),
}, { requiredKeys: ["day", "duration"] });

describe("the offline client's candidates (issue 36)", () => {
  it("CND-5 OFF-1: on the same replica, the device's candidates equal the server's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 4, max: 16 }), { minLength: 1, maxLength: 6 }), fc.boolean(), queryArb, async (hours, disable, query) => {
        const { service, order, visits, auth } = await world(hours, disable);
        const d = device(service);
        await d.pull();
        const visit = visits[0]!;
        const local = await d.interventionCandidates(order.id, visit.id, query);
        const server = await service.handle({ method: "GET", path: `/order/${order.id}/intervention/${visit.id}/candidates?${candidatesQueryString(query)}`, headers: auth });
        expect({ status: local.status, body: local.body }).toEqual({ status: server.status, body: server.body });
        await service.close();
      }),
      { numRuns: adapter === "postgres" ? 15 : 40 },
    );
  });

  it("CND-5: a day outside the device's scope is refused on the device, at day", async () => {
    const { service, order, visits } = await world([8], true);
    const d = device(service);
    await d.pull();
    const r = await d.interventionCandidates(order.id, visits[0]!.id, { day: "2026-05-05", duration: 60 });
    expect([r.status, r.issues.map((i) => `${i.code}@${i.path} ${i.rule}`)]).toEqual([400, ["OutOfRange@day CND-5"]]);
    await service.close();
  });

  it("CND-2 OFF-3 ASN-5: the device replans to its first candidate; another device takes that slot meanwhile; the sync reports the conflict with ASN-5", async () => {
    const { service, order, visits, auth } = await world([8], true);
    const d = device(service);
    await d.pull();
    const visit = visits[0]!;
    const found = await d.interventionCandidates(order.id, visit.id, { day, duration: 60, from: "12:00", technicians: ["t1"] });
    const first = (found.body as { candidates: { userId: string; plannedStart: string; plannedEnd: string }[] }).candidates[0]!;
    const replan = { primaryAssigneeId: first.userId, day, categoryId: "revize", assignations: [first] };
    const local = await d.replanIntervention(order.id, visit.id, replan);
    expect([local.status, local.issues]).toEqual([200, []]);
    // Meanwhile, on the server, the dispatcher plans the same technician into the same hour.
    expect((await service.handle({ method: "POST", path: `/order/${order.id}/PlanIntervention`, headers: auth, body: replan })).status).toBe(200);
    const report = await d.sync();
    expect(report.conflicts.map((c) => c.rules)).toEqual([["ASN-5"]]);
    await service.close();
  });
});

// GET …/candidates over HTTP on the storage under test (issue 36): sound and complete against
// the plan and replan endpoints themselves (brute force with dryRun over the grid), deterministic,
// bounded, and exact on daylight-saving days. Every answer is checked against the OpenAPI document.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ServiceResponse } from "../../../src/service/entry-point.js";
import { ids, testCustomer, testFixture, testOrder } from "../../../src/testing/arbitraries/records/fixture.js";
import { withContract } from "../../contract/openapi-contract.js";
import { bearer, loginAs, makeService, write, type TestService } from "../support.js";

const A = ids(0);
const DAY = "2026-05-04";
/** Instant of a local time on DAY (Prague, summer: +02:00). */
const local = (minutes: number): number => Date.parse(`${DAY}T00:00:00+02:00`) + minutes * 60_000;
const iso = (t: number): string => new Date(t).toISOString();

interface Candidate { userId: string; plannedStart: string; plannedEnd: string }
interface Answer { candidates: Candidate[]; leftOut: { userId: string; issues: { code: string; rule: string }[] }[]; windowStart: string; windowEnd: string }

async function world(): Promise<{ service: TestService; auth: { authorization: string }; orderId: string }> {
  const fixture = testFixture();
  fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions: true };
  let n = 0;
  const service = withContract(makeService({
    fixture, now: () => new Date("2026-05-01T08:00:00Z"), newId: () => `00000000-0000-4000-9000-${(++n).toString(16).padStart(12, "0")}`, newToken: () => `tok-${++n}`,
  }));
  const customer = testCustomer(0, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  await write(service, 0, { customers: [customer], orders: [order] });
  const auth = bearer(await loginAs(service, 0));
  return { service, auth, orderId: order.id };
}

const planBody = (userId: string, start: number, end: number, externalId?: string) => ({
  ...(externalId === undefined ? {} : { externalId }),
  primaryAssigneeId: userId, day: DAY, categoryId: "revize", assignations: [{ userId, plannedStart: iso(start), plannedEnd: iso(end) }],
});

const existingArb = fc.array(fc.record({ tech: fc.constantFrom("t1", "t2"), at: fc.integer({ min: 0, max: 12 }), len: fc.integer({ min: 1, max: 4 }) }), { maxLength: 5 });

describe("GET …/candidates (issue 36)", () => {
  it("CND-2 CND-3 ASN-5: complete and sound over HTTP: exactly the grid slots PlanIntervention (dry run) accepts, ranked, up to the limit; planning the first is accepted", async () => {
    await fc.assert(
      fc.asyncProperty(existingArb, fc.constantFrom(30, 60, 90), fc.integer({ min: 1, max: 8 }), async (existing, duration, limit) => {
        const { service, auth, orderId } = await world();
        const held = new Map<string, number>([[A.tech1, 0], [A.tech2, 0]]);
        for (const e of existing) {
          // 07:00 local plus half hours; a collision among them is refused, and then holds nothing.
          const start = local(7 * 60 + e.at * 30);
          const r = await service.handle({ method: "POST", path: `/order/${orderId}/PlanIntervention`, headers: auth, body: planBody(e.tech, start, start + e.len * 30 * 60_000) });
          const id = e.tech === "t1" ? A.tech1 : A.tech2;
          if (r.status === 200) held.set(id, (held.get(id) ?? 0) + e.len * 30);
        }
        const query = `day=${DAY}&duration=${duration}&from=08:00&to=12:00&step=30&limit=${limit}`;
        const r = await service.handle({ method: "GET", path: `/order/${orderId}/candidates?${query}`, headers: auth });
        expect(r.status).toBe(200);
        const answer = r.body as Answer;
        const brute: (Candidate & { held: number })[] = [];
        for (let start = local(8 * 60); start + duration * 60_000 <= local(12 * 60); start += 30 * 60_000) {
          for (const [userId, minutes] of held) {
            const dry = await service.handle({ method: "POST", path: `/order/${orderId}/PlanIntervention?dryRun=true`, headers: auth, body: planBody(userId, start, start + duration * 60_000) });
            if (dry.status === 200) brute.push({ userId, plannedStart: iso(start), plannedEnd: iso(start + duration * 60_000), held: minutes });
          }
        }
        brute.sort((a, b) => a.plannedStart.localeCompare(b.plannedStart) || a.held - b.held || a.userId.localeCompare(b.userId));
        expect(answer.candidates).toEqual(brute.slice(0, limit).map(({ userId, plannedStart, plannedEnd }) => ({ userId, plannedStart, plannedEnd })));
        // Deterministic: asked again, the same answer.
        expect((await service.handle({ method: "GET", path: `/order/externalId/ORD-1/candidates?${query}`, headers: auth })).body).toEqual(answer);
        const first = answer.candidates[0];
        if (first !== undefined) {
          const planned = await service.handle({ method: "POST", path: `/order/${orderId}/PlanIntervention`, headers: auth, body: planBody(first.userId, Date.parse(first.plannedStart), Date.parse(first.plannedEnd)) });
          expect(planned.status).toBe(200);
        }
        await service.close();
      }),
      { numRuns: 12 },
    );
  });

  it("CND-2 ASN-5: a replan's candidates ignore its own slot, and Replan accepts each of them", async () => {
    const { service, auth, orderId } = await world();
    const own = await service.handle({ method: "POST", path: `/order/${orderId}/PlanIntervention`, headers: auth, body: planBody("t1", local(9 * 60), local(10 * 60), "V-1") });
    const other = await service.handle({ method: "POST", path: `/order/${orderId}/PlanIntervention`, headers: auth, body: planBody("t1", local(10 * 60), local(11 * 60)) });
    expect([own.status, other.status]).toEqual([200, 200]);
    const id = (own.body as { id: string }).id;
    const query = `day=${DAY}&duration=60&from=08:00&to=12:00&step=60&technicians=t1`;
    const replan = (await service.handle({ method: "GET", path: `/order/${orderId}/intervention/${id}/candidates?${query}`, headers: auth })) as ServiceResponse;
    const plan = await service.handle({ method: "GET", path: `/order/${orderId}/candidates?${query}`, headers: auth });
    const starts = (r: ServiceResponse): string[] => (r.body as Answer).candidates.map((c) => c.plannedStart);
    expect(starts(replan)).toEqual([iso(local(8 * 60)), iso(local(9 * 60)), iso(local(11 * 60))]);
    expect(starts(plan)).toEqual([iso(local(8 * 60)), iso(local(11 * 60))]);
    for (const c of (replan.body as Answer).candidates) {
      const dry = await service.handle({ method: "PUT", path: `/order/${orderId}/intervention/${id}/Replan?dryRun=true`, headers: auth, body: planBody(c.userId, Date.parse(c.plannedStart), Date.parse(c.plannedEnd)) });
      expect(dry.status).toBe(200);
    }
    const twin = await service.handle({ method: "GET", path: `/order/externalId/ORD-1/intervention/V-1/candidates?${query}`, headers: auth });
    expect(twin.body).toEqual(replan.body);
    await service.close();
  });

  it("CND-2 ASN-4 GEN-10: on the 23- and 25-hour days the grid has an hour of starts less or more, and no slot ends at midnight", async () => {
    const { service, auth, orderId } = await world();
    for (const [day, n, last] of [["2026-03-29", 22, "2026-03-29T20:00:00.000Z"], ["2026-10-25", 24, "2026-10-25T21:00:00.000Z"]] as const) {
      const r = await service.handle({ method: "GET", path: `/order/${orderId}/candidates?day=${day}&duration=60&step=60&technicians=t1&limit=200`, headers: auth });
      const answer = r.body as Answer;
      expect(answer.candidates).toHaveLength(n);
      expect(answer.candidates.at(-1)?.plannedStart).toBe(last);
    }
    await service.close();
  });

  it("CND-1 CND-4: a bad query is 400 at each parameter's name; a named dispatcher and a deactivated technician are left out with ASN-2", async () => {
    const { service, auth, orderId } = await world();
    const bad = await service.handle({ method: "GET", path: `/order/${orderId}/candidates?day=2026-02-30&duration=2000&step=1&limit=0&from=9:00&technicians=nobody`, headers: auth });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(["day", "from", "duration", "step", "limit"]);
    const unknown = await service.handle({ method: "GET", path: `/order/${orderId}/candidates?day=${DAY}&duration=60&technicians=nobody`, headers: auth });
    expect([unknown.status, (unknown.body as { errors: { code: string; path: string }[] }).errors]).toEqual([400, [expect.objectContaining({ code: "UnknownReference", path: "technicians" })]]);
    const missing = await service.handle({ method: "GET", path: `/order/00000000-0000-4000-8000-00000000dead/candidates?day=nope`, headers: auth });
    expect(missing.status).toBe(404);
    const named = await service.handle({ method: "GET", path: `/order/${orderId}/candidates?day=${DAY}&duration=60&technicians=disp,${A.techOff},t2&limit=1`, headers: auth });
    expect((named.body as Answer).leftOut.map((l) => [l.userId, l.issues.map((i) => `${i.code} ${i.rule}`)])).toEqual(
      [[A.dispatcher, ["NotTechnician ASN-2"]], [A.techOff, ["Deactivated ASN-2"]]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect((named.body as Answer).candidates).toEqual([{ userId: A.tech2, plannedStart: iso(local(0)), plannedEnd: iso(local(60)) }]);
    await service.close();
  });

  it("CND-4 INT-1: candidates for an order that cannot be planned on are refused as the plan would be", async () => {
    const { service, auth, orderId } = await world();
    expect((await service.handle({ method: "PUT", path: `/order/${orderId}/cancel`, headers: auth, body: {} })).status).toBe(204);
    const r = await service.handle({ method: "GET", path: `/order/${orderId}/candidates?day=${DAY}&duration=60`, headers: auth });
    expect([r.status, (r.body as { errors: { rule: string }[] }).errors.map((e) => e.rule)]).toEqual([400, ["INT-1"]]);
    await service.close();
  });
});

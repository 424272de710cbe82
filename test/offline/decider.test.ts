// OFF-1 at the decider's level: the service's own code run on a replica answers exactly what the
// server answers on the same state, over random states and command sequences.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localDecider } from "../../src/offline/decider.js";
import type { Intervention } from "../../src/records/intervention.js";
import { interventionStates } from "../../src/records/intervention.js";
import { createServiceCore } from "../../src/service/create.js";
import { commit, type CompanyState } from "../../src/service/state.js";
import type { Guid } from "../../src/shared/guid.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { commandArb, counter, replicaOfState, requestOf, slot } from "./support.js";

const A = ids(0);
const scope = { userId: A.tech1, from: "2026-05-04", to: "2026-05-04" };
const at = Date.parse("2026-05-04T06:00:00Z");

/** A server in memory with `n` interventions in the given states and hours, and collisions on or off. */
function server(states: readonly Intervention["state"][], hours: readonly number[], disableCollisions: boolean, guids: { next: () => string }) {
  const fixture = testFixture();
  fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions };
  const core = createServiceCore({ fixture, now: () => new Date(at), newId: guids.next });
  const state = core.companies.get(A.company)!;
  const customer = testCustomer(0, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  const interventions = states.map((s, n) => {
    const i = testIntervention(order, n + 1, null, s);
    const a = slot(n % 2 === 0 ? A.tech1 : A.tech2, hours[n] ?? 8, 60);
    return { ...i, primaryAssigneeId: a.userId as Guid, assignations: [{ userId: a.userId as Guid, plannedStart: Date.parse(a.plannedStart), plannedEnd: Date.parse(a.plannedEnd) }] };
  });
  commit(state, { customers: [customer], orders: [order], interventions });
  const r = core.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
  const token = (r.body as { accessToken: string }).accessToken;
  return { core, state, interventions, token };
}

const stateArb = fc.constantFrom(...interventionStates);

describe("localDecider", () => {
  it("OFF-1: with no concurrent change, the local answer equals the server's for every write, over random states and command sequences", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(stateArb, fc.integer({ min: 6, max: 14 })), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.array(commandArb(5), { minLength: 1, maxLength: 12 }),
        (seeded, disableCollisions, commands) => {
          const serverIds = counter(1000);
          const s = server(seeded.map(([st]) => st), seeded.map(([, h]) => h), disableCollisions, serverIds);
          const device = localDecider(replicaOfState(s.state, scope), { now: () => new Date(at), newId: counter(serverIds.n).next });
          for (const c of commands) {
            if ("intervention" in c && c.intervention >= s.interventions.length) continue;
            const request = requestOf(c, s.interventions);
            const remote = s.core.handle({ ...request, headers: { authorization: `Bearer ${s.token}` } });
            const local = device.decide(request);
            expect({ status: local.status, body: local.body }).toEqual({ status: remote.status, body: remote.body });
          }
          expect(JSON.stringify([...device.state.interventions.byId.values()])).toBe(JSON.stringify([...s.state.interventions.byId.values()]));
          expect(device.state.allocations).toEqual(s.state.allocations);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("OFF-1: an ASN-5 collision against a visit the replica holds only as an allocation row is refused locally as on the server", () => {
    const s = server(["Planned", "Planned"], [8, 10], true, counter());
    const replica = replicaOfState(s.state, scope);
    // The second visit is another technician's record outside the scope: only its slot travels.
    const other = s.interventions[1]!;
    const interventions = new Map(replica.interventions);
    interventions.delete(other.id);
    const device = localDecider({ ...replica, interventions }, { now: () => new Date(at) });
    const body = { primaryAssigneeId: A.tech2, day: "2026-05-04", categoryId: "revize", assignations: [slot(A.tech2, 10, 30)] };
    const first = s.interventions[0]!;
    const request = { method: "PUT", path: `/order/${first.orderId}/intervention/${first.id}/Replan`, body };
    const local = device.decide(request);
    const remote = s.core.handle({ ...request, headers: { authorization: `Bearer ${s.token}` } });
    expect(local.status).toBe(400);
    expect(local.body).toEqual(remote.body);
    expect((local.body as { errors: { rule: string }[] }).errors.map((e) => e.rule)).toContain("ASN-5");
  });

  it("OFF-1: the local token is renewed when the device's clock passes its lifetime, so a long day offline still decides", () => {
    const clock = { t: at };
    const s = server(["Planned"], [8], false, counter());
    const device = localDecider(replicaOfState(s.state, scope), { now: () => new Date(clock.t) });
    clock.t += 5 * 3_600_000;
    const i = s.interventions[0]!;
    expect(device.decide({ method: "PUT", path: `/order/${i.orderId}/intervention/${i.id}/Start` }).status).toBe(200);
  });

  it("OFF-1: building the decider changes nothing in the replica", () => {
    const s = server(["Planned", "Running"], [8, 9], false, counter());
    const replica = replicaOfState(s.state, scope);
    const before = JSON.stringify([...replica.interventions.values(), ...replica.stock.entries()].map((x) => (Array.isArray(x) ? [x[0], [...x[1]]] : x)));
    const device = localDecider(replica, { now: () => new Date(at) });
    const i = s.interventions[0]!;
    device.decide({ method: "PUT", path: `/order/${i.orderId}/intervention/${i.id}/Start` });
    device.decide({ method: "PUT", path: `/store/${A.store(1)}/moveTo/${A.store(2)}`, body: [{ materialId: "M1", amount: 2 }] });
    expect(JSON.stringify([...replica.interventions.values(), ...replica.stock.entries()].map((x) => (Array.isArray(x) ? [x[0], [...x[1]]] : x)))).toBe(before);
  });
});

export type { CompanyState };

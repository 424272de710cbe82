// A local decision on the device (issue 25 target: <= 1 ms p99) with a day of 200 visits and a
// van of 5,000 materials: the decider built once from the replica and reused, against the naive
// baseline that builds the local service from the replica for each decision. Each iteration
// decides one write: a lifecycle pair, an edit, a replan checked against the day's
// allocations (collisions off and on), or a stock move between the van and the warehouse.
import { bench, describe } from "vitest";
import { localDecider } from "../../src/offline/decider.js";
import type { Material } from "../../src/material/material.js";
import type { Intervention } from "../../src/records/intervention.js";
import { createServiceCore } from "../../src/service/create.js";
import { commit } from "../../src/service/state.js";
import { Dec } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite, type Amount } from "../../src/stock/amount.js";
import { gid, ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { replicaOfState, slot } from "../offline/support.js";

const A = ids(0);
const VISITS = 200;
const MATERIALS = 5_000;
const at = Date.parse("2026-05-04T05:00:00Z");

function world(disableCollisions: boolean) {
  const fixture = testFixture();
  fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions };
  const core = createServiceCore({ fixture, now: () => new Date(at) });
  const state = core.companies.get(A.company)!;
  const customer = testCustomer(0, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  // 200 visits of 3 minutes on one day, one after another, for technician 1.
  const interventions: Intervention[] = Array.from({ length: VISITS }, (_, n) => {
    const i = testIntervention(order, n + 1);
    const start = Date.parse("2026-05-04T04:00:00Z") + n * 4 * 60_000;
    return { ...i, assignations: [{ userId: A.tech1, plannedStart: start, plannedEnd: start + 3 * 60_000 }] };
  });
  const materials: Material[] = Array.from({ length: MATERIALS }, (_, n) => ({
    id: gid(n + 1, 0xd9), externalId: `VAN-${n}`, name: `Materiál ${n}`, categoryId: A.category(7), supplierId: A.category(8), identificationNumber: `ID-${n}`,
    description: null, supplierCode: null, unit: "Amounts", price: new Dec("12.5"), costPrice: null,
  }));
  const van = new Map<Guid, Amount>(materials.map((m) => [m.id, finite(1_000_000)]));
  // The warehouse stocks the same materials: a move changes two known amounts. (A material new to
  // the target store grows that store's listing, which costs O(n) of the listing on the server too.)
  const depot = new Map<Guid, Amount>(materials.map((m) => [m.id, finite(5)]));
  commit(state, { customers: [customer], orders: [order], interventions, materials, stock: new Map([[A.store(2), van], [A.store(1), depot]]) });
  return { replica: replicaOfState(state, { userId: A.tech1, from: "2026-05-04", to: "2026-05-04" }), interventions, materials };
}

const w = world(false);
const wc = world(true);
const device = localDecider(w.replica, { now: () => new Date(at) });
const deviceC = localDecider(wc.replica, { now: () => new Date(at) });
const iv = (k: number) => w.interventions[k % VISITS]!;
const path = (i: Intervention) => `/order/${i.orderId}/intervention/${i.id}`;
let k = 0;
let sink: unknown;

const edit = (d: typeof device) => {
  const i = iv(k++);
  sink = d.decide({ method: "PUT", path: path(i), body: { internalNote: `n${k}` } });
};
const replan = (d: typeof device) => {
  // Into a free slot at the end of the day (200 allocations before it): collision-checked when the company forbids collisions.
  const i = iv(k++);
  sink = d.decide({ method: "PUT", path: `${path(i)}/Replan`, body: { primaryAssigneeId: A.tech1, day: "2026-05-04", categoryId: "revize", assignations: [slot(A.tech1, 20, 2 + (k % 30))] } });
};
const move = (d: typeof device) => {
  const m = w.materials[k++ % MATERIALS]!;
  sink = d.decide({ method: "PUT", path: `/store/${A.store(2)}/moveTo/${A.store(1)}`, body: [{ materialId: m.id, amount: 1 }] });
};

describe(`a local decision, ${VISITS} visits and a ${MATERIALS}-material van`, () => {
  bench("editIntervention, decider reused", () => edit(device));
  bench("replanIntervention (collisions allowed), decider reused", () => replan(device));
  bench("replanIntervention (ASN-5 checked), decider reused", () => replan(deviceC));
  bench("moveStock van -> warehouse, decider reused", () => move(device));
  bench("naive: build the decider from the replica, then editIntervention", () => {
    const d = localDecider(w.replica, { now: () => new Date(at) });
    edit(d);
  }, { iterations: 10, time: 0 });
});

export { sink };

// Latency of one local decision (issue 25 target: p99 <= 1 ms) with a day of 200 visits and a
// 5,000-material van, per decision after a warm-up of 2,000, 10,000 decisions each: edit,
// replan (pass `c` to forbid collisions, ASN-5), stock move van -> warehouse. Run:
//   npx esbuild test/bench/offline-latency.ts --bundle --platform=node --format=esm --outfile=/tmp/offline-latency.mjs && node /tmp/offline-latency.mjs [c]
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
const at = Date.parse("2026-05-04T05:00:00Z");
const fixture = testFixture();
fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions: process.argv[2] === "c" };
const core = createServiceCore({ fixture, now: () => new Date(at) });
const state = core.companies.get(A.company)!;
const customer = testCustomer(0, 1, "CUST-1");
const order = testOrder(customer, 1, "ORD-1");
const interventions: Intervention[] = Array.from({ length: 200 }, (_, n) => {
  const i = testIntervention(order, n + 1);
  const start = Date.parse("2026-05-04T04:00:00Z") + n * 4 * 60_000;
  return { ...i, assignations: [{ userId: A.tech1, plannedStart: start, plannedEnd: start + 3 * 60_000 }] };
});
const materials: Material[] = Array.from({ length: 5000 }, (_, n) => ({
  id: gid(n + 1, 0xd9), externalId: `VAN-${n}`, name: `Materiál ${n}`, categoryId: A.category(7), supplierId: A.category(8), identificationNumber: `ID-${n}`,
  description: null, supplierCode: null, unit: "Amounts", price: new Dec("12.5"), costPrice: null,
}));
const van = new Map<Guid, Amount>(materials.map((m) => [m.id, finite(1_000_000)]));
const depot = new Map<Guid, Amount>(materials.map((m) => [m.id, finite(5)]));
commit(state, { customers: [customer], orders: [order], interventions, materials, stock: new Map([[A.store(2), van], [A.store(1), depot]]) });
const d = localDecider(replicaOfState(state, { userId: A.tech1, from: "2026-05-04", to: "2026-05-04" }), { now: () => new Date(at) });
const ops: Record<string, (k: number) => unknown> = {
  edit: (k) => { const i = interventions[k % 200]!; return d.decide({ method: "PUT", path: `/order/${i.orderId}/intervention/${i.id}`, body: { internalNote: `n${k}` } }); },
  replan: (k) => { const i = interventions[k % 200]!; return d.decide({ method: "PUT", path: `/order/${i.orderId}/intervention/${i.id}/Replan`, body: { primaryAssigneeId: A.tech1, day: "2026-05-04", categoryId: "revize", assignations: [slot(A.tech1, 20, 2 + (k % 30))] } }); },
  move: (k) => { const m = materials[k % 5000]!; return d.decide({ method: "PUT", path: `/store/${A.store(2)}/moveTo/${A.store(1)}`, body: [{ materialId: m.id, amount: 1 }] }); },
};
for (const [name, op] of Object.entries(ops)) {
  for (let k = 0; k < 2000; k++) op(k);
  const times: number[] = [];
  for (let k = 0; k < 10000; k++) { const t0 = performance.now(); op(k); times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.floor(p * times.length)]!.toFixed(3);
  console.log(name, "p50", q(0.5), "p90", q(0.9), "p99", q(0.99), "p99.9", q(0.999));
}

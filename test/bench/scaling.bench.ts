// Issue 9: every decision and commit is linear (or n log n) in what it touches. Each risky
// path runs at two sizes 10x apart; docs/performance.md "Scaling (issue 9)" holds the
// ratios (target <= 15x for 10x input). Run: npx vitest bench --run test/bench/scaling.bench.ts
import { bench, describe } from "vitest";
import type { User } from "../../src/auth/user.js";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { addOrEditCustomer } from "../../src/customer/add-or-edit.js";
import type { Customer } from "../../src/customer/customer.js";
import { parseCustomerAddOrEdit } from "../../src/customer/request.js";
import type { Intervention } from "../../src/records/intervention.js";
import { planIntervention } from "../../src/order/plan-intervention.js";
import { addOrder } from "../../src/order/add.js";
import { cancelOrder } from "../../src/order/cancel.js";
import type { Order } from "../../src/records/order.js";
import { parseOrderAdd } from "../../src/order/request.js";
import { commit, type CompanyState } from "../../src/service/state.js";
import type { Guid } from "../../src/shared/guid.js";
import { refIndex } from "../../src/shared/reference.js";
import { defaultSettings } from "../../src/shared/settings.js";
import { customerContext } from "../../src/testing/arbitraries/records/customer.js";
import { ids, testCustomer, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { at, DAY, makeIntervention, planCommand, planContext } from "../../src/testing/arbitraries/records/intervention.js";
import { orderContext, ownerCustomer } from "../../src/testing/arbitraries/records/order.js";
import { createServiceCore } from "../../src/service/create.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";

const hex = (prefix: number, n: number): Guid => `${prefix.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}` as Guid;
let sink: unknown;
const must = <T>(r: { ok: true; value: T } | { ok: false; issues: readonly unknown[] }): T => {
  if (!r.ok) throw new Error(`bench setup refused: ${JSON.stringify(r.issues.slice(0, 3))}`);
  return r.value;
};

/** A customer of `n` devices (external IDs `D0`..), and the order add naming every one of them. */
function ord1Owned(n: number) {
  const devices = Array.from({ length: n }, (_, k) => ({ id: hex(0xe1, k), externalId: `D${k}`, name: "Dev", serialNumber: null, description: null, addressId: null }));
  const owner = ownerCustomer(1, { serviceObjects: devices });
  const ctx = orderContext([], [owner, ownerCustomer(2)]);
  const command = must(parseOrderAdd({ customerId: "C1", addressId: "A1", contactPersonId: "P3", categoryId: "repair", serviceObjectIds: devices.map((d) => d.externalId) }));
  return () => addOrder(command, ctx);
}

/** `n` other customers with one device each, and an order add naming all those foreign devices (ORD-1 ForeignReference per element). */
function ord1Foreign(n: number) {
  const others: Customer[] = Array.from({ length: n }, (_, k) =>
    ownerCustomer(1000 + k, {
      id: hex(0xe2, k),
      externalId: `X${k}`,
      serviceObjects: [{ id: hex(0xe3, k), externalId: `F${k}`, name: "Dev", serialNumber: null, description: null, addressId: null }],
    }),
  );
  const ctx = orderContext([], [ownerCustomer(1), ...others]);
  const command = must(parseOrderAdd({ customerId: "C1", addressId: "A1", contactPersonId: "P3", categoryId: "repair", serviceObjectIds: others.map((_, k) => `F${k}`) }));
  return () => {
    const r = addOrder(command, ctx);
    if (r.ok || r.issues.length !== n) throw new Error("expected one ForeignReference per element");
    return r;
  };
}

/**
 * A company whose order holds `n` planned interventions over 4 technicians. One iteration
 * cancels the order (decision + commit: the allocations are released) and puts the order
 * and interventions back (commit: the allocations return), so the state is the same after
 * every iteration.
 */
function cancelCycle(n: number) {
  const service = createServiceCore({ fixture: testFixture() });
  const state: CompanyState = service.companies.get(ids(0).company)!;
  const customer = testCustomer(0, 1, "CUST-1");
  const order: Order = testOrder(customer, 1, "ORD-1");
  const techs = [ids(0).tech1, ids(0).tech2];
  const start = Date.parse("2026-05-04T07:00:00Z");
  const planned: Intervention[] = Array.from({ length: n }, (_, k) => ({
    ...makeIntervention("Planned", { id: hex(0xe4, k), orderId: order.id }),
    assignations: [{ userId: techs[k % 2] as Guid, plannedStart: start + k * 60_000, plannedEnd: start + k * 60_000 + 30_000 }],
  }));
  commit(state, { customers: [customer], orders: [order], interventions: planned });
  return () => {
    const d = must(cancelOrder({ reason: "gone", sendNotificationToCustomer: true }, { order, interventions: planned, customer, settings: state.settings }));
    commit(state, { orders: [d.order], interventions: d.interventions });
    commit(state, { orders: [order], interventions: planned });
    sink = d;
  };
}

/** An add-or-edit of a customer holding `n` contact people, `n` addresses and `n` devices, sending all 3n back by external ID. */
function customerNested(n: number) {
  const base: Customer = {
    ...ownerCustomer(1),
    contactPeople: Array.from({ length: n }, (_, k) => ({ id: hex(0xe5, k), externalId: `P${k}`, firstName: null, lastName: "L", position: null, phone: null, email: null, sendNotifications: false, sendReports: false })),
    addresses: Array.from({ length: n }, (_, k) => ({ id: hex(0xe6, k), externalId: `A${k}`, street: null, city: "X", postalCode: null, country: null, coordinates: null })),
    serviceObjects: Array.from({ length: n }, (_, k) => ({ id: hex(0xe7, k), externalId: `D${k}`, name: "Dev", serialNumber: null, description: null, addressId: null })),
  };
  const body = {
    externalId: "C1",
    name: "Edited",
    contactPeople: base.contactPeople.map((p) => ({ externalId: p.externalId, lastName: "M" })),
    addresses: base.addresses.map((a) => ({ externalId: a.externalId, city: "Y" })),
    serviceObjects: base.serviceObjects.map((d, k) => ({ externalId: d.externalId, name: "Dev 2", addressId: `A${k}` })),
  };
  const ctx = customerContext([base]);
  return () => must(addOrEditCustomer(must(parseCustomerAddOrEdit(body)), ctx));
}

/** A plan of `n` assignations, one per technician, each technician already holding 10 allocations; collisions disabled. */
function planMany(n: number) {
  const techs: User[] = Array.from({ length: n }, (_, k) => ({ id: hex(0xe8, k), externalId: `t${k}`, name: `T${k}`, roles: ["Technik"], deactivated: false }));
  const existing: Intervention[] = Array.from({ length: 10 }, (_, j) =>
    makeIntervention("Planned", { id: hex(0xe9, j), assignations: techs.map((t) => ({ userId: t.id, plannedStart: at(DAY, "06:00") + j * 1_200_000, plannedEnd: at(DAY, "06:00") + j * 1_200_000 + 600_000 })) }),
  );
  const ctx = planContext({ users: refIndex(techs, (u) => u.id, (u) => u.externalId), allocations: collisionIndex(existing), settings: { ...defaultSettings, disableCollisions: true } });
  const cmd = planCommand({ primaryAssigneeId: "t0", assignations: techs.map((t) => ({ userId: t.externalId as string, plannedStart: at(DAY, "10:00"), plannedEnd: at(DAY, "11:00") })) });
  must(planIntervention(cmd, ctx));
  return () => planIntervention(cmd, ctx);
}

/** `POST /store/{id}/addToStore` of `n` new materials into a store, through the service (parse, batch, listing update). */
function stockBatch(n: number) {
  // The in-memory service, synchronous: this measures the decision and commit path.
  const service = createServiceCore({ fixture: testFixture() });
  const state = service.companies.get(ids(0).company)!;
  const materials = Array.from({ length: n }, (_, k) => ({
    ...(state.materials.byId.values().next().value as NonNullable<ReturnType<typeof state.materials.byId.get>>),
    id: hex(0xea, k),
    externalId: `MB-${k}`,
    name: `Materiál ${k}`,
  }));
  commit(state, { materials });
  const login = service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
  const token = (login.body as { accessToken: string }).accessToken;
  const send = (method: string, path: string, body: unknown) => service.handle({ method, path, headers: { authorization: `Bearer ${token}` }, body });
  const body = materials.map((m) => ({ materialId: m.externalId, amount: 1.5 }));
  return () => {
    const r = send("POST", `/store/${ids(0).store(2)}/addToStore?dryRun=true`, body);
    if (r.status !== 201) throw new Error(`addToStore answered ${r.status}`);
    return r;
  };
}

/**
 * The naive baseline of the memory hierarchy: build a Map of n GUID-keyed objects and a Map by
 * external ID, then look every key up into a Set. Linear by construction; its own 10x ratio on
 * this machine is what "linear" costs once the tables outgrow the CPU caches.
 */
function mapBaseline(n: number) {
  const ids = Array.from({ length: n }, (_, k) => hex(0xeb, k));
  const keys = Array.from({ length: n }, (_, k) => `K${k}`);
  return () => {
    const byId = new Map<string, { id: string; key: string }>();
    const byKey = new Map<string, { id: string; key: string }>();
    for (let i = 0; i < n; i++) {
      const o = { id: ids[i] as string, key: keys[i] as string };
      byId.set(o.id, o);
      byKey.set(o.key, o);
    }
    const out = new Set<string>();
    for (let i = 0; i < n; i++) out.add((byKey.get(keys[i] as string) as { id: string }).id);
    return out.size;
  };
}

const paths: readonly (readonly [string, (n: number) => () => unknown, number])[] = [
  ["baseline: two Maps of n keys built and probed (linear, for comparison)", mapBaseline, 1_000],
  ["ORD-1 order add naming n devices of its customer", ord1Owned, 1_000],
  ["ORD-1 order add naming n devices of n other customers (refused)", ord1Foreign, 1_000],
  ["ORD-11 order cancel of n interventions + commit, and back", cancelCycle, 2_000],
  ["UPS-6 customer add-or-edit of n contact people, n addresses, n devices", customerNested, 1_000],
  ["ASN-1..ASN-5 plan with n assignations (n technicians, GEN-3 lookups, collision checks)", planMany, 1_000],
  ["STK-6 addToStore batch of n materials (dry run through the service)", stockBatch, 1_000],
];

for (const [name, make, small] of paths) {
  describe(name, () => {
    for (const n of [small, small * 10]) {
      const run = make(n);
      bench(`n = ${n.toLocaleString("en")}`, () => {
        sink = run();
      }, { time: 1_500, iterations: 3 });
    }
  });
}
void sink;

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Intervention } from "../../src/records/intervention.js";
import type { Guid } from "../../src/shared/guid.js";
import type { IsoDate } from "../../src/shared/time.js";
import { loadFixture } from "../../src/service/fixture.js";
import { commit, type Changes, type CompanyState } from "../../src/service/state.js";
import { Dec } from "../../src/shared/decimal.js";
import { UNLIMITED, finite } from "../../src/stock/amount.js";
import type { SyncAnswer, SyncReplica, SyncScope } from "../../src/sync/answer.js";
import { mergeSyncAnswer } from "../../src/sync/merge.js";
import { addSyncChange, emptySyncChanges, fullSync, incrementalSync, materialFromSync, syncCompany, syncMaterial, syncSlots, type SyncChanges } from "../../src/sync/scope.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";

const A = ids(0);
const days = ["2026-05-03", "2026-05-04", "2026-05-05"] as IsoDate[];
const customers = [testCustomer(0, 1, "C1"), testCustomer(0, 2, "C2"), testCustomer(0, 3, "C3")];
const orders = [testOrder(customers[0]!, 1), { ...testOrder(customers[1]!, 2), invoiceCustomerId: customers[2]!.id }, testOrder(customers[2]!, 3)];

function fresh(): CompanyState {
  const state = loadFixture(testFixture())[0] as CompanyState;
  commit(state, { customers, orders });
  return state;
}

/** A random put of a visit (one of 8 GUIDs) or a stock amount, or a store's users. */
const change: fc.Arbitrary<Changes> = fc.oneof(
  fc.record({
    n: fc.integer({ min: 1, max: 8 }), o: fc.nat(2), day: fc.constantFrom(...days), users: fc.subarray([A.tech1, A.tech2]),
    state: fc.constantFrom("Planned" as const, "Cancelled" as const, "Running" as const),
  }).map(({ n, o, day, users, state }): Changes => {
    // A visit never changes orders: its GUID is drawn per order.
    const base = testIntervention(orders[o]!, n + 10 * o);
    const start = Date.parse(`${day}T07:00:00Z`);
    const i: Intervention = { ...base, day, state, assignations: users.map((userId) => ({ userId, plannedStart: start, plannedEnd: start + 3_600_000 })) };
    return { interventions: [i] };
  }),
  fc.record({ s: fc.constantFrom(A.store(1), A.store(2)), m: fc.integer({ min: 1, max: 3 }), a: fc.option(fc.integer({ min: 0, max: 9 })) })
    .map(({ s, m, a }): Changes => ({ stock: new Map([[s, new Map([[A.material(m), a === null ? UNLIMITED : finite(a)]])]]) })),
  fc.subarray([A.tech1, A.tech2]).map((users): Changes => ({ stores: [{ id: A.store(2), externalId: null, name: "Auto", availableFor: users }] })),
  fc.constantFrom(...customers).map((c): Changes => ({ customers: [{ ...c, name: `${c.name}*` }] })),
);

/** Commits a change the way a storage does, and records what it put (the journal's changes). */
function apply(state: CompanyState, changes: Changes, into: SyncChanges): void {
  commit(state, changes);
  for (const c of changes.customers ?? []) addSyncChange(into, { kind: "customer", after: c });
  for (const i of changes.interventions ?? []) addSyncChange(into, { kind: "intervention", after: i });
  for (const s of changes.stores ?? []) addSyncChange(into, { kind: "store", after: s });
  for (const [storeId, amounts] of changes.stock ?? []) for (const materialId of amounts.keys()) addSyncChange(into, { kind: "stock", storeId, materialId });
}

const scope: fc.Arbitrary<SyncScope> = fc.record({ userId: fc.constantFrom(A.tech1, A.tech2, A.admin), from: fc.constantFrom(...days), span: fc.nat(2) })
  .map(({ userId, from, span }) => ({ userId, from, to: days[Math.min(days.indexOf(from) + span, 2)]! }));

const answer = (body: Omit<SyncAnswer, "cursor">, cursor: string): SyncAnswer => JSON.parse(JSON.stringify({ cursor, ...body })) as SyncAnswer;
const canonical = (r: SyncReplica): unknown => {
  const sorted = (m: ReadonlyMap<string, unknown>): unknown => [...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, v instanceof Map ? sorted(v) : v]);
  return [r.scope, r.company, ...[r.customers, r.orders, r.interventions, r.materials, r.stores, r.stock, r.allocations].map(sorted)];
};

describe("the scope of a sync", () => {
  it("SYN-2: a material's sync form carries its prices exactly, and materialFromSync reads back the same material", () => {
    const decimal = fc.bigInt({ min: 0n, max: 10n ** 30n }).chain((n) => fc.nat(12).map((scale) => new Dec(n.toString()).dividedBy(new Dec(10).pow(scale))));
    fc.assert(fc.property(decimal, fc.option(decimal), (price, costPrice) => {
      const material = { id: A.material(1), externalId: null, name: "Šroub", categoryId: A.material(2), supplierId: A.material(3), identificationNumber: null, description: null, supplierCode: null, unit: "Amounts" as const, price, costPrice };
      const back = materialFromSync(JSON.parse(JSON.stringify(syncMaterial(material))) as ReturnType<typeof syncMaterial>);
      expect(back.price.equals(price)).toBe(true);
      expect(back.costPrice === null ? costPrice === null : costPrice !== null && back.costPrice.equals(costPrice)).toBe(true);
      expect({ ...back, price: null, costPrice: null }).toEqual({ ...material, price: null, costPrice: null });
    }));
  });

  it("SYN-2: a full answer holds exactly the scope's definition, checked against a direct reading", () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 15 }), scope, (writes, s) => {
        const state = fresh();
        for (const w of writes) commit(state, w);
        const body = fullSync(state, s);
        const all = [...state.interventions.byId.values()];
        const own = all.filter((i) => i.day >= s.from && i.day <= s.to && i.assignations.some((a) => a.userId === s.userId));
        const orderIds = new Set(own.map((i) => i.orderId));
        expect(new Set(body.orders.map((o) => o.id))).toEqual(orderIds);
        expect(new Set(body.interventions.map((i) => i.id))).toEqual(new Set(all.filter((i) => orderIds.has(i.orderId)).map((i) => i.id)));
        const named = new Set(body.orders.flatMap((o) => (o.invoiceCustomerId === null ? [o.customerId] : [o.customerId, o.invoiceCustomerId])));
        expect(new Set(body.customers.map((c) => c.id))).toEqual(named);
        const user = state.users.byId.get(s.userId)!;
        const stores = [...state.stores.byId.values()].filter((st) => user.roles.includes("Administrator") || st.availableFor.includes(s.userId));
        expect(body.stores.map((st) => st.id)).toEqual(stores.map((st) => st.id));
        expect(new Set(body.materials.map((m) => m.id))).toEqual(new Set(stores.flatMap((st) => [...(state.stock.get(st.id)?.keys() ?? [])])));
        expect(body.stock.every((x) => x.whole)).toBe(true);
        const slotted = all.filter((i) => i.state !== "Cancelled" && i.day >= s.from && i.day <= s.to && i.assignations.length > 0);
        expect(new Set(body.allocations.map((a) => a.interventionId))).toEqual(new Set(slotted.map((i) => i.id)));
        expect(body.keep).toBeNull();
      }),
    );
  });

  it("SYN-2: the configuration resolves every default and leaves the clients out; slots are none when cancelled or off the days", () => {
    const state = fresh();
    const company = syncCompany(state);
    expect(company).not.toHaveProperty("clients");
    expect(company.settings).toEqual({ disableCollisions: state.settings.disableCollisions, timeZone: state.settings.timeZone, locale: state.settings.locale, notifications: state.settings.notifications, customDataTemplates: expect.any(Object) });
    expect(company.users.map((u) => u.id)).toEqual(state.users.list.map((u) => u.id));
    const visit = testIntervention(orders[0]!, 1);
    const s = { userId: A.tech1, from: days[1]!, to: days[1]! };
    expect(syncSlots(visit, s)).toEqual(visit.assignations);
    expect(syncSlots({ ...visit, state: "Cancelled" }, s)).toEqual([]);
    expect(syncSlots({ ...visit, day: days[0]! }, s)).toEqual([]);
  });

  it("SYN-3: merging the incremental answer into the full answer before gives the full answer after", () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 10 }), fc.array(change, { maxLength: 10 }), scope, (before, after, s) => {
        const state = fresh();
        for (const w of before) commit(state, w);
        const first = mergeSyncAnswer(undefined, answer(fullSync(state, s), "1"));
        const changed = emptySyncChanges();
        for (const w of after) apply(state, w, changed);
        const merged = mergeSyncAnswer(first, answer(incrementalSync(state, s, changed), "2"));
        expect(canonical(merged)).toEqual(canonical(mergeSyncAnswer(undefined, answer(fullSync(state, s), "2"))));
      }),
      { numRuns: 200 },
    );
  });

  it("SYN-3: nothing changed, no records; keep lists the scope", () => {
    const state = fresh();
    commit(state, { interventions: [testIntervention(orders[0]!, 1)] });
    const s = { userId: A.tech1, from: days[1]!, to: days[1]! };
    const body = incrementalSync(state, s, emptySyncChanges());
    expect([body.orders, body.interventions, body.customers, body.stores, body.stock, body.materials, body.allocations]).toEqual([[], [], [], [], [], [], []]);
    expect(body.keep).toEqual({ customers: [customers[0]!.id], orders: [orders[0]!.id], interventions: [testIntervention(orders[0]!, 1).id], stores: [A.store(1)] });
    const moved = emptySyncChanges();
    addSyncChange(moved, { kind: "intervention", after: { id: "x" as Guid } });
    expect(incrementalSync(state, s, moved).allocations).toEqual([]);
  });
});

describe("the configuration of a sync, field by field (SYN-2)", () => {
  it("SYN-2: the configuration is the fixture's, every default resolved: settings and templates, users with their external IDs, each catalog, the forms of intervention categories; a fixture made of it loads to the same", () => {
    const base = testFixture().companies[0]!;
    const templates = { customer: [{ key: "vip", type: "boolean" as const, required: true }], order: [{ key: "due", type: "date" as const, required: false }, { key: "n", type: "number" as const, required: true }] };
    const company = { ...base, settings: { timeZone: "Europe/London", disableCollisions: true, locale: "en", notifications: { email: false, sms: true }, customDataTemplates: templates } };
    const state = loadFixture({ companies: [company] })[0] as CompanyState;
    const sync = syncCompany(state);
    expect(sync).toEqual({
      id: base.id, tenantCode: base.tenantCode, name: base.name,
      settings: company.settings,
      users: base.users.map((u) => ({ ...u, deactivated: u.deactivated ?? false })),
      catalogs: base.catalogs,
    });
    expect(sync.users.find((u) => u.id === A.techOff)).not.toHaveProperty("externalId");
    // Defaults resolved: the test fixture sets the time zone only.
    expect(syncCompany(fresh()).settings).toEqual({ disableCollisions: false, timeZone: "Europe/Prague", locale: "cs", notifications: { email: true, sms: true }, customDataTemplates: {} });
    const again = loadFixture({ companies: [{ ...sync, users: [...sync.users], clients: base.clients, materials: [], stores: [] }] })[0] as CompanyState;
    expect(syncCompany(again)).toEqual(sync);
  });
});

describe("a change set read from the journal (SYN-3)", () => {
  it("SYN-3: each record put lands in its kind's set and a stock amount under its store; a change without its GUIDs, or of another kind, changes nothing", () => {
    const into = emptySyncChanges();
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}` as Guid;
    for (const [n, kind] of (["customer", "order", "intervention", "material", "store"] as const).entries()) addSyncChange(into, { kind, after: { id: id(n) } });
    addSyncChange(into, { kind: "stock", storeId: id(5), materialId: id(6) });
    addSyncChange(into, { kind: "stock", storeId: id(5), materialId: id(7) });
    expect([[...into.customers], [...into.orders], [...into.interventions], [...into.materials], [...into.stores]]).toEqual([[id(0)], [id(1)], [id(2)], [id(3)], [id(4)]]);
    expect([...into.stock].map(([s, m]) => [s, [...m]])).toEqual([[id(5), [id(6), id(7)]]]);
    const none = emptySyncChanges();
    addSyncChange(none, { kind: "stock", storeId: id(5) });
    addSyncChange(none, { kind: "stock", materialId: id(6) });
    addSyncChange(none, { kind: "order", after: null });
    addSyncChange(none, { kind: "order", after: {} });
    addSyncChange(none, { kind: "user", after: { id: id(8) } });
    expect(none).toEqual(emptySyncChanges());
  });
});

describe("an incremental answer holds only what changed in the scope (SYN-3)", () => {
  it("SYN-3: a store changed in scope comes whole, once, with its stock's materials; stock of a store out of scope, and a material stocked in no store of the scope, are left out", () => {
    const state = fresh();
    commit(state, { interventions: [testIntervention(orders[0]!, 1)] });
    const s = { userId: A.tech1, from: days[1]!, to: days[1]! };
    const changed = emptySyncChanges();
    // Store 1 (in scope) changed and one of its amounts set; store 2 (not the technician's) set an amount.
    addSyncChange(changed, { kind: "store", after: { id: A.store(1) } });
    addSyncChange(changed, { kind: "stock", storeId: A.store(1), materialId: A.material(1) });
    addSyncChange(changed, { kind: "stock", storeId: A.store(2), materialId: A.material(3) });
    // Material 3 is stocked in no store of the scope.
    addSyncChange(changed, { kind: "material", after: { id: A.material(3) } });
    const body = incrementalSync(state, s, changed);
    expect(body.stock.map((x) => [x.storeId, x.whole])).toEqual([[A.store(1), true]]);
    expect(body.stock[0]!.items.map((i) => i.materialId)).toEqual([A.material(1), A.material(2)]);
    expect(body.materials.map((m) => m.id)).toEqual([A.material(1), A.material(2)]);
    // An amount set in a store in scope, the store unchanged: that amount only, and its material.
    const amount = emptySyncChanges();
    addSyncChange(amount, { kind: "stock", storeId: A.store(1), materialId: A.material(2) });
    addSyncChange(amount, { kind: "material", after: { id: A.material(1) } });
    const partial = incrementalSync(state, s, amount);
    expect(partial.stock).toEqual([{ storeId: A.store(1), whole: false, items: [{ materialId: A.material(2), amount: null }] }]);
    expect(partial.materials.map((m) => m.id)).toEqual([A.material(1), A.material(2)]);
  });
});

describe("a view that lacks a record named elsewhere (SYN-2, SYN-3)", () => {
  it("SYN-2: an intervention, a material, a store's stock or the technician the view does not hold is left out, without a throw", () => {
    const state = fresh();
    const visit = testIntervention(orders[0]!, 1);
    commit(state, { interventions: [visit] });
    const s = { userId: A.tech1, from: days[1]!, to: days[1]! };
    const ghost = "00000000-0000-4000-8000-0000000000ff" as Guid;
    const byOrder = new Map(state.interventionsByOrder);
    byOrder.set(orders[0]!.id, [...(byOrder.get(orders[0]!.id) ?? []), ghost]);
    const stock = new Map(state.stock);
    stock.set(A.store(1), new Map([...(stock.get(A.store(1)) ?? []), [ghost, finite(1)]]));
    const view = { ...state, interventionsByOrder: byOrder, stock };
    const body = fullSync(view, s);
    expect(body.interventions.map((i) => i.id)).toEqual([visit.id]);
    expect(body.materials.map((m) => m.id)).toEqual([A.material(1), A.material(2)]);
    // A store without stock in the view: no stock items, no materials.
    const bare = new Map(state.stock);
    bare.delete(A.store(1));
    const unstocked = fullSync({ ...state, stock: bare }, s);
    expect([unstocked.stock, unstocked.materials]).toEqual([[{ storeId: A.store(1), whole: true, items: [] }], []]);
    // A technician the view does not hold may use no store.
    expect(fullSync(state, { ...s, userId: ghost }).stores).toEqual([]);
    // An amount set in a store the view holds no stock of, or of a material it does not stock: no item.
    const amounts = emptySyncChanges();
    addSyncChange(amounts, { kind: "stock", storeId: A.store(1), materialId: ghost });
    expect(incrementalSync(state, s, amounts).stock).toEqual([{ storeId: A.store(1), whole: false, items: [] }]);
    expect(incrementalSync({ ...state, stock: bare }, s, amounts).stock).toEqual([{ storeId: A.store(1), whole: false, items: [] }]);
  });
});

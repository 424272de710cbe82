import type { Guid } from "../shared/guid.js";
import type { SyncAnswer, SyncReplica } from "./answer.js";

function byId<T extends { readonly id: Guid }>(records: readonly T[], into: Map<Guid, T> = new Map()): Map<Guid, T> {
  for (const r of records) into.set(r.id, r);
  return into;
}

function keepOnly<T>(map: Map<Guid, T>, keep: readonly Guid[]): void {
  const kept = new Set(keep);
  for (const id of [...map.keys()]) if (!kept.has(id)) map.delete(id);
}

/**
 * Merges a `GET /sync` answer into a device's replica (SYN-3): a full answer (or a first one)
 * replaces it; an incremental one puts its records on top (a store's `whole` stock replaces
 * that store's amounts, other amounts are set one by one, an intervention's slots replace its
 * slots and none removes it), then keeps only the customers, orders, interventions and stores
 * `keep` names, the stock of kept stores, and the materials stocked in them. Pure and
 * browser-safe: the replica given is not changed.
 * @param replica - the replica of the previous answers, `undefined` for none
 * @param answer - the answer to merge
 * @returns the new replica
 * @example
 * const slots = [{ userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", plannedStart: 1, plannedEnd: 2 }];
 * const full = { cursor: "c1", full: true, scope: { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", from: "2026-11-23", to: "2026-11-29" }, company: null, customers: [], orders: [], interventions: [], materials: [], stores: [], stock: [], allocations: [{ interventionId: "v1", slots }], keep: null };
 * mergeSyncAnswer(undefined, full).allocations.get("v1") //=> slots
 * mergeSyncAnswer(undefined, { ...full, cursor: "c2", full: false, allocations: [{ interventionId: "v1", slots: [] }], keep: { customers: [], orders: [], interventions: [], stores: [] } }).allocations.size //=> 0
 */
export function mergeSyncAnswer(replica: SyncReplica | undefined, answer: SyncAnswer): SyncReplica {
  const base = answer.full ? undefined : replica;
  const customers = byId(answer.customers, new Map(base?.customers));
  const orders = byId(answer.orders, new Map(base?.orders));
  const interventions = byId(answer.interventions, new Map(base?.interventions));
  const materials = byId(answer.materials, new Map(base?.materials));
  const stores = byId(answer.stores, new Map(base?.stores));
  const stock = new Map<Guid, Map<Guid, string | null>>();
  for (const [storeId, amounts] of base?.stock ?? []) stock.set(storeId, new Map(amounts));
  for (const s of answer.stock) {
    let amounts = s.whole ? undefined : stock.get(s.storeId);
    if (amounts === undefined) stock.set(s.storeId, (amounts = new Map()));
    for (const item of s.items) amounts.set(item.materialId, item.amount);
  }
  const allocations = new Map(base?.allocations);
  for (const a of answer.allocations) {
    if (a.slots.length === 0) allocations.delete(a.interventionId);
    else allocations.set(a.interventionId, a.slots);
  }
  if (answer.keep !== null) {
    keepOnly(customers, answer.keep.customers);
    keepOnly(orders, answer.keep.orders);
    keepOnly(interventions, answer.keep.interventions);
    keepOnly(stores, answer.keep.stores);
    keepOnly(stock, answer.keep.stores);
    const stocked = new Set<Guid>();
    for (const amounts of stock.values()) for (const id of amounts.keys()) stocked.add(id);
    for (const id of [...materials.keys()]) if (!stocked.has(id)) materials.delete(id);
  }
  return { cursor: answer.cursor, scope: answer.scope, company: answer.company, customers, orders, interventions, materials, stores, stock, allocations };
}

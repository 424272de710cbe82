import type { RecordChange } from "../journal/entry.js";
import type { Changes, CompanyState } from "./state.js";

/**
 * The records a change set puts, each with the record it replaces in the view the decision
 * read (JRN-1), and every stock amount it sets with the amount before.
 * @param view - the company as the decision saw it
 * @param changes - what the decision writes
 * @returns the changes, records first (customers, orders, interventions, materials, stores), then stock
 */
export function recordChanges(view: CompanyState, changes: Changes): RecordChange[] {
  const out: RecordChange[] = [];
  for (const after of changes.customers ?? []) out.push({ kind: "customer", before: view.customers.byId.get(after.id) ?? null, after });
  for (const after of changes.orders ?? []) out.push({ kind: "order", before: view.orders.byId.get(after.id) ?? null, after });
  for (const after of changes.interventions ?? []) out.push({ kind: "intervention", before: view.interventions.byId.get(after.id) ?? null, after });
  for (const after of changes.materials ?? []) out.push({ kind: "material", before: view.materials.byId.get(after.id) ?? null, after });
  for (const after of changes.stores ?? []) out.push({ kind: "store", before: view.stores.byId.get(after.id) ?? null, after });
  for (const [storeId, amounts] of changes.stock ?? []) {
    const stocked = view.stock.get(storeId);
    for (const [materialId, after] of amounts) out.push({ kind: "stock", storeId, materialId, before: stocked?.get(materialId) ?? null, after });
  }
  return out;
}


// Test support: a sync replica as canonical JSON, to compare a device's merged replica with a
// fresh full pull's (the order of a replica's maps does not matter).
import type { SyncReplica } from "../../src/sync/answer.js";

/**
 * A replica as canonical JSON: maps as entries sorted by key.
 * @param r - the replica
 * @returns a JSON value equal for equal replicas
 */
export function canonical(r: SyncReplica): unknown {
  const sorted = <V>(m: ReadonlyMap<string, V>, f: (v: V) => unknown = (v) => v): unknown => [...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, f(v)]);
  return JSON.parse(JSON.stringify({
    scope: r.scope, company: r.company, customers: sorted(r.customers), orders: sorted(r.orders), interventions: sorted(r.interventions),
    materials: sorted(r.materials), stores: sorted(r.stores), stock: sorted(r.stock, (m) => sorted(m)), allocations: sorted(r.allocations),
  })) as unknown;
}

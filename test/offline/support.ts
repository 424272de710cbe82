// Helpers of the offline tests: a whole company's state as a replica (what a sync of a scope
// holding everything would give), deterministic GUID sources, and the technician's commands as
// data, so the same command runs on the server and on the device.
import fc from "fast-check";
import type { InterventionEditBody, InterventionReplanBody, StockQuantityBody } from "../../src/api/bodies.js";
import type { Customer } from "../../src/customer/customer.js";
import type { Intervention } from "../../src/records/intervention.js";
import type { Order } from "../../src/records/order.js";
import type { FixtureCompany } from "../../src/service/fixture.js";
import type { CompanyState } from "../../src/service/state.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Store } from "../../src/store/store.js";
import type { SyncAllocation, SyncMaterial, SyncReplica, SyncScope } from "../../src/sync/answer.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";

/** A GUID source counting from `start`, shareable between a server and a device. */
export function counter(start = 0, prefix = "00000000-0000-4000-9000-"): { next: () => string; n: number } {
  const c = {
    n: start,
    next: (): string => `${prefix}${(++c.n).toString(16).padStart(12, "0")}`,
  };
  return c;
}

/** A company's whole state as a replica of `scope` (every record in it). */
export function replicaOfState(state: CompanyState, scope: SyncScope, cursor = "c0"): SyncReplica {
  const fixture = testFixture().companies.find((c) => c.id === state.id) as FixtureCompany;
  const materials = new Map<Guid, SyncMaterial>();
  for (const m of state.materials.byId.values()) {
    materials.set(m.id, {
      id: m.id, externalId: m.externalId, name: m.name, categoryId: m.categoryId, supplierId: m.supplierId, identificationNumber: m.identificationNumber,
      description: m.description, supplierCode: m.supplierCode, unit: m.unit, price: m.price.toFixed(), costPrice: m.costPrice === null ? null : m.costPrice.toFixed(),
    });
  }
  const stock = new Map<Guid, Map<Guid, string | null>>();
  for (const [s, items] of state.stock) stock.set(s, new Map([...items].map(([m, a]) => [m, a.kind === "unlimited" ? null : a.value.toFixed()])));
  const allocations = new Map<Guid, SyncAllocation["slots"]>();
  for (const i of state.interventions.byId.values()) if (i.state !== "Cancelled") allocations.set(i.id, i.assignations.map((a) => ({ userId: a.userId, plannedStart: a.plannedStart, plannedEnd: a.plannedEnd })));
  return {
    cursor, scope,
    company: { id: state.id, tenantCode: state.tenantCode, name: state.name, settings: { ...fixture.settings, disableCollisions: state.settings.disableCollisions }, users: fixture.users, catalogs: fixture.catalogs },
    customers: new Map<Guid, Customer>(state.customers.byId), orders: new Map<Guid, Order>(state.orders.byId),
    interventions: new Map<Guid, Intervention>(state.interventions.byId), materials, stores: new Map<Guid, Store>(state.stores.byId), stock, allocations,
  };
}

/** One technician's write as data. */
export type Command =
  | { readonly kind: "startDeparture" | "start" | "requestSignature" | "complete"; readonly intervention: number }
  | { readonly kind: "editIntervention"; readonly intervention: number; readonly body: InterventionEditBody }
  | { readonly kind: "replanIntervention"; readonly intervention: number; readonly body: InterventionReplanBody }
  | { readonly kind: "moveStock"; readonly from: number; readonly to: number; readonly items: StockQuantityBody[] };

const A = ids(0);

/** A slot on 2026-05-04 starting at `hour` (UTC) for `minutes`. */
export function slot(user: Guid, hour: number, minutes: number): { userId: string; plannedStart: string; plannedEnd: string } {
  const start = Date.parse("2026-05-04T00:00:00Z") + hour * 3_600_000;
  return { userId: user, plannedStart: new Date(start).toISOString(), plannedEnd: new Date(start + minutes * 60_000).toISOString() };
}

/**
 * Technician commands over `n` interventions and the two stores of company A, naming the
 * materials of the device's scope (those a store of the scope stocks, SYN-2: material 3 is
 * stocked nowhere, so a device never sees it); a replan assigns
 * one of `replanUsers`. Lifecycle moves weigh most, as on a technician's day.
 */
export function commandArb(n: number, replanUsers: readonly Guid[] = [A.tech1, A.tech2]): fc.Arbitrary<Command> {
  const iv = fc.nat({ max: n - 1 });
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom("startDeparture" as const, "start" as const, "requestSignature" as const, "complete" as const), intervention: iv }) },
    fc.record({
      kind: fc.constant("editIntervention" as const), intervention: iv,
      body: fc.oneof(
        fc.record({ internalNote: fc.option(fc.string({ maxLength: 8 }), { nil: null }) }),
        fc.record({ priority: fc.constantFrom("Low" as const, "Normal" as const, "High" as const) }),
        fc.record({ ownerId: fc.constantFrom(A.admin, A.tech1, "nobody") }),
      ),
    }),
    fc.record({
      kind: fc.constant("replanIntervention" as const), intervention: iv,
      body: fc.record({ hour: fc.integer({ min: 6, max: 14 }), minutes: fc.constantFrom(30, 60, 120), user: fc.constantFrom(...replanUsers) }).map(({ hour, minutes, user }) => ({
        primaryAssigneeId: user, day: "2026-05-04", categoryId: "revize", assignations: [slot(user, hour, minutes)],
      })),
    }),
    fc.record({
      kind: fc.constant("moveStock" as const), from: fc.constantFrom(1, 2), to: fc.constantFrom(1, 2),
      items: fc.array(fc.record({ materialId: fc.constantFrom("M1", "M2", A.material(2)), amount: fc.option(fc.constantFrom(1, 2.5, 4, 20), { nil: undefined }) }).map((x) => (x.amount === undefined ? { materialId: x.materialId } : { materialId: x.materialId, amount: x.amount })), { minLength: 1, maxLength: 3 }),
    }),
  );
}

/** The request a command is, over the given interventions (GUID paths, as the offline client sends them). */
export function requestOf(c: Command, interventions: readonly Intervention[]): { method: "PUT"; path: string; body?: unknown } {
  if (c.kind === "moveStock") return { method: "PUT", path: `/store/${A.store(c.from)}/moveTo/${A.store(c.to)}`, body: c.items };
  const i = interventions[c.intervention] as Intervention;
  const base = `/order/${i.orderId}/intervention/${i.id}`;
  switch (c.kind) {
    case "startDeparture": return { method: "PUT", path: `${base}/StartDeparture` };
    case "start": return { method: "PUT", path: `${base}/Start` };
    case "requestSignature": return { method: "PUT", path: `${base}/RequestSignature` };
    case "complete": return { method: "PUT", path: `${base}/Complete` };
    case "editIntervention": return { method: "PUT", path: base, body: c.body };
    case "replanIntervention": return { method: "PUT", path: `${base}/Replan`, body: c.body };
  }
}

/** A network between the device and the server that the test cuts: down, or a fate per request. */
export interface TestNetwork {
  /** `true`: every request fails before it leaves. */
  down: boolean;
  /** The fate of the next request when up: delivered, failed before delivery, or delivered with its answer lost. Default: delivered. */
  fate: () => "ok" | "before" | "after";
  /** How many requests reached the server. */
  delivered: number;
}

/**
 * A `fetch` over `inner` that fails as `net` says: before delivering (the server never sees the
 * request) or after (the server decided it, the device never hears).
 * @param inner - the real fetch (e.g. `inProcessFetch(service)`)
 * @param net - the network's state
 * @returns the fetch
 */
export function cuttable(inner: (url: string, init: RequestInit) => Promise<Response>, net: TestNetwork): (url: string, init: RequestInit) => Promise<Response> {
  return async (url, init) => {
    if (net.down) throw new TypeError("fetch failed: offline");
    const fate = net.fate();
    if (fate === "before") throw new TypeError("fetch failed: connection reset before delivery");
    const response = await inner(url, init);
    net.delivered++;
    if (fate === "after") throw new TypeError("fetch failed: connection reset, answer lost");
    return response;
  };
}

/** A network that is up and delivers everything. */
export function upNetwork(): TestNetwork {
  return { down: false, fate: () => "ok", delivered: 0 };
}

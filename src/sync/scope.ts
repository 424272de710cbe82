import type { User } from "../auth/user.js";
import type { Customer } from "../customer/customer.js";
import type { Material } from "../material/material.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { CatalogValue, InterventionCategory } from "../shared/catalog.js";
import type { Guid } from "../shared/guid.js";
import type { CompanySettings, CustomDataField } from "../shared/settings.js";
import { Dec } from "../shared/decimal.js";
import { amountToText, type Amount } from "../stock/amount.js";
import type { Store } from "../store/store.js";
import { canUseStore } from "../store/access.js";
import type { FixtureCatalog, FixtureCatalogs, FixtureSettings, FixtureTemplate, FixtureUser } from "../shared/fixture-config.js";
import type { SyncAllocation, SyncAnswer, SyncCompany, SyncMaterial, SyncScope, SyncStock } from "./answer.js";

/** Records by GUID. */
interface ById<T> {
  /** The records, in insertion order. */
  readonly byId: ReadonlyMap<Guid, T>;
}

/** Values in fixture order. */
interface InOrder<T> {
  /** The values. */
  readonly list: readonly T[];
}

/**
 * What the scope is read from: a company's configuration and records, or a view of them holding
 * at least the scope's records (the service's company state is one; the PostgreSQL storage loads
 * one per pull). Structural, so the sync reads the service's state without depending on it.
 */
export interface SyncSource {
  /** GUID of the company. */
  readonly id: Guid;
  /** Code used to log in. */
  readonly tenantCode: string;
  /** Display name. */
  readonly name: string;
  /** Settings, defaults resolved. */
  readonly settings: CompanySettings;
  /** Users, by GUID and in fixture order. */
  readonly users: ById<User> & InOrder<User>;
  /** Catalogs, each in fixture order. */
  readonly catalogs: {
    readonly customerCategories: InOrder<CatalogValue>;
    readonly customerTypes: InOrder<CatalogValue>;
    readonly orderCategories: InOrder<CatalogValue>;
    readonly orderCustomStates: InOrder<CatalogValue>;
    readonly interventionCategories: InOrder<InterventionCategory>;
    readonly interventionCustomStates: InOrder<CatalogValue>;
    readonly materialCategories: InOrder<CatalogValue>;
    readonly materialSuppliers: InOrder<CatalogValue>;
  };
  /** Customers. */
  readonly customers: ById<Customer>;
  /** Orders. */
  readonly orders: ById<Order>;
  /** Interventions. */
  readonly interventions: ById<Intervention>;
  /** GUIDs of each order's interventions, in planning order. */
  readonly interventionsByOrder: ReadonlyMap<Guid, readonly Guid[]>;
  /** Materials. */
  readonly materials: ById<Material>;
  /** Stores. */
  readonly stores: ById<Store>;
  /** Stock per store GUID: material GUID to amount, in the order first stocked. */
  readonly stock: ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>>;
}

/** An answer before the storage gives it its cursor. */
export type SyncBody = Omit<SyncAnswer, "cursor">;

/**
 * What changed since a cursor (SYN-3): the GUIDs of the records put and the stock amounts set
 * by the committed journal entries after it.
 */
export interface SyncChanges {
  /** Customers put. */
  readonly customers: Set<Guid>;
  /** Orders put. */
  readonly orders: Set<Guid>;
  /** Interventions put. */
  readonly interventions: Set<Guid>;
  /** Materials put. */
  readonly materials: Set<Guid>;
  /** Stores put. */
  readonly stores: Set<Guid>;
  /** Stock amounts set: material GUIDs per store GUID. */
  readonly stock: Map<Guid, Set<Guid>>;
}

/**
 * No changes.
 * @returns an empty change set
 * @example
 * emptySyncChanges().orders.size //=> 0
 */
export function emptySyncChanges(): SyncChanges {
  return { customers: new Set(), orders: new Set(), interventions: new Set(), materials: new Set(), stores: new Set(), stock: new Map() };
}

/** A change as the journal records it, in memory (records) or as JSON (documents): what {@link addSyncChange} reads. */
export interface SyncChangeLike {
  /** Kind of record, or `stock`. */
  readonly kind: string;
  /** The record after (anything with an `id`). */
  readonly after?: unknown;
  /** GUID of the store, for a stock change. */
  readonly storeId?: Guid;
  /** GUID of the material, for a stock change. */
  readonly materialId?: Guid;
}

/**
 * Adds one journal change to a change set (SYN-3).
 * @param into - the change set, changed in place
 * @param change - a record put or a stock amount set
 * @example
 * const changes = emptySyncChanges();
 * addSyncChange(changes, { kind: "order", after: { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301" } });
 * changes.orders.has("3f2504e0-4f89-11d3-9a0c-0305e82c3301") //=> true
 */
export function addSyncChange(into: SyncChanges, change: SyncChangeLike): void {
  if (change.kind === "stock") {
    if (change.storeId === undefined || change.materialId === undefined) return;
    let m = into.stock.get(change.storeId);
    if (m === undefined) into.stock.set(change.storeId, (m = new Set()));
    m.add(change.materialId);
    return;
  }
  const id = (change.after as { readonly id?: Guid } | null | undefined)?.id;
  if (id === undefined) return;
  if (change.kind === "customer") into.customers.add(id);
  else if (change.kind === "order") into.orders.add(id);
  else if (change.kind === "intervention") into.interventions.add(id);
  else if (change.kind === "material") into.materials.add(id);
  else if (change.kind === "store") into.stores.add(id);
}

function template(fields: readonly CustomDataField[]): FixtureTemplate {
  return fields.map((f) => ({ key: f.key, type: f.type, required: f.required }));
}

function catalog(values: readonly CatalogValue[]): FixtureCatalog {
  return values.map((v) => ({ id: v.id, slug: v.slug, name: v.name }));
}

function fixtureUser(u: User): FixtureUser {
  const base = { id: u.id, name: u.name, roles: [...u.roles], deactivated: u.deactivated };
  return u.externalId === null ? base : { id: u.id, externalId: u.externalId, name: u.name, roles: base.roles, deactivated: u.deactivated };
}

/**
 * The company's configuration in the fixture's form (SYN-2): settings with every default
 * resolved, users and catalogs in fixture order; never the clients (their secrets).
 * @param state - the company
 * @returns its configuration
 * Applies SYN-2.
 * @example
 * const tech = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: null, name: "Technik", roles: ["Technik"], deactivated: false };
 * const none = { list: [] };
 * const state = {
 *   id: "c", tenantCode: "t", name: "Firma", users: { byId: new Map([[tech.id, tech]]), list: [tech] },
 *   settings: { disableCollisions: false, timeZone: "Europe/Prague", locale: "cs", notifications: { email: true, sms: true }, customDataTemplates: { customer: null, order: null } },
 *   catalogs: { customerCategories: none, customerTypes: none, orderCategories: none, orderCustomStates: none, interventionCategories: none, interventionCustomStates: none, materialCategories: none, materialSuppliers: none },
 *   customers: { byId: new Map() }, orders: { byId: new Map() }, interventions: { byId: new Map() }, interventionsByOrder: new Map(),
 *   materials: { byId: new Map() }, stores: { byId: new Map() }, stock: new Map(),
 * };
 * "clients" in syncCompany(state) //=> false
 * syncCompany(state).users //=> [{ id: tech.id, name: "Technik", roles: ["Technik"], deactivated: false }]
 */
export function syncCompany(state: SyncSource): SyncCompany {
  const s = state.settings;
  const templates: { customer?: FixtureTemplate; order?: FixtureTemplate } = {};
  if (s.customDataTemplates.customer !== null) templates.customer = template(s.customDataTemplates.customer);
  if (s.customDataTemplates.order !== null) templates.order = template(s.customDataTemplates.order);
  const settings: FixtureSettings = {
    disableCollisions: s.disableCollisions,
    timeZone: s.timeZone,
    locale: s.locale,
    notifications: { email: s.notifications.email, sms: s.notifications.sms },
    customDataTemplates: templates,
  };
  const c = state.catalogs;
  const catalogs: FixtureCatalogs = {
    customerCategories: catalog(c.customerCategories.list),
    customerTypes: catalog(c.customerTypes.list),
    orderCategories: catalog(c.orderCategories.list),
    orderCustomStates: catalog(c.orderCustomStates.list),
    interventionCategories: c.interventionCategories.list.map((v) => ({ id: v.id, slug: v.slug, name: v.name, forms: v.forms.map((f) => ({ id: f.id, name: f.name })) })),
    interventionCustomStates: catalog(c.interventionCustomStates.list),
    materialCategories: catalog(c.materialCategories.list),
    materialSuppliers: catalog(c.materialSuppliers.list),
  };
  return { id: state.id, tenantCode: state.tenantCode, name: state.name, settings, users: state.users.list.map(fixtureUser), catalogs };
}

/**
 * A material as JSON (SYN-2): prices as exact decimal strings.
 * @param m - the material
 * @returns its sync form
 * @example
 * const material = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: null, name: "Šroub", categoryId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", supplierId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", identificationNumber: null, description: null, supplierCode: null, unit: "Amounts", price: new Dec("12.5"), costPrice: null };
 * syncMaterial(material).price //=> "12.5"
 */
export function syncMaterial(m: Material): SyncMaterial {
  return {
    id: m.id, externalId: m.externalId, name: m.name, categoryId: m.categoryId, supplierId: m.supplierId,
    identificationNumber: m.identificationNumber, description: m.description, supplierCode: m.supplierCode,
    unit: m.unit, price: m.price.toFixed(), costPrice: m.costPrice === null ? null : m.costPrice.toFixed(),
  };
}

/**
 * Reads a material back from its sync form (the device's replica, OFF-1): the inverse of
 * {@link syncMaterial}.
 * @param m - the sync form
 * @returns the material, prices as decimals
 * @example
 * const material = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: null, name: "Šroub", categoryId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", supplierId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", identificationNumber: null, description: null, supplierCode: null, unit: "Amounts" as const, price: "12.5", costPrice: null };
 * materialFromSync(material).price.toNumber() //=> 12.5
 */
export function materialFromSync(m: SyncMaterial): Material {
  return { ...m, price: new Dec(m.price), costPrice: m.costPrice === null ? null : new Dec(m.costPrice) };
}

/** Whether an intervention's day lies in the scope's days (both `YYYY-MM-DD`: text order is day order). */
function onDays(i: Intervention, scope: SyncScope): boolean {
  return i.day >= scope.from && i.day <= scope.to;
}

/**
 * The slots of one intervention that a replica of the scope holds (SYN-2): its assignations
 * when it is not cancelled and its day lies in the scope's days, else none.
 * @param i - the intervention
 * @param scope - the scope
 * @returns its slots
 * Applies SYN-2.
 * @example
 * const visit = { state: "Planned", day: "2026-11-24", assignations: [{ userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", plannedStart: 1, plannedEnd: 2 }] };
 * const scope = { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", from: "2026-11-23", to: "2026-11-29" };
 * syncSlots(visit, scope) //=> [{ userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", plannedStart: 1, plannedEnd: 2 }]
 * syncSlots({ ...visit, state: "Cancelled" }, scope) //=> []
 */
export function syncSlots(i: Intervention, scope: SyncScope): SyncAllocation["slots"] {
  if (i.state === "Cancelled" || !onDays(i, scope)) return [];
  return i.assignations.map((a) => ({ userId: a.userId, plannedStart: a.plannedStart, plannedEnd: a.plannedEnd }));
}

/** The GUIDs of the records in a scope now. */
interface InScope {
  readonly orders: Order[];
  readonly interventions: Intervention[];
  readonly customers: Customer[];
  readonly stores: Store[];
  readonly storeIds: Set<Guid>;
  readonly materialIds: Set<Guid>;
}

function inScope(state: SyncSource, scope: SyncScope): InScope {
  const orderIds = new Set<Guid>();
  for (const i of state.interventions.byId.values()) {
    if (onDays(i, scope) && i.assignations.some((a) => a.userId === scope.userId)) orderIds.add(i.orderId);
  }
  const orders: Order[] = [];
  const interventions: Intervention[] = [];
  const customerIds = new Set<Guid>();
  for (const o of state.orders.byId.values()) {
    if (!orderIds.has(o.id)) continue;
    orders.push(o);
    customerIds.add(o.customerId);
    customerIds.add(o.invoiceCustomerId ?? o.customerId); // no invoice customer: the customer, already in
    // Stryker disable next-line ArrayDeclaration: a GUID no intervention has is skipped below, as no GUID is
    for (const id of state.interventionsByOrder.get(o.id) ?? []) {
      const i = state.interventions.byId.get(id);
      if (i !== undefined) interventions.push(i);
    }
  }
  const customers: Customer[] = [];
  for (const c of state.customers.byId.values()) if (customerIds.has(c.id)) customers.push(c);
  const user = state.users.byId.get(scope.userId);
  const stores: Store[] = [];
  const storeIds = new Set<Guid>();
  const materialIds = new Set<Guid>();
  if (user !== undefined) {
    for (const s of state.stores.byId.values()) {
      if (!canUseStore(user, s)) continue;
      stores.push(s);
      storeIds.add(s.id);
      // Stryker disable next-line ArrayDeclaration: a GUID no material has is skipped by materialsOf, as no GUID is
      for (const m of state.stock.get(s.id)?.keys() ?? []) materialIds.add(m);
    }
  }
  return { orders, interventions, customers, stores, storeIds, materialIds };
}

function wholeStock(state: SyncSource, storeId: Guid): SyncStock {
  const items: { materialId: Guid; amount: string | null }[] = [];
  for (const [materialId, amount] of state.stock.get(storeId) ?? new Map<Guid, Amount>()) items.push({ materialId, amount: amountToText(amount) });
  return { storeId, whole: true, items };
}

function materialsOf(state: SyncSource, ids: Iterable<Guid>): SyncMaterial[] {
  const out: SyncMaterial[] = [];
  for (const id of ids) {
    const m = state.materials.byId.get(id);
    if (m !== undefined) out.push(syncMaterial(m));
  }
  return out;
}

/**
 * The whole scope (SYN-2): for technician U and days [from, to], U's interventions on those
 * days (any state), their orders, every intervention of those orders, the orders' customers
 * and invoice customers, the stores U may use (STO-2) with their whole stock and the materials
 * stocked there, the company's configuration, and the slots of every non-cancelled
 * intervention on those days (what ASN-5 reads). One pure function over a company view, which
 * both storages run, so they answer alike.
 * @param state - the company (or a view holding at least the scope's records)
 * @param scope - the technician and the days
 * @returns the full answer, without its cursor
 * @rule SYN-2
 * @example
 * const tech = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: null, name: "Technik", roles: ["Technik"], deactivated: false };
 * const none = { list: [] };
 * const state = {
 *   id: "c", tenantCode: "t", name: "Firma", users: { byId: new Map([[tech.id, tech]]), list: [tech] },
 *   settings: { disableCollisions: false, timeZone: "Europe/Prague", locale: "cs", notifications: { email: true, sms: true }, customDataTemplates: { customer: null, order: null } },
 *   catalogs: { customerCategories: none, customerTypes: none, orderCategories: none, orderCustomStates: none, interventionCategories: none, interventionCustomStates: none, materialCategories: none, materialSuppliers: none },
 *   customers: { byId: new Map() }, orders: { byId: new Map() }, interventions: { byId: new Map() }, interventionsByOrder: new Map(),
 *   materials: { byId: new Map() }, stores: { byId: new Map() }, stock: new Map(),
 * };
 * fullSync(state, { userId: tech.id, from: "2026-11-23", to: "2026-11-29" }) //=> { full: true, orders: [], keep: null, ... }
 */
export function fullSync(state: SyncSource, scope: SyncScope): SyncBody {
  const s = inScope(state, scope);
  const allocations: SyncAllocation[] = [];
  for (const i of state.interventions.byId.values()) {
    const slots = syncSlots(i, scope);
    if (slots.length > 0) allocations.push({ interventionId: i.id, slots });
  }
  return {
    full: true, scope, company: syncCompany(state),
    customers: s.customers, orders: s.orders, interventions: s.interventions,
    materials: materialsOf(state, s.materialIds), stores: s.stores,
    stock: s.stores.map((st) => wholeStock(state, st.id)),
    allocations, keep: null,
  };
}

/**
 * What changed in a scope since a cursor (SYN-3): each touched order in scope (it or one of
 * its interventions changed) with all its interventions and its customers; changed customers
 * and materials in scope; changed stores in scope with their whole stock and its materials;
 * changed stock amounts of stores in scope with the materials they name; the current slots of
 * every changed intervention (none when cancelled or off the days); and `keep`, the GUIDs in
 * scope now, so the replica drops the rest.
 * @param state - the company (or a view holding the scope's records and the changed ones)
 * @param scope - the technician and the days
 * @param changes - what the committed journal entries after the cursor changed
 * @returns the incremental answer, without its cursor
 * @rule SYN-3
 * @example
 * const tech = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: null, name: "Technik", roles: ["Technik"], deactivated: false };
 * const none = { list: [] };
 * const state = {
 *   id: "c", tenantCode: "t", name: "Firma", users: { byId: new Map([[tech.id, tech]]), list: [tech] },
 *   settings: { disableCollisions: false, timeZone: "Europe/Prague", locale: "cs", notifications: { email: true, sms: true }, customDataTemplates: { customer: null, order: null } },
 *   catalogs: { customerCategories: none, customerTypes: none, orderCategories: none, orderCustomStates: none, interventionCategories: none, interventionCustomStates: none, materialCategories: none, materialSuppliers: none },
 *   customers: { byId: new Map() }, orders: { byId: new Map() }, interventions: { byId: new Map() }, interventionsByOrder: new Map(),
 *   materials: { byId: new Map() }, stores: { byId: new Map() }, stock: new Map(),
 * };
 * incrementalSync(state, { userId: tech.id, from: "2026-11-23", to: "2026-11-29" }, emptySyncChanges()).keep //=> { customers: [], orders: [], interventions: [], stores: [] }
 */
export function incrementalSync(state: SyncSource, scope: SyncScope, changes: SyncChanges): SyncBody {
  const s = inScope(state, scope);
  // The orders changed or whose interventions changed; only those in scope are read from it.
  const touched = new Set<Guid>(changes.orders);
  for (const id of changes.interventions) {
    const i = state.interventions.byId.get(id);
    if (i !== undefined) touched.add(i.orderId);
  }
  // The customers changed and those of the touched orders; only those in scope are answered.
  const customerIds = new Set<Guid>(changes.customers);
  const orders = s.orders.filter((o) => touched.has(o.id));
  for (const o of orders) {
    customerIds.add(o.customerId);
    customerIds.add(o.invoiceCustomerId ?? o.customerId); // no invoice customer: the customer, already in
  }
  const stock: SyncStock[] = [];
  const materialIds = new Set<Guid>();
  for (const id of changes.materials) if (s.materialIds.has(id)) materialIds.add(id);
  const stores = s.stores.filter((st) => changes.stores.has(st.id));
  for (const st of stores) {
    const whole = wholeStock(state, st.id);
    stock.push(whole);
    for (const item of whole.items) materialIds.add(item.materialId);
  }
  for (const [storeId, named] of changes.stock) {
    if (!s.storeIds.has(storeId) || changes.stores.has(storeId)) continue;
    const amounts = state.stock.get(storeId);
    const items: { materialId: Guid; amount: string | null }[] = [];
    for (const materialId of named) {
      const a = amounts?.get(materialId);
      if (a === undefined) continue;
      items.push({ materialId, amount: amountToText(a) });
      materialIds.add(materialId);
    }
    stock.push({ storeId, whole: false, items });
  }
  const allocations: SyncAllocation[] = [];
  for (const id of changes.interventions) {
    const i = state.interventions.byId.get(id);
    if (i !== undefined) allocations.push({ interventionId: id, slots: syncSlots(i, scope) });
  }
  return {
    full: false, scope, company: syncCompany(state),
    customers: s.customers.filter((c) => customerIds.has(c.id)),
    orders,
    interventions: s.interventions.filter((i) => touched.has(i.orderId)),
    materials: materialsOf(state, materialIds),
    stores, stock, allocations,
    keep: {
      customers: s.customers.map((c) => c.id),
      orders: s.orders.map((o) => o.id),
      interventions: s.interventions.map((i) => i.id),
      stores: s.stores.map((st) => st.id),
    },
  };
}

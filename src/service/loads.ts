import type { AssignationRequest } from "../assignation/validate.js";
import { NESTED_LISTS, type NestedList } from "../order/owned-elements.js";
import { toGuid, type Guid } from "../shared/guid.js";
import { findReference } from "../shared/reference.js";
import type { Instant } from "../shared/time.js";
import type { CompanyState } from "./state.js";

/** Records named by GUID or by external ID. A reference that may be either is in both lists. */
export interface Keys {
  /** GUIDs (lower case). */
  readonly ids: readonly Guid[];
  /** External IDs (or references that may be one). */
  readonly externalIds: readonly string[];
}

/**
 * Nested elements of customers (contact people, addresses, service objects) named in a body:
 * by GUID, which is unique company-wide (UPS-6), and by external ID, which is unique within
 * one customer's list only, so each external ID is kept with the list the body names it in.
 */
export interface ElementKeys {
  /** GUIDs (lower case), of any list. */
  readonly ids: readonly Guid[];
  /** External IDs (or references that may be one), by the list the body names each in: an order's `addressId` in `addresses`. */
  readonly externalIds: Readonly<Record<NestedList, readonly string[]>>;
}

/** The technicians whose allocations a plan or replan checks (ASN-5), and the span it checks. */
export interface AllocationLoad {
  /** GUIDs of the technicians the body assigns. */
  readonly userIds: readonly Guid[];
  /** The earliest start the body asks for. */
  readonly from: Instant;
  /** The latest end the body asks for. */
  readonly to: Instant;
}

/**
 * What one operation reads besides the records its path names (which every operation
 * loads: the order, the intervention of that order (INT-8), the store, ...). A storage on a
 * database loads exactly these into the company view the pure handler runs on; the in-memory
 * store holds everything and ignores them. docs/embedding.md lists them per endpoint.
 */
export interface OperationLoads {
  /** Customers named in the body: upsert targets, references (`customerId`, `invoiceCustomerId`), external IDs to check (GEN-4). */
  readonly customers: Keys;
  /**
   * Customers holding a nested element with one of these GUIDs, or with one of these external
   * IDs in that list (UPS-6, ORD-1). A storage needs, besides the customers named otherwise, one
   * holder of each: ORD-1 asks only whether another customer holds the element.
   */
  readonly customerElements: ElementKeys;
  /** Orders named in the body: the upsert target, the external ID to check (GEN-4). */
  readonly orders: Keys;
  /** Interventions named in the body by external ID (GEN-4). */
  readonly interventions: Keys;
  /** The customer of every order loaded (notifications NOT-2, NOT-3; ORD-8). */
  readonly orderCustomers: boolean;
  /** Every intervention of every order loaded (ORD-6, ORD-11, ORD-13, `interventionIds`). */
  readonly orderInterventions: boolean;
  /** Allocations to check for collisions (ASN-5), only when the company forbids them. */
  readonly allocations: AllocationLoad | undefined;
  /** Materials named in the body (stock batch items, STK-6). */
  readonly materials: Keys;
  /** Stores named in the body by external ID (GEN-4). */
  readonly stores: Keys;
  /** The stock of the path's stores: none, or of the materials named (a store page reads the storage's listing instead). */
  readonly stock: "none" | "named";
  /**
   * Whether every record these loads name is one the decision expects not to exist: a new
   * record's external ID, which GEN-4 refuses when taken. A database storage whose unique
   * constraints refuse a taken one at commit may then decide on a view without them (no read),
   * and read them only when the commit is refused: the next decision sees the record and refuses
   * it by the rules. Left out: `false`.
   */
  readonly absentExpected?: boolean;
}

const NO_KEYS: Keys = { ids: [], externalIds: [] };
const NO_ELEMENTS: ElementKeys = { ids: [], externalIds: { contactPeople: [], addresses: [], serviceObjects: [] } };

/** Nothing besides the path's records: what a read of one record, or a refused request, loads. */
export const NOTHING: OperationLoads = {
  customers: NO_KEYS, customerElements: NO_ELEMENTS, orders: NO_KEYS, interventions: NO_KEYS, orderCustomers: false, orderInterventions: false,
  allocations: undefined, materials: NO_KEYS, stores: NO_KEYS, stock: "none",
};

/** Collects references (GUID or external ID) a command names. */
export class KeyBag {
  readonly #ids = new Set<Guid>();
  readonly #externalIds = new Set<string>();
  /**
   * A value that names a record by GUID (a value that is not one is left out).
   * @param value - the value
   */
  guid(value: unknown): void {
    const g = toGuid(value);
    if (g !== undefined) this.#ids.add(g);
  }
  /**
   * A value that names a record by external ID.
   * @param value - the value (anything but a string is left out)
   */
  key(value: unknown): void {
    if (typeof value === "string") this.#externalIds.add(value);
  }
  /**
   * A reference that may be either (GEN-3).
   * @param value - the value
   */
  ref(value: unknown): void {
    this.guid(value);
    this.key(value);
  }
  /**
   * The keys collected.
   * @returns GUIDs and external IDs, each once, in the order first seen
   */
  keys(): Keys {
    return { ids: [...this.#ids], externalIds: [...this.#externalIds] };
  }
}

/** Collects references to nested elements: GUIDs, and external IDs by list ({@link ElementKeys}). */
class ElementBag {
  readonly #ids = new KeyBag();
  readonly #lists = { contactPeople: new KeyBag(), addresses: new KeyBag(), serviceObjects: new KeyBag() };
  /**
   * A value that names an element by GUID.
   * @param value - the value
   */
  guid(value: unknown): void {
    this.#ids.guid(value);
  }
  /**
   * A reference to an element of `list` that may be either (GEN-3).
   * @param list - the list it names an element of
   * @param value - the value
   */
  ref(list: NestedList, value: unknown): void {
    this.#ids.guid(value);
    this.#lists[list].key(value);
  }
  /**
   * The keys collected.
   * @returns GUIDs, and external IDs by list, each once, in the order first seen
   */
  keys(): ElementKeys {
    const l = this.#lists;
    return { ids: this.#ids.keys().ids, externalIds: { contactPeople: l.contactPeople.keys().externalIds, addresses: l.addresses.keys().externalIds, serviceObjects: l.serviceObjects.keys().externalIds } };
  }
}

/** The nested elements of a customer command, as far as loading goes: their GUIDs. */
interface ElementIds {
  readonly contactPeople: readonly { readonly id: unknown }[];
  readonly addresses: readonly { readonly id: unknown }[];
  readonly serviceObjects: readonly { readonly id: unknown }[];
}

/**
 * What a customer add or add-or-edit reads: the target (its GUID when the body names one, its
 * external ID: UPS-1..UPS-4, GEN-4) and the customers holding a nested element with a GUID the
 * body sends. Only GUIDs: an element is matched by external ID within its own customer (loaded
 * as the target), while a new element's GUID must be unused company-wide (UPS-6), by elements
 * and by customers alike.
 * @param command - the parsed body (`id` is absent on a plain add)
 * @returns the loads
 */
export function customerLoads(command: ElementIds & { readonly id?: unknown; readonly externalId: unknown }): OperationLoads {
  const customers = new KeyBag();
  customers.guid(command.id);
  customers.key(command.externalId);
  const elements = new ElementBag();
  for (const list of [command.contactPeople, command.addresses, command.serviceObjects]) for (const e of list) elements.guid(e.id);
  const elementKeys = elements.keys();
  for (const id of elementKeys.ids) customers.guid(id);
  return { ...NOTHING, customers: customers.keys(), customerElements: elementKeys };
}

/** The references of an order command that loading follows. */
interface OrderReferences {
  readonly id?: unknown;
  readonly externalId: unknown;
  readonly customerId: unknown;
  readonly invoiceCustomerId: unknown;
  readonly addressId: unknown;
  readonly contactPersonId: unknown;
  readonly serviceObjectIds: unknown;
}

/**
 * What an order add, edit or add-or-edit reads: the customers it references (ORD-1, ORD-2,
 * by GUID or external ID), the customers holding the nested elements it names, the target
 * order (GUID, external ID: GEN-4, UPS-3), and the customer of every order loaded (ORD-8,
 * NOT-2); an edit also its interventions.
 * @param command - the parsed body
 * @param interventions - whether the decision reads the order's interventions (edits)
 * @returns the loads
 */
export function orderLoads(command: OrderReferences, interventions: boolean): OperationLoads {
  const customers = new KeyBag();
  customers.ref(command.customerId);
  customers.ref(command.invoiceCustomerId);
  const elements = new ElementBag();
  elements.ref("addresses", command.addressId);
  elements.ref("contactPeople", command.contactPersonId);
  if (Array.isArray(command.serviceObjectIds)) for (const s of command.serviceObjectIds as readonly unknown[]) elements.ref("serviceObjects", s);
  const orders = new KeyBag();
  orders.guid(command.id);
  orders.key(command.externalId);
  return { ...NOTHING, customers: customers.keys(), customerElements: elements.keys(), orders: orders.keys(), orderCustomers: true, orderInterventions: interventions };
}

/**
 * What a plan or replan reads besides its order: the order's customer (NOT-2), an
 * intervention already holding the external ID it asks for (GEN-4), and the assigned
 * technicians' allocations over the span it asks for (ASN-5), only when the company forbids
 * collisions (ASN-6). ASN-4 keeps the span within one day.
 * @param externalId - the external ID the body asks for, if any
 * @param assignations - the assignations as sent
 * @param company - the company configuration (settings; users resolve technician references)
 * @returns the loads
 */
export function planningLoads(externalId: unknown, assignations: readonly AssignationRequest[], company: CompanyState): OperationLoads {
  const interventions = new KeyBag();
  interventions.key(externalId);
  return { ...NOTHING, orderCustomers: true, interventions: interventions.keys(), allocations: allocationsFor(company, assignations) };
}

/** The allocations a plan or replan checks: the assigned technicians over the span the body asks for. */
function allocationsFor(company: CompanyState, assignations: readonly AssignationRequest[]): AllocationLoad | undefined {
  if (!company.settings.disableCollisions || assignations.length === 0) return undefined;
  const users = new Set<Guid>();
  let from = Infinity;
  let to = -Infinity;
  for (const a of assignations) {
    const user = findReference(a.userId, company.users);
    if (user !== undefined) users.add(user.id);
    if (a.plannedStart < from) from = a.plannedStart;
    if (a.plannedEnd > to) to = a.plannedEnd;
  }
  return users.size === 0 || !(from < to) ? undefined : { userIds: [...users], from, to };
}

/**
 * What a stock batch or move reads: the materials its items name (GUID or external ID, GEN-3,
 * STK-6) and the amounts of those materials in the path's stores.
 * @param items - the parsed items
 * @returns the loads
 */
export function stockLoads(items: readonly { readonly materialId: string }[]): OperationLoads {
  const bag = new KeyBag();
  for (const item of items) bag.ref(item.materialId);
  return { ...NOTHING, materials: bag.keys(), stock: "named" };
}

/**
 * What a customer add reads ({@link customerLoads}), marked `absentExpected`: an add names no
 * GUID (neither its own nor a nested element's: a nested `id` is not a field of an add, ERR-3),
 * so the only record it names is the customer with its external ID, which GEN-4 refuses if it
 * exists and a database storage's unique constraint refuses as well.
 * @param command - the parsed add body
 * @returns the loads
 */
export function customerAddLoads(command: ElementIds & { readonly externalId: unknown }): OperationLoads {
  return { ...customerLoads(command), absentExpected: true };
}

function mergeElements(list: readonly ElementKeys[]): ElementKeys {
  const bag = new ElementBag();
  for (const keys of list) {
    for (const id of keys.ids) bag.guid(id);
    for (const list of NESTED_LISTS) for (const key of keys.externalIds[list]) bag.ref(list, key);
  }
  return bag.keys();
}

function mergeKeys(list: readonly Keys[]): Keys {
  const bag = new KeyBag();
  for (const keys of list) {
    for (const id of keys.ids) bag.guid(id);
    for (const key of keys.externalIds) bag.key(key);
  }
  return bag.keys();
}

/**
 * What several operations read together (a group commit decides them one after another on one
 * view): every record any of them names, the customers and interventions of the orders if any
 * asks, the allocations of every technician any checks over the span covering all, the stock if
 * any reads it; `absentExpected` only when every one of them expects the records it names absent
 * (then a database whose unique constraints refuse a taken one may read none of them).
 * @param list - the operations' loads (at least one)
 * @returns the loads of all of them
 */
export function mergeLoads(list: readonly OperationLoads[]): OperationLoads {
  let allocations: AllocationLoad | undefined;
  for (const loads of list) {
    const a = loads.allocations;
    if (a === undefined) continue;
    allocations = allocations === undefined
      ? a
      : { userIds: [...new Set([...allocations.userIds, ...a.userIds])], from: Math.min(allocations.from, a.from), to: Math.max(allocations.to, a.to) };
  }
  return {
    customers: mergeKeys(list.map((l) => l.customers)),
    customerElements: mergeElements(list.map((l) => l.customerElements)),
    orders: mergeKeys(list.map((l) => l.orders)),
    interventions: mergeKeys(list.map((l) => l.interventions)),
    orderCustomers: list.some((l) => l.orderCustomers),
    orderInterventions: list.some((l) => l.orderInterventions),
    allocations,
    materials: mergeKeys(list.map((l) => l.materials)),
    stores: mergeKeys(list.map((l) => l.stores)),
    stock: list.some((l) => l.stock === "named") ? "named" : "none",
    ...(list.every((l) => l.absentExpected === true) ? { absentExpected: true } : {}),
  };
}

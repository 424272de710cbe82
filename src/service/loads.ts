import { parseInterventionPlan, parseInterventionReplan } from "../intervention/request.js";
import type { AssignationRequest } from "../assignation/validate.js";
import { toGuid, type Guid } from "../shared/guid.js";
import { findReference } from "../shared/reference.js";
import type { Instant } from "../shared/time.js";
import type { HandledOperation } from "./router.js";
import type { CompanyState } from "./state.js";

/** Records named by GUID or by external ID. A reference that may be either is in both lists. */
export interface Keys {
  /** GUIDs (lower case). */
  readonly ids: readonly Guid[];
  /** External IDs (or references that may be one). */
  readonly externalIds: readonly string[];
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
  /** Customers holding a nested element (contact person, address, service object) with one of these GUIDs or external IDs (UPS-6, ORD-2). */
  readonly customerElements: Keys;
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
}

const NO_KEYS: Keys = { ids: [], externalIds: [] };

const NOTHING: OperationLoads = {
  customers: NO_KEYS, customerElements: NO_KEYS, orders: NO_KEYS, interventions: NO_KEYS, orderCustomers: false, orderInterventions: false,
  allocations: undefined, materials: NO_KEYS, stores: NO_KEYS, stock: "none",
};

type Json = Record<string, unknown>;

function objectOf(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Collects references (GUID or external ID) from the body; anything not a string is left to the parser to refuse. */
class KeyBag {
  readonly ids = new Set<Guid>();
  readonly externalIds = new Set<string>();
  /** A value that names a record by GUID. */
  guid(value: unknown): void {
    const g = toGuid(value);
    if (g !== undefined) this.ids.add(g);
  }
  /** A value that names a record by external ID. */
  key(value: unknown): void {
    if (typeof value === "string") this.externalIds.add(value);
  }
  /** A reference that may be either (GEN-3). */
  ref(value: unknown): void {
    this.guid(value);
    this.key(value);
  }
  keys(): Keys {
    return { ids: [...this.ids], externalIds: [...this.externalIds] };
  }
}

const NESTED = ["contactPeople", "addresses", "serviceObjects"] as const;

/** A customer body: the target by `id` / `externalId`, and every nested element's identifiers. */
function customerBody(body: unknown): Pick<OperationLoads, "customers" | "customerElements"> {
  const o = objectOf(body);
  const customers = new KeyBag();
  customers.guid(o["id"]);
  customers.key(o["externalId"]);
  const elements = new KeyBag();
  for (const list of NESTED) {
    for (const e of listOf(o[list])) {
      const element = objectOf(e);
      // Only GUIDs: an element is matched by external ID within its own customer (loaded as
      // the target), while a new element's GUID must be unused company-wide (UPS-6).
      elements.guid(element["id"]);
    }
  }
  // A new element's GUID must not be any record's GUID either (UPS-6): the customers with it.
  for (const id of elements.ids) customers.guid(id);
  return { customers: customers.keys(), customerElements: elements.keys() };
}

/** An order body: its customers (by reference), the nested elements it names, and the target by `id` / `externalId`. */
function orderBody(body: unknown): Pick<OperationLoads, "customers" | "customerElements" | "orders"> {
  const o = objectOf(body);
  const customers = new KeyBag();
  customers.ref(o["customerId"]);
  customers.ref(o["invoiceCustomerId"]);
  const elements = new KeyBag();
  elements.ref(o["addressId"]);
  elements.ref(o["contactPersonId"]);
  for (const s of listOf(o["serviceObjectIds"])) elements.ref(s);
  const orders = new KeyBag();
  orders.guid(o["id"]);
  orders.key(o["externalId"]);
  return { customers: customers.keys(), customerElements: elements.keys(), orders: orders.keys() };
}

/** The allocations a plan or replan checks: the assigned technicians over the span the body asks for (ASN-4 keeps it within one day). */
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

/** Stock batch items (the body is an array): the materials they name (`[i].materialId`, GUID or external ID). */
function stockItems(body: unknown): Keys {
  const bag = new KeyBag();
  for (const item of listOf(body)) bag.ref(objectOf(item)["materialId"]);
  return bag.keys();
}

/**
 * What an operation loads besides its path's records, from the request body and the
 * company's configuration (which every process holds: settings, users, catalogs). Pure; the
 * single place a database storage learns what a decision will read, so each write reads
 * only its own records (a plan: the order, its customer, the assigned technicians'
 * allocations over the planned span; never every allocation of the company). A body the
 * parser will refuse loads what it names or nothing: the decision then refuses it.
 * @param operation - the route's operation
 * @param body - the parsed JSON body, `undefined` when none
 * @param company - the caller's company configuration (users resolve technician references)
 * @returns the loads
 */
export function operationLoads(operation: HandledOperation, body: unknown, company: CompanyState): OperationLoads {
  switch (operation) {
    case "readCustomer": case "readMaterial": case "readStore": case "readIntervention": case "readReportDocuments": case "interventionAllowedActions":
    case "editIntervention": case "startDeparture": case "start": case "requestSignature": case "complete": case "replaceMaterial":
      return NOTHING;
    case "readOrder": case "orderAllowedActions": case "completeOrder":
      return { ...NOTHING, orderInterventions: true };
    case "cancelOrder":
      return { ...NOTHING, orderCustomers: true, orderInterventions: true };
    case "cancelIntervention":
      return { ...NOTHING, orderCustomers: true };
    case "planIntervention": {
      const command = parseInterventionPlan(body);
      if (!command.ok) return { ...NOTHING, orderCustomers: true };
      const externalIds = command.value.externalId === null ? [] : [command.value.externalId];
      return { ...NOTHING, orderCustomers: true, interventions: { ids: [], externalIds }, allocations: allocationsFor(company, command.value.assignations) };
    }
    case "replanIntervention": {
      const command = parseInterventionReplan(body);
      if (!command.ok) return { ...NOTHING, orderCustomers: true };
      const externalIds = typeof command.value.externalId === "string" ? [command.value.externalId] : [];
      return { ...NOTHING, orderCustomers: true, interventions: { ids: [], externalIds }, allocations: allocationsFor(company, command.value.assignations) };
    }
    case "addCustomer": case "addOrEditCustomer":
      return { ...NOTHING, ...customerBody(body) };
    case "addOrder":
      return { ...NOTHING, ...orderBody(body), orderCustomers: true };
    case "addOrEditOrder": case "editOrder":
      return { ...NOTHING, ...orderBody(body), orderCustomers: true, orderInterventions: true };
    case "replaceStore": {
      const bag = new KeyBag();
      bag.key(objectOf(body)["externalId"]);
      return { ...NOTHING, stores: bag.keys() };
    }
    case "addToStore": case "removeMaterial": case "setMaterialAmounts": case "moveStock":
      return { ...NOTHING, materials: stockItems(body), stock: "named" };
  }
}

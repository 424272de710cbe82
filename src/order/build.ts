import type { User } from "../auth/user.js";
import { checkCustomData } from "../customer/custom-data.js";
import type { Customer } from "../customer/customer.js";
import type { Order } from "../records/order.js";
import type { CatalogValue } from "../shared/catalog.js";
import { ABSENT } from "../shared/field.js";
import { toGuid, type Guid } from "../shared/guid.js";
import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import { externalIdIssue, findReference, refIndex, reportReference, unknownReference, type RefIndex } from "../shared/reference.js";
import type { CompanySettings } from "../shared/settings.js";
import { optionalField, requiredField } from "../shared/upsert.js";
import type { OrderChanges } from "./request.js";

/** What an order decision needs besides the request: the company's records, catalogs and settings. */
export interface OrderContext {
  /** The company's orders, by GUID and external ID (GEN-4, UPS lookups). */
  readonly orders: RefIndex<Order>;
  /** The company's customers, by GUID and external ID (ORD-1). */
  readonly customers: RefIndex<Customer>;
  /** The OrderCategory catalog. */
  readonly categories: RefIndex<CatalogValue>;
  /** The OrderCustomState catalog. */
  readonly customStates: RefIndex<CatalogValue>;
  /** The company's users, for `ownerId` (GEN-3). */
  readonly users: RefIndex<User>;
  /** The company's settings (order customData template, CUS-8). */
  readonly settings: CompanySettings;
  /** The acting user, the default owner (AUTH-6, ORD-3). */
  readonly actorId: Guid;
  /** Source of GUIDs for new orders. */
  readonly newId: () => Guid;
}

type Owned = { readonly id: Guid; readonly externalId: string | null };
type NestedList = "addresses" | "contactPeople" | "serviceObjects";

/**
 * The nested elements an order decision resolves against (ORD-1), indexed at most once per
 * decision and list: the order's customer's elements by GUID and external ID, and, only once a
 * reference misses them, the GUIDs and external IDs of every other customer's elements. So a
 * request naming n elements costs O(n + the company's elements), never their product.
 */
interface Ownership {
  /** The customer's elements of `list`. */
  readonly mine: (list: NestedList) => RefIndex<Owned>;
  /** Whether `value` names an element of `list` of another customer. */
  readonly foreign: (list: NestedList, value: string) => boolean;
}

function ownership(customer: Customer, customers: RefIndex<Customer>): Ownership {
  const mine = new Map<NestedList, RefIndex<Owned>>();
  // The sets are asked with what a reference may read as: `toGuid` gives undefined for a value
  // that is not GUID-shaped, and an element without external ID is stored as null; neither is
  // ever stored as the other, so no guard is needed around the lookups.
  const theirs = new Map<NestedList, { readonly ids: Set<Guid | undefined>; readonly keys: Set<string | null> }>();
  const ownIndex = (list: NestedList): RefIndex<Owned> => {
    const index = refIndex<Owned>(customer[list], (e) => e.id, (e) => e.externalId);
    mine.set(list, index);
    return index;
  };
  const otherElements = (list: NestedList): { readonly ids: Set<Guid | undefined>; readonly keys: Set<string | null> } => {
    const other = { ids: new Set<Guid | undefined>(), keys: new Set<string | null>() };
    // The order's own customer is included: foreign() is asked only after its own index
    // missed, so its elements never match here.
    for (const c of customers.byId.values()) {
      const elements: readonly Owned[] = c[list];
      for (const e of elements) {
        other.ids.add(e.id);
        other.keys.add(e.externalId);
      }
    }
    theirs.set(list, other);
    return other;
  };
  return {
    mine: (list) => mine.get(list) ?? ownIndex(list),
    foreign: (list, value) => {
      const other = theirs.get(list) ?? otherElements(list);
      return other.ids.has(toGuid(value)) || other.keys.has(value);
    },
  };
}

/**
 * Resolves an "ID or external ID" of a nested element that must belong to the order's
 * customer (ORD-1): found in the customer's list, the element's GUID; found only in another
 * customer's list, `ForeignReference`; nowhere, `UnknownReference`.
 */
function ownedReference(value: string, owned: Ownership, list: NestedList, path: string, issues: Issue[]): Guid | undefined {
  const hit = findReference(value, owned.mine(list));
  if (hit !== undefined) return hit.id;
  if (owned.foreign(list, value)) issues.push(issue("ForeignReference", path, "ORD-1", `${path} names an element of another customer (ORD-1).`));
  else issues.push(unknownReference(path, "element of the order's customer", value));
  return undefined;
}

/** Checks that a GUID kept from the current order still belongs to the customer (ORD-9). */
function stillOwned(id: Guid, owned: Ownership, list: NestedList, path: string, issues: Issue[]): void {
  if (!owned.mine(list).byId.has(id)) issues.push(issue("ForeignReference", path, "ORD-9", `${path} does not belong to the order's customer (ORD-9).`));
}

function resolve<T extends { readonly id: Guid }>(value: string, index: RefIndex<T>, path: string, what: string, issues: Issue[]): Guid | undefined {
  return reportReference(value, index, path, what, issues)?.id;
}

/**
 * Builds the order a request leaves: a new `Open` order with the defaults of ORD-3
 * (`base` undefined) or `base` with the changes merged (ORD-7), then checks ownership
 * (ORD-1), the invoice-customer rule (ORD-2), customData (CUS-8), the unchangeable
 * customer (ORD-8) and external-ID uniqueness (GEN-4) on the result (ORD-9). Every issue is
 * collected (GEN-9). The state precondition (ORD-6) is the caller's. The order rules it
 * owns are compositions of the body parser (`parseOrderAdd` and its twins: required fields,
 * types) and this, the step every order decision calls last.
 * @param base - the order being edited, or `undefined` to create
 * @param changes - the parsed request fields
 * @param externalId - the external ID of the result
 * @param ctx - records, catalogs, settings, actor and ID source
 * @returns the order, or every issue
 * @rule ORD-1
 * @rule ORD-2
 * @rule ORD-3
 * @rule ORD-8
 * @rule ORD-9
 * @example
 * const command = parseOrderAdd({ customerId: "CUST-1", addressId: "shop", contactPersonId: "jana", categoryId: "repair" }).value;
 * buildOrder(undefined, command, null, orderContext).value.state //=> "Open"
 * buildOrder(undefined, { ...command, addressId: "nowhere" }, null, orderContext).issues[0].code //=> "UnknownReference"
 * @internal
 */
export function buildOrder(base: Order | undefined, changes: OrderChanges, externalId: string | null, ctx: OrderContext): Result<Order> {
  const issues: Issue[] = [];
  const creating = base === undefined;
  const duplicate = creating ? externalIdIssue(ctx.orders.byKey, externalId, "externalId", "order") : undefined;
  if (duplicate !== undefined) issues.push(duplicate);

  let customer: Customer | undefined;
  if (base === undefined) {
    if (typeof changes.customerId === "string") customer = reportReference(changes.customerId, ctx.customers, "customerId", "customer", issues);
    else issues.push(issue("Required", "customerId", "ORD-1", "customerId is required (ORD-1)."));
  } else {
    customer = ctx.customers.byId.get(base.customerId);
    if (typeof changes.customerId === "string" && findReference(changes.customerId, ctx.customers)?.id !== base.customerId) {
      issues.push(issue("Immutable", "customerId", "ORD-8", "The customer of an existing order cannot change (ORD-8)."));
    }
    if (customer === undefined) issues.push(unknownReference("customerId", "customer", base.customerId));
  }

  const owned = customer === undefined ? undefined : ownership(customer, ctx.customers);
  const reference = (key: "addressId" | "contactPersonId", list: NestedList): Guid => {
    const sent = changes[key];
    // Stryker disable next-line LogicalOperator: reached only when the customer is unknown, which already failed the decision; the value is never used
    if (owned === undefined) return base?.[key] ?? ("" as Guid);
    if (sent !== ABSENT) return ownedReference(sent, owned, list, key, issues) ?? base?.[key] ?? ("" as Guid);
    if (base === undefined) {
      issues.push(issue("Required", key, "ORD-1", `${key} is required (ORD-1).`));
      return "" as Guid;
    }
    stillOwned(base[key], owned, list, key, issues);
    return base[key];
  };
  const addressId = reference("addressId", "addresses");
  const contactPersonId = reference("contactPersonId", "contactPeople");

  let serviceObjectIds: readonly Guid[] = base?.serviceObjectIds ?? [];
  if (changes.serviceObjectIds === null) serviceObjectIds = [];
  else if (changes.serviceObjectIds !== ABSENT && owned !== undefined) {
    const ids = new Set<Guid>();
    changes.serviceObjectIds.forEach((value, i) => {
      const id = ownedReference(value, owned, "serviceObjects", `serviceObjectIds[${i}]`, issues);
      if (id !== undefined) ids.add(id);
    });
    serviceObjectIds = [...ids];
  } else if (owned !== undefined) {
    // On a create nothing is kept (the list starts empty); on an edit every kept device must still be the customer's (ORD-9).
    for (const [i, id] of serviceObjectIds.entries()) stillOwned(id, owned, "serviceObjects", `serviceObjectIds[${i}]`, issues);
  }

  let categoryId = base?.categoryId ?? ("" as Guid);
  if (typeof changes.categoryId === "string") categoryId = resolve(changes.categoryId, ctx.categories, "categoryId", "OrderCategory", issues) ?? categoryId;
  else if (base === undefined) issues.push(issue("Required", "categoryId", "ORD-1", "categoryId is required (ORD-1)."));

  const invoiceCustomerId =
    typeof changes.invoiceCustomerId === "string"
      ? (resolve(changes.invoiceCustomerId, ctx.customers, "invoiceCustomerId", "customer", issues) ?? null)
      : optionalField(changes.invoiceCustomerId, base?.invoiceCustomerId ?? null);
  const customStateId =
    typeof changes.customStateId === "string"
      ? (resolve(changes.customStateId, ctx.customStates, "customStateId", "OrderCustomState", issues) ?? null)
      : optionalField(changes.customStateId, base?.customStateId ?? null);
  let ownerId: Guid;
  if (typeof changes.ownerId === "string") ownerId = resolve(changes.ownerId, ctx.users, "ownerId", "user", issues) ?? ctx.actorId;
  else ownerId = requiredField(changes.ownerId, base?.ownerId, () => ctx.actorId, "ownerId", issues);

  const priority = requiredField(changes.priority, base?.priority, () => "Normal" as const, "priority", issues);
  // Stryker disable next-line BooleanLiteral: the `false` is read only when the customer is unknown, which already failed the decision
  const sendByPost = requiredField(changes.sendByPost, base?.sendByPost, () => customer?.sendByPost ?? false, "sendByPost", issues);
  const useWorkItemsFromInvoiceCustomer = requiredField(
    changes.useWorkItemsFromInvoiceCustomer,
    base?.useWorkItemsFromInvoiceCustomer,
    () => false,
    "useWorkItemsFromInvoiceCustomer",
    issues,
  );
  if (useWorkItemsFromInvoiceCustomer && invoiceCustomerId === null) {
    issues.push(issue("NotAllowed", "useWorkItemsFromInvoiceCustomer", "ORD-2", "useWorkItemsFromInvoiceCustomer may be true only when invoiceCustomerId is set (ORD-2)."));
  }
  if (typeof changes.customData === "string") {
    for (const i of checkCustomData(changes.customData, ctx.settings.customDataTemplates.order, "customData")) issues.push(i);
  }

  return collect(issues, () => ({
    id: base?.id ?? ctx.newId(),
    externalId,
    state: base?.state ?? "Open",
    customerId: (customer as Customer).id,
    addressId,
    contactPersonId,
    categoryId,
    invoiceCustomerId,
    name: optionalField(changes.name, base?.name ?? null),
    estimatedDuration: optionalField(changes.estimatedDuration, base?.estimatedDuration ?? null),
    problemDescriptionFromCustomer: optionalField(changes.problemDescriptionFromCustomer, base?.problemDescriptionFromCustomer ?? null),
    internalNote: optionalField(changes.internalNote, base?.internalNote ?? null),
    customData: optionalField(changes.customData, base?.customData ?? null),
    priority,
    customStateId,
    serviceObjectIds,
    ownerId,
    requestedDate: optionalField(changes.requestedDate, base?.requestedDate ?? null),
    sendByPost,
    useWorkItemsFromInvoiceCustomer,
    // Stryker disable next-line LogicalOperator: only Open orders are edited (ORD-6, refused otherwise), and an Open order's cancellationReason is null
    cancellationReason: base?.cancellationReason ?? null,
  }));
}

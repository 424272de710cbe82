import type { Customer } from "../customer/customer.js";
import type { Order } from "../records/order.js";
import { ABSENT } from "../shared/field.js";
import { toGuid, type Guid } from "../shared/guid.js";
import { issue, type Issue } from "../shared/issue.js";
import { findReference, refIndex, unknownReference, type RefIndex } from "../shared/reference.js";
import type { OrderChanges } from "./request.js";

type Owned = { readonly id: Guid; readonly externalId: string | null };

/** A nested list of a customer that an order names elements of. */
export type NestedList = "addresses" | "contactPeople" | "serviceObjects";

/** Every nested list of a customer, in the order a customer's record lists them. */
export const NESTED_LISTS: readonly NestedList[] = ["contactPeople", "addresses", "serviceObjects"];

/**
 * The nested elements an order decision resolves against (ORD-1), indexed at most once per
 * decision and list: the order's customer's elements by GUID and external ID, and, only once a
 * reference misses them, the GUIDs and external IDs of every other customer's elements. So a
 * request naming n elements costs O(n + the company's elements), never their product.
 */
export interface Ownership {
  /** The customer's elements of `list`. */
  readonly mine: (list: NestedList) => RefIndex<Owned>;
  /** Whether `value` names an element of `list` of another customer. */
  readonly foreign: (list: NestedList, value: string) => boolean;
}

/**
 * The elements the order's customer owns, and a test for another customer's (see {@link Ownership}).
 * @param customer - the order's customer
 * @param customers - the company's customers
 * @returns the ownership of the decision
 * @example
 * const owned = ownership(customer, orderContext.customers);
 * owned.mine("addresses").byKey.get("shop") === customer.addresses[0] //=> true
 * owned.foreign("addresses", "elsewhere") //=> false
 * @internal
 */
export function ownership(customer: Customer, customers: RefIndex<Customer>): Ownership {
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

/**
 * Checks that an element an edit keeps from the stored order still belongs to the order's
 * customer (ORD-9: ORD-1 holds for the order as it stands after an edit), else
 * `ForeignReference`.
 * @param id - the kept element's GUID
 * @param owned - the ownership of the decision
 * @param list - the element's list
 * @param path - the field's JSON path
 * @param issues - where the issue goes
 * @rule ORD-9
 * @example
 * const issues = [];
 * checkStillOwned(openOrder.addressId, ownership(customer, orderContext.customers), "addresses", "addressId", issues);
 * checkStillOwned(openOrder.id, ownership(customer, orderContext.customers), "addresses", "addressId", issues);
 * issues.map((i) => `${i.code}@${i.path} ${i.rule}`) //=> ["ForeignReference@addressId ORD-9"]
 * @internal
 */
export function checkStillOwned(id: Guid, owned: Ownership, list: NestedList, path: string, issues: Issue[]): void {
  if (!owned.mine(list).byId.has(id)) issues.push(issue("ForeignReference", path, "ORD-9", `${path} does not belong to the order's customer (ORD-9).`));
}

/** The customer's elements an order names. */
export interface OwnedElements {
  /** The order's address. */
  readonly addressId: Guid;
  /** The order's contact person. */
  readonly contactPersonId: Guid;
  /** The order's devices, each once. */
  readonly serviceObjectIds: readonly Guid[];
}

/**
 * The address, contact person and devices of the order a request leaves, each an element of
 * the order's customer (ORD-1): a reference sent is resolved among the customer's elements
 * (`ForeignReference` when it names another customer's, `UnknownReference` when none);
 * `addressId` and `contactPersonId` are `Required` on a create; an edit keeps the stored ones,
 * checked to be still the customer's ({@link checkStillOwned}, ORD-9); `serviceObjectIds: null`
 * empties the list. With the customer unknown (already reported) nothing is resolved.
 * @param base - the order being edited, or `undefined` to create
 * @param changes - the request's references
 * @param customer - the order's customer, `undefined` when it is unknown (already reported)
 * @param customers - the company's customers, for telling another customer's elements from none
 * @param issues - where the issues go
 * @returns the element GUIDs (placeholders only when an issue refuses the request)
 * @rule ORD-1
 * @example
 * const issues = [];
 * const sent = parseOrderAdd({ customerId: "CUST-1", addressId: "shop", contactPersonId: "jana", categoryId: "repair" }).value;
 * resolveOwnedElements(undefined, sent, customer, orderContext.customers, issues).addressId === customer.addresses[0].id //=> true
 * resolveOwnedElements(undefined, { ...sent, contactPersonId: ABSENT }, customer, orderContext.customers, issues);
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Required@contactPersonId"]
 * @internal
 */
export function resolveOwnedElements(
  base: Order | undefined,
  changes: Pick<OrderChanges, "addressId" | "contactPersonId" | "serviceObjectIds">,
  customer: Customer | undefined,
  customers: RefIndex<Customer>,
  issues: Issue[],
): OwnedElements {
  const owned = customer === undefined ? undefined : ownership(customer, customers);
  const reference = (key: "addressId" | "contactPersonId", list: NestedList): Guid => {
    const sent = changes[key];
    // Stryker disable next-line LogicalOperator: reached only when the customer is unknown, which already failed the decision; the value is never used
    if (owned === undefined) return base?.[key] ?? ("" as Guid);
    if (sent !== ABSENT) return ownedReference(sent, owned, list, key, issues) ?? base?.[key] ?? ("" as Guid);
    if (base === undefined) {
      issues.push(issue("Required", key, "ORD-1", `${key} is required (ORD-1).`));
      return "" as Guid;
    }
    checkStillOwned(base[key], owned, list, key, issues);
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
    for (const [i, id] of serviceObjectIds.entries()) checkStillOwned(id, owned, "serviceObjects", `serviceObjectIds[${i}]`, issues);
  }
  return { addressId, contactPersonId, serviceObjectIds };
}

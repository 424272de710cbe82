import type { Guid } from "../shared/guid.js";
import { issue, joinPath, type Issue } from "../shared/issue.js";
import type { RefIndex } from "../shared/reference.js";
import type { Customer } from "./customer.js";

/**
 * GUIDs of a customer decision: new records and elements get provisional IDs while the
 * decision checks, and fresh GUIDs only once it has succeeded ({@link withFreshIds}), so a
 * refusal draws none. Client-chosen GUIDs of new elements (UPS-6) are checked here to be
 * unused in the company.
 */
export interface ElementIds {
  /** A provisional ID, replaced by a fresh GUID on success. */
  readonly provisional: () => Guid;
  /** Claims a client-chosen GUID for a new element, reporting `Duplicate` when it is taken. */
  readonly claim: (id: Guid, path: string, issues: Issue[]) => void;
  /** How many provisional IDs were handed out. */
  readonly count: () => number;
}

const PROVISIONAL = "provisional:";

/**
 * The GUIDs of one customer decision over the company's customers: provisional IDs, and the
 * check that a client-chosen GUID of a new element is used by no customer or element of the
 * company (UPS-6; the company's GUIDs are gathered once, on the first claim).
 * @param customers - the company's customers
 * @returns the decision's ID source
 * @example
 * const ids = provisionalIds(customerContext.customers);
 * const issues = [];
 * ids.claim(contactId, "contactPeople[0]", issues);
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Duplicate@contactPeople[0].id"]
 * ids.count() //=> 0
 * @internal
 */
export function provisionalIds(customers: RefIndex<Customer>): ElementIds {
  let count = 0;
  let taken: Set<Guid> | undefined;
  return {
    provisional: () => `${PROVISIONAL}${count++}` as Guid,
    count: () => count,
    claim: (id, path, issues) => {
      // Built once per decision and only when a client names a new element's GUID.
      if (taken === undefined) {
        taken = new Set();
        for (const c of customers.byId.values()) {
          taken.add(c.id);
          for (const e of c.contactPeople) taken.add(e.id);
          for (const e of c.addresses) taken.add(e.id);
          for (const e of c.serviceObjects) taken.add(e.id);
        }
      }
      if (taken.has(id)) {
        issues.push(issue("Duplicate", joinPath(path, "id"), "UPS-6", `The GUID ${id} is already used in this company; a new element needs a GUID of its own (UPS-6).`));
      }
      taken.add(id);
    },
  };
}

/**
 * Swaps a built customer's provisional IDs for fresh GUIDs, drawn in the order the
 * provisional ones were handed out (the customer, then its new elements list by list).
 * @param count - how many provisional IDs were handed out
 * @param newId - the company's source of GUIDs
 * @param c - the customer, with provisional IDs
 * @returns the customer with fresh GUIDs
 * @example
 * const ids = provisionalIds(customerContext.customers);
 * const built = withFreshIds(1, () => contactId, { ...customer, id: ids.provisional() });
 * built.id === contactId //=> true
 * @internal
 */
export function withFreshIds(count: number, newId: () => Guid, c: Customer): Customer {
  const fresh: Guid[] = [];
  for (let i = 0; i < count; i++) fresh.push(newId());
  const real = (id: Guid): Guid => (id.startsWith(PROVISIONAL) ? (fresh[Number(id.slice(PROVISIONAL.length))] as Guid) : id);
  const nullable = (id: Guid | null): Guid | null => (id === null ? null : real(id));
  return {
    ...c,
    id: real(c.id),
    primaryContactPersonId: nullable(c.primaryContactPersonId),
    invoiceAddressId: nullable(c.invoiceAddressId),
    contactAddressId: nullable(c.contactAddressId),
    contactPeople: c.contactPeople.map((e) => ({ ...e, id: real(e.id) })),
    addresses: c.addresses.map((e) => ({ ...e, id: real(e.id) })),
    serviceObjects: c.serviceObjects.map((e) => ({ ...e, id: real(e.id), addressId: nullable(e.addressId) })),
  };
}

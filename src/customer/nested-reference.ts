import { ABSENT, type Tri } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import type { Issue } from "../shared/issue.js";
import { findReference, refIndex, unknownReference } from "../shared/reference.js";
import type { NestedElement } from "./nested-elements.js";

/**
 * Resolves a customer's reference to one of its nested elements (`primaryContactPersonId`,
 * `invoiceAddressId`, `contactAddressId`) against the list as merged (CUS-6): a value names an
 * element by external ID or GUID, else `UnknownReference`; left out keeps the current one or
 * takes the default when creating; `null` clears on an edit and counts as left out when
 * creating.
 * @param sent - the reference as sent
 * @param current - the customer's reference, `undefined` when creating
 * @param elements - the list after the merge
 * @param fallback - the default on a create (CUS-5)
 * @param path - the field's JSON path
 * @param issues - where the issue goes
 * @returns the element's GUID, or `null`
 * @rule CUS-6
 * @example
 * const issues = [];
 * resolveNestedReference("jana", null, customer.contactPeople, () => null, "primaryContactPersonId", issues) === contactId //=> true
 * resolveNestedReference(null, contactId, customer.contactPeople, () => null, "primaryContactPersonId", issues) //=> null
 * resolveNestedReference("eva", null, customer.contactPeople, () => null, "primaryContactPersonId", issues);
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["UnknownReference@primaryContactPersonId"]
 * @internal
 */
export function resolveNestedReference<E extends NestedElement>(
  sent: Tri<string>,
  current: Guid | null | undefined,
  elements: readonly E[],
  fallback: () => Guid | null,
  path: string,
  issues: Issue[],
): Guid | null {
  if (sent === ABSENT) return current === undefined ? fallback() : current;
  if (sent === null) return current === undefined ? fallback() : null;
  const hit = findReference(sent, refIndex(elements, (e) => e.id, (e) => e.externalId));
  if (hit !== undefined) return hit.id;
  issues.push(unknownReference(path, "element of the customer", sent));
  // The issue refuses the request, so this value is never stored.
  return null;
}

import { issue, type Issue } from "../shared/issue.js";
import { optionalField } from "../shared/upsert.js";
import type { Address } from "./customer.js";
import { isFilled } from "./filled.js";
import { mergeNestedElements, type MergedElements, type NestedKind } from "./nested-elements.js";
import type { ElementIds } from "./provisional-ids.js";
import type { AddressInput } from "./request.js";

const addressKind: NestedKind<Address, AddressInput> = {
  list: "addresses",
  build: (base, input, id, externalId, path, issues) => {
    const e: Address = {
      id,
      externalId,
      street: optionalField(input.street, base?.street ?? null),
      city: optionalField(input.city, base?.city ?? null),
      postalCode: optionalField(input.postalCode, base?.postalCode ?? null),
      country: optionalField(input.country, base?.country ?? null),
      coordinates: optionalField(input.coordinates, base?.coordinates ?? null),
    };
    if (!isFilled(e.street) && !isFilled(e.city)) {
      issues.push(issue("Required", `${path}.city`, "CUS-10", "An address needs a non-blank street or city (CUS-10)."));
    }
    return e;
  },
};

/**
 * Merges the request's addresses into the customer's (UPS-6) and checks each one the request
 * touches as it stands after the merge: a non-blank `street` or `city`, else `Required` at its
 * `city` (CUS-10). The body parser has checked the coordinates' ranges.
 * @param existing - the customer's addresses (empty when creating)
 * @param inputs - the request's `addresses`
 * @param ids - the decision's ID source
 * @param issues - where the issues go
 * @returns the merged list
 * @rule CUS-10
 * @example
 * const issues = [];
 * const ids = { provisional: () => guid("3f2504e0-4f89-11d3-9a0c-0305e82c3399"), claim: () => {}, count: () => 1 };
 * const sent = parseCustomerAddOrEdit({ name: "X", addresses: [{ externalId: "shop", street: null }] }).value;
 * const merged = mergeAddresses(customer.addresses, sent.addresses, ids, issues);
 * merged.elements.map((a) => [a.street, a.city]) //=> [[null, "Brno"]]
 * issues //=> []
 * @internal
 */
export function mergeAddresses(existing: readonly Address[], inputs: readonly AddressInput[], ids: ElementIds, issues: Issue[]): MergedElements<Address> {
  return mergeNestedElements(existing, inputs, addressKind, ids, issues);
}

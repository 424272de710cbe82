import { ABSENT, checkNotNull } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { issue, type Issue } from "../shared/issue.js";
import { reportReference, type RefIndex } from "../shared/reference.js";
import { optionalField } from "../shared/upsert.js";
import type { Address, ServiceObject } from "./customer.js";
import { mergeNestedElements, type MergedElements, type NestedKind } from "./nested-elements.js";
import type { ElementIds } from "./provisional-ids.js";
import type { ServiceObjectInput } from "./request.js";

function serviceObjectKind(addresses: RefIndex<Address>): NestedKind<ServiceObject, ServiceObjectInput> {
  return {
    list: "serviceObjects",
    build: (base, input, id, externalId, path, issues) => {
      // Stryker disable next-line StringLiteral: "" is kept only when an issue (CUS-11 or GEN-5) already refuses the request
      let name = base?.name ?? "";
      if (input.name === null) checkNotNull(input.name, `${path}.name`, issues);
      else if (input.name !== ABSENT) name = input.name;
      else if (base === undefined) issues.push(issue("Required", `${path}.name`, "CUS-11", "A service object needs a name (CUS-11)."));
      let addressId: Guid | null = base?.addressId ?? null;
      if (input.addressId === null) addressId = null;
      else if (input.addressId !== ABSENT) {
        addressId = reportReference(input.addressId, addresses, `${path}.addressId`, "address of the customer", issues)?.id ?? addressId;
      }
      return {
        id,
        externalId,
        name,
        serialNumber: optionalField(input.serialNumber, base?.serialNumber ?? null),
        description: optionalField(input.description, base?.description ?? null),
        addressId,
      };
    },
  };
}

/**
 * Merges the request's service objects (devices) into the customer's (UPS-6) and checks each
 * one the request touches: a new device needs a `name`, and `null` never clears one (CUS-11,
 * GEN-5); its `addressId` names an address of the customer as merged, by external ID or GUID
 * (else `UnknownReference`), and `null` clears it.
 * @param existing - the customer's devices (empty when creating)
 * @param inputs - the request's `serviceObjects`
 * @param addresses - the customer's addresses after the merge
 * @param ids - the decision's ID source
 * @param issues - where the issues go
 * @returns the merged list
 * @rule CUS-11
 * @example
 * const issues = [];
 * const ids = { provisional: () => guid("3f2504e0-4f89-11d3-9a0c-0305e82c3399"), claim: () => {}, count: () => 1 };
 * const shop = refIndex(customer.addresses, (a) => a.id, (a) => a.externalId);
 * const merged = mergeServiceObjects([], [{ id: ABSENT, externalId: ABSENT, name: "Oven", serialNumber: ABSENT, description: ABSENT, addressId: "shop" }], shop, ids, issues);
 * merged.elements[0].addressId === customer.addresses[0].id //=> true
 * mergeServiceObjects([], [{ id: ABSENT, externalId: ABSENT, name: ABSENT, serialNumber: ABSENT, description: ABSENT, addressId: ABSENT }], shop, ids, issues);
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Required@serviceObjects[0].name"]
 * @internal
 */
export function mergeServiceObjects(
  existing: readonly ServiceObject[],
  inputs: readonly ServiceObjectInput[],
  addresses: RefIndex<Address>,
  ids: ElementIds,
  issues: Issue[],
): MergedElements<ServiceObject> {
  return mergeNestedElements(existing, inputs, serviceObjectKind(addresses), ids, issues);
}

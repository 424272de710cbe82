import { issue, type Issue } from "../shared/issue.js";
import { optionalField, requiredField } from "../shared/upsert.js";
import type { ContactPerson } from "./customer.js";
import { isFilled } from "./filled.js";
import { mergeNestedElements, type MergedElements, type NestedKind } from "./nested-elements.js";
import type { ElementIds } from "./provisional-ids.js";
import type { ContactPersonInput } from "./request.js";

const contactPersonKind: NestedKind<ContactPerson, ContactPersonInput> = {
  list: "contactPeople",
  build: (base, input, id, externalId, path, issues) => {
    const e: ContactPerson = {
      id,
      externalId,
      firstName: optionalField(input.firstName, base?.firstName ?? null),
      lastName: optionalField(input.lastName, base?.lastName ?? null),
      position: optionalField(input.position, base?.position ?? null),
      phone: optionalField(input.phone, base?.phone ?? null),
      email: optionalField(input.email, base?.email ?? null),
      sendNotifications: requiredField(input.sendNotifications, base?.sendNotifications, () => false, `${path}.sendNotifications`, issues),
      sendReports: requiredField(input.sendReports, base?.sendReports, () => false, `${path}.sendReports`, issues),
    };
    if (!isFilled(e.firstName) && !isFilled(e.lastName)) {
      issues.push(issue("Required", `${path}.lastName`, "CUS-9", "A contact person needs a non-blank firstName or lastName (CUS-9)."));
    }
    return e;
  },
};

/**
 * Merges the request's contact people into the customer's (UPS-6) and checks each one the
 * request touches as it stands after the merge: a non-blank `firstName` or `lastName`, else
 * `Required` at its `lastName` (CUS-9); `sendNotifications` and `sendReports` default to
 * `false`. The body parser has checked the e-mail and the phone's shape.
 * @param existing - the customer's contact people (empty when creating)
 * @param inputs - the request's `contactPeople`
 * @param ids - the decision's ID source
 * @param issues - where the issues go
 * @returns the merged list
 * @rule CUS-9
 * @example
 * const issues = [];
 * const ids = { provisional: () => guid("3f2504e0-4f89-11d3-9a0c-0305e82c3399"), claim: () => {}, count: () => 1 };
 * const sent = parseCustomerAddOrEdit({ name: "X", contactPeople: [{ externalId: "jana", lastName: null, firstName: " " }] }).value;
 * mergeContactPeople(customer.contactPeople, sent.contactPeople, ids, issues).elements[0].lastName //=> null
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Required@contactPeople[0].lastName"]
 * @internal
 */
export function mergeContactPeople(existing: readonly ContactPerson[], inputs: readonly ContactPersonInput[], ids: ElementIds, issues: Issue[]): MergedElements<ContactPerson> {
  return mergeNestedElements(existing, inputs, contactPersonKind, ids, issues);
}

import type { Tri } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { issue, type Issue } from "../shared/issue.js";
import { requiredField } from "../shared/upsert.js";
import type { CustomerKind } from "./customer.js";
import { isFilled } from "./filled.js";

/**
 * The kind of the customer a request leaves: the one sent, else the current one, else
 * `Company` on a create; `null` is `Required` on an edit (GEN-5). The body parser has checked
 * that a sent kind is `Company` or `Household`.
 * @param sent - `kind` as sent
 * @param current - the customer's kind, `undefined` when creating
 * @param issues - where an issue goes
 * @returns the kind
 * @rule CUS-2
 * @example
 * const issues = [];
 * customerKind(ABSENT, undefined, issues) //=> "Company"
 * customerKind(ABSENT, "Household", issues) //=> "Household"
 * @internal
 */
export function customerKind(sent: Tri<CustomerKind>, current: CustomerKind | undefined, issues: Issue[]): CustomerKind {
  return requiredField(sent, current, () => "Company" as const, "kind", issues);
}

/** The fields of a customer that its kind constrains (CUS-3, CUS-4), as they stand after the merge. */
export interface KindFields {
  /** The identification number. */
  readonly identificationNumber: string | null;
  /** The tax number. */
  readonly taxNumber: string | null;
  /** The contact address's GUID. */
  readonly contactAddressId: Guid | null;
}

/**
 * Checks the kind rules on the customer as it stands after the merge (UPS-8): a `Company`
 * needs a non-blank `identificationNumber` (CUS-3); a `Household` has no identification
 * number, tax number or contact address (CUS-4), one issue per filled field. A household's
 * blank numbers (`""` counts as not filled) are stored as unset.
 * @param kind - the customer's kind
 * @param fields - the fields the kind constrains
 * @param issues - where the issues go
 * @returns the two numbers to store
 * @rule CUS-3
 * @rule CUS-4
 * @example
 * const issues = [];
 * checkCustomerKind("Household", { identificationNumber: "", taxNumber: "CZ1", contactAddressId: null }, issues)
 * //=> { identificationNumber: null, taxNumber: null }
 * issues.map((i) => `${i.code}@${i.path} ${i.rule}`) //=> ["NotAllowed@taxNumber CUS-4"]
 * @internal
 */
export function checkCustomerKind(
  kind: CustomerKind,
  fields: KindFields,
  issues: Issue[],
): { readonly identificationNumber: string | null; readonly taxNumber: string | null } {
  const { identificationNumber, taxNumber } = fields;
  if (kind === "Company") {
    if (!isFilled(identificationNumber)) issues.push(issue("Required", "identificationNumber", "CUS-3", "A Company needs a non-blank identificationNumber (CUS-3)."));
    return { identificationNumber, taxNumber };
  }
  if (isFilled(identificationNumber)) issues.push(issue("NotAllowed", "identificationNumber", "CUS-4", "A Household has no identificationNumber (CUS-4)."));
  if (isFilled(taxNumber)) issues.push(issue("NotAllowed", "taxNumber", "CUS-4", "A Household has no taxNumber (CUS-4)."));
  if (fields.contactAddressId !== null) issues.push(issue("NotAllowed", "contactAddressId", "CUS-4", "A Household has no contact address (CUS-4)."));
  return { identificationNumber: null, taxNumber: null };
}

import { ABSENT } from "../shared/field.js";
import type { Issue } from "../shared/issue.js";
import { requiredField } from "../shared/upsert.js";
import type { Customer } from "./customer.js";
import type { CustomerInput } from "./request.js";

/**
 * How the customer is reached besides its contact people (CUS-12): `notificationEmails`
 * (default `[]`; `null` clears the list) and `sendByPost` (default `false`; `null` is
 * `Required` on an edit, GEN-5). Left out keeps the current values.
 * @param input - the request's two fields
 * @param base - the customer being edited, or `undefined` to create
 * @param issues - where an issue goes
 * @returns the two fields of the customer
 * @rule CUS-12
 * @example
 * const issues = [];
 * notificationChannels({ notificationEmails: null, sendByPost: ABSENT }, customer, issues) //=> { notificationEmails: [], sendByPost: false }
 * notificationChannels({ notificationEmails: ABSENT, sendByPost: true }, customer, issues) //=> { notificationEmails: ["office@example.cz"], sendByPost: true }
 * @internal
 */
export function notificationChannels(
  input: Pick<CustomerInput, "notificationEmails" | "sendByPost">,
  base: Customer | undefined,
  issues: Issue[],
): Pick<Customer, "notificationEmails" | "sendByPost"> {
  return {
    notificationEmails: input.notificationEmails === ABSENT ? (base?.notificationEmails ?? []) : (input.notificationEmails ?? []),
    sendByPost: requiredField(input.sendByPost, base?.sendByPost, () => false, "sendByPost", issues),
  };
}

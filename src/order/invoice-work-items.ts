import type { Tri } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { issue, type Issue } from "../shared/issue.js";
import { requiredField } from "../shared/upsert.js";

/**
 * Whether the order takes its work items from the invoice customer: the value sent, else the
 * current one, else `false` on a create (`null` is `Required` on an edit, GEN-5). `true` is
 * allowed only when the order, as it stands after the request, has an invoice customer (ORD-2,
 * ORD-9), else `NotAllowed`.
 * @param sent - `useWorkItemsFromInvoiceCustomer` as sent
 * @param current - the order's value, `undefined` when creating
 * @param invoiceCustomerId - the order's invoice customer after the request
 * @param issues - where the issue goes
 * @returns the field's value
 * @rule ORD-2
 * @example
 * const issues = [];
 * invoiceWorkItems(ABSENT, undefined, null, issues) //=> false
 * invoiceWorkItems(true, false, null, issues) //=> true
 * issues.map((i) => `${i.code}@${i.path} ${i.rule}`) //=> ["NotAllowed@useWorkItemsFromInvoiceCustomer ORD-2"]
 * @internal
 */
export function invoiceWorkItems(sent: Tri<boolean>, current: boolean | undefined, invoiceCustomerId: Guid | null, issues: Issue[]): boolean {
  const use = requiredField(sent, current, () => false, "useWorkItemsFromInvoiceCustomer", issues);
  if (use && invoiceCustomerId === null) {
    issues.push(issue("NotAllowed", "useWorkItemsFromInvoiceCustomer", "ORD-2", "useWorkItemsFromInvoiceCustomer may be true only when invoiceCustomerId is set (ORD-2)."));
  }
  return use;
}

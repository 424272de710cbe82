import type { Customer } from "../customer/customer.js";
import type { Order } from "../records/order.js";
import { issue, type Issue } from "../shared/issue.js";
import { findReference, reportReference, unknownReference, type RefIndex } from "../shared/reference.js";
import type { OrderChanges } from "./request.js";

/**
 * The customer of the order a request leaves. A create names it by GUID or external ID
 * (`Required` when left out, ORD-1; `UnknownReference` when it names none, GEN-3). An edit keeps
 * the order's customer: naming another one, or one that does not exist, is `Immutable`, naming
 * the same one any way is fine (ORD-8); a customer gone from the company is `UnknownReference`.
 * @param base - the order being edited, or `undefined` to create
 * @param sent - `customerId` as sent
 * @param customers - the company's customers
 * @param issues - where the issues go
 * @returns the customer, or `undefined` once an issue is reported
 * @rule ORD-8
 * @example
 * const issues = [];
 * orderCustomer(openOrder, "CUST-1", orderContext.customers, issues) === customer //=> true
 * orderCustomer(openOrder, "CUST-2", orderContext.customers, issues) === customer //=> true
 * issues.map((i) => `${i.code}@${i.path} ${i.rule}`) //=> ["Immutable@customerId ORD-8"]
 * @internal
 */
export function orderCustomer(base: Order | undefined, sent: OrderChanges["customerId"], customers: RefIndex<Customer>, issues: Issue[]): Customer | undefined {
  if (base === undefined) {
    if (typeof sent === "string") return reportReference(sent, customers, "customerId", "customer", issues);
    issues.push(issue("Required", "customerId", "ORD-1", "customerId is required (ORD-1)."));
    return undefined;
  }
  const customer = customers.byId.get(base.customerId);
  if (typeof sent === "string" && findReference(sent, customers)?.id !== base.customerId) {
    issues.push(issue("Immutable", "customerId", "ORD-8", "The customer of an existing order cannot change (ORD-8)."));
  }
  if (customer === undefined) issues.push(unknownReference("customerId", "customer", base.customerId));
  return customer;
}

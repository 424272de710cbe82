import { checkCustomData } from "../customer/custom-data.js";
import type { Customer } from "../customer/customer.js";
import type { Order } from "../records/order.js";
import type { Guid } from "../shared/guid.js";
import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import { externalIdIssue, reportReference, type RefIndex } from "../shared/reference.js";
import { optionalField, requiredField } from "../shared/upsert.js";
import type { OrderContext } from "./context.js";
import { orderCustomer } from "./customer.js";
import { orderDefaults } from "./defaults.js";
import { invoiceWorkItems } from "./invoice-work-items.js";
import { resolveOwnedElements } from "./owned-elements.js";
import type { OrderChanges } from "./request.js";

function resolve<T extends { readonly id: Guid }>(value: string, index: RefIndex<T>, path: string, what: string, issues: Issue[]): Guid | undefined {
  return reportReference(value, index, path, what, issues)?.id;
}

/**
 * Builds the order a request leaves: a new `Open` order (`base` undefined) or `base` with the
 * changes merged (ORD-7), with every rule decided on the result (ORD-9). A composition of the
 * rule owners, in the order its issues are reported: external-ID uniqueness (GEN-4),
 * {@link orderCustomer} (ORD-8), {@link resolveOwnedElements} (ORD-1), the catalogs and the
 * owner (GEN-3) with {@link orderDefaults} (ORD-3), {@link invoiceWorkItems} (ORD-2) and
 * customData (CUS-8). Every issue is collected (GEN-9). The state precondition (ORD-6) is the
 * caller's. The body parser (`parseOrderAdd` and its twins) checks required fields and types;
 * this is the step every order decision calls last.
 * @param base - the order being edited, or `undefined` to create
 * @param changes - the parsed request fields
 * @param externalId - the external ID of the result
 * @param ctx - records, catalogs, settings, actor and ID source
 * @returns the order, or every issue
 * @example
 * const command = parseOrderAdd({ customerId: "CUST-1", addressId: "shop", contactPersonId: "jana", categoryId: "repair" }).value;
 * buildOrder(undefined, command, null, orderContext).value.state //=> "Open"
 * buildOrder(undefined, { ...command, addressId: "nowhere" }, null, orderContext).issues[0].code //=> "UnknownReference"
 * @internal
 */
export function buildOrder(base: Order | undefined, changes: OrderChanges, externalId: string | null, ctx: OrderContext): Result<Order> {
  const issues: Issue[] = [];
  const duplicate = base === undefined ? externalIdIssue(ctx.orders.byKey, externalId, "externalId", "order") : undefined;
  if (duplicate !== undefined) issues.push(duplicate);

  const customer = orderCustomer(base, changes.customerId, ctx.customers, issues);
  const defaults = orderDefaults(customer, ctx.actorId);
  const { addressId, contactPersonId, serviceObjectIds } = resolveOwnedElements(base, changes, customer, ctx.customers, issues);

  let categoryId = base?.categoryId ?? ("" as Guid);
  if (typeof changes.categoryId === "string") categoryId = resolve(changes.categoryId, ctx.categories, "categoryId", "OrderCategory", issues) ?? categoryId;
  else if (base === undefined) issues.push(issue("Required", "categoryId", "ORD-1", "categoryId is required (ORD-1)."));

  const invoiceCustomerId =
    typeof changes.invoiceCustomerId === "string"
      ? (resolve(changes.invoiceCustomerId, ctx.customers, "invoiceCustomerId", "customer", issues) ?? null)
      : optionalField(changes.invoiceCustomerId, base?.invoiceCustomerId ?? null);
  const customStateId =
    typeof changes.customStateId === "string"
      ? (resolve(changes.customStateId, ctx.customStates, "customStateId", "OrderCustomState", issues) ?? null)
      : optionalField(changes.customStateId, base?.customStateId ?? null);
  let ownerId: Guid;
  if (typeof changes.ownerId === "string") ownerId = resolve(changes.ownerId, ctx.users, "ownerId", "user", issues) ?? ctx.actorId;
  else ownerId = requiredField(changes.ownerId, base?.ownerId, defaults.ownerId, "ownerId", issues);

  const priority = requiredField(changes.priority, base?.priority, defaults.priority, "priority", issues);
  const sendByPost = requiredField(changes.sendByPost, base?.sendByPost, defaults.sendByPost, "sendByPost", issues);
  const useWorkItemsFromInvoiceCustomer = invoiceWorkItems(changes.useWorkItemsFromInvoiceCustomer, base?.useWorkItemsFromInvoiceCustomer, invoiceCustomerId, issues);
  if (typeof changes.customData === "string") {
    for (const i of checkCustomData(changes.customData, ctx.settings.customDataTemplates.order, "customData")) issues.push(i);
  }

  return collect(issues, () => ({
    id: base?.id ?? ctx.newId(),
    externalId,
    state: base?.state ?? defaults.state,
    customerId: (customer as Customer).id,
    addressId,
    contactPersonId,
    categoryId,
    invoiceCustomerId,
    name: optionalField(changes.name, base?.name ?? null),
    estimatedDuration: optionalField(changes.estimatedDuration, base?.estimatedDuration ?? null),
    problemDescriptionFromCustomer: optionalField(changes.problemDescriptionFromCustomer, base?.problemDescriptionFromCustomer ?? null),
    internalNote: optionalField(changes.internalNote, base?.internalNote ?? null),
    customData: optionalField(changes.customData, base?.customData ?? null),
    priority,
    customStateId,
    serviceObjectIds,
    ownerId,
    requestedDate: optionalField(changes.requestedDate, base?.requestedDate ?? null),
    sendByPost,
    useWorkItemsFromInvoiceCustomer,
    // Stryker disable next-line LogicalOperator: only Open orders are edited (ORD-6, refused otherwise), and an Open order's cancellationReason is null
    cancellationReason: base?.cancellationReason ?? null,
  }));
}

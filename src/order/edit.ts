import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import { ABSENT } from "../shared/field.js";
import { fail, issue, isNonEmpty, type Issue, type Result } from "../shared/issue.js";
import { orderActionIssue } from "./machine.js";
import { buildOrder } from "./build.js";
import type { OrderContext } from "./context.js";
import type { OrderChanges, OrderEditCommand } from "./request.js";

/**
 * Merges changes into an existing order after the state guard of the order state machine
 * (ORD-6: `Open`, no active intervention). Shared by edit and add-or-edit; every issue found,
 * the guard's included, is reported together (GEN-9).
 * @param order - the order to edit
 * @param changes - the parsed changes
 * @param ctx - records, catalogs, settings, actor and ID source
 * @param interventions - the order's interventions (others are ignored)
 * @param extra - issues already found by the caller (ORD-8 external ID)
 * @returns the edited order, or every issue
 * @rule ORD-7
 * @example
 * mergeOrderEdit(cancelledOrder, parseOrderEdit({ name: "x" }).value, orderContext, [], []).issues[0].code //=> "InvalidState"
 * @internal
 */
export function mergeOrderEdit(
  order: Order,
  changes: OrderChanges,
  ctx: OrderContext,
  interventions: readonly Intervention[],
  extra: readonly Issue[],
): Result<Order> {
  const issues: Issue[] = [...extra];
  const guard = orderActionIssue(
    "edit",
    order,
    interventions.filter((i) => i.orderId === order.id),
  );
  if (guard !== undefined) issues.push(guard);
  const built = buildOrder(order, changes, order.externalId, ctx);
  if (!built.ok) for (const i of built.issues) issues.push(i);
  return isNonEmpty(issues) ? fail(issues) : built;
}

/**
 * Decides `PUT /order/{id}`: the order must be `Open` with no active intervention (ORD-6,
 * from the order state machine); only the fields sent change, `null` deletes optional ones
 * (ORD-7, the parser refuses `null` on the required ones); the customer and the external ID
 * cannot change, repeating them is fine (ORD-8); ORD-1 and ORD-2 hold on the merged order
 * (ORD-9). Pure; a refusal changes nothing (GEN-8).
 * @param order - the order to edit (found by the path, GEN-2)
 * @param command - the parsed body (`parseOrderEdit`)
 * @param ctx - the company's orders, customers, catalogs, users, settings, actor and ID source
 * @param interventions - the order's interventions (ORD-6)
 * @returns the edited order, or every issue
 * @example
 * editOrder(openOrder, parseOrderEdit({ internalNote: "call first" }).value, orderContext, []).value.internalNote //=> "call first"
 * editOrder(openOrder, parseOrderEdit({ name: "x" }).value, orderContext, [running]).issues[0].code //=> "InvalidState"
 */
export function editOrder(order: Order, command: OrderEditCommand, ctx: OrderContext, interventions: readonly Intervention[]): Result<Order> {
  const extra: Issue[] = [];
  if (command.externalId !== ABSENT && command.externalId !== order.externalId) {
    extra.push(issue("Immutable", "externalId", "ORD-8", "The external ID of an order cannot be set or changed by edit (ORD-8)."));
  }
  return mergeOrderEdit(order, command, ctx, interventions, extra);
}

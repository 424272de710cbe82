import { cancelOrder, parseOrderCancel } from "../../order/cancel.js";
import { completeOrder } from "../../order/complete.js";
import type { Handler } from "../context.js";
import { interventionsOf } from "../state.js";
import { cancelBodyOrEmpty, noFieldsBodyIssues, orderCustomer, refused } from "./interventions.js";

/**
 * `PUT /order/{id}/cancel` and its twin: cancels an `Open` or `Completed` order and, with
 * it, every intervention not yet `Completed` or `Cancelled`; 204 with the INT-10 effects of
 * each (and the ORD-12 customer notifications when asked), in order. `commit` releases the
 * cancelled interventions' allocations. No body means `{}`. Applies ORD-11, ORD-12,
 * INT-10 and NOT-3 through {@link cancelOrder}.
 * @param ctx - the context; the order is already found
 * @returns 204, or 400 with the state issue
 */
export const handleCancelOrder: Handler<"order"> = (ctx) => {
  const command = parseOrderCancel(cancelBodyOrEmpty(ctx.body));
  if (!command.ok) return refused(command.issues);
  const { company } = ctx;
  const { order } = ctx.records;
  const decision = cancelOrder(command.value, {
    order,
    interventions: interventionsOf(company, order.id),
    customer: orderCustomer(company, order),
    settings: company.settings,
  });
  if (!decision.ok) return refused(decision.issues);
  return { status: 204, effects: decision.value.effects, changes: { orders: [decision.value.order], interventions: decision.value.interventions } };
};

/**
 * `PUT /order/{id}/complete` and its twin (docs/service.md extension): `Open` → `Completed` when
 * every intervention is `Completed` or `Cancelled`; 204. The body is optional and its fields
 * are not read; one that is not an object is 400 ({@link noFieldsBodyIssues}). Applies
 * ORD-13 through {@link completeOrder}.
 * @param ctx - the context
 * @returns 204, or 400 with the state issue
 */
export const handleCompleteOrder: Handler<"order"> = (ctx) => {
  const issues = noFieldsBodyIssues(ctx.body);
  if (issues !== undefined) return refused(issues);
  const decision = completeOrder(ctx.records.order, interventionsOf(ctx.company, ctx.records.order.id));
  if (!decision.ok) return refused(decision.issues);
  return { status: 204, changes: { orders: [decision.value.order] } };
};

import { cancelOrder, parseOrderCancel } from "../../order/cancel.js";
import type { InterventionCancelCommand } from "../../intervention/request.js";
import { completeOrder } from "../../order/complete.js";
import { defineOperation, refused, type Operation, type Handlers } from "../context.js";
import { NOTHING, type OperationLoads } from "../loads.js";
import { interventionsOf } from "../state.js";
import { cancelBodyOrEmpty, orderCustomer, parseNoFields } from "./interventions.js";

/** The order's interventions (ORD-6, ORD-11, ORD-13) and, for a cancel, its customer (NOT-3). */
const ORDER_INTERVENTIONS: OperationLoads = { ...NOTHING, orderInterventions: true };
const ORDER_INTERVENTIONS_AND_CUSTOMER: OperationLoads = { ...ORDER_INTERVENTIONS, orderCustomers: true };

/**
 * `PUT /order/{id}/cancel` and its twin: cancels an `Open` or `Completed` order and, with
 * it, every intervention not yet `Completed` or `Cancelled`; 204 with the INT-10 effects of
 * each (and the ORD-12 customer notifications when asked), in order. `commit` releases the
 * cancelled interventions' allocations. No body means `{}`. Applies ORD-11, ORD-12,
 * INT-10 and NOT-3 through {@link cancelOrder}.
 * @param ctx - the context; the order is already found
 * @returns 204, or 400 with the state issue
 */
export const handleCancelOrder: Operation<"order"> = defineOperation<"order", InterventionCancelCommand>({
  parse: ({ body }) => parseOrderCancel(cancelBodyOrEmpty(body)),
  loads: () => ORDER_INTERVENTIONS_AND_CUSTOMER,
  decide: (ctx, command) => {
    const { company } = ctx;
    const { order } = ctx.records;
    const decision = cancelOrder(command, {
      order,
      interventions: interventionsOf(company, order.id),
      customer: orderCustomer(company, order),
      settings: company.settings,
    });
    if (!decision.ok) return refused(decision.issues);
    return { status: 204, effects: decision.value.effects, changes: { orders: [decision.value.order], interventions: decision.value.interventions } };
  },
});

/**
 * `PUT /order/{id}/complete` and its twin (docs/service.md extension): `Open` → `Completed` when
 * every intervention is `Completed` or `Cancelled`; 204. The body is optional and its fields
 * are not read; one that is not an object is 400 ({@link noFieldsBodyIssues}). Applies
 * ORD-13 through {@link completeOrder}.
 * @param ctx - the context
 * @returns 204, or 400 with the state issue
 */
export const handleCompleteOrder: Operation<"order"> = defineOperation<"order", undefined>({
  parse: parseNoFields,
  loads: () => ORDER_INTERVENTIONS,
  decide: (ctx) => {
    const decision = completeOrder(ctx.records.order, interventionsOf(ctx.company, ctx.records.order.id));
    if (!decision.ok) return refused(decision.issues);
    return { status: 204, changes: { orders: [decision.value.order] } };
  },
});

/** An order's cancel and completion, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const orderLifecycleHandlers: Handlers<"cancelOrder" | "completeOrder"> = {
  cancelOrder: handleCancelOrder,
  completeOrder: handleCompleteOrder,
};

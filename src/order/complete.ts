import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import { fail, ok, type Result } from "../shared/issue.js";
import { nextOrderState, orderActionIssue } from "./machine.js";

/** The outcome of an order completion. */
export interface OrderCompleteDecision {
  /** The order in state `Completed`. */
  readonly order: Order;
}

/**
 * Completes an `Open` order whose interventions are all `Completed` or `Cancelled`.
 * @param order - the order
 * @param interventions - the order's interventions
 * @returns `{ order }` in state `Completed`, or the issue
 * @rule ORD-13
 * @example
 * completeOrder(openOrder, [running]) //=> { ok: false, issues: [{ code: "InvalidState", path: "", message: "complete: order has an intervention in Running (ORD-13)", rule: "ORD-13" }] }
 */
export function completeOrder(order: Order, interventions: readonly Intervention[]): Result<OrderCompleteDecision> {
  const why = orderActionIssue("complete", order, interventions);
  if (why !== undefined) return fail([why]);
  return ok({ order: { ...order, state: nextOrderState(order.state, "complete") ?? order.state } });
}

import type { Intervention, InterventionState } from "../records/intervention.js";
import type { Order, OrderState } from "../records/order.js";
import type { AllowedAction } from "../shared/allowed-action.js";
import { issue, type Issue } from "../shared/issue.js";
import type { RuleId } from "../shared/rule-id.generated.js";

/** Order actions whose permission {@link allowedOrderActions} answers (docs/service.md `allowedActions`). */
export const orderActions = ["edit", "planIntervention", "cancel", "complete"] as const;

/** An action on an order. */
export type OrderAction = (typeof orderActions)[number];

/**
 * The order state machine: for each state and action, the next state, or `null` when the
 * state forbids the action. The one table the guards, the decisions, the allowed actions
 * and the diagram (`docs/state-machines.md`) all read; the mapped type makes the compiler
 * reject a missing state or action. Applies ORD-6, ORD-11, ORD-13 and INT-1 (state part).
 * @example
 * orderMachine.Completed.cancel //=> "Cancelled"
 */
export const orderMachine: { readonly [S in OrderState]: { readonly [A in OrderAction]: OrderState | null } } = {
  Open: { edit: "Open", planIntervention: "Open", cancel: "Cancelled", complete: "Completed" },
  Completed: { edit: null, planIntervention: null, cancel: "Cancelled", complete: null },
  Cancelled: { edit: null, planIntervention: null, cancel: null, complete: null },
};

/**
 * The rule that governs each order action, cited in refusals.
 * @example
 * orderActionRules.complete //=> "ORD-13"
 */
export const orderActionRules: { readonly [A in OrderAction]: RuleId } = {
  edit: "ORD-6",
  planIntervention: "INT-1",
  cancel: "ORD-11",
  complete: "ORD-13",
};

/**
 * The next state of an order after an action, from {@link orderMachine} alone (no guard on
 * the interventions).
 * @param state - the current state
 * @param action - the action
 * @returns the next state, or `undefined` when the state forbids the action
 * @example
 * nextOrderState("Open", "complete") //=> "Completed"
 * nextOrderState("Cancelled", "cancel") //=> undefined
 */
export function nextOrderState(state: OrderState, action: OrderAction): OrderState | undefined {
  return orderMachine[state][action] ?? undefined;
}

/** Intervention states that make an order's intervention active (ORD-6). */
const ACTIVE: ReadonlySet<InterventionState> = new Set<InterventionState>(["Running", "WaitingForSignature"]);

/**
 * True when an intervention is finished for the order's purposes: `Completed` or `Cancelled`
 * (ORD-11 leaves these alone; ORD-13 needs every intervention so).
 * @param state - an intervention state
 * @returns whether it is `Completed` or `Cancelled`
 * @example
 * isFinishedIntervention("Cancelled") //=> true
 */
export function isFinishedIntervention(state: InterventionState): boolean {
  return state === "Completed" || state === "Cancelled";
}

/**
 * Why an order action is refused, or `undefined` when it is allowed: the state table first,
 * then the guards that involve the order's interventions (edit needs none `Running` or
 * `WaitingForSignature`; complete needs every one `Completed` or `Cancelled`). Every order
 * decision calls this for its state check, so {@link allowedOrderActions} can never disagree
 * with what the decisions accept. Applies ORD-6, ORD-11, ORD-13 and INT-1 (order Open).
 * @param action - the action
 * @param order - the order
 * @param interventions - the order's interventions
 * @returns the `InvalidState` issue at path `""`, or `undefined`
 * @rule ORD-6
 * @example
 * orderActionIssue("edit", openOrder, [running])?.message //=> "edit: order has an intervention in Running (ORD-6)"
 * orderActionIssue("cancel", completedOrder, []) //=> undefined
 */
export function orderActionIssue(action: OrderAction, order: Order, interventions: readonly Intervention[]): Issue | undefined {
  const rule = orderActionRules[action];
  if (orderMachine[order.state][action] === null) {
    return issue("InvalidState", "", rule, `${action}: order is ${order.state} (${rule})`);
  }
  if (action === "edit") {
    const active = interventions.find((i) => ACTIVE.has(i.state));
    if (active !== undefined) return issue("InvalidState", "", rule, `${action}: order has an intervention in ${active.state} (${rule})`);
  } else if (action === "complete") {
    const pending = interventions.find((i) => !isFinishedIntervention(i.state));
    if (pending !== undefined) return issue("InvalidState", "", rule, `${action}: order has an intervention in ${pending.state} (${rule})`);
  }
  return undefined;
}

/**
 * Every order action with whether it is allowed now, and if not the issue that forbids it.
 * Built from {@link orderActionIssue}, the same check the decisions make.
 * @param order - the order
 * @param interventions - the order's interventions
 * @returns one entry per action, in {@link orderActions} order
 * @example
 * allowedOrderActions(cancelledOrder, [])[0] //=> { action: "edit", allowed: false, issue: { code: "InvalidState", path: "", message: "edit: order is Cancelled (ORD-6)", rule: "ORD-6" } }
 */
export function allowedOrderActions(order: Order, interventions: readonly Intervention[]): readonly AllowedAction<OrderAction>[] {
  return orderActions.map((action): AllowedAction<OrderAction> => {
    const why = orderActionIssue(action, order, interventions);
    return why === undefined ? { action, allowed: true } : { action, allowed: false, issue: why };
  });
}

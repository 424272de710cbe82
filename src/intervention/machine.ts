import type { Intervention, InterventionState } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { AllowedAction } from "../shared/allowed-action.js";
import { issue, type Issue } from "../shared/issue.js";
import type { RuleId } from "../shared/rule-id.generated.js";

/**
 * Actions on an existing intervention whose permission {@link allowedInterventionActions}
 * answers (docs/service.md `allowedActions`). Planning is the order's `planIntervention`.
 */
export const interventionActions = [
  "edit",
  "replan",
  "cancel",
  "startDeparture",
  "start",
  "requestSignature",
  "complete",
  "reportDocuments",
] as const;

/** An action on an existing intervention. */
export type InterventionAction = (typeof interventionActions)[number];

/** The lifecycle moves a technician makes (INT-7). */
export type LifecycleAction = "startDeparture" | "start" | "requestSignature" | "complete";

/** The state every planned intervention starts in (INT-1). */
export const initialInterventionState: InterventionState = "Planned";

/**
 * The intervention state machine: for each state and action, the next state, or `null` when
 * the state forbids the action. The one table the guards, the decisions, the allowed actions
 * and the diagram all read; the mapped type makes the compiler reject a missing state or
 * action. `edit` is allowed in every state (INT-4 guards only the order); `reportDocuments`
 * reads and keeps the state. Applies INT-3, INT-4, INT-5, INT-6 and INT-7 (state part).
 * @example
 * interventionMachine.Running.requestSignature //=> "WaitingForSignature"
 * interventionMachine.WaitingForSignature.cancel //=> null
 */
export const interventionMachine: {
  readonly [S in InterventionState]: { readonly [A in InterventionAction]: InterventionState | null };
} = {
  Planned: {
    edit: "Planned",
    replan: "Planned",
    cancel: "Cancelled",
    startDeparture: "DepartureStarted",
    start: "Running",
    requestSignature: null,
    complete: null,
    reportDocuments: null,
  },
  DepartureStarted: {
    edit: "DepartureStarted",
    replan: null,
    cancel: "Cancelled",
    startDeparture: null,
    start: "Running",
    requestSignature: null,
    complete: null,
    reportDocuments: null,
  },
  Running: {
    edit: "Running",
    replan: null,
    cancel: "Cancelled",
    startDeparture: null,
    start: null,
    requestSignature: "WaitingForSignature",
    complete: "Completed",
    reportDocuments: null,
  },
  WaitingForSignature: {
    edit: "WaitingForSignature",
    replan: null,
    cancel: null,
    startDeparture: null,
    start: null,
    requestSignature: null,
    complete: "Completed",
    reportDocuments: null,
  },
  Completed: {
    edit: "Completed",
    replan: null,
    cancel: null,
    startDeparture: null,
    start: null,
    requestSignature: null,
    complete: null,
    reportDocuments: "Completed",
  },
  Cancelled: {
    edit: "Cancelled",
    replan: null,
    cancel: null,
    startDeparture: null,
    start: null,
    requestSignature: null,
    complete: null,
    reportDocuments: null,
  },
};

/**
 * The rule that governs each intervention action, cited in refusals.
 * @example
 * interventionActionRules.cancel //=> "INT-5"
 */
export const interventionActionRules: { readonly [A in InterventionAction]: RuleId } = {
  edit: "INT-4",
  replan: "INT-3",
  cancel: "INT-5",
  startDeparture: "INT-7",
  start: "INT-7",
  requestSignature: "INT-7",
  complete: "INT-7",
  reportDocuments: "INT-6",
};

/** Actions that also need the order `Open` (INT-3, INT-4). */
const NEEDS_OPEN_ORDER: ReadonlySet<InterventionAction> = new Set<InterventionAction>(["replan", "edit"]);

/**
 * The next state of an intervention after an action, from {@link interventionMachine} alone.
 * @param state - the current state
 * @param action - the action
 * @returns the next state, or `undefined` when the state forbids the action
 * @example
 * nextInterventionState("Planned", "start") //=> "Running"
 * nextInterventionState("Completed", "cancel") //=> undefined
 */
export function nextInterventionState(state: InterventionState, action: InterventionAction): InterventionState | undefined {
  return interventionMachine[state][action] ?? undefined;
}

/**
 * True when no action leads out of the state (every allowed action keeps it): `Completed`
 * and `Cancelled`.
 * @param state - an intervention state
 * @returns whether the state is terminal
 * @example
 * isTerminalInterventionState("Cancelled") //=> true
 */
export function isTerminalInterventionState(state: InterventionState): boolean {
  const row = interventionMachine[state];
  return Object.values(row).every((to) => to === null || to === state);
}

/**
 * Why an intervention action is refused, or `undefined` when it is allowed: the state table
 * first, then the order guard (replan and edit need the order `Open`). Every intervention
 * decision calls this for its state check, so {@link allowedInterventionActions} can never
 * disagree with the decisions. Applies INT-3, INT-4, INT-5, INT-6 and INT-7.
 * @param action - the action
 * @param intervention - the intervention
 * @param order - its order
 * @returns the `InvalidState` issue at path `""`, or `undefined`
 * @example
 * interventionActionIssue("cancel", waiting, openOrder)?.message //=> "cancel: intervention is WaitingForSignature (INT-5)"
 * interventionActionIssue("replan", planned, completedOrder)?.message //=> "replan: order is Completed (INT-3)"
 */
export function interventionActionIssue(action: InterventionAction, intervention: Intervention, order: Order): Issue | undefined {
  const rule = interventionActionRules[action];
  if (interventionMachine[intervention.state][action] === null) {
    return issue("InvalidState", "", rule, `${action}: intervention is ${intervention.state} (${rule})`);
  }
  if (NEEDS_OPEN_ORDER.has(action) && order.state !== "Open") {
    return issue("InvalidState", "", rule, `${action}: order is ${order.state} (${rule})`);
  }
  return undefined;
}

/**
 * Every intervention action with whether it is allowed now, and if not the issue that
 * forbids it. Built from {@link interventionActionIssue}, the same check the decisions make.
 * @param intervention - the intervention
 * @param order - its order
 * @returns one entry per action, in {@link interventionActions} order
 * @example
 * allowedInterventionActions(completed, openOrder).filter((a) => a.allowed).map((a) => a.action) //=> ["edit", "reportDocuments"]
 */
export function allowedInterventionActions(intervention: Intervention, order: Order): readonly AllowedAction<InterventionAction>[] {
  return interventionActions.map((action): AllowedAction<InterventionAction> => {
    const why = interventionActionIssue(action, intervention, order);
    return why === undefined ? { action, allowed: true } : { action, allowed: false, issue: why };
  });
}

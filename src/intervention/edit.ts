import type { User } from "../auth/user.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { CatalogValue } from "../shared/catalog.js";
import { ABSENT } from "../shared/field.js";
import { collect, type Issue, type Result } from "../shared/issue.js";
import { resolveOptional, resolveReference, type RefIndex } from "../shared/reference.js";
import type { InterventionDecision } from "./decision.js";
import { interventionActionIssue } from "./machine.js";
import type { InterventionEditCommand } from "./request.js";

/** Everything an edit decision reads besides the command. */
export interface InterventionEditContext {
  /** The intervention to edit. */
  readonly intervention: Intervention;
  /** Its order (must be `Open`, INT-4). */
  readonly order: Order;
  /** The company's users (the owner, GEN-3). */
  readonly users: RefIndex<User>;
  /** InterventionCustomState catalog. */
  readonly customStates: RefIndex<CatalogValue>;
}

/**
 * Edits an intervention of an `Open` order: only the fields sent change; `null` clears
 * `customStateId` and `internalNote` (the parser refuses it elsewhere and refuses the
 * replan-only fields). No effects. Applies INT-4 and GEN-5.
 * @param command - the parsed edit body
 * @param context - the intervention, order, users and custom states
 * @returns `{ intervention, effects: [] }`, or the issues
 * @rule INT-4
 * @example
 * editIntervention(parseInterventionEdit({ internalNote: "bring a ladder" }).value, editContext).value.intervention.internalNote //=> "bring a ladder"
 * parseInterventionEdit({ day: "2026-03-13" }).issues[0].code //=> "UseReplan"
 */
export function editIntervention(command: InterventionEditCommand, context: InterventionEditContext): Result<InterventionDecision> {
  const { intervention } = context;
  const issues: Issue[] = [];
  const stateIssue = interventionActionIssue("edit", intervention, context.order);
  if (stateIssue !== undefined) issues.push(stateIssue);
  let ownerId = intervention.ownerId;
  if (command.ownerId !== ABSENT) {
    const r = resolveReference(command.ownerId, context.users, "ownerId", "user");
    if (r.ok) ownerId = r.value.id;
    else {
      for (const i of r.issues) issues.push(i);
    }
  }
  const customStateId =
    command.customStateId === ABSENT
      ? intervention.customStateId
      : resolveOptional(command.customStateId, context.customStates, "customStateId", "InterventionCustomState", issues);
  return collect(issues, () => ({
    intervention: {
      ...intervention,
      customStateId,
      ownerId,
      priority: command.priority === ABSENT ? intervention.priority : command.priority,
      internalNote: command.internalNote === ABSENT ? intervention.internalNote : command.internalNote,
      sendByPost: command.sendByPost === ABSENT ? intervention.sendByPost : command.sendByPost,
    },
    effects: [],
  }));
}

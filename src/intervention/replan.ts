import { collisionIssues, validateAssignations } from "../assignation/validate.js";
import { planningEffects } from "../notification/notify.js";
import { ABSENT } from "../shared/field.js";
import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import { resolveOptional, resolveReference, externalIdIssue } from "../shared/reference.js";
import type { InterventionDecision } from "./decision.js";
import type { Intervention } from "../records/intervention.js";
import { interventionActionIssue, interventionMachine } from "./machine.js";
import type { InterventionPlanningContext } from "./planning-context.js";
import type { InterventionReplanCommand } from "./request.js";

/**
 * Everything a replan decision reads besides the command: what a plan reads too, and the
 * intervention to replan.
 * @category Interventions
 */
export interface InterventionReplanContext extends InterventionPlanningContext {
  /** The intervention to replan (must be `Planned`, INT-3). */
  readonly intervention: Intervention;
}

/**
 * Replans a `Planned` intervention of an `Open` order: day, category, main technician and
 * assignations are replaced (ASN rules apply, its own old allocations do not collide);
 * `customStateId` and `internalNote` omitted keep, `null` clears; `priority` omitted keeps;
 * the external ID cannot change; it stays `Planned`. Effects: the old reminder withdrawn,
 * then the optional notification and reminder. Applies INT-3, ASN-1..ASN-6, NOT-5, NOT-6.
 * @param command - the parsed replan body
 * @param context - the intervention, order, customer, catalogs, users, settings, allocations, `now`
 * @returns `{ intervention, effects }`, or the issues
 * @rule INT-3
 * @example
 * const command = parseInterventionReplan({ primaryAssigneeId: "tech-1", day: "2026-03-12", categoryId: "repair",
 *   assignations: [{ userId: "tech-1", plannedStart: "2026-03-12T09:00:00+01:00", plannedEnd: "2026-03-12T10:00:00+01:00" }] });
 * const replanned = replanIntervention(command.value, replanContext).value;
 * [replanned.intervention.state, replanned.effects[0].type] //=> ["Planned", "cancelReminder"]
 * // its own old 08:00-09:30 allocation does not collide (ASN-5)
 */
export function replanIntervention(command: InterventionReplanCommand, context: InterventionReplanContext): Result<InterventionDecision> {
  const { intervention, order, settings } = context;
  const issues: Issue[] = [];
  const stateIssue = interventionActionIssue("replan", intervention, order);
  if (stateIssue !== undefined) issues.push(stateIssue);
  // INT-3: a replan may set an external ID on an intervention that has none (unused, GEN-4);
  // it never changes or clears one.
  let externalId = intervention.externalId;
  // Past the first test the two differ, so one with none is being given one (never null).
  if (command.externalId !== ABSENT && command.externalId !== intervention.externalId) {
    if (intervention.externalId === null) {
      const duplicate = externalIdIssue(context.takenExternalIds, command.externalId, "externalId", "intervention");
      if (duplicate !== undefined) issues.push(duplicate);
      else externalId = command.externalId;
    } else {
      issues.push(issue("Immutable", "externalId", "INT-3", "The external ID of an intervention cannot be changed or cleared by replan (INT-3)."));
    }
  }
  const category = resolveReference(command.categoryId, context.categories, "categoryId", "InterventionCategory");
  if (!category.ok) for (const i of category.issues) issues.push(i);
  const customStateId =
    command.customStateId === ABSENT
      ? intervention.customStateId
      : resolveOptional(command.customStateId, context.customStates, "customStateId", "InterventionCustomState", issues);
  const valid = validateAssignations(command, { users: context.users, timeZone: settings.timeZone });
  const assignationIssues = valid.ok ? collisionIssues(valid.value.assignations, context.allocations, settings.disableCollisions, intervention.id) : valid.issues;
  for (const i of assignationIssues) issues.push(i);
  return collect(issues, () => {
    // Stryker disable next-line LogicalOperator,StringLiteral: collect calls this only when no issue was pushed, and a failed `valid` or `category` always pushed one; the guard only narrows the types, so its message is never built and `&&` never differs
    if (!valid.ok || !category.ok) throw new Error("unreachable: issues were collected");
    const next: Intervention = {
      ...intervention,
      externalId,
      // Stryker disable next-line LogicalOperator: replan is allowed from Planned only and leads to Planned (INT-3), so `to ?? state` and `to && state` are both Planned
      state: interventionMachine[intervention.state].replan ?? intervention.state,
      day: command.day,
      primaryAssigneeId: valid.value.primaryAssigneeId,
      assignations: valid.value.assignations,
      categoryId: category.value.id,
      customStateId,
      priority: command.priority === ABSENT ? intervention.priority : command.priority,
      internalNote: command.internalNote === ABSENT ? intervention.internalNote : command.internalNote,
    };
    const effects = planningEffects("replanned", intervention.id, command.day, command, context.customer, order.contactPersonId, settings, context.now);
    return { intervention: next, effects };
  });
}

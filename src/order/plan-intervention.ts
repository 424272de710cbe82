import { collisionIssues, validateAssignations } from "../assignation/validate.js";
import type { InterventionDecision } from "../intervention/decision.js";
import { initialInterventionState } from "../intervention/machine.js";
import type { InterventionPlanningContext } from "../intervention/planning-context.js";
import type { InterventionPlanCommand } from "../intervention/request.js";
import { planningEffects } from "../notification/notify.js";
import type { Intervention } from "../records/intervention.js";
import type { Guid } from "../shared/guid.js";
import { collect, type Issue, type Result } from "../shared/issue.js";
import { externalIdIssue, resolveOptional, resolveReference } from "../shared/reference.js";
import { orderActionIssue } from "./machine.js";

/**
 * Everything a plan decision reads besides the command: what a replan reads too, and who plans
 * and where the new intervention's GUID comes from. Nothing comes from a clock or a global.
 * @category Interventions
 */
export interface InterventionPlanContext extends InterventionPlanningContext {
  /** The user who plans: the default owner (INT-9, AUTH-6). */
  readonly actorId: Guid;
  /** Source of the new intervention's GUID; called once, on success only. */
  readonly newId: () => Guid;
}

/**
 * Plans a new intervention on an order: the order must be `Open`; the assignations obey
 * ASN-1..ASN-6; `priority` defaults to the order's, the owner to the planner and
 * `sendByPost` to the order's; the intervention starts `Planned`. Returns the intervention
 * and the notification effects, or every issue found. Applies INT-1, INT-2, INT-9,
 * GEN-4, ASN-1..ASN-6, NOT-5 and NOT-6.
 * @param command - the parsed plan body
 * @param context - the order, customer, catalogs, users, settings, allocations, `now`, actor and ID source
 * @returns `{ intervention, effects }`, or the issues
 * @rule INT-1
 * @rule INT-2
 * @rule INT-9
 * @category Interventions
 * @example
 * const command = parseInterventionPlan({ primaryAssigneeId: "tech-1", day: "2026-03-12", categoryId: "repair",
 *   assignations: [{ userId: "tech-1", plannedStart: "2026-03-12T10:00:00+01:00", plannedEnd: "2026-03-12T12:00:00+01:00" }] });
 * const planned = planIntervention(command.value, planContext).value.intervention;
 * [planned.state, planned.priority, planned.ownerId === admin.id] //=> ["Planned", "Normal", true]
 * // 09:00 overlaps the technician's 08:00-09:30 allocation, and collisions are forbidden (ASN-5):
 * planIntervention({ ...command.value, assignations: [{ ...command.value.assignations[0], plannedStart: t("09:00") }] }, planContext).issues[0].code //=> "Collision"
 */
export function planIntervention(command: InterventionPlanCommand, context: InterventionPlanContext): Result<InterventionDecision> {
  const { order, settings } = context;
  const issues: Issue[] = [];
  // Stryker disable next-line ArrayDeclaration: orderActionIssue reads the order's interventions for edit and complete only (ORD-8, ORD-10), never for planIntervention
  const stateIssue = orderActionIssue("planIntervention", order, []);
  if (stateIssue !== undefined) issues.push(stateIssue);
  const duplicate = externalIdIssue(context.takenExternalIds, command.externalId, "externalId", "intervention");
  if (duplicate !== undefined) issues.push(duplicate);
  const category = resolveReference(command.categoryId, context.categories, "categoryId", "InterventionCategory");
  if (!category.ok) for (const i of category.issues) issues.push(i);
  const customStateId = resolveOptional(command.customStateId, context.customStates, "customStateId", "InterventionCustomState", issues);
  const valid = validateAssignations(command, { users: context.users, timeZone: settings.timeZone });
  const assignationIssues = valid.ok ? collisionIssues(valid.value.assignations, context.allocations, settings.disableCollisions) : valid.issues;
  for (const i of assignationIssues) issues.push(i);
  return collect(issues, () => {
    // Stryker disable next-line LogicalOperator,StringLiteral: collect calls this only when no issue was pushed, and a failed `valid` or `category` always pushed one; the guard only narrows the types, so its message is never built and `&&` never differs
    if (!valid.ok || !category.ok) throw new Error("unreachable: issues were collected");
    const id = context.newId();
    const intervention: Intervention = {
      id,
      externalId: command.externalId,
      orderId: order.id,
      state: initialInterventionState,
      day: command.day,
      primaryAssigneeId: valid.value.primaryAssigneeId,
      assignations: valid.value.assignations,
      categoryId: category.value.id,
      customStateId,
      priority: command.priority ?? order.priority,
      internalNote: command.internalNote,
      ownerId: context.actorId,
      sendByPost: order.sendByPost,
      cancellationReason: null,
      reportDocuments: [],
    };
    const effects = planningEffects("planned", id, command.day, command, context.customer, order.contactPersonId, settings, context.now);
    return { intervention, effects };
  });
}

import { candidates, type CandidatesAnswer, type CandidatesContext, type CandidatesRequest } from "../assignation/candidates.js";
import type { Order } from "../records/order.js";
import { fail, type Result } from "../shared/issue.js";
import { orderActionIssue } from "./machine.js";

/**
 * The candidates of a new plan on an order (CND-2 to CND-4): an order that cannot be planned on
 * is refused with the issue PlanIntervention would give (INT-1, through `orderActionIssue`);
 * otherwise {@link candidates}, whose every slot PlanIntervention accepts on the same state.
 * @param query - the day, duration, window, step, technicians and limit
 * @param order - the order to plan on
 * @param context - the users, the settings and the allocations
 * @returns the candidates and the technicians left out, or the issues
 * @category Interventions
 * @example
 * const tech = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: "tech-1", name: "Eva", roles: ["Technik"], deactivated: false };
 * const context = { users: { byId: new Map([[tech.id, tech]]), byKey: new Map() }, settings: { timeZone: "Europe/Prague", disableCollisions: true }, allocations: emptyCollisionIndex };
 * const query = { day: "2026-03-12", duration: 60, from: null, to: null, step: 15, technicians: null, limit: 1 };
 * planCandidates(query, { state: "Completed" }, context).issues[0].rule //=> "INT-1"
 * planCandidates(query, { state: "Open" }, context).value.candidates.length //=> 1
 */
export function planCandidates(query: CandidatesRequest, order: Order, context: CandidatesContext): Result<CandidatesAnswer> {
  // Stryker disable next-line ArrayDeclaration: orderActionIssue reads the interventions for edit and complete only (ORD-8, ORD-10), never for planIntervention
  const state = orderActionIssue("planIntervention", order, []);
  if (state !== undefined) return fail([state]);
  return candidates({ ...query, replanning: null }, context);
}

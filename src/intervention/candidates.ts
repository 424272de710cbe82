import { candidates, type CandidatesAnswer, type CandidatesContext, type CandidatesRequest } from "../assignation/candidates.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import { fail, type Result } from "../shared/issue.js";
import { interventionActionIssue } from "./machine.js";

/**
 * The candidates of a replan of an intervention (CND-2 to CND-4): an intervention that cannot be
 * replanned (not `Planned`, or its order not `Open`) is refused with the issue Replan would give
 * (INT-3, through `interventionActionIssue`); otherwise {@link candidates} with its own
 * allocations not counted (ASN-5), whose every slot Replan accepts on the same state.
 * @param query - the day, duration, window, step, technicians and limit
 * @param intervention - the intervention to replan
 * @param order - its order
 * @param context - the users, the settings and the allocations
 * @returns the candidates and the technicians left out, or the issues
 * @category Interventions
 * @example
 * const tech = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: "tech-1", name: "Eva", roles: ["Technik"], deactivated: false };
 * const context = { users: { byId: new Map([[tech.id, tech]]), byKey: new Map() }, settings: { timeZone: "Europe/Prague", disableCollisions: true }, allocations: emptyCollisionIndex };
 * const query = { day: "2026-03-12", duration: 60, from: null, to: null, step: 15, technicians: null, limit: 1 };
 * replanCandidates(query, { state: "Running" }, { state: "Open" }, context).issues[0].rule //=> "INT-3"
 */
export function replanCandidates(query: CandidatesRequest, intervention: Intervention, order: Order, context: CandidatesContext): Result<CandidatesAnswer> {
  const state = interventionActionIssue("replan", intervention, order);
  if (state !== undefined) return fail([state]);
  return candidates({ ...query, replanning: intervention.id }, context);
}

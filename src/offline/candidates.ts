import { refusal } from "../api/problem.js";
import type { CandidatesQueryParams } from "../client/call-types.js";
import { issue } from "../shared/issue.js";
import { parseIsoDate } from "../shared/time.js";
import type { ServiceRequest, ServiceResponse } from "../service/entry-point.js";
import type { SyncReplica } from "../sync/answer.js";

/**
 * The query string of a candidates read, as the typed client sends it: each parameter given,
 * a list comma-separated.
 * @param query - the parameters
 * @returns the query string, without `?`
 * @example
 * candidatesQueryString({ day: "2026-03-12", duration: 60, technicians: ["tech-1", "tech-2"] }) //=> "day=2026-03-12&duration=60&technicians=tech-1%2Ctech-2"
 */
export function candidatesQueryString(query: CandidatesQueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value !== undefined) params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params.toString();
}

/**
 * The candidates of a replan of an intervention, answered on the device (CND-5): for a day of
 * the replica's scope, the service's own decision on the device's state (`decide`, the local
 * decider, OFF-1), which holds every technician's slots on those days (SYN-2), so on the same
 * replica it answers what the server answers. A day outside the scope is refused on the device
 * with 400 `OutOfRange` at `day`: the device does not hold that day's slots. A `day` that is not
 * a date is left to the decision, which refuses it as the server does (CND-1).
 * @param replica - the replica pulled (its scope's days)
 * @param decide - the local decider's `decide`
 * @param order - GUID of the order
 * @param intervention - GUID of the intervention
 * @param query - the day, duration, window, step, technicians and limit
 * @returns the answer, as the server would give it
 * @rule CND-5
 * @example
 * const replica = { scope: { userId: "0d4f0b9e-5c3a-4d52-9a43-4b3b2f3a1c02", from: "2026-11-27", to: "2026-11-27" } };
 * localCandidates(replica, () => ({ status: 200, body: {}, effects: [] }), "o", "i", { day: "2026-11-30", duration: 60 }).status //=> 400
 */
export function localCandidates(
  replica: Pick<SyncReplica, "scope">,
  decide: (request: ServiceRequest) => ServiceResponse,
  order: string,
  intervention: string,
  query: CandidatesQueryParams,
): ServiceResponse {
  const day = parseIsoDate(query.day);
  const { from, to } = replica.scope;
  // Stryker disable next-line ConditionalExpression: an undefined day compares false with both bounds, so it goes to the decision either way; the test only narrows the type
  if (day !== undefined && (day < from || day > to)) {
    const { status, body } = refusal([issue("OutOfRange", "day", "CND-5", `The device holds the slots of ${from} to ${to} only; ask the server for ${day} (CND-5).`)]);
    return { status, body, effects: [] };
  }
  const path = `/order/${encodeURIComponent(order)}/intervention/${encodeURIComponent(intervention)}/candidates?${candidatesQueryString(query)}`;
  return decide({ method: "GET", path });
}

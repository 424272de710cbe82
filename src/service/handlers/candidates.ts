import type { CandidatesAnswer, CandidatesContext, CandidatesRequest } from "../../assignation/candidates.js";
import { replanCandidates } from "../../intervention/candidates.js";
import { planCandidates } from "../../order/candidates.js";
import { parseCandidatesQuery } from "../../assignation/candidates-query.js";
import { assignationSpan, technicianIssues } from "../../assignation/validate.js";
import type { Intervention } from "../../records/intervention.js";
import type { Order } from "../../records/order.js";
import type { Guid } from "../../shared/guid.js";
import { ok, type Result } from "../../shared/issue.js";
import { findReference } from "../../shared/reference.js";
import { formatInstant } from "../../shared/time.js";
import { defineOperation, refused, type HandlerContext, type Operation, type Reply, type Handlers } from "../context.js";
import { NOTHING, type OperationLoads } from "../loads.js";
import type { CompanyState } from "../state.js";
import type { CandidatesShape } from "../../api/read-shapes.js";

/**
 * The read shape of a candidates answer.
 * @param request - the parameters asked
 * @param answer - the decision's answer
 * @returns the shape
 */
export function candidatesShape(request: CandidatesRequest, answer: CandidatesAnswer): CandidatesShape {
  return {
    day: request.day,
    duration: request.duration,
    step: request.step,
    windowStart: formatInstant(answer.windowStart),
    windowEnd: formatInstant(answer.windowEnd),
    candidates: answer.candidates.map((c) => ({ userId: c.userId, plannedStart: formatInstant(c.plannedStart), plannedEnd: formatInstant(c.plannedEnd) })),
    leftOut: answer.leftOut.map((l) => ({ userId: l.userId, issues: l.issues })),
  };
}

/**
 * What a candidates query reads besides its path: the considered technicians' allocations over
 * the day (ASN-5, and the ranking's minutes, CND-3), whether or not the company forbids
 * collisions. The technicians are the named ones found in the company, or every user who may be
 * assigned (ASN-2).
 * @param request - the parsed query
 * @param company - the company configuration (settings, users)
 * @returns the loads
 */
export function candidatesLoads(request: CandidatesRequest, company: CompanyState): OperationLoads {
  const userIds = new Set<Guid>();
  if (request.technicians === null) {
    for (const u of company.users.byId.values()) if (technicianIssues(u, "").length === 0) userIds.add(u.id);
  } else {
    for (const ref of request.technicians) {
      const u = findReference(ref, company.users);
      if (u !== undefined) userIds.add(u.id);
    }
  }
  if (userIds.size === 0) return NOTHING;
  const span = assignationSpan(request.day, company.settings.timeZone);
  return { ...NOTHING, allocations: { userIds: [...userIds], from: span.first, to: span.last + 1 } };
}

function decide(ctx: HandlerContext<"order">, order: Order, intervention: Intervention | null, query: Result<CandidatesRequest>): Reply {
  if (!query.ok) return refused(query.issues);
  const context: CandidatesContext = { users: ctx.company.users, settings: ctx.company.settings, allocations: ctx.company.allocations };
  const answer = intervention === null ? planCandidates(query.value, order, context) : replanCandidates(query.value, intervention, order, context);
  return answer.ok ? { status: 200, body: candidatesShape(query.value, answer.value) } : refused(answer.issues);
}

/**
 * `GET /order/{id}/candidates` and its twin (an extension): the slots and technicians a new
 * plan of the order may take, ranked (CND-1 to CND-4), through {@link parseCandidatesQuery} and
 * {@link planCandidates}. A bad query is refused after the order is found (404 first).
 * @param ctx - the context; the order is found by the path
 * @returns 200 with the candidates, or 400
 */
export const handleOrderCandidates: Operation<"order"> = defineOperation<"order", Result<CandidatesRequest>>({
  parse: ({ query }) => ok(parseCandidatesQuery(query)),
  loads: (query, company) => (query.ok ? candidatesLoads(query.value, company) : NOTHING),
  decide: (ctx, query) => decide(ctx, ctx.records.order, null, query),
});

/**
 * `GET /order/{id}/intervention/{id}/candidates` and its twin (an extension): the slots and
 * technicians a replan of the intervention may take; its own allocations do not count (ASN-5),
 * through {@link replanCandidates}.
 * @param ctx - the context; the order and its intervention are found by the path (INT-8)
 * @returns 200 with the candidates, or 400
 */
export const handleInterventionCandidates: Operation<"order" | "intervention"> = defineOperation<"order" | "intervention", Result<CandidatesRequest>>({
  parse: ({ query }) => ok(parseCandidatesQuery(query)),
  loads: (query, company) => (query.ok ? candidatesLoads(query.value, company) : NOTHING),
  decide: (ctx, query) => decide(ctx, ctx.records.order, ctx.records.intervention, query),
});

/** The candidates of a plan and of a replan, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const candidateHandlers: Handlers<"orderCandidates" | "interventionCandidates"> = {
  orderCandidates: handleOrderCandidates,
  interventionCandidates: handleInterventionCandidates,
};

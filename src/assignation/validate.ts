import type { User } from "../auth/user.js";
import type { Assignation } from "../records/intervention.js";
import type { Guid } from "../shared/guid.js";
import { collect, issue, joinPath, type Issue, type Result } from "../shared/issue.js";
import { reportReference, type RefIndex } from "../shared/reference.js";
import { dayRange, formatInstant, type Instant, type IsoDate } from "../shared/time.js";
import { overlappingAllocations, type CollisionIndex } from "./collision-index.js";

/** One assignation as a request sends it: the user still an "ID or external ID" (GEN-3). */
export interface AssignationRequest {
  /** GUID or external ID of the technician. */
  readonly userId: string;
  /** Start instant. */
  readonly plannedStart: Instant;
  /** End instant (exclusive). */
  readonly plannedEnd: Instant;
}

/** The parts of a plan or replan request that the assignation rules check. */
export interface AssignationsRequest {
  /** GUID or external ID of the main technician. */
  readonly primaryAssigneeId: string;
  /** The intervention's day. */
  readonly day: IsoDate;
  /** The assignations as sent. */
  readonly assignations: readonly AssignationRequest[];
}

/** What the assignation rules need besides the request. */
export interface AssignationContext {
  /** The company's users. */
  readonly users: RefIndex<User>;
  /** The company's time zone (GEN-10). */
  readonly timeZone: string;
}

/** Assignations with every user resolved to a GUID. */
export interface ValidAssignations {
  /** GUID of the main technician. */
  readonly primaryAssigneeId: Guid;
  /** The assignations, in request order. */
  readonly assignations: readonly Assignation[];
}

/**
 * Why a user may not be assigned (ASN-2, after the user was found): not a technician (no role
 * `Technik`), deactivated, or both; none when the user may be. The one home of that check, which
 * {@link validateAssignations} (the owner of ASN-2) and the candidates decision both call.
 * @param user - a user of the company
 * @param path - JSON path of the reference, for the issues
 * @returns the issues, possibly none
 * @example
 * technicianIssues({ id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: null, name: "Eva", roles: ["Dispatcher"], deactivated: true }, "userId").map((i) => i.code) //=> ["NotTechnician", "Deactivated"]
 * @internal
 */
export function technicianIssues(user: User, path: string): Issue[] {
  const issues: Issue[] = [];
  if (!user.roles.includes("Technik")) issues.push(issue("NotTechnician", path, "ASN-2", `User ${user.id} does not have the role Technik (ASN-2).`));
  if (user.deactivated) issues.push(issue("Deactivated", path, "ASN-2", `User ${user.id} is deactivated (ASN-2).`));
  return issues;
}

function checkTechnician(ref: string, users: RefIndex<User>, path: string, issues: Issue[]): User | undefined {
  const user = reportReference(ref, users, path, "user", issues);
  if (user === undefined) return undefined;
  for (const i of technicianIssues(user, path)) issues.push(i);
  return user;
}

/**
 * The instants an assignation of `day` may take (ASN-4): its start and its end both at or
 * after `first` and at or before `last`, the day's last millisecond in the company's time zone
 * (an end at midnight is the next day). 23 or 25 hours on a daylight-saving change (GEN-10).
 * The one home of the day's bounds, which {@link validateAssignations} (the owner of ASN-4)
 * and the candidates decision both read.
 * @param day - the intervention's day
 * @param timeZone - the company's time zone
 * @returns the first and the last instant allowed
 * @example
 * const span = assignationSpan("2026-03-29" as IsoDate, "Europe/Prague");
 * (span.last + 1 - span.first) / 3_600_000 //=> 23
 * @internal
 */
export function assignationSpan(day: IsoDate, timeZone: string): { readonly first: Instant; readonly last: Instant } {
  const range = dayRange(day, timeZone);
  return { first: range.start, last: range.end - 1 };
}

/**
 * Checks the assignations of a plan or replan and resolves their users, reporting every
 * violation with its path: at least one assignation and the main technician among them;
 * every user exists, has the role `Technik` and is not deactivated; one assignation per
 * technician after resolving GUIDs and external IDs; start and end on `day` in the company's
 * time zone (an end at local midnight is the next day) and start before end.
 * Applies ASN-1, ASN-2, ASN-3, ASN-4 and GEN-10.
 * @param request - the main technician, the day and the assignations as sent
 * @param context - the users and the time zone
 * @returns the resolved assignations, or every issue
 * @rule ASN-1
 * @rule ASN-2
 * @rule ASN-3
 * @rule ASN-4
 * @example
 * const request = { primaryAssigneeId: "tech-1", day, assignations: [{ userId: "tech-1", plannedStart: t("23:00"), plannedEnd: t("24:00") }] };
 * validateAssignations(request, assignationContext).ok //=> false
 * // an end at midnight belongs to the next day (ASN-4): OutsideDay at assignations[0].plannedEnd
 */
export function validateAssignations(request: AssignationsRequest, context: AssignationContext): Result<ValidAssignations> {
  const issues: Issue[] = [];
  const primary = checkTechnician(request.primaryAssigneeId, context.users, "primaryAssigneeId", issues);
  if (request.assignations.length === 0) {
    issues.push(issue("TooFew", "assignations", "ASN-1", "At least one assignation is required, the main technician's (ASN-1)."));
  }
  const span = assignationSpan(request.day, context.timeZone);
  const firstIndexOf = new Map<Guid, number>();
  const out: Assignation[] = [];
  request.assignations.forEach((a, i) => {
    const path = joinPath("assignations", i);
    const user = checkTechnician(a.userId, context.users, joinPath(path, "userId"), issues);
    if (user !== undefined) {
      const first = firstIndexOf.get(user.id);
      if (first === undefined) firstIndexOf.set(user.id, i);
      else issues.push(issue("Duplicate", joinPath(path, "userId"), "ASN-3", `User ${user.id} already has assignations[${first}] on this intervention (ASN-3).`));
    }
    const outside = (t: Instant): boolean => t < span.first || t > span.last;
    if (outside(a.plannedStart)) {
      issues.push(issue("OutsideDay", joinPath(path, "plannedStart"), "ASN-4", `${formatInstant(a.plannedStart)} is not on ${request.day} in ${context.timeZone} (ASN-4).`));
    }
    if (outside(a.plannedEnd)) {
      issues.push(issue("OutsideDay", joinPath(path, "plannedEnd"), "ASN-4", `${formatInstant(a.plannedEnd)} is not on ${request.day} in ${context.timeZone}; an end at midnight is the next day (ASN-4).`));
    }
    if (!(a.plannedStart < a.plannedEnd)) {
      issues.push(issue("StartNotBeforeEnd", joinPath(path, "plannedEnd"), "ASN-4", "plannedStart must be earlier than plannedEnd (ASN-4)."));
    }
    if (user !== undefined) out.push({ userId: user.id, plannedStart: a.plannedStart, plannedEnd: a.plannedEnd });
  });
  if (primary !== undefined && request.assignations.length > 0 && !firstIndexOf.has(primary.id)) {
    issues.push(issue("PrimaryNotAssigned", "primaryAssigneeId", "ASN-1", `The main technician ${primary.id} has no assignation (ASN-1).`));
  }
  return collect(issues, () => ({ primaryAssigneeId: (primary as User).id, assignations: out }));
}

/**
 * The collisions of resolved assignations with the technicians' other allocations, when
 * the company disables collisions; none when it allows them. Each issue names the
 * intervention and the time range that collide, at `assignations[i]`.
 * @param assignations - resolved assignations, in request order
 * @param index - the allocations of the company's interventions that are not cancelled
 * @param disableCollisions - the company setting "Zakázat kolize"
 * @param exceptInterventionId - on replan, the intervention itself (its old allocations do not count)
 * @returns the `Collision` issues, possibly none
 * @rule ASN-5
 * @rule ASN-6
 * @example
 * collisionIssues([{ userId: tech, plannedStart: t("09:00"), plannedEnd: t("10:00") }], index, true)[0]?.path //=> "assignations[0]"
 * @internal
 */
export function collisionIssues(
  assignations: readonly Assignation[],
  index: CollisionIndex,
  disableCollisions: boolean,
  exceptInterventionId?: Guid,
): readonly Issue[] {
  if (!disableCollisions) return [];
  const issues: Issue[] = [];
  assignations.forEach((a, i) => {
    const hit = overlappingAllocations(index, a.userId, a.plannedStart, a.plannedEnd, exceptInterventionId, 1)[0];
    if (hit !== undefined) {
      issues.push(
        issue(
          "Collision",
          joinPath("assignations", i),
          "ASN-5",
          `Technician ${a.userId} is already allocated ${formatInstant(hit.start)}–${formatInstant(hit.end)} on intervention ${hit.interventionId} (ASN-5).`,
        ),
      );
    }
  });
  return issues;
}

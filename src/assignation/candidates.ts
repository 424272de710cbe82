import type { User } from "../auth/user.js";
import type { Guid } from "../shared/guid.js";
import { fail, issue, isNonEmpty, ok, type Issue, type NonEmptyArray, type Result } from "../shared/issue.js";
import { reportReference, type RefIndex } from "../shared/reference.js";
import type { CompanySettings } from "../shared/settings.js";
import { localTimeInstant, type Instant, type IsoDate } from "../shared/time.js";
import { overlappingAllocations, type CollisionIndex } from "./collision-index.js";
import { assignationSpan, technicianIssues } from "./validate.js";

/** Longest slot asked for, in minutes (CND-1): a whole day. */
export const MAX_CANDIDATE_DURATION = 1440;
/** Finest step of the slot grid, in minutes (CND-1): at most 300 starts on a 25-hour day. */
export const MIN_CANDIDATE_STEP = 5;
/** Coarsest step of the slot grid, in minutes (CND-1). */
export const MAX_CANDIDATE_STEP = 1440;
/** The step when none is asked for, in minutes (CND-1). */
export const DEFAULT_CANDIDATE_STEP = 15;
/** Most candidates one answer lists (CND-1). */
export const MAX_CANDIDATE_LIMIT = 200;
/** Candidates listed when no limit is asked for (CND-1). */
export const DEFAULT_CANDIDATE_LIMIT = 20;
/** Most technicians one query names (CND-1); left out, every active technician is considered. */
export const MAX_CANDIDATE_TECHNICIANS = 100;
/** Minutes of a day's end as a window bound (`24:00`). */
const DAY_MINUTES = 1440;

/** What a candidates query asks, besides the order or intervention it is for (CND-1). */
export interface CandidatesRequest {
  /** The day of the visit (ASN-4), in the company's time zone. */
  readonly day: IsoDate;
  /** How long the visit takes, in minutes, 1 to {@link MAX_CANDIDATE_DURATION}. */
  readonly duration: number;
  /** Start of the window, minutes after local midnight (0 to 1,439); `null`: the day's start. */
  readonly from: number | null;
  /** End of the window, minutes after local midnight (1 to 1,440), after `from`; `null`: the day's end. */
  readonly to: number | null;
  /** Minutes between two starts of the grid, {@link MIN_CANDIDATE_STEP} to {@link MAX_CANDIDATE_STEP}. */
  readonly step: number;
  /** The technicians to consider (GUIDs or external IDs, at most {@link MAX_CANDIDATE_TECHNICIANS}); `null`: every active technician. */
  readonly technicians: readonly string[] | null;
  /** Most candidates to list, 1 to {@link MAX_CANDIDATE_LIMIT}. */
  readonly limit: number;
}

/**
 * A candidates query: the parameters, and for a replan the intervention whose own allocations do
 * not count (ASN-5). The state checks of the order and the intervention (INT-1, INT-3) are the
 * callers': `planCandidates` (src/order) and `replanCandidates` (src/intervention).
 */
export interface CandidatesQuery extends CandidatesRequest {
  /** GUID of the intervention being replanned, or `null` for a new plan. */
  readonly replanning: Guid | null;
}

/** What a candidates decision reads besides the query: what the plan and replan decisions read for ASN-2, ASN-4 and ASN-5. */
export interface CandidatesContext {
  /** The company's users (ASN-2). */
  readonly users: RefIndex<User>;
  /** Company settings: the time zone (ASN-4, GEN-10) and whether collisions are forbidden (ASN-5, ASN-6). */
  readonly settings: CompanySettings;
  /** Allocations of the company's interventions that are not cancelled, at least the considered technicians' on the day (ASN-5). */
  readonly allocations: CollisionIndex;
}

/** One slot a technician can take: planning it is accepted (CND-2). */
export interface Candidate {
  /** GUID of the technician. */
  readonly userId: Guid;
  /** Start of the slot. */
  readonly plannedStart: Instant;
  /** End of the slot (exclusive). */
  readonly plannedEnd: Instant;
}

/** A technician the answer leaves out, and why (CND-4). */
export interface LeftOutTechnician {
  /** GUID of the technician. */
  readonly userId: Guid;
  /** Why: `NotTechnician` or `Deactivated` (ASN-2), or `Collision` when every slot of the grid collides (ASN-5). */
  readonly issues: NonEmptyArray<Issue>;
}

/** The answer of {@link candidates}. */
export interface CandidatesAnswer {
  /** The window's first instant (its start, or the day's). */
  readonly windowStart: Instant;
  /** The window's end (exclusive): its end, or the day's. */
  readonly windowEnd: Instant;
  /** The slots, ranked (CND-3), at most `limit`. */
  readonly candidates: readonly Candidate[];
  /** The considered technicians with no slot, by GUID (CND-4). */
  readonly leftOut: readonly LeftOutTechnician[];
}

/**
 * Checks the bounds of a candidates query's numbers and lists (CND-1), each issue at its
 * parameter's name: whole numbers in range, `from` before `to`, at most
 * {@link MAX_CANDIDATE_TECHNICIANS} technicians. The query parser and {@link candidates} both
 * call it, so a query built in code is held to the bounds the HTTP parser enforces. Applies
 * CND-1, whose owner is the query parser (`parseCandidatesQuery`).
 * @param request - the parameters
 * @returns the issues, possibly none
 * @example
 * candidatesRequestIssues({ day: "2026-03-12", duration: 0, from: null, to: null, step: 15, technicians: null, limit: 500 }).map((i) => i.path) //=> ["duration", "limit"]
 */
export function candidatesRequestIssues(request: CandidatesRequest): Issue[] {
  const issues: Issue[] = [];
  const whole = (value: number, name: string, min: number, max: number, unit: string): boolean => {
    if (Number.isInteger(value) && value >= min && value <= max) return true;
    issues.push(issue("OutOfRange", name, "CND-1", `${name} is a whole number of ${unit} from ${min} to ${max} (CND-1).`));
    return false;
  };
  whole(request.duration, "duration", 1, MAX_CANDIDATE_DURATION, "minutes");
  const fromOk = request.from === null || whole(request.from, "from", 0, DAY_MINUTES - 1, "minutes after midnight");
  const toOk = request.to === null || whole(request.to, "to", 1, DAY_MINUTES, "minutes after midnight");
  if (fromOk && toOk && request.from !== null && request.to !== null && request.from >= request.to) {
    issues.push(issue("OutOfRange", "to", "CND-1", "The window's end must be after its start (CND-1)."));
  }
  whole(request.step, "step", MIN_CANDIDATE_STEP, MAX_CANDIDATE_STEP, "minutes");
  whole(request.limit, "limit", 1, MAX_CANDIDATE_LIMIT, "candidates");
  if (request.technicians !== null && request.technicians.length > MAX_CANDIDATE_TECHNICIANS) {
    issues.push(issue("TooMany", "technicians", "CND-1", `At most ${MAX_CANDIDATE_TECHNICIANS} technicians in one query (CND-1).`));
  }
  return issues;
}

/** One technician in the ranking: the grid index of its next free slot and its allocated time that day. */
interface Runner {
  readonly userId: Guid;
  readonly allocated: number;
  k: number;
}

// The ranking (CND-3): earliest start (grid index), fewest allocated milliseconds that day, user GUID.
function before(a: Runner, b: Runner): boolean {
  return a.k !== b.k ? a.k < b.k : a.allocated !== b.allocated ? a.allocated < b.allocated : a.userId < b.userId;
}

/** A binary min-heap of runners by {@link before}. */
class RunnerHeap {
  readonly #items: Runner[] = [];
  get size(): number {
    return this.#items.length;
  }
  push(r: Runner): void {
    const a = this.#items;
    a.push(r);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i] as Runner, a[p] as Runner)) break;
      [a[i], a[p]] = [a[p] as Runner, a[i] as Runner];
      i = p;
    }
  }
  pop(): Runner | undefined {
    const a = this.#items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l] as Runner, a[m] as Runner)) m = l;
        if (r < a.length && before(a[r] as Runner, a[m] as Runner)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m] as Runner, a[i] as Runner];
        i = m;
      }
    }
    return top;
  }
}

/**
 * The technicians a query considers, resolved to users: the named ones (GUID or external ID,
 * GEN-3; each once), or every user that may be assigned (ASN-2), by GUID. A named user that
 * may not be assigned is left out with the ASN-2 issues.
 */
function considered(query: CandidatesQuery, users: RefIndex<User>, issues: Issue[], leftOut: LeftOutTechnician[]): User[] {
  const out = new Map<Guid, User>();
  if (query.technicians === null) {
    for (const u of users.byId.values()) if (technicianIssues(u, "technicians").length === 0) out.set(u.id, u);
  } else {
    const refused = new Set<Guid>();
    for (const ref of query.technicians) {
      const path = "technicians";
      const user = reportReference(ref, users, path, "user", issues);
      if (user === undefined || out.has(user.id) || refused.has(user.id)) continue;
      const why = technicianIssues(user, path);
      if (isNonEmpty(why)) {
        refused.add(user.id);
        leftOut.push({ userId: user.id, issues: why });
      } else out.set(user.id, user);
    }
  }
  return [...out.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The slots and technicians the assignation rules allow for a visit (the inverse of the plan
 * and replan decisions): for a new plan, or a replan of `query.replanning` (whose own
 * allocations do not count, ASN-5). The grid's starts are the window's start and
 * every `step` minutes after it, in elapsed time (a 23- or 25-hour day has one hour of starts
 * less or more); a slot lasts `duration` minutes, lies inside the window and on the day (ASN-4:
 * an end at midnight is the next day's). A technician takes a slot when the technician may be
 * assigned (ASN-2) and, when the company forbids collisions, the slot overlaps none of the
 * technician's other allocations (ASN-5, ASN-6): every slot listed is one the plan or replan
 * decision accepts, and every accepted slot of the grid is listed up to the limit (CND-2).
 * Ranked by start, then the fewest minutes the technician already holds that day, then the
 * technician's GUID (CND-3). A considered technician with no slot is left out with why: ASN-2,
 * or ASN-5 when every slot collides (CND-4). A query out of bounds (CND-1), an unknown technician
 * (GEN-3) or a window that holds no slot (CND-2) is refused. The order's and the intervention's
 * states are checked by `planCandidates` and `replanCandidates`, which call this.
 *
 * Cost: through the collision index, each technician's next free slot is found by jumping past
 * the allocations it collides with (each index query O(log n)), so the answer costs
 * O(T × (A + 1) × log A + limit × log T) for T technicians with A allocations on the day, and
 * never more than one index query per technician and grid start (at most 300 starts).
 * @param query - the day, duration, window, step, technicians and limit, and the intervention replanned
 * @param context - the users, the settings and the allocations
 * @returns the candidates and the technicians left out, or the issues
 * @rule CND-2
 * @rule CND-3
 * @rule CND-4
 * @example
 * const tech = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: "tech-1", name: "Eva", roles: ["Technik"], deactivated: false };
 * const users = { byId: new Map([[tech.id, tech]]), byKey: new Map([["tech-1", tech]]) };
 * const answer = candidates({ replanning: null, day: "2026-03-12", duration: 60, from: 8 * 60, to: 10 * 60, step: 30, technicians: null, limit: 2 },
 *   { users, settings: { timeZone: "Europe/Prague", disableCollisions: true }, allocations: emptyCollisionIndex });
 * answer.value.candidates.map((c) => new Date(c.plannedStart).toISOString()) //=> ["2026-03-12T07:00:00.000Z", "2026-03-12T07:30:00.000Z"]
 */
export function candidates(query: CandidatesQuery, context: CandidatesContext): Result<CandidatesAnswer> {
  const issues: Issue[] = candidatesRequestIssues(query);
  if (isNonEmpty(issues)) return fail(issues);
  const { timeZone, disableCollisions } = context.settings;
  const span = assignationSpan(query.day, timeZone);
  const windowStart = query.from === null ? span.first : localTimeInstant(query.day, query.from, timeZone);
  const windowEnd = query.to === null ? span.last + 1 : localTimeInstant(query.day, query.to, timeZone);
  const durationMs = query.duration * 60_000;
  const stepMs = query.step * 60_000;
  // ASN-4: the slot ends at or before the day's last instant; the window: at or before its end.
  const latestEnd = Math.min(windowEnd, span.last);
  const count = latestEnd - durationMs < windowStart ? 0 : Math.floor((latestEnd - durationMs - windowStart) / stepMs) + 1;
  if (count === 0) {
    issues.push(issue("OutOfRange", "duration", "CND-2", `No slot of ${query.duration} minutes fits the window on ${query.day}, whose end at midnight belongs to the next day (CND-2).`));
  }
  const leftOut: LeftOutTechnician[] = [];
  const users = considered(query, context.users, issues, leftOut);
  if (isNonEmpty(issues)) return fail(issues);
  const except = query.replanning ?? undefined;
  const index = context.allocations;
  const dayEnd = span.last + 1;

  // The first grid index at or after `k` where the technician is free (ASN-5), or `count`.
  const nextFree = (userId: Guid, from: number): number => {
    let k = from;
    if (!disableCollisions) return k;
    while (k < count) {
      const start = windowStart + k * stepMs;
      const hits = overlappingAllocations(index, userId, start, start + durationMs, except);
      if (hits.length === 0) return k;
      let reach = start;
      for (const h of hits) if (h.end > reach) reach = h.end;
      // The first start at or after every colliding allocation's end.
      k = Math.max(k + 1, Math.ceil((reach - windowStart) / stepMs));
    }
    return count;
  };

  const heap = new RunnerHeap();
  for (const u of users) {
    const k = nextFree(u.id, 0);
    if (k >= count) {
      leftOut.push({ userId: u.id, issues: [issue("Collision", "", "ASN-5", `Technician ${u.id} collides with another allocation in every slot of the window (ASN-5).`)] });
      continue;
    }
    let allocated = 0;
    for (const a of overlappingAllocations(index, u.id, span.first, dayEnd, except)) allocated += Math.min(a.end, dayEnd) - Math.max(a.start, span.first);
    heap.push({ userId: u.id, allocated, k });
  }
  const out: Candidate[] = [];
  while (out.length < query.limit) {
    const r = heap.pop();
    if (r === undefined) break;
    const plannedStart = windowStart + r.k * stepMs;
    out.push({ userId: r.userId, plannedStart, plannedEnd: plannedStart + durationMs });
    r.k = nextFree(r.userId, r.k + 1);
    if (r.k < count) heap.push(r);
  }
  leftOut.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return ok({ windowStart, windowEnd, candidates: out, leftOut });
}

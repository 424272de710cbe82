import type { Intervention } from "../records/intervention.js";
import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";

/** One technician's time on one intervention, half-open `[start, end)` (ASN-5). */
export interface Allocation {
  /** GUID of the intervention. */
  readonly interventionId: Guid;
  /** First instant allocated. */
  readonly start: Instant;
  /** First instant no longer allocated. */
  readonly end: Instant;
}

/**
 * One technician's allocations sorted by start, with the running maximum of the ends. The
 * maximum is what makes the overlap query logarithmic even when allocations overlap each
 * other (possible while collisions are allowed, ASN-6).
 */
export interface TechnicianAllocations {
  /** Allocations sorted by `start`, then `end`, then intervention GUID. */
  readonly items: readonly Allocation[];
  /** `maxEnd[i]` is the largest `end` among `items[0..i]`; non-decreasing. */
  readonly maxEnd: readonly Instant[];
}

/**
 * Per-technician allocations of the interventions that are not `Cancelled`. Persistent:
 * adding or removing returns a new index and never changes the old one.
 */
export interface CollisionIndex {
  /** Allocations by technician GUID. */
  readonly byUser: ReadonlyMap<Guid, TechnicianAllocations>;
}

/** The index with no allocations. */
export const emptyCollisionIndex: CollisionIndex = { byUser: new Map() };

/** A technician with no allocations. */
const EMPTY: TechnicianAllocations = { items: [], maxEnd: [] };

function build(items: readonly Allocation[]): TechnicianAllocations {
  const maxEnd: Instant[] = new Array<Instant>(items.length);
  let m = -Infinity;
  for (let i = 0; i < items.length; i++) {
    const e = (items[i] as Allocation).end;
    m = Math.max(m, e);
    maxEnd[i] = m;
  }
  return { items, maxEnd };
}

/**
 * A technician's allocations with `fresh` ones added (sorted by {@link byStart}, none removed): each
 * goes after every allocation that sorts at or before it, as a merge of the two sorted lists puts
 * it, and the running maximum is kept up to the first insertion and computed from there. Copies the
 * lists without comparing (a plan appends after the technician's history: O(n) copying, O(k log n)
 * comparisons, O(k) maxima), where a merge compared every allocation (docs/performance.md, "The
 * plan cell grows with its technicians' histories").
 * @param t - the allocations before
 * @param fresh - the allocations to add, sorted
 * @returns the allocations after
 */
function inserted(t: TechnicianAllocations, fresh: readonly Allocation[]): TechnicianAllocations {
  const old = t.items;
  const items: Allocation[] = [];
  // Where the first added allocation goes: before it the items, and so their maxima, are the old ones.
  let first = old.length;
  let from = 0;
  for (let k = 0; k < fresh.length; k++) {
    const x = fresh[k] as Allocation;
    // The first allocation, from `from` on, that sorts after `x`.
    let lo = from;
    let hi = old.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      // Stryker disable next-line EqualityOperator: an allocation equal to `x` by byStart has its start, end and intervention, so either order gives equal lists
      if (byStart(old[mid] as Allocation, x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (k === 0) first = lo;
    for (let i = from; i < lo; i++) items.push(old[i] as Allocation);
    items.push(x);
    from = lo;
  }
  for (let i = from; i < old.length; i++) items.push(old[i] as Allocation);
  const maxEnd: Instant[] = t.maxEnd.slice(0, first);
  let m = first > 0 ? (t.maxEnd[first - 1] as Instant) : -Infinity;
  for (let i = first; i < items.length; i++) {
    m = Math.max(m, (items[i] as Allocation).end);
    maxEnd.push(m);
  }
  return { items, maxEnd };
}

// A total order: equal ranges of different interventions are ordered by GUID, so an index built
// at once, one change at a time or in a batch holds the same sequence, and a collision check
// that stops at the first overlap names the same intervention whatever the history (ASN-5).
function byStart(a: Allocation, b: Allocation): number {
  return a.start - b.start || a.end - b.end || (a.interventionId < b.interventionId ? -1 : a.interventionId > b.interventionId ? 1 : 0);
}

/**
 * Builds the index from interventions, skipping `Cancelled` ones (their allocations are
 * released, INT-10). Applies ASN-5 (what counts).
 * @param interventions - the company's interventions
 * @returns the index
 * @example
 * collisionIndex([planned]).byUser.get(tech)?.items.length //=> 1
 */
export function collisionIndex(interventions: Iterable<Intervention>): CollisionIndex {
  const lists = new Map<Guid, Allocation[]>();
  for (const iv of interventions) {
    if (iv.state === "Cancelled") continue;
    for (const a of iv.assignations) {
      let list = lists.get(a.userId);
      if (list === undefined) lists.set(a.userId, (list = []));
      list.push({ interventionId: iv.id, start: a.plannedStart, end: a.plannedEnd });
    }
  }
  const byUser = new Map<Guid, TechnicianAllocations>();
  for (const [user, list] of lists) byUser.set(user, build(list.sort(byStart)));
  return { byUser };
}

/**
 * Adds an intervention's allocations (nothing when it is `Cancelled`); the old index is not
 * changed. Copies the affected technicians' allocations (O(n)), comparing O(log n) of them.
 * @param index - the index
 * @param intervention - the intervention to add
 * @returns the new index
 * @example
 * addToCollisionIndex(emptyCollisionIndex, planned).byUser.size //=> 1
 * @internal
 */
export function addToCollisionIndex(index: CollisionIndex, intervention: Intervention): CollisionIndex {
  if (intervention.state === "Cancelled" || intervention.assignations.length === 0) return index;
  const byUser = new Map(index.byUser);
  for (const a of intervention.assignations) {
    const alloc: Allocation = { interventionId: intervention.id, start: a.plannedStart, end: a.plannedEnd };
    byUser.set(a.userId, inserted(byUser.get(a.userId) ?? EMPTY, [alloc]));
  }
  return { byUser };
}

/**
 * Removes every allocation of an intervention (as it releases them on cancel, INT-10, or
 * before re-adding it after a replan); the old index is not changed.
 * @param index - the index
 * @param intervention - the intervention as the index knows it (its assignations name the technicians)
 * @returns the new index
 * @example
 * removeFromCollisionIndex(addToCollisionIndex(emptyCollisionIndex, planned), planned).byUser.get(tech) //=> undefined
 * @internal
 */
export function removeFromCollisionIndex(index: CollisionIndex, intervention: Intervention): CollisionIndex {
  const users = new Set(intervention.assignations.map((a) => a.userId));
  let byUser: Map<Guid, TechnicianAllocations> | undefined;
  for (const user of users) {
    const old = index.byUser.get(user);
    if (old === undefined) continue;
    const kept = old.items.filter((x) => x.interventionId !== intervention.id);
    if (kept.length === old.items.length) continue;
    byUser ??= new Map(index.byUser);
    if (kept.length === 0) byUser.delete(user);
    else byUser.set(user, build(kept));
  }
  return byUser === undefined ? index : { byUser };
}

/**
 * Replaces an intervention's allocations after a decision: removes what `before` held and
 * adds what `after` holds (nothing once `Cancelled`). Applies INT-10 (release on cancel).
 * @param index - the index
 * @param before - the intervention before the decision, or `undefined` for a new one
 * @param after - the intervention after it
 * @returns the new index
 * @example
 * updateCollisionIndex(index, planned, { ...planned, state: "Cancelled" }).byUser.get(tech) //=> undefined
 */
export function updateCollisionIndex(index: CollisionIndex, before: Intervention | undefined, after: Intervention): CollisionIndex {
  return addToCollisionIndex(before === undefined ? index : removeFromCollisionIndex(index, before), after);
}

/** One intervention's change for {@link updateCollisionIndexBatch}: as the index knows it, and as it stands after. */
export interface CollisionUpdate {
  /** The intervention before the decision, or `undefined` for a new one. */
  readonly before: Intervention | undefined;
  /** The intervention after it. */
  readonly after: Intervention;
}

/**
 * {@link updateCollisionIndex} for many interventions at once, as one commit puts them: every
 * touched technician's list is rebuilt once (the allocations it keeps, with the new ones placed
 * among them by binary search and the rest copied, not compared), so cancelling an order of n
 * interventions costs O(n log n + the touched technicians' allocations), not n copies of them,
 * and a plan compares O(log n) allocations. The map of technicians is copied once. The old index is not changed. Applies INT-10 (release on cancel)
 * and ASN-5 (what counts).
 * @param index - the index
 * @param updates - one entry per intervention GUID (a GUID given twice counts by its last entry, its first `before`)
 * @returns the new index
 * @example
 * updateCollisionIndexBatch(index, [{ before: planned, after: { ...planned, state: "Cancelled" } }]).byUser.get(tech) //=> undefined
 */
export function updateCollisionIndexBatch(index: CollisionIndex, updates: readonly CollisionUpdate[]): CollisionIndex {
  // Per intervention GUID: the allocations it had (first `before`) and what it holds now (last `after`).
  const touched = new Map<Guid, CollisionUpdate>();
  for (const u of updates) {
    const seen = touched.get(u.after.id);
    touched.set(u.after.id, seen === undefined ? u : { before: seen.before, after: u.after });
  }
  const removed = new Map<Guid, Set<Guid>>();
  const added = new Map<Guid, Allocation[]>();
  for (const { before, after } of touched.values()) {
    if (before !== undefined) {
      for (const a of before.assignations) {
        let ids = removed.get(a.userId);
        if (ids === undefined) removed.set(a.userId, (ids = new Set()));
        ids.add(before.id);
      }
    }
    if (after.state === "Cancelled") continue;
    for (const a of after.assignations) {
      let list = added.get(a.userId);
      if (list === undefined) added.set(a.userId, (list = []));
      list.push({ interventionId: after.id, start: a.plannedStart, end: a.plannedEnd });
    }
  }
  if (removed.size === 0 && added.size === 0) return index;
  const byUser = new Map(index.byUser);
  const users = new Set<Guid>(removed.keys());
  for (const u of added.keys()) users.add(u);
  for (const user of users) {
    const gone = removed.get(user);
    const before = index.byUser.get(user) ?? EMPTY;
    // What it keeps (all of it when nothing is removed), then what it gains placed among them.
    const kept = gone === undefined ? before : build(before.items.filter((x) => !gone.has(x.interventionId)));
    const after = inserted(kept, (added.get(user) ?? []).sort(byStart));
    if (after.items.length === 0) byUser.delete(user);
    else byUser.set(user, after);
  }
  return { byUser };
}

/**
 * The allocations of a technician that overlap `[start, end)`, other than those of
 * `exceptInterventionId` (replan ignores its own, ASN-5). Half-open: touching is not
 * overlapping. Finds the first overlap in O(log n) with two binary searches (starts before
 * `end`; the first running maximum end after `start`), then scans only the candidates.
 * Applies ASN-5.
 * @param index - the index
 * @param userId - GUID of the technician
 * @param start - first instant of the new slot
 * @param end - first instant after it
 * @param exceptInterventionId - an intervention whose allocations do not count
 * @param limit - stop after this many (default: all)
 * @returns the overlapping allocations, sorted by start
 * @example
 * overlappingAllocations(index, tech, t("09:00"), t("10:00")) //=> [{ interventionId, start: t("08:00"), end: t("09:30") }]
 * overlappingAllocations(index, tech, t("09:30"), t("10:00")) //=> []
 */
export function overlappingAllocations(
  index: CollisionIndex,
  userId: Guid,
  start: Instant,
  end: Instant,
  exceptInterventionId?: Guid,
  limit: number = Infinity,
): readonly Allocation[] {
  const t = index.byUser.get(userId);
  if (t === undefined || !(start < end)) return [];
  const { items, maxEnd } = t;
  // k = number of allocations starting before `end`.
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] as Allocation).start < end) lo = mid + 1;
    else hi = mid;
  }
  const k = lo;
  // j = first index whose running max end exceeds `start`: items[j] itself ends after `start`.
  lo = 0;
  hi = k;
  // Stryker disable next-line ConditionalExpression: skipping this search starts the scan at 0, which finds the same overlaps, only slower
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    // Bound to a name, not `(x as Instant) > start`: Stryker prints that without its parentheses.
    const reach = maxEnd[mid] as Instant;
    if (reach > start) hi = mid;
    else lo = mid + 1;
  }
  const out: Allocation[] = [];
  for (let i = lo; i < k && out.length < limit; i++) {
    const a = items[i] as Allocation;
    if (a.end > start && a.interventionId !== exceptInterventionId) out.push(a);
  }
  return out;
}

/**
 * Builds the index from allocation rows alone, without the intervention records: what a
 * device's replica holds (the slots of its scope's days, `SyncAllocation`). The rows of
 * cancelled interventions must already be left out, as the sync answer leaves them out.
 * Applies ASN-5 (the same order as {@link collisionIndex}, so a collision names the same
 * intervention).
 * @param rows - one row per technician and intervention
 * @returns the index
 * @example
 * collisionIndexOfRows([{ interventionId: "0d4f0b9e-5c3a-4d52-9a43-4b3b2f3a1c01", userId: "0d4f0b9e-5c3a-4d52-9a43-4b3b2f3a1c02", start: 0, end: 10 }]).byUser.size //=> 1
 */
export function collisionIndexOfRows(rows: Iterable<{ readonly interventionId: Guid; readonly userId: Guid; readonly start: Instant; readonly end: Instant }>): CollisionIndex {
  const lists = new Map<Guid, Allocation[]>();
  for (const r of rows) {
    let list = lists.get(r.userId);
    if (list === undefined) lists.set(r.userId, (list = []));
    list.push({ interventionId: r.interventionId, start: r.start, end: r.end });
  }
  const byUser = new Map<Guid, TechnicianAllocations>();
  for (const [user, list] of lists) byUser.set(user, build(list.sort(byStart)));
  return { byUser };
}

// The candidates decision (issue 36): sound and complete against the plan and replan decisions
// by brute force over the step grid, ranked, deterministic, exact on daylight-saving days.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidates, candidatesRequestIssues, type Candidate, type CandidatesQuery, type CandidatesRequest } from "../../src/assignation/candidates.js";
import { replanCandidates } from "../../src/intervention/candidates.js";
import { planCandidates } from "../../src/order/candidates.js";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { validateAssignations } from "../../src/assignation/validate.js";
import { replanIntervention } from "../../src/intervention/replan.js";
import { planIntervention } from "../../src/order/plan-intervention.js";
import type { Intervention } from "../../src/records/intervention.js";
import type { Guid } from "../../src/shared/guid.js";
import { defaultSettings, type CompanySettings } from "../../src/shared/settings.js";
import { dayRange, localTimeInstant, type IsoDate } from "../../src/shared/time.js";
import {
  categoryIndex, customer, customStateIndex, DISPATCHER, g, makeIntervention, makeOrder, NOW, planCommand, planContext, RETIRED, TECH1, TECH2, TECH3, userIndex, users,
  replanCommand,
} from "../../src/testing/arbitraries/records/intervention.js";

const ZONE = "Europe/Prague";
const NORMAL = "2026-03-10" as IsoDate;
const SHORT = "2026-03-29" as IsoDate; // 23 hours
const LONG = "2026-10-25" as IsoDate; // 25 hours
const OWN = g(80);
const TECHS = [TECH1, TECH2, TECH3, RETIRED, DISPATCHER];

function settings(disableCollisions: boolean): CompanySettings {
  return { ...defaultSettings, timeZone: ZONE, disableCollisions };
}

interface World {
  readonly day: IsoDate;
  readonly disableCollisions: boolean;
  readonly interventions: readonly Intervention[];
  readonly replan: boolean;
  readonly query: Omit<CandidatesRequest, "day">;
}

const MIN = 60_000;

/** Interventions around a day: slots from two hours before it to two hours after, some cancelled, one the replanned intervention's own. */
const worldArb = (day: IsoDate): fc.Arbitrary<World> => {
  const start = dayRange(day, ZONE).start;
  const slotArb = fc.record({ user: fc.constantFrom(...TECHS), at: fc.integer({ min: -24, max: 312 }), len: fc.integer({ min: 1, max: 60 }) });
  const ivArb = fc.record({ cancelled: fc.integer({ min: 0, max: 5 }).map((n) => n === 0), slots: fc.array(slotArb, { minLength: 1, maxLength: 3 }) });
  return fc.record({
    disableCollisions: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
    ivs: fc.array(ivArb, { maxLength: 14 }),
    replan: fc.boolean(),
    duration: fc.integer({ min: 1, max: 48 }).map((n) => n * 5),
    step: fc.constantFrom(5, 10, 15, 30, 60, 90),
    window: fc.option(fc.tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1440 })).filter(([a, b]) => a < b), { nil: null }),
    fromOnly: fc.option(fc.integer({ min: 0, max: 1439 }), { nil: null }),
    technicians: fc.option(fc.subarray(["tech-1", TECH2, "tech-3", "old", "disp", TECH1], { minLength: 1 }), { nil: null }),
    limit: fc.integer({ min: 1, max: 60 }),
  }).map((w) => ({
    day,
    disableCollisions: w.disableCollisions,
    replan: w.replan,
    interventions: w.ivs.map((iv, i) => makeIntervention(iv.cancelled && i > 0 ? "Cancelled" : "Planned", {
      // The first intervention is the replanned one's own, when replanning.
      id: i === 0 ? OWN : g(0x500 + i),
      day,
      assignations: [...new Map(iv.slots.map((s) => [s.user, s])).values()].map((s) => ({
        userId: s.user, plannedStart: start + s.at * 5 * MIN, plannedEnd: start + (s.at + s.len) * 5 * MIN,
      })),
    })),
    query: {
      duration: w.duration,
      step: w.step,
      from: w.window?.[0] ?? w.fromOnly,
      to: w.window?.[1] ?? null,
      technicians: w.technicians,
      limit: w.limit,
    },
  }));
};

const anyWorldArb = fc.constantFrom(NORMAL, SHORT, LONG).chain(worldArb);

function ownOf(w: World): Intervention {
  return w.interventions.find((iv) => iv.id === OWN) ?? makeIntervention("Planned", { id: OWN, day: w.day, assignations: [] });
}

/** The answer for a world: a plan's candidates, or the replan's of the intervention OWN, through the state-checking wrappers. */
function answerOf(w: World, ctx = contextOf(w)) {
  const query = { ...w.query, day: w.day };
  return w.replan ? replanCandidates(query, ownOf(w), makeOrder(), ctx) : planCandidates(query, makeOrder(), ctx);
}

function contextOf(w: World, order: readonly Intervention[] = w.interventions) {
  return { users: userIndex, settings: settings(w.disableCollisions), allocations: collisionIndex(order) };
}

/** Whether the plan (or replan) decision accepts this one slot, the technician as main technician. */
function accepted(w: World, userId: Guid, start: number, end: number): boolean {
  const assignations = [{ userId, plannedStart: start, plannedEnd: end }];
  const allocations = collisionIndex(w.interventions);
  if (!w.replan) {
    return planIntervention(planCommand({ primaryAssigneeId: userId, day: w.day, assignations }), planContext({ settings: settings(w.disableCollisions), allocations })).ok;
  }
  return replanIntervention(replanCommand({ primaryAssigneeId: userId, day: w.day as never, assignations }), {
    intervention: ownOf(w), order: makeOrder(), customer, users: userIndex, categories: categoryIndex, customStates: customStateIndex,
    settings: settings(w.disableCollisions), allocations, now: NOW, takenExternalIds: new Set(),
  }).ok;
}

/** The brute force: every technician, every start of the grid, judged by the decision itself; ranked. */
function bruteForce(w: World): { list: Candidate[]; considered: Set<Guid>; gridEmpty: boolean } {
  const q = w.query;
  const range = dayRange(w.day, ZONE);
  const ws = q.from === null ? range.start : localTimeInstant(w.day, q.from, ZONE);
  const we = q.to === null ? range.end : localTimeInstant(w.day, q.to, ZONE);
  const considered = new Set<Guid>();
  if (q.technicians === null) {
    for (const u of users) if (u.roles.includes("Technik") && !u.deactivated) considered.add(u.id);
  } else {
    for (const ref of q.technicians) {
      const u = userIndex.byId.get(ref as Guid) ?? userIndex.byKey.get(ref);
      if (u !== undefined && u.roles.includes("Technik") && !u.deactivated) considered.add(u.id);
    }
  }
  const minutes = (u: Guid): number => {
    let total = 0;
    for (const iv of w.interventions) {
      if (iv.state === "Cancelled" || (w.replan && iv.id === OWN)) continue;
      for (const a of iv.assignations) {
        if (a.userId !== u) continue;
        const overlap = Math.min(a.plannedEnd, range.end) - Math.max(a.plannedStart, range.start);
        if (overlap > 0) total += overlap;
      }
    }
    return total;
  };
  const found: (Candidate & { held: number })[] = [];
  let gridEmpty = true;
  for (let start = ws; start < we; start += q.step * MIN) {
    const end = start + q.duration * MIN;
    if (end > we) break;
    // ASN-4 alone, for a technician who may be assigned: is the slot on the day?
    const onDay = validateAssignations({ primaryAssigneeId: TECH1, day: w.day, assignations: [{ userId: TECH1, plannedStart: start, plannedEnd: end }] }, { users: userIndex, timeZone: ZONE }).ok;
    if (onDay) gridEmpty = false;
    for (const u of considered) if (accepted(w, u, start, end)) found.push({ userId: u, plannedStart: start, plannedEnd: end, held: minutes(u) });
  }
  found.sort((a, b) => a.plannedStart - b.plannedStart || a.held - b.held || (a.userId < b.userId ? -1 : 1));
  return { list: found.map(({ userId, plannedStart, plannedEnd }) => ({ userId, plannedStart, plannedEnd })), considered, gridEmpty };
}

describe("candidates (issue 36)", () => {
  it("CND-2 CND-3 CND-4 ASN-5: complete and sound: exactly the grid slots the plan or replan decision accepts, ranked, up to the limit; the rest left out with why", () => {
    fc.assert(
      fc.property(anyWorldArb, (w) => {
        const answer = answerOf(w);
        const brute = bruteForce(w);
        if (brute.gridEmpty) {
          expect(answer.ok).toBe(false);
          if (!answer.ok) expect(answer.issues.map((i) => `${i.code}@${i.path} ${i.rule}`)).toEqual(["OutOfRange@duration CND-2"]);
          return;
        }
        expect(answer.ok).toBe(true);
        if (!answer.ok) return;
        expect(answer.value.candidates).toEqual(brute.list.slice(0, w.query.limit));
        // Left out: each considered technician with no accepted slot (ASN-5), each named one who may not be assigned (ASN-2).
        const withSlot = new Set(brute.list.map((c) => c.userId));
        const expected = new Map<Guid, string>();
        for (const u of brute.considered) if (!withSlot.has(u)) expected.set(u, "Collision ASN-5");
        for (const ref of w.query.technicians ?? []) {
          const u = userIndex.byId.get(ref as Guid) ?? userIndex.byKey.get(ref);
          if (u !== undefined && !brute.considered.has(u.id)) expected.set(u.id, u.deactivated ? "Deactivated ASN-2" : "NotTechnician ASN-2");
        }
        const got = new Map(answer.value.leftOut.map((l) => [l.userId, `${l.issues[0].code} ${l.issues[0].rule}`]));
        expect(got).toEqual(expected);
        expect(answer.value.leftOut.map((l) => l.userId)).toEqual([...expected.keys()].sort());
      }),
      { numRuns: 150 },
    );
  });

  it("CND-2 ASN-2 ASN-4 ASN-5: every candidate planned alone is accepted by the plan or replan decision (sound)", () => {
    fc.assert(
      fc.property(anyWorldArb, (w) => {
        const answer = answerOf(w);
        if (!answer.ok) return;
        for (const c of answer.value.candidates) expect(accepted(w, c.userId, c.plannedStart, c.plannedEnd)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("CND-3: deterministic: the same query on the same state, whatever the order the allocations were indexed in, answers the same", () => {
    fc.assert(
      fc.property(anyWorldArb, fc.integer(), (w, seed) => {
        const shuffled = [...w.interventions].sort((a, b) => ((a.id.charCodeAt(35) * 31 + seed) % 7) - ((b.id.charCodeAt(35) * 31 + seed) % 7));
        expect(answerOf(w, contextOf(w, shuffled))).toEqual(answerOf(w));
      }),
      { numRuns: 100 },
    );
  });

  const empty = (day: IsoDate, over: Partial<CandidatesQuery> = {}): CandidatesQuery => ({
    replanning: null, day, duration: 60, from: null, to: null, step: 60, technicians: [TECH2], limit: 200, ...over,
  });
  const free = { users: userIndex, settings: settings(true), allocations: collisionIndex([]) };

  it("CND-2 ASN-4 GEN-10: daylight-saving days are exact: 22 hourly slots on the 23-hour day, 24 on the 25-hour one, 23 on a plain day; none ends at midnight", () => {
    for (const [day, n] of [[SHORT, 22], [LONG, 24], [NORMAL, 23]] as const) {
      const answer = candidates(empty(day), free);
      if (!answer.ok) throw new Error("refused");
      const range = dayRange(day, ZONE);
      expect(answer.value.candidates).toHaveLength(n);
      expect(answer.value.candidates[0]?.plannedStart).toBe(range.start);
      for (const c of answer.value.candidates) expect(c.plannedEnd).toBeLessThan(range.end);
    }
  });

  it("CND-2 GEN-10: a window in local time: 02:00-04:00 on the 23-hour day is one hour long (02:00 does not exist there)", () => {
    const answer = candidates(empty(SHORT, { from: 120, to: 240, step: 15 }), free);
    if (!answer.ok) throw new Error("refused");
    expect(answer.value.windowEnd - answer.value.windowStart).toBe(60 * MIN);
    expect(answer.value.candidates.map((c) => new Date(c.plannedStart).toISOString())).toEqual(["2026-03-29T01:00:00.000Z"]);
  });

  it("CND-2 ASN-5: a replan does not collide with its own allocations; a plan does", () => {
    const own = makeIntervention("Planned", { id: OWN, day: NORMAL, assignations: [{ userId: TECH2, plannedStart: Date.parse("2026-03-10T08:00:00Z"), plannedEnd: Date.parse("2026-03-10T09:00:00Z") }] });
    const ctx = { ...free, allocations: collisionIndex([own]) };
    const q = empty(NORMAL, { from: 9 * 60, to: 10 * 60 });
    const plan = candidates(q, ctx);
    const replan = candidates({ ...q, replanning: own.id }, ctx);
    if (!plan.ok || !replan.ok) throw new Error("refused");
    expect(plan.value.candidates).toEqual([]);
    expect(plan.value.leftOut).toEqual([{ userId: TECH2, issues: [expect.objectContaining({ code: "Collision", rule: "ASN-5" })] }]);
    expect(replan.value.candidates).toEqual([{ userId: TECH2, plannedStart: Date.parse("2026-03-10T08:00:00Z"), plannedEnd: Date.parse("2026-03-10T09:00:00Z") }]);
  });

  it("CND-3: at one start, the technician holding fewer minutes that day ranks first, then the GUID", () => {
    const busy = makeIntervention("Planned", { id: g(0x600), day: NORMAL, assignations: [{ userId: TECH1, plannedStart: Date.parse("2026-03-10T15:00:00Z"), plannedEnd: Date.parse("2026-03-10T16:00:00Z") }] });
    const answer = candidates(empty(NORMAL, { technicians: null, limit: 3 }), { ...free, allocations: collisionIndex([busy]) });
    if (!answer.ok) throw new Error("refused");
    expect(answer.value.candidates.map((c) => c.userId)).toEqual([TECH2, TECH3, TECH1]);
  });

  it("CND-4 GEN-3 ASN-2: an unknown technician is refused; a named dispatcher or deactivated user is left out with ASN-2", () => {
    const unknown = candidates(empty(NORMAL, { technicians: ["nobody"] }), free);
    expect(unknown.ok ? [] : unknown.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["UnknownReference@technicians"]);
    const named = candidates(empty(NORMAL, { technicians: ["disp", "old", "tech-2"] }), free);
    if (!named.ok) throw new Error("refused");
    expect(named.value.leftOut.map((l) => [l.userId, l.issues.map((i) => `${i.code} ${i.rule}`)])).toEqual(
      [[DISPATCHER, ["NotTechnician ASN-2"]], [RETIRED, ["Deactivated ASN-2"]]].sort(),
    );
  });

  it("CND-1: a query out of bounds is refused at each parameter's name, by the decision as by the parser", () => {
    const bad = candidates(empty(NORMAL, { duration: 0, step: 1, limit: 201, from: 600, to: 600 }), free);
    expect(bad.ok ? [] : bad.issues.map((i) => i.path)).toEqual(["duration", "to", "step", "limit"]);
    expect(candidatesRequestIssues({ day: NORMAL, duration: 1440, from: 0, to: 1440, step: 1440, technicians: Array(101).fill("x"), limit: 1 }).map((i) => i.path)).toEqual(["technicians"]);
  });

  it("CND-2: with collisions allowed (ASN-6), every slot of the grid is a candidate for every technician", () => {
    const busy = makeIntervention("Planned", { id: g(0x600), day: NORMAL, assignations: [{ userId: TECH2, plannedStart: dayRange(NORMAL, ZONE).start, plannedEnd: dayRange(NORMAL, ZONE).end - 1 }] });
    const answer = candidates(empty(NORMAL), { ...free, settings: settings(false), allocations: collisionIndex([busy]) });
    expect(answer.ok && answer.value.candidates.length).toBe(23);
  });
});

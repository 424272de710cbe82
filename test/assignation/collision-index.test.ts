import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addToCollisionIndex, collisionIndex, emptyCollisionIndex, overlappingAllocations, removeFromCollisionIndex, updateCollisionIndex,
  updateCollisionIndexBatch, type CollisionUpdate,
} from "../../src/assignation/collision-index.js";
import { g, makeIntervention, TECH1, TECH2, TECH3, deepFreeze } from "../../src/testing/arbitraries/records/intervention.js";
import type { Intervention } from "../../src/records/intervention.js";
import { naiveOverlaps, nestingRangeArb, rangeArb, techInterventionsArb, tieRangeArb } from "../../src/testing/arbitraries/records/assignation.js";

const sortKey = (a: { start: number; end: number; interventionId: string }) => `${String(a.start).padStart(6, "0")}-${String(a.end).padStart(6, "0")}-${a.interventionId}`;
const sorted = <T extends { start: number; end: number; interventionId: string }>(xs: readonly T[]) => [...xs].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));

describe("collision index", () => {
  it("ASN-5: the index agrees with a naive linear scan (differential)", () => {
    fc.assert(
      fc.property(techInterventionsArb, fc.oneof(rangeArb, nestingRangeArb), fc.option(fc.nat(40)), (ivs, q, exceptIdx) => {
        const except = exceptIdx === null ? undefined : g(0x2000 + exceptIdx);
        const got = overlappingAllocations(collisionIndex(ivs), TECH1, q.start, q.end, except);
        expect(sorted(got)).toEqual(sorted(naiveOverlaps(ivs, q.start, q.end, except)));
      }),
    );
  });

  it("ASN-5: built incrementally with add/remove it agrees with a fresh build", () => {
    fc.assert(
      fc.property(techInterventionsArb, fc.array(fc.nat(39)), (ivs, removals) => {
        let index = emptyCollisionIndex;
        for (const iv of ivs) index = addToCollisionIndex(index, iv);
        const removed = new Set(removals.filter((i) => i < ivs.length).map((i) => g(0x2000 + i)));
        for (const iv of ivs) if (removed.has(iv.id)) index = removeFromCollisionIndex(index, iv);
        const fresh = collisionIndex(ivs.filter((iv) => !removed.has(iv.id)));
        // The running maxima too: an added allocation keeps the old ones up to where it goes.
        expect(index.byUser.get(TECH1)).toEqual(fresh.byUser.get(TECH1));
      }),
    );
  });

  it("INT-10, ASN-5: a batch update equals the same updates applied one by one, and a fresh build of the result", () => {
    const techs = [TECH1, TECH2, TECH3];
    const ivArb = (id: number) =>
      fc.record({
        cancelled: fc.boolean(),
        // Tie-prone ranges too: batch and one-by-one must order equal ranges alike.
        slots: fc.array(fc.tuple(fc.constantFrom(...techs), fc.oneof(rangeArb, tieRangeArb)), { maxLength: 3 }),
      }).map(({ cancelled, slots }): Intervention =>
        makeIntervention(cancelled ? "Cancelled" : "Planned", { id: g(0x3000 + id), assignations: slots.map(([userId, r]) => ({ userId, plannedStart: r.start, plannedEnd: r.end })) }),
      );
    const stateArb = fc.array(fc.nat(11), { maxLength: 12 }).chain((keys) => fc.tuple(...[...new Set(keys)].map(ivArb)));
    fc.assert(
      // Two change lists in a row: a GUID may be updated twice in one batch.
      fc.property(stateArb, stateArb, stateArb, (initial, first, second) => {
        const changed = [...first, ...second];
        const records = new Map(initial.map((iv) => [iv.id, iv]));
        const index = deepFreeze(collisionIndex(initial));
        let oneByOne = index;
        const updates: CollisionUpdate[] = [];
        for (const after of changed) {
          const before = records.get(after.id);
          updates.push({ before, after });
          oneByOne = updateCollisionIndex(oneByOne, before, after);
          records.set(after.id, after);
        }
        const batch = updateCollisionIndexBatch(index, updates);
        expect(batch).toEqual(oneByOne);
        const fresh = collisionIndex(records.values());
        // Ties are ordered by GUID, so the sequences are equal, not only the sets.
        for (const t of techs) expect(batch.byUser.get(t)).toEqual(fresh.byUser.get(t));
        expect([...batch.byUser.keys()].sort()).toEqual([...fresh.byUser.keys()].sort());
      }),
    );
  });

  it("ASN-5: an allocation holding a shorter, later one still collides after the inner one ends (nested)", () => {
    fc.assert(
      fc.property(
        fc.record({ start: fc.integer({ min: 0, max: 100 }), lead: fc.nat(20), inner: fc.integer({ min: 1, max: 20 }), gap: fc.nat(20), tail: fc.integer({ min: 1, max: 20 }) }),
        fc.array(nestingRangeArb, { maxLength: 6 }),
        ({ start, lead, inner, gap, tail }, others) => {
          // outer [start, end) contains inner [innerStart, innerEnd); the query [q, q+1) lies after innerEnd inside outer.
          const innerStart = start + lead;
          const innerEnd = innerStart + inner;
          const q = innerEnd + gap;
          const end = q + tail;
          const outer = makeIntervention("Planned", { id: g(0x4000), assignations: [{ userId: TECH1, plannedStart: start, plannedEnd: end }] });
          const nested = makeIntervention("Planned", { id: g(0x4001), assignations: [{ userId: TECH1, plannedStart: innerStart, plannedEnd: innerEnd }] });
          const rest = others.map((r, i) => makeIntervention("Planned", { id: g(0x4100 + i), assignations: [{ userId: TECH1, plannedStart: r.start, plannedEnd: r.end }] }));
          const all = [outer, nested, ...rest];
          const expected = sorted(naiveOverlaps(all, q, q + 1));
          expect(expected.map((a) => a.interventionId)).toContain(outer.id);
          expect(sorted(overlappingAllocations(collisionIndex(all), TECH1, q, q + 1))).toEqual(expected);
          let incremental = emptyCollisionIndex;
          for (const iv of all) incremental = addToCollisionIndex(incremental, iv);
          expect(sorted(overlappingAllocations(incremental, TECH1, q, q + 1))).toEqual(expected);
          expect(sorted(overlappingAllocations(updateCollisionIndexBatch(emptyCollisionIndex, all.map((after) => ({ before: undefined, after }))), TECH1, q, q + 1))).toEqual(expected);
        },
      ),
    );
  });

  it("ASN-5: a limit returns the first overlaps in index order, no more; an empty or inverted slot overlaps nothing", () => {
    fc.assert(
      fc.property(techInterventionsArb, fc.oneof(rangeArb, nestingRangeArb), fc.nat(4), fc.nat(40), (ivs, q, limit, shift) => {
        const index = collisionIndex(ivs);
        const all = overlappingAllocations(index, TECH1, q.start, q.end);
        expect(overlappingAllocations(index, TECH1, q.start, q.end, undefined, limit)).toEqual(all.slice(0, limit));
        expect(overlappingAllocations(index, TECH1, q.start + shift, q.start)).toEqual([]);
        expect(overlappingAllocations(index, TECH1, q.end, q.end)).toEqual([]);
      }),
    );
  });

  it("ASN-5: a change that touches nothing returns the same index, not a copy", () => {
    fc.assert(
      fc.property(techInterventionsArb, (ivs) => {
        const index = collisionIndex(ivs);
        const stranger = makeIntervention("Planned", { id: g(0x5000), assignations: [{ userId: TECH1, plannedStart: 0, plannedEnd: 10 }] });
        expect(removeFromCollisionIndex(index, stranger)).toBe(index);
        expect(addToCollisionIndex(index, { ...stranger, assignations: [] })).toBe(index);
        expect(addToCollisionIndex(index, { ...stranger, state: "Cancelled" })).toBe(index);
        expect(updateCollisionIndexBatch(index, [])).toBe(index);
        expect(updateCollisionIndexBatch(index, [{ before: undefined, after: { ...stranger, assignations: [] } }])).toBe(index);
      }),
    );
  });

  it("ASN-5: touching intervals never collide", () => {
    fc.assert(
      fc.property(rangeArb, fc.integer({ min: 1, max: 50 }), (r, len) => {
        const index = collisionIndex([makeIntervention("Planned", { assignations: [{ userId: TECH1, plannedStart: r.start, plannedEnd: r.end }] })]);
        expect(overlappingAllocations(index, TECH1, r.end, r.end + len)).toEqual([]);
        expect(overlappingAllocations(index, TECH1, r.start - len, r.start)).toEqual([]);
      }),
    );
  });

  it("ASN-5: covering intervals always collide", () => {
    fc.assert(
      fc.property(rangeArb, fc.nat(30), fc.nat(30), (r, before, after) => {
        const iv = makeIntervention("Planned", { assignations: [{ userId: TECH1, plannedStart: r.start, plannedEnd: r.end }] });
        const index = collisionIndex([iv]);
        expect(overlappingAllocations(index, TECH1, r.start - before, r.end + after).map((a) => a.interventionId)).toEqual([iv.id]);
      }),
    );
  });

  it("INT-10, ASN-5: cancelled interventions hold no allocations; updating to Cancelled releases them", () => {
    const iv = makeIntervention("Planned", { assignations: [{ userId: TECH1, plannedStart: 0, plannedEnd: 10 }, { userId: TECH2, plannedStart: 0, plannedEnd: 10 }] });
    const index = collisionIndex([iv]);
    expect(collisionIndex([{ ...iv, state: "Cancelled" }]).byUser.size).toBe(0);
    const released = updateCollisionIndex(index, iv, { ...iv, state: "Cancelled" });
    expect(overlappingAllocations(released, TECH1, 0, 10)).toEqual([]);
    expect(overlappingAllocations(index, TECH1, 0, 10)).toHaveLength(1);
  });

  it("add and remove return a new index and never mutate the old one", () => {
    fc.assert(
      fc.property(techInterventionsArb, rangeArb, (ivs, r) => {
        const index = deepFreeze(collisionIndex(ivs));
        const snapshot = JSON.stringify([...index.byUser]);
        const extra = makeIntervention("Planned", { id: g(0x3000), assignations: [{ userId: TECH1, plannedStart: r.start, plannedEnd: r.end }] });
        const added = addToCollisionIndex(index, extra);
        const removed = removeFromCollisionIndex(added, extra);
        expect(JSON.stringify([...index.byUser])).toBe(snapshot);
        expect(overlappingAllocations(added, TECH1, r.start, r.end).some((a) => a.interventionId === extra.id)).toBe(true);
        expect(overlappingAllocations(removed, TECH1, r.start, r.end).some((a) => a.interventionId === extra.id)).toBe(false);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { denseRanks, insertSorted, inverseOrder, lowerBound, mergeSorted, ordersByRank, removeSorted } from "../../src/store-listing/ranking.js";

const runs = { numRuns: 300 };
const byValue = (a: number, b: number): number => a - b;
// Small values, so duplicates are common.
const valuesArb = fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 40 });
const distinctSortedArb = (max: number): fc.Arbitrary<number[]> => fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: max }).map((xs) => xs.sort(byValue));

describe("denseRanks", () => {
  it("STO-5: a value's rank is the number of distinct smaller values (equal values share a rank)", () => {
    fc.assert(
      fc.property(valuesArb, (values) => {
        const r = denseRanks(values, String, (d) => (a, b) => (d[a] as number) - (d[b] as number));
        const distinct = [...new Set(values)].sort(byValue);
        expect(Array.from(r.ranks)).toEqual(values.map((v) => distinct.indexOf(v)));
        expect(r.count).toBe(distinct.length);
      }),
      runs,
    );
  });

  it("STO-5: values with different keys that the comparison calls equal share a rank", () => {
    const r = denseRanks(["a", "A", "b"], (t) => t, (d) => (a, b) => (d[a] as string).toLowerCase().localeCompare((d[b] as string).toLowerCase()));
    expect([Array.from(r.ranks), r.count]).toEqual([[0, 0, 1], 2]);
  });
});

describe("ordersByRank", () => {
  it("STO-5: ascend and descend are stable sorts of the tie order by rank, ties kept in tie order both ways, at any base", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 30 }), fc.nat(100), fc.infiniteStream(fc.nat()), (ranks, base, shuffle) => {
        const positions = ranks.map((_, i) => base + i);
        const tie = Int32Array.from(positions.map((p) => [p, shuffle.next().value as number] as const).sort((a, b) => a[1] - b[1]).map(([p]) => p));
        const count = ranks.reduce((m, r) => Math.max(m, r + 1), 0);
        const o = ordersByRank(tie, Int32Array.from(ranks), count, base);
        const rank = (p: number): number => ranks[p - base] as number;
        expect(Array.from(o.ascend)).toEqual([...tie].sort((a, b) => rank(a) - rank(b)));
        expect(Array.from(o.descend)).toEqual([...tie].sort((a, b) => rank(b) - rank(a)));
      }),
      runs,
    );
  });
});

describe("kept order operations", () => {
  it("inverseOrder maps each position to its index", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), (keys) => {
        const order = Int32Array.from(keys.map((_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b));
        const inv = inverseOrder(order);
        for (let i = 0; i < order.length; i++) expect(inv[order[i] as number]).toBe(i);
      }),
      runs,
    );
  });

  it("lowerBound finds the first entry not below the value, within the range", () => {
    fc.assert(
      fc.property(distinctSortedArb(30), fc.integer({ min: -1, max: 10_001 }), (sorted, x) => {
        const arr = Int32Array.from(sorted);
        expect(lowerBound(arr, 0, arr.length, x, byValue)).toBe(sorted.filter((v) => v < x).length);
      }),
      runs,
    );
  });

  it("removeSorted then insertSorted of another value keeps the order sorted, in place", () => {
    fc.assert(
      fc.property(distinctSortedArb(30).filter((xs) => xs.length > 0), fc.nat(), fc.integer({ min: 10_001, max: 20_000 }), (sorted, k, fresh) => {
        const arr = Int32Array.from(sorted);
        const gone = sorted[k % sorted.length] as number;
        expect(removeSorted(arr, arr.length, gone, byValue)).toBe(k % sorted.length);
        // A value not in the order (it may sort anywhere, including last).
        const value = fresh % 2 === 0 ? fresh : gone;
        const at = insertSorted(arr, arr.length, value, byValue);
        expect(Array.from(arr)).toEqual([...sorted.filter((v) => v !== gone), value].sort(byValue));
        expect(arr[at]).toBe(value);
      }),
      runs,
    );
  });

  it("removeSorted of a position that is not where the comparison says is a programmer error", () => {
    expect(() => removeSorted(Int32Array.of(1, 3, 5), 3, 4, byValue)).toThrow(/not where its order says/);
  });

  it("mergeSorted equals sorting both runs together, for few and for many new entries", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 5_000 }), { maxLength: 300 }), fc.nat(), (all, cut) => {
        const k = all.length === 0 ? 0 : cut % (all.length + 1);
        const kept = Int32Array.from(all.slice(0, k).sort(byValue));
        const added = Int32Array.from(all.slice(k).sort(byValue));
        expect(Array.from(mergeSorted(kept, added, byValue))).toEqual([...all].sort(byValue));
      }),
      runs,
    );
  });
});

// The listing cache orders the snapshots its material reads were taken at (migration 8): a
// snapshot taken later must never order first, and two that order alike must see the same
// transactions. Checked against a model of how PostgreSQL takes a snapshot (GetSnapshotData:
// xmax is the latest ended transaction + 1, the in-progress list holds the running ones below it,
// xmin the lowest of them or xmax), over random begin/end sequences. No database.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { materialsSnapshotOf, snapshotOrder, type MaterialsSnapshot } from "../../src/postgres/store-listing-cache.js";

/** A cluster's transaction IDs: begun in order, ended in any order. */
interface Cluster {
  next: number;
  latestEnded: number;
  readonly running: Set<number>;
  readonly ended: Set<number>;
}

/** A snapshot as PostgreSQL takes it, in its text form, and which transactions it sees as ended. */
function take(c: Cluster): { snapshot: MaterialsSnapshot; sees: (xid: number) => boolean } {
  const xmax = c.latestEnded + 1;
  const xip = [...c.running].filter((x) => x < xmax).sort((a, b) => a - b);
  const xmin = xip.length === 0 ? xmax : (xip[0] as number);
  const snapshot = materialsSnapshotOf(`${xmin}:${xmax}:${xip.join(",")}`);
  const open = new Set(xip);
  return { snapshot, sees: (xid) => xid < xmax && !open.has(xid) && c.ended.has(xid) };
}

const step = fc.oneof(fc.constant({ kind: "begin" as const }), fc.record({ kind: fc.constant("end" as const), pick: fc.nat() }), fc.constant({ kind: "snapshot" as const }));

describe("the order of the listing cache's snapshots", () => {
  it("STO-6: a snapshot taken later never orders first, and two that order alike see the same transactions (property over random begin/end sequences)", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const c: Cluster = { next: 3, latestEnded: 2, running: new Set(), ended: new Set() };
        const taken: ReturnType<typeof take>[] = [];
        for (const s of steps) {
          if (s.kind === "begin") c.running.add(c.next++);
          else if (s.kind === "end" && c.running.size > 0) {
            const xid = [...c.running][s.pick % c.running.size] as number;
            c.running.delete(xid);
            c.ended.add(xid);
            c.latestEnded = Math.max(c.latestEnded, xid);
          } else if (s.kind === "snapshot") taken.push(take(c));
        }
        for (let i = 0; i < taken.length; i++) {
          for (let j = i + 1; j < taken.length; j++) {
            const [earlier, later] = [taken[i], taken[j]] as [ReturnType<typeof take>, ReturnType<typeof take>];
            const order = snapshotOrder(later.snapshot, earlier.snapshot);
            expect(order).toBeGreaterThanOrEqual(0);
            expect(Math.sign(snapshotOrder(earlier.snapshot, later.snapshot)) + Math.sign(order)).toBe(0);
            if (order === 0) for (let x = 3; x < c.next; x++) expect(later.sees(x)).toBe(earlier.sees(x));
          }
        }
      }),
    );
  });

  it("STO-6: examples: a later xmin, a later xmax, fewer in progress", () => {
    const s = materialsSnapshotOf;
    expect(snapshotOrder(s("10:14:10,12"), s("9:20:9"))).toBeGreaterThan(0);
    expect(snapshotOrder(s("10:15:10,12"), s("10:14:10,12"))).toBeGreaterThan(0);
    expect(snapshotOrder(s("10:14:10"), s("10:14:10,12"))).toBeGreaterThan(0);
    expect(snapshotOrder(s("10:14:10,12"), s("10:14:10,12"))).toBe(0);
    expect(s("724:724:")).toEqual({ text: "724:724:", xmin: 724, xmax: 724, open: 0 });
    expect(s("10:14:10,12")).toEqual({ text: "10:14:10,12", xmin: 10, xmax: 14, open: 2 });
  });

  it("STO-6: what is not a snapshot's text is refused, not misread", () => {
    for (const bad of [null, 5, ["1:2:"], { toString: () => "1:2:" }, "", "1:2", "1:2:x", "a:2:", "1:2:3,", "1:2:,3", "1234567890123456:1:"]) expect(() => materialsSnapshotOf(bad)).toThrow(/not xmin:xmax:xip/);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cpuPerRequest, parseProcStat, percentile, planSlot, ratio, stockSetMaterials } from "./throughput-stats.mjs";

// The pure pieces of the throughput bench (test/bench/throughput.mjs, issue 33 item 7). No timing
// is asserted here: the figures go to docs/performance.md.

/** A /proc/<pid>/stat line as Linux writes it (52 fields), with the given name, parent and times. */
const statLine = (comm: string, ppid: number, utime: number, stime: number, cutime: number, cstime: number): string => {
  const after = ["S", ppid, 1, 1, 0, -1, 4194560, 100, 0, 0, 0, utime, stime, cutime, cstime, 20, 0, 1, 0, 1069326, 3133440, 371];
  return `4242 (${comm}) ${[...after, ...Array.from({ length: 30 }, () => 0)].join(" ")}\n`;
};

describe("parseProcStat", () => {
  it("reads the name, the parent pid, utime + stime and cutime + cstime of a real line", () => {
    const line = "24071 (cat) R 24066 24066 21191 0 -1 4194304 98 0 0 0 7 3 2 1 20 0 1 0 1069326 3133440 371 18446744073709551615 94845839597568 0";
    expect(parseProcStat(line)).toEqual({ comm: "cat", ppid: 24066, ticks: 10, childTicks: 3 });
  });

  it("any name, spaces and parentheses included, leaves the numbers where they are", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 15 }), fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.nat(), (comm, ppid, u, s, cu, cs) => {
        expect(parseProcStat(statLine(comm, ppid, u, s, cu, cs))).toEqual({ comm, ppid, ticks: u + s, childTicks: cu + cs });
      }),
    );
    expect(parseProcStat(statLine("postgres: walwriter (x) ", 7, 1, 2, 3, 4))).toEqual({ comm: "postgres: walwriter (x) ", ppid: 7, ticks: 3, childTicks: 7 });
  });

  it("a text that is not a stat line is undefined", () => {
    expect(parseProcStat("")).toBeUndefined();
    expect(parseProcStat("12 cat R 1 2 3")).toBeUndefined();
    expect(parseProcStat("12 (cat) R 1 2")).toBeUndefined();
  });
});

describe("percentile (nearest rank)", () => {
  // Latencies in milliseconds, repeats included; q in steps of 0.1% (0.5 and 0.99 among them).
  const sorted = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 200 }).map((xs) => xs.sort((a, b) => a - b));
  const q = fc.integer({ min: 1, max: 1000 }).map((k) => k / 1000);

  it("is a value of the list with at least q of the values at or below it, and the least such", () => {
    fc.assert(
      fc.property(sorted, q, (xs, p) => {
        const v = percentile(xs, p);
        expect(xs).toContain(v);
        expect(xs.filter((x) => x <= v).length).toBeGreaterThanOrEqual(p * xs.length);
        expect(xs.filter((x) => x < v).length).toBeLessThan(p * xs.length);
      }),
    );
  });

  it("grows with q", () => {
    fc.assert(
      fc.property(sorted, q, q, (xs, a, b) => {
        expect(percentile(xs, Math.min(a, b))).toBeLessThanOrEqual(percentile(xs, Math.max(a, b)));
      }),
    );
  });

  it("examples: p50 and p99 of 1..100, one value, none", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe("cpuPerRequest and ratio", () => {
  it("ticks at CLK_TCK over requests, in milliseconds; NaN for no request", () => {
    expect(cpuPerRequest(150, 100, 1000)).toBe(1.5);
    expect(cpuPerRequest(3, 250, 4)).toBe(3);
    expect(cpuPerRequest(10, 100, 0)).toBeNaN();
  });

  it("a ratio needs two finite numbers and a divisor other than 0", () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(NaN, 2)).toBeNaN();
    expect(ratio(2, NaN)).toBeNaN();
  });
});

describe("the workloads' bodies", () => {
  const techs = ["tech-1", "tech-2", "tech-3"];

  it("no two planned slots of one technician overlap, and each lies on its day (so the demo company's collision setting never refuses a plan of the bench)", () => {
    const seen = new Map<string, Array<[number, number]>>();
    for (let n = 0; n < 3000; n++) {
      const s = planSlot(n, techs, "2027-01-04");
      expect(s.plannedStart.slice(0, 10)).toBe(s.day);
      expect(s.plannedEnd.slice(0, 10)).toBe(s.day);
      const interval: [number, number] = [Date.parse(s.plannedStart), Date.parse(s.plannedEnd)];
      expect(interval[0]).toBeLessThan(interval[1]);
      const mine = seen.get(s.userId) ?? [];
      expect(mine.some(([a, b]) => a < interval[1] && interval[0] < b)).toBe(false);
      mine.push(interval);
      seen.set(s.userId, mine);
    }
    expect([...seen.keys()].sort()).toEqual(techs);
  });

  it("a stock set names three distinct materials of the demo's twenty, in ascending order", () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        const ms = stockSetMaterials(n);
        expect(ms).toHaveLength(3);
        expect([...ms].sort()).toEqual(ms);
        expect(new Set(ms).size).toBe(3);
        for (const m of ms) expect(m).toMatch(/^MAT-0(0[1-9]|1\d|20)$/);
      }),
    );
  });
});

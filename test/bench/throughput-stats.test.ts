import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clockTicksPerSecond, combineRounds, cpuPerRequest, median, parseProcStat, percentile, planSlot, ratio, roundOrder, roundRatios, settledTicks, stockSetAmounts, stockSetMaterials, type Round } from "./throughput-stats.mjs";

// The pure pieces of the throughput bench (test/bench/throughput.mjs, issue 33 item 7). No timing
// is asserted here: the figures go to docs/performance.md.

/** A /proc/<pid>/stat line as Linux writes it (52 fields), with the given name, parent and times. */
const statLine = (comm: string, ppid: number, utime: number, stime: number, cutime: number, cstime: number): string => {
  const after = ["S", ppid, 1, 1, 0, -1, 4194560, 100, 0, 0, 0, utime, stime, cutime, cstime, 20, 0, 1, 0, 1069326, 3133440, 371];
  return `4242 (${comm}) ${[...after, ...Array.from({ length: 30 }, () => 0)].join(" ")}\n`;
};

describe("clockTicksPerSecond", () => {
  it("is the whole number of ticks a second in which /proc counts CPU (getconf CLK_TCK, 100 on Linux)", () => {
    const hz = clockTicksPerSecond();
    expect(Number.isInteger(hz) && hz > 0).toBe(true);
    if (process.platform === "linux") expect(hz).toBe(100);
  });
});

describe("parseProcStat", () => {
  it("reads the name, the parent pid, utime + stime and cutime + cstime of a real line", () => {
    const line = "24071 (cat) R 24066 24066 21191 0 -1 4194304 98 0 0 0 7 3 2 1 20 0 1 0 1069326 3133440 371 18446744073709551615 94845839597568 0";
    expect(parseProcStat(line)).toEqual({ comm: "cat", ppid: 24066, user: 7, system: 3, ticks: 10, childTicks: 3 });
  });

  it("any name, spaces and parentheses included, leaves the numbers where they are", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 15 }), fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.nat(), (comm, ppid, u, s, cu, cs) => {
        expect(parseProcStat(statLine(comm, ppid, u, s, cu, cs))).toEqual({ comm, ppid, user: u, system: s, ticks: u + s, childTicks: cu + cs });
      }),
    );
    expect(parseProcStat(statLine("postgres: walwriter (x) ", 7, 1, 2, 3, 4))).toEqual({ comm: "postgres: walwriter (x) ", ppid: 7, user: 1, system: 2, ticks: 3, childTicks: 7 });
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

describe("settledTicks", () => {
  it("the postmaster's ticks, its reaped children's and its live children's, when both scans find the same children", () => {
    const scans = [new Map([["10", 5], ["11", 7]]), new Map([["11", 8], ["10", 6]])];
    let i = 0;
    expect(settledTicks(() => scans[i++ % 2]!, () => ({ ticks: 3, childTicks: 100 }))).toEqual({ ticks: 3 + 100 + 5 + 7, settled: true });
  });

  it("a child reaped between the reads (counted in both the scan and the postmaster's reaped ticks) makes it read again", () => {
    // Child 11 (7 ticks) is reaped after the first scan: the postmaster's reaped ticks then hold it.
    const reads: Array<[Map<string, number>, number]> = [
      [new Map([["10", 5], ["11", 7]]), 107],
      [new Map([["10", 5]]), 107],
    ];
    let scan = 0;
    let selfRead = 0;
    const result = settledTicks(
      () => (scan++ === 0 ? reads[0]![0] : reads[1]![0]),
      () => ({ ticks: 3, childTicks: reads[Math.min(selfRead++, 1)]![1] }),
    );
    // Read again: child 10 alone, and 11's ticks once, in the reaped ones.
    expect(result).toEqual({ ticks: 3 + 107 + 5, settled: true });
    expect(scan).toBe(4);
  });

  it("children that keep changing: at most `attempts` reads, the last answered as not settled", () => {
    let n = 0;
    const result = settledTicks(() => new Map([[String(n++), 1]]), () => ({ ticks: 0, childTicks: 0 }), 3);
    expect(result).toEqual({ ticks: 1, settled: false });
    expect(n).toBe(6);
  });
});

describe("rounds of a cell", () => {
  const round = (ok: number, duration: number, latencies: number[], svcTicks: number, pgTicks = 0, bad = 0, svcMainTicks = svcTicks): Round => ({ ok, answered: ok + bad, duration, latencies, bad, svcTicks, svcMainTicks, pgTicks });

  it("median: the middle finite value, the mean of the two middle ones for an even count, NaN for none", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5, Infinity])).toBe(5);
    expect(median([])).toBeNaN();
    fc.assert(fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), { minLength: 1, maxLength: 30 }), (xs) => {
      const m = median(xs);
      // At least half the values lie at or below it, and at least half at or above it.
      expect(2 * xs.filter((x) => x <= m).length).toBeGreaterThanOrEqual(xs.length);
      expect(2 * xs.filter((x) => x >= m).length).toBeGreaterThanOrEqual(xs.length);
    }));
  });

  it("a cell over its rounds: req/s over their time together, percentiles over every response, CPU over every response; each round's own figures kept", () => {
    const rounds = [round(1000, 5, [1, 2, 3], 50, 20, 0, 40), round(3000, 5, [4, 5, 6, 7], 100, 40, 2, 90)];
    const cell = combineRounds(rounds, 100);
    expect(cell.rps).toBe(400);
    expect(cell.p50).toBe(4);
    expect(cell.p99).toBe(7);
    expect(cell.bad).toBe(2);
    expect(cell.svc).toBeCloseTo((150 * 1000) / 100 / 4002, 12);
    expect(cell.pg).toBeCloseTo((60 * 1000) / 100 / 4002, 12);
    // The main threads' share, apart: the rest of the servers' CPU is their other threads'.
    expect(cell.svcMain).toBeCloseTo((130 * 1000) / 100 / 4002, 12);
    expect(cell.rounds).toEqual([{ rps: 200, svc: 0.5, svcMain: 0.4, pg: 0.2 }, { rps: 600, svc: (100 * 1000) / 100 / 3002, svcMain: (90 * 1000) / 100 / 3002, pg: (40 * 1000) / 100 / 3002 }]);
    // The rounds' lists are read, not sorted or emptied.
    expect(rounds[1]!.latencies).toEqual([4, 5, 6, 7]);
    const one = combineRounds([round(10, 0, [], 0)], 100);
    expect(one.rps).toBeNaN();
    expect(one.p50).toBeNaN();
  });

  it("one round is the cell itself", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 60 }), fc.array(fc.integer({ min: 0, max: 1e4 }), { minLength: 1, maxLength: 200 }), fc.integer({ min: 0, max: 1e5 }), (ok, duration, latencies, ticks) => {
      const cell = combineRounds([round(ok, duration, latencies, ticks)], 100);
      const sorted = [...latencies].sort((a, b) => a - b);
      expect(cell.rps).toBe(ok / duration);
      expect(cell.p99).toBe(percentile(sorted, 0.99));
      expect(cell.rounds).toEqual([{ rps: cell.rps, svc: cell.svc, svcMain: cell.svcMain, pg: cell.pg }]);
    }));
  });

  it("odd rounds drive the servers as listed, even rounds in reverse; the list is not changed", () => {
    const list = ["mem1", "pg1", "pg2", "floor1", "floor2"];
    expect(roundOrder(list, 1)).toEqual(list);
    expect(roundOrder(list, 2)).toEqual(["floor2", "floor1", "pg2", "pg1", "mem1"]);
    expect(roundOrder(list, 3)).toEqual(list);
    expect(list[0]).toBe("mem1");
  });

  it("ratios round by round: the median, the least and the greatest; a round missing either side is NaN and left out", () => {
    const cell = (rps: number[]) => ({ rps: NaN, p50: NaN, p99: NaN, bad: 0, svc: NaN, svcMain: NaN, pg: NaN, rounds: rps.map((r) => ({ rps: r, svc: NaN, svcMain: NaN, pg: NaN })) });
    const r = roundRatios(cell([500, 900, 600]), cell([1000, 1000, 2000]), "rps");
    expect(r.rounds).toEqual([0.5, 0.9, 0.3]);
    expect([r.median, r.min, r.max]).toEqual([0.5, 0.3, 0.9]);
    const gap = roundRatios(cell([500, 900]), cell([1000, 0]), "rps");
    expect(gap.rounds[1]).toBeNaN();
    expect([gap.median, gap.min, gap.max]).toEqual([0.5, 0.5, 0.5]);
    const none = roundRatios(undefined, cell([1]), "rps");
    expect([none.median, none.min, none.max]).toEqual([NaN, NaN, NaN]);
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

  it("a stock set's body sets those materials, in that order, each to a whole amount below 100", () => {
    expect(stockSetAmounts(99)).toEqual([
      { materialId: "MAT-010", amount: 99 },
      { materialId: "MAT-011", amount: 0 },
      { materialId: "MAT-012", amount: 1 },
    ]);
    fc.assert(
      fc.property(fc.nat(), (n) => {
        const items = stockSetAmounts(n);
        expect(items.map((i) => i.materialId)).toEqual(stockSetMaterials(n));
        for (const { amount } of items) expect(Number.isInteger(amount) && amount >= 0 && amount < 100).toBe(true);
      }),
    );
  });
});

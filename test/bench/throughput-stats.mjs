// The pure pieces of test/bench/throughput.mjs (issue 33, item 7), apart so that
// test/bench/throughput-stats.test.ts can check them without starting a server: reading
// /proc/<pid>/stat, percentiles of the merged latencies, CPU per request, ratios, the rounds of a
// cell combined and compared round by round, and the request bodies whose uniqueness the
// workloads rely on; and the one read of the machine they share, the clock's ticks a second.
import { execFileSync } from "node:child_process";

/**
 * The clock ticks a second in which /proc counts CPU (`getconf CLK_TCK`; 100 where it cannot be
 * read), for the benches that turn {@link parseProcStat}'s ticks into time.
 * @returns ticks a second
 */
export function clockTicksPerSecond() {
  try {
    const hz = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    return Number.isInteger(hz) && hz > 0 ? hz : 100;
  } catch {
    return 100;
  }
}

/**
 * Reads one /proc/<pid>/stat line: the command name (between the first "(" and the LAST ")",
 * since the name may itself hold spaces and parentheses), the parent pid, `user` = utime and
 * `system` = stime in clock ticks (fields 14 and 15 of proc(5), counted from 1 with the pid as
 * field 1), `ticks` = their sum,
 * and `childTicks` = cutime + cstime (fields 16 and 17: the CPU of the children it has waited
 * for, which is where an exited PostgreSQL backend's CPU goes once the postmaster reaps it).
 * Returns undefined for a line that is not one.
 */
export function parseProcStat(text) {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  const rest = text.slice(close + 2).trim().split(/\s+/);
  // rest[0] is field 3 (state): field n is rest[n - 3].
  const ppid = Number(rest[1]);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  const cutime = Number(rest[13]);
  const cstime = Number(rest[14]);
  if (![ppid, utime, stime, cutime, cstime].every(Number.isInteger)) return undefined;
  return { comm: text.slice(open + 1, close), ppid, user: utime, system: stime, ticks: utime + stime, childTicks: cutime + cstime };
}

/**
 * PostgreSQL's CPU ticks at one instant, from reads of /proc that are not one snapshot: `scan()`
 * answers the ticks of each live child of the postmaster by pid (a zombie, exited but not yet
 * reaped, still counts), `self()` the postmaster's own ticks and its reaped children's
 * (`childTicks`). A child reaped between the reads would be counted in neither or in both, so the
 * children are scanned before and after the postmaster is read, and the reads are kept only when
 * both scans found the same children (none exited, none started); otherwise they are read again,
 * at most `attempts` times, and the last reads are answered with `settled: false`.
 */
export function settledTicks(scan, self, attempts = 10) {
  let last;
  for (let i = 0; i < attempts; i++) {
    const before = scan();
    const own = self();
    const after = scan();
    let ticks = own.ticks + own.childTicks;
    for (const t of before.values()) ticks += t;
    const same = before.size === after.size && [...before.keys()].every((pid) => after.has(pid));
    last = { ticks, settled: same };
    if (same) return last;
  }
  return last;
}

/**
 * The nearest-rank percentile q (0 < q ≤ 1) of ascending `sorted` values: the smallest value
 * with at least q of the values at or below it. NaN for no values.
 */
export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Milliseconds of CPU per request: `ticks` clock ticks at `hz` ticks a second over `requests` requests (NaN for none). */
export function cpuPerRequest(ticks, hz, requests) {
  return requests > 0 ? (ticks * 1000) / hz / requests : NaN;
}

/** a / b, NaN when either is not a finite number or b is 0. */
export function ratio(a, b) {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : NaN;
}

/**
 * The median of the finite numbers among `values` (the mean of the two middle ones for an even
 * count); NaN when there is none.
 */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * One cell of the table from its rounds, each `{ ok, answered, duration, latencies, bad,
 * svcTicks, svcMainTicks, pgTicks }` (2xx responses, all responses, seconds, response times in
 * ms, non-2xx with errors and timeouts, and the clock ticks of the servers, of the servers' main
 * threads alone, and of PostgreSQL): req/s over the rounds' time together, p50 and p99 over every
 * response of every round, CPU per request over all of them (`svcMain`: the main threads'; the
 * rest of `svc` is V8's compiler and garbage-collector helpers and libuv's pool), and each round's
 * req/s and CPU per request (which the ratios compare round by round). The rounds' latency lists
 * are copied, not changed.
 */
export function combineRounds(rounds, hz) {
  let ok = 0;
  let answered = 0;
  let duration = 0;
  let bad = 0;
  let svcTicks = 0;
  let svcMainTicks = 0;
  let pgTicks = 0;
  const latencies = [];
  for (const r of rounds) {
    ok += r.ok;
    answered += r.answered;
    duration += r.duration;
    bad += r.bad;
    svcTicks += r.svcTicks;
    svcMainTicks += r.svcMainTicks;
    pgTicks += r.pgTicks;
    // One at a time: a round holds tens of thousands (no spread into a call).
    for (const t of r.latencies) latencies.push(t);
  }
  latencies.sort((a, b) => a - b);
  const rate = (count, seconds) => (seconds > 0 ? count / seconds : NaN);
  return {
    rps: rate(ok, duration),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    bad,
    svc: cpuPerRequest(svcTicks, hz, answered),
    svcMain: cpuPerRequest(svcMainTicks, hz, answered),
    pg: cpuPerRequest(pgTicks, hz, answered),
    rounds: rounds.map((r) => ({
      rps: rate(r.ok, r.duration),
      svc: cpuPerRequest(r.svcTicks, hz, r.answered),
      svcMain: cpuPerRequest(r.svcMainTicks, hz, r.answered),
      pg: cpuPerRequest(r.pgTicks, hz, r.answered),
    })),
  };
}

/**
 * The order in which round `round` (from 1) drives the servers: as listed in odd rounds,
 * reversed in even ones, so that over two rounds each server runs as often early as late in a
 * workload's turn (a machine's load drifts within it). A new array.
 */
export function roundOrder(list, round) {
  return round % 2 === 1 ? [...list] : [...list].reverse();
}

/**
 * Round by round, ours over the floor's (`ours` and `theirs` as {@link combineRounds} answers
 * them, `field` one of rps, svc, svcMain, pg): the median of the rounds' ratios and the least and
 * greatest; NaN where a round lacks either.
 */
export function roundRatios(ours, theirs, field) {
  const list = [];
  const n = Math.min(ours?.rounds.length ?? 0, theirs?.rounds.length ?? 0);
  for (let i = 0; i < n; i++) list.push(ratio(ours.rounds[i][field], theirs.rounds[i][field]));
  const finite = list.filter(Number.isFinite);
  const min = finite.reduce((a, b) => Math.min(a, b), Infinity);
  const max = finite.reduce((a, b) => Math.max(a, b), -Infinity);
  return { median: median(finite), min: finite.length > 0 ? min : NaN, max: finite.length > 0 ? max : NaN, rounds: list };
}

/**
 * The assignation of the n-th intervention planned by the bench: technicians in turn, each
 * one's plans in 10-minute slots from 06:00 UTC (08:00 in Prague in summer, 07:00 in winter),
 * 48 a day, then the next day from `firstDay` (YYYY-MM-DD). No two n give one technician
 * overlapping slots, so ASN-5 (collisions are refused in the demo company) never refuses one.
 */
export function planSlot(n, technicians, firstDay) {
  const userId = technicians[n % technicians.length];
  const k = Math.floor(n / technicians.length);
  const day = new Date(Date.parse(`${firstDay}T00:00:00Z`) + Math.floor(k / 48) * 86_400_000);
  const start = new Date(day.getTime() + 6 * 3_600_000 + (k % 48) * 600_000);
  const end = new Date(start.getTime() + 600_000);
  return { userId, day: day.toISOString().slice(0, 10), plannedStart: start.toISOString(), plannedEnd: end.toISOString() };
}

/**
 * The three materials the n-th stock set writes, in ascending order (so that two concurrent
 * upserts of the floor lock rows in one order and cannot deadlock): MAT-(1+n%18) .. +2.
 */
export function stockSetMaterials(n) {
  const first = 1 + (n % 18);
  return [first, first + 1, first + 2].map((m) => `MAT-${String(m).padStart(3, "0")}`);
}

/** The bench's three stores (the demo fixture's), which the stock workloads take in turn. */
export const BENCH_STORES = ["centralni-sklad", "auto-1", "auto-2"];

/**
 * The body of the n-th stock set: its three materials ({@link stockSetMaterials}), each set to
 * (n + its place) mod 100.
 */
export function stockSetAmounts(n) {
  return stockSetMaterials(n).map((materialId, j) => ({ materialId, amount: (n + j) % 100 }));
}

/** The body of a customer add under `externalId`: one contact person and one address. */
export function benchCustomer(externalId) {
  return {
    externalId, name: "Zákazník", identificationNumber: "27074358",
    contactPeople: [{ externalId: "cp", lastName: "Nová" }], addresses: [{ externalId: "adr", street: "Husova 5", city: "Brno" }],
  };
}

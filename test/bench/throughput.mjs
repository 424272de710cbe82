#!/usr/bin/env node
// Throughput against the floor (issue 33, item 7), in ONE run, against the built package:
//   npm run bench:throughput            (npm run build && scripts/with-postgres.sh node test/bench/throughput.mjs)
//   npm run build && scripts/with-postgres.sh node test/bench/throughput.mjs [seconds per workload, default 5]
// It starts, on 127.0.0.1 with ports the system picks, and keeps up together:
//   - the service in memory, 1 process;
//   - the service on PostgreSQL, 1 process, then 2 processes (a fresh database each);
//   - the floor (test/bench/floor-server.mjs: node:http + pg, no rules, one JSON document per
//     record, one statement per request), 1 process, then 2 (a fresh database each);
// then runs each workload on each of them in turn, THROUGHPUT_ROUNDS times (default 3; the order
// reversed every other round), then stops them and runs
//   - pgbench (TPC-B, simple updates, select-only) on the same cluster, on a fresh database.
// Each workload runs a warm-up on each server in its first round (not counted; THROUGHPUT_WARMUP
// seconds, default 15, or SECONDS when longer), then SECONDS a round with autocannon in this
// process, 8 keep-alive connections per server process (the hot store: 16 in all, split between
// them). Per cell it prints, over its rounds together, req/s (2xx), p50 and p99 over every
// response of the servers, non-2xx (with errors and timeouts), and the CPU per request of the
// server processes (and of their main threads alone) and of PostgreSQL (the postmaster and its
// children), read from /proc before and after each round. Then the ratios issue 33's targets
// name, over the rounds together and round by round (median, least, greatest), and the load
// average (`uptime`) at start and end.
// A full run takes about (WARMUP + ROUNDS × SECONDS) × 31 cells: 16 minutes at the defaults.
// Every loop is bounded in time; every child is killed on exit, error or signal.
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { jsonRequest } from "./listening.mjs";
import { checkedOutCommit, mainThreadTicksOf, postgresTicks, procStat, serverProcesses, ticksOf } from "./processes.mjs";
import { clockTicksPerSecond, combineRounds, cpuPerRequest, planSlot, ratio, roundOrder, roundRatios, stockSetAmounts as amounts, BENCH_STORES as STORES, benchCustomer as customer } from "./throughput-stats.mjs";

const base = process.env.DATABASE_URL;
if (!base) {
  console.error("throughput: DATABASE_URL is not set; run it as npm run bench:throughput, or scripts/with-postgres.sh node test/bench/throughput.mjs");
  process.exit(2);
}
const SECONDS = Number(process.argv[2] ?? 5);
if (!(SECONDS > 0 && SECONDS <= 600)) {
  console.error("throughput: seconds per workload must be a number in (0, 600]");
  process.exit(2);
}
// The servers' CPU per request is read in the steady state, after the JIT has compiled what the
// workload runs: with 1 s of warm-up, as until run O, the service's cells still paid for
// compiling its much larger code (docs/performance.md, run P); with 5 s, as until run AP, its ×2
// cells did (each process sees half the requests): its other threads took 29% of its CPU 4-8 s
// into a cell, 14% at 8-12 s, 6% at 12-16 s, under 5% after (docs/performance.md, "The JIT's
// share of a cell", 1 December). The main threads' CPU is printed apart, so a cell still
// compiling shows.
const WARMUP = Number(process.env.THROUGHPUT_WARMUP ?? Math.max(SECONDS, 15));
if (!(WARMUP >= 0 && WARMUP <= 600)) {
  console.error("throughput: THROUGHPUT_WARMUP must be a number of seconds in [0, 600]");
  process.exit(2);
}
// Each workload runs ROUNDS times on every server, the servers in turn within a round, in reverse
// order every other round; each cell is reported over its rounds together, and each ratio also
// round by round (its median, least and greatest): one 5 s sample a cell, as until run S, moved
// the sets' ratio between 0.30 and 0.67 over five runs of the same code.
const ROUNDS = Number(process.env.THROUGHPUT_ROUNDS ?? 3);
if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1 && ROUNDS <= 20)) {
  console.error("throughput: THROUGHPUT_ROUNDS must be a whole number in [1, 20]");
  process.exit(2);
}
const C = 8; // connections per server process
const HOT_C = 16; // connections in all on the hot store
const START_TIMEOUT_MS = 60_000;
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const HZ = clockTicksPerSecond();
const stamp = Date.now().toString(36);
const uptime = () => execFileSync("uptime", { encoding: "utf8" }).trim();
const loadAtStart = uptime();

// ---- children: every one is killed when this process ends, however it ends ----
const { start, killAll } = serverProcesses(START_TIMEOUT_MS);

/** SIGTERM, then SIGKILL after 10 s. */
const stop = (p) =>
  new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    const timer = setTimeout(() => p.child.kill("SIGKILL"), 10_000);
    p.child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    p.child.kill("SIGTERM");
  });

/** One request with a 30 s bound; resolves with status and text. */
const request = (p, method, path, body, token) => jsonRequest(p.port, method, path, body, token);

async function login(p) {
  const r = await request(p, "POST", "/auth/login", { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" });
  if (r.status !== 200) throw new Error(`login on ${p.name}: ${r.status} ${r.text}`);
  return JSON.parse(r.text).accessToken;
}

// ---- CPU from /proc ----
let postmaster = 0;
const pgTicks = () => postgresTicks(postmaster);

// ---- workloads ----
const TECHNICIANS = ["tech-1", "tech-2", "tech-3"];
const PLAN_ORDERS = 4;
/** Each workload: a label, whether the floor answers it, whether it is the hot store (16 connections in all), and request n. */
const WORKLOADS = [
  { key: "add", label: "add a customer", floor: true, make: (n) => ({ method: "POST", path: "/customer", body: customer(`TP-${stamp}-${n}`) }) },
  { key: "set", label: "set stock amounts (3 materials), 3 stores in turn", floor: true, make: (n) => ({ method: "PUT", path: `/store/externalId/${STORES[n % 3]}/setMaterialAmounts`, body: amounts(n) }) },
  { key: "read", label: "read an order", floor: true, make: () => ({ method: "GET", path: "/order/externalId/TP-ORDER" }) },
  { key: "move", label: "move stock (1 material) between stores", floor: true, make: (n) => ({ method: "PUT", path: `/store/externalId/${STORES[n % 3]}/moveTo/${STORES[(n + 1) % 3]}`, body: [{ materialId: `MAT-${String(1 + (n % 20)).padStart(3, "0")}`, amount: 1 }] }) },
  { key: "plan", label: "plan an intervention", floor: false, make: (n) => {
    const slot = planSlot(n, TECHNICIANS, "2027-01-04");
    return { method: "POST", path: `/order/externalId/TP-PLAN-${n % PLAN_ORDERS}/PlanIntervention`, body: { primaryAssigneeId: slot.userId, day: slot.day, categoryId: "oprava", assignations: [{ userId: slot.userId, plannedStart: slot.plannedStart, plannedEnd: slot.plannedEnd }] } };
  } },
  { key: "page", label: "read a 20-row store page", floor: false, make: () => ({ method: "GET", path: "/store/externalId/centralni-sklad?page=1&pageSize=20&sortBy=name" }) },
  { key: "hot", label: "set stock amounts on ONE store, 16 connections", floor: true, hot: true, make: (n) => ({ method: "PUT", path: "/store/externalId/centralni-sklad/setMaterialAmounts", body: amounts(n) }) },
];
// THROUGHPUT_ONLY=set,move runs those workloads only (a quicker look at one change; the full table
// needs every workload).
const ONLY = process.env.THROUGHPUT_ONLY?.split(",").filter((k) => k !== "");
if (ONLY !== undefined) {
  const unknown = ONLY.filter((k) => !WORKLOADS.some((w) => w.key === k));
  if (unknown.length > 0) {
    console.error(`throughput: THROUGHPUT_ONLY names no workload ${unknown.join(", ")} (workloads: ${WORKLOADS.map((w) => w.key).join(", ")})`);
    process.exit(2);
  }
  WORKLOADS.splice(0, WORKLOADS.length, ...WORKLOADS.filter((w) => ONLY.includes(w.key)));
}
const counters = Object.fromEntries(WORKLOADS.map((w) => [w.key, 0])); // never reset: every request of a run is distinct

/** The records the workloads read and plan on, through the first process. */
async function prepare(p, token) {
  const c = await request(p, "POST", "/customer", customer("TP-CUST"), token);
  if (c.status !== 201) throw new Error(`customer: ${c.status} ${c.text}`);
  for (const externalId of ["TP-ORDER", ...Array.from({ length: PLAN_ORDERS }, (_, i) => `TP-PLAN-${i}`)]) {
    const o = await request(p, "POST", "/order", { externalId, customerId: "TP-CUST", addressId: "adr", contactPersonId: "cp", categoryId: "oprava" }, token);
    if (o.status !== 201) throw new Error(`order ${externalId}: ${o.status} ${o.text}`);
  }
}

/**
 * Drives workload `w` against `targets` (server processes with their tokens) with autocannon for
 * `seconds`, all processes at once. With `measure`, also reads CPU before and after and keeps
 * every response time: one round of a cell (throughput-stats.mjs `combineRounds`).
 */
async function drive(targets, w, seconds, measure) {
  const connections = w.hot ? HOT_C / targets.length : C;
  const latencies = [];
  const pids = targets.map((t) => t.p.child.pid);
  const svc0 = measure ? ticksOf(pids) : 0;
  const main0 = measure ? mainThreadTicksOf(pids) : 0;
  const pg0 = measure ? pgTicks() : 0;
  const runs = await Promise.all(
    targets.map(
      ({ p, token }) =>
        new Promise((resolve, reject) => {
          const instance = autocannon(
            {
              url: `http://127.0.0.1:${p.port}`, connections, duration: seconds, timeout: 10,
              headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
              requests: [{
                setupRequest: (req) => {
                  const r = w.make(counters[w.key]++);
                  return { ...req, method: r.method, path: r.path, ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }) };
                },
              }],
            },
            (err, result) => (err ? reject(err) : resolve(result)),
          );
          if (measure) instance.on("response", (_client, _status, _bytes, time) => latencies.push(time));
        }),
    ),
  );
  if (!measure) return undefined;
  return {
    ok: runs.reduce((n, r) => n + r["2xx"], 0),
    answered: runs.reduce((n, r) => n + r["2xx"] + r.non2xx, 0),
    duration: runs.reduce((d, r) => Math.max(d, r.duration), 0),
    latencies,
    bad: runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
    svcTicks: ticksOf(pids) - svc0,
    svcMainTicks: mainThreadTicksOf(pids) - main0,
    pgTicks: pgTicks() - pg0,
  };
}

const admin = new pg.Client({ connectionString: base });
const databases = [];
const results = {}; // `${workload}|${config}`
const CONFIGS = [
  { key: "mem1", label: "service, memory", n: 1, kind: "service", db: false },
  { key: "pg1", label: "service, PostgreSQL", n: 1, kind: "service", db: true },
  { key: "pg2", label: "service, PostgreSQL", n: 2, kind: "service", db: true },
  { key: "floor1", label: "floor", n: 1, kind: "floor", db: true },
  { key: "floor2", label: "floor", n: 2, kind: "floor", db: true },
];
let pgbench;
let failed = false;
try {
  await admin.connect();
  postmaster = procStat((await admin.query("SELECT pg_backend_pid() AS pid")).rows[0].pid)?.ppid ?? 0;
  if (!postmaster) throw new Error("cannot find the postmaster: is PostgreSQL on this machine?");
  const freshDatabase = async (suffix) => {
    const name = `fsr_tp_${stamp}_${suffix}`;
    await admin.query(`CREATE DATABASE ${name}`);
    databases.push(name);
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  };
  // Every server is started first and stays up, idle when not driven; then each workload runs
  // on every server in turn, so the cells a ratio compares are measured minutes apart at most,
  // not the whole run apart (the load of a shared machine drifts).
  const started = [];
  try {
    for (const config of CONFIGS) {
      const url = config.db ? await freshDatabase(config.key) : "";
      const entry = { config, procs: [], targets: [] };
      started.push(entry);
      for (let i = 0; i < config.n; i++) {
        const name = `${config.key}-${i}`;
        // One after the other: the first creates and seeds the schema.
        entry.procs.push(
          config.kind === "service"
            ? await start(name, ["dist/server/main.js", "--port", "0", "--host", "127.0.0.1"], { DATABASE_URL: url })
            : await start(name, ["test/bench/floor-server.mjs"], { DATABASE_URL: url }),
        );
      }
      for (const p of entry.procs) entry.targets.push({ p, token: await login(p) });
      if (config.kind === "service") await prepare(entry.procs[0], entry.targets[0].token);
    }
    for (const w of WORKLOADS) {
      const rounds = {};
      for (let round = 1; round <= ROUNDS; round++) {
        for (const { config, targets } of roundOrder(started, round)) {
          if (config.kind === "floor" && !w.floor) continue;
          // Warmed up once, in the first round: the processes stay up, so later rounds run warm.
          if (round === 1 && WARMUP > 0) await drive(targets, w, WARMUP, false);
          (rounds[config.key] ??= []).push(await drive(targets, w, SECONDS, true));
        }
      }
      for (const [key, list] of Object.entries(rounds)) results[`${w.key}|${key}`] = combineRounds(list, HZ);
      process.stderr.write(`throughput: ${w.key} done\n`);
    }
  } finally {
    await Promise.all(started.flatMap((e) => e.procs.map(stop)));
  }
  // pgbench on the same cluster, 8 clients (the connections of one server process).
  const benchUrl = await freshDatabase("pgbench");
  const limit = { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: (SECONDS + 120) * 1000 };
  execFileSync(`${PG_BIN}/pgbench`, ["-i", "-q", "-s", "2", benchUrl], { ...limit, stdio: "ignore" });
  const runBench = async (mode) => {
    const pg0 = pgTicks();
    const out = execFileSync(`${PG_BIN}/pgbench`, [...mode, "-T", String(Math.ceil(SECONDS)), "-c", "8", "-j", "2", benchUrl], limit);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the postmaster reaps pgbench's backends
    const done = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? NaN);
    return { tps: Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? NaN), pg: cpuPerRequest(pgTicks() - pg0, HZ, done) };
  };
  pgbench = { tpcb: await runBench([]), simple: await runBench(["-N"]), select: await runBench(["-S"]) };
} catch (e) {
  failed = true;
  console.error(`throughput: ${e instanceof Error ? e.stack : e}`);
} finally {
  killAll();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
}

// ---- the report ----
const loadAtEnd = uptime();
const commit = checkedOutCommit();
const n0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString("en-US") : "–");
const ms = (x) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : x.toFixed(0)) : "–");
const cpu = (x) => (Number.isFinite(x) ? x.toFixed(3) : "–");
const times = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}` : "–");
const CONFIG_LABEL = { mem1: "service in memory ×1", pg1: "service on PostgreSQL ×1", pg2: "service on PostgreSQL ×2", floor1: "floor ×1", floor2: "floor ×2" };

console.log(`\n## Throughput against the floor: ${new Date().toISOString()}, commit ${commit}\n`);
console.log(`Node ${process.version}, ${availableParallelism()} cores; ${ROUNDS} round(s) of ${SECONDS} s per workload and server, after ${WARMUP} s of warm-up in the first; autocannon in the bench process, ${C} keep-alive connections per server process (the hot store: ${HOT_C} in all); every server up together, each workload run on each in turn, in reverse every other round; each cell over its rounds together; CLK_TCK ${HZ}.${ONLY === undefined ? "" : ` Workloads run (THROUGHPUT_ONLY): ${WORKLOADS.map((w) => w.key).join(", ")} only.`}`);
console.log(`Load at start: \`${loadAtStart}\``);
console.log(`Load at end:   \`${loadAtEnd}\`\n`);
console.log("| workload | server | req/s | p50 ms | p99 ms | non-2xx | Node CPU ms/req | of it, main threads | PostgreSQL CPU ms/req |");
console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|");
for (const w of WORKLOADS) {
  for (const c of CONFIGS) {
    const r = results[`${w.key}|${c.key}`];
    if (r === undefined) continue;
    console.log(`| ${w.label} | ${CONFIG_LABEL[c.key]} | ${n0(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.bad} | ${cpu(r.svc)} | ${cpu(r.svcMain)} | ${c.db ? cpu(r.pg) : "—"} |`);
  }
}
console.log("\nCPU per request is the CPU time of the server processes (utime + stime in /proc/<pid>/stat) over the workload, divided by the responses (2xx and not); \"main threads\" is the part of it their main threads took (/proc/<pid>/task/<pid>/stat), the rest being V8's compiler and garbage-collector helpers and libuv's pool. PostgreSQL's is the postmaster's, its live children's (found by their parent pid) and its exited children's (the postmaster's cutime + cstime, counted once it reaps them): a backend that exits drops out of the live sum, and is counted again only once reaped, so pgbench's backends, which exit at its end, are counted whole. The load generator's CPU is in neither.");
if (pgbench) {
  console.log(`\npgbench on the same cluster (scale 2, 8 clients, 2 threads, ${Math.ceil(SECONDS)} s): TPC-B ${n0(pgbench.tpcb.tps)} tps (PostgreSQL ${cpu(pgbench.tpcb.pg)} ms/transaction), simple updates (-N) ${n0(pgbench.simple.tps)} tps (${cpu(pgbench.simple.pg)} ms), select-only (-S) ${n0(pgbench.select.tps)} tps (${cpu(pgbench.select.pg)} ms).`);
}
const get = (w, c, f) => results[`${w}|${c}`]?.[f] ?? NaN;
const cols = ["add", "set", "read", "move", "hot"];
console.log("\n### Ratios named by issue 33's targets\n");
console.log("| ratio | add a customer | set stock, 3 stores | read an order | move stock | one store, 16 connections | target |");
console.log("|---|---:|---:|---:|---:|---:|---|");
// The ratios the targets name, each once: both tables below print them.
const RATIOS = [
  { label: "Node CPU per request, ours/floor, ×1", ours: "pg1", theirs: "floor1", field: "svc", target: "≤ 2 for writes" },
  { label: "Node CPU per request, ours/floor, ×2", ours: "pg2", theirs: "floor2", field: "svc", target: "≤ 2 for writes" },
  { label: "Node CPU per request, main threads only, ours/floor, ×1", ours: "pg1", theirs: "floor1", field: "svcMain", target: "(part of the Node CPU)" },
  { label: "Node CPU per request, main threads only, ours/floor, ×2", ours: "pg2", theirs: "floor2", field: "svcMain", target: "(part of the Node CPU)" },
  { label: "PostgreSQL CPU per request, ours/floor, ×1", ours: "pg1", theirs: "floor1", field: "pg", target: "≤ 2 for writes" },
  { label: "PostgreSQL CPU per request, ours/floor, ×2", ours: "pg2", theirs: "floor2", field: "pg", target: "≤ 2 for writes" },
  { label: "req/s ours ×1 / floor ×1", ours: "pg1", theirs: "floor1", field: "rps", target: "(none)" },
  { label: "req/s ours ×2 / floor ×2", ours: "pg2", theirs: "floor2", field: "rps", target: "adds ≥ 0.5, stock edits ≥ 0.5, reads ≥ 0.7, one store ≥ 0.5" },
];
const row = (r, cell) => console.log(`| ${r.label} | ${cols.map((w) => cell(w, r)).join(" | ")} | ${r.target} |`);
for (const r of RATIOS) row(r, (w) => times(ratio(get(w, r.ours, r.field), get(w, r.theirs, r.field))));
console.log(`| p99 ms, ours ×2 | ${cols.map((w) => ms(get(w, "pg2", "p99"))).join(" | ")} | ≤ 20 |`);
console.log(`| non-2xx, ours ×2 | ${cols.map((w) => String(get(w, "pg2", "bad"))).join(" | ")} | 0 |`);
if (ROUNDS > 1) {
  // Round by round: a round's cells were measured seconds apart, so its ratio is the least
  // disturbed by a drifting machine; the median of the rounds is the figure a verdict reads.
  console.log(`\nThe same ratios round by round (each round's ours against its floor): the median of the ${ROUNDS} rounds, then the least and the greatest.\n`);
  console.log("| ratio, round by round | add a customer | set stock, 3 stores | read an order | move stock | one store, 16 connections | target |");
  console.log("|---|---:|---:|---:|---:|---:|---|");
  const spread = (w, r) => {
    const by = roundRatios(results[`${w}|${r.ours}`], results[`${w}|${r.theirs}`], r.field);
    return Number.isFinite(by.median) ? `${times(by.median)} (${times(by.min)}–${times(by.max)})` : "–";
  };
  for (const r of RATIOS) row(r, spread);
}
console.log("\nNode CPU per request on PostgreSQL against the same workload in memory (the rules and HTTP alone):\n");
const memCols = ["add", "set", "read", "move", "plan"];
console.log("| Node CPU per request | add a customer | set stock, 3 stores | read an order | move stock | plan an intervention |");
console.log("|---|---:|---:|---:|---:|---:|");
console.log(`| memory ×1, ms | ${memCols.map((w) => cpu(get(w, "mem1", "svc"))).join(" | ")} |`);
console.log(`| PostgreSQL ×1, ms | ${memCols.map((w) => cpu(get(w, "pg1", "svc"))).join(" | ")} |`);
console.log(`| PostgreSQL ×1 / memory ×1 | ${memCols.map((w) => times(ratio(get(w, "pg1", "svc"), get(w, "mem1", "svc")))).join(" | ")} |`);
console.log(`| floor ×1, ms | ${memCols.map((w) => cpu(get(w, "floor1", "svc"))).join(" | ")} |`);
if (failed) process.exitCode = 1;

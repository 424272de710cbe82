#!/usr/bin/env node
// Latency at a fixed rate (issue 33): the service on PostgreSQL with two processes and the floor
// with two, each sent the same workload at the same rates, open loop. The throughput bench
// (throughput.mjs) keeps every connection busy, so the latency it measures is that of a machine
// working at full speed: by Little's law its mean is the connections over the requests answered a
// second, and on 2 shared cores p99 follows throughput. Here requests leave on a schedule (rate a
// second, spread evenly, whatever the server answers), so at a rate both servers sustain the
// percentiles compare what a request waits for, not how fast the machine saturates.
//
//   npm run build && scripts/with-postgres.sh node test/bench/latency-at-rate.mjs [rates, default 500,1000,1500,2000] [seconds, default 5]
//   LATENCY_WORKLOADS=add,set,move (default: all three); LATENCY_WARMUP=seconds (default 5)
//
// Each cell: one workload at one rate (requests a second over both processes, half to each) on
// one server for `seconds`, right after a second of closed-loop load on that server. A request's
// time is counted from the instant it was scheduled, not the one it left: when all 8 keep-alive
// connections of a process are busy, the request waits in the generator's queue and that wait
// counts (no coordinated omission). A cell whose last answer came more than 1 s after the
// schedule's end is marked as not kept up: the server fell behind the rate, and its percentiles
// hold the queue. The generator writes raw HTTP/1.1 on `node:net` and reads each answer by its
// Content-Length (204 and 304: none), one request at a time a connection.
// Printed for each cell: the requests, p50, p90, p99 and max in ms, non-2xx, the Node CPU of the
// two server processes and PostgreSQL's a request (from /proc, as throughput.mjs reads them), the
// generator's own CPU a request (this process), and the machine's idle share over the cell
// (/proc/stat: idle and iowait).
import { execFileSync } from "node:child_process";
import net from "node:net";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { jsonRequest } from "./listening.mjs";
import { checkedOutCommit, postgresTicks, procStat, serverProcesses, ticksOf } from "./processes.mjs";
import { BENCH_STORES, benchCustomer, clockTicksPerSecond, cpuPerRequest, percentile, stockSetAmounts } from "./throughput-stats.mjs";

const RATES = (process.argv[2] ?? "500,1000,1500,2000").split(",").map(Number);
const SECONDS = Number(process.argv[3] ?? 5);
const usage = "usage: latency-at-rate.mjs [rates a second, comma-separated, each 2-20000] [seconds 1-120]  (LATENCY_WORKLOADS=add,set,move)";
if (RATES.length === 0 || !RATES.every((r) => Number.isInteger(r) && r >= 2 && r <= 20_000) || !(Number.isInteger(SECONDS) && SECONDS >= 1 && SECONDS <= 120)) {
  console.error(usage);
  process.exit(2);
}
const base = process.env.DATABASE_URL;
if (!base) {
  console.error("latency-at-rate: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}
const CONNECTIONS = 8; // a process, as in throughput.mjs
// Seconds of closed-loop load on each server before a workload's cells (LATENCY_WARMUP).
const WARMUP = Number(process.env.LATENCY_WARMUP ?? 5);
if (!(WARMUP >= 0 && WARMUP <= 120)) {
  console.error("latency-at-rate: LATENCY_WARMUP must be a number of seconds in [0, 120]");
  process.exit(2);
}
const PROCESSES = 2;
const HZ = clockTicksPerSecond();
const stamp = Date.now().toString(36);

const WORKLOADS = [
  { key: "add", label: "add a customer", make: (n) => ({ method: "POST", path: "/customer", body: benchCustomer(`LR-${stamp}-${n}`) }) },
  { key: "set", label: "set stock amounts (3 materials), 3 stores in turn", make: (n) => ({ method: "PUT", path: `/store/externalId/${BENCH_STORES[n % 3]}/setMaterialAmounts`, body: stockSetAmounts(n) }) },
  { key: "move", label: "move stock (1 material) between stores", make: (n) => ({ method: "PUT", path: `/store/externalId/${BENCH_STORES[n % 3]}/moveTo/${BENCH_STORES[(n + 1) % 3]}`, body: [{ materialId: `MAT-${String(1 + (n % 20)).padStart(3, "0")}`, amount: 1 }] }) },
];
const ONLY = process.env.LATENCY_WORKLOADS?.split(",").filter((k) => k !== "");
if (ONLY !== undefined && !ONLY.every((k) => WORKLOADS.some((w) => w.key === k))) {
  console.error(`latency-at-rate: LATENCY_WORKLOADS names a workload other than ${WORKLOADS.map((w) => w.key).join(", ")}`);
  process.exit(2);
}
const workloads = ONLY === undefined ? WORKLOADS : WORKLOADS.filter((w) => ONLY.includes(w.key));
const counters = Object.fromEntries(WORKLOADS.map((w) => [w.key, 0]));

// ---- children and CPU ----
const { start, killAll } = serverProcesses();
let postmaster = 0;
const pgTicks = () => postgresTicks(postmaster);
/** The machine's idle and total ticks (/proc/stat's first line: idle and iowait against all). */
const machine = () => {
  const f = readFileSync("/proc/stat", "utf8").split("\n", 1)[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: f[3] + f[4], all: f.reduce((a, b) => a + b, 0) };
};

// ---- the open-loop generator ----
/**
 * One keep-alive connection that sends one request at a time and reads its answer by its
 * Content-Length; `send(bytes, done)` calls `done(status)` once the whole answer is in.
 */
function connection(port, fail) {
  const socket = net.connect(port, "127.0.0.1");
  socket.setNoDelay(true);
  let buffered = Buffer.alloc(0);
  let done;
  socket.on("data", (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = buffered.subarray(0, end).toString("latin1");
    const status = Number(head.slice(9, 12));
    // 204 and 304 answers have no body, and no Content-Length to say so.
    const length = status === 204 || status === 304 ? 0 : Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isInteger(length)) return fail(new Error(`latency-at-rate: an answer without Content-Length: ${head.slice(0, 200)}`));
    if (buffered.length < end + 4 + length) return;
    if (buffered.length > end + 4 + length) return fail(new Error("latency-at-rate: bytes after an answer (the generator sends one request at a time)"));
    buffered = Buffer.alloc(0);
    const callback = done;
    done = undefined;
    callback(status);
  });
  socket.on("error", (e) => fail(new Error(`latency-at-rate: connection to ${port}: ${e.message}`)));
  return {
    ready: new Promise((resolve) => socket.once("connect", resolve)),
    send(bytes, callback) {
      done = callback;
      socket.write(bytes);
    },
    close: () => socket.destroy(),
  };
}

/** The bytes of one request. */
function requestBytes(r, token) {
  const body = r.body === undefined ? "" : JSON.stringify(r.body);
  return Buffer.from(
    `${r.method} ${r.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Sends workload `w` to `targets` at `rate` requests a second (round robin over the processes) for
 * `seconds`, each request scheduled at start + i / rate; resolves once every request is answered
 * with the latencies (ms, from each request's scheduled instant), the non-2xx count, and when
 * the last answer came after the schedule's end.
 */
async function runAt(targets, w, rate, seconds) {
  const total = Math.round(rate * seconds);
  const lanes = [];
  let failure;
  const fail = (e) => {
    failure ??= e;
  };
  for (const t of targets) {
    const idle = [];
    for (let i = 0; i < CONNECTIONS; i++) idle.push(connection(t.p.port, fail));
    await Promise.all(idle.map((c) => c.ready));
    lanes.push({ token: t.token, idle, all: [...idle], queue: [], head: 0 });
  }
  const latencies = [];
  let bad = 0;
  let answered = 0;
  let lastAnswer = 0;
  const start = performance.now() + 5;
  const interval = 1000 / rate;
  return new Promise((resolve, reject) => {
    const closeAll = () => {
      for (const l of lanes) for (const x of l.all) x.close();
    };
    // A connection that failed, or answers still missing 30 s after the schedule's end, end the cell.
    const watch = setInterval(() => {
      if (failure === undefined && performance.now() > start + total * interval + 30_000) fail(new Error(`latency-at-rate: ${total - answered} of ${total} requests unanswered 30 s after the schedule's end`));
      if (failure === undefined) return;
      clearInterval(watch);
      closeAll();
      reject(failure);
    }, 50);
    const dispatch = (lane) => {
      while (lane.idle.length > 0 && lane.head < lane.queue.length) {
        const c = lane.idle.pop();
        const { bytes, at } = lane.queue[lane.head];
        lane.queue[lane.head++] = undefined;
        c.send(bytes, (status) => {
          const now = performance.now();
          latencies.push(now - at);
          if (status < 200 || status > 299) bad++;
          answered++;
          lastAnswer = now;
          lane.idle.push(c);
          dispatch(lane);
          if (answered === total) {
            clearInterval(watch);
            closeAll();
            resolve({ latencies, bad, answered, sent: total, lateMs: lastAnswer - (start + total * interval) });
          }
        });
      }
    };
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        const lane = lanes[sent % lanes.length];
        lane.queue.push({ bytes: requestBytes(w.make(counters[w.key]++), lane.token), at: start + sent * interval });
        sent++;
        dispatch(lane);
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(1, start + sent * interval - performance.now())));
    };
    setTimeout(tick, 5);
  });
}

/**
 * Keeps every connection of `targets` busy with workload `w` for `seconds` (closed loop, as
 * throughput.mjs drives a cell): the warm-up, so that a cell at a low rate does not pay for V8
 * compiling what the workload runs.
 */
async function warmUp(targets, w, seconds) {
  const until = performance.now() + seconds * 1000;
  let failure;
  const runs = [];
  for (const t of targets) {
    for (let i = 0; i < CONNECTIONS; i++) {
      let stop;
      const c = connection(t.p.port, (e) => {
        failure ??= e;
        stop?.();
      });
      runs.push(
        c.ready.then(
          () =>
            new Promise((resolve) => {
              stop = () => {
                c.close();
                resolve();
              };
              const next = () => {
                if (failure !== undefined || performance.now() >= until) {
                  c.close();
                  return resolve();
                }
                c.send(requestBytes(w.make(counters[w.key]++), t.token), next);
              };
              next();
            }),
        ),
      );
    }
  }
  await Promise.all(runs);
  if (failure !== undefined) throw failure;
}

async function measure(entry, w, rate) {
  const pids = entry.procs.map((p) => p.child.pid);
  const node0 = ticksOf(pids);
  const pg0 = pgTicks();
  const m0 = machine();
  const own0 = process.cpuUsage();
  const r = await runAt(entry.targets, w, rate, SECONDS);
  const own = process.cpuUsage(own0);
  const node1 = ticksOf(pids);
  const pg1 = pgTicks();
  const m1 = machine();
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return {
    ...r,
    p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99), max: sorted.at(-1),
    node: cpuPerRequest(node1 - node0, HZ, r.answered), pg: cpuPerRequest(pg1 - pg0, HZ, r.answered),
    idle: (m1.idle - m0.idle) / (m1.all - m0.all),
    generator: (own.user + own.system) / 1000 / r.answered,
  };
}

// ---- the run ----
const admin = new pg.Client({ connectionString: base });
const databases = [];
const rows = [];
let failed = false;
const loadAtStart = execFileSync("uptime", { encoding: "utf8" }).trim();
try {
  await admin.connect();
  postmaster = procStat((await admin.query("SELECT pg_backend_pid() AS pid")).rows[0].pid)?.ppid ?? 0;
  if (!postmaster) throw new Error("cannot find the postmaster: is PostgreSQL on this machine?");
  const servers = [];
  for (const kind of ["service", "floor"]) {
    const name = `fsr_lr_${stamp}_${kind}`;
    await admin.query(`CREATE DATABASE ${name}`);
    databases.push(name);
    const u = new URL(base);
    u.pathname = `/${name}`;
    const entry = { kind, procs: [], targets: [] };
    for (let i = 0; i < PROCESSES; i++) {
      // One after the other: the first creates and seeds the schema.
      const args = kind === "service" ? ["dist/server/main.js", "--port", "0", "--host", "127.0.0.1"] : ["test/bench/floor-server.mjs"];
      entry.procs.push(await start(`${kind}-${i}`, args, { DATABASE_URL: u.toString() }));
    }
    for (const p of entry.procs) {
      const login = await jsonRequest(p.port, "POST", "/auth/login", { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" });
      if (login.status !== 200) throw new Error(`login on ${p.name}: ${login.status} ${login.text}`);
      entry.targets.push({ p, token: JSON.parse(login.text).accessToken });
    }
    servers.push(entry);
  }
  for (const w of workloads) {
    for (const entry of servers) await warmUp(entry.targets, w, WARMUP);
    for (const [i, rate] of RATES.entries()) {
      // The servers in turn, in reverse every other rate: neither always runs first.
      for (const entry of i % 2 === 0 ? servers : [...servers].reverse()) {
        // A second of closed loop right before the cell, unmeasured: a pool idle while the other
        // server was measured has closed its connections (pg's idle timeout is 10 s), and the
        // first requests of a cell would otherwise wait for new backends (365 ms seen).
        await warmUp(entry.targets, w, 1);
        rows.push({ w, rate, kind: entry.kind, ...(await measure(entry, w, rate)) });
      }
    }
    process.stderr.write(`latency-at-rate: ${w.key} done\n`);
  }
} catch (e) {
  failed = true;
  console.error(`latency-at-rate: ${e instanceof Error ? e.stack : e}`);
} finally {
  killAll();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
}

const commit = checkedOutCommit();
const ms = (x) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : x.toFixed(0)) : "–");
console.log(`\n## Latency at a fixed rate: ${new Date().toISOString()}, commit ${commit}\n`);
console.log(`Node ${process.version}, ${availableParallelism()} cores; ${PROCESSES} processes a server, ${CONNECTIONS} keep-alive connections each; ${SECONDS} s a cell; each workload first drives each server for ${WARMUP} s with every connection busy (warm-up); open loop, times from each request's scheduled instant; CLK_TCK ${HZ}.`);
console.log(`Load at start: \`${loadAtStart}\``);
console.log(`Load at end:   \`${execFileSync("uptime", { encoding: "utf8" }).trim()}\`\n`);
console.log("| workload | rate /s | server ×2 | requests | p50 ms | p90 ms | p99 ms | max ms | non-2xx | Node CPU ms/req | PostgreSQL CPU ms/req | generator CPU ms/req | machine idle | kept up |");
console.log("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
for (const r of rows) {
  const kept = r.lateMs <= 1000 ? "yes" : `no (last answer ${(r.lateMs / 1000).toFixed(1)} s late)`;
  console.log(`| ${r.w.label} | ${r.rate} | ${r.kind === "service" ? "service on PostgreSQL" : "floor"} | ${r.answered} | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.bad} | ${r.node.toFixed(3)} | ${r.pg.toFixed(3)} | ${r.generator.toFixed(3)} | ${(100 * r.idle).toFixed(0)}% | ${kept} |`);
}
process.exitCode = failed ? 1 : 0;

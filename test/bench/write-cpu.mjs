#!/usr/bin/env node
// CPU per write of one service process, without HTTP (issue 33): the built service in memory or
// on PostgreSQL, `count` adds, 3-material stock sets of one store (`set`), the throughput bench's
// stock sets over its three stores in turn (`sets`), or order reads (the bench's read: one order by
// external ID) with 4 in flight (WRITE_CPU_INFLIGHT to change it) after a warm-up of as many, 4 in
// flight too (WRITE_CPU_WARMUP to change it; with 300, as until 29 November, the JIT was still
// compiling the service while it was measured); prints user and system CPU per request from
// process.cpuUsage(), then the statements sent per request (the storage's `stats().statements`;
// on PostgreSQL: how many writes one group commit took) and the CPU per request of the main thread and of the others (V8's
// compiler and GC helpers, libuv's pool), from /proc/self/task, and the main thread's garbage
// collection pauses per request (node:perf_hooks "gc" entries: scavenges, and the rest). With WRITE_CPU_PROFILE=<dir>
// it also writes a CPU profile of the measured loop there (node:inspector); that profile counts
// as idle the native work Node does for I/O before it enters JavaScript (perf does not).
//   npm run build && scripts/with-postgres.sh node test/bench/write-cpu.mjs add|set|sets|read pg [count]
//   node test/bench/write-cpu.mjs set memory [count]
import { execFile } from "node:child_process";
import { writeFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { promisify } from "node:util";
import { Session } from "node:inspector/promises";
import { PerformanceObserver, constants as perfConstants } from "node:perf_hooks";
import { createFieldService, demoFixture } from "../../dist/service/index.js";
import { postgresStorage } from "../../dist/postgres/index.js";
import pg from "pg";
import { BENCH_STORES, clockTicksPerSecond, parseProcStat, stockSetAmounts } from "./throughput-stats.mjs";

const kind = process.argv[2] ?? "add";
const where = process.argv[3] ?? "pg";
const count = Number(process.argv[4] ?? 4000);
if (!["add", "set", "sets", "read"].includes(kind) || !["pg", "memory"].includes(where) || !Number.isSafeInteger(count) || count < 1) {
  console.error("usage: write-cpu.mjs add|set|sets|read pg|memory [count]");
  process.exit(2);
}
const inflight = Number(process.env.WRITE_CPU_INFLIGHT ?? 4);
if (!Number.isSafeInteger(inflight) || inflight < 1 || inflight > 256) {
  console.error("write-cpu: WRITE_CPU_INFLIGHT must be a whole number of requests from 1 to 256");
  process.exit(2);
}
const warmup = Number(process.env.WRITE_CPU_WARMUP ?? count);
if (!Number.isSafeInteger(warmup) || warmup < 0) {
  console.error("write-cpu: WRITE_CPU_WARMUP must be a whole number of requests");
  process.exit(2);
}
if (where === "pg" && !process.env.DATABASE_URL) {
  console.error("write-cpu: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}
const schema = `bench_cpu_${Date.now().toString(36)}`;
const pgStorage = where === "pg" ? postgresStorage({ connectionString: process.env.DATABASE_URL, schema, maxConnections: 4 }) : undefined;
const service = createFieldService({ fixture: demoFixture, ...(pgStorage === undefined ? {} : { storage: pgStorage }) });
/** Statements the storage has sent so far (none in memory). */
const statementsSent = () => pgStorage?.stats().statements ?? 0;
await service.ready();
const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
const headers = { authorization: `Bearer ${login.body.accessToken}` };
if (kind === "read") {
  const customer = { externalId: "R-CUST", name: "Zákazník", identificationNumber: "27074358", contactPeople: [{ externalId: "cp", lastName: "Nová" }], addresses: [{ externalId: "adr", street: "Husova 5", city: "Brno" }] };
  const order = { externalId: "R-ORDER", customerId: "R-CUST", addressId: "adr", contactPersonId: "cp", categoryId: "oprava" };
  for (const [path, body] of [["/customer", customer], ["/order", order]]) {
    const answer = await service.handle({ method: "POST", path, headers, body });
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}
const make = (n) =>
  kind === "read"
    ? { method: "GET", path: "/order/externalId/R-ORDER", headers }
    : kind === "add"
    ? { method: "POST", path: "/customer", headers, body: { externalId: `C-${schema}-${n}`, name: "Zákazník", identificationNumber: "27074358", contactPeople: [{ externalId: "cp", lastName: "Nová" }], addresses: [{ externalId: "adr", street: "Husova 5", city: "Brno" }] } }
    : kind === "sets"
    ? { method: "PUT", path: `/store/externalId/${BENCH_STORES[n % 3]}/setMaterialAmounts`, headers, body: stockSetAmounts(n) }
    : { method: "PUT", path: "/store/externalId/centralni-sklad/setMaterialAmounts", headers, body: [1, 2, 3].map((j) => ({ materialId: `MAT-${String(1 + ((n + j) % 20)).padStart(3, "0")}`, amount: (n + j) % 100 })) };
const send = async (n) => {
  const answer = await service.handle(make(n));
  if (answer.status >= 300) throw new Error(`request ${n}: ${answer.status} ${JSON.stringify(answer.body)}`);
};
let next = 0;
/** Sends requests `inflight` at a time until `until` of them are sent in all. */
const drive = (until) =>
  Promise.all(Array.from({ length: inflight }, async () => {
    while (next < until) await send(next++);
  }));
await drive(warmup);
/** CPU ticks of each thread of this process, by thread ID (empty where /proc is not there). */
const threadTicks = () => {
  const ticks = new Map();
  try {
    for (const id of readdirSync("/proc/self/task")) {
      const stat = parseProcStat(readFileSync(`/proc/self/task/${id}/stat`, "utf8"));
      if (stat !== undefined) ticks.set(id, stat);
    }
  } catch {
    // not Linux: the split is left out
  }
  return ticks;
};
const profileDir = process.env.WRITE_CPU_PROFILE;
const session = profileDir === undefined ? undefined : new Session();
if (session !== undefined) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
/** Garbage collections of the main thread: kind (minor, or any other), start and duration, in ms. */
const collections = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push({ minor: entry.detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MINOR, start: entry.startTime, ms: entry.duration });
});
gcObserver.observe({ entryTypes: ["gc"] });
// Under valgrind's callgrind (instructions.mjs sets WRITE_CPU_CALLGRIND): its counters are dumped
// and zeroed just before and just after the measured loop, so the second dump counts the loop alone.
const callgrindDump = async (label) => {
  if (process.env.WRITE_CPU_CALLGRIND === undefined) return;
  // callgrind_control asks the running process, which must keep running to answer: not a sync call.
  const keepAwake = setInterval(() => {}, 5);
  try {
    await promisify(execFile)("callgrind_control", ["--dump=" + label, String(process.pid)], { timeout: 120_000 });
  } finally {
    clearInterval(keepAwake);
  }
};
await callgrindDump("warm");
const ticksBefore = threadTicks();
const statementsBefore = statementsSent();
const before = process.cpuUsage();
const started = performance.now();
await drive(warmup + count);
await callgrindDump("loop");
const used = process.cpuUsage(before);
const statements = statementsSent() - statementsBefore;
const ticksAfter = threadTicks();
const wall = performance.now() - started;
// The observer hears of a collection after it ends: one more turn, then only those that started in the loop.
await new Promise((resolve) => setImmediate(resolve));
gcObserver.disconnect();
const pauses = { minor: { n: 0, ms: 0 }, other: { n: 0, ms: 0 } };
for (const c of collections) {
  if (c.start < started || c.start > started + wall) continue;
  const into = c.minor ? pauses.minor : pauses.other;
  into.n++;
  into.ms += c.ms;
}
if (session !== undefined) {
  const { profile } = await session.post("Profiler.stop");
  mkdirSync(profileDir, { recursive: true });
  writeFileSync(`${profileDir}/write-cpu-${kind}-${where}.cpuprofile`, JSON.stringify(profile));
}
const ms = (micros) => (micros / 1000 / count).toFixed(3);
const split = { main: { user: 0, system: 0 }, others: { user: 0, system: 0 } };
for (const [id, after] of ticksAfter) {
  const before = ticksBefore.get(id) ?? { user: 0, system: 0 };
  const into = id === String(process.pid) ? split.main : split.others;
  into.user += after.user - before.user;
  into.system += after.system - before.system;
}
const tick = 1_000_000 / clockTicksPerSecond(); // µs a tick
console.log(`| ${kind} | ${where} | ${count} | ${ms(used.user + used.system)} | ${ms(used.user)} | ${ms(used.system)} | ${(count / (wall / 1000)).toFixed(0)} |`);
await service.close();
if (where === "pg") {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
  await admin.end();
}
if (ticksAfter.size > 0) {
  const perRequest = (ticks) => ((ticks * tick) / 1000 / count).toFixed(3);
  console.log(`statements per request ${(statements / count).toFixed(3)} (${inflight} in flight); CPU ms per request, main thread user ${perRequest(split.main.user)} system ${perRequest(split.main.system)}, other threads user ${perRequest(split.others.user)} system ${perRequest(split.others.system)}`);
}
const pause = (p) => `${p.n} (${((p.ms * 1000) / count).toFixed(1)} µs per request)`;
console.log(`garbage collection pauses of the main thread: scavenges ${pause(pauses.minor)}, other ${pause(pauses.other)}`);

#!/usr/bin/env node
// Processes racing one company on PostgreSQL, without HTTP (issue 33): N processes of the built
// service on one schema, each with `inflight` writes in flight for `seconds`: sets of three
// materials (chosen as write-cpu.mjs chooses them) or one-material moves (the throughput bench's
// "move") over the three demo stores in turn, or (`one`) the same sets on one store (the bench's
// hot store), or (`plan`) the throughput bench's intervention plans (three technicians, four
// orders of one customer, a 10-minute slot each, no two plans on one slot). Each process prints
// one JSON line: its writes, writes/s, p50 and p99 ms, Node CPU ms a write, and its storage's
// counters (commits, grouped, retries, round trips, connections opened) with the mean time of a
// view (load) and of a commit, so a race's cost shows where it goes.
//   npm run build && scripts/with-postgres.sh node test/bench/write-race.mjs set|one|move|plan [processes=2] [seconds=5] [inflight=8]
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";

const [kind = "set", processes = "2", seconds = "5", inflight = "8", role, schemaArg, indexArg = "0"] = process.argv.slice(2);
if (!["set", "one", "move", "plan"].includes(kind) || !(Number(processes) >= 1 && Number(processes) <= 8) || !(Number(seconds) > 0 && Number(seconds) <= 120) || !(Number(inflight) >= 1 && Number(inflight) <= 64)) {
  console.error("usage: write-race.mjs set|one|move|plan [processes 1-8] [seconds] [inflight]");
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error("write-race: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}

if (role === "worker") {
  const { createFieldService, demoFixture } = await import("../../dist/service/index.js");
  const { postgresStorage } = await import("../../dist/postgres/index.js");
  const { planSlot } = await import("./throughput-stats.mjs");
  const PLAN_ORDERS = 4;
  const storage = postgresStorage({ connectionString: process.env.DATABASE_URL, schema: schemaArg, maxConnections: 8 });
  const timed = { load: 0, commit: 0, loads: 0, commits: 0 };
  for (const m of ["load", "commit"]) {
    const original = storage[m];
    storage[m] = async (...args) => {
      const t = performance.now();
      try {
        return await original.apply(storage, args);
      } finally {
        timed[m] += performance.now() - t;
        timed[`${m}s`]++;
      }
    };
  }
  const service = createFieldService({ fixture: demoFixture, storage });
  await service.ready();
  const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
  const headers = { authorization: `Bearer ${login.body.accessToken}` };
  const STORES = ["centralni-sklad", "auto-1", "auto-2"];
  const material = (n) => `MAT-${String(1 + (n % 20)).padStart(3, "0")}`;
  if (kind === "plan" && indexArg === "0") {
    const customer = { externalId: "R-CUST", name: "Zákazník", identificationNumber: "27074358", contactPeople: [{ externalId: "cp", lastName: "Nová" }], addresses: [{ externalId: "adr", street: "Husova 5", city: "Brno" }] };
    const made = [await service.handle({ method: "POST", path: "/customer", headers, body: customer })];
    for (let i = 0; i < PLAN_ORDERS; i++) made.push(await service.handle({ method: "POST", path: "/order", headers, body: { externalId: `R-PLAN-${i}`, customerId: "R-CUST", addressId: "adr", contactPersonId: "cp", categoryId: "oprava" } }));
    for (const answer of made) if (answer.status !== 201) throw new Error(`plan setup: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const make = (i) => {
    if (kind === "plan") {
      // Request i of this process is the bench's n-th plan, n interleaved over the processes so
      // that no two plans ask for one technician's slot.
      const slot = planSlot(i * Number(processes) + Number(indexArg), ["tech-1", "tech-2", "tech-3"], "2027-01-04");
      return { method: "POST", path: `/order/externalId/R-PLAN-${i % PLAN_ORDERS}/PlanIntervention`, headers, body: { primaryAssigneeId: slot.userId, day: slot.day, categoryId: "oprava", assignations: [{ userId: slot.userId, plannedStart: slot.plannedStart, plannedEnd: slot.plannedEnd }] } };
    }
    return makeStock(i);
  };
  const makeStock = (n) =>
    kind !== "move"
      ? { method: "PUT", path: `/store/externalId/${STORES[kind === "one" ? 0 : n % 3]}/setMaterialAmounts`, headers, body: [1, 2, 3].map((j) => ({ materialId: material(n + j), amount: (n + j) % 100 })) }
      : { method: "PUT", path: `/store/externalId/${STORES[n % 3]}/moveTo/${STORES[(n + 1) % 3]}`, headers, body: [{ materialId: material(n), amount: 1 }] };
  // Every process starts together: each says it is ready, and the parent sends "go" on stdin.
  const go = new Promise((resolve) => process.stdin.once("data", resolve));
  console.log("ready");
  await go;
  let n = 0;
  let bad = 0;
  const latencies = [];
  const until = Date.now() + Number(seconds) * 1000;
  const before = storage.stats();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: Number(inflight) }, async () => {
    while (Date.now() < until) {
      const t = performance.now();
      const answer = await service.handle(make(n++));
      latencies.push(performance.now() - t);
      if (answer.status >= 300) bad++;
    }
  }));
  const cpu = process.cpuUsage(cpu0);
  const after = storage.stats();
  latencies.sort((a, b) => a - b);
  const done = latencies.length;
  const delta = (k) => after[k] - before[k];
  console.log(JSON.stringify({
    writes: done, perSecond: Math.round(done / Number(seconds)), non2xx: bad,
    p50: Number(latencies[done >> 1].toFixed(1)), p99: Number(latencies[Math.floor(done * 0.99)].toFixed(1)),
    nodeCpuMs: Number(((cpu.user + cpu.system) / 1000 / done).toFixed(3)),
    commits: delta("commits"), grouped: delta("grouped"), retries: delta("retries"), roundTrips: delta("roundTrips"), connections: delta("connections"),
    loadMs: Number((timed.load / timed.loads).toFixed(2)), commitMs: Number((timed.commit / timed.commits).toFixed(2)),
  }));
  await service.close();
  process.exit(0);
}

const schema = `bench_race_${Date.now().toString(36)}`;
const self = fileURLToPath(import.meta.url);
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
try {
  const workers = [];
  for (let i = 0; i < Number(processes); i++) {
    const child = spawn(process.execPath, [self, kind, processes, seconds, inflight, "worker", schema, String(i)], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    let ready;
    const isReady = new Promise((resolve) => (ready = resolve));
    child.stdout.on("data", (d) => {
      out += d;
      if (out.startsWith("ready\n")) ready();
    });
    workers.push({ child, done: new Promise((resolve) => child.once("exit", () => resolve(out.slice("ready\n".length).trim()))) });
    // One after the other: the first creates and seeds the schema. Bounded: 60 s to be ready.
    const late = setTimeout(() => child.kill("SIGKILL"), 60_000);
    await Promise.race([isReady, new Promise((resolve) => child.once("exit", resolve))]);
    clearTimeout(late);
  }
  for (const w of workers) w.child.stdin.end("go\n");
  const lines = await Promise.all(workers.map((w) => w.done));
  console.log(`write-race: ${kind}, ${processes} process(es), ${inflight} in flight each, ${seconds} s, load ${(await import("node:os")).loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  for (const line of lines) console.log(line);
} finally {
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
  await admin.end();
}

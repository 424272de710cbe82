#!/usr/bin/env node
// The two-process proof of the PostgreSQL storage (issue 12), against the built package:
//   npm run build && scripts/with-postgres.sh node test/bench/two-processes.mjs
// Starts two `node dist/server/main.js` on 127.0.0.1 (free ports) sharing one fresh database,
// then, with bounded loops only:
//   1. throughput of a small stock write through one process, then through both (req/s, p99);
//   2. a race: the same technician and slot planned through both at once: exactly one wins;
//   3. parallel stock batches through both: the sums are exact;
//   4. kill -9 of one process under load, a restart: every acknowledged write is there, and no
//      request is half-written (a two-material batch is both rows or none; every planned
//      intervention has its allocation);
//   5. in process, two storages on one schema under contention: the retry rate.
// Prints the figures as Markdown; exits 1 when a check fails.
import { spawn } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import { listeningPort } from "./listening.mjs";

const base = process.env.DATABASE_URL;
if (!base) {
  console.error("two-processes: DATABASE_URL is not set; run it as scripts/with-postgres.sh node test/bench/two-processes.mjs");
  process.exit(2);
}
const database = `fsr_proof_${Date.now().toString(36)}`;
const url = new URL(base);
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
url.pathname = `/${database}`;
const DB = url.toString();

let failures = 0;
function check(ok, what) {
  console.log(`- ${ok ? "PASS" : "FAIL"}: ${what}`);
  if (!ok) failures++;
}

/** Starts one service process; resolves with its base URL once it listens. */
async function start(name) {
  const child = spawn(process.execPath, ["dist/server/main.js", "--port", "0", "--host", "127.0.0.1"], {
    env: { ...process.env, DATABASE_URL: DB, PORT: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr.on("data", (d) => process.stderr.write(`[${name}] ${d}`));
  const baseUrl = `http://127.0.0.1:${await listeningPort(child, name, 60_000)}`;
  return { child, baseUrl, name };
}

async function call(p, method, path, body, token) {
  const r = await fetch(`${p.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

async function login(p) {
  const r = await call(p, "POST", "/auth/login", { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" });
  if (r.status !== 200) throw new Error(`login on ${p.name}: ${r.status}`);
  return r.body.accessToken;
}

/** Runs `count` requests with `concurrency` workers; `make(i)` sends request i. Returns latencies (ms) and statuses. */
async function load(count, concurrency, make) {
  const latencies = [];
  const statuses = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        try {
          statuses[i] = (await make(i)).status;
        } catch {
          statuses[i] = "error";
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: count / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0, statuses };
}

const amountOf = async (p, token, material) => {
  const r = await call(p, "GET", "/store/externalId/auto-2?page=1&pageSize=50", undefined, token);
  return r.body.materials.items.find((i) => i.materialExternalId === material)?.amount ?? 0;
};

let p1 = await start("P1");
let p2 = await start("P2");
try {
  const [t1, t2] = await Promise.all([login(p1), login(p2)]);
  const via = (i) => (i % 2 === 0 ? [p1, t1] : [p2, t2]);
  await call(p1, "POST", "/customer", { name: "Důkaz s.r.o.", identificationNumber: "27074358", externalId: "PROOF", contactPeople: [{ externalId: "cp", lastName: "Nová" }], addresses: [{ externalId: "adr", street: "Husova 5", city: "Brno" }] }, t1);
  const order = await call(p1, "POST", "/order", { externalId: "ORD-P", customerId: "PROOF", addressId: "adr", contactPersonId: "cp", categoryId: "oprava" }, t1);
  if (order.status !== 201) throw new Error(`order: ${JSON.stringify(order)}`);

  console.log("## Two processes on one PostgreSQL database\n");
  // 1. Throughput of one small stock write (a one-item addToStore).
  const N = 2000;
  const C = 16;
  const add = (p, t) => call(p, "POST", "/store/externalId/auto-2/addToStore", [{ materialId: "MAT-001", amount: 1 }], t);
  await load(200, C, () => add(p1, t1)); // warm-up
  const one = await load(N, C, () => add(p1, t1));
  const two = await load(N, C, (i) => add(...via(i)));
  const read = await load(N, C, (i) => call(...via(i).slice(0, 1), "GET", "/order/externalId/ORD-P", undefined, via(i)[1]));
  console.log(`| workload (${N} requests, ${C} in flight) | req/s | p50 ms | p99 ms |`);
  console.log("|---|---|---|---|");
  console.log(`| addToStore, one process | ${one.rps.toFixed(0)} | ${one.p50.toFixed(1)} | ${one.p99.toFixed(1)} |`);
  console.log(`| addToStore on the same store, two processes | ${two.rps.toFixed(0)} | ${two.p50.toFixed(1)} | ${two.p99.toFixed(1)} |`);
  console.log(`| GET order, two processes | ${read.rps.toFixed(0)} | ${read.p50.toFixed(1)} | ${read.p99.toFixed(1)} |\n`);
  check(one.statuses.every((s) => s === 201) && two.statuses.every((s) => s === 201), "every throughput write answered 201");

  // 2. The same technician and slot through both processes at once.
  const slot = { primaryAssigneeId: "tech-1", day: "2026-06-01", categoryId: "oprava", assignations: [{ userId: "tech-1", plannedStart: "2026-06-01T08:00:00Z", plannedEnd: "2026-06-01T09:00:00Z" }] };
  const race = await Promise.all(Array.from({ length: 20 }, (_, i) => call(via(i)[0], "POST", "/order/externalId/ORD-P/PlanIntervention", slot, via(i)[1])));
  check(race.filter((r) => r.status === 200).length === 1 && race.every((r) => r.status === 200 || r.status === 400), `20 plans of one slot through both processes: ${race.filter((r) => r.status === 200).length} won, ${race.filter((r) => r.status === 400).length} refused (ASN-5)`);

  // 3. Parallel stock batches through both: exact sums.
  const before = await amountOf(p1, t1, "MAT-002");
  const batches = await load(400, C, (i) => call(via(i)[0], "POST", "/store/externalId/auto-2/addToStore", [{ materialId: "MAT-002", amount: 0.5 }], via(i)[1]));
  const after = await amountOf(p2, t2, "MAT-002");
  check(batches.statuses.every((s) => s === 201) && after - before === 200, `400 batches of 0.5 through both processes: ${before} → ${after} (exact: +200)`);

  // 4. kill -9 of P2 under load; P1 keeps going; restart P2; verify.
  let acked = 0;
  let unknown = 0;
  const planned = [];
  let stop = false;
  const killer = (async () => {
    await new Promise((r) => setTimeout(r, 700));
    p2.child.kill("SIGKILL");
    await once(p2.child, "exit");
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
  })();
  let n = 0;
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      while (!stop) {
        const i = n++;
        const [p, t] = w % 2 === 0 ? [p1, t1] : [p2, t2];
        try {
          const r = await call(p, "POST", "/store/externalId/auto-2/addToStore", [{ materialId: "MAT-004", amount: 1 }, { materialId: "MAT-005", amount: 1 }], t);
          if (r.status === 201) acked++;
          const minute = i % 600;
          const plan = await call(p, "POST", "/order/externalId/ORD-P/PlanIntervention", {
            primaryAssigneeId: "tech-2", day: "2026-07-01", categoryId: "oprava", externalId: `K-${i}`,
            assignations: [{ userId: "tech-2", plannedStart: new Date(Date.UTC(2026, 6, 1, 6) + minute * 60_000).toISOString(), plannedEnd: new Date(Date.UTC(2026, 6, 1, 6) + (minute + 1) * 60_000).toISOString() }],
          }, t);
          if (plan.status === 200) planned.push(plan.body.id);
        } catch {
          unknown++;
          if (p === p2) await new Promise((r) => setTimeout(r, 20));
        }
      }
    }),
  );
  await killer;
  p2 = await start("P2 (restarted)");
  const t2b = await login(p2);
  const m4 = await amountOf(p2, t2b, "MAT-004");
  const m5 = await amountOf(p2, t2b, "MAT-005");
  check(m4 === m5, `no half-written batch: MAT-004 = ${m4}, MAT-005 = ${m5} (each batch adds 1 to both)`);
  check(m4 >= acked && m4 <= acked + unknown, `every acknowledged batch is there: ${acked} acknowledged, ${unknown} cut off by the kill, amount ${m4}`);
  const db = new pg.Client({ connectionString: DB });
  await db.connect();
  const found = await db.query("SELECT count(*)::int AS n FROM field_service.interventions WHERE id = ANY($1::uuid[])", [planned]);
  const orphans = await db.query("SELECT count(*)::int AS n FROM field_service.interventions i WHERE (i.doc->>'state') <> 'Cancelled' AND NOT EXISTS (SELECT 1 FROM field_service.allocations a WHERE a.company_id = i.company_id AND a.intervention_id = i.id)");
  await db.end();
  check(found.rows[0].n === planned.length, `every acknowledged plan is there: ${planned.length} acknowledged, ${found.rows[0].n} found after the restart`);
  check(orphans.rows[0].n === 0, "no intervention without its allocation (no half-written plan)");
  const afterRestart = await call(p2, "POST", "/store/externalId/auto-2/addToStore", [{ materialId: "MAT-004", amount: 1 }], t2b);
  check(afterRestart.status === 201, "the restarted process serves writes on the same data");
} finally {
  for (const p of [p1, p2]) if (p.child.exitCode === null) p.child.kill("SIGTERM");
  await Promise.all([p1, p2].map((p) => (p.child.exitCode === null ? once(p.child, "exit") : undefined)));
}

// 5. Retry rate under contention, in process (the counters live in the storage).
const { postgresStorage } = await import("../../dist/postgres/index.js");
const { createFieldService } = await import("../../dist/service/index.js");
const { demoFixture } = await import("../../dist/testing/index.js");
const storages = [postgresStorage({ connectionString: DB, schema: "contention" }), postgresStorage({ connectionString: DB, schema: "contention" })];
const services = storages.map((storage) => createFieldService({ fixture: demoFixture, storage }));
for (const s of services) await s.ready();
const tokens = [];
for (const s of services) tokens.push((await s.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } })).body.accessToken);
const hot = await load(1000, 32, (i) => services[i % 2].handle({ method: "POST", path: "/store/externalId/auto-2/addToStore", headers: { authorization: `Bearer ${tokens[i % 2]}` }, body: [{ materialId: "MAT-001", amount: 1 }] }));
const cold = await load(1000, 32, (i) => services[i % 2].handle({ method: "POST", path: `/store/externalId/${["centralni-sklad", "auto-1", "auto-2"][i % 3]}/addToStore`, headers: { authorization: `Bearer ${tokens[i % 2]}` }, body: [{ materialId: `MAT-0${String(10 + (i % 10))}`, amount: 1 }] }));
const stats = storages.map((s) => s.stats());
const retries = stats.reduce((a, s) => a + s.retries, 0);
const commits = stats.reduce((a, s) => a + s.commits, 0);
console.log(`\nIn process, two storages on one schema, 32 in flight: 1000 one-item batches on ONE store (${hot.rps.toFixed(0)} req/s, p99 ${hot.p99.toFixed(1)} ms) then 1000 spread over 3 stores × 10 materials (${cold.rps.toFixed(0)} req/s, p99 ${cold.p99.toFixed(1)} ms): ${retries} stale or taken commits beside ${commits} that wrote (${((100 * retries) / commits).toFixed(1)} %; the counters were renamed with the write redesign, and until 29 November this line read a removed one and printed NaN).`);
check(hot.statuses.every((s) => s === 201) && cold.statuses.every((s) => s === 201), "every contended batch answered 201 (conflicts retried, none failed)");
for (const s of services) await s.close();

await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
await admin.end();
console.log(failures === 0 ? "\nAll checks passed." : `\n${failures} check(s) FAILED.`);
process.exit(failures === 0 ? 0 : 1);

#!/usr/bin/env node
// HTTP throughput of the reference service on PostgreSQL beside pgbench on the same cluster, in
// one run (issue 22's targets; docs/performance.md "PostgreSQL throughput"), against the built
// package:
//   npm run build && scripts/with-postgres.sh node test/bench/pg-throughput.mjs [seconds]
// Starts `node dist/server/main.js` processes on 127.0.0.1 (free ports): one in memory, one and
// then two on one fresh database; drives each workload for a bounded time with C keep-alive
// connections per process from this process; then runs pgbench (TPC-B, simple updates,
// select-only) on the same cluster. Prints Markdown; every loop is bounded in time.
import { spawn, execFileSync } from "node:child_process";
import http from "node:http";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import pg from "pg";

const base = process.env.DATABASE_URL;
if (!base) {
  console.error("pg-throughput: DATABASE_URL is not set; run it as scripts/with-postgres.sh node test/bench/pg-throughput.mjs");
  process.exit(2);
}
const SECONDS = Number(process.argv[2] ?? 5);
const C = 8; // connections per process
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const stamp = Date.now().toString(36);
const admin = new pg.Client({ connectionString: base });
await admin.connect();
const dbUrl = async (name) => {
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};
const serviceDb = await dbUrl(`fsr_tp_${stamp}`);
const benchDb = await dbUrl(`fsr_pgbench_${stamp}`);

async function start(name, env) {
  const child = spawn(process.execPath, ["dist/server/main.js", "--port", "0", "--host", "127.0.0.1"], { env: { ...process.env, PORT: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stderr.on("data", (d) => process.stderr.write(`[${name}] ${d}`));
  const port = await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code} before listening`)));
  });
  child.stdout.resume();
  return { child, port, agent: new http.Agent({ keepAlive: true, maxSockets: C }) };
}

function request(p, method, path, body, token) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: p.port, method, path, agent: p.agent, headers: { ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function login(p) {
  const r = await request(p, "POST", "/auth/login", { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" });
  return JSON.parse(r.text).accessToken;
}

/**
 * Drives `make(i)` (a request description: method, path, body) against the processes with
 * autocannon, C connections per process, for SECONDS; returns the summed req/s, the worst p50
 * and p99 and the non-2xx count.
 */
async function drive(targets, make) {
  let i = 0;
  const runs = await Promise.all(
    targets.map(({ p, token }) =>
      autocannon({
        url: `http://127.0.0.1:${p.port}`,
        connections: C,
        duration: SECONDS,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        requests: [
          {
            setupRequest: (req) => {
              const r = make(i++);
              return { ...req, method: r.method, path: r.path, ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }) };
            },
          },
        ],
      }),
    ),
  );
  const ok = runs.reduce((n, r) => n + r["2xx"], 0);
  const all = runs.reduce((n, r) => n + r.requests.total, 0);
  const seconds = Math.max(...runs.map((r) => r.duration));
  return {
    rps: ok / seconds,
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    bad: all - ok + runs.reduce((n, r) => n + r.errors + r.timeouts, 0),
  };
}

const customer = (i) => ({
  externalId: `TP-${stamp}-${i}-${Math.random().toString(36).slice(2, 8)}`, name: "Zákazník", identificationNumber: "27074358",
  contactPeople: [{ externalId: "cp", lastName: "Nová" }], addresses: [{ externalId: "adr", street: "Husova 5", city: "Brno" }],
});
const stores = ["centralni-sklad", "auto-1", "auto-2"];
const workloads = [
  ["add a customer (unique external IDs)", (i) => ({ method: "POST", path: "/customer", body: customer(i) })],
  ["set a stock amount, 3 stores", (i) => ({ method: "PUT", path: `/store/externalId/${stores[i % 3]}/setMaterialAmounts`, body: [{ materialId: `MAT-00${1 + (i % 5)}`, amount: i % 100 }] })],
  ["read an order", () => ({ method: "GET", path: "/order/externalId/TP-ORDER" })],
  ["read a 20-row store page (demo store)", () => ({ method: "GET", path: "/store/externalId/centralni-sklad?page=1&pageSize=20&sortBy=name" })],
];

async function prepare(p, token) {
  await request(p, "POST", "/customer", { ...customer(-1), externalId: "TP-CUST" }, token);
  const o = await request(p, "POST", "/order", { externalId: "TP-ORDER", customerId: "TP-CUST", addressId: "adr", contactPersonId: "cp", categoryId: "oprava" }, token);
  if (o.status !== 201 && o.status !== 400) throw new Error(`order: ${o.status} ${o.text}`);
}

const results = {};
const stop = (p) => new Promise((resolve) => { p.child.once("exit", resolve); p.child.kill("SIGTERM"); });
// Memory, one process.
{
  const m = await start("memory", { DATABASE_URL: "" });
  const token = await login(m);
  await prepare(m, token);
  for (const [name, make] of workloads) results[`${name}|memory`] = await drive([{ p: m, token }], make);
  await stop(m);
}
// PostgreSQL, one process, then two.
{
  const p1 = await start("P1", { DATABASE_URL: serviceDb });
  const p2 = await start("P2", { DATABASE_URL: serviceDb });
  const t1 = await login(p1);
  const t2 = await login(p2);
  await prepare(p1, t1);
  for (const [name, make] of workloads) {
    await drive([{ p: p1, token: t1 }], make); // warm-up (caches, plans)
    results[`${name}|pg1`] = await drive([{ p: p1, token: t1 }], make);
    results[`${name}|pg2`] = await drive([{ p: p1, token: t1 }, { p: p2, token: t2 }], make);
  }
  await Promise.all([stop(p1), stop(p2)]);
}
// pgbench on the same cluster, same connection count as the two processes' pools would drive.
const pgbench = (args) => {
  const out = execFileSync(`${PG_BIN}/pgbench`, [...args, benchDb], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  return Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? NaN);
};
execFileSync(`${PG_BIN}/pgbench`, ["-i", "-q", "-s", "2", benchDb], { stdio: "ignore" });
const tpcb = pgbench(["-T", String(SECONDS), "-c", "8", "-j", "2"]);
const simple = pgbench(["-N", "-T", String(SECONDS), "-c", "8", "-j", "2"]);
const select = pgbench(["-S", "-T", String(SECONDS), "-c", "8", "-j", "2"]);

const f = (r) => (r === undefined ? "–" : `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${r.bad > 0 ? `, ${r.bad} non-2xx` : ""}`);
console.log(`\n${SECONDS} s per cell, ${C} keep-alive connections per process, load generator autocannon 9 in this process; load average before pgbench ${loadavg().map((x) => x.toFixed(2)).join(" ")}\n`);
console.log("| workload | memory, 1 process | PostgreSQL, 1 process | PostgreSQL, 2 processes |");
console.log("|---|---|---|---|");
for (const [name] of workloads) console.log(`| ${name} | ${f(results[`${name}|memory`])} | ${f(results[`${name}|pg1`])} | ${f(results[`${name}|pg2`])} |`);
console.log(`\npgbench on the same cluster (scale 2, 8 clients, 2 threads): TPC-B ${tpcb.toFixed(0)} tps, simple updates (-N) ${simple.toFixed(0)} tps, select-only (-S) ${select.toFixed(0)} tps.`);
const ratio = results["add a customer (unique external IDs)|pg2"].rps / tpcb;
console.log(`Adding customers through two processes: ${ratio.toFixed(2)}× pgbench TPC-B tps.`);
await admin.query(`DROP DATABASE fsr_tp_${stamp} WITH (FORCE)`);
await admin.query(`DROP DATABASE fsr_pgbench_${stamp} WITH (FORCE)`);
await admin.end();

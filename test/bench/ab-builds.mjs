#!/usr/bin/env node
// Two builds of the service, A and B, on PostgreSQL, up together and driven in turn in short
// slices (issue 33): the CPU per request of each over all its slices, and slice by slice. Both
// servers see the same machine, minutes apart at most, so a change of a few percent shows here
// when the throughput bench's ratio, whose rounds move by half (docs/performance.md, "How far one
// run's ratio moves"), cannot show it.
//
//   npm run build && cp -r dist /tmp/dist-b && git stash && npm run build && cp -r dist /tmp/dist-a && git stash pop
//   scripts/with-postgres.sh node test/bench/ab-builds.mjs /tmp/dist-a /tmp/dist-b [slices, default 10] [seconds a slice, default 3]
//
// Each build is a copy of `dist/` anywhere: it runs as `node <build>/server/main.js`, its packages
// resolved from this project's node_modules, which the bench links into the copy as
// `<build>/node_modules` when it has none (ES modules do not read NODE_PATH). Each server gets a
// fresh database. The
// workload is AB_WORKLOAD: `set` (default: the throughput bench's stock sets over three stores) or
// `add` (customer adds); 8 keep-alive connections (AB_CONNECTIONS), after 5 s of warm-up each.
// Slice i drives A then B when i is odd, B then A when even. CPU is utime + stime of the server
// process from /proc over its slices, divided by the responses.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { jsonRequest, listeningPort } from "./listening.mjs";
import { BENCH_STORES, benchCustomer, clockTicksPerSecond, median, parseProcStat, stockSetAmounts } from "./throughput-stats.mjs";

const [buildA, buildB] = process.argv.slice(2, 4).map((p) => (p === undefined ? undefined : path.resolve(p)));
const slices = Number(process.argv[4] ?? 10);
const seconds = Number(process.argv[5] ?? 3);
const workload = process.env.AB_WORKLOAD ?? "set";
const connections = Number(process.env.AB_CONNECTIONS ?? 8);
const usage = "usage: ab-builds.mjs <build A> <build B> [slices 1-100] [seconds 1-60]  (AB_WORKLOAD=set|add, AB_CONNECTIONS=1-64)";
if (buildA === undefined || buildB === undefined || ![buildA, buildB].every((b) => existsSync(path.join(b, "server/main.js")))) {
  console.error(`ab-builds: each build must be a copy of dist/ with server/main.js\n${usage}`);
  process.exit(2);
}
if (!Number.isInteger(slices) || slices < 1 || slices > 100 || !Number.isInteger(seconds) || seconds < 1 || seconds > 60 || !["set", "add"].includes(workload) || !Number.isInteger(connections) || connections < 1 || connections > 64) {
  console.error(usage);
  process.exit(2);
}
const base = process.env.DATABASE_URL;
if (!base) {
  console.error("ab-builds: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}
const modules = path.resolve(import.meta.dirname, "../../node_modules");
for (const build of [buildA, buildB]) if (!existsSync(path.join(build, "node_modules"))) symlinkSync(modules, path.join(build, "node_modules"), "dir");
const HZ = clockTicksPerSecond();
const stamp = Date.now().toString(36);

const children = new Set();
process.on("exit", () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));


/** The next request of the workload; `n` counts across slices, so adds never repeat an external ID. */
const nextRequest = (server) => {
  const n = server.sent++;
  if (workload === "add") {
    return { method: "POST", path: "/customer", body: JSON.stringify(benchCustomer(`AB-${stamp}-${n}`)) };
  }
  return { method: "PUT", path: `/store/externalId/${BENCH_STORES[n % 3]}/setMaterialAmounts`, body: JSON.stringify(stockSetAmounts(n)) };
};

/** Drives one server for `s` seconds; resolves with its responses (2xx and not) and non-2xx. */
async function drive(server, s) {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`, connections, duration: s,
    headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
    requests: [{ setupRequest: (req) => ({ ...req, ...nextRequest(server) }) }],
  });
  return { responses: result["2xx"] + result.non2xx, non2xx: result.non2xx };
}

const ticks = (pid) => parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"))?.ticks ?? 0;

const admin = new pg.Client({ connectionString: base });
await admin.connect();
const databases = [];
const servers = [];
try {
  for (const [name, build] of [["A", buildA], ["B", buildB]]) {
    const db = `fsr_ab_${stamp}_${name.toLowerCase()}`;
    await admin.query(`CREATE DATABASE ${db}`);
    databases.push(db);
    const url = new URL(base);
    url.pathname = `/${db}`;
    const child = spawn(process.execPath, [path.join(build, "server/main.js"), "--port", "0", "--host", "127.0.0.1"], {
      env: { ...process.env, PORT: "", DATABASE_URL: url.toString() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    child.stderr.on("data", (d) => process.stderr.write(`[${name}] ${d}`));
    const port = await listeningPort(child, name, 60_000);
    const login = await jsonRequest(port, "POST", "/auth/login", { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" });
    if (login.status !== 200) throw new Error(`login on ${name}: ${login.status} ${login.text}`);
    servers.push({ name, build, child, port, token: JSON.parse(login.text).accessToken, sent: 0, ticks: 0, responses: 0, non2xx: 0, perSlice: [] });
  }
  for (const server of servers) await drive(server, 5);
  for (let i = 1; i <= slices; i++) {
    for (const server of i % 2 === 1 ? servers : [...servers].reverse()) {
      const before = ticks(server.child.pid);
      const { responses, non2xx } = await drive(server, seconds);
      const used = ticks(server.child.pid) - before;
      server.ticks += used;
      server.responses += responses;
      server.non2xx += non2xx;
      server.perSlice.push(responses === 0 ? NaN : (used * 1000) / HZ / responses);
    }
  }
} finally {
  for (const c of children) c.kill("SIGTERM");
  await Promise.all([...children].map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once("exit", r)) : undefined)));
  for (const db of databases) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.end();
}

const ms = (x) => x.toFixed(4);
const [a, b] = servers;
console.log(`## Two builds up together: ${workload === "set" ? "stock sets, 3 stores in turn" : "customer adds"}, ${connections} connections, ${slices} slices of ${seconds} s each, in turn (A first in odd slices)`);
console.log(`A: ${a.build}\nB: ${b.build}\n`);
console.log("| slice | A ms/request | B ms/request | B / A |");
console.log("|---:|---:|---:|---:|");
const ratios = [];
for (let i = 0; i < slices; i++) {
  const r = b.perSlice[i] / a.perSlice[i];
  ratios.push(r);
  console.log(`| ${i + 1} | ${ms(a.perSlice[i])} | ${ms(b.perSlice[i])} | ${r.toFixed(3)} |`);
}
const total = (s) => (s.ticks * 1000) / HZ / s.responses;
console.log(`| all | ${ms(total(a))} | ${ms(total(b))} | ${(total(b) / total(a)).toFixed(3)} |`);
console.log(`\nB / A over all slices ${(total(b) / total(a)).toFixed(3)}; by the median slice ${median(ratios).toFixed(3)}; B cheaper in ${ratios.filter((r) => r < 1).length} of ${slices} slices. Responses: A ${a.responses} (${a.non2xx} non-2xx), B ${b.responses} (${b.non2xx} non-2xx).`);

#!/usr/bin/env node
// CPU per order read over HTTP of the built server in memory (issue 33: what the HTTP adapter and
// the command cost beside the rules), against a bare node:http server answering the same JSON
// with nothing else (`bare`). Starts the server on a port the system picks, logs in, adds a
// customer and an order, then reads the order with autocannon (8 keep-alive connections) for 1 s
// of warm-up and 5 s measured; prints req/s and the server's CPU ms per request from /proc.
//   npm run build && node test/bench/http-read-cpu.mjs [server|bare] [node options for the server, e.g. --cpu-prof]
import { spawn } from "node:child_process";
import pg from "pg";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { listeningPort } from "./listening.mjs";
import { clockTicksPerSecond, parseProcStat } from "./throughput-stats.mjs";

const [which = "server", ...nodeOptions] = process.argv.slice(2);
if (!["server", "bare", "pg", "floor"].includes(which)) {
  console.error("usage: http-read-cpu.mjs [server|bare|pg|floor] [node options]");
  process.exit(2);
}
const onPostgres = which === "pg" || which === "floor";
if (onPostgres && !process.env.DATABASE_URL) {
  console.error("http-read-cpu: pg and floor need DATABASE_URL (run it under scripts/with-postgres.sh)");
  process.exit(2);
}
const BARE = `
import http from "node:http";
let body = "";
const s = http.createServer((req, res) => { req.resume(); req.on("end", () => {
  if (req.method === "POST" && req.url === "/auth/login") return void res.end(JSON.stringify({ accessToken: "bare" }));
  res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }); res.end(body);
}); });
body = JSON.stringify({ id: "00000000-0000-4000-8000-000000000000", externalId: "TP-ORDER", customerId: "00000000-0000-4000-8000-000000000001", state: "New", categoryId: "oprava" });
s.listen(0, "127.0.0.1", () => console.log("listening on http://127.0.0.1:" + s.address().port));
process.on("SIGINT", () => process.exit(0));`;
/** A database of its own for the server, dropped at the end: the empty string in memory. */
const database = onPostgres ? `fsr_readcpu_${which}_${Date.now().toString(36)}` : undefined;
const admin = onPostgres ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : undefined;
let url = "";
if (admin !== undefined) {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${database}`;
  url = u.toString();
}
const args =
  which === "bare" ? [...nodeOptions, "--input-type=module", "-e", BARE]
  : which === "floor" ? [...nodeOptions, "test/bench/floor-server.mjs"]
  : [...nodeOptions, "dist/server/main.js", "--port", "0", "--host", "127.0.0.1"];
const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, PORT: "", DATABASE_URL: url } });
const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
try {
  const port = await listeningPort(child, which, 60_000);
  const request = async (method, path, body, token) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body && JSON.stringify(body) });
    return { status: r.status, body: await r.json().catch(() => null) };
  };
  const token = (await request("POST", "/auth/login", { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" })).body.accessToken;
  // The floor seeds its own order.
  if (which !== "floor") {
    await request("POST", "/customer", { externalId: "TP-CUST", name: "Zákazník", identificationNumber: "27074358", contactPeople: [{ externalId: "cp", lastName: "Nová" }], addresses: [{ externalId: "adr", street: "Husova 5", city: "Brno" }] }, token);
    const order = await request("POST", "/order", { externalId: "TP-ORDER", customerId: "TP-CUST", addressId: "adr", contactPersonId: "cp", categoryId: "oprava" }, token);
    if (order.status !== 201) throw new Error(`order: ${order.status}`);
  }
  const HZ = clockTicksPerSecond();
  /** The server's user and system CPU ticks so far. */
  const ticks = () => parseProcStat(readFileSync(`/proc/${child.pid}/stat`, "utf8"));
  const drive = (seconds) =>
    new Promise((resolve, reject) =>
      autocannon({ url: `http://127.0.0.1:${port}`, connections: 8, duration: seconds, headers: { authorization: `Bearer ${token}` }, requests: [{ method: "GET", path: "/order/externalId/TP-ORDER" }] }, (e, r) => (e ? reject(e) : resolve(r))),
    );
  await drive(1);
  const before = ticks();
  const result = await drive(5);
  const after = ticks();
  const perRequest = (t) => ((t * 1000) / HZ / result.requests.total).toFixed(3);
  const user = after.user - before.user;
  const system = after.system - before.system;
  console.log(`${which}: ${Math.round(result.requests.average)} req/s, ${perRequest(user + system)} ms CPU a request (user ${perRequest(user)}, system ${perRequest(system)}), non-2xx ${result.non2xx}`);
} finally {
  clearTimeout(killer);
  child.kill("SIGINT");
  await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve()));
  if (admin !== undefined) {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

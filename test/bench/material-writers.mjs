#!/usr/bin/env node
// Material writers of one company on PostgreSQL (issue 33, migration 8), against the built
// package: two service instances on one fresh schema (two pools, as two processes would have),
// `loops` concurrent loops in each replacing materials of one company (each loop its own
// material, `PUT /material/externalId/MAT-0nn`), for `seconds`; prints committed/s, p50, p99 and
// the 503s. Before migration 8 every material write of a company bumped one counter row.
//   npm run build && scripts/with-postgres.sh node test/bench/material-writers.mjs [seconds] [loops] [dist]
import pg from "pg";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const seconds = Number(process.argv[2] ?? 5);
const loops = Number(process.argv[3] ?? 8);
const dist = resolve(process.argv[4] ?? "dist");
const base = process.env.DATABASE_URL;
if (!base) {
  console.error("material-writers: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}
const { createFieldService, demoFixture } = await import(pathToFileURL(`${dist}/service/index.js`).href);
const { postgresStorage } = await import(pathToFileURL(`${dist}/postgres/index.js`).href);

const schema = `bench_materials_${Date.now().toString(36)}`;
const fixture = demoFixture;
const storage = () => postgresStorage({ connectionString: base, schema, maxConnections: loops });
const services = [createFieldService({ fixture, storage: storage() }), createFieldService({ fixture, storage: storage() })];
for (const s of services) await s.ready();

async function loggedIn(service) {
  const r = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
  if (r.status !== 200) throw new Error(`login: ${r.status}`);
  const headers = { authorization: `Bearer ${r.body.accessToken}` };
  return (method, path, body) => service.handle({ method, path, headers, body });
}
const senders = await Promise.all(services.map(loggedIn));

const times = [];
const statuses = new Map();
const until = Date.now() + seconds * 1000;
let n = 0;
await Promise.all(senders.flatMap((send, s) => Array.from({ length: loops }, async (_, l) => {
  const material = `MAT-${String(1 + s * loops + l).padStart(3, "0")}`;
  while (Date.now() < until) {
    const k = n++;
    const t0 = performance.now();
    const r = await send("PUT", `/material/externalId/${material}`, { name: `Materiál ${k}`, categoryId: "spojovaci", supplierId: "ferona", unit: "Amounts", price: k % 100 });
    times.push(performance.now() - t0);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
})));
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
const ok = statuses.get(204) ?? 0;
console.log(`| ${dist} | ${2 * loops} | ${(ok / seconds).toFixed(0)} | ${at(0.5)} | ${at(0.99)} | ${[...statuses].filter(([st]) => st !== 204).map(([st, c]) => `${st}×${c}`).join(" ") || "0"} |`);
for (const s of services) await s.close();
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
await admin.end();

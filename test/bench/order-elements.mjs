#!/usr/bin/env node
// An order write's cost against the number of customers sharing its elements' external IDs
// (ORD-1, docs/decisions.md "An order's view reads one holder of each element it names"). An
// element's external ID is unique within its customer's list only, so every customer may hold an
// address `adr` and a contact person `cp` (the throughput bench's adds all do). The built service
// on PostgreSQL, one process: the company grows to each size in turn (customer adds, 8 in flight),
// its customers table is vacuumed and analyzed (the steady state autovacuum keeps), then three
// order adds are sent `count` times each, one at a time:
//   - "own": the order's customer holds `adr` and `cp` (201);
//   - "nobody's": keys no customer holds (400, UnknownReference);
//   - "another's": `adr` and `cp` for a customer holding neither (400, ForeignReference);
//   - "1,000 devices": a customer's 1,000 service objects by external ID (201), the most a body
//     may name (the statement's size and plan must not grow with them).
// Prints, per size and case, the median and p90 of the request's wall time, the first of each case
// left out. The claim it checks: an order naming its own customer's elements costs the same
// whatever the company's size. (No EXPLAIN: the storage prepares statements by name, so after a
// few runs PostgreSQL may use a generic plan, which an EXPLAIN with the values would not show.)
//   npm run build && scripts/with-postgres.sh node test/bench/order-elements.mjs [sizes] [count]
//   e.g. node test/bench/order-elements.mjs 200,5000,20000 21
import pg from "pg";
import { createFieldService, demoFixture } from "../../dist/service/index.js";
import { postgresStorage } from "../../dist/postgres/index.js";

const sizes = (process.argv[2] ?? "200,5000,20000").split(",").map(Number);
const count = Number(process.argv[3] ?? 21);
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1) || sizes.some((n, i) => i > 0 && n <= sizes[i - 1]) || !Number.isSafeInteger(count) || count < 2) {
  console.error("usage: order-elements.mjs [ascending sizes, e.g. 200,5000,20000] [requests a case, at least 2]");
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error("order-elements: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}
const schema = `bench_elements_${Date.now().toString(36)}`;
const storage = postgresStorage({ connectionString: process.env.DATABASE_URL, schema, maxConnections: 4 });
const service = createFieldService({ fixture: demoFixture, storage });
await service.ready();
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
const headers = { authorization: `Bearer ${login.body.accessToken}` };
const customer = (externalId, cp, adr) => ({
  externalId, name: "Zákazník", identificationNumber: "27074358", contactPeople: [{ externalId: cp, lastName: "Nová" }], addresses: [{ externalId: adr, street: "Husova 5", city: "Brno" }],
});
const send = async (request, expected) => {
  const answer = await service.handle({ ...request, headers });
  if (answer.status !== expected) throw new Error(`${request.method} ${request.path}: ${answer.status}, not ${expected}: ${JSON.stringify(answer.body)}`);
};
await send({ method: "POST", path: "/customer", body: customer("LONE", "lone-cp", "lone-adr") }, 201);
const devices = Array.from({ length: 1_000 }, (_, i) => `so-${i}`);
await send({ method: "POST", path: "/customer", body: { ...customer("BIG", "big-cp", "big-adr"), serviceObjects: devices.map((externalId) => ({ externalId, name: "Kotel" })) } }, 201);
const cases = [
  { name: "own (201)", body: { customerId: "C-0", addressId: "adr", contactPersonId: "cp", categoryId: "oprava" }, status: 201 },
  { name: "nobody's (400)", body: { customerId: "C-0", addressId: "no-adr", contactPersonId: "no-cp", categoryId: "oprava" }, status: 400 },
  { name: "another's (400)", body: { customerId: "LONE", addressId: "adr", contactPersonId: "cp", categoryId: "oprava" }, status: 400 },
  { name: "1,000 devices (201)", body: { customerId: "BIG", addressId: "big-adr", contactPersonId: "big-cp", categoryId: "oprava", serviceObjectIds: devices }, status: 201 },
];
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (x) => x.toFixed(x < 10 ? 2 : 1);
let added = 0;
console.log(`order adds, ${count} a case, one at a time; customers each holding contact person "cp" and address "adr"`);
console.log("| customers | order add | request median | request p90 |");
console.log("|---:|---|---:|---:|");
try {
  for (const size of sizes) {
    let next = added;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < size) await send({ method: "POST", path: "/customer", body: customer(`C-${next++}`, "cp", "adr") }, 201);
    }));
    added = size;
    await db.query(`VACUUM ANALYZE "${schema}".customers`);
    for (const c of cases) {
      const times = [];
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        await send({ method: "POST", path: "/order", body: c.body }, c.status);
        times.push(performance.now() - t0);
      }
      const measured = times.slice(1);
      console.log(`| ${size.toLocaleString("en")} | ${c.name} | ${ms(quantile(measured, 0.5))} ms | ${ms(quantile(measured, 0.9))} ms |`);
    }
  }
} finally {
  await db.query(`DROP SCHEMA "${schema}" CASCADE`);
  await db.end();
  await service.close();
}

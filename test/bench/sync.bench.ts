// Issue 25's targets for GET /sync: the first pull of a technician's week <= 200 ms and an
// incremental pull after one change <= 20 ms on loopback, in memory and on PostgreSQL (when
// DATABASE_URL is set), beside a naive baseline that reads the same records one GET at a time
// through `handle`. The world: 10 technicians x 8 visits a day over 4 weeks (the pulled week
// holds 560 visits), one order and customer per visit, a 5,000-material van store for the
// technician pulled. Run with
//   [DATABASE_URL=postgres://…] npx vitest bench --run --project memory test/bench/sync.bench.ts
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { afterAll, bench, describe } from "vitest";
import { postgresStorage } from "../../src/postgres/index.js";
import type { Intervention } from "../../src/records/intervention.js";
import { createServiceCore, type ServiceCore } from "../../src/service/create.js";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import type { Fixture } from "../../src/service/fixture.js";
import { commit, type Changes } from "../../src/service/state.js";
import type { Guid } from "../../src/shared/guid.js";
import { addDays, type IsoDate } from "../../src/shared/time.js";
import type { SyncAnswer } from "../../src/sync/answer.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";

const A = ids(0);
const TECHS = 10;
const PER_DAY = 8;
const WEEKS = 4;
const MATERIALS = 5_000;
const FIRST = "2026-05-04" as IsoDate;
const WEEK = { from: addDays(FIRST, 7), to: addDays(FIRST, 13) };

function world(): { fixture: Fixture; changes: Changes; techs: Guid[]; van: Guid } {
  const fixture = testFixture();
  const company = fixture.companies[0]!;
  const techs: Guid[] = [A.tech1];
  for (let t = 1; t < TECHS; t++) {
    const id = randomUUID() as Guid;
    techs.push(id);
    company.users.push({ id, name: `Technik ${t + 1}`, roles: ["Technik"] });
  }
  const van = randomUUID() as Guid;
  const stock = [];
  for (let m = 0; m < MATERIALS; m++) {
    const id = randomUUID();
    company.materials.push({ id, externalId: `VAN-${m}`, name: `Materiál ${m}`, categoryId: "elektro", supplierId: "ferona", price: 1 + (m % 50) / 4 });
    stock.push({ materialId: id, amount: m % 7 === 0 ? null : m % 40 });
  }
  company.stores.push({ id: van, externalId: "VAN", name: "Dodávka", availableFor: ["t1"], stock });
  const customers = [];
  const orders = [];
  const interventions: Intervention[] = [];
  let n = 0;
  for (let d = 0; d < 7 * WEEKS; d++) {
    const day = addDays(FIRST, d);
    for (const tech of techs) {
      for (let v = 0; v < PER_DAY; v++) {
        n++;
        const customer = testCustomer(0, n);
        const order = testOrder(customer, n);
        const start = Date.parse(`${day}T06:00:00Z`) + v * 3_600_000;
        customers.push(customer);
        orders.push(order);
        interventions.push({ ...testIntervention(order, n), day, primaryAssigneeId: tech, assignations: [{ userId: tech, plannedStart: start, plannedEnd: start + 3_000_000 }] });
      }
    }
  }
  return { fixture, changes: { customers, orders, interventions }, techs, van };
}

type Service = ServiceCore<ServiceResponse | Promise<ServiceResponse>>;

// A full pull answered by a process that has served nothing yet: its store-listing cache is cold,
// so the pull's statement carries every stocked row and the company's materials, and the
// process builds the stores' listings. Timed by hand (one pull per fresh process), printed.
async function coldPulls(fixture: Fixture, url: string, schema: string, headers: Record<string, string>): Promise<void> {
  const times: number[] = [];
  for (let k = 0; k < 7; k++) {
    const storage = postgresStorage({ connectionString: url, schema, maxConnections: 4 });
    const service: Service = createServiceCore({ fixture, storage });
    await service.ready();
    const started = performance.now();
    const r = await service.handle({ method: "GET", path: `/sync?scope=technician:t1&from=${WEEK.from}&to=${WEEK.to}`, headers });
    times.push(performance.now() - started);
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    await service.close();
  }
  times.sort((a, b) => a - b);
  console.log(`first pull in a fresh process (cold listing cache), postgres, 7 processes: min ${times[0]!.toFixed(1)} ms, median ${times[3]!.toFixed(1)} ms, max ${times[6]!.toFixed(1)} ms`);
}

async function setUp(storage: "memory" | "postgres"): Promise<{ service: Service; headers: Record<string, string>; full: SyncAnswer; cursor: string; van: Guid; close: () => Promise<void> }> {
  const w = world();
  const url = process.env["DATABASE_URL"];
  const schema = `bench_sync_${Date.now()}`;
  const pgStorage = storage === "postgres" && url !== undefined ? postgresStorage({ connectionString: url, schema, maxConnections: 4 }) : undefined;
  const service: Service = createServiceCore({ fixture: w.fixture, ...(pgStorage === undefined ? {} : { storage: pgStorage }) });
  await service.ready();
  if (pgStorage === undefined) commit(service.companies.get(A.company)!, w.changes);
  else await pgStorage.write(A.company, w.changes);
  const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
  const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
  const full = (await service.handle({ method: "GET", path: `/sync?scope=technician:t1&from=${WEEK.from}&to=${WEEK.to}`, headers })).body as SyncAnswer;
  if (full.interventions.length !== 7 * PER_DAY) throw new Error(`unexpected scope: ${full.interventions.length} visits`);
  if (pgStorage !== undefined && url !== undefined) await coldPulls(w.fixture, url, schema, headers);
  // One change after the cursor: a visit of the week cancelled.
  const visit = full.interventions[3]!;
  const r = await service.handle({ method: "PUT", path: `/order/${visit.orderId}/intervention/${visit.id}/Cancel`, headers, body: {} });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const close = async (): Promise<void> => {
    await service.close();
    if (pgStorage === undefined || url === undefined) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  };
  return { service, headers, full, cursor: full.cursor, van: w.van, close };
}

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);

for (const storage of ["memory", "postgres"] as const) {
  if (storage === "postgres" && process.env["DATABASE_URL"] === undefined) continue;
  const ctx = await setUp(storage);
  afterAll(ctx.close);
  const path = `/sync?scope=technician:t1&from=${WEEK.from}&to=${WEEK.to}`;
  describe(`GET /sync of a week (${storage}): ${ctx.full.interventions.length} visits, ${ctx.full.customers.length} customers, ${ctx.full.materials.length} materials, ${ctx.full.allocations.length} slotted visits`, () => {
    bench("first pull (full)", async () => {
      const r = await ctx.service.handle({ method: "GET", path, headers: ctx.headers });
      if (r.status !== 200 || (r.body as SyncAnswer).full !== true) throw new Error("not a full answer");
      JSON.stringify(r.body);
    }, { iterations: 30, time: 0, warmupIterations: 3 });
    bench("incremental pull after one change", async () => {
      const r = await ctx.service.handle({ method: "GET", path: `${path}&since=${ctx.cursor}`, headers: ctx.headers });
      const body = r.body as SyncAnswer;
      if (r.status !== 200 || body.full || body.orders.length !== 1) throw new Error("not an incremental answer of one order");
      JSON.stringify(r.body);
    }, { iterations: 100, time: 0, warmupIterations: 5 });
    bench("naive baseline: the same records one GET at a time (orders, interventions, customers, store pages of 200)", async () => {
      const get = (p: string) => ctx.service.handle({ method: "GET", path: p, headers: ctx.headers });
      for (const o of ctx.full.orders) await get(`/order/${o.id}`);
      for (const i of ctx.full.interventions) await get(`/order/${i.orderId}/intervention/${i.id}`);
      for (const c of ctx.full.customers) await get(`/customer/${c.id}`);
      for (let page = 1; page <= Math.ceil(MATERIALS / 200); page++) await get(`/store/${ctx.van}?page=${page}&pageSize=200`);
    }, { iterations: 3, time: 0, warmupIterations: 1 });
  });
}

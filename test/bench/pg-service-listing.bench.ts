// GET /store/{id} through `handle` on PostgreSQL at 100,000 stocked materials (issue 22,
// docs/performance.md "Store listing on PostgreSQL through the service"), beside the naive
// indexed SQL listing (`queryStoreListingSql`, one statement per page over the ICU, price,
// amount and trigram indexes) in the same run: idle, then while a second service process
// writes stock to the same store at 50 requests/s. Also the seeding of the fixture.
// Needs DATABASE_URL; builds dist/ for the writer process. Run with
//   DATABASE_URL=postgres://… npx vitest bench --run --project memory test/bench/pg-service-listing.bench.ts
import { execSync, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import pg from "pg";
import { bench, describe } from "vitest";
import { listingBenchFixture, listingBenchWorld } from "./listing-world.js";
import { queryStoreListingSql } from "../postgres/listing-sql.js";
import { postgresStorage, type PostgresStorage } from "../../src/postgres/index.js";
import { createFieldService, type FieldService, type ServiceResponse } from "../../src/service/index.js";
import type { Guid } from "../../src/shared/guid.js";
import { parseStoreListingQuery } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";

const url = process.env["DATABASE_URL"];
const RUNS = Number(process.env["PGSVC_RUNS"] ?? 100);
const NAIVE_RUNS = Number(process.env["PGSVC_NAIVE_RUNS"] ?? 3);
const WRITES_PER_SECOND = 50;

function quantiles(times: number[]): { p50: number; p99: number } {
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p99: at(0.99) };
}

async function timed(fn: () => Promise<unknown>, runs: number): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return quantiles(times);
}

const schemas: string[] = [];
let service: FieldService<Promise<ServiceResponse>> | undefined;

if (url === undefined || url === "") {
  console.warn("test/bench/pg-service-listing.bench.ts: DATABASE_URL is not set, the bench is skipped.");
} else {
  execSync("npm run build", { stdio: "ignore" });
  const w = listingBenchWorld();
  const rows: Record<string, string | number>[] = [];
  const load = (): string => (loadavg()[0] as number).toFixed(2);
  const loads: string[] = [load()];

  // Seeding: the materials alone, then materials with the store stocking all of them.
  const seeded = async (stocked: boolean): Promise<{ service: FieldService<Promise<ServiceResponse>>; storage: PostgresStorage; schema: string; ms: number }> => {
    const schema = `bench_pgsvc_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    schemas.push(schema);
    const storage = postgresStorage({ connectionString: url, schema, maxConnections: 4 });
    const s = createFieldService({ fixture: listingBenchFixture(w, stocked), storage });
    const t = performance.now();
    await s.ready();
    return { service: s, storage, schema, ms: performance.now() - t };
  };
  const bare = await seeded(false);
  rows.push({ case: `seed 100,000 materials into an empty schema (open(): migrations, rows, indexes), load ${load()}`, "pg p50 ms": bare.ms.toFixed(0) });
  await bare.service.close();
  const main = await seeded(true);
  service = main.service;
  rows.push({ case: `seed 100,000 materials and a store stocking all of them, load ${load()}`, "pg p50 ms": main.ms.toFixed(0) });

  const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "load", clientId: "c", secret: "s" } });
  const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
  const get = async (path: string): Promise<ServiceResponse> => {
    const r = await (service as FieldService<Promise<ServiceResponse>>).handle({ method: "GET", path, headers });
    if (r.status !== 200) throw new Error(`pg-service-listing bench: GET ${path} answered ${r.status}`);
    return r;
  };

  // The naive indexed SQL on the same schema, with its own connection.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const company = { id: listingBenchFixture(w, false).companies[0]?.id as Guid, locale: "cs" };
  const store: Store = { id: w.store.id, externalId: "main", name: w.store.name, availableFor: [] };
  await pool.query(`ANALYZE "${main.schema}".materials; ANALYZE "${main.schema}".stock; ANALYZE "${main.schema}".catalog_values`);

  const pages = 100_000 / 50;
  const cases: [string, string][] = [];
  for (const sortBy of ["name", "identificationNumber", "price", "amount", "materialCategoryName", "materialSupplierName"]) {
    for (const sortOrder of ["ascend", "descend"]) {
      for (const [which, page] of [["first", 1], ["middle", pages / 2], ["last", pages]] as const) {
        cases.push([`${sortBy} ${sortOrder}, ${which} page (${page} of 50)`, `page=${page}&pageSize=50&sortBy=${sortBy}&sortOrder=${sortOrder}`]);
      }
    }
  }
  cases.push(['search "šroub", page 1 of 50', "page=1&pageSize=50&searchPhrase=%C5%A1roub"], ['search "šroub", page 3 of 50', "page=3&pageSize=50&searchPhrase=%C5%A1roub"]);
  const pathOf = (qs: string): string => `/store/${w.store.id}?${qs}`;
  const queryOf = (qs: string) => {
    const q = parseStoreListingQuery(Object.fromEntries(new URLSearchParams(qs)));
    if (!q.ok) throw new Error(`pg-service-listing bench: bad query ${qs}`);
    return q.value;
  };

  // The first read of the store in this process: the company's materials and the store's stock, once.
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const heap = (): number => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const heapBefore = heap();
  let t = performance.now();
  await get(pathOf("page=1&pageSize=50"));
  rows.push({ case: `first read in a process (cold cache: 100,000 materials and stock rows loaded, listing built), load ${load()}`, "pg p50 ms": (performance.now() - t).toFixed(0) });
  rows.push({ case: "heap held by the cache after that read (the company's materials and one listing, after a full GC)", "pg p50 ms": `${((heap() - heapBefore) / 2 ** 20).toFixed(0)} MiB` });
  t = performance.now();
  await get(pathOf("page=1&pageSize=50"));
  rows.push({ case: "second read (warm)", "pg p50 ms": (performance.now() - t).toFixed(2) });

  // Both answer the same page before anything is timed.
  for (const [name, qs] of cases) {
    const ours = (await get(pathOf(qs))).body;
    const naive = await queryStoreListingSql(pool, main.schema, company, store, queryOf(qs));
    if (JSON.stringify(ours) !== JSON.stringify(naive)) throw new Error(`pg-service-listing bench: the service and the naive SQL disagree on ${name}`);
  }

  const measure = async (label: string): Promise<void> => {
    for (const [name, qs] of cases) {
      for (let i = 0; i < 5; i++) await get(pathOf(qs));
      const ours = await timed(() => get(pathOf(qs)), RUNS);
      const naive = await timed(() => queryStoreListingSql(pool, main.schema, company, store, queryOf(qs)), NAIVE_RUNS);
      rows.push({
        case: `${label}${name}`,
        "pg p50 ms": ours.p50.toFixed(2),
        "pg p99 ms": ours.p99.toFixed(2),
        "naive SQL p50 ms": naive.p50.toFixed(0),
        ratio: `${Math.round(naive.p50 / ours.p50)}×`,
      });
    }
    loads.push(load());
  };
  await measure("");

  // A second service process writing stock to the same store through `handle`.
  const writer = fork(new URL("./pg-listing-writer.mjs", import.meta.url));
  writer.send({
    url,
    schema: main.schema,
    company: { ...listingBenchFixture(w, false).companies[0], materials: [], stores: [] },
    storeId: w.store.id,
    materialIds: w.materials.slice(0, 5000).map((m) => m.id),
    perSecond: WRITES_PER_SECOND,
  });
  await once(writer, "message");
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const version = async (): Promise<number> => Number((await pool.query(`SELECT version FROM "${main.schema}".stock_versions WHERE store_id = $1`, [w.store.id])).rows[0]?.version ?? 0);
  const before = await version();
  t = performance.now();
  await measure(`writes at ${WRITES_PER_SECOND}/s: `);
  const seconds = (performance.now() - t) / 1000;
  const after = await version();
  writer.send("stop");
  const [stats] = (await once(writer, "message")) as [{ writes: number; errors: number; perSecond: number; p50: number; p99: number }];
  rows.push({
    case: `the writer: ${stats.writes} writes (${stats.errors} failed), ${stats.perSecond.toFixed(1)}/s, p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms; ${after - before} stock versions during the reads (${((after - before) / seconds).toFixed(1)}/s)`,
  });
  rows.push({ case: `load average (1 min) during the run: ${loads.join(", ")}`, "pg p50 ms": `cache: ${JSON.stringify(main.storage.stats().listingCache)}` });
  console.table(rows);
  await pool.end();
}

describe.skipIf(service === undefined)("GET /store/{id} on PostgreSQL, 100,000 stocked materials", () => {
  bench("noop (the figures are the table above)", () => {}, { iterations: 1, time: 0 });
});

if (service !== undefined) {
  await service.close();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await admin.end();
}

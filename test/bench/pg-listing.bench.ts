// The store listing on PostgreSQL at 100,000 stocked materials, against the in-memory
// listing on the same data in the same run (docs/performance.md, "Store listing on
// PostgreSQL"). Needs DATABASE_URL; without it the bench is skipped. Run with
//   DATABASE_URL=postgres://… npx vitest bench --run test/bench/pg-listing.bench.ts
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { afterAll, bench, describe } from "vitest";
import { listingBenchWorld } from "./listing-world.js";
import { writeCatalogRows, writeMaterialRows } from "../../src/postgres/materials.js";
import { writeStock } from "../../src/postgres/stock.js";
import { listingTablesSql, queryStoreListingSql } from "../postgres/listing-sql.js";
import { guid } from "../../src/shared/guid.js";
import { finite } from "../../src/stock/amount.js";
import { queryStoreListing } from "../../src/store-listing/page.js";
import { buildStoreListing, prepareStoreListingSearch } from "../../src/store-listing/build.js";
import type { StoreListingQuery } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";

const url = process.env["DATABASE_URL"];

// The data of test/bench/store-listing.bench.ts (same generator, same seed).
const { N, categories, suppliers, materials, stock, catalog, store } = listingBenchWorld();
const base: StoreListingQuery = { page: 1, pageSize: 50, searchPhrase: null, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null };
const queries: [string, StoreListingQuery][] = [
  ['search "šroub", name ascend, page 1 of 50', { ...base, searchPhrase: "šroub" }],
  ['search "šroub", price descend, page 3 of 20', { ...base, searchPhrase: "šroub", sortBy: "price", sortOrder: "descend", page: 3, pageSize: 20 }],
  ['search "d12345" (a supplier code, 1 hit)', { ...base, searchPhrase: "d12345" }],
  ['search "ka-1" (codes, ~1%)', { ...base, searchPhrase: "ka-1" }],
  ["name ascend, page 1 of 50", base],
  ["name ascend, page 250 of 200", { ...base, page: 250, pageSize: 200 }],
  ["price ascend, page 1 of 50", { ...base, sortBy: "price" }],
  ["amount descend, page 250 of 200", { ...base, sortBy: "amount", sortOrder: "descend", page: 250, pageSize: 200 }],
  ["supplier name, 30 of 40 categories, page 250 of 200", { ...base, sortBy: "materialSupplierName", materialCategoryIds: categories.slice(0, 30).map((c) => c.id), page: 250, pageSize: 200 }],
  ["code descend, 3 suppliers, page 1 of 200", { ...base, sortBy: "identificationNumber", sortOrder: "descend", materialSupplierIds: suppliers.slice(0, 3).map((c) => c.id), pageSize: 200 }],
];

async function p50(fn: () => unknown, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const pool = url === undefined || url === "" ? undefined : new pg.Pool({ connectionString: url, max: 1 });
const schema = `bench_listing_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
const companyId = guid(randomUUID());
const company = { id: companyId, locale: "cs" };

if (pool === undefined) {
  console.warn("test/bench/pg-listing.bench.ts: DATABASE_URL is not set, the PostgreSQL listing bench is skipped.");
} else {
  const rows: Record<string, string | number>[] = [];
  const load = [loadavg()[0] as number];
  await pool.query(listingTablesSql(schema));
  let t = performance.now();
  await writeCatalogRows(pool, schema, companyId, categories, suppliers);
  await writeMaterialRows(pool, schema, companyId, materials);
  rows.push({ case: "write 100,000 materials (one statement)", "pg ms": (performance.now() - t).toFixed(0) });
  t = performance.now();
  await writeStock(pool, schema, companyId, store.id, stock);
  rows.push({ case: "write 100,000 stock rows (one statement)", "pg ms": (performance.now() - t).toFixed(0) });
  await pool.query(`ANALYZE "${schema}".materials; ANALYZE "${schema}".stock; ANALYZE "${schema}".catalog_values`);
  // A 20,000-item batch on the stocked store: updates in place, the order kept.
  const batch = new Map(materials.slice(0, 20_000).map((m, i) => [m.id, finite(`${i % 1000}.5`)] as const));
  const batchMs = await p50(() => writeStock(pool, schema, companyId, store.id, batch), 5);
  rows.push({ case: "stock batch of 20,000 items (one statement)", "pg ms": batchMs.toFixed(0) });
  for (const [id, a] of batch) stock.set(id, a);

  const listing = prepareStoreListingSearch(buildStoreListing(store.id, stock, catalog));
  const measure = async (label: string, which: readonly [string, StoreListingQuery][]): Promise<void> => {
    for (const [name, q] of which) {
      const expected = queryStoreListing(listing, store, q);
      const got = await queryStoreListingSql(pool, schema, company, store, q);
      if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`pg-listing bench: PostgreSQL and memory disagree on ${name}`);
      for (let w = 0; w < 20; w++) queryStoreListing(listing, store, q);
      const memory = await p50(() => queryStoreListing(listing, store, q), 200);
      const sql = await p50(() => queryStoreListingSql(pool, schema, company, store, q), 15);
      if (process.env["PGLIST_PLANS"] !== undefined) {
        // The plan of the page statement, to see which index (if any) gave the order.
        const seen: { text: string; values: readonly unknown[] }[] = [];
        const spy = { query: (text: string, values?: readonly unknown[]) => (seen.push({ text, values: values ?? [] }), pool.query(text, values as unknown[])) };
        await queryStoreListingSql(spy, schema, company, store, q);
        const last = seen.find((x) => x.text.includes("ORDER BY")) ?? seen[0];
        if (last !== undefined) {
          const plan = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${last.text}`, last.values as unknown[]);
          console.log(`${label}${name}\n${plan.rows.map((r: Record<string, string>) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
        }
      }
      rows.push({ case: `${label}${name}`, "pg ms": sql.toFixed(2), "memory ms": memory.toFixed(3), ratio: `${Math.round(sql / memory)}×`, total: got.materials.totalCount });
    }
    load.push(loadavg()[0] as number);
  };
  await measure("", queries);
  // Deep pages sort the whole stock; with the default 4 MB of work_mem that sort spills to disk.
  await pool.query("SET work_mem = '64MB'");
  await measure("work_mem 64MB: ", queries.filter(([name]) => name.includes("page 250")));
  await pool.query("RESET work_mem");
  rows.push({ case: `load average (1 min) during the run: ${load.map((l) => l.toFixed(2)).join(", ")}` });
  console.table(rows);
}

describe.skipIf(pool === undefined)("store listing on PostgreSQL, 100,000 stocked materials", () => {
  afterAll(async () => {
    await pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool?.end();
  });
  bench('pg: search "šroub"', async () => {
    await queryStoreListingSql(pool as pg.Pool, schema, company, store, queries[0]![1]);
  }, { iterations: 10, time: 0 });
  bench("pg: name ascend, page 250 of 200", async () => {
    await queryStoreListingSql(pool as pg.Pool, schema, company, store, queries[5]![1]);
  }, { iterations: 10, time: 0 });
});

// The store listing through `handle` at 100,000 stocked materials (issues 5, 6, 10): search,
// plain pages, a small stock change, a material edit, and `addToStore` batches of 20,000
// materials new to the store (docs/performance.md "Store listing"). Prints one table; the
// same file runs unchanged against an older checkout for before/after figures.
// Run: npx vitest bench --run test/bench/listing-service.bench.ts
import { bench, describe } from "vitest";
import { createFieldService, type Fixture, type ServiceResponse } from "../../src/service/index.js";
import type { Material } from "../../src/material/material.js";
import { Dec } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite, UNLIMITED, type Amount } from "../../src/stock/amount.js";
import type { StoreListingCatalog } from "../../src/store-listing/build.js";
import type { StoreListingQuery } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";
import { p50 } from "./listing-world.js";
import { loadFixture } from "./service-load.js";
import { naiveListing } from "../store-listing/naive-listing.js";

const STOCKED = 100_000;
const BATCH = 20_000;
const hex = (prefix: string, n: number): string => `${prefix.padEnd(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

// 160,000 materials: the main store stocks the first 100,000; three batches of 20,000 are new
// to it, and three empty stores each take one batch.
const fixture = loadFixture({ materials: STOCKED + 3 * BATCH, technicians: 1, customers: 0, orders: 0, interventionsPerOrder: 0, disableCollisions: false });
const company = fixture.companies[0]!;
const stores = company.stores as { id: string; stock: unknown[] }[];
stores[0]!.stock = stores[0]!.stock.slice(0, STOCKED);
for (let i = 0; i < 3; i++) stores.push({ ...stores[1]!, id: hex("e0", 10 + i), externalId: `empty-${i}`, stock: [] } as (typeof stores)[number]);
const main = stores[0]!.id;

const loadStarted = performance.now();
let n = 0;
const service = createFieldService({ fixture: fixture as Fixture, now: () => new Date("2026-06-01T06:00:00Z"), newId: () => hex("f1", ++n) });
const login = service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "load", clientId: "c", secret: "s" } }) as ServiceResponse;
const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
const call = (method: string, path: string, body?: unknown): ServiceResponse => {
  const r = service.handle({ method, path, headers, ...(body === undefined ? {} : { body }) }) as ServiceResponse;
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
};
const loadMs = performance.now() - loadStarted;

// The naive baseline over the same records: fold, filter, sort everything, slice.
type RawMaterial = { id: string; externalId: string; name: string; categoryId: string; supplierId: string; identificationNumber: string; price: number };
const raw = company.materials as unknown as RawMaterial[];
const materials = new Map<Guid, Material>(
  raw.map((m) => [m.id as Guid, { id: m.id as Guid, externalId: m.externalId, name: m.name, categoryId: m.categoryId as Guid, supplierId: m.supplierId as Guid, identificationNumber: m.identificationNumber, description: null, supplierCode: null, unit: "Amounts", price: new Dec(m.price), costPrice: null }]),
);
const values = (xs: readonly { id: string; slug: string; name: string }[]) => new Map(xs.map((c) => [c.id as Guid, { id: c.id as Guid, slug: c.slug, name: c.name }]));
const catalog: StoreListingCatalog = { materials, categories: values(company.catalogs!.materialCategories as never), suppliers: values(company.catalogs!.materialSuppliers as never), locale: "cs" };
const stock = new Map<Guid, Amount>((stores[0]!.stock as { materialId: string; amount: number | null }[]).map((s) => [s.materialId as Guid, s.amount === null ? UNLIMITED : finite(s.amount)]));
const store: Store = { id: main as Guid, externalId: "main", name: "Hlavní sklad", availableFor: [] };
const base: StoreListingQuery = { page: 1, pageSize: 50, searchPhrase: null, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null };

const rows: Record<string, string | number>[] = [{ case: `load (fixture of ${(STOCKED + 3 * BATCH).toLocaleString("en")} materials, listings built)`, "p50 ms": loadMs.toFixed(0) }];
const reads: [string, string, StoreListingQuery | null][] = [
  ['search "šroub", name ascend, page 1 of 50', "page=1&pageSize=50&searchPhrase=%C5%A1roub", { ...base, searchPhrase: "šroub" }],
  ['search "šroub", price descend, page 3 of 20', "page=3&pageSize=20&searchPhrase=%C5%A1roub&sortBy=price&sortOrder=descend", { ...base, searchPhrase: "šroub", page: 3, pageSize: 20, sortBy: "price", sortOrder: "descend" }],
  ["name ascend, page 250 of 200", "page=250&pageSize=200", { ...base, page: 250, pageSize: 200 }],
  ["amount descend, page 250 of 200", "page=250&pageSize=200&sortBy=amount&sortOrder=descend", null],
];
for (const [name, qs, q] of reads) {
  const path = `/store/${main}?${qs}`;
  for (let w = 0; w < 20; w++) call("GET", path);
  const ms = p50(() => call("GET", path), 200);
  const row: Record<string, string | number> = { case: `GET ${name}`, "p50 ms": ms.toFixed(3) };
  if (q !== null) {
    const ours = call("GET", path).body as { materials: { items: { materialId: string }[]; totalCount: number } };
    const theirs = naiveListing(store, stock, catalog, q);
    if (ours.materials.totalCount !== theirs.materials.totalCount || ours.materials.items.map((i) => i.materialId).join() !== theirs.materials.items.map((i) => i.materialId).join()) {
      throw new Error(`listing-service bench: handle and naive disagree on ${name}`);
    }
    const slow = p50(() => naiveListing(store, stock, catalog, q), 5);
    row["naive p50 ms"] = slow.toFixed(1);
    row.ratio = `${Math.round(slow / ms)}×`;
  }
  rows.push(row);
}
// Writes: an addToStore of 5 stocked materials, and a rename of a stocked material.
let k = 0;
const stockMs = p50(() => {
  k++;
  call("POST", `/store/${main}/addToStore`, Array.from({ length: 5 }, (_, j) => ({ materialId: `MAT-${(k * 7919 + j * 104_729) % STOCKED}`, amount: 1.5 })));
}, 200);
rows.push({ case: "POST addToStore, 5 stocked materials (commit)", "p50 ms": stockMs.toFixed(3) });
let e = 0;
const editMs = p50(() => {
  e++;
  const i = (e * 7919) % STOCKED;
  call("PUT", `/material/${hex("d0", i + 1)}`, { name: `přejmenovaný ${e} šroub`, categoryId: "mc-3", supplierId: "ms-4" });
}, 100);
rows.push({ case: "PUT material rename, stocked at 100,000 (commit)", "p50 ms": editMs.toFixed(2) });
// 20,000 materials new to the store, committed: into each empty store, and into the main store three times.
const batch = (b: number) => Array.from({ length: BATCH }, (_, j) => ({ materialId: `MAT-${STOCKED + b * BATCH + j}`, amount: 2 }));
let b = 0;
const emptyMs = p50(() => call("POST", `/store/${hex("e0", 10 + b)}/addToStore`, batch(b++)), 3);
rows.push({ case: "POST addToStore, 20,000 new materials into an empty store (commit)", "p50 ms": emptyMs.toFixed(0) });
b = 0;
const fullMs = p50(() => call("POST", `/store/${main}/addToStore`, batch(b++)), 3);
rows.push({ case: "POST addToStore, 20,000 new materials into the 100,000 store (commit)", "p50 ms": fullMs.toFixed(0) });
console.table(rows);

describe("store listing through handle", () => {
  bench('GET search "šroub" at 160,000 stocked', () => {
    call("GET", `/store/${main}?page=1&pageSize=50&searchPhrase=%C5%A1roub`);
  }, { time: 300 });
});

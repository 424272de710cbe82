import { bench, describe } from "vitest";
import { listingBenchWorld, p50 } from "./listing-world.js";
import type { Material } from "../../src/material/material.js";
import { type Guid } from "../../src/shared/guid.js";
import { foldText } from "../../src/shared/text.js";
import { compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { queryStoreListing } from "../../src/store-listing/page.js";
import { buildStoreListing, type StoreListing, type StoreListingCatalog } from "../../src/store-listing/build.js";
import type { StoreListingQuery } from "../../src/store/query.js";
import { updateStoreListingMaterial, updateStoreListingStock } from "../../src/store-listing/update.js";
import { prepareStoreListingSearch, rebuildStoreListing } from "../../src/store-listing/build.js";

const { N, pick, nouns, adjectives, gid, categories, suppliers, materials, stock, catalog, store } = listingBenchWorld();

// The naive baseline: fold every searchable field (when searching), filter, sort everything
// with the collator, slice.
function naive(q: StoreListingQuery): { items: Material[]; totalCount: number } {
  const collator = new Intl.Collator("cs");
  const phrase = q.searchPhrase === null ? null : foldText(q.searchPhrase);
  const cats = q.materialCategoryIds === null ? null : new Set(q.materialCategoryIds);
  const sups = q.materialSupplierIds === null ? null : new Set(q.materialSupplierIds);
  const rows = [...stock].map(([id, amount]) => ({ m: catalog.materials.get(id) as Material, amount }));
  const kept = rows.filter(
    ({ m }) =>
      (phrase === null || [m.name, m.identificationNumber ?? "", m.supplierCode ?? ""].some((f) => foldText(f).includes(phrase))) &&
      (cats === null || cats.has(m.categoryId)) &&
      (sups === null || sups.has(m.supplierId)),
  );
  const catName = (m: Material): string => catalog.categories.get(m.categoryId)?.name ?? "";
  const supName = (m: Material): string => catalog.suppliers.get(m.supplierId)?.name ?? "";
  type Row = (typeof rows)[number];
  const key: (a: Row, b: Row) => number = {
    name: (a: Row, b: Row) => collator.compare(a.m.name, b.m.name),
    identificationNumber: (a: Row, b: Row) => collator.compare(a.m.identificationNumber ?? "", b.m.identificationNumber ?? ""),
    price: (a: Row, b: Row) => a.m.price.comparedTo(b.m.price),
    amount: (a: Row, b: Row) => compareAmounts(a.amount, b.amount),
    materialCategoryName: (a: Row, b: Row) => collator.compare(catName(a.m), catName(b.m)),
    materialSupplierName: (a: Row, b: Row) => collator.compare(supName(a.m), supName(b.m)),
  }[q.sortBy];
  const sign = q.sortOrder === "descend" ? -1 : 1;
  kept.sort((a, b) => sign * key(a, b) || collator.compare(a.m.name, b.m.name) || (a.m.id < b.m.id ? -1 : 1));
  const from = (q.page - 1) * q.pageSize;
  return { items: kept.slice(from, from + q.pageSize).map((r) => r.m), totalCount: kept.length };
}

const base: StoreListingQuery = { page: 1, pageSize: 50, searchPhrase: null, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null };
const queries: [string, StoreListingQuery][] = [
  ['search "šroub", name ascend, page 1 of 50', { ...base, searchPhrase: "šroub" }],
  ['search "šroub", price descend, page 3 of 20', { ...base, searchPhrase: "šroub", sortBy: "price", sortOrder: "descend", page: 3, pageSize: 20 }],
  ["amount descend, page 250 of 200", { ...base, sortBy: "amount", sortOrder: "descend", page: 250, pageSize: 200 }],
  ["name ascend, page 250 of 200", { ...base, page: 250, pageSize: 200 }],
  ["supplier name, 30 of 40 categories, page 250 of 200", { ...base, sortBy: "materialSupplierName", materialCategoryIds: categories.slice(0, 30).map((c) => c.id), page: 250, pageSize: 200 }],
  ["code descend, 3 suppliers, page 1 of 200", { ...base, sortBy: "identificationNumber", sortOrder: "descend", materialSupplierIds: suppliers.slice(0, 3).map((c) => c.id), pageSize: 200 }],
];

let listing: StoreListing;
const buildMs = p50(() => {
  listing = buildStoreListing(store.id, stock, catalog);
}, 3);
const rows: Record<string, string | number>[] = [{ case: "build 100,000", "index p50 ms": buildMs.toFixed(1) }];
// The search text is folded on the first search after a build (or a material edit), once.
const fresh = [0, 1, 2].map(() => buildStoreListing(store.id, stock, catalog));
let f = 0;
const firstSearchMs = p50(() => queryStoreListing(fresh[f++] as StoreListing, store, queries[0]![1]), 3);
rows.push({ case: 'first search after a build ("šroub", folds the text)', "index p50 ms": firstSearchMs.toFixed(1) });
for (const [name, q] of queries) {
  const ours = queryStoreListing(listing!, store, q);
  const theirs = naive(q);
  if (ours.materials.totalCount !== theirs.totalCount || ours.materials.items.map((i) => i.materialId).join() !== theirs.items.map((m) => m.id).join()) {
    throw new Error(`store-listing bench: index and naive disagree on ${name}`);
  }
  // Warm up, then 200 samples: 50 right after the allocation-heavy naive runs were dominated by GC.
  for (let w = 0; w < 20; w++) queryStoreListing(listing!, store, q);
  const fast = p50(() => queryStoreListing(listing, store, q), 200);
  const slow = p50(() => naive(q), 5);
  rows.push({ case: name, "index p50 ms": fast.toFixed(3), "naive p50 ms": slow.toFixed(1), ratio: `${Math.round(slow / fast)}×`, total: ours.materials.totalCount });
}
let k = 0;
const updateMs = p50(() => {
  const m = materials[(k++ * 7919) % N] as Material;
  listing = updateStoreListingStock(listing, new Map([[m.id, finite(k % 1000)]]), catalog);
}, 200);
rows.push({ case: "update after one stock change", "index p50 ms": updateMs.toFixed(3) });
// Change sets made beforehand, so the rows time the update alone.
const batchesOf = (ms: readonly Material[], count: number, plus: number): Map<Guid, Amount>[] =>
  Array.from({ length: count }, (_, i) => new Map(Array.from({ length: 5 }, (_, j) => [(ms[(i * 5 + j) % ms.length] as Material).id, finite(((i * 5 + j) % 1000) + plus)] as const)));
const batches = batchesOf(materials, 200, 0.5);
let b = 0;
const batchMs = p50(() => {
  listing = updateStoreListingStock(listing, batches[b++ % batches.length] as Map<Guid, Amount>, catalog);
}, 200);
rows.push({ case: "update after a batch of 5 stock changes", "index p50 ms": batchMs.toFixed(3) });
// A material edit (rename) as the service does it: the listing's search text is already
// folded and must stay folded. Baseline: the full rebuild (plus folding) it replaces.
listing = prepareStoreListingSearch(listing!);
let e = 0;
const renamed = (): [Material, StoreListingCatalog] => {
  const m = { ...(materials[(e++ * 7919) % N] as Material), name: `${pick(nouns)} ${pick(adjectives)} ${e}` };
  return [m, { ...catalog, materials: new Map(catalog.materials).set(m.id, m) }];
};
const edits = Array.from({ length: 200 }, renamed);
let ei = 0;
const editMs = p50(() => {
  const [m, cat] = edits[ei++ % edits.length] as [Material, StoreListingCatalog];
  listing = prepareStoreListingSearch(updateStoreListingMaterial(listing, m, cat));
}, 200);
const rebuildMs = p50(() => {
  const [, cat] = edits[ei++ % edits.length] as [Material, StoreListingCatalog];
  prepareStoreListingSearch(rebuildStoreListing(listing, cat));
}, 3);
rows.push({ case: "material edit (rename)", "index p50 ms": editMs.toFixed(3), "naive p50 ms": rebuildMs.toFixed(1), ratio: `${Math.round(rebuildMs / editMs)}× (vs rebuild + fold)` });
// A small store, as in the service's mixed workload: 2,000 materials, batches of 5.
const small = materials.slice(0, 2_000);
let smallListing = buildStoreListing(store.id, new Map(small.map((m) => [m.id, stock.get(m.id) as Amount])), catalog);
const smallBatches = batchesOf(small, 2000, 1.5);
const smallMs = p50(() => {
  smallListing = updateStoreListingStock(smallListing, smallBatches[b++ % smallBatches.length] as Map<Guid, Amount>, catalog);
}, 2000);
rows.push({ case: "2,000 materials: update after a batch of 5", "index p50 ms": smallMs.toFixed(4) });
console.table(rows);

describe("store listing, 100,000 stocked materials", () => {
  bench('index: search "šroub"', () => {
    queryStoreListing(listing, store, queries[0]![1]);
  }, { time: 300 });
  bench("index: amount descend, page 250 of 200", () => {
    queryStoreListing(listing, store, queries[2]![1]);
  }, { time: 300 });
  bench("index: filters, page 250 of 200", () => {
    queryStoreListing(listing, store, queries[4]![1]);
  }, { time: 300 });
  bench("naive: filters, page 250 of 200 (baseline)", () => {
    naive(queries[4]![1]);
  }, { iterations: 3, time: 0 });
});

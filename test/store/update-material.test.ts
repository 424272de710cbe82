import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Material } from "../../src/material/material.js";
import { Dec } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite, type Amount } from "../../src/stock/amount.js";
import { queryStoreListing, type StoreDetail } from "../../src/store/detail.js";
import { buildStoreListing, prepareStoreListingSearch, storeListingStock, type StoreListing, type StoreListingCatalog } from "../../src/store/listing.js";
import type { StoreListingQuery } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";
import { updateStoreListingMaterial, updateStoreListingStock } from "../../src/store/update-listing.js";
import { changeSetArb, czechTextArb, listingQueryArb, listingWorldArb, type ListingWorld } from "../arbitraries/store.js";
import { naiveListing } from "./naive-listing.js";
import { g, material, tools, cables, acme } from "./examples.js";

// ---- Hand-picked examples ----

const store: Store = { id: g(1000), externalId: "SK-1", name: "Hlavní sklad", availableFor: [] };


function catalogOf(materials: readonly Material[]): StoreListingCatalog {
  return {
    materials: new Map(materials.map((m) => [m.id, m])),
    categories: new Map([tools, cables].map((c) => [c.id, c])),
    suppliers: new Map([acme].map((c) => [c.id, c])),
    locale: "cs",
  };
}

function query(over: Partial<StoreListingQuery> = {}): StoreListingQuery {
  return { page: 1, pageSize: 200, searchPhrase: null, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null, ...over };
}

const names = (d: StoreDetail): string[] => d.materials.items.map((i) => i.name);

// Hadice is first in Czech order here; "Chladivo" sorts after every other name (ch after h).
const hose = material(1, "Hadice", { identificationNumber: "HA-12", supplierCode: "D1" });
const shelf = [hose, material(2, "Hřebík", { price: new Dec("2.5") }), material(3, "Hydrant", { price: new Dec(7) }), material(4, "Chalupa", { categoryId: cables.id })];
const shelfStock = new Map<Guid, Amount>(shelf.map((m) => [m.id, finite(5)]));
const shelfListing = prepareStoreListingSearch(buildStoreListing(store.id, shelfStock, catalogOf(shelf)));

describe("material edit of a store listing, hand-picked examples", () => {
  it('STO-5: renaming "Hadice" to "Chladivo" moves it from first to last in the Czech name order; the old listing keeps it first', () => {
    const renamed = { ...hose, name: "Chladivo" };
    const cat = catalogOf([renamed, ...shelf.slice(1)]);
    const next = updateStoreListingMaterial(shelfListing, renamed, cat);
    expect(names(queryStoreListing(next, store, query()))).toEqual(["Hřebík", "Hydrant", "Chalupa", "Chladivo"]);
    expect(names(queryStoreListing(next, store, query({ sortOrder: "descend" })))).toEqual(["Chladivo", "Chalupa", "Hydrant", "Hřebík"]);
    // Equal amounts: the amount order breaks ties by the new name order too.
    expect(names(queryStoreListing(next, store, query({ sortBy: "amount" })))).toEqual(["Hřebík", "Hydrant", "Chalupa", "Chladivo"]);
    expect(names(queryStoreListing(shelfListing, store, query()))).toEqual(["Hadice", "Hřebík", "Hydrant", "Chalupa"]);
    expect(names(queryStoreListing(shelfListing, store, query({ sortBy: "amount" })))).toEqual(["Hadice", "Hřebík", "Hydrant", "Chalupa"]);
  });

  it("STO-4: the edited material is found by its new name and no longer by its old one; the old listing still finds the old", () => {
    const renamed = { ...hose, name: "Chladivo", supplierCode: null };
    const next = updateStoreListingMaterial(shelfListing, renamed, catalogOf([renamed, ...shelf.slice(1)]));
    expect(names(queryStoreListing(next, store, query({ searchPhrase: "CHLADIVO" })))).toEqual(["Chladivo"]);
    expect(queryStoreListing(next, store, query({ searchPhrase: "hadice" })).materials.totalCount).toBe(0);
    expect(queryStoreListing(next, store, query({ searchPhrase: "d1" })).materials.totalCount).toBe(0);
    expect(names(queryStoreListing(next, store, query({ searchPhrase: "ha-12" })))).toEqual(["Chladivo"]);
    expect(names(queryStoreListing(shelfListing, store, query({ searchPhrase: "hadice" })))).toEqual(["Hadice"]);
  });

  it("STO-5: a price change moves the material in the price order and shows the new price", () => {
    const cheaper = { ...shelf[2]!, price: new Dec("0.5") };
    const next = updateStoreListingMaterial(shelfListing, cheaper, catalogOf([hose, shelf[1]!, cheaper, shelf[3]!]));
    const byPrice = query({ sortBy: "price", sortOrder: "descend" });
    expect(queryStoreListing(next, store, byPrice).materials.items.map((i) => [i.name, i.price])).toEqual([
      ["Hřebík", 2.5],
      ["Hadice", 1],
      ["Chalupa", 1],
      ["Hydrant", 0.5],
    ]);
    expect(names(queryStoreListing(shelfListing, store, byPrice))).toEqual(["Hydrant", "Hřebík", "Hadice", "Chalupa"]);
  });

  it("STO-3, STO-5: a category change is seen by the category filter, its totalCount and the category-name order", () => {
    const moved = { ...shelf[1]!, categoryId: cables.id };
    const next = updateStoreListingMaterial(shelfListing, moved, catalogOf([hose, moved, shelf[2]!, shelf[3]!]));
    const inCables = query({ materialCategoryIds: [cables.id] });
    expect(names(queryStoreListing(next, store, inCables))).toEqual(["Hřebík", "Chalupa"]);
    expect(queryStoreListing(next, store, { ...inCables, pageSize: 1 }).materials.totalCount).toBe(2);
    expect(queryStoreListing(next, store, query({ materialCategoryIds: [tools.id], pageSize: 1 })).materials.totalCount).toBe(2);
    expect(queryStoreListing(next, store, query({ sortBy: "materialCategoryName" })).materials.items.map((i) => i.materialCategoryName)).toEqual(["Kabely", "Kabely", "Nářadí", "Nářadí"]);
    expect(queryStoreListing(shelfListing, store, { ...inCables, pageSize: 1 }).materials.totalCount).toBe(1);
  });

  it("a listing that does not stock the material is returned as it is", () => {
    const stranger = material(99, "Cizí");
    expect(updateStoreListingMaterial(shelfListing, stranger, catalogOf([...shelf, stranger]))).toBe(shelfListing);
  });
});

// ---- Differential property ----

type Step =
  | { readonly kind: "stock"; readonly changes: Map<Guid, Amount>; readonly from: number; readonly prepare: boolean }
  | { readonly kind: "edit"; readonly target: number; readonly edit: Edit; readonly from: number; readonly prepare: boolean };

interface Edit {
  readonly name: string | number;
  readonly identificationNumber: string | null | number;
  readonly supplierCode: string | null | number;
  readonly price: Dec;
  readonly category: number;
  readonly supplier: number;
  readonly externalId: string | null;
  readonly unit: Material["unit"];
}

// A new value: fresh Czech-like text, or (a number) the same field of another material, for ties.
const fieldArb = (nullable: boolean): fc.Arbitrary<string | null | number> =>
  fc.oneof(
    czechTextArb,
    fc.constantFrom("Hadice", "Chladivo", "hadice", "Šroub", "HA-12", "CH-32"),
    fc.nat(),
    ...(nullable ? [fc.constant(null)] : []),
  );

const editArb: fc.Arbitrary<Edit> = fc.record({
  name: fieldArb(false) as fc.Arbitrary<string | number>,
  identificationNumber: fieldArb(true),
  supplierCode: fieldArb(true),
  price: fc.constantFrom("0", "1", "1.5", "2", "10", "99.99", "0.5", "1.50", "123456.789").map((t) => new Dec(t)),
  category: fc.nat(),
  supplier: fc.nat(),
  externalId: fc.option(fc.string({ maxLength: 4 }), { nil: null }),
  unit: fc.constantFrom<Material["unit"]>("Amounts", "Kilograms", "Meters"),
});

function applyEdit(world: ListingWorld, current: ReadonlyMap<Guid, Material>, target: Material, e: Edit): Material {
  const others = [...current.values()];
  const other = (k: number): Material => others[k % others.length] as Material;
  const pick = <T extends string | null>(v: T | number, field: (m: Material) => T): T => (typeof v === "number" ? field(other(v)) : v);
  const categories = [...world.catalog.categories.keys()];
  const suppliers = [...world.catalog.suppliers.keys()];
  return {
    ...target,
    name: pick(e.name, (m) => m.name),
    identificationNumber: pick(e.identificationNumber, (m) => m.identificationNumber),
    supplierCode: pick(e.supplierCode, (m) => m.supplierCode),
    price: e.price,
    categoryId: categories[e.category % categories.length] as Guid,
    supplierId: suppliers[e.supplier % suppliers.length] as Guid,
    externalId: e.externalId,
    unit: e.unit,
  };
}

const stepArb = (w: ListingWorld): fc.Arbitrary<Step> =>
  fc.oneof(
    fc.record({ kind: fc.constant("stock" as const), changes: changeSetArb(w), from: fc.nat(), prepare: fc.boolean() }),
    fc.record({ kind: fc.constant("edit" as const), target: fc.nat(), edit: editArb, from: fc.nat(), prepare: fc.boolean() }),
  );

interface Version {
  readonly listing: StoreListing;
  readonly stock: Map<Guid, Amount>;
  readonly catalog: StoreListingCatalog;
}

describe("material edit of a store listing, properties", () => {
  it("STO-4, STO-5: after any mix of stock changes and material edits the updated listing equals the naive listing over the edited materials, and old versions still answer as before", () => {
    const arb = listingWorldArb
      .filter((w) => w.materials.length > 0)
      .chain((w) =>
        fc.tuple(
          fc.constant(w),
          fc.array(stepArb(w), { minLength: 1, maxLength: 8 }),
          fc.array(listingQueryArb(w), { minLength: 1, maxLength: 3 }),
          // Queries whose phrases come from edited fields, and texts like them.
          fc.array(listingQueryArb({ ...w, materials: [...w.materials, material(0, "Chladivo", { identificationNumber: "HA-12", supplierCode: "CH-32" })] }), { maxLength: 2 }),
          fc.infiniteStream(fc.nat()),
          fc.boolean(),
        ),
      );
    fc.assert(
      fc.property(arb, ([world, steps, queries, moreQueries, order, prepareFirst]) => {
        const first = buildStoreListing(world.store.id, world.stock, world.catalog);
        const history: Version[] = [{ listing: prepareFirst ? prepareStoreListingSearch(first) : first, stock: new Map(world.stock), catalog: world.catalog }];
        const edited: Material[] = [];
        for (const step of steps) {
          // Sometimes branch off an older version: versions are values.
          const from = history[step.from % history.length] as Version;
          if (step.prepare) prepareStoreListingSearch(from.listing);
          if (step.kind === "stock") {
            const stock = new Map(from.stock);
            for (const [id, a] of step.changes) stock.set(id, a);
            history.push({ listing: updateStoreListingStock(from.listing, step.changes, from.catalog), stock, catalog: from.catalog });
          } else {
            const target = world.materials[step.target % world.materials.length] as Material;
            const m = applyEdit(world, from.catalog.materials, from.catalog.materials.get(target.id) as Material, step.edit);
            edited.push(m);
            const catalog: StoreListingCatalog = { ...from.catalog, materials: new Map(from.catalog.materials).set(m.id, m) };
            history.push({ listing: updateStoreListingMaterial(from.listing, m, catalog), stock: from.stock, catalog });
          }
        }
        const phrases = edited.flatMap((m) => [m.name, m.identificationNumber, m.supplierCode]).filter((t): t is string => t !== null && t !== "");
        const all = [...queries, ...moreQueries, ...phrases.slice(0, 3).map((searchPhrase, i) => ({ ...(queries[0] as StoreListingQuery), searchPhrase, page: 1, pageSize: 5 + i }))];
        // Read the versions in a random order, twice: versions share amount buffers and re-root them when read.
        const reads = [...history.keys(), ...history.keys()].map((i) => (i + (order.next().value as number)) % history.length);
        for (const i of reads) {
          const v = history[i] as Version;
          for (const q of all) expect(queryStoreListing(v.listing, world.store, q)).toStrictEqual(naiveListing(world.store, v.stock, v.catalog, q));
          expect(new Map(storeListingStock(v.listing))).toEqual(v.stock);
        }
      }),
      { numRuns: 300 },
    );
  });
});

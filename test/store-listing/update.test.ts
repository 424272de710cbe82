import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Material } from "../../src/material/material.js";
import { Dec } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { UNLIMITED, finite, type Amount } from "../../src/stock/amount.js";
import { queryStoreListing, type StoreDetail } from "../../src/store-listing/page.js";
import { buildStoreListing, prepareStoreListingSearch, storeListingStock, type StoreListing, type StoreListingCatalog } from "../../src/store-listing/build.js";
import { storeSortKeys, storeSortOrders, type StoreListingQuery } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";
import { updateStoreListingMaterial, updateStoreListingStock } from "../../src/store-listing/update.js";
import { changeSetArb, czechTextArb, listingQueryArb, listingWorldArb, type ListingWorld } from "../../src/testing/arbitraries/records/store.js";
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
// Each update uses up the listing it is given, so every example starts from a fresh one.
const shelfListing = (): StoreListing => prepareStoreListingSearch(buildStoreListing(store.id, shelfStock, catalogOf(shelf)));

describe("material edit of a store listing, hand-picked examples", () => {
  it('STO-5: renaming "Hadice" to "Chladivo" moves it from first to last in the Czech name order', () => {
    const renamed = { ...hose, name: "Chladivo" };
    const cat = catalogOf([renamed, ...shelf.slice(1)]);
    const next = updateStoreListingMaterial(shelfListing(), renamed, cat);
    expect(names(queryStoreListing(next, store, query()))).toEqual(["Hřebík", "Hydrant", "Chalupa", "Chladivo"]);
    expect(names(queryStoreListing(next, store, query({ sortOrder: "descend" })))).toEqual(["Chladivo", "Chalupa", "Hydrant", "Hřebík"]);
    // Equal amounts: the amount order breaks ties by the new name order too.
    expect(names(queryStoreListing(next, store, query({ sortBy: "amount" })))).toEqual(["Hřebík", "Hydrant", "Chalupa", "Chladivo"]);
  });

  it("STO-4: the edited material is found by its new name and no longer by its old one", () => {
    const renamed = { ...hose, name: "Chladivo", supplierCode: null };
    const next = updateStoreListingMaterial(shelfListing(), renamed, catalogOf([renamed, ...shelf.slice(1)]));
    expect(names(queryStoreListing(next, store, query({ searchPhrase: "CHLADIVO" })))).toEqual(["Chladivo"]);
    expect(queryStoreListing(next, store, query({ searchPhrase: "hadice" })).materials.totalCount).toBe(0);
    expect(queryStoreListing(next, store, query({ searchPhrase: "d1" })).materials.totalCount).toBe(0);
    expect(names(queryStoreListing(next, store, query({ searchPhrase: "ha-12" })))).toEqual(["Chladivo"]);
  });

  it("STO-5: an edit with a catalog in another locale rebuilds the listing in that locale's order", () => {
    const cheaper = { ...shelf[2]!, price: new Dec("0.5") };
    const en = { ...catalogOf([hose, shelf[1]!, cheaper, shelf[3]!]), locale: "en" };
    const next = updateStoreListingMaterial(shelfListing(), cheaper, en);
    // English has no "ch" letter (Czech puts Chalupa last, after h), and ř is an r with a caron.
    expect(names(queryStoreListing(next, store, query()))).toEqual(["Chalupa", "Hadice", "Hřebík", "Hydrant"]);
    expect(names(queryStoreListing(next, store, query({ sortOrder: "descend" })))).toEqual(["Hydrant", "Hřebík", "Hadice", "Chalupa"]);
    expect(queryStoreListing(next, store, query({ sortBy: "price" })).materials.items.map((i) => [i.name, i.price])).toEqual([
      ["Hydrant", 0.5],
      ["Chalupa", 1],
      ["Hadice", 1],
      ["Hřebík", 2.5],
    ]);
  });

  it("STO-5: a price change moves the material in the price order and shows the new price", () => {
    const cheaper = { ...shelf[2]!, price: new Dec("0.5") };
    const next = updateStoreListingMaterial(shelfListing(), cheaper, catalogOf([hose, shelf[1]!, cheaper, shelf[3]!]));
    const byPrice = query({ sortBy: "price", sortOrder: "descend" });
    expect(queryStoreListing(next, store, byPrice).materials.items.map((i) => [i.name, i.price])).toEqual([
      ["Hřebík", 2.5],
      ["Hadice", 1],
      ["Chalupa", 1],
      ["Hydrant", 0.5],
    ]);
  });

  it("STO-3, STO-5: a category change is seen by the category filter, its totalCount and the category-name order", () => {
    const moved = { ...shelf[1]!, categoryId: cables.id };
    const next = updateStoreListingMaterial(shelfListing(), moved, catalogOf([hose, moved, shelf[2]!, shelf[3]!]));
    const inCables = query({ materialCategoryIds: [cables.id] });
    expect(names(queryStoreListing(next, store, inCables))).toEqual(["Hřebík", "Chalupa"]);
    expect(queryStoreListing(next, store, { ...inCables, pageSize: 1 }).materials.totalCount).toBe(2);
    expect(queryStoreListing(next, store, query({ materialCategoryIds: [tools.id], pageSize: 1 })).materials.totalCount).toBe(2);
    expect(queryStoreListing(next, store, query({ sortBy: "materialCategoryName" })).materials.items.map((i) => i.materialCategoryName)).toEqual(["Kabely", "Kabely", "Nářadí", "Nářadí"]);
  });

  it("a listing that does not stock the material is returned as it is", () => {
    const stranger = material(99, "Cizí");
    const l = shelfListing();
    expect(updateStoreListingMaterial(l, stranger, catalogOf([...shelf, stranger]))).toBe(l);
    expect(names(queryStoreListing(l, store, query()))).toEqual(["Hadice", "Hřebík", "Hydrant", "Chalupa"]);
  });
});

describe("stock changes of a store listing, hand-picked examples", () => {
  it("STO-5: a stock change moves the material in the amount order", () => {
    const next = updateStoreListingStock(shelfListing(), new Map<Guid, Amount>([[g(3), UNLIMITED], [g(2), finite(1)]]), catalogOf(shelf));
    expect(names(queryStoreListing(next, store, query({ sortBy: "amount", sortOrder: "descend" })))).toEqual(["Hydrant", "Hadice", "Chalupa", "Hřebík"]);
    expect(storeListingStock(next).get(g(3))).toEqual(UNLIMITED);
  });

  it("STO-5: materials new to the store are merged into every order, and found by search when the text was folded", () => {
    const added = [material(5, "Akumulátor", { price: new Dec(9) }), material(6, "Hadice", { categoryId: cables.id }), material(7, "Zátka", { identificationNumber: "A-1" })];
    const cat = catalogOf([...shelf, ...added]);
    const next = updateStoreListingStock(shelfListing(), new Map(added.map((m, i) => [m.id, finite(i)])), cat);
    expect(names(queryStoreListing(next, store, query()))).toEqual(["Akumulátor", "Hadice", "Hadice", "Hřebík", "Hydrant", "Chalupa", "Zátka"]);
    expect(names(queryStoreListing(next, store, query({ sortBy: "price", sortOrder: "descend" })))).toEqual(["Akumulátor", "Hydrant", "Hřebík", "Hadice", "Hadice", "Chalupa", "Zátka"]);
    expect(names(queryStoreListing(next, store, query({ searchPhrase: "hadice" })))).toEqual(["Hadice", "Hadice"]);
    expect(queryStoreListing(next, store, query({ materialCategoryIds: [cables.id], pageSize: 1 })).materials.totalCount).toBe(2);
  });
});

describe("stock changes of a store listing, properties", () => {
  it("STO-5: a batch of materials new to the store (sorted once, merged into each order) equals the naive listing, for every sort key and direction", () => {
    const arb = listingWorldArb.chain((w) => fc.tuple(fc.constant(w), fc.nat(), fc.boolean(), fc.constantFrom(...storeSortKeys), fc.constantFrom(...storeSortOrders)));
    fc.assert(
      fc.property(arb, ([world, cut, prepare, sortBy, sortOrder]) => {
        // Build over part of the catalog, then stock everything else (and re-stock some) in one change set.
        const all = world.materials;
        const k = all.length === 0 ? 0 : cut % all.length;
        const first = new Map<Guid, Amount>(all.slice(0, k).map((m, i) => [m.id, finite(i % 3)]));
        const l0 = buildStoreListing(world.store.id, first, world.catalog);
        if (prepare) prepareStoreListingSearch(l0);
        const changes = new Map<Guid, Amount>(all.slice(Math.max(0, k - 2)).map((m, i) => [m.id, i % 5 === 0 ? UNLIMITED : finite(i % 4)]));
        const l = updateStoreListingStock(l0, changes, world.catalog);
        const stock = new Map([...first, ...changes]);
        for (const q of [query({ sortBy, sortOrder }), query({ sortBy, sortOrder, searchPhrase: all[0]?.name.slice(0, 2) || null, pageSize: 7 })]) {
          expect(queryStoreListing(l, world.store, q)).toStrictEqual(naiveListing(world.store, stock, world.catalog, q));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("STO-4: the search text is the same whether it was folded before or after materials were first stocked", () => {
    // It is folded on the first search and extended by later additions, or folded later in one go.
    const arb = listingWorldArb.chain((w) =>
      fc.tuple(fc.constant(w), fc.array(fc.tuple(changeSetArb(w), fc.boolean()), { maxLength: 4 }), listingQueryArb(w), listingQueryArb(w)),
    );
    fc.assert(
      fc.property(arb, ([world, steps, q, early]) => {
        let l = buildStoreListing(world.store.id, world.stock, world.catalog);
        const stock = new Map(world.stock);
        for (const [changes, searchFirst] of steps) {
          if (searchFirst) queryStoreListing(l, world.store, { ...early, searchPhrase: early.searchPhrase ?? "a" });
          for (const [id, a] of changes) stock.set(id, a);
          l = updateStoreListingStock(l, changes, world.catalog);
        }
        expect(queryStoreListing(l, world.store, q)).toStrictEqual(naiveListing(world.store, stock, world.catalog, q));
      }),
      { numRuns: 300 },
    );
  });

  it("STO-5: amounts a double cannot tell apart still sort exactly, built and after changes", () => {
    // The orders compare doubles first; these amounts collide as doubles (or overflow them).
    const texts = ["0", "0.1", "0.10000000000000000001", "0.1000000000000000000099", "123456789012345678", "123456789012345679", "1e400", "1.0000000000000000000001e400", "2.5"];
    const amountArb = fc.oneof(fc.constantFrom(...texts).map((t) => finite(t)), fc.constant(UNLIMITED));
    const ms = Array.from({ length: 12 }, (_, i) => material(i + 1, `m${i % 4}`));
    const cat = catalogOf(ms);
    const stockArb = fc.array(amountArb, { minLength: 12, maxLength: 12 }).map((as) => new Map<Guid, Amount>(ms.map((m, i) => [m.id, as[i] as Amount])));
    const changesArb = fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 11 }), amountArb), { selector: ([i]) => i, maxLength: 4 });
    fc.assert(
      fc.property(stockArb, fc.array(changesArb, { maxLength: 5 }), (stock0, changeSets) => {
        let l = buildStoreListing(store.id, stock0, cat);
        const stock = new Map(stock0);
        const check = (): void => {
          for (const sortOrder of ["ascend", "descend"] as const) {
            const q = query({ sortBy: "amount", sortOrder, pageSize: 20 });
            expect(queryStoreListing(l, store, q)).toStrictEqual(naiveListing(store, stock, cat, q));
          }
        };
        check();
        for (const changes of changeSets) {
          const map = new Map(changes.map(([i, a]) => [(ms[i] as Material).id, a]));
          for (const [id, a] of map) stock.set(id, a);
          l = updateStoreListingStock(l, map, cat);
          check();
        }
      }),
      { numRuns: 300 },
    );
  });

  it("STO-5: a batch of many changes (re-deriving the amount orders) equals the naive listing", () => {
    const ms = Array.from({ length: 150 }, (_, i) => material(i + 1, `m${i % 17}`));
    const cat = catalogOf(ms);
    const l = buildStoreListing(store.id, new Map(ms.map((m) => [m.id, finite(1)])), cat);
    const changes = new Map<Guid, Amount>(ms.slice(0, 100).map((m, i) => [m.id, i % 7 === 0 ? UNLIMITED : finite(i % 5)]));
    const next = updateStoreListingStock(l, changes, cat);
    const stock = new Map(ms.map((m) => [m.id, changes.get(m.id) ?? finite(1)]));
    for (const sortOrder of ["ascend", "descend"] as const) {
      const q = query({ sortBy: "amount", sortOrder });
      expect(queryStoreListing(next, store, q)).toStrictEqual(naiveListing(store, stock, cat, q));
    }
  });
});

// ---- Differential property ----

type Step =
  | { readonly kind: "stock"; readonly changes: Map<Guid, Amount>; readonly prepare: boolean }
  | { readonly kind: "edit"; readonly target: number; readonly edit: Edit; readonly prepare: boolean };

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
    fc.record({ kind: fc.constant("stock" as const), changes: changeSetArb(w), prepare: fc.boolean() }),
    fc.record({ kind: fc.constant("edit" as const), target: fc.nat(), edit: editArb, prepare: fc.boolean() }),
  );

describe("material edit and stock changes of a store listing, properties", () => {
  it("STO-4, STO-5: after any sequence of stock changes and material edits the newest listing equals the naive listing over the edited materials and the new stock, and every replaced listing is used up", () => {
    const arb = listingWorldArb
      .filter((w) => w.materials.length > 0)
      .chain((w) =>
        fc.tuple(
          fc.constant(w),
          fc.array(stepArb(w), { minLength: 1, maxLength: 8 }),
          fc.array(listingQueryArb(w), { minLength: 1, maxLength: 3 }),
          // Queries whose phrases come from edited fields, and texts like them.
          fc.array(listingQueryArb({ ...w, materials: [...w.materials, material(0, "Chladivo", { identificationNumber: "HA-12", supplierCode: "CH-32" })] }), { maxLength: 2 }),
          fc.boolean(),
        ),
      );
    fc.assert(
      fc.property(arb, ([world, steps, queries, moreQueries, prepareFirst]) => {
        const first = buildStoreListing(world.store.id, world.stock, world.catalog);
        let listing = prepareFirst ? prepareStoreListingSearch(first) : first;
        const stock = new Map(world.stock);
        let catalog = world.catalog;
        const edited: Material[] = [];
        const check = (): void => {
          const phrases = edited.flatMap((m) => [m.name, m.identificationNumber, m.supplierCode]).filter((t): t is string => t !== null && t !== "");
          const all = [...queries, ...moreQueries, ...phrases.slice(-3).map((searchPhrase, i) => ({ ...(queries[0] as StoreListingQuery), searchPhrase, page: 1, pageSize: 5 + i }))];
          for (const q of all) expect(queryStoreListing(listing, world.store, q)).toStrictEqual(naiveListing(world.store, stock, catalog, q));
          expect(new Map(storeListingStock(listing))).toEqual(stock);
        };
        for (const step of steps) {
          if (step.prepare) prepareStoreListingSearch(listing);
          const before = listing;
          if (step.kind === "stock") {
            for (const [id, a] of step.changes) stock.set(id, a);
            listing = updateStoreListingStock(listing, step.changes, catalog);
          } else {
            const target = world.materials[step.target % world.materials.length] as Material;
            const m = applyEdit(world, catalog.materials, catalog.materials.get(target.id) as Material, step.edit);
            catalog = { ...catalog, materials: new Map(catalog.materials).set(m.id, m) };
            listing = updateStoreListingMaterial(listing, m, catalog);
            if (stock.has(m.id)) edited.push(m);
          }
          if (listing !== before) expect(() => queryStoreListing(before, world.store, queries[0] as StoreListingQuery)).toThrow(/used up/);
          check();
        }
      }),
      { numRuns: 300 },
    );
  });
});

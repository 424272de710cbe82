import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Material } from "../../src/material/material.js";
import type { Guid } from "../../src/shared/guid.js";
import { UNLIMITED, finite, type Amount } from "../../src/stock/amount.js";
import { queryStoreListing, type StoreDetail } from "../../src/store-listing/page.js";
import { buildStoreListing, prepareStoreListingSearch, rebuildStoreListing, storeListingStock, type StoreListing } from "../../src/store-listing/build.js";
import { updateStoreListingMaterial, updateStoreListingStock } from "../../src/store-listing/update.js";
import { naiveListing } from "./naive-listing.js";
import { catalogOf, g, material, query, store } from "./examples.js";
import { worldAndQueryArb } from "../../src/testing/arbitraries/records/store.js";


const names = (detail: StoreDetail): string[] => detail.materials.items.map((i) => i.name);

const czech = ["Žárovka", "Šroub", "Kabel", "Řídicí", "Chladivo", "Hadice"].map((name, i) => material(i + 1, name));
const czechCatalog = catalogOf(czech);
const czechStock = new Map<Guid, Amount>(czech.map((m) => [m.id, finite(1)]));
// Built in each test, not at import: code run at import is "static" for Stryker, which then runs every test per mutant.
const czechListing = (): StoreListing => buildStoreListing(store.id, czechStock, czechCatalog);

describe("store listing: build, stock view, single owner", () => {
  it("STO-5: a build lists every stocked material in Czech name order, and its size is the number stocked", () => {
    expect(czechListing().size).toBe(6);
    expect(czechListing().storeId).toBe(store.id);
    expect(names(queryStoreListing(czechListing(), store, query()))).toEqual(["Hadice", "Chladivo", "Kabel", "Řídicí", "Šroub", "Žárovka"]);
  });

  it("a stocked material missing from the catalog is a programmer error", () => {
    expect(() => buildStoreListing(store.id, new Map([[g(555), finite(1)]]), czechCatalog)).toThrow(/not in the catalog/);
  });

  it("the stock view reads like the map the listing was built from", () => {
    const stock = new Map<Guid, Amount>([
      [g(2), finite(3)],
      [g(1), UNLIMITED],
    ]);
    const view = storeListingStock(buildStoreListing(store.id, stock, czechCatalog));
    expect(view.size).toBe(2);
    expect([...view]).toEqual([...stock]);
    expect([...view.keys()]).toEqual([...stock.keys()]);
    expect([...view.values()]).toEqual([...stock.values()]);
    expect(view.has(g(1))).toBe(true);
    expect(view.has(g(5))).toBe(false);
    expect(view.get(g(5))).toBeUndefined();
    const seen: [Guid, Amount][] = [];
    view.forEach((a, id) => seen.push([id, a]));
    expect(seen).toEqual([...stock]);
  });

  it("a material edit is picked up by rebuilding over the same stock", () => {
    const renamed = czech.map((m) => (m.id === g(1) ? { ...m, name: "Abeceda" } : m));
    const l = rebuildStoreListing(czechListing(), catalogOf(renamed));
    expect(names(queryStoreListing(l, store, query()))[0]).toBe("Abeceda");
    expect([...storeListingStock(l)]).toEqual([...storeListingStock(czechListing())]);
  });

  it("an update uses up the listing it was given: querying it, reading its stock view or updating it again throws a clear error", () => {
    const before = buildStoreListing(store.id, czechStock, czechCatalog);
    const view = storeListingStock(before);
    const after = updateStoreListingStock(before, new Map([[g(3), UNLIMITED]]), czechCatalog);
    expect(storeListingStock(after).get(g(3))).toEqual(UNLIMITED);
    const usedUp = /used up by an update; read the listing that update returned/;
    expect(() => queryStoreListing(before, store, query())).toThrow(usedUp);
    expect(() => view.get(g(3))).toThrow(usedUp);
    expect(() => [...view]).toThrow(usedUp);
    expect(() => storeListingStock(before)).toThrow(usedUp);
    // Its plain fields stay readable (as they were), so inspecting it does not throw.
    expect([before.storeId, before.size]).toEqual([store.id, 6]);
    expect(() => updateStoreListingStock(before, new Map([[g(3), finite(2)]]), czechCatalog)).toThrow(usedUp);
    expect(() => updateStoreListingMaterial(before, { ...(czech[0] as Material), name: "X" }, czechCatalog)).toThrow(usedUp);
    expect(() => prepareStoreListingSearch(before)).toThrow(usedUp);
    expect(() => rebuildStoreListing(before, czechCatalog)).toThrow(usedUp);
    // The returned listing is the owner's from now on, and a material edit uses it up in turn.
    const edited = updateStoreListingMaterial(after, { ...(czech[0] as Material), name: "Abeceda" }, catalogOf([{ ...(czech[0] as Material), name: "Abeceda" }, ...czech.slice(1)]));
    expect(names(queryStoreListing(edited, store, query()))[0]).toBe("Abeceda");
    expect(() => storeListingStock(after)).toThrow(usedUp);
  });

  it("an update that changes nothing returns the same listing, still usable", () => {
    const l = buildStoreListing(store.id, czechStock, czechCatalog);
    expect(updateStoreListingStock(l, new Map(), czechCatalog)).toBe(l);
    expect(l.size).toBe(6);
  });

  it("an update refused for a broken catalog changes nothing and leaves the listing usable", () => {
    const l = prepareStoreListingSearch(buildStoreListing(store.id, czechStock, czechCatalog));
    const before = queryStoreListing(l, store, query({ sortBy: "amount" }));
    expect(() => updateStoreListingStock(l, new Map<Guid, Amount>([[g(3), UNLIMITED], [g(555), finite(1)]]), czechCatalog)).toThrow(/not in the catalog/);
    expect(() => updateStoreListingMaterial(l, { ...(czech[0] as Material), categoryId: g(556) }, czechCatalog)).toThrow(/not in the catalog/);
    expect(queryStoreListing(l, store, query({ sortBy: "amount" }))).toStrictEqual(before);
    expect(queryStoreListing(l, store, query({ searchPhrase: "hadice" })).materials.totalCount).toBe(1);
  });

  it("a value that is not a listing is refused as a programmer error", () => {
    expect(() => storeListingStock({} as never)).toThrow(/not a listing/);
  });
});

describe("store listing: properties", () => {
  it("STO-4: folding the search text ahead (prepareStoreListingSearch) returns the same listing and changes no answer", () => {
    fc.assert(
      fc.property(worldAndQueryArb, ([world, q]) => {
        const listing = buildStoreListing(world.store.id, world.stock, world.catalog);
        expect(prepareStoreListingSearch(listing)).toBe(listing);
        expect(queryStoreListing(listing, world.store, q)).toStrictEqual(naiveListing(world.store, world.stock, world.catalog, q));
      }),
      { numRuns: 200 },
    );
  });

  it("building reads its inputs only: the stock and catalog maps are unchanged", () => {
    fc.assert(
      fc.property(worldAndQueryArb, ([world, q]) => {
        const stockBefore = [...world.stock];
        const materialsBefore = [...world.catalog.materials];
        const listing = buildStoreListing(world.store.id, world.stock, world.catalog);
        queryStoreListing(listing, world.store, q);
        expect([...world.stock]).toEqual(stockBefore);
        expect([...world.catalog.materials]).toEqual(materialsBefore);
      }),
      { numRuns: 50 },
    );
  });
});

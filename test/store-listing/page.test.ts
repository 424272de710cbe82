import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Material } from "../../src/material/material.js";
import { Dec, decimalToJson } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { foldText } from "../../src/shared/text.js";
import { UNLIMITED, amountToJson, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { queryStoreListing, type StoreDetail, type StoreDetailItem } from "../../src/store-listing/page.js";
import { buildStoreListing, type StoreListing } from "../../src/store-listing/build.js";
import { storeSortKeys, type StoreListingQuery, type StoreSortKey } from "../../src/store/query.js";
import { updateStoreListingStock } from "../../src/store-listing/update.js";
import { naiveKeyCompare, naiveListing } from "./naive-listing.js";
import { catalogOf, g, material, query, store, tools, cables, acme, zeta } from "./examples.js";
import { changeSetArb, listingQueryArb, listingWorldArb, worldAndQueryArb, type ListingWorld } from "../../src/testing/arbitraries/records/store.js";

// ---- Hand-picked fixtures ----




function names(detail: StoreDetail): string[] {
  return detail.materials.items.map((i) => i.name);
}

const czech = ["Žárovka", "Šroub", "Kabel", "Řídicí", "Chladivo", "Hadice"].map((name, i) => material(i + 1, name));
const czechCatalog = catalogOf(czech);
// Built in each test, not at import: code run at import is "static" for Stryker, which then runs every test per mutant.
const czechListing = (): StoreListing => buildStoreListing(store.id, new Map(czech.map((m) => [m.id, finite(1)])), czechCatalog);

describe("store listing, hand-picked examples", () => {
  it("STO-5: Czech order Hadice < Chladivo < Kabel < Řídicí < Šroub < Žárovka (ch after h, háčky after the base letter)", () => {
    expect(names(queryStoreListing(czechListing(), store, query()))).toEqual(["Hadice", "Chladivo", "Kabel", "Řídicí", "Šroub", "Žárovka"]);
    expect(names(queryStoreListing(czechListing(), store, query({ sortOrder: "descend" })))).toEqual(["Žárovka", "Šroub", "Řídicí", "Kabel", "Chladivo", "Hadice"]);
  });

  it("STO-5: codes collate in Czech too: HA-12 < CH-32 < C-1 is wrong, C-1 < HA-12 < CH-32 is right; unset codes first", () => {
    const ms = [material(1, "a", { identificationNumber: "CH-32" }), material(2, "b", { identificationNumber: "HA-12" }), material(3, "c", { identificationNumber: "C-1" }), material(4, "d")];
    const l = buildStoreListing(store.id, new Map(ms.map((m) => [m.id, finite(1)])), catalogOf(ms));
    const codes = (d: StoreDetail): (string | null)[] => d.materials.items.map((i) => i.identificationNumber);
    expect(codes(queryStoreListing(l, store, query({ sortBy: "identificationNumber" })))).toEqual([null, "C-1", "HA-12", "CH-32"]);
    expect(codes(queryStoreListing(l, store, query({ sortBy: "identificationNumber", sortOrder: "descend" })))).toEqual(["CH-32", "HA-12", "C-1", null]);
  });

  it("STO-5: unlimited amounts sort last ascending and first descending", () => {
    const ms = [material(1, "a"), material(2, "b"), material(3, "c"), material(4, "d")];
    const stock = new Map<Guid, Amount>([
      [g(1), UNLIMITED],
      [g(2), finite("1000000")],
      [g(3), finite(0)],
      [g(4), finite("2.5")],
    ]);
    const l = buildStoreListing(store.id, stock, catalogOf(ms));
    const amounts = (d: StoreDetail): (number | null)[] => d.materials.items.map((i) => i.amount);
    expect(amounts(queryStoreListing(l, store, query({ sortBy: "amount" })))).toEqual([0, 2.5, 1000000, null]);
    expect(amounts(queryStoreListing(l, store, query({ sortBy: "amount", sortOrder: "descend" })))).toEqual([null, 1000000, 2.5, 0]);
  });

  it("STO-5: ties break by name ascending then GUID ascending, in either sort order; default order is name ascending", () => {
    const ms = [material(3, "Beta", { price: new Dec(5) }), material(1, "Alfa", { price: new Dec(5) }), material(2, "Beta", { price: new Dec(5) }), material(4, "Alfa", { price: new Dec(9) })];
    const l = buildStoreListing(store.id, new Map(ms.map((m) => [m.id, finite(1)])), catalogOf(ms));
    const ids = (d: StoreDetail): Guid[] => d.materials.items.map((i) => i.materialId);
    expect(ids(queryStoreListing(l, store, query({ sortBy: "price" })))).toEqual([g(1), g(2), g(3), g(4)]);
    expect(ids(queryStoreListing(l, store, query({ sortBy: "price", sortOrder: "descend" })))).toEqual([g(4), g(1), g(2), g(3)]);
    expect(ids(queryStoreListing(l, store, query()))).toEqual([g(1), g(4), g(2), g(3)]);
  });

  it("STO-4: search ignores case and diacritics over name, identification number and supplier code, and nothing else", () => {
    const ms = [
      material(1, "Šroub M6"),
      material(2, "Matice", { identificationNumber: "ŠR-1" }),
      material(3, "Podložka", { supplierCode: "sroub-x" }),
      material(4, "Kotva", { description: "šroub" }),
    ];
    const l = buildStoreListing(store.id, new Map(ms.map((m) => [m.id, finite(1)])), catalogOf(ms));
    for (const phrase of ["šroub", "SROUB", "Šroub", "sroub"]) {
      expect(names(queryStoreListing(l, store, query({ searchPhrase: phrase })))).toEqual(["Podložka", "Šroub M6"]);
    }
    expect(names(queryStoreListing(l, store, query({ searchPhrase: "šr" })))).toEqual(["Matice", "Podložka", "Šroub M6"]);
  });

  it("STO-4: a phrase never matches across two fields", () => {
    const ms = [material(1, "ab", { identificationNumber: "cd" })];
    const l = buildStoreListing(store.id, new Map(ms.map((m) => [m.id, finite(1)])), catalogOf(ms));
    expect(queryStoreListing(l, store, query({ searchPhrase: "bc" })).materials.totalCount).toBe(0);
    expect(queryStoreListing(l, store, query({ searchPhrase: "b\u0000c" })).materials.totalCount).toBe(0);
  });

  it("STO-3: supplier and category filters keep the materials in any of the given sets; an unknown GUID keeps nothing", () => {
    const ms = [material(1, "a"), material(2, "b", { categoryId: cables.id }), material(3, "c", { supplierId: zeta.id }), material(4, "d", { categoryId: cables.id, supplierId: zeta.id })];
    const l = buildStoreListing(store.id, new Map(ms.map((m) => [m.id, finite(1)])), catalogOf(ms));
    expect(names(queryStoreListing(l, store, query({ materialCategoryIds: [cables.id] })))).toEqual(["b", "d"]);
    expect(names(queryStoreListing(l, store, query({ materialCategoryIds: [cables.id], materialSupplierIds: [zeta.id] })))).toEqual(["d"]);
    expect(names(queryStoreListing(l, store, query({ materialSupplierIds: [zeta.id, acme.id] })))).toEqual(["a", "b", "c", "d"]);
    expect(queryStoreListing(l, store, query({ materialSupplierIds: [g(77)] })).materials).toEqual({ items: [], page: 1, pageSize: 200, totalCount: 0 });
  });

  it("STO-6: the detail is exactly the StoreDetail shape, unset fields null, price a number, unlimited amount null", () => {
    const m = material(1, "Šroub M6", { externalId: "M-6", identificationNumber: "SR-6", price: new Dec("2.50"), unit: "Meters", supplierId: zeta.id });
    const l = buildStoreListing(store.id, new Map([[m.id, UNLIMITED]]), catalogOf([m, material(2, "Nestocked")]));
    expect(queryStoreListing(l, store, query({ pageSize: 10 }))).toStrictEqual({
      id: store.id,
      externalId: "SK-1",
      name: "Hlavní sklad",
      availableFor: [g(2000)],
      materials: {
        items: [
          {
            materialId: m.id,
            materialExternalId: "M-6",
            name: "Šroub M6",
            identificationNumber: "SR-6",
            supplierCode: null,
            unit: "Meters",
            price: 2.5,
            amount: null,
            materialCategoryId: tools.id,
            materialCategoryName: "Nářadí",
            materialSupplierId: zeta.id,
            materialSupplierName: "Žeta",
          },
        ],
        page: 1,
        pageSize: 10,
        totalCount: 1,
      },
    });
  });

  it("STO-6: a page past the end has no items and the true totalCount, with and without filters", () => {
    expect(queryStoreListing(czechListing(), store, query({ page: 3, pageSize: 5 })).materials).toEqual({ items: [], page: 3, pageSize: 5, totalCount: 6 });
    expect(queryStoreListing(czechListing(), store, query({ page: 2, pageSize: 5, searchPhrase: "a" })).materials).toEqual({ items: [], page: 2, pageSize: 5, totalCount: 4 });
    expect(queryStoreListing(czechListing(), store, query({ page: Number.MAX_SAFE_INTEGER, pageSize: 200 })).materials.items).toEqual([]);
    expect(names(queryStoreListing(czechListing(), store, query({ page: 2, pageSize: 4 })))).toEqual(["Šroub", "Žárovka"]);
  });

  it("STO-6: an empty store lists nothing", () => {
    const l = buildStoreListing(store.id, new Map(), czechCatalog);
    expect(queryStoreListing(l, store, query({ searchPhrase: "x", sortBy: "amount" })).materials).toEqual({ items: [], page: 1, pageSize: 200, totalCount: 0 });
  });

  it("a listing is bound to its store: querying it for another store is a programmer error", () => {
    expect(() => queryStoreListing(czechListing(), { ...store, id: g(1001) }, query())).toThrow(/store/);
  });

  it("a stocked material missing from the catalog is a programmer error", () => {
    expect(() => buildStoreListing(store.id, new Map([[g(555), finite(1)]]), czechCatalog)).toThrow(/not in the catalog/);
  });



});

// ---- Properties ----

const runs = { numRuns: 300 };

function allPages(world: ListingWorld, stockListing: ReturnType<typeof buildStoreListing>, q: StoreListingQuery): StoreDetailItem[] {
  const out: StoreDetailItem[] = [];
  for (let page = 1; ; page++) {
    const d = queryStoreListing(stockListing, world.store, { ...q, page });
    if (d.materials.items.length === 0) {
      expect(page - 1).toBe(Math.ceil(d.materials.totalCount / q.pageSize));
      return out;
    }
    out.push(...d.materials.items);
  }
}

describe("store listing, properties", () => {
  it("STO-4, STO-5, STO-6: the indexed listing equals the naive listing (same items, order, total)", () => {
    fc.assert(
      fc.property(worldAndQueryArb, ([world, q]) => {
        const listing = buildStoreListing(world.store.id, world.stock, world.catalog);
        expect(queryStoreListing(listing, world.store, q)).toStrictEqual(naiveListing(world.store, world.stock, world.catalog, q));
      }),
      runs,
    );
  });







  it("STO-4, STO-6: a one-letter phrase matching many materials, in small pages, equals the naive listing on every page", () => {
    // The plain query generator seldom finds more matches than one page holds; a single folded
    // letter of the world's own texts matches many, so a page has matches before and after it.
    const manyMatches = listingWorldArb.chain((world) => {
      const letters = [...new Set(world.materials.flatMap((m) => [...foldText(m.name)].filter((ch) => ch.trim() !== "")))];
      return fc.record({
        q: listingQueryArb(world),
        phrase: letters.length === 0 ? fc.constant("a") : fc.constantFrom(...letters),
        page: fc.integer({ min: 1, max: 4 }),
        pageSize: fc.integer({ min: 1, max: 3 }),
      }).map(({ q, phrase, page, pageSize }) => [world, { ...q, searchPhrase: phrase, page, pageSize }] as [ListingWorld, StoreListingQuery]);
    });
    fc.assert(
      fc.property(manyMatches, ([world, q]) => {
        const listing = buildStoreListing(world.store.id, world.stock, world.catalog);
        expect(queryStoreListing(listing, world.store, q)).toStrictEqual(naiveListing(world.store, world.stock, world.catalog, q));
      }),
      runs,
    );
  });

  it("STO-6: pages partition the result: all pages together give every match exactly once, in sorted order", () => {
    fc.assert(
      fc.property(worldAndQueryArb, ([world, q]) => {
        const listing = buildStoreListing(world.store.id, world.stock, world.catalog);
        const pages = allPages(world, listing, q);
        const whole = queryStoreListing(listing, world.store, { ...q, page: 1, pageSize: 200 }).materials;
        expect(pages).toStrictEqual(whole.items);
        expect(new Set(pages.map((i) => i.materialId)).size).toBe(pages.length);
        expect(pages.length).toBe(whole.totalCount);
      }),
      runs,
    );
  });

  it("STO-4: search ignores case and diacritics: a phrase, its folded, upper-cased and accented forms give the same result", () => {
    const accent: Record<string, string> = { a: "á", c: "č", e: "ě", i: "í", r: "ř", s: "š", z: "ž", o: "ó", u: "ů", y: "ý" };
    fc.assert(
      fc.property(worldAndQueryArb, ([world, q]) => {
        const phrase = q.searchPhrase ?? "";
        const listing = buildStoreListing(world.store.id, world.stock, world.catalog);
        const expected = queryStoreListing(listing, world.store, q);
        const folded = foldText(phrase);
        const variants = [folded, folded.toUpperCase(), [...folded].map((ch) => accent[ch] ?? ch).join(""), [...folded].map((ch) => (accent[ch] ?? ch).toUpperCase()).join("")];
        for (const v of variants) {
          // Upper-casing can change what a character folds to (ß → SS); keep the variants that fold alike.
          if (foldText(v) !== folded) continue;
          expect(queryStoreListing(listing, world.store, { ...q, searchPhrase: v })).toStrictEqual(expected);
        }
      }),
      runs,
    );
  });

  it("STO-5: sorting is total, and descend is the reverse of ascend except that tie-breakers stay ascending", () => {
    const collator = new Intl.Collator("cs");
    fc.assert(
      fc.property(listingWorldArb, fc.constantFrom(...storeSortKeys), (world, sortBy: StoreSortKey) => {
        const listing = buildStoreListing(world.store.id, world.stock, world.catalog);
        const row = (i: StoreDetailItem): { m: Material; amount: Amount; category: string; supplier: string } => ({
          m: world.catalog.materials.get(i.materialId) as Material,
          amount: world.stock.get(i.materialId) as Amount,
          category: i.materialCategoryName,
          supplier: i.materialSupplierName,
        });
        const key = naiveKeyCompare(sortBy, collator);
        const asc = queryStoreListing(listing, world.store, query({ sortBy })).materials.items;
        const desc = queryStoreListing(listing, world.store, query({ sortBy, sortOrder: "descend" })).materials.items;
        // Total: consecutive items never compare equal with all tie-breakers applied.
        for (let i = 1; i < asc.length; i++) {
          const a = row(asc[i - 1]!);
          const b = row(asc[i]!);
          const c = key(a, b) || collator.compare(a.m.name, b.m.name) || (a.m.id < b.m.id ? -1 : 1);
          expect(c).toBeLessThan(0);
        }
        // Group ascend by equal key; descend is those groups in reverse, each group in the same order.
        const groups: StoreDetailItem[][] = [];
        for (const it of asc) {
          const last = groups[groups.length - 1];
          if (last !== undefined && key(row(last[0]!), row(it)) === 0) last.push(it);
          else groups.push([it]);
        }
        expect(desc).toStrictEqual(groups.reverse().flat());
      }),
      runs,
    );
  });

});


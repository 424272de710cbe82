// Stores, materials and listing queries, for the unit tests of the store listing.
import fc from "fast-check";
import type { Material } from "../../../material/material.js";
import type { CatalogValue } from "../../../shared/catalog.js";
import { Dec } from "../../../shared/decimal.js";
import { guid, type Guid } from "../../../shared/guid.js";
import { UNLIMITED, finite, type Amount } from "../../../stock/amount.js";
import type { StoreListingCatalog } from "../../../store-listing/build.js";
import { storeSortKeys, storeSortOrders, type StoreListingQuery } from "../../../store/query.js";
import type { Store } from "../../../store/store.js";

/** Pieces of Czech-like text, chosen to hit the collation's special cases (ch, č, ř, š, ž, case, accents, separators). */
const pieces = ["a", "A", "á", "c", "C", "č", "Č", "ch", "Ch", "CH", "h", "H", "i", "k", "r", "ř", "Ř", "s", "š", "Š", "z", "ž", "Ž", "e", "é", "ě", "o", "ô", " ", " ", "-", "/", ".", "0", "1", "2", "×"];
/** Rarer characters that the fast collation path must hand to the full collator. */
const oddPieces = ["\u0301", "c\u030c", "ʼ", "\t", "\u0000", "ß", "İ", "Æ", "½", "ǆ", "\u00a0", "😀"];

/** Short Czech-like texts, often equal or equal but for case/accents, sometimes odd. */
export const czechTextArb: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...pieces) }, { weight: 1, arbitrary: fc.constantFrom(...oddPieces) }), { maxLength: 6 })
  .map((parts) => parts.join(""));

/** Any text, for the collation property: Czech-like or arbitrary Unicode. */
export const anyTextArb: fc.Arbitrary<string> = fc.oneof(czechTextArb, fc.string({ maxLength: 6, unit: "grapheme" }), fc.string({ maxLength: 4, unit: "binary" }));

const guidArb: fc.Arbitrary<Guid> = fc.uuid().map((u) => guid(u));

const valueArb = (kind: string): fc.Arbitrary<CatalogValue> =>
  fc.record({ id: guidArb, name: czechTextArb }).map(({ id, name }) => ({ id, slug: `${kind}-${id.slice(0, 8)}`, name }));

const priceArb: fc.Arbitrary<Dec> = fc.constantFrom("0", "1", "1.5", "2", "10", "99.99").map((t) => new Dec(t));

/** Stock amounts with many ties and unlimited about one in five. */
export const listingAmountArb: fc.Arbitrary<Amount> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("0", "1", "2.5", "3", "100").map((t) => finite(t)) },
  { weight: 1, arbitrary: fc.constant(UNLIMITED) },
);

/** A store, its stock, the catalog it reads, and materials not yet stocked. */
export interface ListingWorld {
  /** The store record. */
  readonly store: Store;
  /** The catalog (every material, category, supplier; locale `cs`). */
  readonly catalog: StoreListingCatalog;
  /** The stock of the store. */
  readonly stock: ReadonlyMap<Guid, Amount>;
  /** Every material of the catalog, stocked or not. */
  readonly materials: readonly Material[];
}

/** Random listing worlds of up to 30 materials, half of them stocked or more. */
export const listingWorldArb: fc.Arbitrary<ListingWorld> = fc
  .record({
    storeId: guidArb,
    categories: fc.uniqueArray(valueArb("cat"), { minLength: 1, maxLength: 4, selector: (c) => c.id }),
    suppliers: fc.uniqueArray(valueArb("sup"), { minLength: 1, maxLength: 4, selector: (c) => c.id }),
    raw: fc.uniqueArray(
      fc.record({
        id: guidArb,
        name: czechTextArb,
        identificationNumber: fc.option(czechTextArb, { nil: null }),
        supplierCode: fc.option(czechTextArb, { nil: null }),
        externalId: fc.option(fc.string({ maxLength: 4 }), { nil: null }),
        price: priceArb,
        category: fc.nat(),
        supplier: fc.nat(),
        stocked: fc.option(listingAmountArb, { nil: undefined, freq: 4 }),
      }),
      { maxLength: 30, selector: (m) => m.id },
    ),
  })
  .map(({ storeId, categories, suppliers, raw }) => {
    const materials: Material[] = raw.map((r) => ({
      id: r.id,
      externalId: r.externalId,
      name: r.name,
      categoryId: (categories[r.category % categories.length] as CatalogValue).id,
      supplierId: (suppliers[r.supplier % suppliers.length] as CatalogValue).id,
      identificationNumber: r.identificationNumber,
      description: null,
      supplierCode: r.supplierCode,
      unit: "Amounts",
      price: r.price,
      costPrice: null,
    }));
    const stock = new Map<Guid, Amount>();
    raw.forEach((r) => {
      if (r.stocked !== undefined) stock.set(r.id, r.stocked);
    });
    return {
      store: { id: storeId, externalId: "S1", name: "Sklad", availableFor: [] },
      catalog: {
        materials: new Map(materials.map((m) => [m.id, m])),
        categories: new Map(categories.map((c) => [c.id, c])),
        suppliers: new Map(suppliers.map((c) => [c.id, c])),
        locale: "cs",
      },
      stock,
      materials,
    };
  });

/** Listing queries over a world: small pages, phrases taken from the world's texts, filters from its catalog plus an unknown GUID. */
export const listingQueryArb = (world: ListingWorld): fc.Arbitrary<StoreListingQuery> => {
  const texts = world.materials.flatMap((m) => [m.name, m.identificationNumber ?? "", m.supplierCode ?? ""]);
  const phraseArb = fc.oneof(
    czechTextArb,
    texts.length === 0
      ? czechTextArb
      : fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.nat()).map(([t, a, b]) => t.slice(Math.min(a, b) % (t.length + 1), Math.max(a, b) % (t.length + 1) + 1)),
  );
  const idsArb = (ids: readonly Guid[]): fc.Arbitrary<readonly Guid[] | null> =>
    fc.option(fc.subarray([...ids, guid("00000000-0000-4000-8000-0000000000ff")], { minLength: 1 }), { nil: null });
  return fc.record({
    page: fc.integer({ min: 1, max: 8 }),
    pageSize: fc.integer({ min: 1, max: 12 }),
    searchPhrase: fc.option(phraseArb, { nil: null }),
    sortBy: fc.constantFrom(...storeSortKeys),
    sortOrder: fc.constantFrom(...storeSortOrders),
    materialSupplierIds: idsArb([...world.catalog.suppliers.keys()]),
    materialCategoryIds: idsArb([...world.catalog.categories.keys()]),
  });
};

/** A world with a query over it. */
export const worldAndQueryArb: fc.Arbitrary<[ListingWorld, StoreListingQuery]> = listingWorldArb.chain((w) => listingQueryArb(w).map((q) => [w, q] as [ListingWorld, StoreListingQuery]));

/** A change set over a world: new amounts of some materials of the catalog (stocked or not yet). */
export const changeSetArb = (world: ListingWorld): fc.Arbitrary<Map<Guid, Amount>> =>
  world.materials.length === 0
    ? fc.constant(new Map())
    : fc
        .uniqueArray(fc.tuple(fc.constantFrom(...world.materials.map((m) => m.id)), listingAmountArb), { selector: ([id]) => id, maxLength: 6 })
        .map((entries) => new Map(entries));

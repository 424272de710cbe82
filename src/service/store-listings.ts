import type { Material } from "../material/material.js";
import type { CatalogValue } from "../shared/catalog.js";
import type { Guid } from "../shared/guid.js";
import type { Amount } from "../stock/amount.js";
import type { StockChanges } from "../stock/batch.js";
import { buildStoreListing, prepareStoreListingSearch, storeListingStock, type StoreListing, type StoreListingCatalog } from "../store-listing/build.js";
import { updateStoreListingMaterial, updateStoreListingStock } from "../store-listing/update.js";

/** What a company's listings read besides the stock: its materials, material catalogs and collation. */
export interface ListingSources {
  /** Materials by GUID. */
  readonly materials: { readonly byId: ReadonlyMap<Guid, Material> };
  /** The material catalogs, by GUID. */
  readonly catalogs: {
    /** MaterialCategory values. */
    readonly materialCategories: { readonly byId: ReadonlyMap<Guid, CatalogValue> };
    /** MaterialSupplier values. */
    readonly materialSuppliers: { readonly byId: ReadonlyMap<Guid, CatalogValue> };
  };
  /** Settings; `locale` decides the collation (STO-5). */
  readonly settings: { readonly locale: string };
}

/**
 * The catalog a company's store listings are built against: the live material table and
 * material catalogs (no copy), and the company's collation locale.
 * @param company - the company (or anything holding the same tables)
 * @returns the listing catalog
 */
export function listingCatalog(company: ListingSources): StoreListingCatalog {
  return {
    materials: company.materials.byId,
    categories: company.catalogs.materialCategories.byId,
    suppliers: company.catalogs.materialSuppliers.byId,
    locale: company.settings.locale,
  };
}

/**
 * The listing of a store that stocks nothing yet (a store created by the interface).
 * @param storeId - the store's GUID
 * @param catalog - the company's listing catalog
 * @returns an empty listing
 */
export function emptyListing(storeId: Guid, catalog: StoreListingCatalog): StoreListing {
  return buildStoreListing(storeId, new Map(), catalog);
}

/**
 * Read-only view of every store's stock through its listing (the single holder of the
 * stock), so stock and listing can never disagree. `get(storeId)` is the listing's own
 * stock view, cached per listing (each update returns a new one, and the view of a used-up
 * listing is never handed out again); nothing is copied.
 */
class StockByStore implements ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>> {
  readonly #listings: ReadonlyMap<Guid, StoreListing>;
  readonly #views = new WeakMap<StoreListing, ReadonlyMap<Guid, Amount>>();
  constructor(listings: ReadonlyMap<Guid, StoreListing>) {
    this.#listings = listings;
  }
  #view(listing: StoreListing): ReadonlyMap<Guid, Amount> {
    let v = this.#views.get(listing);
    if (v === undefined) {
      v = storeListingStock(listing);
      this.#views.set(listing, v);
    }
    return v;
  }
  get size(): number {
    return this.#listings.size;
  }
  get(storeId: Guid): ReadonlyMap<Guid, Amount> | undefined {
    const l = this.#listings.get(storeId);
    return l === undefined ? undefined : this.#view(l);
  }
  has(storeId: Guid): boolean {
    return this.#listings.has(storeId);
  }
  forEach(fn: (value: ReadonlyMap<Guid, Amount>, key: Guid, map: ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>>) => void, thisArg?: unknown): void {
    for (const [k, l] of this.#listings) fn.call(thisArg, this.#view(l), k, this);
  }
  *entries(): MapIterator<[Guid, ReadonlyMap<Guid, Amount>]> {
    for (const [k, l] of this.#listings) yield [k, this.#view(l)];
  }
  keys(): MapIterator<Guid> {
    return this.#listings.keys() as MapIterator<Guid>;
  }
  *values(): MapIterator<ReadonlyMap<Guid, Amount>> {
    for (const l of this.#listings.values()) yield this.#view(l);
  }
  [Symbol.iterator](): MapIterator<[Guid, ReadonlyMap<Guid, Amount>]> {
    return this.entries();
  }
}

/**
 * The stock of every store, read through the store listings: store GUID → (material GUID →
 * amount), in the order first stocked. A live view: it follows every later change of
 * `listings`.
 * @param listings - the company's listings by store GUID
 * @returns the read-only stock view
 */
export function stockView(listings: ReadonlyMap<Guid, StoreListing>): ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>> {
  return new StockByStore(listings);
}

/**
 * Applies stock change sets to the listings (in place on the map): each store's listing is
 * updated incrementally with `updateStoreListingStock`, never rebuilt. A store without a
 * listing starts from an empty one. Applies STO-5 (keeping the kept orders current).
 * @param listings - listings by store GUID, changed in place
 * @param stock - new amounts per store GUID
 * @param catalog - the company's listing catalog
 */
export function applyStockToListings(listings: Map<Guid, StoreListing>, stock: ReadonlyMap<Guid, StockChanges>, catalog: StoreListingCatalog): void {
  for (const [storeId, amounts] of stock) {
    const listing = listings.get(storeId) ?? emptyListing(storeId, catalog);
    listings.set(storeId, updateStoreListingStock(listing, amounts, catalog));
  }
}

/**
 * Whether a material edit changes what a store listing shows, searches or sorts by
 * (StoreDetail item fields, STO-4, STO-5); a change of `description` or `costPrice` only
 * does not.
 * @param before - the material before
 * @param after - the material after
 * @returns whether the listings stocking it must be rebuilt
 */
export function listingFieldsChanged(before: Material, after: Material): boolean {
  return (
    before.name !== after.name ||
    before.externalId !== after.externalId ||
    before.identificationNumber !== after.identificationNumber ||
    before.supplierCode !== after.supplierCode ||
    before.unit !== after.unit ||
    !before.price.eq(after.price) ||
    before.categoryId !== after.categoryId ||
    before.supplierId !== after.supplierId
  );
}

/**
 * Updates (in place on the map) the listing of every store that stocks one of the edited
 * materials, against the catalog after the edit: each edited material moves within the kept
 * orders by `updateStoreListingMaterial` (no rebuild), and the search text is left folded,
 * so no client search pays for folding. Applies STO-4 and STO-5 (the index follows a
 * material rename, re-code or re-price).
 * @param listings - listings by store GUID, changed in place
 * @param edited - GUIDs of the materials whose listed fields changed
 * @param catalog - the company's listing catalog, after the edit
 */
export function rebuildListingsOf(listings: Map<Guid, StoreListing>, edited: ReadonlySet<Guid>, catalog: StoreListingCatalog): void {
  if (edited.size === 0) return;
  for (const [storeId, listing] of listings) {
    // Each update uses up the listing it is given (and returns it as it is when the store
    // does not stock the material), so only `next` is read from here on.
    let next = listing;
    for (const id of edited) {
      const material = catalog.materials.get(id);
      if (material !== undefined) next = updateStoreListingMaterial(next, material, catalog);
    }
    if (next !== listing) listings.set(storeId, prepareStoreListingSearch(next));
  }
}

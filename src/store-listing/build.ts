import type { Guid } from "../shared/guid.js";
import type { Material } from "../material/material.js";
import type { Amount } from "../stock/amount.js";
import { amountColumn, amountComparator, amountRanks, type AmountColumn } from "./amount-order.js";
import { appendRows, emptyColumns, keyComparator, keyRanks, lookUp, type Columns, type Row, type StoreListingCatalog } from "./columns.js";
import { storeSortKeys, type StoreSortKey } from "../store/query.js";
import { inverseOrder, ordersByRank, type KeyOrders, type PositionCompare } from "./ranking.js";
import { foldSearchText, type SearchText } from "./search-text.js";

export type { StoreListingCatalog } from "./columns.js";

declare const listingBrand: unique symbol;

/**
 * The store detail index: one store's stock together with everything derived from it for
 * listing (one order per sort key and direction, filter columns, folded search text). It is
 * the only value that holds the stock for listing. It has a single owner: an update changes
 * the index in place and returns the listing to use from then on, and the listing it was
 * given is used up (reading it throws), so no reader can see a half-updated or outdated
 * index. Opaque: build it with {@link buildStoreListing}, change it with
 * `updateStoreListingStock` / `updateStoreListingMaterial` / {@link rebuildStoreListing},
 * read it with `queryStoreListing` and {@link storeListingStock}. Applies STO-4, STO-5 (the
 * index behind them).
 */
export interface StoreListing {
  /** Compile-time brand; the index's internals are private. */
  readonly [listingBrand]: "StoreListing";
  /** GUID of the store whose stock this is. */
  readonly storeId: Guid;
  /** Number of stocked materials (as this listing was returned; a used-up listing keeps it). */
  readonly size: number;
}

/** Internal state of a {@link StoreListing}, changed in place by its single owner (for the listing modules only). */
export interface ListingState {
  /** See {@link StoreListing.storeId}. */
  readonly storeId: Guid;
  /** The locale the collator was made from. */
  readonly locale: string;
  /** The collator of the catalog's locale. */
  readonly collator: Intl.Collator;
  /** Material GUID → position. */
  readonly positions: Map<Guid, number>;
  /** Material, category and supplier by position. */
  readonly columns: Columns;
  /** Stock amount by position. */
  readonly amounts: AmountColumn;
  /** One pair of orders per sort key. */
  orders: Record<StoreSortKey, KeyOrders>;
  /**
   * Position → its index in `orders.name.ascend`: comparing two of these is the whole
   * STO-5 tie-break (name ascending, then GUID ascending) without a collator call.
   */
  nameRanks: Int32Array;
  /** The folded search text, made on the first search, else `null`. */
  search: SearchText | null;
}

// A listing handle → its state while it is the owner's current listing, `null` once used up.
const states = new WeakMap<object, ListingState | null>();

/**
 * Wraps a state as a new opaque listing (for the listing modules only).
 * @param state - the state
 * @returns the listing
 */
export function listingOf(state: ListingState): StoreListing {
  // Plain fields, fixed for this handle (an update returns a new one), so inspecting a
  // used-up listing (a debugger, a deep equality) still works; only reading the index throws.
  const handle = Object.freeze({ storeId: state.storeId, size: state.columns.materials.length });
  states.set(handle, state);
  return handle as unknown as StoreListing;
}

/**
 * Reveals the state of a listing (for the listing modules only).
 * @param listing - a listing
 * @returns its state
 * @throws Error when the listing was used up by an update, or was not made by this module
 */
export function stateOf(listing: StoreListing): ListingState {
  const s = states.get(listing);
  if (s === undefined) throw new Error("Store listing: not a listing made by buildStoreListing");
  if (s === null) throw new Error("Store listing: this listing was used up by an update; read the listing that update returned");
  return s;
}

/**
 * Takes the state out of a listing, which is used up from then on: the caller changes the
 * state in place and wraps it with {@link listingOf} (for the listing modules only).
 * @param listing - the owner's current listing
 * @returns its state
 * @throws Error when the listing was already used up
 */
export function useUp(listing: StoreListing): ListingState {
  const s = stateOf(listing);
  states.set(listing, null);
  return s;
}

/**
 * The comparison a kept order is sorted by: the key in a direction, then name ascending,
 * then GUID ascending (STO-5). Reads the state at each comparison, so it follows in-place
 * changes (except a new `nameRanks` array: make it after replacing that).
 * @param s - the listing state
 * @param key - the sort key
 * @param descend - whether the key is compared descending
 * @returns the comparison of positions
 */
export function orderComparator(s: ListingState, key: StoreSortKey, descend: boolean): PositionCompare {
  if (key === "amount") return amountComparator(s.amounts, s.nameRanks, descend);
  return keyComparator(s.columns, s.collator, key, s.nameRanks, descend);
}

// Within each run of equal name rank (the same name to the collator), GUID ascending.
function sortTiesByGuid(order: Int32Array, rank: Int32Array, base: number, materials: readonly Material[]): void {
  const byGuid = (a: number, b: number): number => {
    const ia = (materials[a] as Material).id;
    const ib = (materials[b] as Material).id;
    // Two positions are two materials, so their GUIDs differ.
    return ia < ib ? -1 : 1;
  };
  for (let i = 0; i < order.length; ) {
    const r = rank[order[i]! - base];
    let j = i + 1;
    while (j < order.length && rank[order[j]! - base] === r) j++;
    // Stryker disable next-line ArithmeticOperator: j + i > 1 only also "sorts" runs of one material (i >= 1 there), which changes nothing
    if (j - i > 1) order.subarray(i, j).sort(byGuid);
    i = j;
  }
}

/**
 * Every order of the positions `from..to` among themselves, by ranks and counting sorts (no
 * comparison per material): the name order by collation ranks with GUIDs breaking ties, every
 * other order a stable counting sort of it. A build sorts all positions this way; adding
 * materials sorts only the new ones, then merges them into the kept orders.
 * @param s - the state, its columns and amounts holding the positions
 * @param from - the first position
 * @param to - one past the last position
 * @returns the orders of those positions
 */
export function sortPositions(s: Pick<ListingState, "columns" | "amounts" | "collator">, from: number, to: number): Record<StoreSortKey, KeyOrders> {
  const names = keyRanks(s.columns, s.collator, "name", from, to);
  const range = Int32Array.from({ length: to - from }, (_, i) => from + i);
  const name = ordersByRank(range, names.ranks, names.count, from);
  // Equal names are rare: sort only their runs by GUID instead of all positions first.
  sortTiesByGuid(name.ascend, names.ranks, from, s.columns.materials);
  sortTiesByGuid(name.descend, names.ranks, from, s.columns.materials);
  const byRank = (r: { ranks: Int32Array; count: number }): KeyOrders => ordersByRank(name.ascend, r.ranks, r.count, from);
  const ranked = (key: Exclude<StoreSortKey, "name" | "amount">): KeyOrders => byRank(keyRanks(s.columns, s.collator, key, from, to));
  return {
    name,
    identificationNumber: ranked("identificationNumber"),
    price: ranked("price"),
    amount: byRank(amountRanks(s.amounts.amounts.slice(from, to))),
    materialCategoryName: ranked("materialCategoryName"),
    materialSupplierName: ranked("materialSupplierName"),
  };
}

/**
 * Builds the listing index of one store's stock: describes every position once and sorts
 * once per sort key (names by collation ranks, the others by counting sort over the name
 * order), so a query costs what it returns plus one scan of compact arrays. Applies STO-4
 * and STO-5 (their index).
 * @param storeId - the store's GUID
 * @param stock - the store's stock: material GUID → amount
 * @param catalog - materials, categories, suppliers and the locale
 * @returns the listing
 * @throws Error when a stocked material, its category or supplier is missing from the catalog
 * @rule STO-5
 * @example
 * const built = buildStoreListing(store.id, new Map([[screw.id, finite(5)]]), catalog);
 * built.size //=> 1
 * storeListingStock(built).get(screw.id) //=> finite(5)
 */
export function buildStoreListing(storeId: Guid, stock: ReadonlyMap<Guid, Amount>, catalog: StoreListingCatalog): StoreListing {
  const positions = new Map<Guid, number>();
  const rows: Row[] = [];
  const amounts: Amount[] = [];
  for (const [id, amount] of stock) {
    positions.set(id, rows.length);
    rows.push(lookUp(catalog, id));
    amounts.push(amount);
  }
  const columns = emptyColumns();
  appendRows(columns, rows);
  const collator = new Intl.Collator(catalog.locale);
  const sorted = { columns, amounts: amountColumn(amounts), collator };
  const orders = sortPositions(sorted, 0, rows.length);
  return listingOf({ ...sorted, storeId, locale: catalog.locale, positions, orders, nameRanks: inverseOrder(orders.name.ascend), search: null });
}

/**
 * Builds a new listing over the same stock with new catalog records: after a catalog rename
 * (a category or supplier name) or a change of locale. The given listing is only read (it
 * stays usable). Applies STO-4 and STO-5 (keeping their index current).
 * @param listing - the current listing
 * @param catalog - the catalog after the change
 * @returns the rebuilt listing
 * @example
 * const renamed = new Map([...catalog.materials, [cable.id, { ...cable, name: "Zemnicí kabel" }]]);
 * const rebuilt = rebuildStoreListing(listing, { ...catalog, materials: renamed });
 * queryStoreListing(rebuilt, store, byName).materials.items.map((i) => i.name) //=> ["Šroub M6", "Zemnicí kabel"]
 */
export function rebuildStoreListing(listing: StoreListing, catalog: StoreListingCatalog): StoreListing {
  return buildStoreListing(listing.storeId, storeListingStock(listing), catalog);
}

/**
 * The folded search text of a listing, folding it now if no search did before.
 * @param s - the listing state
 * @returns the search text
 */
export function searchTextOf(s: ListingState): SearchText {
  s.search ??= foldSearchText(s.columns.materials);
  return s.search;
}

/**
 * Folds a listing's search text now instead of on its first search, and returns the same
 * listing. A server calls it after building a listing, so no client request pays for
 * folding (about 0.2 s at 100,000 materials). Applies STO-4 (its index).
 * @param listing - the listing
 * @returns the same listing, its search text made
 * @example
 * const ready = prepareStoreListingSearch(buildStoreListing(store.id, new Map([[screw.id, finite(5)]]), catalog));
 * queryStoreListing(ready, store, { ...byName, searchPhrase: "šroub" }).materials.totalCount //=> 1
 */
export function prepareStoreListingSearch(listing: StoreListing): StoreListing {
  searchTextOf(stateOf(listing));
  return listing;
}

/**
 * The stock a listing holds, as a read-only map view (no copy): material GUID → amount, in
 * the order first stocked. Hand it to the stock operations, then pass their changes to
 * `updateStoreListingStock`. The view reads the listing it was made from, so once an update
 * used that listing up, reading the view throws too. Applies STO-6 (the stock behind the
 * detail).
 * @param listing - the listing
 * @returns the stock
 * @example
 * storeListingStock(listing).get(screw.id) //=> finite(5)
 * storeListingStock(listing).size //=> 2
 */
export function storeListingStock(listing: StoreListing): ReadonlyMap<Guid, Amount> {
  stateOf(listing);
  const amountAt = (s: ListingState, p: number): Amount => s.amounts.amounts[p] as Amount;
  const idAt = (s: ListingState, p: number): Guid => (s.columns.materials[p] as Material).id;
  function* entries(): MapIterator<[Guid, Amount]> {
    const s = stateOf(listing);
    for (let p = 0; p < s.columns.materials.length; p++) yield [idAt(s, p), amountAt(s, p)];
  }
  function* keys(): MapIterator<Guid> {
    const s = stateOf(listing);
    for (let p = 0; p < s.columns.materials.length; p++) yield idAt(s, p);
  }
  function* values(): MapIterator<Amount> {
    const s = stateOf(listing);
    for (let p = 0; p < s.columns.materials.length; p++) yield amountAt(s, p);
  }
  const view: ReadonlyMap<Guid, Amount> = {
    get size() {
      return stateOf(listing).columns.materials.length;
    },
    get: (id) => {
      const s = stateOf(listing);
      const p = s.positions.get(id);
      return p === undefined ? undefined : amountAt(s, p);
    },
    has: (id) => stateOf(listing).positions.has(id),
    forEach: (fn, thisArg?: unknown) => {
      const s = stateOf(listing);
      for (let p = 0; p < s.columns.materials.length; p++) fn.call(thisArg, amountAt(s, p), idAt(s, p), view);
    },
    entries,
    keys,
    values,
    [Symbol.iterator]: entries,
  };
  return view;
}

/** Every sort key, re-exported for the sibling modules. */
export const sortKeys: readonly StoreSortKey[] = storeSortKeys;

import type { CatalogValue } from "../shared/catalog.js";
import { compareDecimals, type Dec } from "../shared/decimal.js";
import type { Guid } from "../shared/guid.js";
import { foldText } from "../shared/text.js";
import type { Material } from "../material/material.js";
import { compareAmounts, type Amount } from "../stock/amount.js";
import { collationRanks } from "./collation.js";
import { storeSortKeys, type StoreSortKey } from "./query.js";

declare const listingBrand: unique symbol;

/**
 * The store detail index: one store's stock together with everything derived from it for
 * listing (folded search text, one order per sort key and direction, compact filter
 * columns). It is the only value that holds the stock for listing, and every function that
 * changes the stock returns a new one, so a query over an old index with a new stock cannot
 * be written. Opaque: build it with {@link buildStoreListing}, change it with
 * `updateStoreListingStock` / {@link rebuildStoreListing}, read it with `queryStoreListing`
 * and {@link storeListingStock}. Applies STO-4, STO-5 (the index behind them).
 */
export interface StoreListing {
  /** Compile-time brand; the index's internals are private. */
  readonly [listingBrand]: "StoreListing";
  /** GUID of the store whose stock this is. */
  readonly storeId: Guid;
  /** Number of stocked materials. */
  readonly size: number;
}

/** The records a listing reads besides the stock: materials, their categories and suppliers, and the collation. */
export interface StoreListingCatalog {
  /** Every material that may be stocked, by GUID. */
  readonly materials: ReadonlyMap<Guid, Material>;
  /** Material categories by GUID (names for `materialCategoryName`). */
  readonly categories: ReadonlyMap<Guid, CatalogValue>;
  /** Material suppliers by GUID (names for `materialSupplierName`). */
  readonly suppliers: ReadonlyMap<Guid, CatalogValue>;
  /** The company's collation locale (setting `locale`, default `cs`; STO-5). */
  readonly locale: string;
}

/** Ascending and descending orders of positions for one sort key. */
export interface KeyOrders {
  /** Positions sorted by the key ascending, ties by name then GUID ascending. */
  readonly ascend: Int32Array;
  /** Positions sorted by the key descending, ties by name then GUID ascending. */
  readonly descend: Int32Array;
}

/** The positions of materials that appear in a listing, shared between versions and only appended to. */
export interface PositionTable {
  /** Material GUID → position; entries at positions ≥ a version's `size` do not belong to that version. */
  readonly map: Map<Guid, number>;
}

/** Internal shape of a {@link StoreListing}; exported for the sibling modules only. */
export interface ListingState {
  /** See {@link StoreListing.storeId}. */
  readonly storeId: Guid;
  /** See {@link StoreListing.size}. */
  readonly size: number;
  /** The collator of the catalog's locale. */
  readonly collator: Intl.Collator;
  /** The locale it was made from. */
  readonly locale: string;
  /** GUID → position (append-only, shared). */
  readonly positions: PositionTable;
  /** Material record by position. */
  readonly materials: readonly Material[];
  /** Stock amount by position and the amount orders, as this version sees them (read with {@link amountsOf}, {@link orderOf}). */
  readonly column: AmountVersion;
  /** Category name by position. */
  readonly categoryNames: readonly string[];
  /** Supplier name by position. */
  readonly supplierNames: readonly string[];
  /** Category GUID → small number, for the filter column. */
  readonly categoryNumbers: ReadonlyMap<Guid, number>;
  /** Supplier GUID → small number, for the filter column. */
  readonly supplierNumbers: ReadonlyMap<Guid, number>;
  /** Category number by position. */
  readonly categoryColumn: Int32Array;
  /** Supplier number by position. */
  readonly supplierColumn: Int32Array;
  /** Number of positions per (category number, supplier number) pair, keyed by {@link pairKey}. */
  readonly pairCounts: ReadonlyMap<number, number>;
  /** The folded search text, made on the first search (read with {@link searchTextOf}). */
  readonly search: SearchIndex;
  /** One pair of orders per sort key except `amount` (in {@link ListingState.column}). */
  readonly orders: { readonly [K in Exclude<StoreSortKey, "amount">]: KeyOrders };
  /**
   * Position → its index in `orders.name.ascend`: comparing two of these is the whole
   * STO-5 tie-break (name ascending, then GUID ascending) without a collator call.
   */
  readonly nameRanks: Int32Array;
}

/**
 * The amount column and amount orders shared by a line of listing versions. Copying them per
 * stock change (a 100,000-entry array and two 400 kB orders) cost more than the change
 * itself, so versions share one set of buffers that exactly one version, the root, sees as
 * they are; every other version keeps the steps that turn its neighbour's view into its own,
 * and reading it first re-roots (applies those steps, reversing the path). Each version reads
 * its own amounts whatever happened since (persistent, Baker's trick); reading the newest
 * version costs nothing extra.
 */
export interface AmountBuffers extends KeyedAmounts {
  /** Stock amount by position (mutated in place). */
  amounts: Amount[];
  /** Positions by amount ascending, ties by name rank (mutated in place). */
  ascend: Int32Array;
  /** Positions by amount descending, ties by name rank (mutated in place). */
  descend: Int32Array;
  /** The version the buffers currently show. */
  root: AmountVersion;
}

/**
 * Stock amounts by position with a numeric sort key each, so the orders compare numbers, not
 * decimals (decimal.js objects come in several shapes, which makes reading their digits slow
 * in a hot comparison). The key is the correctly rounded double of the amount (`Infinity` for
 * unlimited): a < b implies key(a) ≤ key(b), so different keys decide. Equal keys decide
 * "equal" only when both amounts are `exact` (the amount is the shortest text of its double,
 * so two such amounts with one double are one value); otherwise the exact comparison decides.
 */
export interface KeyedAmounts {
  /** Stock amount by position. */
  readonly amounts: Amount[];
  /** Sort key by position. */
  readonly keys: Float64Array;
  /** 1 where equal keys mean equal amounts. */
  readonly exact: Uint8Array;
}

/**
 * Writes the sort key of an amount at a position.
 * @param k - the keyed amounts (mutated: a buffer being built or owned)
 * @param p - the position
 * @param a - the amount
 */
export function setAmountKey(k: KeyedAmounts, p: number, a: Amount): void {
  if (a.kind === "unlimited") {
    k.keys[p] = Infinity;
    k.exact[p] = 1;
    return;
  }
  const text = a.value.toString();
  const x = Number(text);
  k.keys[p] = x;
  k.exact[p] = String(x) === text ? 1 : 0;
}

/**
 * Keys every amount.
 * @param amounts - stock amount by position (taken, not copied)
 * @returns the keyed amounts
 */
export function keyAmounts(amounts: Amount[]): KeyedAmounts {
  const n = amounts.length;
  const k: KeyedAmounts = { amounts, keys: new Float64Array(n), exact: new Uint8Array(n) };
  for (let p = 0; p < n; p++) setAmountKey(k, p, amounts[p] as Amount);
  return k;
}

/**
 * Compares two positions by amount (then name rank) through their keys.
 * @param k - the keyed amounts (read at each comparison)
 * @param nameRanks - the name ranks
 * @param descend - whether amounts compare descending
 * @returns the comparison of positions
 */
export function amountComparator(k: KeyedAmounts, nameRanks: Int32Array, descend: boolean): (a: number, b: number) => number {
  const { amounts, keys, exact } = k;
  const sign = descend ? -1 : 1;
  return (a, b) => {
    const x = keys[a] as number;
    const y = keys[b] as number;
    if (x !== y) return x < y ? -sign : sign;
    if (((exact[a] as number) & (exact[b] as number)) === 0) {
      const c = compareAmounts(amounts[a] as Amount, amounts[b] as Amount);
      if (c !== 0) return sign * c;
    }
    return (nameRanks[a] as number) - (nameRanks[b] as number);
  };
}

/** One step between two versions' views of the same buffers. */
export type AmountStep =
  | { readonly kind: "set"; readonly position: number; readonly amount: Amount }
  | { readonly kind: "move"; readonly descend: boolean; readonly from: number; readonly to: number };

/** One version of an amount column (internal to the listing modules). */
export interface AmountVersion {
  /** The shared buffers. */
  readonly buffers: AmountBuffers;
  /** Toward the root: the neighbour version, `null` at the root. */
  next: AmountVersion | null;
  /** The steps that turn `next`'s view into this version's, `null` at the root. */
  steps: AmountStep[] | null;
}

/**
 * A fresh amount column owned by one version.
 * @param keyed - stock amount by position with their keys (taken, not copied)
 * @param orders - the amount orders (taken, not copied)
 * @returns the root version of new buffers
 */
export function newColumn(keyed: KeyedAmounts, orders: KeyOrders): AmountVersion {
  const buffers = { ...keyed, ascend: orders.ascend, descend: orders.descend } as AmountBuffers;
  const version: AmountVersion = { buffers, next: null, steps: null };
  buffers.root = version;
  return version;
}

// Moves the element at index `from` so that it ends at index `to`.
function moveWithin(arr: Int32Array, from: number, to: number): void {
  const x = arr[from] as number;
  if (from < to) arr.copyWithin(from, from + 1, to + 1);
  else if (to < from) arr.copyWithin(to + 1, to, from);
  arr[to] = x;
}

/**
 * Applies steps to the buffers and returns the steps that undo them.
 * @param b - the buffers
 * @param steps - the steps, in order
 * @returns the undoing steps, in order
 */
export function applySteps(b: AmountBuffers, steps: readonly AmountStep[]): AmountStep[] {
  const undo: AmountStep[] = new Array<AmountStep>(steps.length);
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i] as AmountStep;
    if (st.kind === "set") {
      undo[steps.length - 1 - i] = { kind: "set", position: st.position, amount: b.amounts[st.position] as Amount };
      b.amounts[st.position] = st.amount;
      setAmountKey(b, st.position, st.amount);
    } else {
      moveWithin(st.descend ? b.descend : b.ascend, st.from, st.to);
      undo[steps.length - 1 - i] = { kind: "move", descend: st.descend, from: st.to, to: st.from };
    }
  }
  return undo;
}

/**
 * Makes a version the root of its buffers, so they show its amounts and orders.
 * @param v - the version
 * @returns the buffers, valid for `v` until another version of them is read or changed
 */
export function reroot(v: AmountVersion): AmountBuffers {
  const b = v.buffers;
  if (b.root === v) return b;
  const path: AmountVersion[] = [];
  for (let u: AmountVersion | null = v; u !== b.root; u = (u as AmountVersion).next) path.push(u as AmountVersion);
  for (let i = path.length - 1; i >= 0; i--) {
    const u = path[i] as AmountVersion;
    const w = u.next as AmountVersion;
    w.steps = applySteps(b, u.steps as AmountStep[]);
    w.next = u;
    u.next = null;
    u.steps = null;
    b.root = u;
  }
  return b;
}

/**
 * A version's stock amounts by position; valid until another version of the same buffers is
 * read or changed, so use it at once.
 * @param s - the listing state
 * @returns the amounts
 */
export function amountsOf(s: Pick<ListingState, "column">): readonly Amount[] {
  return reroot(s.column).amounts;
}

/**
 * A version's order for a sort key and direction (valid like {@link amountsOf}).
 * @param s - the listing state
 * @param key - the sort key
 * @param order - the direction
 * @returns positions in that order
 */
export function orderOf(s: ListingState, key: StoreSortKey, order: "ascend" | "descend"): Int32Array {
  if (key !== "amount") return s.orders[key][order];
  const b = reroot(s.column);
  return order === "ascend" ? b.ascend : b.descend;
}

/** Folded name, identification number and supplier code of every position, concatenated. */
export interface SearchText {
  /** Each position's folded fields, each followed by {@link SEP}. */
  readonly haystack: string;
  /** Start of each position's text in `haystack`; `starts[size]` is its length. */
  readonly starts: Int32Array;
}

/**
 * The search text of a set of materials, folded on the first search rather than at build:
 * folding is most of a build's cost, and a listing that is only paged and sorted never needs
 * it. Shared by every version over the same materials (stock changes keep it), so each
 * material is still folded once.
 */
export interface SearchIndex {
  /** The materials by position. */
  readonly materials: readonly Material[];
  /** The number of positions. */
  readonly size: number;
  /** The folded text once made, else `null` (set once, then never changed). */
  text: SearchText | null;
}

/**
 * The folded search text of a listing, folding it now if no search did before.
 * @param s - the listing state
 * @returns the search text
 */
export function searchTextOf(s: Pick<ListingState, "search">): SearchText {
  const x = s.search;
  if (x.text === null) x.text = foldAll(x.materials, x.size);
  return x.text;
}

function foldAll(materials: readonly Material[], n: number): SearchText {
  const starts = new Int32Array(n + 1);
  const texts: string[] = new Array<string>(n);
  const fold = cachedFold();
  let length = 0;
  for (let p = 0; p < n; p++) {
    const text = searchText(materials[p] as Material, fold);
    texts[p] = text;
    starts[p] = length;
    length += text.length;
  }
  starts[n] = length;
  return { haystack: texts.join(""), starts };
}

/**
 * The key of a (category number, supplier number) pair in {@link ListingState.pairCounts}.
 * @param category - category number
 * @param supplier - supplier number
 * @returns a number unique for the pair
 */
export function pairKey(category: number, supplier: number): number {
  return category * 2 ** 26 + supplier;
}

/**
 * Counts one more position for a (category number, supplier number) pair (mutates only a map being built).
 * @param counts - the counts being built
 * @param category - category number
 * @param supplier - supplier number
 */
export function countPair(counts: Map<number, number>, category: number, supplier: number): void {
  const k = pairKey(category, supplier);
  counts.set(k, (counts.get(k) ?? 0) + 1);
}

/** Separator of the fields in the search text; a folded phrase without it cannot match across fields. */
export const SEP = "\u0000";

/**
 * Reveals the internals of a listing (for the listing modules only).
 * @param listing - a listing
 * @returns its state
 */
export function stateOf(listing: StoreListing): ListingState {
  return listing as unknown as ListingState;
}

/**
 * Wraps a state as an opaque listing (for the listing modules only).
 * @param state - the state
 * @returns the listing
 */
export function listingOf(state: ListingState): StoreListing {
  return state as unknown as StoreListing;
}

/**
 * The searchable text of one material: folded name, identification number and supplier
 * code (STO-4 decides these three fields).
 * @param material - the material
 * @param fold - the folding (by default {@link foldText} itself)
 * @returns the folded fields, each followed by {@link SEP}
 */
export function searchText(material: Material, fold: (text: string) => string = foldText): string {
  return fold(material.name) + SEP + fold(material.identificationNumber ?? "") + SEP + fold(material.supplierCode ?? "") + SEP;
}

const ASCII = /^[\x00-\x7f]*$/;
const BELOW_GREEK = /^[\u0000-\u036f]*$/;
const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * {@link foldText} with a cache per space-separated word: folding works character by
 * character except for the final sigma, whose context a space ends, so folding the words and
 * joining them with spaces gives the same text. Names repeat their words, so a build folds
 * each distinct word once.
 * @returns a folding function with its own cache
 */
export function cachedFold(): (text: string) => string {
  const cache = new Map<string, string>();
  const word = (w: string): string => {
    // Codes are mostly unique ASCII words; for ASCII, folding is lower-casing (no marks, no
    // compatibility forms, no final sigma), so skip both foldText and the cache.
    if (ASCII.test(w)) return w.toLowerCase();
    let f = cache.get(w);
    if (f === undefined) {
      f = foldText(w);
      cache.set(w, f);
    }
    return f;
  };
  const chars = new Map<string, string>();
  const char = (ch: string): string => {
    let f = chars.get(ch);
    if (f === undefined) {
      f = foldText(ch);
      chars.set(ch, f);
    }
    return f;
  };
  return (text) => {
    // Below U+0370 (Latin, IPA, spacing modifiers, combining marks) lower-casing has no
    // context (no capital sigma) and every decomposition is per character, so the text
    // folds character by character: lower-case natively, then fold the few non-ASCII ones.
    if (BELOW_GREEK.test(text)) {
      const lower = text.toLowerCase();
      return ASCII.test(lower) ? lower : lower.replace(NON_ASCII, char);
    }
    return text.includes(" ") ? text.split(" ").map(word).join(" ") : word(text);
  };
}

/**
 * Looks up a stocked material and its category and supplier; a missing one is a broken
 * catalog, not user input.
 * @param catalog - the catalog
 * @param id - the material GUID
 * @returns the material and the names
 * @throws Error when the material, its category or its supplier is unknown
 */
export function lookUp(catalog: StoreListingCatalog, id: Guid): { material: Material; category: CatalogValue; supplier: CatalogValue } {
  const material = catalog.materials.get(id);
  if (material === undefined) throw new Error(`Store listing: stocked material ${id} is not in the catalog`);
  const category = catalog.categories.get(material.categoryId);
  if (category === undefined) throw new Error(`Store listing: category ${material.categoryId} of material ${id} is not in the catalog`);
  const supplier = catalog.suppliers.get(material.supplierId);
  if (supplier === undefined) throw new Error(`Store listing: supplier ${material.supplierId} of material ${id} is not in the catalog`);
  return { material, category, supplier };
}

/**
 * The comparison of two positions for a sort key and direction: the key in that direction,
 * then name ascending, then GUID ascending (STO-5). The orders built by
 * {@link buildStoreListing} agree with it; updates use it to place a moved material.
 * @param s - the listing state
 * @param key - the sort key
 * @param descend - whether the key is compared descending
 * @param keyed - the amounts to compare by (read at each comparison; by default the state's)
 * @returns the comparison of positions
 */
export function positionComparator(
  s: ListingState,
  key: StoreSortKey,
  descend: boolean,
  keyed?: KeyedAmounts,
): (a: number, b: number) => number {
  const { collator, materials, categoryNames, supplierNames, nameRanks } = s;
  if (key === "amount") return amountComparator(keyed ?? reroot(s.column), nameRanks, descend);
  const cmp = collator.compare;
  const m = (p: number): Material => materials[p] as Material;
  const keyCompare = ((): ((a: number, b: number) => number) => {
    switch (key) {
      case "name":
        return (a, b) => cmp(m(a).name, m(b).name);
      case "identificationNumber":
        return (a, b) => compareNullableText(cmp, m(a).identificationNumber, m(b).identificationNumber);
      case "price":
        return (a, b) => compareDecimals(m(a).price, m(b).price);
      case "materialCategoryName":
        return (a, b) => cmp(categoryNames[a] as string, categoryNames[b] as string);
      case "materialSupplierName":
        return (a, b) => cmp(supplierNames[a] as string, supplierNames[b] as string);
    }
  })();
  const sign = descend ? -1 : 1;
  return (a, b) => {
    const k = keyCompare(a, b);
    if (k !== 0) return sign * k;
    return (nameRanks[a] as number) - (nameRanks[b] as number);
  };
}

/**
 * The STO-5 tie order itself, by collator and GUID: name ascending, then GUID ascending.
 * Used where {@link ListingState.nameRanks} is not known yet (placing new materials in the
 * name order).
 * @param s - the listing state
 * @returns the comparison of positions
 */
export function nameGuidComparator(s: Pick<ListingState, "collator" | "materials">): (a: number, b: number) => number {
  const cmp = s.collator.compare;
  const materials = s.materials;
  return (a, b) => {
    const ma = materials[a] as Material;
    const mb = materials[b] as Material;
    const n = cmp(ma.name, mb.name);
    if (n !== 0) return n;
    return ma.id < mb.id ? -1 : ma.id > mb.id ? 1 : 0;
  };
}

/**
 * The inverse of the name-ascending order: position → index.
 * @param nameAscend - positions by name ascending, ties by GUID
 * @returns the name ranks
 */
export function nameRanksOf(nameAscend: Int32Array): Int32Array {
  const ranks = new Int32Array(nameAscend.length);
  for (let i = 0; i < nameAscend.length; i++) ranks[nameAscend[i] as number] = i;
  return ranks;
}

// An unset identification number sorts below every text (documented decision).
function compareNullableText(cmp: (a: string, b: string) => number, a: string | null, b: string | null): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  return cmp(a, b);
}

// Stable counting sort of the tie order by a dense key rank, both directions.
function ordersByRank(tieOrder: Int32Array, rank: Int32Array, count: number): KeyOrders {
  const n = tieOrder.length;
  const counts = new Int32Array(count + 1);
  for (let i = 0; i < n; i++) counts[(rank[i] as number) + 1]!++;
  for (let r = 1; r <= count; r++) counts[r]! += counts[r - 1] as number;
  const ascendStart = counts.slice(0, count);
  const descendStart = new Int32Array(count);
  // In descend, rank r starts after every higher rank.
  for (let r = 0; r < count; r++) descendStart[r] = n - (counts[r + 1] as number);
  const ascend = new Int32Array(n);
  const descend = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = tieOrder[i] as number;
    const r = rank[p] as number;
    ascend[ascendStart[r]!++] = p;
    descend[descendStart[r]!++] = p;
  }
  return { ascend, descend };
}

// Dense ranks by an exact comparison (prices, amounts). Values repeat a lot (amounts
// especially), so the distinct ones are found by a text key (equal keys are equal values)
// and only they are sorted, by the non-allocating comparison.
function ranksBy<T>(values: readonly T[], keyOf: (v: T) => string, compare: (a: T, b: T) => number): { ranks: Int32Array; count: number } {
  const n = values.length;
  const indexOf = new Map<string, number>();
  const distinct: T[] = [];
  const valueDistinct = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i] as T;
    const k = keyOf(v);
    let d = indexOf.get(k);
    if (d === undefined) {
      d = distinct.length;
      indexOf.set(k, d);
      distinct.push(v);
    }
    valueDistinct[i] = d;
  }
  const sorted = Array.from(distinct, (_, d) => d).sort((a, b) => compare(distinct[a] as T, distinct[b] as T));
  const distinctRank = new Int32Array(distinct.length);
  let rank = -1;
  for (let i = 0; i < sorted.length; i++) {
    const d = sorted[i] as number;
    if (i === 0 || compare(distinct[sorted[i - 1] as number] as T, distinct[d] as T) !== 0) rank++;
    distinctRank[d] = rank;
  }
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) ranks[i] = distinctRank[valueDistinct[i] as number] as number;
  return { ranks, count: rank + 1 };
}

const decimalKey = (d: Dec): string => d.toString();
const amountKey = (a: Amount): string => (a.kind === "unlimited" ? "∞" : a.value.toString());

// Dense ranks of a few distinct texts (catalog names) by the collator.
function textRanks(values: readonly string[], compare: (a: string, b: string) => number): { ranks: Int32Array; count: number } {
  const distinct = [...new Set(values)].sort(compare);
  const rankOf = new Map<string, number>();
  let rank = -1;
  for (let i = 0; i < distinct.length; i++) {
    if (i === 0 || compare(distinct[i - 1] as string, distinct[i] as string) !== 0) rank++;
    rankOf.set(distinct[i] as string, rank);
  }
  return { ranks: Int32Array.from(values, (k) => rankOf.get(k) as number), count: rank + 1 };
}

// Within each run of equal name rank (the same name to the collator), GUID ascending.
function sortTiesByGuid(order: Int32Array, rank: Int32Array, materials: readonly Material[]): void {
  const n = order.length;
  const byGuid = (a: number, b: number): number => {
    const ia = (materials[a] as Material).id;
    const ib = (materials[b] as Material).id;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };
  for (let i = 0; i < n; ) {
    const r = rank[order[i] as number];
    let j = i + 1;
    while (j < n && rank[order[j] as number] === r) j++;
    if (j - i > 1) order.subarray(i, j).sort(byGuid);
    i = j;
  }
}

/**
 * The amount orders of a state, computed from scratch over its name order (no collation
 * work). Used by the build and by updates that change many amounts at once.
 * @param amounts - stock amount by position
 * @param nameAscend - positions by name ascending (the tie order)
 * @returns the ascending and descending amount orders
 */
export function amountOrders(amounts: readonly Amount[], nameAscend: Int32Array): KeyOrders {
  const r = ranksBy(amounts, amountKey, compareAmounts);
  return ordersByRank(nameAscend, r.ranks, r.count);
}

/**
 * Builds the listing index of one store's stock: folds every searchable field once and
 * sorts once per sort key (the names by collation ranks, the others by counting sort over
 * the name order), so a query costs what it returns plus one scan of compact arrays.
 * Applies STO-4 and STO-5 (their index).
 * @param storeId - the store's GUID
 * @param stock - the store's stock: material GUID → amount
 * @param catalog - materials, categories, suppliers and the locale
 * @returns the listing
 * @throws Error when a stocked material, its category or supplier is missing from the catalog
 * @rule STO-5
 * @example
 * const listing = buildStoreListing(store.id, new Map([[screw.id, finite(5)]]), catalog);
 * listing.size //=> 1
 * storeListingStock(listing).get(screw.id) //=> finite(5)
 */
export function buildStoreListing(storeId: Guid, stock: ReadonlyMap<Guid, Amount>, catalog: StoreListingCatalog): StoreListing {
  const collator = new Intl.Collator(catalog.locale);
  const ids = [...stock.keys()];
  const n = ids.length;
  const map = new Map<Guid, number>();
  const materials: Material[] = new Array<Material>(n);
  const amounts: Amount[] = new Array<Amount>(n);
  const categoryNames: string[] = new Array<string>(n);
  const supplierNames: string[] = new Array<string>(n);
  const categoryNumbers = new Map<Guid, number>();
  const supplierNumbers = new Map<Guid, number>();
  const categoryColumn = new Int32Array(n);
  const supplierColumn = new Int32Array(n);
  const pairCounts = new Map<number, number>();
  for (let p = 0; p < n; p++) {
    const id = ids[p] as Guid;
    const { material, category, supplier } = lookUp(catalog, id);
    map.set(id, p);
    materials[p] = material;
    amounts[p] = stock.get(id) as Amount;
    categoryNames[p] = category.name;
    supplierNames[p] = supplier.name;
    categoryColumn[p] = numberOf(categoryNumbers, category.id);
    supplierColumn[p] = numberOf(supplierNumbers, supplier.id);
    countPair(pairCounts, categoryColumn[p] as number, supplierColumn[p] as number);
  }

  // Tie order: name (collation) then GUID; every other order is a stable counting sort of it.
  const names = collationRanks(
    materials.map((m) => m.name),
    collator,
  );
  const identity = new Int32Array(n);
  for (let p = 0; p < n; p++) identity[p] = p;
  const nameOrders = ordersByRank(identity, names.ranks, names.count);
  // Equal names are rare: sort only their runs by GUID instead of all positions first.
  sortTiesByGuid(nameOrders.ascend, names.ranks, materials);
  sortTiesByGuid(nameOrders.descend, names.ranks, materials);
  const tie = nameOrders.ascend;
  const codes = collationRanks(
    materials.map((m) => m.identificationNumber ?? ""),
    collator,
  );
  // Unset codes rank below every text, even the empty one.
  const codeRanks = codes.ranks.map((r, p) => ((materials[p] as Material).identificationNumber === null ? 0 : r + 1));
  const prices = ranksBy<Dec>(
    materials.map((m) => m.price),
    decimalKey,
    compareDecimals,
  );
  const catRanks = textRanks(categoryNames, collator.compare);
  const supRanks = textRanks(supplierNames, collator.compare);
  const orders: ListingState["orders"] = {
    name: nameOrders,
    identificationNumber: ordersByRank(tie, codeRanks, codes.count + 1),
    price: ordersByRank(tie, prices.ranks, prices.count),
    materialCategoryName: ordersByRank(tie, catRanks.ranks, catRanks.count),
    materialSupplierName: ordersByRank(tie, supRanks.ranks, supRanks.count),
  };
  return listingOf({
    storeId,
    size: n,
    collator,
    locale: catalog.locale,
    positions: { map },
    materials,
    column: newColumn(keyAmounts(amounts), amountOrders(amounts, tie)),
    categoryNames,
    supplierNames,
    categoryNumbers,
    supplierNumbers,
    categoryColumn,
    supplierColumn,
    pairCounts,
    search: { materials, size: n, text: null },
    orders,
    nameRanks: nameRanksOf(tie),
  });
}

/**
 * The small number of a GUID in a filter column, adding it when new (mutates only a map
 * being built).
 * @param numbers - GUID → number, being built
 * @param id - the GUID
 * @returns its number
 */
export function numberOf(numbers: Map<Guid, number>, id: Guid): number {
  let k = numbers.get(id);
  if (k === undefined) {
    k = numbers.size;
    numbers.set(id, k);
  }
  return k;
}

/**
 * Rebuilds a listing over the same stock with new catalog records: after a material edit
 * (name, codes, price, category, supplier) or a catalog rename, or a change of locale.
 * Applies STO-4 and STO-5 (keeping their index current).
 * @param listing - the current listing
 * @param catalog - the catalog after the edit
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
 * Folds a listing's search text now instead of on its first search, and returns the same
 * listing. A server calls it after building or rebuilding a listing, so no client request
 * pays for folding (about 0.2 s at 100,000 materials). Applies STO-4 (its index).
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
 * The stock a listing holds, as a read-only map view (no copy): material GUID → amount.
 * Hand it to the stock operations, then pass their changes to `updateStoreListingStock`.
 * Applies STO-6 (the stock behind the detail).
 * @param listing - the listing
 * @returns the stock
 * @example
 * storeListingStock(listing).get(screw.id) //=> finite(5)
 * storeListingStock(listing).size //=> 2
 */
export function storeListingStock(listing: StoreListing): ReadonlyMap<Guid, Amount> {
  const s = stateOf(listing);
  const positionOf = (id: Guid): number | undefined => {
    const p = s.positions.map.get(id);
    return p !== undefined && p < s.size ? p : undefined;
  };
  const idAt = (p: number): Guid => (s.materials[p] as Material).id;
  function* entries(): MapIterator<[Guid, Amount]> {
    for (let p = 0; p < s.size; p++) yield [idAt(p), amountsOf(s)[p] as Amount];
  }
  function* keys(): MapIterator<Guid> {
    for (let p = 0; p < s.size; p++) yield idAt(p);
  }
  function* values(): MapIterator<Amount> {
    for (let p = 0; p < s.size; p++) yield amountsOf(s)[p] as Amount;
  }
  const view: ReadonlyMap<Guid, Amount> = {
    get size() {
      return s.size;
    },
    get: (id) => {
      const p = positionOf(id);
      return p === undefined ? undefined : amountsOf(s)[p];
    },
    has: (id) => positionOf(id) !== undefined,
    forEach: (fn, thisArg?: unknown) => {
      for (let p = 0; p < s.size; p++) fn.call(thisArg, amountsOf(s)[p] as Amount, idAt(p), view);
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

import type { Guid } from "../shared/guid.js";
import type { Amount } from "../stock/amount.js";
import type { Material } from "../material/material.js";
import {
  amountComparator,
  amountOrders,
  keyAmounts,
  setAmountKey,
  amountsOf,
  newColumn,
  reroot,
  type AmountStep,
  type AmountVersion,
  countPair,
  listingOf,
  lookUp,
  nameGuidComparator,
  nameRanksOf,
  numberOf,
  pairKey,
  positionComparator,
  rebuildStoreListing,
  searchText,
  sortKeys,
  stateOf,
  type KeyOrders,
  type ListingState,
  type PositionTable,
  type SearchText,
  type StoreListing,
  type StoreListingCatalog,
} from "./listing.js";
import type { StoreSortKey } from "./query.js";

// Above this many changed amounts, re-deriving the amount orders (one counting sort over the
// kept name order) is cheaper than moving each material by two memmoves.
const MOVE_LIMIT = 64;

// First index in arr[0..len) whose element is not below p.
function lowerBound(arr: Int32Array, len: number, p: number, cmp: (a: number, b: number) => number): number {
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(arr[mid] as number, p) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Takes position p out of a sorted order of length n (its key as the order was sorted); returns where it was.
function remove(arr: Int32Array, n: number, p: number, cmp: (a: number, b: number) => number): number {
  const from = lowerBound(arr, n, p, cmp);
  if (arr[from] !== p) throw new Error(`Store listing: position ${p} is not where its order says`);
  arr.copyWithin(from, from + 1, n);
  return from;
}

// Puts position p back into a sorted order of length n - 1 (its key as changed); returns where.
function insert(arr: Int32Array, n: number, p: number, cmp: (a: number, b: number) => number): number {
  const to = lowerBound(arr, n - 1, p, cmp);
  arr.copyWithin(to + 1, to, n - 1);
  arr[to] = p;
  return to;
}

/**
 * Applies a stock change set to a listing: the new amounts of the touched materials, as the
 * stock operations return them. A changed amount moves one element in each amount order
 * (binary searches over numeric keys and memmoves, in buffers the new version takes over
 * from the old one without copying); a material stocked for the first time is appended and
 * inserted into every order by binary search. The name order is never rebuilt. The given
 * listing still reads as it was (it keeps the steps back and re-roots the shared buffers
 * when read). Applies STO-5 (keeping its orders current).
 * @param listing - the listing before the change
 * @param changes - material GUID → new amount, for each touched material
 * @param catalog - the catalog, to describe materials stocked for the first time
 * @returns the listing after the change
 * @throws Error when a newly stocked material, its category or supplier is missing from the catalog
 * @example
 * const next = updateStoreListingStock(listing, new Map([[screw.id, finite(3)]]), catalog);
 * storeListingStock(next).get(screw.id) //=> finite(3)
 * storeListingStock(listing).get(screw.id) //=> finite(5)
 */
export function updateStoreListingStock(
  listing: StoreListing,
  changes: ReadonlyMap<Guid, Amount>,
  catalog: StoreListingCatalog,
): StoreListing {
  if (changes.size === 0) return listing;
  const s = stateOf(listing);
  const known: [number, Amount][] = [];
  const added: [Guid, Amount][] = [];
  for (const [id, amount] of changes) {
    const p = s.positions.map.get(id);
    if (p !== undefined && p < s.size) known.push([p, amount]);
    else added.push([id, amount]);
  }
  let next: ListingState = s;
  if (known.length > 0) next = changeAmounts(s, known);
  if (added.length > 0) next = addMaterials(next, added, catalog);
  return listingOf(next);
}

function changeAmounts(s: ListingState, known: readonly [number, Amount][]): ListingState {
  if (known.length > MOVE_LIMIT) {
    const amounts = amountsOf(s).slice();
    for (const [p, a] of known) amounts[p] = a;
    return { ...s, column: newColumn(keyAmounts(amounts), amountOrders(amounts, s.orders.name.ascend)) };
  }
  // No copies: the new version takes over the shared buffers in place, and the old version
  // keeps the steps back (see AmountBuffers), so it still reads its own amounts.
  const buffers = reroot(s.column);
  const { amounts, ascend, descend } = buffers;
  const asc = amountComparator(buffers, s.nameRanks, false);
  const desc = amountComparator(buffers, s.nameRanks, true);
  const n = s.size;
  const back: AmountStep[] = [];
  for (const [p, a] of known) {
    const ascFrom = remove(ascend, n, p, asc);
    const descFrom = remove(descend, n, p, desc);
    back.push({ kind: "set", position: p, amount: amounts[p] as Amount });
    amounts[p] = a;
    setAmountKey(buffers, p, a);
    const ascTo = insert(ascend, n, p, asc);
    const descTo = insert(descend, n, p, desc);
    back.push({ kind: "move", descend: false, from: ascTo, to: ascFrom }, { kind: "move", descend: true, from: descTo, to: descFrom });
  }
  const column: AmountVersion = { buffers, next: null, steps: null };
  const old = s.column;
  old.next = column;
  old.steps = back.reverse();
  buffers.root = column;
  return { ...s, column };
}

// Positions are only appended; versions share one table while they form a line, and a
// version that branches off an older one copies its own part.
function ownTable(s: ListingState): PositionTable {
  if (s.positions.map.size === s.size) return s.positions;
  const map = new Map<Guid, number>();
  for (const [id, p] of s.positions.map) if (p < s.size) map.set(id, p);
  return { map };
}

function addMaterials(s: ListingState, added: readonly [Guid, Amount][], catalog: StoreListingCatalog): ListingState {
  const n = s.size;
  const total = n + added.length;
  const positions = ownTable(s);
  const materials = s.materials.slice();
  const amounts = amountsOf(s).slice();
  const amountAscend = reroot(s.column).ascend;
  const amountDescend = reroot(s.column).descend;
  const categoryNames = s.categoryNames.slice();
  const supplierNames = s.supplierNames.slice();
  const categoryNumbers = new Map(s.categoryNumbers);
  const supplierNumbers = new Map(s.supplierNumbers);
  const categoryColumn = new Int32Array(total);
  categoryColumn.set(s.categoryColumn.subarray(0, n));
  const supplierColumn = new Int32Array(total);
  supplierColumn.set(s.supplierColumn.subarray(0, n));
  const pairCounts = new Map(s.pairCounts);
  for (let i = 0; i < added.length; i++) {
    const [id, amount] = added[i] as [Guid, Amount];
    const p = n + i;
    const { material, category, supplier } = lookUp(catalog, id);
    materials.push(material);
    amounts.push(amount);
    categoryNames.push(category.name);
    supplierNames.push(supplier.name);
    categoryColumn[p] = numberOf(categoryNumbers, category.id);
    supplierColumn[p] = numberOf(supplierNumbers, supplier.id);
    countPair(pairCounts, categoryColumn[p] as number, supplierColumn[p] as number);
  }
  // Extend the folded text if a search already made it; otherwise the first search folds all.
  let text: SearchText | null = null;
  const before = s.search.text;
  if (before !== null) {
    const starts = new Int32Array(total + 1);
    starts.set(before.starts.subarray(0, n + 1));
    let haystack = before.haystack;
    for (let p = n; p < total; p++) {
      haystack += searchText(materials[p] as Material);
      starts[p + 1] = haystack.length;
    }
    text = { haystack, starts };
  }
  // Register the positions only once everything above succeeded, so a throw leaves the shared table intact.
  for (let i = 0; i < added.length; i++) positions.map.set((added[i] as [Guid, Amount])[0], n + i);
  const grown: ListingState = {
    ...s,
    size: total,
    positions,
    materials,
    categoryNames,
    supplierNames,
    categoryNumbers,
    supplierNumbers,
    categoryColumn,
    supplierColumn,
    pairCounts,
    search: { materials, size: total, text },
  };
  // The name order first, by collator and GUID: the other comparators break ties by the
  // name ranks it gives.
  const nameAscend = insertAll(s.orders.name.ascend, n, total, nameGuidComparator(grown));
  const ranked: ListingState = { ...grown, nameRanks: nameRanksOf(nameAscend) };
  const orders = {} as Record<Exclude<StoreSortKey, "amount">, KeyOrders>;
  for (const key of sortKeys) {
    if (key === "amount") continue;
    orders[key] = {
      ascend: key === "name" ? nameAscend : insertAll(s.orders[key].ascend, n, total, positionComparator(ranked, key, false)),
      descend: insertAll(s.orders[key].descend, n, total, positionComparator(ranked, key, true)),
    };
  }
  const keyed = keyAmounts(amounts);
  const column = newColumn(keyed, {
    ascend: insertAll(amountAscend, n, total, amountComparator(keyed, ranked.nameRanks, false)),
    descend: insertAll(amountDescend, n, total, amountComparator(keyed, ranked.nameRanks, true)),
  });
  return { ...ranked, orders, column };
}

function insertAll(order: Int32Array, n: number, total: number, cmp: (a: number, b: number) => number): Int32Array {
  const arr = new Int32Array(total);
  arr.set(order);
  for (let p = n, len = n; p < total; p++, len++) {
    const at = lowerBound(arr, len, p, cmp);
    arr.copyWithin(at + 1, at, len);
    arr[at] = p;
  }
  return arr;
}


/**
 * Applies one material edit to a listing without rebuilding it: the edited material (its
 * name, identification number, supplier code, unit, price, category, supplier or external
 * GUID may have changed) moves to its new place in every kept order by binary search (the
 * name order first; the integer name ranks are then re-derived, O(n) integer work), its
 * filter columns, pair counts and category/supplier names follow, and its piece of the
 * folded search text is replaced if a search already made the text. The given listing still
 * reads as it was. A listing that does not stock the material is returned as it is. A
 * catalog rename (category or supplier name) or a locale change is not an edit of one
 * material: after those, use {@link rebuildStoreListing}; a catalog whose locale differs from
 * the listing's is handled by rebuilding. Applies STO-4 and STO-5 (keeping their index
 * current).
 * @param listing - the listing before the edit
 * @param material - the material after the edit (its GUID is unchanged)
 * @param catalog - the catalog after the edit, for the names of its category and supplier
 * @returns the listing after the edit
 * @throws Error when the material's category or supplier is missing from the catalog
 * @example
 * const next = updateStoreListingMaterial(listing, { ...screw, name: "Hmoždinka" }, catalog);
 * queryStoreListing(next, store, byName).materials.items.map((i) => i.name) //=> ["Hmoždinka", "Kabel CYKY 3×1,5"]
 */
export function updateStoreListingMaterial(listing: StoreListing, material: Material, catalog: StoreListingCatalog): StoreListing {
  const s = stateOf(listing);
  const p = s.positions.map.get(material.id);
  if (p === undefined || p >= s.size) return listing;
  if (catalog.locale !== s.locale) return rebuildStoreListing(listing, catalog);
  const category = catalog.categories.get(material.categoryId);
  if (category === undefined) throw new Error(`Store listing: category ${material.categoryId} of material ${material.id} is not in the catalog`);
  const supplier = catalog.suppliers.get(material.supplierId);
  if (supplier === undefined) throw new Error(`Store listing: supplier ${material.supplierId} of material ${material.id} is not in the catalog`);
  const n = s.size;

  const materials = s.materials.slice(0, n);
  materials[p] = material;
  const categoryNames = s.categoryNames.slice(0, n);
  categoryNames[p] = category.name;
  const supplierNames = s.supplierNames.slice(0, n);
  supplierNames[p] = supplier.name;
  const categoryNumbers = s.categoryNumbers.has(category.id) ? s.categoryNumbers : new Map(s.categoryNumbers);
  const supplierNumbers = s.supplierNumbers.has(supplier.id) ? s.supplierNumbers : new Map(s.supplierNumbers);
  const categoryColumn = s.categoryColumn.slice(0, n);
  const supplierColumn = s.supplierColumn.slice(0, n);
  const pairCounts = new Map(s.pairCounts);
  const oldPair = pairKey(categoryColumn[p] as number, supplierColumn[p] as number);
  const left = (pairCounts.get(oldPair) as number) - 1;
  if (left === 0) pairCounts.delete(oldPair);
  else pairCounts.set(oldPair, left);
  categoryColumn[p] = numberOf(categoryNumbers as Map<Guid, number>, category.id);
  supplierColumn[p] = numberOf(supplierNumbers as Map<Guid, number>, supplier.id);
  countPair(pairCounts, categoryColumn[p] as number, supplierColumn[p] as number);

  const edited: ListingState = {
    ...s,
    materials,
    categoryNames,
    supplierNames,
    categoryNumbers,
    supplierNumbers,
    categoryColumn,
    supplierColumn,
    pairCounts,
    search: { materials, size: n, text: spliceSearchText(s.search.text, n, p, material) },
  };
  // The name order first, by collator and GUID: every other order breaks ties by the ranks
  // it gives. Taking p out keeps the others in order under both the old and the new ranks
  // (their relative name order does not change), so each order is: remove p by the old
  // comparison, insert it by the new one.
  const nameAscend = s.orders.name.ascend.slice(0, n);
  nameAscend.copyWithin(s.nameRanks[p] as number, (s.nameRanks[p] as number) + 1, n);
  insert(nameAscend, n, p, nameGuidComparator(edited));
  const next: ListingState = { ...edited, nameRanks: nameRanksOf(nameAscend) };
  const orders = {} as Record<Exclude<StoreSortKey, "amount">, KeyOrders>;
  for (const key of sortKeys) {
    if (key === "amount") continue;
    orders[key] = {
      ascend: key === "name" ? nameAscend : moved(s.orders[key].ascend, n, p, positionComparator(s, key, false), positionComparator(next, key, false)),
      descend: moved(s.orders[key].descend, n, p, positionComparator(s, key, true), positionComparator(next, key, true)),
    };
  }
  return listingOf({ ...next, orders, column: reorderAmountTies(s, p, next.nameRanks) });
}

// A copy of a sorted order with p moved from its place under `before` to its place under `after`.
function moved(order: Int32Array, n: number, p: number, before: (a: number, b: number) => number, after: (a: number, b: number) => number): Int32Array {
  const arr = order.slice(0, n);
  remove(arr, n, p, before);
  insert(arr, n, p, after);
  return arr;
}

// The amounts are unchanged but ties among them break by name rank, which may have changed
// for p: move p within the shared amount orders (no copies, as for a stock change) and leave
// the old version the steps back.
function reorderAmountTies(s: ListingState, p: number, nameRanks: Int32Array): AmountVersion {
  const buffers = reroot(s.column);
  const n = s.size;
  const back: AmountStep[] = [];
  for (const descend of [false, true]) {
    const arr = descend ? buffers.descend : buffers.ascend;
    const from = remove(arr, n, p, amountComparator(buffers, s.nameRanks, descend));
    const to = insert(arr, n, p, amountComparator(buffers, nameRanks, descend));
    back.push({ kind: "move", descend, from: to, to: from });
  }
  const column: AmountVersion = { buffers, next: null, steps: null };
  const old = s.column;
  old.next = column;
  old.steps = back.reverse();
  buffers.root = column;
  return column;
}

// The folded search text with position p's piece replaced, if the text was made (otherwise
// the first search folds everything, as after a build).
function spliceSearchText(before: SearchText | null, n: number, p: number, material: Material): SearchText | null {
  if (before === null) return null;
  const piece = searchText(material);
  const from = before.starts[p] as number;
  const to = before.starts[p + 1] as number;
  const delta = piece.length - (to - from);
  const starts = before.starts.slice(0, n + 1);
  if (delta !== 0) for (let i = p + 1; i <= n; i++) starts[i] = (starts[i] as number) + delta;
  const haystack = before.haystack.slice(0, from) + piece + before.haystack.slice(to, before.starts[n] as number);
  return { haystack, starts };
}

import type { Guid } from "../shared/guid.js";
import type { Amount } from "../stock/amount.js";
import type { Material } from "../material/material.js";
import { amountRanks, appendAmounts, setAmountAt } from "./amount-order.js";
import { appendRows, lookUp, nameGuidComparator, replaceRow, rowOf, type Row, type StoreListingCatalog } from "./columns.js";
import { listingOf, orderComparator, rebuildStoreListing, sortKeys, sortPositions, stateOf, useUp, type ListingState, type StoreListing } from "./build.js";
import type { StoreSortKey } from "../store/query.js";
import { insertSorted, inverseOrder, mergeSorted, ordersByRank, removeSorted, type KeyOrders } from "./ranking.js";
import { appendSearchText, replaceSearchText } from "./search-text.js";

// Above this many changed amounts, re-deriving the amount orders (one counting sort over the
// kept name order) is cheaper than moving each material by two memmoves.
const MOVE_LIMIT = 64;

/**
 * Applies a stock change set to a listing, in place: the new amounts of the touched
 * materials, as the stock operations return them. A changed amount moves one entry in each
 * amount order (binary searches over numeric keys and a memmove); materials stocked for the
 * first time are sorted among themselves once (ranks and counting sorts, as a build does) and
 * merged into each kept order in one pass. The listing given is used up (reading it throws)
 * unless the change set is empty, when it is returned as it is; a catalog that lacks a newly
 * stocked material throws before anything changes. Applies STO-5 (keeping its orders current).
 * @param listing - the owner's current listing
 * @param changes - material GUID → new amount, for each touched material
 * @param catalog - the catalog, to describe materials stocked for the first time
 * @returns the listing after the change
 * @throws Error when a newly stocked material, its category or supplier is missing from the catalog
 * @example
 * const before = buildStoreListing(store.id, new Map([[screw.id, finite(5)]]), catalog);
 * const after = updateStoreListingStock(before, new Map([[screw.id, finite(3)], [cable.id, finite(1)]]), catalog);
 * storeListingStock(after).get(screw.id) //=> finite(3)
 * after.size //=> 2
 */
export function updateStoreListingStock(listing: StoreListing, changes: ReadonlyMap<Guid, Amount>, catalog: StoreListingCatalog): StoreListing {
  if (changes.size === 0) return listing;
  const s = stateOf(listing);
  const known: [number, Amount][] = [];
  const added: Row[] = [];
  const addedAmounts: Amount[] = [];
  for (const [id, amount] of changes) {
    const p = s.positions.get(id);
    if (p !== undefined) known.push([p, amount]);
    else {
      added.push(lookUp(catalog, id));
      addedAmounts.push(amount);
    }
  }
  useUp(listing);
  // No guard for an empty `known`: changeAmounts then moves nothing.
  changeAmounts(s, known);
  if (added.length > 0) addMaterials(s, added, addedAmounts);
  return listingOf(s);
}

function changeAmounts(s: ListingState, known: readonly [number, Amount][]): void {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: both ways give the same amount orders (re-derived, or each entry moved); the limit only picks the cheaper one
  if (known.length > MOVE_LIMIT) {
    for (const [p, a] of known) setAmountAt(s.amounts, p, a);
    const r = amountRanks(s.amounts.amounts);
    s.orders.amount = ordersByRank(s.orders.name.ascend, r.ranks, r.count);
    return;
  }
  const { ascend, descend } = s.orders.amount;
  const asc = orderComparator(s, "amount", false);
  const desc = orderComparator(s, "amount", true);
  const n = ascend.length;
  for (const [p, a] of known) {
    removeSorted(ascend, n, p, asc);
    removeSorted(descend, n, p, desc);
    setAmountAt(s.amounts, p, a);
    insertSorted(ascend, n, p, asc);
    insertSorted(descend, n, p, desc);
  }
}

function addMaterials(s: ListingState, added: readonly Row[], amounts: readonly Amount[]): void {
  const n = s.columns.materials.length;
  appendRows(s.columns, added);
  appendAmounts(s.amounts, amounts);
  for (let i = 0; i < added.length; i++) s.positions.set((added[i] as Row).material.id, n + i);
  if (s.search !== null) appendSearchText(s.search, s.columns.materials, n);
  const fresh = sortPositions(s, n, n + added.length);
  // The name order first, by collator and GUID: every other comparison breaks ties by the
  // name ranks it gives.
  const nameAscend = mergeSorted(s.orders.name.ascend, fresh.name.ascend, nameGuidComparator(s.columns, s.collator));
  s.nameRanks = inverseOrder(nameAscend);
  const orders = {} as Record<StoreSortKey, KeyOrders>;
  for (const key of sortKeys) {
    orders[key] = {
      // Stryker disable next-line StringLiteral: merging the name order again with the order comparison (by the name ranks just derived) gives nameAscend too; the special case saves that merge
      ascend: key === "name" ? nameAscend : mergeSorted(s.orders[key].ascend, fresh[key].ascend, orderComparator(s, key, false)),
      descend: mergeSorted(s.orders[key].descend, fresh[key].descend, orderComparator(s, key, true)),
    };
  }
  s.orders = orders;
}

/**
 * Applies one material edit to a listing in place, without rebuilding it: the edited
 * material (its name, identification number, supplier code, unit, price, category, supplier
 * or external GUID may have changed) leaves every kept order by binary search under its old
 * values, its row and its piece of the folded search text (if a search made it) are replaced,
 * and it re-enters every order under its new values (the name order first; the integer name
 * ranks are then re-derived, O(n) integer work). A listing that does not stock the material
 * is returned as it is; otherwise the listing given is used up (reading it throws). A catalog
 * rename (category or supplier name) or a locale change is not an edit of one material: after
 * those, use {@link rebuildStoreListing}; a catalog whose locale differs from the listing's
 * is handled by rebuilding. Applies STO-4 and STO-5 (keeping their index current).
 * @param listing - the owner's current listing
 * @param material - the material after the edit (its GUID is unchanged)
 * @param catalog - the catalog after the edit, for the names of its category and supplier
 * @returns the listing after the edit
 * @throws Error when the material's category or supplier is missing from the catalog
 * @example
 * const before = buildStoreListing(store.id, new Map([[screw.id, finite(5)], [cable.id, finite(1)]]), catalog);
 * const after = updateStoreListingMaterial(before, { ...screw, name: "Hmoždinka" }, catalog);
 * queryStoreListing(after, store, byName).materials.items.map((i) => i.name) //=> ["Hmoždinka", "Kabel CYKY 3×1,5"]
 */
export function updateStoreListingMaterial(listing: StoreListing, material: Material, catalog: StoreListingCatalog): StoreListing {
  const s = stateOf(listing);
  const p = s.positions.get(material.id);
  if (p === undefined) return listing;
  if (catalog.locale !== s.locale) {
    const rebuilt = rebuildStoreListing(listing, catalog);
    useUp(listing);
    return rebuilt;
  }
  const row = rowOf(catalog, material);
  useUp(listing);
  const n = s.columns.materials.length;
  // Leave every order under the old values (the comparisons read the state as it is now)...
  for (const key of sortKeys) {
    removeSorted(s.orders[key].ascend, n, p, orderComparator(s, key, false));
    removeSorted(s.orders[key].descend, n, p, orderComparator(s, key, true));
  }
  replaceRow(s.columns, p, row);
  if (s.search !== null) replaceSearchText(s.search, p, material);
  // ...and re-enter them under the new ones, the name order first: its ranks break every other tie.
  insertSorted(s.orders.name.ascend, n, p, nameGuidComparator(s.columns, s.collator));
  inverseOrder(s.orders.name.ascend, s.nameRanks);
  for (const key of sortKeys) {
    if (key !== "name") insertSorted(s.orders[key].ascend, n, p, orderComparator(s, key, false));
    insertSorted(s.orders[key].descend, n, p, orderComparator(s, key, true));
  }
  return listingOf(s);
}

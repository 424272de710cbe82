import { decimalToJson } from "../shared/decimal.js";
import type { Guid } from "../shared/guid.js";
import { foldText } from "../shared/text.js";
import type { Material, MaterialUnit } from "../material/material.js";
import { amountToJson, type Amount } from "../stock/amount.js";
import { categoryNameAt, supplierNameAt } from "./columns.js";
import { searchTextOf, stateOf, type ListingState, type StoreListing } from "./build.js";
import { searchMask } from "./search-text.js";
import type { StoreListingQuery } from "../store/query.js";
import type { Store } from "../store/store.js";

/** One stocked material in the store detail (docs/service.md "StoreDetail"; STO-6). */
export interface StoreDetailItem {
  /** Material GUID. */
  readonly materialId: Guid;
  /** Material external ID, `null` when unset. */
  readonly materialExternalId: string | null;
  /** Material name. */
  readonly name: string;
  /** Identification number, `null` when unset. */
  readonly identificationNumber: string | null;
  /** Supplier's code, `null` when unset. */
  readonly supplierCode: string | null;
  /** Unit. */
  readonly unit: MaterialUnit;
  /** Sale price as a JSON number. */
  readonly price: number;
  /** Stocked amount as a JSON number, `null` for unlimited (STK-1). */
  readonly amount: number | null;
  /** Category GUID. */
  readonly materialCategoryId: Guid;
  /** Category name. */
  readonly materialCategoryName: string;
  /** Supplier GUID. */
  readonly materialSupplierId: Guid;
  /** Supplier name. */
  readonly materialSupplierName: string;
}

/** The paged list of stocked materials in the store detail (STO-6). */
export interface StoreDetailMaterials {
  /** The materials of the requested page, possibly none. */
  readonly items: readonly StoreDetailItem[];
  /** The requested page number. */
  readonly page: number;
  /** The requested page size. */
  readonly pageSize: number;
  /** How many materials match the search and filters, over all pages. */
  readonly totalCount: number;
}

/** The answer of `GET /store/{id}` (docs/service.md "StoreDetail"; STO-6). */
export interface StoreDetail {
  /** Store GUID. */
  readonly id: Guid;
  /** Store external ID, `null` when unset. */
  readonly externalId: string | null;
  /** Store name. */
  readonly name: string;
  /** GUIDs of the users with access (STO-2). */
  readonly availableFor: readonly Guid[];
  /** The page of stocked materials. */
  readonly materials: StoreDetailMaterials;
}

// A byte per filter value number: 1 when that category/supplier is kept.
function filterMask(numbers: ReadonlyMap<Guid, number>, ids: readonly Guid[]): Uint8Array {
  const mask = new Uint8Array(numbers.size);
  for (const id of ids) {
    const k = numbers.get(id);
    // Stryker disable next-line ConditionalExpression: an unknown GUID has no number, and writing mask[undefined] on a typed array sets no element
    if (k !== undefined) mask[k] = 1;
  }
  return mask;
}

function item(s: ListingState, p: number): StoreDetailItem {
  const m = s.columns.materials[p] as Material;
  return {
    materialId: m.id,
    materialExternalId: m.externalId,
    name: m.name,
    identificationNumber: m.identificationNumber,
    supplierCode: m.supplierCode,
    unit: m.unit,
    price: decimalToJson(m.price),
    amount: amountToJson(s.amounts.amounts[p] as Amount),
    materialCategoryId: m.categoryId,
    materialCategoryName: categoryNameAt(s.columns, p),
    materialSupplierId: m.supplierId,
    materialSupplierName: supplierNameAt(s.columns, p),
  };
}

/**
 * Answers `GET /store/{id}`: the store's fields and one page of its stocked materials,
 * searched (folded phrase in name, identification number or supplier code), filtered
 * (supplier and category sets), sorted (by the kept order of the sort key) and paged. A
 * page past the end has no items and the true `totalCount`. Without search or filters the
 * page is a slice of the kept order; otherwise one scan of compact arrays counts the
 * matches. Applies STO-4, STO-5 and STO-6.
 * @param listing - the store's listing index
 * @param store - the store record (its `id` must be the listing's store)
 * @param query - the parsed query
 * @returns the store detail
 * @throws Error when the listing belongs to another store
 * @rule STO-4
 * @rule STO-6
 * @example
 * queryStoreListing(listing, store, { ...byName, searchPhrase: "SROUB" }).materials.items.map((i) => [i.name, i.amount]) //=> [["Šroub M6", 5]]
 * queryStoreListing(listing, store, byName).materials.items.map((i) => i.name) //=> ["Kabel CYKY 3×1,5", "Šroub M6"]
 */
export function queryStoreListing(listing: StoreListing, store: Store, query: StoreListingQuery): StoreDetail {
  const s = stateOf(listing);
  if (s.storeId !== store.id) throw new Error(`Store listing: the listing of store ${s.storeId} was queried for store ${store.id}`);
  const order = s.orders[query.sortBy][query.sortOrder];
  const n = order.length;
  // page * pageSize may exceed 2^53 for absurd pages; any start ≥ n gives an empty page.
  const start = Math.min((query.page - 1) * query.pageSize, n);
  const end = Math.min(start + query.pageSize, n);
  const phrase = query.searchPhrase === null ? "" : foldText(query.searchPhrase);
  // Stryker disable next-line ConditionalExpression,StringLiteral: an empty phrase is in every text, so searching for it keeps every position: the same answer by the slower path
  const found = phrase === "" ? undefined : searchMask(searchTextOf(s), s.columns.materials, phrase);
  const categories = query.materialCategoryIds === null ? undefined : filterMask(s.columns.category.numbers, query.materialCategoryIds);
  const suppliers = query.materialSupplierIds === null ? undefined : filterMask(s.columns.supplier.numbers, query.materialSupplierIds);
  const positions: number[] = [];
  let totalCount: number;
  // Stryker disable next-line ConditionalExpression: a fast path; without it the filter path runs with every category and supplier kept, counts all n positions and pages the same slice
  if (found === undefined && categories === undefined && suppliers === undefined) {
    totalCount = n;
    for (let i = start; i < end; i++) positions.push(order[i] as number);
  } else if (found === undefined) {
    // Filters only: the total comes from the pair counts, so the scan stops at the page's end.
    totalCount = 0;
    const catBits = (categories ?? new Uint8Array(s.columns.category.names.length).fill(1));
    const supBits = (suppliers ?? new Uint8Array(s.columns.supplier.names.length).fill(1));
    for (const [key, count] of s.columns.pairCounts) {
      if (catBits[Math.floor(key / 2 ** 26)] === 1 && supBits[key % 2 ** 26] === 1) totalCount += count;
    }
    const catColumn = s.columns.category.column;
    const supColumn = s.columns.supplier.column;
    const stop = Math.min(end, totalCount);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: stop ≤ totalCount, the exact number of matches in `order` (pair counts), so count reaches stop before i reaches n; `i < n` is a guard only
    for (let i = 0, count = 0; i < n && count < stop; i++) {
      const p = order[i] as number;
      if (catBits[catColumn[p] as number] === 1 && supBits[supColumn[p] as number] === 1) {
        if (count >= start) positions.push(p);
        count++;
      }
    }
  } else {
    const catColumn = s.columns.category.column;
    const supColumn = s.columns.supplier.column;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const p = order[i] as number;
      if (found[p] === 0) continue;
      if (categories !== undefined && categories[catColumn[p] as number] === 0) continue;
      if (suppliers !== undefined && suppliers[supColumn[p] as number] === 0) continue;
      if (count >= start && count < end) positions.push(p);
      count++;
    }
    totalCount = count;
  }
  return {
    id: store.id,
    externalId: store.externalId,
    name: store.name,
    availableFor: store.availableFor,
    materials: { items: positions.map((p) => item(s, p)), page: query.page, pageSize: query.pageSize, totalCount },
  };
}

import type { CatalogValue } from "../shared/catalog.js";
import { compareDecimals, type Dec } from "../shared/decimal.js";
import type { Guid } from "../shared/guid.js";
import type { Material } from "../material/material.js";
import { collationRanks } from "./collation.js";
import type { StoreSortKey } from "../store/query.js";
import { denseRanks, type DenseRanks, type PositionCompare } from "./ranking.js";

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

/**
 * One catalog reference of every position (category or supplier) as a small number, so a
 * filter is a byte mask over numbers and the names are kept once per value, not per position.
 */
export interface CatalogColumn {
  /** Catalog GUID → its number. */
  readonly numbers: Map<Guid, number>;
  /** Name by number. */
  readonly names: string[];
  /** Number by position. */
  column: Int32Array;
}

/** A sort key other than `amount`: it is read from the material and its catalog names. */
export type MaterialSortKey = Exclude<StoreSortKey, "amount">;

/**
 * Everything a listing shows of each position besides its amount: the material, its category
 * and supplier columns, and the number of positions per (category, supplier) pair, so a
 * filter without search counts its total without a scan.
 */
export interface Columns {
  /** Material record by position. */
  readonly materials: Material[];
  /** Category of each position. */
  readonly category: CatalogColumn;
  /** Supplier of each position. */
  readonly supplier: CatalogColumn;
  /** Number of positions per (category number, supplier number) pair, keyed by {@link pairKey}. */
  readonly pairCounts: Map<number, number>;
}

/** A material with the catalog values it names. */
export interface Row {
  /** The material. */
  readonly material: Material;
  /** Its category. */
  readonly category: CatalogValue;
  /** Its supplier. */
  readonly supplier: CatalogValue;
}

/**
 * Looks up a stocked material and its category and supplier; a missing one is a broken
 * catalog, not user input.
 * @param catalog - the catalog
 * @param id - the material GUID
 * @returns the material and its catalog values
 * @throws Error when the material, its category or its supplier is unknown
 * @example
 * lookUp(catalog, screw.id).category.name //=> "Fasteners"
 */
export function lookUp(catalog: StoreListingCatalog, id: Guid): Row {
  const material = catalog.materials.get(id);
  if (material === undefined) throw new Error(`Store listing: stocked material ${id} is not in the catalog`);
  return rowOf(catalog, material);
}

/**
 * The catalog values a material names.
 * @param catalog - the catalog
 * @param material - the material
 * @returns the material and its catalog values
 * @throws Error when its category or supplier is unknown
 * @example
 * rowOf(catalog, screw).supplier.name //=> "Ferona a.s."
 */
export function rowOf(catalog: StoreListingCatalog, material: Material): Row {
  const category = catalog.categories.get(material.categoryId);
  if (category === undefined) throw new Error(`Store listing: category ${material.categoryId} of material ${material.id} is not in the catalog`);
  const supplier = catalog.suppliers.get(material.supplierId);
  if (supplier === undefined) throw new Error(`Store listing: supplier ${material.supplierId} of material ${material.id} is not in the catalog`);
  return { material, category, supplier };
}

/**
 * The key of a (category number, supplier number) pair in {@link Columns.pairCounts}.
 * @param category - category number
 * @param supplier - supplier number
 * @returns a number unique for the pair
 * @example
 * pairKey(1, 2) === pairKey(2, 1) //=> false
 */
export function pairKey(category: number, supplier: number): number {
  return category * 2 ** 26 + supplier;
}

// The number of a catalog value, adding it (with its name) when new.
function numberOf(c: CatalogColumn, value: CatalogValue): number {
  let k = c.numbers.get(value.id);
  if (k === undefined) {
    k = c.names.length;
    c.numbers.set(value.id, k);
    c.names.push(value.name);
  }
  return k;
}

function countPair(columns: Columns, p: number, by: number): void {
  const k = pairKey(columns.category.column[p] as number, columns.supplier.column[p] as number);
  const count = (columns.pairCounts.get(k) ?? 0) + by;
  if (count === 0) columns.pairCounts.delete(k);
  else columns.pairCounts.set(k, count);
}

/**
 * Empty columns.
 * @returns columns of no positions
 * @example
 * emptyColumns().materials.length //=> 0
 */
export function emptyColumns(): Columns {
  const catalogColumn = (): CatalogColumn => ({ numbers: new Map(), names: [], column: new Int32Array(0) });
  return { materials: [], category: catalogColumn(), supplier: catalogColumn(), pairCounts: new Map() };
}

/**
 * Appends rows as new positions at the end of the columns (in place), growing each number
 * column once.
 * @param columns - the columns (mutated)
 * @param rows - the new rows, in position order
 * @example
 * const c = emptyColumns();
 * appendRows(c, [lookUp(catalog, screw.id), lookUp(catalog, cable.id)]);
 * [c.materials.length, c.pairCounts.size] //=> [2, 2]
 */
export function appendRows(columns: Columns, rows: readonly Row[]): void {
  const n = columns.materials.length;
  const grow = (c: CatalogColumn): void => {
    const column = new Int32Array(n + rows.length);
    column.set(c.column);
    c.column = column;
  };
  grow(columns.category);
  grow(columns.supplier);
  for (let i = 0; i < rows.length; i++) {
    const { material, category, supplier } = rows[i] as Row;
    const p = n + i;
    columns.materials.push(material);
    columns.category.column[p] = numberOf(columns.category, category);
    columns.supplier.column[p] = numberOf(columns.supplier, supplier);
    countPair(columns, p, 1);
  }
}

/**
 * Replaces the row of one position (in place): a material edit.
 * @param columns - the columns (mutated)
 * @param p - the position
 * @param row - the edited material and its catalog values
 * @example
 * const c = emptyColumns();
 * appendRows(c, [lookUp(catalog, screw.id)]);
 * replaceRow(c, 0, lookUp(catalog, cable.id));
 * c.materials[0].name //=> "Kabel CYKY 3×1,5"
 */
export function replaceRow(columns: Columns, p: number, row: Row): void {
  countPair(columns, p, -1);
  columns.materials[p] = row.material;
  columns.category.column[p] = numberOf(columns.category, row.category);
  columns.supplier.column[p] = numberOf(columns.supplier, row.supplier);
  countPair(columns, p, 1);
}

/**
 * The category name of a position.
 * @param columns - the columns
 * @param p - the position
 * @returns the name
 * @example
 * const c = emptyColumns();
 * appendRows(c, [lookUp(catalog, screw.id)]);
 * categoryNameAt(c, 0) //=> "Fasteners"
 */
export function categoryNameAt(columns: Columns, p: number): string {
  return columns.category.names[columns.category.column[p] as number] as string;
}

/**
 * The supplier name of a position.
 * @param columns - the columns
 * @param p - the position
 * @returns the name
 * @example
 * const c = emptyColumns();
 * appendRows(c, [lookUp(catalog, screw.id)]);
 * supplierNameAt(c, 0) //=> "Ferona a.s."
 */
export function supplierNameAt(columns: Columns, p: number): string {
  return columns.supplier.names[columns.supplier.column[p] as number] as string;
}

// Dense ranks of a catalog column's names by number.
function nameNumberRanks(c: CatalogColumn, collator: Intl.Collator): Int32Array {
  return denseRanks(c.names, (name) => name, (d) => (a, b) => collator.compare(d[a] as string, d[b] as string)).ranks;
}

/**
 * Dense ranks of a sort key over the positions `from..to` (index `i` is position `from + i`),
 * by the one ranking algorithm: names and codes by collation, an unset code below every text,
 * prices exactly, catalog names by collation of the few distinct names.
 * @param columns - the columns
 * @param collator - the listing's collator
 * @param key - the sort key
 * @param from - the first position
 * @param to - one past the last position
 * @returns the dense ranks
 * @example
 * const c = emptyColumns();
 * appendRows(c, [lookUp(catalog, screw.id), lookUp(catalog, cable.id)]);
 * Array.from(keyRanks(c, new Intl.Collator("cs"), "name", 0, 2).ranks) //=> [1, 0]
 */
export function keyRanks(columns: Columns, collator: Intl.Collator, key: MaterialSortKey, from: number, to: number): DenseRanks {
  const materials = columns.materials.slice(from, to);
  switch (key) {
    case "name":
      return collationRanks(
        materials.map((m) => m.name),
        collator,
      );
    case "identificationNumber": {
      const codes = collationRanks(
        // Stryker disable next-line StringLiteral: an unset code's text is ranked but its rank is then replaced by 0; any text keeps the order of the others
        materials.map((m) => m.identificationNumber ?? ""),
        collator,
      );
      // Unset codes rank below every text, even the empty one (documented decision).
      const ranks = codes.ranks.map((r, i) => ((materials[i] as Material).identificationNumber === null ? 0 : r + 1));
      return { ranks, count: codes.count + 1 };
    }
    case "price":
      return denseRanks<Dec>(
        materials.map((m) => m.price),
        (d) => d.toString(),
        (d) => (a, b) => compareDecimals(d[a] as Dec, d[b] as Dec),
      );
    case "materialCategoryName":
    case "materialSupplierName": {
      const c = key === "materialCategoryName" ? columns.category : columns.supplier;
      const byNumber = nameNumberRanks(c, collator);
      const count = byNumber.reduce((max, r) => Math.max(max, r + 1), 0);
      return { ranks: Int32Array.from(c.column.subarray(from, to), (k) => byNumber[k] as number), count };
    }
  }
}

// An unset identification number sorts below every text (documented decision).
function compareNullableText(cmp: (a: string, b: string) => number, a: string | null, b: string | null): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  return cmp(a, b);
}

/**
 * The comparison of two positions for a sort key other than `amount` and a direction: the
 * key in that direction, then name ascending, then GUID ascending (STO-5) through the name
 * ranks. Reads the columns at each comparison, so it follows in-place changes; the catalog
 * names are ranked when it is made (a handful of names).
 * @param columns - the columns
 * @param collator - the listing's collator
 * @param key - the sort key
 * @param nameRanks - position → index in the name-ascending order (read at each comparison)
 * @param descend - whether the key is compared descending
 * @returns the comparison of positions
 * @example
 * const c = emptyColumns();
 * appendRows(c, [lookUp(catalog, screw.id), lookUp(catalog, cable.id)]);
 * keyComparator(c, new Intl.Collator("cs"), "name", Int32Array.of(1, 0), false)(1, 0) < 0 //=> true
 */
export function keyComparator(columns: Columns, collator: Intl.Collator, key: MaterialSortKey, nameRanks: Int32Array, descend: boolean): PositionCompare {
  const cmp = collator.compare;
  const m = (p: number): Material => columns.materials[p] as Material;
  const keyCompare = ((): PositionCompare => {
    switch (key) {
      case "name":
        return (a, b) => cmp(m(a).name, m(b).name);
      case "identificationNumber":
        return (a, b) => compareNullableText(cmp, m(a).identificationNumber, m(b).identificationNumber);
      case "price":
        return (a, b) => compareDecimals(m(a).price, m(b).price);
      case "materialCategoryName":
      case "materialSupplierName": {
        const c = key === "materialCategoryName" ? columns.category : columns.supplier;
        const byNumber = nameNumberRanks(c, collator);
        return (a, b) => byNumber[c.column[a]!]! - byNumber[c.column[b]!]!;
      }
    }
  })();
  return (a, b) => {
    const k = keyCompare(a, b);
    if (k !== 0) return descend ? -k : k;
    return nameRanks[a]! - nameRanks[b]!;
  };
}

/**
 * The STO-5 tie order itself, by collator and GUID: name ascending, then GUID ascending.
 * Used where the name ranks are not known yet (placing a material in the name order).
 * @param columns - the columns
 * @param collator - the listing's collator
 * @returns the comparison of positions
 * @example
 * const c = emptyColumns();
 * appendRows(c, [lookUp(catalog, screw.id), lookUp(catalog, cable.id)]);
 * nameGuidComparator(c, new Intl.Collator("cs"))(0, 1) > 0 //=> true
 */
export function nameGuidComparator(columns: Columns, collator: Intl.Collator): PositionCompare {
  const cmp = collator.compare;
  const materials = columns.materials;
  return (a, b) => {
    const ma = materials[a] as Material;
    const mb = materials[b] as Material;
    const n = cmp(ma.name, mb.name);
    if (n !== 0) return n;
    // Two positions are two materials, so their GUIDs differ.
    return ma.id < mb.id ? -1 : 1;
  };
}

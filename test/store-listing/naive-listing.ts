import type { Material } from "../../src/material/material.js";
import { decimalToJson } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { foldText } from "../../src/shared/text.js";
import { amountToJson, compareAmounts, type Amount } from "../../src/stock/amount.js";
import type { StoreDetail, StoreDetailItem } from "../../src/store-listing/page.js";
import type { StoreListingCatalog } from "../../src/store-listing/build.js";
import type { StoreListingQuery, StoreSortKey } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";

// ---- The deliberately naive reference listing (differential oracle) ----

/**
 * The deliberately naive listing the index is compared with (and benchmarked against): fold
 * every field per query, filter, sort everything with the collator, slice. Written from the
 * rules (STO-4, STO-5, STO-6), sharing no code with the index.
 */
export function naiveListing(store: Store, stock: ReadonlyMap<Guid, Amount>, catalog: StoreListingCatalog, query: StoreListingQuery): StoreDetail {
  const collator = new Intl.Collator(catalog.locale);
  const phrase = foldText(query.searchPhrase ?? "");
  const rows = [...stock].map(([id, amount]) => {
    const m = catalog.materials.get(id) as Material;
    return { m, amount, category: catalog.categories.get(m.categoryId)?.name ?? "", supplier: catalog.suppliers.get(m.supplierId)?.name ?? "" };
  });
  type Row = (typeof rows)[number];
  const kept = rows.filter(
    (r) =>
      [r.m.name, r.m.identificationNumber ?? "", r.m.supplierCode ?? ""].some((f) => foldText(f).includes(phrase)) &&
      (query.materialCategoryIds === null || query.materialCategoryIds.includes(r.m.categoryId)) &&
      (query.materialSupplierIds === null || query.materialSupplierIds.includes(r.m.supplierId)),
  );
  const key = naiveKeyCompare(query.sortBy, collator);
  const sign = query.sortOrder === "descend" ? -1 : 1;
  kept.sort((a: Row, b: Row) => sign * key(a, b) || collator.compare(a.m.name, b.m.name) || (a.m.id < b.m.id ? -1 : a.m.id > b.m.id ? 1 : 0));
  const from = (query.page - 1) * query.pageSize;
  const items: StoreDetailItem[] = kept.slice(from, from + query.pageSize).map((r) => ({
    materialId: r.m.id,
    materialExternalId: r.m.externalId,
    name: r.m.name,
    identificationNumber: r.m.identificationNumber,
    supplierCode: r.m.supplierCode,
    unit: r.m.unit,
    price: decimalToJson(r.m.price),
    amount: amountToJson(r.amount),
    materialCategoryId: r.m.categoryId,
    materialCategoryName: r.category,
    materialSupplierId: r.m.supplierId,
    materialSupplierName: r.supplier,
  }));
  return {
    id: store.id,
    externalId: store.externalId,
    name: store.name,
    availableFor: store.availableFor,
    materials: { items, page: query.page, pageSize: query.pageSize, totalCount: kept.length },
  };
}

/** The naive comparison of one sort key (no tie-breakers), on rows of a material, amount and names. */
export function naiveKeyCompare(
  key: StoreSortKey,
  collator: Intl.Collator,
): (a: { m: Material; amount: Amount; category: string; supplier: string }, b: { m: Material; amount: Amount; category: string; supplier: string }) => number {
  switch (key) {
    case "name":
      return (a, b) => collator.compare(a.m.name, b.m.name);
    case "identificationNumber":
      return (a, b) =>
        a.m.identificationNumber === null
          ? b.m.identificationNumber === null
            ? 0
            : -1
          : b.m.identificationNumber === null
            ? 1
            : collator.compare(a.m.identificationNumber, b.m.identificationNumber);
    case "price":
      return (a, b) => a.m.price.comparedTo(b.m.price);
    case "amount":
      return (a, b) => compareAmounts(a.amount, b.amount);
    case "materialCategoryName":
      return (a, b) => collator.compare(a.category, b.category);
    case "materialSupplierName":
      return (a, b) => collator.compare(a.supplier, b.supplier);
  }
}

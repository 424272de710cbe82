// Hand-picked records shared by the store tests: readable GUIDs, two categories, two
// suppliers and a material factory with every optional field unset.
import type { Material } from "../../src/material/material.js";
import type { CatalogValue } from "../../src/shared/catalog.js";
import { Dec } from "../../src/shared/decimal.js";
import { guid, type Guid } from "../../src/shared/guid.js";
import type { StoreListingCatalog } from "../../src/store-listing/build.js";
import type { StoreListingQuery } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";

/** A readable GUID numbered `n`. */
export const g = (n: number): Guid => guid(`00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`);
/** Category "Nářadí". */
export const tools: CatalogValue = { id: g(901), slug: "tools", name: "Nářadí" };
/** Category "Kabely". */
export const cables: CatalogValue = { id: g(902), slug: "cables", name: "Kabely" };
/** Supplier "Acme". */
export const acme: CatalogValue = { id: g(951), slug: "acme", name: "Acme" };
/** Supplier "Žeta". */
export const zeta: CatalogValue = { id: g(952), slug: "zeta", name: "Žeta" };

/** A material numbered `n` in category tools from supplier acme, price 1, the rest unset. */
export function material(n: number, name: string, extra: Partial<Material> = {}): Material {
  return {
    id: g(n),
    externalId: null,
    name,
    categoryId: tools.id,
    supplierId: acme.id,
    identificationNumber: null,
    description: null,
    supplierCode: null,
    unit: "Amounts",
    price: new Dec(1),
    costPrice: null,
    ...extra,
  };
}

/** The store the listing tests list. */
export const store: Store = { id: g(1000), externalId: "SK-1", name: "Hlavní sklad", availableFor: [g(2000)] };

/** A listing catalog of these materials, the two categories and the two suppliers, in Czech. */
export function catalogOf(materials: readonly Material[]): StoreListingCatalog {
  return {
    materials: new Map(materials.map((m) => [m.id, m])),
    categories: new Map([tools, cables].map((c) => [c.id, c])),
    suppliers: new Map([acme, zeta].map((c) => [c.id, c])),
    locale: "cs",
  };
}

/** The first page of 200 by name ascending, without search or filters, with `over` applied. */
export function query(over: Partial<StoreListingQuery> = {}): StoreListingQuery {
  return { page: 1, pageSize: 200, searchPhrase: null, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null, ...over };
}

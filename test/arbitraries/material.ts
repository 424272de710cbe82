import fc from "fast-check";
import type { Material } from "../../src/material/material.js";
import { materialUnits } from "../../src/material/material.js";
import type { MaterialContext } from "../../src/material/replace.js";
import type { CatalogValue } from "../../src/shared/catalog.js";
import { Dec } from "../../src/shared/decimal.js";

/** Prices as JSON numbers within GEN-7's range and scale (below 10^9, at most 6 decimal places), boundaries included. */
const priceArb: fc.Arbitrary<number> = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999 })).map(([u, f]) => Number(`${u}.${String(f).padStart(6, "0")}`)),
  fc.constantFrom(0, 0.000001, 999_999_999.999999, 2.5),
);
import { refIndex } from "../../src/shared/reference.js";
import { gid } from "./customer.js";

export const materialCategories: readonly CatalogValue[] = [
  { id: gid(1, 10), slug: "wires", name: "Wires" },
  { id: gid(2, 10), slug: "pipes", name: "Pipes" },
];
export const materialSuppliers: readonly CatalogValue[] = [
  { id: gid(1, 11), slug: "acme", name: "Acme" },
  { id: gid(2, 11), slug: "bolt", name: "Bolt" },
];
export const materialContext: MaterialContext = {
  categories: refIndex(materialCategories, (c) => c.id, (c) => c.slug),
  suppliers: refIndex(materialSuppliers, (c) => c.id, (c) => c.slug),
};

/** A stored material with every field filled. */
export const cable: Material = {
  id: gid(1, 12),
  externalId: "M-1",
  name: "Cable",
  categoryId: gid(1, 10),
  supplierId: gid(1, 11),
  identificationNumber: "CB-1",
  description: "3x1.5",
  supplierCode: "AC-77",
  unit: "Meters",
  price: new Dec("12.5"),
  costPrice: new Dec("8.1"),
};

/** A complete, valid material replace body (JSON). */
export const materialBody: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() !== ""),
    categoryId: fc.constantFrom("wires", "pipes", gid(2, 10)),
    supplierId: fc.constantFrom("acme", "bolt", gid(1, 11).toUpperCase()),
    identificationNumber: fc.option(fc.string({ maxLength: 6 }), { nil: null }),
    description: fc.option(fc.string({ maxLength: 6 }), { nil: null }),
    supplierCode: fc.option(fc.string({ maxLength: 6 }), { nil: null }),
    unit: fc.constantFrom(...materialUnits),
    price: priceArb,
    costPrice: fc.option(priceArb, { nil: null }),
  },
  { requiredKeys: ["name", "categoryId", "supplierId"] },
);

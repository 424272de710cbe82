// Material records and the context of the material rules, for their unit tests.
import fc from "fast-check";
import type { Material } from "../../../material/material.js";
import type { MaterialContext } from "../../../material/replace.js";
import type { CatalogValue } from "../../../shared/catalog.js";
import { Dec } from "../../../shared/decimal.js";
import { refIndex } from "../../../shared/reference.js";
import { gid } from "./customer.js";
import { materialReplaceBody } from "../catalog.js";
import { kitContextOf } from "./kit.js";

/** The material categories. */
export const materialCategories: readonly CatalogValue[] = [
  { id: gid(1, 10), slug: "wires", name: "Wires" },
  { id: gid(2, 10), slug: "pipes", name: "Pipes" },
];
/** The material suppliers. */
export const materialSuppliers: readonly CatalogValue[] = [
  { id: gid(1, 11), slug: "acme", name: "Acme" },
  { id: gid(2, 11), slug: "bolt", name: "Bolt" },
];
/** The context the material rules read. */
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

/** A complete, valid material replace body (JSON): the testing kit's, over the catalogs above by GUID or slug. */
export const materialBody: fc.Arbitrary<Record<string, unknown>> = materialReplaceBody(
  kitContextOf({
    materialCategories: materialCategories.flatMap((c) => [c.id, c.slug]),
    materialSuppliers: materialSuppliers.flatMap((c) => [c.id.toUpperCase(), c.slug]),
  }),
);

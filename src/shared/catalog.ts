import type { Guid } from "./guid.js";

/** A catalog value (OrderCategory, CustomerType, …): addressed by GUID or by slug (GEN-3). */
export interface CatalogValue {
  /** GUID. */
  readonly id: Guid;
  /** Human-friendly unique key, usable in place of the GUID. */
  readonly slug: string;
  /** Display name. */
  readonly name: string;
}

/** A form attached to an intervention category; completing an intervention makes one report document per form (INT-6). */
export interface CategoryForm {
  /** GUID of the form. */
  readonly id: Guid;
  /** Display name of the form. */
  readonly name: string;
}

/** An InterventionCategory: a catalog value with the forms filled in on site. */
export interface InterventionCategory extends CatalogValue {
  /** Forms of the category, possibly none. */
  readonly forms: readonly CategoryForm[];
}

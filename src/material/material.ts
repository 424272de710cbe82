import type { Dec } from "../shared/decimal.js";
import type { Guid } from "../shared/guid.js";

/**
 * Units of a material (MAT-2).
 * @rule MAT-2
 */
export const materialUnits = ["Amounts", "Meters", "Kilograms", "Liters", "Hours"] as const;

/** A unit of a material (MAT-2). */
export type MaterialUnit = (typeof materialUnits)[number];

/** A material definition, as stored; the read shape is in docs/service.md. */
export interface Material {
  /** GUID. */
  readonly id: Guid;
  /** External ID (kept by replace, MAT-1). */
  readonly externalId: string | null;
  /** Name. */
  readonly name: string;
  /** GUID of a MaterialCategory. */
  readonly categoryId: Guid;
  /** GUID of a MaterialSupplier. */
  readonly supplierId: Guid;
  /** Code. */
  readonly identificationNumber: string | null;
  /** Description. */
  readonly description: string | null;
  /** Supplier's code. */
  readonly supplierCode: string | null;
  /** Unit (MAT-2). */
  readonly unit: MaterialUnit;
  /** Sale price without VAT (MAT-3). */
  readonly price: Dec;
  /** Cost price without VAT (MAT-3). */
  readonly costPrice: Dec | null;
}

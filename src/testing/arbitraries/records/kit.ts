// A testing-kit context written by hand, for unit tests whose catalogs are not a fixture.
import type { KitContext } from "../../context.js";

/** A testing-kit context by hand, for unit tests whose catalogs are not a fixture: empty but for `parts`. */
export function kitContextOf(parts: Partial<KitContext>): KitContext {
  return {
    tenantCode: "unit", timeZone: "Europe/Prague", disableCollisions: false, technicians: [], deactivatedTechnicians: [], nonTechnicians: [], users: [],
    customerCategories: [], customerTypes: [], orderCategories: [], orderCustomStates: [], interventionCategories: [], interventionCustomStates: [],
    materialCategories: [], materialSuppliers: [], materialSupplierIds: [], materialCategoryIds: [], materials: [], stores: [],
    ...parts,
  };
}

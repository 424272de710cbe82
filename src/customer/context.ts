import type { User } from "../auth/user.js";
import type { CatalogValue } from "../shared/catalog.js";
import type { Guid } from "../shared/guid.js";
import { refIndex, type RefIndex } from "../shared/reference.js";
import type { CompanySettings } from "../shared/settings.js";
import type { Customer } from "./customer.js";

/** A catalog indexed for GEN-3 lookups that also keeps its order, for defaults (CUS-5). */
export interface OrderedCatalog extends RefIndex<CatalogValue> {
  /** The values in catalog order; the first is the default (CUS-5). */
  readonly values: readonly CatalogValue[];
}

/**
 * Indexes a catalog by GUID and slug, keeping its order.
 * @param values - the catalog values, in catalog order
 * @returns the ordered catalog
 * @example
 * const retail = { id: guid("3f2504e0-4f89-11d3-9a0c-0305e82c3301"), slug: "retail", name: "Retail" };
 * orderedCatalog([retail]).byKey.get("retail") === retail //=> true
 * orderedCatalog([retail]).values[0] === retail //=> true
 */
export function orderedCatalog(values: readonly CatalogValue[]): OrderedCatalog {
  return { ...refIndex(values, (v) => v.id, (v) => v.slug), values };
}

/** What a customer decision needs besides the request: the company's records, catalogs and settings. */
export interface CustomerContext {
  /** The company's customers, by GUID and external ID (GEN-4, UPS lookups). */
  readonly customers: RefIndex<Customer>;
  /** The CustomerCategory catalog (CUS-5). */
  readonly categories: OrderedCatalog;
  /** The CustomerType catalog (CUS-5). */
  readonly types: OrderedCatalog;
  /** The company's users, for `ownerId` (GEN-3). */
  readonly users: RefIndex<User>;
  /** The company's settings (customData template, CUS-8). */
  readonly settings: CompanySettings;
  /** The acting user, the default owner (AUTH-6). */
  readonly actorId: Guid;
  /** Source of GUIDs for new records and nested elements. */
  readonly newId: () => Guid;
}

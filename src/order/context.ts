import type { User } from "../auth/user.js";
import type { Customer } from "../customer/customer.js";
import type { Order } from "../records/order.js";
import type { CatalogValue } from "../shared/catalog.js";
import type { Guid } from "../shared/guid.js";
import type { RefIndex } from "../shared/reference.js";
import type { CompanySettings } from "../shared/settings.js";

/** What an order decision needs besides the request: the company's records, catalogs and settings. */
export interface OrderContext {
  /** The company's orders, by GUID and external ID (GEN-4, UPS lookups). */
  readonly orders: RefIndex<Order>;
  /** The company's customers, by GUID and external ID (ORD-1). */
  readonly customers: RefIndex<Customer>;
  /** The OrderCategory catalog. */
  readonly categories: RefIndex<CatalogValue>;
  /** The OrderCustomState catalog. */
  readonly customStates: RefIndex<CatalogValue>;
  /** The company's users, for `ownerId` (GEN-3). */
  readonly users: RefIndex<User>;
  /** The company's settings (order customData template, CUS-8). */
  readonly settings: CompanySettings;
  /** The acting user, the default owner (AUTH-6, ORD-3). */
  readonly actorId: Guid;
  /** Source of GUIDs for new orders. */
  readonly newId: () => Guid;
}

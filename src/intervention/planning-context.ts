import type { User } from "../auth/user.js";
import type { CollisionIndex } from "../assignation/collision-index.js";
import type { Customer } from "../customer/customer.js";
import type { Order } from "../records/order.js";
import type { CatalogValue, InterventionCategory } from "../shared/catalog.js";
import type { RefIndex } from "../shared/reference.js";
import type { CompanySettings } from "../shared/settings.js";
import type { Instant } from "../shared/time.js";

/**
 * What planning an intervention and replanning one both read besides the command: the order,
 * its customer, the catalogs the assignations and the category resolve against, and what the
 * collision and external-ID checks compare with. Nothing comes from a clock or a global.
 * {@link InterventionPlanContext} and {@link InterventionReplanContext} extend it with what
 * only one of them reads.
 * @category Interventions
 */
export interface InterventionPlanningContext {
  /** The order to plan on (must be `Open`, INT-1, INT-3). */
  readonly order: Order;
  /** The order's customer (contact person and notification e-mails, NOT-2, NOT-3). */
  readonly customer: Customer;
  /** The company's users (ASN-2). */
  readonly users: RefIndex<User>;
  /** InterventionCategory catalog (GEN-3). */
  readonly categories: RefIndex<InterventionCategory>;
  /** InterventionCustomState catalog (GEN-3). */
  readonly customStates: RefIndex<CatalogValue>;
  /** Company settings: time zone, collisions, channels. */
  readonly settings: CompanySettings;
  /**
   * Allocations of the company's interventions that are not cancelled (ASN-5); a replan ignores
   * the intervention's own.
   */
  readonly allocations: CollisionIndex;
  /**
   * External IDs the company's interventions already hold (GEN-4; a replan may set one on an
   * intervention that has none, INT-3). Required, so leaving it out is a compile error, never a
   * skipped rule.
   */
  readonly takenExternalIds: ReadonlySet<string>;
  /** The current instant (NOT-6, GEN-10). */
  readonly now: Instant;
}

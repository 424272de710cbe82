import type { Customer } from "../customer/customer.js";
import type { Priority } from "../records/order.js";
import type { Guid } from "../shared/guid.js";

/** The defaults of a new order (ORD-3), each computed only when a create leaves its field out (UPS-7). */
export interface OrderDefaults {
  /** `Normal`. */
  readonly priority: () => Priority;
  /** The customer's `sendByPost`. */
  readonly sendByPost: () => boolean;
  /** The acting user (AUTH-6). */
  readonly ownerId: () => Guid;
  /** A new order is `Open`. */
  readonly state: "Open";
}

/**
 * The defaults of a new order (ORD-3): priority `Normal`, `sendByPost` from the order's
 * customer, the acting user as owner (AUTH-6), and the state `Open`.
 * @param customer - the order's customer, `undefined` when it is unknown (already reported)
 * @param actorId - the acting user
 * @returns the defaults
 * @rule ORD-3
 * @example
 * const defaults = orderDefaults({ ...customer, sendByPost: true }, admin.id);
 * [defaults.priority(), defaults.sendByPost(), defaults.state] //=> ["Normal", true, "Open"]
 * defaults.ownerId() === admin.id //=> true
 * @internal
 */
export function orderDefaults(customer: Customer | undefined, actorId: Guid): OrderDefaults {
  return {
    priority: () => "Normal",
    // Stryker disable next-line BooleanLiteral: the `false` is read only when the customer is unknown, which already failed the decision
    sendByPost: () => customer?.sendByPost ?? false,
    ownerId: () => actorId,
    state: "Open",
  };
}

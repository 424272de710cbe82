import type { User } from "../auth/user.js";
import type { Store } from "./store.js";

/**
 * Whether a user may see a store's stock and report material from it into interventions:
 * users listed in `availableFor` may; the integration client (a user with the role
 * `Administrator`) sees every store.
 * @param user - the user
 * @param store - the store
 * @returns whether the user may use the store
 * @rule STO-2
 * @example
 * canUseStore(technician, { ...store, availableFor: [technician.id] }) //=> true
 * canUseStore(admin, { ...store, availableFor: [] }) //=> true
 */
export function canUseStore(user: User, store: Store): boolean {
  return user.roles.includes("Administrator") || store.availableFor.includes(user.id);
}

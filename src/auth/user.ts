import type { Guid } from "../shared/guid.js";

/** Roles a user may hold. */
export const userRoles = ["Administrator", "Technik", "Dispatcher"] as const;

/** A role a user may hold. */
export type UserRole = (typeof userRoles)[number];

/** A user of a company (technicians, dispatchers, administrators). */
export interface User {
  /** GUID. */
  readonly id: Guid;
  /** External ID, or `null`. */
  readonly externalId: string | null;
  /** Display name. */
  readonly name: string;
  /** Roles. */
  readonly roles: readonly UserRole[];
  /** A deactivated user cannot be assigned (ASN-2). */
  readonly deactivated: boolean;
}

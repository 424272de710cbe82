import type { User } from "./user.js";

/**
 * The user on whose behalf the API acts: the company's first user with the role
 * `Administrator`. Records created or planned through the API are owned by this user by
 * default.
 * @param users - the company's users, in fixture order
 * @returns the first Administrator, or `undefined` when the company has none
 * @rule AUTH-6
 * @example
 * apiUser([{ name: "Eva", roles: ["Technik"] }, { name: "Jana", roles: ["Administrator"] }])?.name //=> "Jana"
 */
export function apiUser(users: Iterable<User>): User | undefined {
  for (const u of users) if (u.roles.includes("Administrator")) return u;
  return undefined;
}

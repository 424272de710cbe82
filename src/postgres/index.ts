/**
 * The reference service on PostgreSQL (docs/service.md "Storage"): `postgresStorage` is a
 * storage for `createFieldService`, on the `pg` driver (an optional peer dependency of the
 * package: only this entry imports it). Several service processes may share one database.
 * @packageDocumentation
 */
export { postgresStorage } from "./storage.js";
export type { PostgresStorage, PostgresStorageOptions, PostgresStorageStats } from "./storage.js";
export type { StoreListingCacheSize } from "./store-listing-cache.js";
export { scryptSecrets, SCRYPT_COST } from "./secrets.js";
export type { ScryptSecretsOptions } from "./secrets.js";

import type { CatalogValue } from "./catalog.js";
import { toGuid, type Guid } from "./guid.js";
import { fail, issue, ok, type Issue, type Result } from "./issue.js";

/**
 * Lookup of records by GUID and by a second key (an external ID for records, a slug for
 * catalog values), as GEN-3 resolves references.
 */
export interface RefIndex<T> {
  /** The record with this (lowercase) GUID, if any. */
  readonly byId: ReadonlyMap<Guid, T>;
  /** The record with this external ID or slug, if any. */
  readonly byKey: ReadonlyMap<string, T>;
}

/**
 * Builds a {@link RefIndex} from records.
 * @param records - the records
 * @param idOf - a record's GUID
 * @param keyOf - a record's external ID or slug, `null`/`undefined` when it has none
 * @returns the index
 * @example
 * const id = guid("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
 * refIndex([{ id, slug: "repair" }], (r) => r.id, (r) => r.slug).byKey.get("repair") //=> { id, slug: "repair" }
 */
export function refIndex<T>(
  records: Iterable<T>,
  idOf: (record: T) => Guid,
  keyOf: (record: T) => string | null | undefined,
): RefIndex<T> {
  const byId = new Map<Guid, T>();
  const byKey = new Map<string, T>();
  for (const r of records) {
    byId.set(idOf(r), r);
    const key = keyOf(r);
    if (key !== null && key !== undefined) byKey.set(key, r);
  }
  return { byId, byKey };
}

/**
 * Finds the record a reference names without reporting: a GUID-shaped value that matches a
 * record's GUID picks that record; otherwise the value is looked up as external ID or slug
 * (GEN-3; {@link reportReference} also reports a miss).
 * @param value - the reference as sent
 * @param index - the records to look in
 * @returns the record, or `undefined`
 * @internal
 */
export function findReference<T>(value: string, index: RefIndex<T>): T | undefined {
  const g = toGuid(value);
  if (g !== undefined) {
    const hit = index.byId.get(g);
    if (hit !== undefined) return hit;
  }
  return index.byKey.get(value);
}

/**
 * The `UnknownReference` issue of a reference that names nothing, with the standard message;
 * the one place it is worded.
 * @param path - JSON path of the field
 * @param what - what kind of record is named (`"user"`, `"OrderCategory"`, `"address of the customer"`)
 * @param value - the reference as sent
 * @returns the issue
 * @example
 * unknownReference("ownerId", "user", "U-9").message //=> 'No user has the ID, external ID or slug "U-9" (GEN-3).'
 * @internal
 */
export function unknownReference(path: string, what: string, value: string): Issue {
  return issue("UnknownReference", path, "GEN-3", `No ${what} has the ID, external ID or slug ${JSON.stringify(value)} (GEN-3).`);
}

/**
 * Resolves a reference ("ID or external ID", "ID or slug") as {@link findReference} does,
 * or adds `UnknownReference` at the field's path to `issues`, so a decision that collects
 * every issue (GEN-9) resolves each reference in one call.
 * @param value - the reference as sent
 * @param index - the records to look in
 * @param path - JSON path of the field, for the issue
 * @param what - what kind of record is named, for the message
 * @param issues - where the issue goes
 * @returns the record, or `undefined` after reporting
 * @rule GEN-3
 * @example
 * const issues = [];
 * reportReference("tech-1", users, "ownerId", "user", issues) === technician //=> true
 * reportReference("nope", users, "ownerId", "user", issues) //=> undefined
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["UnknownReference@ownerId"]
 * @internal
 */
export function reportReference<T>(value: string, index: RefIndex<T>, path: string, what: string, issues: Issue[]): T | undefined {
  const hit = findReference(value, index);
  if (hit === undefined) issues.push(unknownReference(path, what, value));
  return hit;
}

/**
 * {@link reportReference} as a {@link Result} (GEN-3).
 * @param value - the reference as sent
 * @param index - the records to look in
 * @param path - JSON path of the field, for the issue
 * @param what - what kind of record is named, for the message (`"customer"`, `"OrderCategory"`)
 * @returns the record, or the issue
 * @example
 * resolveReference("nope", users, "ownerId", "user").issues[0].code //=> "UnknownReference"
 * resolveReference("TECH-1", users, "ownerId", "user").ok //=> false
 * resolveReference("tech-1", users, "ownerId", "user").value === technician //=> true
 * @internal
 */
export function resolveReference<T>(value: string, index: RefIndex<T>, path: string, what: string): Result<T> {
  const hit = findReference(value, index);
  return hit === undefined ? fail([unknownReference(path, what, value)]) : ok(hit);
}

/**
 * Resolves an optional catalog reference, reporting at `path`: `null` stays `null`, a value
 * names a catalog entry (GEN-3) or its issue is pushed onto `issues`. The plan, replan and
 * edit of an intervention use it for `customStateId`.
 * @param ref - the reference as sent, or `null` for none
 * @param index - the catalog to look in
 * @param path - JSON path of the field, for the issue
 * @param what - what kind of catalog value is named, for the message
 * @param issues - where an unknown reference is reported
 * @returns the entry's GUID, or `null` when none was named or it is unknown
 * @internal
 */
export function resolveOptional<T extends CatalogValue>(ref: string | null, index: RefIndex<T>, path: string, what: string, issues: Issue[]): Guid | null {
  if (ref === null) return null;
  const r = resolveReference(ref, index, path, what);
  if (!r.ok) {
    for (const i of r.issues) issues.push(i);
    return null;
  }
  return r.value.id;
}

/** What {@link externalIdIssue} asks of the external IDs already taken: a `Set`, or a `Map` keyed by them. 
 * @internal
 */
export interface TakenKeys {
  /** Whether a record of the type already has this external ID. */
  readonly has: (key: string) => boolean;
}

/**
 * The `DuplicateExternalId` issue when a write would give a record an external ID another
 * record of its type already has; pass the external ID only when it is new to the record
 * (an unchanged external ID is its own).
 * @param taken - the external IDs of the company's records of that type
 * @param externalId - the external ID the write gives, `null` for none
 * @param path - JSON path of the field
 * @param what - the record type, for the message (`"customer"`)
 * @returns the issue, or `undefined` when the external ID is free
 * @rule GEN-4
 * @example
 * externalIdIssue(new Set(["C-1"]), "C-1", "externalId", "customer")?.code //=> "DuplicateExternalId"
 * @internal
 */
export function externalIdIssue(taken: TakenKeys, externalId: string | null, path: string, what: string): Issue | undefined {
  if (externalId === null || !taken.has(externalId)) return undefined;
  return issue("DuplicateExternalId", path, "GEN-4", `Another ${what} has the external ID ${JSON.stringify(externalId)} (GEN-4).`);
}

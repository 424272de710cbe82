import { toGuid, type Guid } from "./guid.js";
import { fail, issue, ok, type Result } from "./issue.js";

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
 * refIndex([{ id: g, slug: "repair" }], (r) => r.id, (r) => r.slug).byKey.get("repair") //=> { id: g, slug: "repair" }
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
 * record's GUID picks that record; otherwise the value is looked up as external ID or slug.
 * Implements GEN-3.
 * @param value - the reference as sent
 * @param index - the records to look in
 * @returns the record, or `undefined`
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
 * Resolves a reference ("ID or external ID", "ID or slug") or reports `UnknownReference` at
 * the field's path. Implements GEN-3.
 * @param value - the reference as sent
 * @param index - the records to look in
 * @param path - JSON path of the field, for the issue
 * @param what - what kind of record is named, for the message (`"customer"`, `"OrderCategory"`)
 * @returns the record, or the issue
 * @example
 * resolveReference("nope", index, "categoryId", "OrderCategory") //=> { ok: false, issues: [{ code: "UnknownReference", path: "categoryId", ... }] }
 */
export function resolveReference<T>(value: string, index: RefIndex<T>, path: string, what: string): Result<T> {
  const hit = findReference(value, index);
  return hit === undefined
    ? fail([issue("UnknownReference", path, `No ${what} has the ID, external ID or slug ${JSON.stringify(value)} (GEN-3).`)])
    : ok(hit);
}

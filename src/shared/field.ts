import { issue, type Issue, type Result, collect } from "./issue.js";

/**
 * Marks a field left out of a request, as opposed to one sent as `null` (GEN-5). A symbol,
 * so it can never be confused with a JSON value.
 */
export const ABSENT: unique symbol = Symbol("absent");

/** The type of {@link ABSENT}. */
export type Absent = typeof ABSENT;

/**
 * A request field in one of its three states: left out ({@link ABSENT}), sent as `null`, or
 * sent with a value (GEN-5).
 */
export type Tri<T> = Absent | null | T;

/**
 * Reads a property in its three states with own-property semantics: an inherited key
 * (`__proto__`, `constructor`) counts as absent (GEN-5).
 * @param object - a JSON object
 * @param key - the property name
 * @returns {@link ABSENT}, `null`, or the raw value
 * @example
 * readTri({ a: null }, "a") //=> null
 * readTri({}, "a") //=> ABSENT
 */
export function readTri(object: Readonly<Record<string, unknown>>, key: string): Tri<unknown> {
  if (!Object.hasOwn(object, key)) return ABSENT;
  const value = object[key];
  return value === undefined ? ABSENT : value;
}

/**
 * The keys of `T` whose type admits `null`: the optional fields a patch may clear.
 */
export type NullableKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];

/**
 * A partial update of a record `T` whose unset optional fields are `null`: a key left out
 * keeps the value, a key sent replaces it, and `null` is accepted only on keys whose type
 * admits it, so a required field cannot be cleared at compile time (GEN-5).
 */
export type Patch<T> = { readonly [K in keyof T]?: T[K] };

/**
 * Applies a patch: keys present in the patch replace the record's values, keys left out
 * stay. `null` clears an optional field; `null` on a key listed in `required` is refused
 * with `Required` at that key's path ({@link checkNotNull}, the run-time twin of
 * {@link Patch}'s compile-time check). Never mutates its inputs (GEN-5, UPS-5).
 *
 * Laws (tested): the empty patch is the identity; applying a patch twice equals applying
 * it once; `null` clears exactly the fields it names.
 * @param record - the current record
 * @param patch - the fields to change
 * @param required - keys that must never become `null`
 * @param path - JSON path of the patch in the request, for issues
 * @returns the patched record, or the issues
 * @example
 * applyPatch({ a: 1, b: "x" as string | null }, { b: null }, ["a"]) //=> { ok: true, value: { a: 1, b: null } }
 */
export function applyPatch<T extends object>(
  record: T,
  patch: Patch<T>,
  required: readonly (keyof T & string)[] = [],
  path = "",
): Result<T> {
  const issues: Issue[] = [];
  for (const key of required) {
    if (Object.hasOwn(patch, key)) checkNotNull((patch as Record<string, unknown>)[key], path === "" ? key : `${path}.${key}`, issues);
  }
  return collect(issues, () => {
    const next: Record<string, unknown> = { ...(record as Record<string, unknown>) };
    for (const key of Object.keys(patch)) {
      if (Object.hasOwn(record, key)) next[key] = (patch as Record<string, unknown>)[key];
    }
    return next as T;
  });
}

/**
 * Builds a patch from three-state values, keeping only the fields that were sent.
 * @param fields - each field as {@link ABSENT}, `null` or a value
 * @returns an object holding exactly the fields that were not {@link ABSENT}
 * @example
 * patchOf({ a: ABSENT, b: null, c: 2 }) //=> { b: null, c: 2 }
 */
export function patchOf<T extends Record<string, unknown>>(fields: { readonly [K in keyof T]: Tri<T[K]> }): Patch<T> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    const v = fields[key];
    if (v !== ABSENT) out[key] = v;
  }
  return out as Patch<T>;
}

/**
 * The check of a field that may be left out but never cleared: `null` is `Required` at
 * the field's path and counts as left out, so the decision goes on collecting issues
 * (GEN-9); any other value passes through. The one home of "`null` on a required field".
 * @param value - the field as sent (`null`, a value, or {@link ABSENT})
 * @param path - JSON path of the field
 * @param issues - where the issue goes
 * @returns the value, or {@link ABSENT} in place of `null`
 * @rule GEN-5
 * @example
 * const issues = [];
 * checkNotNull("High", "priority", issues) //=> "High"
 * checkNotNull(null, "priority", issues) //=> ABSENT
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Required@priority"]
 */
export function checkNotNull<T>(value: T | null, path: string, issues: Issue[]): T | Absent {
  if (value !== null) return value;
  issues.push(issue("Required", path, `${path} is required and cannot be cleared with null (GEN-5).`));
  return ABSENT;
}

// The generic readers of the fixture (fixture.ts): lists read element by element, uniqueness and
// references checked on the raw JSON, so one mistake is reported once.
import { toGuid, type Guid } from "../shared/guid.js";
import { issue, joinPath, type Issue } from "../shared/issue.js";
import type { RuleId } from "../shared/rule-id.generated.js";
import { optionalValue, readObject, readString, type JsonObject } from "../shared/read.js";
import { refIndex, reportReference, type RefIndex } from "../shared/reference.js";

/**
 * Reports repeated values of `field` among the elements of the array `object[listKey]`,
 * looking at the raw JSON so a duplicate is found even in an element that is broken
 * otherwise. GUIDs compare case-insensitively (GEN-1).
 */
export function checkUniqueRaw(object: JsonObject, listKey: string, field: string, path: string, code: "Duplicate" | "DuplicateExternalId", rule: RuleId, what: string, issues: Issue[]): void {
  const list = Object.hasOwn(object, listKey) ? object[listKey] : undefined;
  if (!Array.isArray(list)) return;
  const seen = new Set<string>();
  list.forEach((element: unknown, i) => {
    if (typeof element !== "object" || element === null || !Object.hasOwn(element, field)) return;
    const raw = (element as JsonObject)[field];
    if (typeof raw !== "string") return;
    const key = toGuid(raw) ?? raw;
    if (seen.has(key)) issues.push(issue(code, joinPath(joinPath(joinPath(path, listKey), i), field), rule, `Duplicate ${what} ${JSON.stringify(raw)}.`));
    seen.add(key);
  });
}

/**
 * An index of the elements of `object[listKey]` that have a GUID `id`, by GUID and by
 * `keyField`, from the raw JSON: references to an element resolve even when the element
 * is broken elsewhere, so one mistake is reported once, not again at every reference.
 */
export function rawIndex(object: JsonObject, listKey: string, keyField: string): RefIndex<{ readonly id: Guid }> {
  const list = Object.hasOwn(object, listKey) ? object[listKey] : undefined;
  const entries: { id: Guid; key: string | null }[] = [];
  if (Array.isArray(list)) {
    for (const element of list as unknown[]) {
      if (typeof element !== "object" || element === null) continue;
      const e = element as JsonObject;
      const id = toGuid(Object.hasOwn(e, "id") ? e["id"] : undefined);
      const key = Object.hasOwn(e, keyField) && typeof e[keyField] === "string" ? (e[keyField] as string) : null;
      if (id !== undefined) entries.push({ id, key });
    }
  }
  return refIndex(entries, (e) => e.id, (e) => e.key);
}

/** Reads an array property element by element; an unusable element is skipped after its issues are reported. */
export function readList<T>(object: JsonObject, key: string, path: string, issues: Issue[], element: (value: JsonObject, path: string) => T | undefined, optionalList = false): T[] {
  const present = Object.hasOwn(object, key) && object[key] !== undefined && object[key] !== null;
  if (!present) {
    if (!optionalList) issues.push(issue("Required", joinPath(path, key), "ERR-2", `${key} is required.`));
    return [];
  }
  const list = object[key];
  const listPath = joinPath(path, key);
  if (!Array.isArray(list)) {
    issues.push(issue("InvalidType", listPath, "ERR-2", "Expected an array."));
    return [];
  }
  const out: T[] = [];
  list.forEach((value: unknown, i) => {
    const o = readObject(value, listPath, i, issues);
    if (o === undefined) return;
    const v = element(o, joinPath(listPath, i));
    if (v !== undefined) out.push(v);
  });
  return out;
}

/** Records whose own path is kept, so later checks can point at them. */
export interface Placed<T> {
  /** The record. */
  readonly value: T;
  /** Its JSON path in the fixture. */
  readonly path: string;
}

/** An optional text field: its value, or `null` when absent (an issue when it is not text). */
export function optionalText(o: JsonObject, key: string, path: string, issues: Issue[]): string | null {
  return optionalValue(o, key, path, issues, readString) ?? null;
}

/** Resolves a fixture reference (GUID or slug / external ID, GEN-3) or reports it. */
export function reference<T extends { readonly id: Guid }>(value: string | undefined, index: RefIndex<T>, path: string, what: string, issues: Issue[]): Guid | undefined {
  if (value === undefined) return undefined;
  return reportReference(value, index, path, what, issues)?.id;
}

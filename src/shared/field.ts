import { issue, type Issue } from "./issue.js";

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
  issues.push(issue("Required", path, "GEN-5", `${path} is required and cannot be cleared with null (GEN-5).`));
  return ABSENT;
}

// Where a call goes: an operation's path filled with the records it names (GUIDs, or external IDs
// on the `/externalId/...` twin, each checked before anything is sent, GEN-2, TXT-2) and its query.
import { problem } from "../api/problem.js";
import type { OperationId } from "../api/operations.generated.js";
import { clientOperations } from "./operations.generated.js";
import { isGuid } from "../shared/guid.js";
import { issue, type Issue } from "../shared/issue.js";
import { isAddressableExternalId } from "../shared/text.js";
import type { Ref } from "./call-types.js";
import { FieldServiceError } from "./errors.js";


/**
 * The path of an operation for the records given: GUIDs fill the placeholders of the table's
 * template; external IDs fill those of its `/externalId/...` twin. Each value is
 * percent-encoded, and a URL resolves the path to exactly these segments: a reference that no
 * URL can carry is refused, since `fetch` would remove a `.` or `..` segment (`%2e%2e` too) and
 * address another record (TXT-2). Mixing the two forms is a programmer error (the API has no
 * such path).
 * @param operation - the operation
 * @param refs - one reference per placeholder, in path order
 * @returns the path, relative to the base URL
 * @throws FieldServiceError (`local: true`, status 400) when a string reference is not a GUID
 * (`InvalidGuid`) or an external ID is not addressable (`InvalidExternalId`: blank, `.`, `..`,
 * U+0000 or an unpaired surrogate), one issue per such reference at its placeholder's name
 * @throws TypeError when the references mix the two forms, are not references, or do not match the placeholders
 * @example
 * operationPath("replanIntervention", [{ externalId: "ORD 1" }, { externalId: "V-1" }]) //=> "/order/externalId/ORD%201/intervention/V-1/Replan"
 * operationPath("readOrder", ["3f2504e0-4f89-11d3-9a0c-0305e82c3301"]) //=> "/order/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
 * operationPath("readMaterial", [{ externalId: "a/b?c#d" }]) //=> "/material/externalId/a%2Fb%3Fc%23d"
 * const refusal = (() => { try { return operationPath("cancelIntervention", [{ externalId: "E-O" }, { externalId: ".." }]); } catch (e) { return e; } })();
 * refusal.problem.errors.map((i) => `${i.code}@${i.path}`) //=> ["InvalidExternalId@intervention"]
 */
export function operationPath(operation: OperationId, refs: readonly Ref[]): string {
  const template = clientOperations[operation].path;
  const parts = template.split("/").slice(1);
  const params = parts.filter((p) => p.startsWith("{")).map((p) => p.slice(1, -1));
  if (params.length !== refs.length) throw new TypeError(`${operation} names ${params.length} record(s) in its path, ${refs.length} given`);
  if (refs.length === 0) return template;
  const external = typeof refs[0] !== "string";
  if (refs.some((r) => (typeof r !== "string") !== external)) {
    throw new TypeError(`${operation}: one path takes GUIDs or external IDs, never a mix (GEN-2)`);
  }
  const issues: Issue[] = [];
  const values = refs.map((ref, i) => {
    const name = params[i] as string;
    const value = refValue(operation, name, ref);
    if (external ? !isAddressableExternalId(value) : !isGuid(value)) issues.push(refIssue(external, name));
    return value;
  });
  // Nothing that fails the checks reaches encodeURIComponent, which throws on an unpaired surrogate.
  if (issues.length > 0) throw new FieldServiceError(operation, problem(400, issues), true);
  let i = 0;
  const filled = parts.map((p) => (p.startsWith("{") ? encodeURIComponent(values[i++] as string) : p));
  if (external) filled.splice(1, 0, "externalId");
  return `/${filled.join("/")}`;
}

// Outside the types (a JavaScript caller, a cast): a programmer error, named.
function refValue(operation: OperationId, name: string, ref: unknown): string {
  if (typeof ref === "string") return ref;
  const value: unknown = typeof ref === "object" && ref !== null ? (ref as Record<string, unknown>)["externalId"] : undefined;
  if (typeof value === "string") return value;
  throw new TypeError(`${operation}: ${name} is neither a GUID string nor { externalId: string }`);
}

// The catalog's sentence for an external ID; for a GUID, the usual mistake behind it.
function refIssue(external: boolean, name: string): Issue {
  return external ? issue("InvalidExternalId", name, "TXT-2") : issue("InvalidGuid", name, "GEN-2", "Not a GUID; name a record by its external ID with { externalId } (GEN-2).");
}

/**
 * The query string of a call's parameters: each one given, a list joined with commas; those left
 * `undefined` are not sent.
 * @param query - the parameters
 * @returns the query string, without `?` (empty when none is given)
 * @internal
 */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params.toString();
}

import { ABSENT, type Absent } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { fail, issue, joinPath, ok, type Issue, type Result } from "../shared/issue.js";
import { refIndex, type RefIndex } from "../shared/reference.js";
import type { ElementIds } from "./provisional-ids.js";

/** A stored nested element as the merge sees it: its GUID and external ID. */
export interface NestedElement {
  /** GUID. */
  readonly id: Guid;
  /** External ID, unique in its list (CUS-7). */
  readonly externalId: string | null;
}

/** A request's nested element as the merge sees it: the identifiers it was sent with. */
export interface NestedInput {
  /** The GUID sent, if any. */
  readonly id: Absent | Guid;
  /** The external ID sent, if any. */
  readonly externalId: Absent | string;
}

/** One nested list: its JSON key, and how a request element becomes one of its elements. */
export interface NestedKind<E extends NestedElement, I> {
  /** The list's JSON key, the start of each element's path. */
  readonly list: "contactPeople" | "addresses" | "serviceObjects";
  /**
   * Builds an element from the request element: `base` merged with `input`, or a new one
   * (`base` undefined) carrying `id` and `externalId`, reporting at `path`.
   */
  readonly build: (base: E | undefined, input: I, id: Guid, externalId: string | null, path: string, issues: Issue[]) => E;
}

/** A merged nested list and, per element touched by the request, its request index. */
export interface MergedElements<E> {
  /** The list after the merge: the stored elements in their order, then the new ones. */
  readonly elements: readonly E[];
  /** GUID → index of the request element that edited or added it. */
  readonly origin: ReadonlyMap<Guid, number>;
}

/**
 * What the request does with one nested element (UPS-6): edit `record`, or, when there is
 * none, add an element carrying `id` (or a fresh GUID) and `externalId`.
 */
type NestedTarget<E> =
  | { readonly record: E }
  | { readonly id: Absent | Guid; readonly externalId: string | null };

/**
 * The identifier table for nested elements: an element whose `id` or `externalId` matches
 * one of the customer's edits it, the others are added (UPS-6), keeping a client's `id`.
 * `id` and `externalId` that name different elements, or an `id` that matches nothing with
 * an `externalId` that matches an element, are `IdMismatch`: a nested external ID cannot
 * change, like a record's (UPS-3). Each identifier is looked up only once it is known to be
 * sent, so no lookup is guarded by a test that could be dropped unnoticed.
 */
function nestedTarget<E>(id: Absent | Guid, externalId: Absent | string, index: RefIndex<E>, path: string): Result<NestedTarget<E>> {
  const mismatch = (): Result<NestedTarget<E>> =>
    fail([
      issue(
        "IdMismatch",
        joinPath(path, "externalId"),
        "UPS-3",
        "The ID and the external ID do not name the same element; an element's external ID cannot be set or changed by add-or-edit (UPS-3, UPS-6).",
      ),
    ]);
  if (id === ABSENT) {
    if (externalId === ABSENT) return ok({ id, externalId: null });
    const byExternalId = index.byKey.get(externalId);
    return ok(byExternalId !== undefined ? { record: byExternalId } : { id, externalId });
  }
  const byId = index.byId.get(id);
  if (externalId === ABSENT) return ok(byId !== undefined ? { record: byId } : { id, externalId: null });
  const byExternalId = index.byKey.get(externalId);
  if (byId !== undefined) return byExternalId === byId ? ok({ record: byId }) : mismatch();
  return byExternalId === undefined ? ok({ id, externalId }) : mismatch();
}

/**
 * Merges request elements into a nested list (UPS-6): each one whose `id` or `externalId`
 * matches a stored element edits it (fields sent replace, fields left out stay), the others
 * are appended, keeping a client's `id` once it is known to be unused; stored elements the
 * request leaves out stay, so nothing is deleted. An `id` and `externalId` naming different
 * elements are `IdMismatch` (UPS-3).
 * @param existing - the stored list (empty when creating)
 * @param inputs - the request's elements of the list
 * @param kind - the list and how its elements are built
 * @param ids - the decision's ID source
 * @param issues - where the issues go
 * @returns the merged list, with the request index of each element it touched
 * @rule UPS-6
 * @example
 * const kind = { list: "contactPeople", build: (base, input, id, externalId) => ({ ...base, ...input, id, externalId }) };
 * const ids = { provisional: () => guid("3f2504e0-4f89-11d3-9a0c-0305e82c3399"), claim: () => {}, count: () => 1 };
 * const merged = mergeNestedElements(customer.contactPeople, [{ id: ABSENT, externalId: "jana", lastName: "Nová" }, { id: ABSENT, externalId: ABSENT, lastName: "Dvořák" }], kind, ids, []);
 * merged.elements.map((e) => e.lastName) //=> ["Nová", "Dvořák"]
 * merged.elements[0].id === contactId //=> true
 * @internal
 */
export function mergeNestedElements<E extends NestedElement, I extends NestedInput>(
  existing: readonly E[],
  inputs: readonly I[],
  kind: NestedKind<E, I>,
  ids: ElementIds,
  issues: Issue[],
): MergedElements<E> {
  const index = refIndex(existing, (e) => e.id, (e) => e.externalId);
  const out = [...existing];
  const position = new Map<Guid, number>(existing.map((e, i) => [e.id, i]));
  const origin = new Map<Guid, number>();
  inputs.forEach((input, i) => {
    const path = `${kind.list}[${i}]`;
    const target = nestedTarget(input.id, input.externalId, index, path);
    if (!target.ok) {
      for (const refusal of target.issues) issues.push(refusal);
      return;
    }
    const t = target.value;
    if ("record" in t) {
      const at = position.get(t.record.id) as number;
      const current = out[at] as E;
      out[at] = kind.build(current, input, current.id, current.externalId, path, issues);
      origin.set(current.id, i);
    } else {
      if (t.id !== ABSENT) ids.claim(t.id, path, issues);
      const e = kind.build(undefined, input, t.id === ABSENT ? ids.provisional() : t.id, t.externalId, path, issues);
      out.push(e);
      origin.set(e.id, i);
    }
  });
  return { elements: out, origin };
}

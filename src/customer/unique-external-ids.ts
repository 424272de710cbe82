import { issue, type Issue } from "../shared/issue.js";
import type { MergedElements, NestedElement } from "./nested-elements.js";

/**
 * Checks that the external IDs of a merged nested list are unique in it (CUS-7): each second
 * use is `Duplicate`, at the request element that brought it, or at the list when only stored
 * elements repeat it (data written by another system).
 * @param merged - the list after the merge
 * @param list - the list's JSON key
 * @param issues - where the issues go
 * @rule CUS-7
 * @example
 * const issues = [];
 * const twice = [{ id: contactId, externalId: "jana" }, { id: tech, externalId: "jana" }];
 * checkUniqueExternalIds({ elements: twice, origin: new Map([[tech, 3]]) }, "contactPeople", issues);
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Duplicate@contactPeople[3].externalId"]
 * @internal
 */
export function checkUniqueExternalIds<E extends NestedElement>(merged: MergedElements<E>, list: string, issues: Issue[]): void {
  const seen = new Set<string>();
  for (const e of merged.elements) {
    if (e.externalId === null) continue;
    if (seen.has(e.externalId)) {
      const at = merged.origin.get(e.id);
      issues.push(
        issue(
          "Duplicate",
          at === undefined ? list : `${list}[${at}].externalId`,
          "CUS-7",
          `The external ID ${JSON.stringify(e.externalId)} is used twice in ${list} (CUS-7).`,
        ),
      );
    }
    seen.add(e.externalId);
  }
}

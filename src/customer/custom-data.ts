import { issue, type Issue } from "../shared/issue.js";
import type { CustomDataField } from "../shared/settings.js";
import { parseIsoDate } from "../shared/time.js";

function hasType(value: unknown, type: CustomDataField["type"]): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      // Number.isFinite is false for anything that is not a number, so it is the whole test.
      return Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "date":
      return parseIsoDate(value) !== undefined;
  }
}

/**
 * Checks a `customData` text: it must parse as JSON and be an object; with a template, every
 * key must be in the template, every value must have the template's type, and every key the
 * template marks required must be present. Without a template any JSON object passes. Used
 * for customers and, with the order template, for orders. Never throws.
 * @param text - the `customData` string as sent
 * @param template - the company's template for the record type, `null` when none is set
 * @param path - JSON path of the field, for issues
 * @returns every issue found (`InvalidCustomData`), empty when valid
 * @rule CUS-8
 * @example
 * checkCustomData('{"floor":2}', [{ key: "floor", type: "number", required: true }], "customData") //=> []
 * checkCustomData("{", null, "customData")[0].code //=> "InvalidCustomData"
 * @internal
 */
export function checkCustomData(text: string, template: readonly CustomDataField[] | null, path: string): Issue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [issue("InvalidCustomData", path, "CUS-8", "customData is not valid JSON (CUS-8).")];
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return [issue("InvalidCustomData", path, "CUS-8", "customData must hold a JSON object (CUS-8).")];
  }
  if (template === null) return [];
  const data = parsed as Record<string, unknown>;
  const issues: Issue[] = [];
  const byKey = new Map(template.map((f) => [f.key, f]));
  for (const key of Object.keys(data)) {
    const f = byKey.get(key);
    if (f === undefined) issues.push(issue("InvalidCustomData", path, "CUS-8", `customData key ${JSON.stringify(key)} is not in the template (CUS-8).`));
    else if (!hasType(data[key], f.type)) {
      issues.push(issue("InvalidCustomData", path, "CUS-8", `customData key ${JSON.stringify(key)} must be of type ${f.type} (CUS-8).`));
    }
  }
  for (const f of template) {
    if (f.required && !Object.hasOwn(data, f.key)) {
      issues.push(issue("InvalidCustomData", path, "CUS-8", `customData must hold the required key ${JSON.stringify(f.key)} (CUS-8).`));
    }
  }
  return issues;
}

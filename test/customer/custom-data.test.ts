// CUS-8: customData against its template, as a property over generated templates and texts,
// compared with a plain model (whole issues: code, path and message).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCustomData } from "../../src/customer/custom-data.js";
import type { CustomDataField, CustomDataFieldType } from "../../src/shared/settings.js";

const keys = ["floor", "code", "vip", "since"] as const;
const types: readonly CustomDataFieldType[] = ["string", "number", "boolean", "date"];
const templateArb: fc.Arbitrary<CustomDataField[]> = fc
  .subarray([...keys])
  .chain((ks) => fc.tuple(...ks.map((key) => fc.record({ key: fc.constant(key), type: fc.constantFrom(...types), required: fc.boolean() }))));
// Values of every JSON kind, including texts that are dates or almost, and a number JSON reads as Infinity.
const valueArb = fc.oneof(
  fc.constantFrom("x", "2026-02-28", "2026-02-30", true, false, 0, 2.5, null, [], {}),
  fc.integer(),
  fc.boolean(),
);
const objectTextArb = fc.dictionary(fc.constantFrom(...keys, "other"), valueArb, { maxKeys: 5 }).map((o) => JSON.stringify(o));
const textArb = fc.oneof(objectTextArb, objectTextArb.map((t) => t.replace(/}$/, ',"floor":1e400}').replace("{,", "{")), fc.constantFrom("{", "null", "[]", "5", '"x"', "true"));

function isType(v: unknown, type: CustomDataFieldType): boolean {
  if (type === "number") return typeof v === "number" && v !== Infinity && v !== -Infinity && !Number.isNaN(v);
  if (type === "date") return typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
  return typeof v === type;
}

function model(text: string, template: readonly CustomDataField[] | null, path: string): object[] {
  const bad = (message: string) => ({ code: "InvalidCustomData", path, message, rule: "CUS-8" });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [bad("customData is not valid JSON (CUS-8).")];
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return [bad("customData must hold a JSON object (CUS-8).")];
  if (template === null) return [];
  const data = parsed as Record<string, unknown>;
  const out: object[] = [];
  for (const [k, v] of Object.entries(data)) {
    const f = template.find((t) => t.key === k);
    if (f === undefined) out.push(bad(`customData key ${JSON.stringify(k)} is not in the template (CUS-8).`));
    else if (!isType(v, f.type)) out.push(bad(`customData key ${JSON.stringify(k)} must be of type ${f.type} (CUS-8).`));
  }
  for (const f of template) if (f.required && !(f.key in data)) out.push(bad(`customData must hold the required key ${JSON.stringify(f.key)} (CUS-8).`));
  return out;
}

describe("checkCustomData", () => {
  it("CUS-8: JSON object required; with a template every key known, of its type, every required key present; without one any object", () => {
    fc.assert(
      fc.property(textArb, fc.option(templateArb, { nil: null }), (text, template) => {
        expect(checkCustomData(text, template, "customData")).toEqual(model(text, template, "customData"));
      }),
      { numRuns: 300 },
    );
  });
});

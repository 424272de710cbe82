// The fixture's JSON Schema and the fixture validator must not drift: on shape faults (a key
// deleted, set to null or to a value of the wrong type) they agree. Rules that need the whole
// fixture (references, uniqueness) are the validator's alone, so only shape faults are compared.
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixtureJsonSchema } from "../../src/service/fixture-schema.js";
import { validateFixture } from "../../src/service/fixture.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";

const ajv = new Ajv2020({ allErrors: true, strict: true });
const check = ajv.compile(fixtureJsonSchema);
const SHAPE_CODES = new Set(["Required", "InvalidType", "Blank", "InvalidGuid", "Negative", "InvalidNumber"]);
// "Required" at `companies[i].users` is AUTH-6 (no Administrator left), a rule, not a shape.
const isShapeFault = (i: { code: string; path: string }): boolean => SHAPE_CODES.has(i.code) && !(i.code === "Required" && i.path.endsWith("users"));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Site { readonly parent: Json[] | { [k: string]: Json }; readonly key: string | number }

/** Every place in a JSON value a mutation can hit: each object key and each array element. */
function sites(value: Json, out: Site[] = []): Site[] {
  if (Array.isArray(value)) value.forEach((v, i) => (out.push({ parent: value, key: i }), sites(v, out)));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) (out.push({ parent: value, key: k }), sites(v, out));
  return out;
}

function wrongType(value: Json): Json {
  if (typeof value === "string") return 12345;
  if (typeof value === "number") return "12";
  if (typeof value === "boolean") return "true";
  if (Array.isArray(value)) return { not: "a list" };
  if (value === null) return [];
  return ["not an object"];
}

describe("the fixture's JSON Schema", () => {
  it("is valid draft 2020-12 and accepts the demonstration fixture and the test fixture", () => {
    expect(check(demoFixture)).toBe(true);
    expect(check(testFixture())).toBe(true);
  });

  it("is published as docs/fixture.schema.json, current (npm run docs writes it)", () => {
    expect(JSON.parse(readFileSync(new URL("../../docs/fixture.schema.json", import.meta.url), "utf8"))).toEqual(fixtureJsonSchema);
  });

  it("agrees with validateFixture on shape faults: a key deleted, null, a wrong type, a blank string, a malformed GUID, a negative number", () => {
    const base = JSON.parse(JSON.stringify(demoFixture)) as Json;
    const count = sites(base).length;
    fc.assert(
      fc.property(fc.nat({ max: count - 1 }), fc.constantFrom("delete", "null", "wrongType", "blank", "notGuid", "negative"), (at, kind) => {
        const fixture = structuredClone(base);
        const site = sites(fixture)[at]!;
        const parent = site.parent as Record<string | number, Json>;
        if (kind === "delete") {
          if (Array.isArray(site.parent)) site.parent.splice(site.key as number, 1);
          else delete parent[site.key];
        } else {
          const old = parent[site.key]!;
          parent[site.key] =
            kind === "null" ? null :
            kind === "wrongType" ? wrongType(old) :
            kind === "blank" ? (typeof old === "string" ? " " : old) :
            kind === "notGuid" ? (typeof old === "string" ? "not-a-guid" : old) :
            typeof old === "number" ? -1 : old;
        }
        const schemaAccepts = check(fixture);
        const issues = validateFixture(fixture);
        // A fault the schema sees is a fault the validator sees ...
        if (!schemaAccepts) expect(issues.length, JSON.stringify(ajv.errorsText(check.errors))).toBeGreaterThan(0);
        // ... and a shape fault the validator reports is one the schema reports.
        if (issues.some(isShapeFault)) expect(schemaAccepts, JSON.stringify(issues)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe("validateFixture is total", () => {
  it("a locale or time zone Intl cannot read is an issue, never a throw (found by the shape property: locale \" \")", () => {
    for (const locale of [" ", "not-a-guid", "12", "x".repeat(300)]) {
      const fixture = JSON.parse(JSON.stringify(demoFixture)) as { companies: Array<{ settings?: Record<string, unknown> }> };
      fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, locale, timeZone: locale };
      const issues = validateFixture(fixture);
      expect(issues.map((i) => `${i.code}@${i.path}`)).toEqual(["InvalidEnum@companies[0].settings.timeZone", "InvalidEnum@companies[0].settings.locale"]);
    }
  });
});

// Every request parser and its JSON Schema (Standard JSON Schema, issue 13) must not drift: a
// differential property generates bodies around each schema (valid ones, and ones with one shape
// fault) and checks that ajv (draft 2020-12) and the parser agree on accept/reject. Shape faults:
// wrong JSON type, missing required field, extra unknown field (both accept: ERR-3), string too
// long, list too long, malformed GUID/date/date-time/e-mail (and a blank where a visible
// character is needed), enum value not allowed. Rule faults (an unknown reference, a
// collision, a decimal with 7 places, a page out of range) are out of a schema's reach by design.
import type { StandardJSONSchemaV1 as SpecJSONSchemaV1, StandardSchemaV1 as SpecSchemaV1 } from "@standard-schema/spec";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginRequestJsonSchema, parseLoginRequest } from "../../src/auth/login.js";
import {
  customerAddOrEditSchema, customerAddSchema, interventionCancelSchema, interventionEditSchema, interventionPlanSchema, interventionReplanSchema,
  materialReplaceSchema, orderAddOrEditSchema, orderAddSchema, orderCancelSchema, orderEditSchema, stockAmountsSchema, stockQuantitiesSchema,
  storeListingQuerySchema, storeReplaceSchema, type BodySchema,
} from "../../src/index.js";
import { js, jsonSchemaFor, type JsonSchema } from "../../src/shared/json-schema.js";
import { limits } from "../../src/shared/limits.js";
import { pathSegments, toStandardSchema } from "../../src/shared/standard-schema.js";
import type { Result } from "../../src/shared/issue.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import {
  customerAddBody, customerAddOrEditBody, interventionCancelBody, interventionEditBody, kitContext, loginBody, materialReplaceBody, orderAddBody,
  orderAddOrEditBody, orderCancelBody, orderEditBody, planBody, stockBatch, storeQuery, storeReplaceBody,
} from "../../src/testing/index.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

// Independent of the parsers: a date exists when the UTC calendar gives it back unchanged.
const realDate = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: false });
ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
ajv.addFormat("date", realDate);

const ctx = kitContext(demoFixture, "demo");
const customer = { customerId: "c-1", addressIds: ["a-1"], contactPersonIds: ["p-1"], serviceObjectIds: ["d-1"] };
const queryRecord = (q: string): Json => Object.fromEntries(new URLSearchParams(q));

interface Case {
  readonly name: string;
  readonly parse: (value: unknown) => Result<unknown>;
  /** Asked inside the tests, not when the file is collected (a throw there would hide every test of the file). */
  readonly schema: () => JsonSchema;
  readonly valid: fc.Arbitrary<Json>;
}

const input = (s: BodySchema<unknown>): JsonSchema => s["~standard"].jsonSchema.input({ target: "draft-2020-12" });
const twin = (name: string, s: BodySchema<unknown>, valid: fc.Arbitrary<unknown>): Case => ({ name, parse: s, schema: () => input(s), valid: valid as fc.Arbitrary<Json> });

const cases: readonly Case[] = [
  twin("customerAdd", customerAddSchema, customerAddBody(ctx)),
  twin("customerAddOrEdit", customerAddOrEditSchema, customerAddOrEditBody(ctx, ["C-1"])),
  twin("orderAdd", orderAddSchema, orderAddBody(ctx, customer)),
  twin("orderEdit", orderEditSchema, orderEditBody(ctx, customer)),
  twin("orderAddOrEdit", orderAddOrEditSchema, orderAddOrEditBody(ctx, customer, ["O-1"])),
  twin("orderCancel", orderCancelSchema, orderCancelBody()),
  twin("interventionPlan", interventionPlanSchema, planBody(ctx, "2026-03-12")),
  twin("interventionReplan", interventionReplanSchema, planBody(ctx, "2026-03-12")),
  twin("interventionEdit", interventionEditSchema, interventionEditBody(ctx)),
  twin("interventionCancel", interventionCancelSchema, interventionCancelBody()),
  twin("stockAmounts", stockAmountsSchema, stockBatch(ctx.materials)),
  twin("stockQuantities", stockQuantitiesSchema, stockBatch(ctx.materials)),
  twin("materialReplace", materialReplaceSchema, materialReplaceBody(ctx)),
  twin("storeReplace", storeReplaceSchema, storeReplaceBody(ctx)),
  twin("storeListingQuery", storeListingQuerySchema, storeQuery(ctx).map(queryRecord)),
  { name: "login", parse: parseLoginRequest, schema: () => loginRequestJsonSchema, valid: loginBody({ tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }) as fc.Arbitrary<Json> },
];

/** A place in a body the schema describes: a property (present or not) or an array element. */
interface Site {
  /** Where the value lives; `undefined` for the root. */
  readonly parent: Json[] | { [k: string]: Json } | undefined;
  readonly key: string | number;
  readonly schema: JsonSchema | boolean;
  readonly present: boolean;
  readonly required: boolean;
}

const asSchema = (s: unknown): JsonSchema | boolean => (typeof s === "boolean" ? s : (s as JsonSchema));
const typesOf = (s: JsonSchema | boolean): readonly string[] => (typeof s === "boolean" ? [] : Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : []);
const isObject = (v: Json): v is { [k: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

function sitesOf(value: Json, schema: JsonSchema | boolean, out: Site[]): Site[] {
  if (typeof schema === "boolean") return out;
  if (isObject(value) && typeof schema.properties === "object" && schema.properties !== null) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [key, s] of Object.entries(schema.properties as Record<string, unknown>)) {
      const present = Object.hasOwn(value, key);
      out.push({ parent: value, key, schema: asSchema(s), present, required: required.has(key) });
      if (present) sitesOf(value[key] as Json, asSchema(s), out);
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((v, i) => {
      out.push({ parent: value, key: i, schema: asSchema(schema.items), present: true, required: true });
      sitesOf(v, asSchema(schema.items), out);
    });
  }
  return out;
}

type Fault = "wrongType" | "missing" | "extra" | "tooLong" | "tooMany" | "format" | "enum";

const MALFORMED = ["", "   ", "not-a-guid", "3f2504e0-4f89-11d3-9a0c-0305e82c330", "2026-13-01", "2026-02-30", "2026-3-1", "2026-03-12 09:00", "2026-03-12T09:00", "2026-03-12T25:00Z", "2026-03-12T09:00+15:00", "no-at-sign", "a b@c.d"];

/** The faults a site admits, each with the value to put there (or `undefined` to delete the key) and whether it is a fault at all. */
function faultsAt(site: Site, current: Json | undefined): { fault: Fault; value: Json | undefined; expectAccepted: boolean }[] {
  const out: { fault: Fault; value: Json | undefined; expectAccepted: boolean }[] = [];
  const s = site.schema;
  const types = typesOf(s);
  const wrong: Json[] = [];
  if (!types.includes("string")) wrong.push("text");
  if (!types.includes("number") && !types.includes("integer")) wrong.push(42);
  if (types.includes("integer")) wrong.push(1.5);
  if (!types.includes("boolean")) wrong.push(true);
  if (!types.includes("object")) wrong.push({ a: 1 });
  if (!types.includes("array")) wrong.push([1]);
  if (!types.includes("null")) wrong.push(null);
  for (const w of wrong) out.push({ fault: "wrongType", value: w, expectAccepted: false });
  if (typeof s === "boolean") return out;
  if (site.present && site.required && site.parent !== undefined && !Array.isArray(site.parent)) out.push({ fault: "missing", value: undefined, expectAccepted: false });
  if (typeof s.maxLength === "number") out.push({ fault: "tooLong", value: "x".repeat(s.maxLength + 1), expectAccepted: false });
  if (typeof s.maxItems === "number") {
    const element: Json = Array.isArray(current) && current.length > 0 ? (current[0] as Json) : "x";
    out.push({ fault: "tooMany", value: new Array<Json>(s.maxItems + 1).fill(element), expectAccepted: false });
  }
  if (typeof s.pattern === "string" && types.includes("string")) {
    const re = new RegExp(s.pattern, "u");
    const maxLength = typeof s.maxLength === "number" ? s.maxLength : Infinity;
    for (const m of MALFORMED) if (!re.test(m) && m.length <= maxLength) out.push({ fault: "format", value: m, expectAccepted: false });
    if (s.format === "date") out.push({ fault: "format", value: "2026-02-30", expectAccepted: false });
  }
  if (Array.isArray(s.enum)) out.push({ fault: "enum", value: "NotOneOfThem", expectAccepted: false });
  if (types.includes("object") && isObject(current ?? null)) out.push({ fault: "extra", value: current as Json, expectAccepted: true });
  return out;
}

/** Applies one fault to a copy of the body; returns the new body and what both must answer. */
function mutate(body: Json, schema: JsonSchema, pick: number, pickFault: number): { body: Json; fault: string; expectAccepted: boolean } {
  const copy = structuredClone(body);
  const all: Site[] = [{ parent: undefined, key: "", schema, present: true, required: true }, ...sitesOf(copy, schema, [])];
  const site = all[pick % all.length] as Site;
  const current = site.parent === undefined ? copy : site.present ? ((site.parent as Record<string | number, Json>)[site.key] as Json) : undefined;
  const options = faultsAt(site, current);
  const chosen = options[pickFault % options.length] as (typeof options)[number];
  let value = chosen.value;
  if (chosen.fault === "extra") {
    const target = current as { [k: string]: Json };
    // Query parameters are strings whatever their name; a body ignores any unknown value (ERR-3).
    target.x_unknown_field = isObject((site.schema as JsonSchema).additionalProperties as Json) ? "extra" : { anything: [1, "two", null] };
    value = target;
  }
  const label = `${chosen.fault} at ${site.parent === undefined ? "(root)" : String(site.key)}`;
  if (site.parent === undefined) return { body: value as Json, fault: label, expectAccepted: chosen.expectAccepted };
  if (value === undefined) delete (site.parent as Record<string | number, Json>)[site.key];
  else (site.parent as Record<string | number, Json>)[site.key] = value;
  return { body: copy, fault: label, expectAccepted: chosen.expectAccepted };
}

describe("Standard JSON Schema: every request parser's twin", () => {
  it("GEN-9: each twin is a Standard Schema and a Standard JSON Schema of @standard-schema/spec 1.1", () => {
    const s: SpecSchemaV1<unknown, unknown> & SpecJSONSchemaV1<unknown, unknown> = customerAddSchema;
    expect(s["~standard"].version).toBe(1);
    expect(s["~standard"].jsonSchema.input({ target: "draft-2020-12" }).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(s["~standard"].jsonSchema.input({ target: "draft-07" }).$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(() => s["~standard"].jsonSchema.input({ target: "draft-04" })).toThrow(/not supported/);
    expect(() => s["~standard"].jsonSchema.output({ target: "draft-2020-12" })).toThrow(/no JSON Schema/);
  });

  it("GEN-9: every input schema compiles in strict mode for draft 2020-12 and draft-07", () => {
    const draft07 = new Ajv({ strict: true, allowUnionTypes: true, validateFormats: false });
    for (const c of cases) {
      expect(() => ajv.compile(c.schema()), c.name).not.toThrow();
      const twinOf = c.parse as Partial<BodySchema<unknown>>;
      const std = twinOf["~standard"];
      if (std !== undefined) expect(() => draft07.compile(std.jsonSchema.input({ target: "draft-07" })), c.name).not.toThrow();
    }
  });

  it("GEN-5: the openapi-3.0 target says nullable where 2020-12 says a null type", () => {
    const s = jsonSchemaFor(materialReplaceSchema["~standard"].jsonSchema.input({ target: "draft-2020-12" }), "openapi-3.0") as { properties: Record<string, JsonSchema> };
    expect(s.properties.description).toMatchObject({ type: "string", nullable: true });
    expect(JSON.stringify(s)).not.toContain('"null"');
  });

  for (const c of cases) {
    it(`ERR-3 GEN-9: ${c.name}: ajv and the parser agree on valid bodies and on each shape fault`, () => {
      const schema = c.schema();
      const validate = ajv.compile(schema);
      fc.assert(
        fc.property(c.valid, fc.nat(), fc.nat(), fc.boolean(), (body, pick, pickFault, faulty) => {
          const probe = faulty ? mutate(body, schema, pick, pickFault) : { body, fault: "none", expectAccepted: true };
          const byParser = c.parse(probe.body).ok;
          const bySchema = validate(probe.body);
          expect({ fault: probe.fault, parser: byParser, schema: bySchema }).toEqual({ fault: probe.fault, parser: probe.expectAccepted, schema: probe.expectAccepted });
        }),
        { numRuns: 300 },
      );
    });
  }

  it("ERR-3: a twin built from another parser carries the schema it was given", () => {
    const schema: JsonSchema = { type: "object" };
    const t = toStandardSchema((v) => ({ ok: true, value: v }), schema);
    expect(t["~standard"].jsonSchema.input({ target: "draft-2020-12" })).toEqual({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" });
  });
});

describe("Standard JSON Schema targets and issue paths", () => {
  // A schema with every shape the OpenAPI 3.0 conversion treats apart: nullable types, a false
  // subschema, an exclusive maximum, and properties named like keywords (`type`, `exclusiveMaximum`).
  const schema = {
    type: "object",
    properties: {
      type: { type: ["string", "null"], maxLength: 3 },
      exclusiveMaximum: { type: "number", exclusiveMaximum: 10 },
      list: { type: ["array", "null"], items: { type: ["integer", "null"], minimum: 0 } },
      either: { anyOf: [{ type: "string" }, { type: "null" }] },
      never: false,
    },
    required: ["type"],
    additionalProperties: false,
  } as unknown as JsonSchema;

  it("GEN-9: openapi-3.0 marks null with nullable, keeps one type, makes false `not: {}` and exclusiveMaximum a flag beside maximum", () => {
    const before = JSON.stringify(schema);
    expect(jsonSchemaFor(schema, "openapi-3.0")).toEqual({
      type: "object",
      properties: {
        type: { type: "string", nullable: true, maxLength: 3 },
        exclusiveMaximum: { type: "number", maximum: 10, exclusiveMaximum: true },
        list: { type: "array", nullable: true, items: { type: "integer", nullable: true, minimum: 0 } },
        either: { anyOf: [{ type: "string" }, { type: "null" }] },
        never: { not: {} },
      },
      required: ["type"],
      additionalProperties: { not: {} },
    });
    expect(jsonSchemaFor({ type: ["string"] } as unknown as JsonSchema, "openapi-3.0")).toEqual({ type: "string" });
    // OpenAPI 3.0 has no union of types: two types left after null are no `type` at all (any).
    expect(jsonSchemaFor({ type: ["string", "number", "null"] } as unknown as JsonSchema, "openapi-3.0")).toStrictEqual({ nullable: true });
    // Already in the 3.0 form (a boolean beside maximum): kept as it is.
    expect(jsonSchemaFor({ maximum: 5, exclusiveMaximum: true } as unknown as JsonSchema, "openapi-3.0")).toStrictEqual({ maximum: 5, exclusiveMaximum: true });
    expect(JSON.stringify(schema)).toBe(before);
  });

  it("GEN-9: draft targets are a deep copy of the schema with the target's $schema", () => {
    for (const [target, uri] of [["draft-2020-12", "https://json-schema.org/draft/2020-12/schema"], ["draft-07", "http://json-schema.org/draft-07/schema#"]] as const) {
      const out = jsonSchemaFor(schema, target);
      expect(out).toEqual({ $schema: uri, ...(schema as object) });
      // A deep copy: changing the answer leaves the schema (shared by every call) as it was.
      (((out["properties"] as Record<string, Record<string, unknown>>)["list"] as Record<string, unknown>)["type"] as string[]).push("string");
      (out["required"] as string[]).push("x");
      expect((schema as unknown as { required: string[] }).required).toEqual(["type"]);
      expect((schema as unknown as { properties: { list: { type: string[] } } }).properties.list.type).toEqual(["array", "null"]);
    }
    expect(() => jsonSchemaFor(schema, "draft-04")).toThrow('field-service-rules: JSON Schema target "draft-04" is not supported (draft-2020-12, draft-07, openapi-3.0).');
  });

  it("GEN-9: every body schema names this library as its Standard Schema vendor, version 1", () => {
    const s = toStandardSchema(parseLoginRequest, loginRequestJsonSchema);
    expect([s["~standard"].vendor, s["~standard"].version]).toEqual(["field-service-rules", 1]);
    expect([customerAddSchema["~standard"].vendor, customerAddSchema["~standard"].version]).toEqual(["field-service-rules", 1]);
  });

  it("GEN-9: an issue path splits into names and indexes, indexes of any length", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.nat(10_000), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/)), { maxLength: 6 }), (segments) => {
      const path = segments.reduce<string>((p, s) => (typeof s === "number" ? `${p}[${s}]` : p === "" ? s : `${p}.${s}`), "");
      expect(pathSegments(path)).toEqual(segments);
    }));
    expect(pathSegments("contactPeople[12].phone.phone")).toEqual(["contactPeople", 12, "phone", "phone"]);
    expect(pathSegments("")).toEqual([]);
  });
});

describe("JSON Schema builders", () => {
  it("GEN-5, GEN-9: each builder states the reader's limits; a description is there only when given", () => {
    expect(js.text(5, "Code.")).toStrictEqual({ type: "string", maxLength: 5, description: "Code." });
    expect(js.text()).toStrictEqual({ type: "string", maxLength: limits.text });
    expect(js.nonBlank()).toStrictEqual({ type: "string", maxLength: limits.text, pattern: "\\S" });
    expect(js.guid("Id.")).toMatchObject({ type: "string", format: "uuid", description: "Id." });
    expect(js.date()).toMatchObject({ type: "string", format: "date" });
    expect(js.dateTime()).toMatchObject({ type: "string" });
    expect(js.email()).toMatchObject({ type: "string", maxLength: 254 });
    expect(js.boolean()).toStrictEqual({ type: "boolean" });
    expect(js.integer(0, 9, "Digit.")).toStrictEqual({ type: "integer", minimum: 0, maximum: 9, description: "Digit." });
    expect(js.number(-90, 90)).toStrictEqual({ type: "number", minimum: -90, maximum: 90 });
    expect(js.enumOf(["A", "B"])).toStrictEqual({ type: "string", enum: ["A", "B"] });
    expect(js.array(js.boolean(), 1, 3)).toStrictEqual({ type: "array", items: { type: "boolean" }, minItems: 1, maxItems: 3 });
    expect(js.array(js.boolean(), 0, 3)).toStrictEqual({ type: "array", items: { type: "boolean" }, maxItems: 3 });
    expect(js.object({ a: js.boolean() }, ["a"], "O.")).toStrictEqual({ type: "object", properties: { a: { type: "boolean" } }, required: ["a"], description: "O." });
    expect(js.object({}, [])).toStrictEqual({ type: "object", properties: {} });
    expect(js.decimal().description).toBe(`An exact decimal: at most ${limits.decimalScale} decimal places, never negative (GEN-7).`);
    expect(js.decimal("Price.").description).toBe(`Price. An exact decimal: at most ${limits.decimalScale} decimal places, never negative (GEN-7).`);
  });

  it("GEN-5: nullable adds null to a single type and to an enum; any other schema becomes anyOf with null", () => {
    expect(js.nullable(js.boolean())).toStrictEqual({ type: ["boolean", "null"] });
    expect(js.nullable(js.enumOf(["A"]))).toStrictEqual({ type: ["string", "null"], enum: ["A", null] });
    const typeless = { anyOf: [js.boolean(), js.text()] } as JsonSchema;
    expect(js.nullable(typeless)).toStrictEqual({ anyOf: [typeless, { type: "null" }] });
  });
});

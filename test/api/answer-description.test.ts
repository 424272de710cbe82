// The answer descriptions (src/api/answer-description.ts): the schemas they derive, and the
// compiler's hold on the read shape each one is typed by. That every real answer matches the
// derived schemas is the response-contract test's (test/contract/openapi-contract.ts).
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { asIs, component, flag, guid, instant, integer, list, nullable, number, object, oneOf, text, withText, type Answer, type AnswerDescription } from "../../src/api/answer-description.js";

const ajv = new Ajv2020({ strict: true });
addFormats.default(ajv);

describe("answer descriptions", () => {
  it("a leaf made nullable keeps its keywords and adds null to its type; an object becomes anyOf it and null", () => {
    expect(nullable(instant).schema).toEqual({ type: ["string", "null"], format: "date-time", description: "UTC with Z (GEN-6)." });
    expect(nullable(integer({ minimum: 0 })).schema).toEqual({ type: ["integer", "null"], minimum: 0 });
    const point = object({ x: number });
    expect(nullable(point).schema).toEqual({ anyOf: [point.schema, { type: "null" }] });
  });

  it("an object is closed and requires every field, in the order described", () => {
    const schema = object({ b: text, a: nullable(guid) }, "Two fields.").schema;
    expect(schema).toEqual({
      type: "object",
      properties: { b: { type: "string" }, a: { type: ["string", "null"], format: "uuid", pattern: guid.schema.pattern } },
      required: ["b", "a"],
      additionalProperties: false,
      description: "Two fields.",
    });
    const check = ajv.compile(schema);
    expect(check({ b: "x", a: null })).toBe(true);
    expect(check({ b: "x" })).toBe(false);
    expect(check({ b: "x", a: null, c: 1 })).toBe(false);
  });

  it("lists, texts, components and schemas as is", () => {
    expect(list(oneOf(["A", "B"]), { minItems: 1 }).schema).toEqual({ type: "array", items: { type: "string", enum: ["A", "B"] }, minItems: 1 });
    expect(withText(flag, "Yes or no.").schema).toEqual({ type: "boolean", description: "Yes or no." });
    expect(component("Issue").schema).toEqual({ $ref: "#/components/schemas/Issue" });
    expect(asIs({ type: "object" }).schema).toEqual({ type: "object" });
  });

  it("the compiler holds a description to its read shape's fields and types, both ways", () => {
    type Two = { readonly a: string; readonly b: number };
    const exact: AnswerDescription<Two> = object({ a: text, b: number });
    // @ts-expect-error a field left out
    const missing: AnswerDescription<Two> = object({ a: text });
    // @ts-expect-error a field more
    const more: AnswerDescription<Two> = object({ a: text, b: number, c: flag });
    // @ts-expect-error a field of another type
    const other: AnswerDescription<Two> = object({ a: text, b: text });
    // @ts-expect-error null where the shape has none
    const loose: AnswerDescription<Two> = object({ a: nullable(text), b: number });
    const inferred: Answer<typeof exact> = { a: "x", b: 1 };
    expect([exact, missing, more, other, loose].every((d) => d.schema.type === "object")).toBe(true);
    expect(inferred.b).toBe(1);
  });
});

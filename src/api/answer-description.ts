import type { Guid } from "../shared/guid.js";
import { GUID_PATTERN, type JsonSchema } from "../shared/json-schema.js";

// The answer side of the description language (docs/decisions.md, issue 35 "Describe read
// shapes once"): a read shape's description is a value built from these pieces, typed by the read
// shape it describes (`AnswerDescription<OrderShape>`, which the compiler checks field by field),
// and the response schema of the OpenAPI document is derived from it (`schema`). A request body's description also parses; an answer's only documents, so this
// language is the small part of src/shared/description/ an answer needs: leaves, lists, closed
// objects and `null`. The schemas are the ones the document always showed (closed objects, every
// field required), so the response-contract test keeps catching a field answered but not described.

/**
 * The description of one value of an answer: its JSON Schema, and its TypeScript type as a phantom.
 * @typeParam T - the described type
 * @category Read shapes
 */
export interface AnswerDescription<T> {
  /** The value's JSON Schema, as the OpenAPI document shows it. */
  readonly schema: JsonSchema;
  /** Never set: carries the described type, exactly (a function type keeps it invariant). */
  readonly type?: (value: T) => T;
}

/**
 * The type an answer description describes: `Answer<typeof orderAnswer>` is the order read shape.
 * @typeParam D - an answer description
 * @category Read shapes
 */
export type Answer<D> = D extends AnswerDescription<infer T> ? T : never;

/** The fields of a closed object, each described. */
type Fields = { readonly [name: string]: { readonly schema: JsonSchema } };

/** The object type that `Fields` describe, field by field. */
type Described<F extends Fields> = { readonly [K in keyof F]: Answer<F[K]> };

const leaf = <T>(schema: JsonSchema): AnswerDescription<T> => ({ schema });

/** A GUID, as answered (lower case; the pattern accepts any case, GEN-1). */
export const guid: AnswerDescription<Guid> = leaf({ type: "string", format: "uuid", pattern: GUID_PATTERN });
/** Any string. */
export const text: AnswerDescription<string> = leaf({ type: "string" });
/** `true` or `false`. */
export const flag: AnswerDescription<boolean> = leaf({ type: "boolean" });
/** A JSON number (a decimal kept exactly, GEN-7). */
export const number: AnswerDescription<number> = leaf({ type: "number" });
/** A UTC date-time with `Z` (GEN-6). */
export const instant: AnswerDescription<string> = leaf({ type: "string", format: "date-time", description: "UTC with Z (GEN-6)." });

/**
 * A whole number within bounds.
 * @param bounds - the JSON Schema's `minimum` and `maximum`, when any
 * @returns the description
 */
export function integer(bounds: { readonly minimum?: number; readonly maximum?: number } = {}): AnswerDescription<number> {
  return leaf({ type: "integer", ...bounds });
}

/**
 * A `YYYY-MM-DD` date.
 * @param description - what the date is, when it needs saying
 * @returns the description
 */
export function day(description?: string): AnswerDescription<string> {
  return leaf({ type: "string", format: "date", ...(description === undefined ? {} : { description }) });
}

/**
 * One of some strings.
 * @param values - the strings, in the order the document lists them
 * @returns the description
 */
export function oneOf<V extends string>(values: readonly V[]): AnswerDescription<V> {
  return leaf({ type: "string", enum: [...values] });
}

/**
 * A value or `null`: a leaf's `type` gains `"null"` (its other keywords kept), an object becomes
 * `anyOf` the object and `null`.
 * @param described - the value when not `null`
 * @returns the description
 */
export function nullable<T>(described: AnswerDescription<T>): AnswerDescription<T | null> {
  const { schema } = described;
  return leaf(typeof schema.type === "string" && schema.type !== "object" ? { ...schema, type: [schema.type, "null"] } : { anyOf: [schema, { type: "null" }] });
}

/**
 * A list of values.
 * @param item - each item
 * @param keywords - more keywords of the array's schema (`minItems`, `maxItems`, `description`)
 * @returns the description
 */
export function list<T>(item: AnswerDescription<T>, keywords: JsonSchema = {}): AnswerDescription<readonly T[]> {
  return leaf({ type: "array", items: item.schema, ...keywords });
}

/**
 * A closed object: every field is answered (`null` when empty), none other is.
 * @param fields - each field's description, in the order the document lists them
 * @param description - what the object is, when it needs saying
 * @returns the description
 */
export function object<F extends Fields>(fields: F, description?: string): AnswerDescription<Described<F>> {
  const properties = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema]));
  return leaf({ type: "object", properties, required: Object.keys(fields), additionalProperties: false, ...(description === undefined ? {} : { description }) });
}

/**
 * A description with a text of its own in the schema (the text replaces any the description had).
 * @param described - the value
 * @param description - the text
 * @returns the description
 */
export function withText<T>(described: AnswerDescription<T>, description: string): AnswerDescription<T> {
  return leaf({ ...described.schema, description });
}

/**
 * A value the document describes elsewhere, by name (`#/components/schemas/<name>`).
 * @param name - the component's name
 * @returns the description, of the type the caller names
 */
export function component<T>(name: string): AnswerDescription<T> {
  return leaf({ $ref: `#/components/schemas/${name}` });
}

/**
 * A value whose schema is written as is: the open parts of an answer (an object with optional
 * fields), typed by the caller.
 * @param schema - the schema
 * @returns the description
 */
export function asIs<T>(schema: JsonSchema): AnswerDescription<T> {
  return leaf(schema);
}

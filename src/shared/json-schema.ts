import { limits } from "./limits.js";

/**
 * A JSON Schema (draft 2020-12) document or subschema, as a plain object.
 * @category Parsing and issues
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

/*
 * Builders of the JSON Schemas of request bodies. Each body's schema is written next to its
 * parser, in the domain's request module, with these builders, which use the same limits and
 * the same patterns as the readers of `read.ts`; a differential property
 * (test/shared/json-schema.test.ts) keeps parser and schema in agreement on shape faults.
 * Only keywords that mean the same in draft 2020-12 and draft-07 are used (no `$defs`, no
 * `prefixItems`), so one schema serves both targets of Standard JSON Schema.
 * Each module-level schema is built inside an IIFE annotated `@__PURE__`, so a bundle that imports
 * only a parser (the typed client) drops the schema and its descriptions.
 */

/** The pattern of a GUID, any case (GEN-1), as `isGuid` tests it. */
export const GUID_PATTERN = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$";

/** The pattern of a `string(Date)` (GEN-6): the syntax; the day's existence is the `format`'s. */
export const DATE_PATTERN = "^(?!0000)\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$";

/**
 * The pattern of a `string(DateTime)` (GEN-6): `T`, minutes, optional seconds and fraction,
 * and `Z` or an offset up to ±14:00 (wider than RFC 3339, which needs the seconds).
 */
export const DATE_TIME_PATTERN =
  "^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:[Zz]|[+-](?:(?:0\\d|1[0-3]):[0-5]\\d|14:00))$";

/** The pattern of an e-mail address, as `readEmail` tests it. */
export const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";

/**
 * Any string up to `max` UTF-16 code units (`readText`).
 * @param max - the longest string
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function textSchema(max: number = limits.text, description?: string): JsonSchema {
  return { type: "string", maxLength: max, ...described(description) };
}

/**
 * A string with a visible character (`readNonBlank`).
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function nonBlankSchema(description?: string): JsonSchema {
  return { type: "string", maxLength: limits.text, pattern: "\\S", ...described(description) };
}

/**
 * An external ID that a URL path can carry (`readExternalId`, TXT-2): non-blank, not `.` nor `..`.
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function externalIdSchema(description?: string): JsonSchema {
  return { type: "string", maxLength: limits.text, pattern: "\\S", not: { enum: [".", ".."] }, ...described(description) };
}

/**
 * A GUID (`readGuid`).
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function guidSchema(description?: string): JsonSchema {
  return { type: "string", format: "uuid", pattern: GUID_PATTERN, ...described(description) };
}

/**
 * An e-mail address (`readEmail`).
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function emailSchema(description?: string): JsonSchema {
  return { type: "string", maxLength: 254, pattern: EMAIL_PATTERN, ...described(description) };
}

/**
 * A boolean (`readBoolean`).
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function booleanSchema(description?: string): JsonSchema {
  return { type: "boolean", ...described(description) };
}

/**
 * A `YYYY-MM-DD` date (`readDate`).
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function dateSchema(description?: string): JsonSchema {
  return { type: "string", format: "date", pattern: DATE_PATTERN, ...described(description) };
}

/**
 * A date-time with `Z` or an offset (`readDateTime`).
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function dateTimeSchema(description?: string): JsonSchema {
  return { type: "string", pattern: DATE_TIME_PATTERN, ...described(description) };
}

/**
 * An exact non-negative decimal below 10^9 (`readNonNegativeDecimal`, GEN-7).
 * @param description - the schema's description, before the sentence on decimals
 * @returns the schema
 * @internal
 */
export function decimalSchema(description?: string): JsonSchema {
  return {
    type: "number",
    minimum: 0,
    exclusiveMaximum: 10 ** limits.decimalIntegerDigits,
    description: `${description === undefined ? "" : `${description} `}An exact decimal: at most ${limits.decimalScale} decimal places, never negative (GEN-7).`,
  };
}

/**
 * A whole number within bounds (`readInteger`).
 * @param min - the smallest
 * @param max - the largest
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function integerSchema(min: number, max: number, description?: string): JsonSchema {
  return { type: "integer", minimum: min, maximum: max, ...described(description) };
}

/**
 * A number within bounds.
 * @param min - the smallest
 * @param max - the largest
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function numberSchema(min: number, max: number, description?: string): JsonSchema {
  return { type: "number", minimum: min, maximum: max, ...described(description) };
}

/**
 * One of a fixed set of strings (`readEnum`).
 * @param values - the allowed values
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function enumSchema(values: readonly string[], description?: string): JsonSchema {
  return { type: "string", enum: [...values], ...described(description) };
}

/**
 * A list from `min` to `max` elements (`readArray`).
 * @param items - the elements' schema
 * @param min - the fewest elements
 * @param max - the most elements
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function arraySchema(items: JsonSchema, min: number, max: number, description?: string): JsonSchema {
  return { type: "array", items, ...(min > 0 ? { minItems: min } : {}), maxItems: max, ...described(description) };
}

/**
 * An object; unknown properties are allowed, as the parsers ignore them (ERR-3).
 * @param properties - the properties' schemas
 * @param required - the required keys
 * @param description - the schema's description
 * @returns the schema
 * @internal
 */
export function objectSchema(properties: Readonly<Record<string, JsonSchema>>, required: readonly string[], description?: string): JsonSchema {
  return { type: "object", properties, ...(required.length > 0 ? { required: [...required] } : {}), ...described(description) };
}

/**
 * The schema, or `null` (an optional field sent as `null`, GEN-5).
 * @param schema - the schema
 * @returns the schema with `null` allowed
 * @internal
 */
export function nullableSchema(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  return typeof type === "string" ? { ...schema, type: [type, "null"], ...(Array.isArray(schema.enum) ? { enum: [...(schema.enum as unknown[]), null] } : {}) } : { anyOf: [schema, { type: "null" }] };
}

/**
 * Builders of the JSON Schemas of request bodies, each mirroring one reader of `read.ts`. A body
 * described with src/shared/description/ imports the builders it needs one by one instead, so
 * a bundle carries only those.
 * @internal
 */
export const js: {
  /** Any string up to `max` UTF-16 code units (`readText`). */
  readonly text: (max?: number, description?: string) => JsonSchema;
  /** A string with a visible character (`readNonBlank`). */
  readonly nonBlank: (description?: string) => JsonSchema;
  /** An external ID that a URL path can carry (`readExternalId`, TXT-2): non-blank, not `.` nor `..`. */
  readonly externalId: (description?: string) => JsonSchema;
  /** A GUID (`readGuid`). */
  readonly guid: (description?: string) => JsonSchema;
  /** A `YYYY-MM-DD` date (`readDate`). */
  readonly date: (description?: string) => JsonSchema;
  /** A date-time with `Z` or an offset (`readDateTime`). */
  readonly dateTime: (description?: string) => JsonSchema;
  /** An e-mail address (`readEmail`). */
  readonly email: (description?: string) => JsonSchema;
  /** A boolean (`readBoolean`). */
  readonly boolean: (description?: string) => JsonSchema;
  /** An exact non-negative decimal below 10^9 (`readNonNegativeDecimal`, GEN-7). */
  readonly decimal: (description?: string) => JsonSchema;
  /** A whole number within bounds (`readInteger`). */
  readonly integer: (min: number, max: number, description?: string) => JsonSchema;
  /** A number within bounds. */
  readonly number: (min: number, max: number, description?: string) => JsonSchema;
  /** One of a fixed set of strings (`readEnum`). */
  readonly enumOf: (values: readonly string[], description?: string) => JsonSchema;
  /** A list from `min` to `max` elements (`readArray`). */
  readonly array: (items: JsonSchema, min: number, max: number, description?: string) => JsonSchema;
  /** An object; unknown properties are allowed, as the parsers ignore them (ERR-3). */
  readonly object: (properties: Readonly<Record<string, JsonSchema>>, required: readonly string[], description?: string) => JsonSchema;
  /** The schema, or `null` (an optional field sent as `null`, GEN-5). */
  readonly nullable: (schema: JsonSchema) => JsonSchema;
} = {
  text: textSchema,
  nonBlank: nonBlankSchema,
  externalId: externalIdSchema,
  guid: guidSchema,
  date: dateSchema,
  dateTime: dateTimeSchema,
  email: emailSchema,
  boolean: booleanSchema,
  decimal: decimalSchema,
  integer: integerSchema,
  number: numberSchema,
  enumOf: enumSchema,
  array: arraySchema,
  object: objectSchema,
  nullable: nullableSchema,
};

function described(description: string | undefined): JsonSchema {
  return description === undefined ? {} : { description };
}

const TARGET_URIS: Readonly<Record<string, string>> = {
  "draft-2020-12": "https://json-schema.org/draft/2020-12/schema",
  "draft-07": "http://json-schema.org/draft-07/schema#",
};

/**
 * A body's JSON Schema for one Standard JSON Schema target: the same keywords for
 * `draft-2020-12` and `draft-07` (the builders use none that differ) with the target's
 * `$schema`; `openapi-3.0` with `nullable` in place of a `null` type; any other target throws,
 * as the Standard JSON Schema spec asks.
 * @param schema - the body's schema
 * @param target - the requested target
 * @returns the schema for that target
 * @throws Error when the target is not supported
 * @example
 * jsonSchemaFor(js.nullable(js.boolean()), "openapi-3.0") //=> { type: "boolean", nullable: true }
 * jsonSchemaFor(js.boolean(), "draft-07").$schema //=> "http://json-schema.org/draft-07/schema#"
 * @internal
 */
export function jsonSchemaFor(schema: JsonSchema, target: string): Record<string, unknown> {
  if (target === "openapi-3.0") return toOpenApi30(schema) as Record<string, unknown>;
  const uri = TARGET_URIS[target];
  if (uri === undefined) throw new Error(`field-service-rules: JSON Schema target ${JSON.stringify(target)} is not supported (draft-2020-12, draft-07, openapi-3.0).`);
  return { $schema: uri, ...(structuredCopy(schema) as Record<string, unknown>) };
}

function structuredCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCopy);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = structuredCopy(v);
  return out;
}

// OpenAPI 3.0 schemas have one `type` and mark null with `nullable`; `false` subschemas
// become `not: {}`; `exclusiveMaximum` is a boolean beside `maximum`.
function toOpenApi30(value: unknown): unknown {
  if (value === false) return { not: {} };
  if (Array.isArray(value)) return value.map(toOpenApi30);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "type" && Array.isArray(v)) {
      const types = v.filter((t) => t !== "null");
      if (types.length === 1) out.type = types[0];
      if (types.length < v.length) out.nullable = true;
    } else if (k === "exclusiveMaximum" && typeof v === "number") {
      out.maximum = v;
      out.exclusiveMaximum = true;
    } else {
      // Also `properties`: its values are schemas (objects or booleans), so a property named
      // like a keyword (`type`, `exclusiveMaximum`) is never an array or a number here.
      out[k] = toOpenApi30(v);
    }
  }
  return out;
}

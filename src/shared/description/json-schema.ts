// The JSON Schema of a body description in a mode, with the texts its TSDoc gives (`BodyDocs`):
// the request side of the OpenAPI document and the Standard Schema twins. The one place that
// walks a description for a schema.
import { arraySchema, nullableSchema, objectSchema, type JsonSchema } from "../json-schema.js";
import { arrayOf, inBody, isRequired } from "./fields.js";
import type { BodyDocs, BodyMode, Field, ObjectShape, Value } from "./types.js";

function fieldSchema(field: Field, mode: BodyMode, docs: BodyDocs, description: string | undefined): JsonSchema {
  if (field.presence === "list" || field.presence === "addList") {
    const shape = arrayOf(field);
    const items = valueSchema(shape.item, mode, docs);
    return isRequired(field, mode) ? arraySchema(items, field.addMin ?? 0, shape.max, description) : nullableSchema(arraySchema(items, 0, shape.max, description));
  }
  const schema = valueSchema(field.value, mode, docs, description);
  if (field.presence === "required" || field.presence === "notNull") return schema;
  // "" is "not filled" (CUS-4): the schema lets it through besides a visible character.
  return nullableSchema(field.emptyIsNull === true ? { ...schema, pattern: `^$|${String(schema.pattern)}` } : schema);
}

/** The JSON Schema of a value in a mode: the one place that walks a description for it. */
function valueSchema(value: Value<unknown>, mode: BodyMode, docs: BodyDocs, description?: string): JsonSchema {
  const shape = value.shape;
  if (shape.kind === "leaf") return shape.json(description);
  if (shape.kind === "array") return arraySchema(valueSchema(shape.item, mode, docs), shape.min, shape.max, description);
  return describedObjectSchema(value, mode, docs, description);
}

/** A field's text in a body: the mode's own for its type or a base's, else the shared one. */
function fieldText(value: Value<unknown>, key: string, docs: BodyDocs): string | undefined {
  for (let v: Value<unknown> | undefined = value; v !== undefined && v.shape.kind === "object"; v = v.shape.base) {
    const name = v.shape.name;
    const text = docs.mode[`${name}.${key}`] ?? docs.fields[name]?.[key];
    if (text !== undefined) return text;
  }
  return undefined;
}

function describedObjectSchema(value: Value<unknown>, mode: BodyMode, docs: BodyDocs, description: string | undefined): JsonSchema {
  const shape = value.shape as ObjectShape;
  const fields = shape.fields;
  const properties: Record<string, JsonSchema> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (!inBody(field, mode)) continue;
    properties[key] = fieldSchema(field, mode, docs, fieldText(value, key, docs));
    if (isRequired(field, mode)) requiredKeys.push(key);
  }
  // `false` is the JSON Schema nothing matches (a boolean schema, outside the JsonSchema object type).
  for (const key of shape.refused ?? []) properties[key] = false as unknown as JsonSchema;
  return objectSchema(properties, requiredKeys, description ?? docs.mode[shape.name]);
}


/**
 * The JSON Schema of a described body in a mode, the shape its parser reads.
 * @param body - the body's description
 * @param mode - how it is read
 * @param docs - the body's generated descriptions
 * @param description - the root's description, for a root that is not an object (a list, STK-6)
 * @returns the schema
 * @internal
 */
export function describedJsonSchema(body: Value<unknown>, mode: BodyMode, docs: BodyDocs, description?: string): JsonSchema {
  return valueSchema(body, mode, docs, description);
}

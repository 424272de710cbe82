// The objects of a body description: an object of fields, one that extends another, one that
// refuses keys, and the edit of one (ORD-7). Each compiles once per mode (compile.ts).
import { issue, joinPath } from "../issue.js";
import type { ValueReader } from "../read.js";
import type { RuleId } from "../rule-id.generated.js";
import { objectReader, perMode } from "./compile.js";
import { notNull, optional } from "./fields.js";
import type { DescribedOutput, EditFields, Field, Fields, ObjectShape, Value, ValueShape } from "./types.js";

/**
 * An object with the given fields, read in their order; unknown keys are ignored (ERR-3). Each
 * issue of a field is at `parent.key.field`; the object is unusable when any field is.
 * @param name - its command type's name (the generated interface, or an existing type `from` names)
 * @param fields - its fields
 * @param from - the module under `src/` that already exports the command type
 * @returns the description
 * @internal
 */
export function object<const F extends Fields>(name: string, fields: F, from?: string): Value<DescribedOutput<F>> & { readonly fields: F } {
  return objectValue(name, fields, { kind: "object", fields, name, from });
}

function objectValue<F extends Fields>(name: string, fields: F, shape: ValueShape): Value<DescribedOutput<F>> & { readonly fields: F } {
  return { reader: perMode((ctx) => objectReader(fields, name, ctx) as ValueReader<DescribedOutput<F>>), shape, fields };
}

/**
 * The object `body`, refusing each of `keys` when sent, even as `null`: one issue `code` citing
 * `rule` at the key, before the object's own issues, in the order of `keys` (INT-4). The keys
 * are in neither the command nor the body type; the JSON Schema says `false` for each.
 * @param body - the object
 * @param keys - the keys refused
 * @param code - the issue's code
 * @param rule - the rule that refuses them
 * @param message - the issue's message for a key
 * @returns the description
 * @internal
 */
export function refuse<T, F extends Fields>(
  body: Value<T> & { readonly fields: F },
  keys: readonly string[],
  code: Parameters<typeof issue>[0],
  rule: RuleId,
  message: (key: string) => string,
): Value<T> & { readonly fields: F } {
  const shape = body.shape as ObjectShape;
  const reader = perMode((ctx) => {
    const read = body.reader(ctx);
    return ((value, parent, key, issues) => {
      const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
      const before = issues.length;
      if (isObject) {
        const path = joinPath(parent, key);
        for (const k of keys) if (Object.hasOwn(value, k)) issues.push(issue(code, joinPath(path, k), rule, message(k)));
      }
      const out = read(value, parent, key, issues);
      return issues.length === before ? out : undefined;
    }) as ValueReader<T>;
  });
  return { reader, shape: { ...shape, refused: keys }, fields: body.fields };
}

/**
 * An object with the fields of `base` followed by `more`, or preceded by them with `"first"`
 * (the order they are read in, hence of issues): the command type extends the base's.
 * @param base - the object extended
 * @param name - the new command type's name
 * @param more - the fields added
 * @param first - `"first"`: `more` is read before the base's fields
 * @returns the description
 * @internal
 */
export function extend<const B extends Fields, const F extends Fields>(
  base: Value<DescribedOutput<B>> & { readonly fields: B },
  name: string,
  more: F,
  first?: "first",
): Value<DescribedOutput<B & F>> & { readonly fields: B & F } {
  const fields = (first === "first" ? { ...more, ...base.fields } : { ...base.fields, ...more }) as B & F;
  return objectValue(name, fields, { kind: "object", fields, name, base });
}

/**
 * The object `body` as an edit reads it (`PUT`, the record named by the path: ORD-7): every field
 * may be left out; a `required` field cannot be cleared ({@link notNull}: `null` is `Required`,
 * GEN-5), an `ident` is a field in its three states ({@link optional}: `null` kept); every other
 * field, and every nested object, as it is. Its bases become their edits, so the generator writes
 * a base read by an add and by an edit in its edit state, the one that takes both. Same name and
 * keys (the same record maker); compiled and documented in the `edit` mode. Refused keys are not
 * carried over: refuse the edit, not the object edited.
 * @param body - the object
 * @returns the description
 * @example
 * const x = object("X", { name: required(nonBlank()) });
 * const parse = compileBody(edit(x), "edit", recordsByKey(x));
 * parse({}).value.name //=> ABSENT
 * parse({ name: null }).issues.map((i) => `${i.code}@${i.path}`) //=> ["Required@name"]
 * @internal
 */
export function edit<const F extends Fields>(body: Value<unknown> & { readonly fields: F }): Value<DescribedOutput<EditFields<F>>> & { readonly fields: EditFields<F> } {
  const shape = body.shape as ObjectShape;
  const fields: Record<string, Field> = {};
  for (const [key, field] of Object.entries(shape.fields)) {
    fields[key] = field.presence === "required" ? notNull(field.value, field.rule) : field.presence === "ident" ? optional(field.value, field.rule) : field;
  }
  const base = shape.base as (Value<unknown> & { readonly fields: Fields }) | undefined;
  return objectValue(shape.name, fields as EditFields<F>, { kind: "object", fields, name: shape.name, ...(base === undefined ? {} : { base: edit(base) }), edits: body });
}

// The fields of a described object: a value and how it is present in a body (`Presence`, GEN-5),
// and what the parser and the JSON Schema both ask of a field (is it in the body, is it required,
// which array a list reads).
import { ABSENT as ABSENT_BINDING, checkNotNull } from "../field.js";
import type { RuleId } from "../rule-id.generated.js";
import type { BodyMode, Field, Value, ValueShape } from "./types.js";

// A module-local copy of the imported binding the compiled closures use on every field: some
// loaders (vitest's module runner) turn each use of an imported binding into a getter call.
const ABSENT: typeof ABSENT_BINDING = ABSENT_BINDING;

/**
 * A required field: missing is `Required` citing `rule` (ERR-2 without one), `null` too (GEN-5).
 * @param value - the value
 * @param rule - the rule that states the field's constraint
 * @returns the field
 * @internal
 */
export function required<T>(value: Value<T>, rule?: RuleId): Field<"required", T> {
  return { presence: "required", value, rule };
}

/**
 * An optional field in its three states (GEN-5); `null` counts as left out on an add.
 * @param value - the value
 * @param rule - the rule that states the field's constraint
 * @param emptyIsNull - `""` means not filled and reads as `null` (CUS-4)
 * @returns the field
 * @internal
 */
export function optional<T>(value: Value<T>, rule?: RuleId, emptyIsNull?: "emptyIsNull"): Field<"optional", T> {
  return emptyIsNull === undefined ? { presence: "optional", value, rule } : { presence: "optional", value, rule, emptyIsNull: true };
}

/**
 * An identifier (`id`, `externalId`): left out and `null` both mean not sent.
 * @param value - the value
 * @param rule - the rule that states the field's constraint
 * @returns the field
 * @internal
 */
export function ident<T>(value: Value<T>, rule?: RuleId): Field<"ident", T> {
  return { presence: "ident", value, rule };
}

/**
 * An identifier read only by an add-or-edit (UPS-6); an add ignores it (ERR-3).
 * @param value - the value
 * @returns the field
 * @internal
 */
export function upsertOnly<T>(value: Value<T>): Field<"upsertOnly", T> {
  return { presence: "upsertOnly", value };
}

/**
 * A field of a replace body: left out or `null` reads as `fallback` (MAT-1, STO-1).
 * @param value - the value
 * @param fallback - what left out or `null` reads as
 * @param rule - the rule that states the field's constraint
 * @returns the field
 * @internal
 */
export function orDefault<T, const D>(value: Value<T>, fallback: D, rule?: RuleId): Field<"orDefault", T | D> {
  return { presence: "orDefault", value, fallback, rule };
}

/**
 * A field that may be left out but not cleared: left out is {@link ABSENT}, `null` is
 * `Required` (GEN-5) in either mode.
 * @param value - the value
 * @param rule - the rule that states the field's constraint
 * @returns the field
 * @internal
 */
export function notNull<T>(value: Value<T>, rule?: RuleId): Field<"notNull", T> {
  return {
    presence: "notNull",
    value,
    rule,
    compile: (key, ctx) => {
      const read = value.reader(ctx);
      return (v, issues) => (v === undefined ? ABSENT : v === null ? checkNotNull(null, key, issues) : (read(v, "", key, issues) ?? ABSENT));
    },
  };
}

/**
 * A list that may be left out or `null` (none sent: empty).
 * @param value - the list
 * @param rule - the rule that states the field's constraint
 * @returns the field
 * @internal
 */
export function list<T>(value: Value<readonly T[]>, rule?: RuleId): Field<"list", readonly T[]> {
  return { presence: "list", value, rule };
}

/**
 * A list required on an add with `addMin` elements at least (CUS-1), optional on an add-or-edit.
 * @param value - the list
 * @param addMin - the fewest elements of an add
 * @param rule - the rule that states the field's constraint
 * @returns the field
 * @internal
 */
export function addList<T>(value: Value<readonly T[]>, addMin: number, rule?: RuleId): Field<"addList", readonly T[]> {
  return { presence: "addList", value, addMin, rule };
}

/**
 * The array a list field reads (`list` and `addList` take one from `array`).
 * @param field - a `list` or `addList` field
 * @returns the array's shape
 * @internal
 */
export function arrayOf(field: Field): Extract<ValueShape, { kind: "array" }> {
  const shape = field.value.shape;
  if (shape.kind !== "array") throw new Error("field-service-rules: a list field needs an array");
  return shape;
}

/**
 * Whether a field is a required key of the body in a mode.
 * @param field - the field
 * @param mode - the mode
 * @returns whether the body must carry it
 * @internal
 */
export function isRequired(field: Field, mode: BodyMode): boolean {
  return field.presence === "required" || (field.presence === "addList" && mode === "add");
}

/**
 * Whether a field is part of the body in a mode (an add ignores {@link upsertOnly} fields).
 * @param field - the field
 * @param mode - the mode
 * @returns whether the body carries it
 * @internal
 */
export function inBody(field: Field, mode: BodyMode): boolean {
  return !(field.presence === "upsertOnly" && mode === "add");
}

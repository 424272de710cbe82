import { ABSENT as ABSENT_BINDING, checkNotNull, type Absent, type Tri } from "./field.js";
import type { Dec } from "./decimal.js";
import type { Guid } from "./guid.js";
import { collect as collectBinding, issue, joinPath, type Issue, type Result } from "./issue.js";
import {
  arraySchema,
  booleanSchema,
  dateSchema,
  dateTimeSchema,
  decimalSchema,
  emailSchema,
  enumSchema,
  externalIdSchema,
  guidSchema,
  integerSchema,
  nonBlankSchema,
  nullableSchema,
  numberSchema,
  objectSchema,
  textSchema,
  type JsonSchema,
} from "./json-schema.js";
import { limits } from "./limits.js";
import {
  readArray,
  readBoolean,
  readDate,
  readDateTime,
  readNonNegativeDecimal,
  readEmail,
  readEnum,
  readExternalId,
  readGuid,
  readInteger,
  readNonBlank,
  readText,
  requiredValue as requiredValueBinding,
  wrongType,
  type JsonObject,
  type ValueReader,
} from "./read.js";
import type { RuleId } from "./rule-id.js";
import type { Instant, IsoDate } from "./time.js";

// Module-local copies of the imported bindings the compiled closures use on every field: some
// loaders (vitest's module runner) turn each use of an imported binding into a getter call.
const ABSENT: typeof ABSENT_BINDING = ABSENT_BINDING;
const requiredValue: typeof requiredValueBinding = requiredValueBinding;
const collect: typeof collectBinding = collectBinding;

/*
 * One declarative description per request body (issue 23): a value is described once, with the
 * combinators below, and everything else is derived from that description:
 * - the parser: `compileBody` turns a description into closures, once per module load, that
 *   read with the shared readers of `read.ts` (same codes, paths, rules and messages);
 * - the body's JSON Schema (`describedJsonSchema`), hence its Standard Schema twin and the
 *   request side of the OpenAPI document;
 * - the TypeScript types: the parsed command (`DescribedOutput`, checked at compile time against
 *   the generated interface) and the JSON body, both written into a checked-in file by
 *   `scripts/body-types.mjs` (`isolatedDeclarations` forbids exporting a type inferred from a
 *   const; docs/decisions.md "One description per body").
 * The documentation is part of the description as TSDoc: on each field (`@add`/`@upsert` for a
 * text that differs in the body of one mode) and on each object (`@add`/`@upsert` name the body
 * type of that mode). The generator reads it into the types and into per-body tables the JSON
 * Schema takes (`BodyDocs`), so a bundle that only parses carries no documentation.
 * A description is plain data plus closures; nothing here reads a clock or the environment.
 */

/**
 * How a body is read: a plain add (`null` on an optional field counts as left out, GEN-5; a field
 * described with {@link upsertOnly} is not a field of an add and is ignored, ERR-3), an
 * add-or-edit (`null` kept apart from left out, {@link upsertOnly} fields read), or an edit of a
 * record the path names (ORD-7): the description {@link edit} makes, read as an add-or-edit reads;
 * the mode names the texts (`@edit`) and the command type the generator writes for it.
 */
export type BodyMode = "add" | "upsert" | "edit";

/**
 * A type the generated file names, and the module under `src/` it comes from (none: a built-in
 * such as `string`).
 * @internal
 */
export interface TypeName {
  /** The type's name or expression (`Guid`, `string`). */
  readonly name: string;
  /** The module under `src/` that exports it, without extension (`shared/guid`). */
  readonly from?: string;
}

/**
 * What the type generator reads of a value: a leaf with its command and body types, a list, or
 * an object.
 * @internal
 */
export type ValueShape =
  | {
      /** Discriminant: a JSON scalar. */
      readonly kind: "leaf";
      /** Its type in the parsed command. */
      readonly output: TypeName;
      /** Its type in the JSON body. */
      readonly body: TypeName;
      /** Its JSON Schema, with a description. */
      readonly json: (description?: string) => JsonSchema;
    }
  | {
      /** Discriminant: a JSON array. */
      readonly kind: "array";
      /** The element. */
      readonly item: Value<unknown>;
      /** The fewest elements. */
      readonly min: number;
      /** The most elements (LIM-1). */
      readonly max: number;
    }
  | {
      /** Discriminant: a JSON object. */
      readonly kind: "object";
      /** Its fields in reading order, its base's first. */
      readonly fields: Fields;
      /** The command type's name. */
      readonly name: string;
      /** The module under `src/` that already exports the command type; none: it is generated. */
      readonly from?: string | undefined;
      /** The object it extends, whose fields come first. */
      readonly base?: Value<unknown>;
      /** Keys refused even as `null` (see {@link refuse}); none in the command or the body type. */
      readonly refused?: readonly string[];
      /** The object this one is the edit of (see {@link edit}): same name, its fields in their edit states. */
      readonly edits?: Value<unknown>;
    };

/** The shape of an object description. */
type ObjectShape = Extract<ValueShape, { kind: "object" }>;

declare const outputType: unique symbol;

/**
 * A described JSON value: how to read it in each mode, its JSON Schema, and what the type
 * generator needs. `T` is the parsed value's type.
 * @internal
 */
export interface Value<T> {
  /** The reader of the value in a mode (compiled once per mode and kept). */
  readonly reader: (ctx: CompileContext) => ValueReader<T>;
  /** The shape, for the type generator and for fields that look inside (lists). */
  readonly shape: ValueShape;
  /** Compile-time only: the parsed type. */
  readonly [outputType]?: T;
}

/**
 * How a field is present in a body, and what its three states (GEN-5) become:
 * - `required`: missing or `null` is `Required`;
 * - `optional`: left out is {@link ABSENT}, `null` is `null` (left out on an add, GEN-5);
 * - `ident`: an identifier; left out and `null` both {@link ABSENT};
 * - `upsertOnly`: an `ident` of an add-or-edit; an add ignores it (ERR-3) and reads {@link ABSENT};
 * - `list`: a list that may be left out or `null` (none sent: empty);
 * - `addList`: a list required on an add with `addMin` elements at least, a `list` on an add-or-edit;
 * - `orDefault`: left out or `null` is the field's default (a replace body, MAT-1, STO-1);
 * - `notNull`: left out is {@link ABSENT}, `null` is `Required` (GEN-5: a value that cannot be cleared).
 * An edit ({@link edit}) reads a `required` field as `notNull` and an `ident` as `optional`.
 * @internal
 */
export type Presence = "required" | "optional" | "ident" | "upsertOnly" | "list" | "addList" | "orDefault" | "notNull";

/**
 * One field of an object: its value and how it is present. Its documentation is the TSDoc
 * written on it in the description, which the generator reads.
 * @internal
 */
export interface Field<P extends Presence = Presence, T = unknown> {
  /** How it is present. */
  readonly presence: P;
  /** The value. */
  readonly value: Value<T>;
  /** `addList` only: the fewest elements on an add. */
  readonly addMin?: number;
  /**
   * The rule of the catalog that states this field's constraint (its presence, blankness, list
   * bounds, values, format): an issue at the field (or at an element of a list of scalars) that
   * the shared readers cite as ERR-2 cites this rule instead. None: ERR-2 stays.
   */
  readonly rule?: RuleId | undefined;
  /** An empty string means "not filled" and reads as `null` (CUS-4). */
  readonly emptyIsNull?: boolean;
  /** `orDefault` only: what left out or `null` reads as. */
  readonly fallback?: unknown;
  /**
   * The field's own reader, for a presence whose reading lives with its combinator (`notNull`),
   * so that a bundle whose bodies do not use it does not carry it.
   */
  readonly compile?: (key: string, ctx: CompileContext) => FieldReader;
}

/**
 * The fields of an object, by key, in reading order (which is also the order of issues).
 * @internal
 */
export type Fields = { readonly [key: string]: Field };

/**
 * The JSON Schema descriptions of one body, generated from the description's TSDoc.
 * @internal
 */
export interface BodyDocs {
  /** Each field's text, by command type and key, shared by the bodies of every mode. */
  readonly fields: { readonly [output: string]: { readonly [key: string]: string } };
  /** What this body's mode says instead: each object's description by type, and `Type.key` for a field that says it differently. */
  readonly mode: { readonly [name: string]: string };
}

/** The parsed value of one field. */
type FieldOutput<F> =
  F extends Field<"required" | "list" | "addList" | "orDefault", infer T>
    ? T
    : F extends Field<"optional", infer T>
      ? Tri<T>
      : F extends Field<"ident" | "upsertOnly" | "notNull", infer T>
        ? Absent | T
        : never;

/**
 * The parsed command an object description reads: each field in the type its presence gives.
 * Checked against the generated interface (`SameType`) so the generated file cannot drift.
 * @internal
 */
export type DescribedOutput<F extends Fields> = { readonly [K in keyof F]: FieldOutput<F[K]> };

/**
 * The fields of an object as an edit reads them ({@link edit}): `required` becomes `notNull`,
 * `ident` becomes `optional`, every other field stays.
 * @internal
 */
export type EditFields<F extends Fields> = {
  readonly [K in keyof F]: F[K] extends Field<"required", infer T> ? Field<"notNull", T> : F[K] extends Field<"ident", infer T> ? Field<"optional", T> : F[K];
};

/**
 * `true` when `A` and `B` are the same type (mutually assignable, and no `any` on either side);
 * a module asserts `const check: SameType<Generated, DescribedOutput<...>> = true`.
 * @internal
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// ---- Leaves: each reads with the shared reader of read.ts whose checks it names.

function leaf<T>(read: ValueReader<T>, json: (description?: string) => JsonSchema, output: TypeName, body: TypeName = output): Value<T> {
  return { reader: () => read, shape: { kind: "leaf", output, body, json } };
}

const STRING: TypeName = { name: "string" };

/**
 * Storable text of at most `max` characters (LIM-1, TXT-1).
 * @param max - the longest string accepted
 * @returns the description
 * @internal
 */
export function text(max: number = limits.text): Value<string> {
  return leaf(readText(max), (d) => textSchema(max, d), STRING);
}

/**
 * A string with a visible character, up to `limits.text` characters.
 * @returns the description
 * @internal
 */
export function nonBlank(): Value<string> {
  return leaf(readNonBlank, nonBlankSchema, STRING);
}

/**
 * An external ID a URL path can carry (TXT-2).
 * @returns the description
 * @internal
 */
export function externalId(): Value<string> {
  return leaf(readExternalId, externalIdSchema, STRING);
}

/**
 * An e-mail address.
 * @returns the description
 * @internal
 */
export function email(): Value<string> {
  return leaf(readEmail, emailSchema, STRING);
}

/**
 * A GUID in any case, parsed lowercase (GEN-1).
 * @returns the description
 * @internal
 */
export function guid(): Value<Guid> {
  return leaf(readGuid, guidSchema, { name: "Guid", from: "shared/guid" }, STRING);
}

/**
 * A whole number from `min` to `max`: not a whole number is `NotInteger`, below a minimum of 0
 * `Negative`, any other bound broken `OutOfRange` (ERR-2, ORD-5).
 * @param min - the smallest accepted
 * @param max - the largest accepted
 * @returns the description
 * @internal
 */
export function integer(min: number, max: number = Number.MAX_SAFE_INTEGER): Value<number> {
  return leaf(readInteger(min, max), (d) => integerSchema(min, max, d), { name: "number" });
}

/**
 * A boolean.
 * @returns the description
 * @internal
 */
export function boolean(): Value<boolean> {
  return leaf(readBoolean, booleanSchema, { name: "boolean" });
}

/**
 * An exact non-negative decimal below 10^9 (GEN-7).
 * @returns the description
 * @internal
 */
export function decimal(): Value<Dec> {
  return leaf(readNonNegativeDecimal, decimalSchema, { name: "Dec", from: "shared/decimal" }, { name: "number" });
}

/**
 * A `YYYY-MM-DD` calendar date that exists (GEN-6).
 * @returns the description
 * @internal
 */
export function date(): Value<IsoDate> {
  return leaf(readDate, dateSchema, { name: "IsoDate", from: "shared/time" }, STRING);
}

/**
 * An ISO 8601 date-time with `Z` or an offset, read as an instant (GEN-6).
 * @returns the description
 * @internal
 */
export function dateTime(): Value<Instant> {
  return leaf(readDateTime, dateTimeSchema, { name: "Instant", from: "shared/time" }, STRING);
}

const notANumber = wrongType("a number");

/**
 * A finite number within `[min, max]`; outside is `OutOfRange` citing `rule`.
 * @param min - the smallest accepted
 * @param max - the largest accepted
 * @param rule - the rule that sets the range
 * @returns the description
 * @internal
 */
export function numberIn(min: number, max: number, rule: RuleId): Value<number> {
  const read: ValueReader<number> = (value, parent, key, issues) => {
    if (typeof value !== "number") return notANumber(value, parent, key, issues);
    // JSON has no NaN or Infinity, but a caller of the library can pass them.
    if (!Number.isFinite(value)) {
      issues.push(issue("InvalidNumber", joinPath(parent, key), rule));
      return undefined;
    }
    if (value < min || value > max) {
      issues.push(issue("OutOfRange", joinPath(parent, key), rule, `Expected a number from ${min} to ${max} (${rule}).`));
      return undefined;
    }
    return value;
  };
  return leaf(read, (d) => numberSchema(min, max, d), { name: "number" });
}

/**
 * One of a fixed set of strings, typed by the union type `type` names.
 * @param values - the allowed values
 * @param type - the union's name and module under `src/`
 * @returns the description
 * @internal
 */
export function oneOf<const T extends string>(values: readonly T[], type: TypeName): Value<T> {
  return leaf(readEnum(values), (d) => enumSchema(values, d), type);
}

/**
 * A list of `min` to `max` elements, each read by `item`; every bad element is reported (GEN-9).
 * @param item - the element's description
 * @param max - the most elements (LIM-1)
 * @param min - the fewest elements
 * @returns the description
 * @internal
 */
export function array<T>(item: Value<T>, max: number, min = 0): Value<readonly T[]> {
  return {
    reader: (ctx) => readArray(item.reader(ctx), min, max),
    shape: { kind: "array", item, min, max },
  };
}

/**
 * The list at the root of a body (STK-6): anything but an array is one `InvalidType` citing
 * `rule`, more than `max` elements one `TooMany` (LIM-1), each reported alone before any element
 * is read; otherwise every bad element is reported at its index (GEN-9).
 * @param item - the element's description
 * @param max - the most elements (LIM-1)
 * @param rule - the rule that asks for a list
 * @param noun - what the elements are, plural, for the messages ("stock items")
 * @returns the description
 * @internal
 */
export function rootList<T>(item: Value<T>, max: number, rule: RuleId, noun: string): Value<readonly T[]> {
  const reader = perMode((ctx): ValueReader<readonly T[]> => {
    const read = item.reader(ctx);
    return (value, parent, key, issues) => {
      const path = joinPath(parent, key);
      if (!Array.isArray(value)) {
        issues.push(issue("InvalidType", path, rule, `The body must be a JSON array of ${noun} (${rule}).`));
        return undefined;
      }
      if (value.length > max) {
        issues.push(issue("TooMany", path, "LIM-1", `At most ${max} ${noun} in one body (${value.length} sent).`));
        return undefined;
      }
      // A bad element (read as undefined) pushed an issue, which fails the parse: the list is
      // then never read, so it is returned as it is.
      const out: (T | undefined)[] = [];
      for (let i = 0; i < value.length; i++) out.push(read(value[i], path, i, issues));
      return out as T[];
    };
  });
  return { reader, shape: { kind: "array", item, min: 0, max } };
}

/**
 * A leaf read as `value` reads it, then turned into what the command holds (an amount from a
 * decimal, STK-1); the JSON Schema and the body type are `value`'s.
 * @param value - the leaf
 * @param to - what a value read becomes
 * @param output - the command type the field holds (with its default, for an `orDefault` field)
 * @returns the description
 * @internal
 */
export function map<T, U>(value: Value<T>, to: (v: T) => U, output: TypeName): Value<U> {
  const shape = value.shape;
  if (shape.kind !== "leaf") throw new Error("field-service-rules: map takes a leaf");
  return {
    reader: (ctx) => {
      const read = value.reader(ctx);
      return (v, parent, key, issues) => {
        const r = read(v, parent, key, issues);
        // Stryker disable next-line ConditionalExpression: undefined comes only with an issue, which fails the parse whatever `to` makes of it; the test keeps `to` from seeing undefined
        return r === undefined ? undefined : to(r);
      };
    },
    shape: { ...shape, output },
  };
}

// ---- Fields

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

// ---- Objects

/**
 * Reads one field's raw value (`undefined` when left out) into what the command holds.
 * @internal
 */
export type FieldReader = (value: unknown, issues: Issue[]) => unknown;

/**
 * How the parser builds one command type: its keys in order, and a function that loads each by
 * name from the body object and reads it with the field's reader, into one object literal.
 * Generated by `scripts/body-types.mjs` from the description (a literal with constant keys is
 * several times faster to build than an object filled key by key: docs/performance.md).
 * @internal
 */
export interface RecordMaker {
  /** How many fields it reads: a maker of another count (a stale generated file) is not used. */
  readonly size: number;
  /** Builds the object: field `i` is `read[i](o.key_i, issues)`. */
  readonly make: (o: JsonObject, read: readonly FieldReader[], issues: Issue[]) => object;
}

/**
 * The record makers of a module's bodies, by command type name.
 * @internal
 */
export type RecordMakers = { readonly [output: string]: RecordMaker };

/**
 * What compiling a description needs: the mode, and the generated record makers if any.
 * @internal
 */
export interface CompileContext {
  /** How the body is read. */
  readonly mode: BodyMode;
  /** The generated record makers of the module. */
  readonly records: RecordMakers;
}

const notAnObject = wrongType("an object");

/**
 * Settles the issues pushed since `before` by an object's fields: each moves under the object's
 * `path` (objects are read with the root path `""`, so only a failing object pays for its full
 * path), and one its field's reader cites as ERR-2 cites the rule the field names instead, when
 * it names one (an issue at the field itself or at an element of it, `emails[2]`; one deeper
 * down, with a `.` in its relative path, is its nested object's, settled there already).
 */
function settle(issues: Issue[], before: number, path: string, fields: Fields): void {
  for (let i = before; i < issues.length; i++) {
    const it = issues[i] as Issue;
    const rule = it.rule === "ERR-2" && !it.path.includes(".") ? fields[it.path.split("[")[0] as string]?.rule : undefined;
    issues[i] = { ...it, path: joinPath(path, it.path), rule: rule ?? it.rule };
  }
}

/** The array a list field reads (`list` and `addList` take one from `array`). */
function arrayOf(field: Field): Extract<ValueShape, { kind: "array" }> {
  const shape = field.value.shape;
  if (shape.kind !== "array") throw new Error("field-service-rules: a list field needs an array");
  return shape;
}

function fieldReader(key: string, field: Field, ctx: CompileContext): FieldReader {
  const add = ctx.mode === "add";
  const presence = field.presence;
  if (presence === "required") {
    const read = field.value.reader(ctx);
    return (v, issues) => requiredValue(v, "", key, issues, read);
  }
  if (presence === "optional") {
    const read = field.value.reader(ctx);
    const emptyIsNull = field.emptyIsNull === true;
    return (v, issues) => {
      if (v === undefined) return ABSENT;
      if (v === null) return add ? ABSENT : null;
      if (emptyIsNull && v === "") return null;
      return read(v, "", key, issues) ?? ABSENT;
    };
  }
  if (presence === "orDefault") {
    const read = field.value.reader(ctx);
    const fallback = field.fallback;
    return (v, issues) => (v === undefined || v === null ? fallback : (read(v, "", key, issues) ?? fallback));
  }
  if (field.compile !== undefined) return field.compile(key, ctx);
  if (presence === "ident" || presence === "upsertOnly") {
    if (presence === "upsertOnly" && add) return () => ABSENT;
    const read = field.value.reader(ctx);
    return (v, issues) => (v === undefined || v === null ? ABSENT : (read(v, "", key, issues) ?? ABSENT));
  }
  const { item: element, max } = arrayOf(field);
  const item = element.reader(ctx);
  if (presence === "addList" && add) {
    const read = readArray(item, field.addMin ?? 0, max);
    // Undefined only after an issue was pushed, which fails the parse: never read then.
    return (v, issues) => requiredValue(v, "", key, issues, read);
  }
  const read = readArray(item, 0, max);
  // Nothing is ever deleted (UPS-6), so a list left out or null adds nothing. A failed read
  // pushed an issue, which fails the parse: the list is never read then.
  return (v, issues) => (v === undefined || v === null ? [] : read(v, "", key, issues));
}

function objectReader(fields: Fields, name: string, ctx: CompileContext): ValueReader<unknown> {
  const keys = Object.keys(fields);
  const n = keys.length;
  const readers = keys.map((k) => fieldReader(k, fields[k] as Field, ctx));
  // Fields are loaded by name (`o.key`), which on a plain object finds an own property or one of
  // Object.prototype's: no field may be named like one of those.
  const inherited = keys.find((k) => k in Object.prototype);
  if (inherited !== undefined) throw new Error(`field-service-rules: ${name}.${inherited} is named like a property of Object.prototype`);
  const maker = ctx.records[name];
  // No maker, or one of another size: the description changed and `npm run docs` was not run
  // (the type check and `npm run docs:check` refuse that too). Said when a body is read, not
  // here, so that the generator can load a description whose generated file is stale.
  const make =
    maker !== undefined && maker.size === n
      ? maker.make
      : () => {
          throw new Error(`field-service-rules: the generated record maker of ${name} is missing or stale: run npm run docs`);
        };
  /*
   * Hot path: one object literal (the generated maker), each field loaded by name (a load site
   * per type, so the loads stay monomorphic) and read by its closure, in the description's order.
   * Unknown keys are never read (ERR-3). A body whose prototype is not Object.prototype (or null)
   * is first copied into a plain object of its own enumerable keys, so an inherited property
   * never counts. Paths are built only when an issue is reported.
   */
  return (value, parent, key, issues) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return notAnObject(value, parent, key, issues);
    const before = issues.length;
    const proto: unknown = Object.getPrototypeOf(value);
    const out = make(proto === Object.prototype || proto === null ? (value as JsonObject) : { ...value }, readers, issues);
    if (issues.length === before) return out;
    settle(issues, before, joinPath(parent, key), fields);
    return undefined;
  };
}

/** Whether a field is a required key of the body in a mode. */
function isRequired(field: Field, mode: BodyMode): boolean {
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

/** Memoizes a builder per mode and record makers, so each object is compiled once however often it is nested. */
function perMode<T>(build: (ctx: CompileContext) => T): (ctx: CompileContext) => T {
  const cache = new WeakMap<RecordMakers, { [M in BodyMode]?: T }>();
  return (ctx) => {
    const byMode = cache.get(ctx.records) ?? {};
    cache.set(ctx.records, byMode);
    return (byMode[ctx.mode] ??= build(ctx));
  };
}

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

/**
 * The parser of a described body in a mode: reads with closures compiled here, once; never
 * throws; every issue with its JSON path and rule (GEN-9).
 * @param body - the body's description
 * @param mode - how it is read
 * @param records - the module's generated record makers
 * @returns the parser
 * @example
 * const x = object("X", { name: required(nonBlank()) });
 * const parse = compileBody(x, "add", recordsByKey(x));
 * parse({ name: " " }).issues.map((i) => `${i.code}@${i.path}`) //=> ["Blank@name"]
 * @internal
 */
export function compileBody<T>(body: Value<T>, mode: BodyMode, records: RecordMakers): (value: unknown) => Result<T> {
  const read = body.reader({ mode, records });
  return (value) => {
    const issues: Issue[] = [];
    const v = read(value, "", "", issues);
    return collect(issues, () => v as T);
  };
}

/**
 * Record makers that fill each object key by key, for a description that has no generated file
 * (the tests' own descriptions); several times slower than the generated ones.
 * @param body - the description
 * @returns a maker for every object it reads
 * @example
 * const x = object("X", { name: required(nonBlank()) });
 * compileBody(x, "add", recordsByKey(x))({ name: "a" }).value.name //=> "a"
 * @internal
 */
export function recordsByKey(body: Value<unknown>): RecordMakers {
  const out: Record<string, RecordMaker> = {};
  const visit = (value: Value<unknown>): void => {
    const shape = value.shape;
    if (shape.kind === "array") visit(shape.item);
    if (shape.kind !== "object" || Object.hasOwn(out, shape.name)) return;
    const keys = Object.keys(shape.fields);
    out[shape.name] = {
      size: keys.length,
      make: (o, read, issues) => {
        const made: Record<string, unknown> = {};
        keys.forEach((k, i) => (made[k] = (read[i] as FieldReader)(o[k], issues)));
        return made;
      },
    };
    for (const f of Object.values(shape.fields)) visit(f.value);
  };
  visit(body);
  return out;
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

/**
 * A body the type generator (`scripts/body-types.mjs`) writes types for: its description, the
 * mode it is read in, and the name of the command type when it is an alias of the object's own
 * (`CustomerAddCommand` = `CustomerInput`; its TSDoc is written on `command`).
 * @internal
 */
export interface DescribedBody {
  /** The body's description. */
  readonly value: Value<unknown>;
  /** How it is read. */
  readonly mode: BodyMode;
  /** An alias of the command type. */
  readonly command?: string;
}

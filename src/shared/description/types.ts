// The types of the body description language (issue 23; split from one file in issue 35): what a
// described value, field and object are, what the type generator reads of them, and what the
// generated record makers and docs tables look like. Types only; the combinators that build
// them are in leaves.ts, fields.ts and objects.ts, the parser in compile.ts, the JSON Schema in
// json-schema.ts, and index.ts says how they fit together.
import type { Absent, Tri } from "../field.js";
import type { Issue } from "../issue.js";
import type { JsonSchema } from "../json-schema.js";
import type { JsonObject, ValueReader } from "../read.js";
import type { RuleId } from "../rule-id.generated.js";

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

/**
 * The shape of an object description.
 * @internal
 */
export type ObjectShape = Extract<ValueShape, { kind: "object" }>;

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

/**
 * Reads one field's raw value (`undefined` when left out) into what the command holds.
 * @internal
 */
export type FieldReader = (value: unknown, issues: Issue[]) => unknown;

/**
 * How the parser builds one command type: its keys in order, and a function that loads each by
 * name from the body object and reads it with the field's reader, into one object literal.
 * Generated by `tools/body-types.ts` from the description (a literal with constant keys is
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

/**
 * A body the type generator (`tools/body-types.ts`) writes types for: its description, the
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

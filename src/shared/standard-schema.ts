import type { Issue, Result } from "./issue.js";
import type { RuleId } from "./rule-id.generated.js";
import { jsonSchemaFor, type JsonSchema } from "./json-schema.js";

/**
 * The Standard Schema v1 interface (https://standardschema.dev), written out rather than
 * imported: any tool that speaks Standard Schema can validate a request body with our
 * parsers.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

/** Types of the Standard Schema v1 interface. */
export declare namespace StandardSchemaV1 {
  /** The properties under `~standard`. */
  export interface Props<Input = unknown, Output = Input> {
    /** Always 1. */
    readonly version: 1;
    /** The library that made the schema. */
    readonly vendor: string;
    /** Validates an unknown value. */
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    /** Inferred types, for tools; never set at run time. */
    readonly types?: Types<Input, Output> | undefined;
  }
  /** The outcome of `validate`. */
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  /** A valid value. */
  export interface SuccessResult<Output> {
    /** The typed value. */
    readonly value: Output;
    /** Absent on success. */
    readonly issues?: undefined;
  }
  /** An invalid value. */
  export interface FailureResult {
    /** Every issue found. */
    readonly issues: ReadonlyArray<Issue>;
  }
  /** One issue. */
  export interface Issue {
    /** Human-readable message. */
    readonly message: string;
    /** Path to the offending value. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** One segment of an issue path. */
  export interface PathSegment {
    /** The key. */
    readonly key: PropertyKey;
  }
  /** Input and output types. */
  export interface Types<Input = unknown, Output = Input> {
    /** The input type. */
    readonly input: Input;
    /** The output type. */
    readonly output: Output;
  }
}

/**
 * A Standard Schema issue as this library reports it: the standard `message` and `path`,
 * plus the machine-readable `code` of the issue catalog (`issueCodes`) and the `rule` it
 * enforces, so a tool can switch on the rule outcome without parsing the message.
 */
export interface CodedIssue extends StandardSchemaV1.Issue {
  /** What kind of problem it is (`Required`, `TooMany`, `UnknownReference`, ...). */
  readonly code: Issue["code"];
  /** The rule the value breaks (`"MAT-3"`), as an {@link Issue} carries it. */
  readonly rule: RuleId;
  /** The human-readable message, without the code. */
  readonly message: string;
  /** The path as segments: property names and array indexes. */
  readonly path: ReadonlyArray<string | number>;
}

/**
 * Splits a JSON path (`contactPeople[1].email`) into segments (`["contactPeople", 1, "email"]`).
 * @param path - a path as issues carry it
 * @returns its segments
 * @example
 * pathSegments("[3].amount") //=> [3, "amount"]
 * @internal
 */
export function pathSegments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) {
    // One of the two groups matched: an index, else a name.
    if (m[1] !== undefined) out.push(Number(m[1]));
    else out.push(m[2] as string);
  }
  return out;
}

/**
 * The Standard JSON Schema v1 interface (`@standard-schema/spec` 1.1), written out like
 * {@link StandardSchemaV1}: a tool that turns zod, valibot or arktype schemas into JSON
 * Schema (OpenAPI generators, form builders, LLM tool definitions) reads ours the same way.
 */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  /** The Standard JSON Schema properties. */
  readonly "~standard": StandardJSONSchemaV1.Props<Input, Output>;
}

/** Types of the Standard JSON Schema v1 interface. */
export declare namespace StandardJSONSchemaV1 {
  /** The properties under `~standard`. */
  export interface Props<Input = unknown, Output = Input> {
    /** Always 1. */
    readonly version: 1;
    /** The library that made the schema. */
    readonly vendor: string;
    /** Inferred types, for tools; never set at run time. */
    readonly types?: StandardSchemaV1.Types<Input, Output> | undefined;
    /** Converts the input or output type to JSON Schema. */
    readonly jsonSchema: Converter;
  }
  /** The converter. */
  export interface Converter {
    /** The JSON Schema of what the schema accepts; throws for an unsupported target. */
    readonly input: (options: Options) => Record<string, unknown>;
    /** The JSON Schema of what it produces; throws for an unsupported target. */
    readonly output: (options: Options) => Record<string, unknown>;
  }
  /** The target dialect: `draft-2020-12`, `draft-07`, `openapi-3.0`, or another. */
  export type Target = "draft-2020-12" | "draft-07" | "openapi-3.0" | ({} & string);
  /** Options of the converter. */
  export interface Options {
    /** The dialect wanted. */
    readonly target: Target;
    /** Vendor-specific options; none are read. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}

/**
 * A request parser with its Standard Schema twin: callable as the parser, and under
 * `~standard` both a Standard Schema validator and a Standard JSON Schema converter.
 */
export type BodySchema<T> = ((value: unknown) => Result<T>) & StandardSchemaV1<unknown, T> & StandardJSONSchemaV1<unknown, T>;

/**
 * Wraps one of the library's parsers as a Standard Schema v1 validator, so a client can
 * check a body before sending it, and as a Standard JSON Schema v1 converter whose input
 * schema is the body's JSON Schema, written next to the parser (a differential property keeps
 * the two in agreement on shape faults). Each issue is a {@link CodedIssue}: `code`,
 * `message` and `path` as segments. The output converter throws: a parsed command holds
 * markers (`ABSENT`) and exact decimals that have no JSON form.
 * @param parse - a parser from JSON to a typed command
 * @param schema - the JSON Schema of the bodies `parse` accepts
 * @returns the parser itself, with a `~standard` property added
 * @example
 * const schema = toStandardSchema(parseStockAmounts, { type: "array", items: { type: "object" } });
 * schema["~standard"].validate([{ materialId: "x", amount: -1 }]).issues.map((i) => [i.code, i.rule, i.path])
 * //=> [["Negative", "GEN-7", [0, "amount"]]]
 * schema["~standard"].jsonSchema.input({ target: "draft-2020-12" }).type //=> "array"
 * @internal
 */
export function toStandardSchema<T>(parse: (value: unknown) => Result<T>, schema: JsonSchema): BodySchema<T> {
  const props: StandardSchemaV1.Props<unknown, T> & StandardJSONSchemaV1.Props<unknown, T> = {
    version: 1,
    vendor: "field-service-rules",
    validate: (value) => {
      const r = parse(value);
      if (r.ok) return { value: r.value };
      const issues: CodedIssue[] = [];
      for (const i of r.issues) issues.push({ code: i.code, rule: i.rule, message: i.message, path: pathSegments(i.path) });
      return { issues };
    },
    jsonSchema: {
      input: (options) => jsonSchemaFor(schema, options.target),
      output: () => {
        throw new Error("field-service-rules: a parsed command has no JSON Schema (it holds ABSENT markers and exact decimals); use the input schema.");
      },
    },
  };
  return Object.assign((value: unknown) => parse(value), { "~standard": props });
}

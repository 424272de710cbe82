// The leaves of a body description: each reads with the shared reader of read.ts whose checks it
// names and carries its JSON Schema and its command and body types; lists (`array`, `rootList`)
// and `map` build on them.
import { issue, joinPath } from "../issue.js";
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
  numberSchema,
  textSchema,
  type JsonSchema,
} from "../json-schema.js";
import type { Dec } from "../decimal.js";
import type { Guid } from "../guid.js";
import { limits } from "../limits.js";
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
  wrongType,
  type ValueReader,
} from "../read.js";
import type { RuleId } from "../rule-id.generated.js";
import type { Instant, IsoDate } from "../time.js";
import { perMode } from "./compile.js";
import type { TypeName, Value } from "./types.js";

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

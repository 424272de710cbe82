import { DECIMAL_RANGE_MESSAGE, decimalFromJson, isStorableDecimal, type Dec } from "./decimal.js";
import { ABSENT, type Tri } from "./field.js";
import { toGuid, type Guid } from "./guid.js";
import { issue, joinPath, type EdgeCode, type Issue, type IssueCode } from "./issue.js";
import type { RuleId } from "./rule-id.generated.js";
import { limits } from "./limits.js";
import { isAddressableExternalId, isStorableText as isStorableTextBinding } from "./text.js";
import { parseDateTime, parseIsoDate, type Instant, type IsoDate } from "./time.js";

/**
 * Reads one JSON value, reporting problems into `issues`. The value's JSON path is
 * `joinPath(parent, key)`; it is built only when an issue is reported, so a valid body
 * costs no path strings. Returns `undefined` when the value is unusable (an issue was
 * pushed).
 * @internal
 */
export type ValueReader<T> = (value: unknown, parent: string, key: string | number, issues: Issue[]) => T | undefined;

/** A JSON object as parsed: own string keys to JSON values. 
 * @internal
 */
export type JsonObject = Readonly<Record<string, unknown>>;

function report(issues: Issue[], code: Exclude<IssueCode, EdgeCode>, rule: RuleId, parent: string, key: string | number, message?: string): undefined {
  issues.push(issue(code, joinPath(parent, key), rule, message));
  return undefined;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * A plain JSON object (not an array, not `null`). Every body parser starts here and then
 * reads only the keys it knows, so unknown fields are ignored; `parseInterventionEdit` is the one
 * parser that names extra keys (INT-4's replan-only fields).
 * @rule ERR-3
 * @example
 * const issues = [];
 * readObject(5, "", "", issues) //=> undefined
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["InvalidType@"]
 * @internal
 */
export const readObject: ValueReader<JsonObject> = (value, parent, key, issues) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : notAnObject(value, parent, key, issues);

/**
 * A reader for a value of the wrong JSON type: reports `InvalidType` ("Expected `what`, got
 * array.") and returns `undefined`. The typed readers below report through it, and a caller
 * that tests the type inline hands every other value to it, so the message has one home.
 * @param what - what was expected, e.g. `"a string"`
 * @returns the reader
 * @internal
 * @example
 * const issues = [];
 * wrongType("a string")([], "", "name", issues) //=> undefined
 * issues.map((i) => i.message) //=> ["Expected a string, got array."]
 */
export function wrongType(what: string): ValueReader<never> {
  return (value, parent, key, issues) => report(issues, "InvalidType", "ERR-2", parent, key, `Expected ${what}, got ${typeName(value)}.`);
}

/**
 * {@link wrongType} for strings.
 * @internal
 */
export const notAString: ValueReader<never> = wrongType("a string");

const notAnObject = wrongType("an object");
const notAGuidString = wrongType("a GUID string");
const notADateString = wrongType("a date string");
const notADateTimeString = wrongType("a date-time string");
const notANumber = wrongType("a number");
const notAWholeNumber = wrongType("a whole number");
const notAnArray = wrongType("an array");

// A module-local copy: vitest's module runner turns every use of an imported binding into a
// getter call, and this one runs for every string of every body.
const isStorableText: typeof isStorableTextBinding = isStorableTextBinding;

const UNSTORABLE_MESSAGE = "Text must be well-formed Unicode without U+0000 (TXT-1).";

/**
 * The checks of {@link readText}, for a value already known to be a string: longer than `max`
 * UTF-16 code units is `TooLong` (docs/decisions.md "Input limits"); text that a storage cannot
 * hold unchanged (U+0000, an unpaired surrogate) is `InvalidText` (TXT-1).
 * @param value - the string
 * @param max - the longest string accepted
 * @param parent - the JSON path of the object holding it
 * @param key - its key or index there
 * @param issues - where issues go
 * @returns the string, or `undefined` after reporting
 * @internal
 */
export function checkText(value: string, max: number, parent: string, key: string | number, issues: Issue[]): string | undefined {
  if (value.length > max) return report(issues, "TooLong", "LIM-1", parent, key, `At most ${max} characters (${value.length} sent).`);
  return isStorableText(value) ? value : report(issues, "InvalidText", "TXT-1", parent, key, UNSTORABLE_MESSAGE);
}

/**
 * A string of at most `max` UTF-16 code units (docs/decisions.md "Input limits"); longer is
 * `TooLong` at the field's path, whatever else is wrong with it.
 * @param max - the longest string accepted
 * @returns the reader
 * @internal
 * @example
 * const issues = [];
 * readText(5)("abcdef", "", "code", issues) //=> undefined
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["TooLong@code"]
 */
export function readText(max: number): ValueReader<string> {
  return (value, parent, key, issues) =>
    typeof value === "string" ? checkText(value, max, parent, key, issues) : notAString(value, parent, key, issues);
}

/**
 * Any string up to {@link limits}`.text` characters.
 * @internal
 */
export const readString: ValueReader<string> = readText(limits.text);

/**
 * Free text (descriptions, notes, reasons) up to {@link limits}`.longText` characters.
 * @internal
 */
export const readLongText: ValueReader<string> = readText(limits.longText);

/** A visible character: the complement of what `String.prototype.trim` removes (white space and line terminators). */
const VISIBLE = /\S/;

/**
 * The checks of {@link readNonBlank}, for a value already known to be a string: up to
 * {@link limits}`.text` characters (`TooLong`), with a character that `trim` keeps (`Blank`,
 * citing `rule`: ERR-2 unless a rule states the field's blankness, TXT-2 for external IDs).
 * @param value - the string
 * @param parent - the JSON path of the object holding it
 * @param key - its key or index there
 * @param issues - where issues go
 * @param rule - the rule a blank string breaks
 * @returns the string, or `undefined` after reporting
 * @internal
 * @example
 * const issues = [];
 * checkNonBlank(" \t", "", "name", issues) //=> undefined
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Blank@name"]
 */
export function checkNonBlank(value: string, parent: string, key: string | number, issues: Issue[], rule: RuleId = "ERR-2"): string | undefined {
  if (checkText(value, limits.text, parent, key, issues) === undefined) return undefined;
  // Most strings start with a visible ASCII character: answer those without the regex.
  const c = value.charCodeAt(0);
  return (c > 32 && c < 127) || VISIBLE.test(value) ? value : report(issues, "Blank", rule, parent, key);
}

/**
 * A string with at least one visible character, up to {@link limits}`.text` characters.
 * @internal
 */
export const readNonBlank: ValueReader<string> = (value, parent, key, issues) =>
  typeof value === "string" ? checkNonBlank(value, parent, key, issues) : notAString(value, parent, key, issues);

/**
 * The checks of {@link readExternalId}, for a value already known to be a string: those of
 * {@link checkNonBlank} (a blank one cites TXT-2), then `InvalidExternalId` for `.` and `..`, which no URL path can carry
 * (TXT-2).
 * @param value - the string
 * @param parent - the JSON path of the object holding it
 * @param key - its key or index there
 * @param issues - where issues go
 * @returns the external ID, or `undefined` after reporting
 * @internal
 * @example
 * const issues = [];
 * checkExternalId("..", "", "externalId", issues) //=> undefined
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["InvalidExternalId@externalId"]
 */
export function checkExternalId(value: string, parent: string, key: string | number, issues: Issue[]): string | undefined {
  if (checkNonBlank(value, parent, key, issues, "TXT-2") === undefined) return undefined;
  return isAddressableExternalId(value)
    ? value
    : report(issues, "InvalidExternalId", "TXT-2", parent, key, "An external ID must not be \".\" or \"..\": no URL path can carry it (TXT-2).");
}

/**
 * An external ID of a record: non-blank storable text that a URL path can carry (TXT-1, TXT-2).
 * @internal
 */
export const readExternalId: ValueReader<string> = (value, parent, key, issues) =>
  typeof value === "string" ? checkExternalId(value, parent, key, issues) : notAString(value, parent, key, issues);

/** A GUID in any case, returned lowercase (GEN-1). 
 * @internal
 */
export const readGuid: ValueReader<Guid> = (value, parent, key, issues) =>
  typeof value === "string" ? (toGuid(value) ?? report(issues, "InvalidGuid", "GEN-1", parent, key)) : notAGuidString(value, parent, key, issues);

/** A `YYYY-MM-DD` calendar date that exists (GEN-6). 
 * @internal
 */
export const readDate: ValueReader<IsoDate> = (value, parent, key, issues) =>
  typeof value === "string" ? (parseIsoDate(value) ?? report(issues, "InvalidDate", "GEN-6", parent, key)) : notADateString(value, parent, key, issues);

/** An ISO 8601 date-time with `Z` or an offset, as an instant (GEN-6). 
 * @internal
 */
export const readDateTime: ValueReader<Instant> = (value, parent, key, issues) =>
  typeof value === "string" ? (parseDateTime(value) ?? report(issues, "InvalidDateTime", "GEN-6", parent, key)) : notADateTimeString(value, parent, key, issues);

/**
 * {@link wrongType} for booleans.
 * @internal
 */
export const notABoolean: ValueReader<never> = wrongType("a boolean");

/** A boolean. 
 * @internal
 */
export const readBoolean: ValueReader<boolean> = (value, parent, key, issues) =>
  typeof value === "boolean" ? value : notABoolean(value, parent, key, issues);

/** A finite JSON number as an exact decimal, never negative (GEN-7). 
 * @internal
 */
export const readNonNegativeDecimal: ValueReader<Dec> = (value, parent, key, issues) => {
  if (typeof value !== "number") return notANumber(value, parent, key, issues);
  const d = decimalFromJson(value);
  if (d === undefined) return report(issues, "InvalidNumber", "GEN-7", parent, key);
  if (d.isNegative()) return report(issues, "Negative", "GEN-7", parent, key, "Amounts and prices are never negative (GEN-7).");
  return isStorableDecimal(d) ? d : report(issues, "OutOfRange", "GEN-7", parent, key, DECIMAL_RANGE_MESSAGE);
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * {@link wrongType} for e-mail addresses.
 * @internal
 */
export const notAnEmailString: ValueReader<never> = wrongType("an e-mail string");

/**
 * The check of {@link readEmail}, for a value already known to be a string: `local@domain.tld`
 * with no spaces, at most 254 characters, else `InvalidEmail`.
 * @param value - the string
 * @param parent - the JSON path of the object holding it
 * @param key - its key or index there
 * @param issues - where issues go
 * @returns the address, or `undefined` after reporting
 * @internal
 */
export function checkEmail(value: string, parent: string, key: string | number, issues: Issue[]): string | undefined {
  return EMAIL.test(value) && value.length <= 254 && isStorableText(value) ? value : report(issues, "InvalidEmail", "ERR-2", parent, key);
}

/** An e-mail address (a pragmatic check: `local@domain.tld`, no spaces). 
 * @internal
 */
export const readEmail: ValueReader<string> = (value, parent, key, issues) =>
  typeof value === "string" ? checkEmail(value, parent, key, issues) : notAnEmailString(value, parent, key, issues);

/**
 * A whole number within bounds.
 * @param min - smallest allowed value
 * @param max - largest allowed value
 * @returns the reader
 * @example
 * const issues = [];
 * readInteger(1, 200)(201, "", "pageSize", issues) //=> undefined
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["OutOfRange@pageSize"]
 * @internal
 */
export function readInteger(min: number = Number.MIN_SAFE_INTEGER, max: number = Number.MAX_SAFE_INTEGER): ValueReader<number> {
  return (value, parent, key, issues) => {
    if (typeof value !== "number") return notAWholeNumber(value, parent, key, issues);
    if (!Number.isSafeInteger(value)) return report(issues, "NotInteger", "ERR-2", parent, key);
    // Below a minimum of 0 is Negative; any other bound broken is OutOfRange.
    if (value < min) return report(issues, min === 0 ? "Negative" : "OutOfRange", "ERR-2", parent, key, `Expected a whole number from ${min} to ${max}.`);
    if (value > max) return report(issues, "OutOfRange", "ERR-2", parent, key, `Expected a whole number from ${min} to ${max}.`);
    return value;
  };
}

/**
 * One of a fixed set of strings (case-sensitive).
 * @param values - the allowed values
 * @returns the reader
 * @example
 * const issues = [];
 * readEnum(["Low", "Normal", "High"])("Urgent", "", "priority", issues) //=> undefined
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["InvalidEnum@priority"]
 * @internal
 */
export function readEnum<const T extends string>(values: readonly T[]): ValueReader<T> {
  const allowed = new Set<string>(values);
  const listed = `one of ${values.join(", ")}`;
  const notAString = wrongType(listed);
  return (value, parent, key, issues) => {
    if (typeof value !== "string") return notAString(value, parent, key, issues);
    return allowed.has(value) ? (value as T) : report(issues, "InvalidEnum", "ERR-2", parent, key, `Expected ${listed}.`);
  };
}

/**
 * A list of at least `min` and at most `max` elements, each read by `element`; every bad
 * element is reported (GEN-9). Over `max` is `TooMany` at the list's path and no element is
 * read, so an oversized list costs nothing (docs/decisions.md "Input limits").
 * @param element - the element reader
 * @param min - the fewest elements accepted (`TooFew` below)
 * @param max - the most elements accepted (`TooMany` above); every list names its maximum
 * @returns the reader
 * @internal
 * @example
 * const issues = [];
 * readArray(readString, 0, 2)(["a", "b", "c"], "", "tags", issues) //=> undefined
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["TooMany@tags"]
 */
export function readArray<T>(element: ValueReader<T>, min: number, max: number): ValueReader<T[]> {
  return (value, parent, key, issues) => {
    if (!Array.isArray(value)) return notAnArray(value, parent, key, issues);
    const path = joinPath(parent, key);
    if (value.length > max) {
      issues.push(issue("TooMany", path, "LIM-1", `At most ${max} elements (${value.length} sent).`));
      return undefined;
    }
    const out: T[] = [];
    let bad = false;
    for (let i = 0; i < value.length; i++) {
      const v = element(value[i], path, i, issues);
      if (v === undefined) bad = true;
      else out.push(v);
    }
    if (value.length < min) {
      issues.push(issue("TooFew", path, "ERR-2", `Expected at least ${min} element${min === 1 ? "" : "s"}.`));
      return undefined;
    }
    return bad ? undefined : out;
  };
}

export function required<T>(object: JsonObject, key: string, path: string, issues: Issue[], reader: ValueReader<T>): T | undefined {
  return requiredValue(Object.hasOwn(object, key) ? object[key] : undefined, path, key, issues, reader);
}

/**
 * {@link required} for a value already taken from its object (`undefined` when the key is
 * not an own property): `Required` when it is `undefined` or `null` (GEN-5), else `reader`'s answer.
 * @param value - the property's value
 * @param path - the object's JSON path
 * @param key - the property
 * @param issues - where issues go
 * @param reader - how to read a non-null value
 * @returns the value read, or `undefined` after reporting
 * @internal
 */
export function requiredValue<T>(value: unknown, path: string, key: string, issues: Issue[], reader: ValueReader<T>): T | undefined {
  if (value === undefined || value === null) return report(issues, "Required", value === null ? "GEN-5" : "ERR-2", path, key, `${key} is required.`);
  return reader(value, path, key, issues);
}

/**
 * Reads an optional property in its three states (GEN-5): {@link ABSENT} when left out,
 * `null` when sent as `null`, else the value read by `reader` ({@link ABSENT} after
 * reporting a bad one, so callers need no second check: the issue already fails the parse).
 * @param object - the JSON object
 * @param key - the property
 * @param path - the object's JSON path
 * @param issues - where issues go
 * @param reader - how to read a non-null value
 * @returns the three-state value
 * @internal
 */
export function optional<T>(object: JsonObject, key: string, path: string, issues: Issue[], reader: ValueReader<T>): Tri<T> {
  if (!Object.hasOwn(object, key)) return ABSENT;
  const value = object[key];
  if (value === undefined) return ABSENT;
  if (value === null) return null;
  return reader(value, path, key, issues) ?? ABSENT;
}

/**
 * Reads an optional property where `null` means the same as left out (a plain add, GEN-5):
 * `undefined` for both, else the value.
 * @param object - the JSON object
 * @param key - the property
 * @param path - the object's JSON path
 * @param issues - where issues go
 * @param reader - how to read a non-null value
 * @returns the value or `undefined`
 * @internal
 */
export function optionalValue<T>(object: JsonObject, key: string, path: string, issues: Issue[], reader: ValueReader<T>): T | undefined {
  const v = optional(object, key, path, issues, reader);
  return v === ABSENT || v === null ? undefined : v;
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT } from "../../src/shared/field.js";
import type { Issue } from "../../src/shared/issue.js";
import { DECIMAL_RANGE_MESSAGE } from "../../src/shared/decimal.js";
import { limits } from "../../src/shared/limits.js";
import {
  checkEmail, checkNonBlank, checkText, notABoolean, notAnEmailString, notAString, optional, optionalValue, readArray, readBoolean,
  readDate, readDateTime, readEmail, readEnum, readGuid, readInteger, readLongText, readNonBlank, readNonNegativeDecimal, readObject,
  readString, readText, required, wrongType, type JsonObject, type ValueReader,
} from "../../src/shared/read.js";

const run = <T>(f: (issues: Issue[]) => T): [T, [string, string][]] => {
  const issues: Issue[] = [];
  const v = f(issues);
  return [v, issues.map((i) => [i.code, i.path])];
};

describe("field readers", () => {
  it("GEN-5: required refuses absent and null; optional keeps absent, null and value apart", () => {
    const o = { a: null, b: "x" };
    expect(run((is) => required(o, "a", "body", is, readString))).toEqual([undefined, [["Required", "body.a"]]]);
    expect(run((is) => required(o, "zz", "", is, readString))).toEqual([undefined, [["Required", "zz"]]]);
    expect(run((is) => optional(o, "zz", "", is, readString))[0]).toBe(ABSENT);
    expect(run((is) => optional(o, "a", "", is, readString))[0]).toBeNull();
    expect(run((is) => optional(o, "b", "", is, readString))[0]).toBe("x");
    expect(run((is) => optionalValue(o, "a", "", is, readString))[0]).toBeUndefined();
  });
  it("GEN-5, ERR-2: a required field sent as null breaks GEN-5; one left out is a malformed body (ERR-2)", () => {
    const rules = (o: JsonObject): string[] => {
      const issues: Issue[] = [];
      required(o, "a", "", issues, readString);
      return issues.map((i) => i.rule);
    };
    expect([rules({ a: null }), rules({})]).toEqual([["GEN-5"], ["ERR-2"]]);
  });
  it("GEN-9: readers report code and path; arrays report every bad element", () => {
    const [, issues] = run((is) => readArray(readObject, 1, 10)([1, {}, "x"], "", "assignations", is));
    expect(issues).toEqual([["InvalidType", "assignations[0]"], ["InvalidType", "assignations[2]"]]);
    expect(run((is) => readArray(readString, 1, 10)([], "", "list", is))[1]).toEqual([["TooFew", "list"]]);
  });
  it("GEN-1, GEN-6, GEN-7: typed readers", () => {
    expect(run((is) => readGuid("3F2504E0-4F89-11D3-9A0C-0305E82C3301", "", "id", is))[0]).toBe("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
    expect(run((is) => readGuid("x", "", "id", is))[1]).toEqual([["InvalidGuid", "id"]]);
    expect(run((is) => readDate("2026-02-30", "", "day", is))[1]).toEqual([["InvalidDate", "day"]]);
    expect(run((is) => readDateTime("2026-02-03T10:00:00", "a[1]", "plannedEnd", is))[1]).toEqual([["InvalidDateTime", "a[1].plannedEnd"]]);
    expect(run((is) => readNonNegativeDecimal(-0.5, "", "price", is))[1]).toEqual([["Negative", "price"]]);
    expect(run((is) => readNonNegativeDecimal("1", "", "price", is))[1]).toEqual([["InvalidType", "price"]]);
    expect(run((is) => readNonBlank("  ", "", "name", is))[1]).toEqual([["Blank", "name"]]);
    expect(run((is) => readEmail("a@b", "", "email", is))[1]).toEqual([["InvalidEmail", "email"]]);
    expect(run((is) => readEmail("jan.novak@example.cz", "", "email", is))[0]).toBe("jan.novak@example.cz");
    expect(run((is) => readInteger(1, 200)(201, "", "pageSize", is))[1]).toEqual([["OutOfRange", "pageSize"]]);
    expect(run((is) => readInteger(0)(1.5, "", "estimatedDuration", is))[1]).toEqual([["NotInteger", "estimatedDuration"]]);
    expect(run((is) => readInteger(0)(-1, "", "estimatedDuration", is))[1]).toEqual([["Negative", "estimatedDuration"]]);
    expect(run((is) => readEnum(["Low", "High"])("low", "", "priority", is))[1]).toEqual([["InvalidEnum", "priority"]]);
    expect(run((is) => readBoolean("true", "", "flag", is))[1]).toEqual([["InvalidType", "flag"]]);
  });
  it("every reader is total on arbitrary JSON and reports exactly when it returns nothing", () => {
    const readers = [readObject, readString, readNonBlank, readGuid, readDate, readDateTime, readBoolean, readNonNegativeDecimal, readEmail, readInteger(0, 10), readEnum(["A"]), readArray(readString, 0, 10)];
    fc.assert(fc.property(fc.jsonValue(), (v) => readers.every((r) => {
      const issues: Issue[] = [];
      const out = r(v, "", "x", issues);
      return (out === undefined) === (issues.length > 0);
    })));
  });
});

/** Runs a reader and returns its value and whole issues (code, path, message). */
const whole = <T>(r: ValueReader<T>, v: unknown, parent = "", key: string | number = "f"): [T | undefined, Issue[]] => {
  const issues: Issue[] = [];
  return [r(v, parent, key, issues), issues];
};
const typeName = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

describe("string, boolean and e-mail readers: one type test, one content check", () => {
  // A blank string is one that `trim` empties: every Unicode white space and line terminator.
  const spaces = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"];
  const blankish = fc.array(fc.oneof(fc.constantFrom(...spaces), fc.constantFrom("a", "\u200b", "\u0001", "\u007f", "é")), { maxLength: 8 }).map((cs) => cs.join(""));

  it("GEN-9: readNonBlank refuses exactly the strings trim empties (Blank at the field's path)", () => {
    fc.assert(fc.property(blankish, (s) => {
      const [v, issues] = whole(readNonBlank, s, "addresses[1]", "city");
      if (s.trim() === "") {
        expect(v).toBeUndefined();
        expect(issues).toEqual([{ code: "Blank", path: "addresses[1].city", message: expect.any(String), rule: "ERR-2" }]);
      } else {
        expect(v).toBe(s);
        expect(issues).toEqual([]);
      }
    }));
    expect(whole(readNonBlank, "\u3000\u2028 ")[0]).toBeUndefined();
    expect(whole(readNonBlank, "\u200b")[0]).toBe("\u200b"); // zero-width space is not white space
  });

  it("GEN-9: every wrongly typed value is InvalidType with what was expected and the type sent", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const cases: [ValueReader<unknown>, string, boolean][] = [
        [readString, "a string", typeof v === "string"],
        [readLongText, "a string", typeof v === "string"],
        [readText(3), "a string", typeof v === "string"],
        [readNonBlank, "a string", typeof v === "string"],
        [notAString, "a string", false],
        [readBoolean, "a boolean", typeof v === "boolean"],
        [notABoolean, "a boolean", false],
        [readEmail, "an e-mail string", typeof v === "string"],
        [notAnEmailString, "an e-mail string", false],
        [wrongType("a thing"), "a thing", false],
        [readObject, "an object", typeof v === "object" && v !== null && !Array.isArray(v)],
        [readGuid, "a GUID string", typeof v === "string"],
        [readDate, "a date string", typeof v === "string"],
        [readDateTime, "a date-time string", typeof v === "string"],
        [readNonNegativeDecimal, "a number", typeof v === "number"],
        [readInteger(0, 10), "a whole number", typeof v === "number"],
        [readEnum(["Low", "Normal", "High"]), "one of Low, Normal, High", typeof v === "string"],
        [readArray(readString, 0, 10), "an array", Array.isArray(v)],
      ];
      for (const [reader, what, rightType] of cases) {
        const [, issues] = whole(reader, v, "a", 2);
        if (!rightType) expect(issues).toEqual([{ code: "InvalidType", path: "a[2]", message: `Expected ${what}, got ${typeName(v)}.`, rule: "ERR-2" }]);
        // Of the right type, the value itself is never InvalidType (an array's elements may be).
        else expect(issues.some((i) => i.code === "InvalidType" && i.path === "a[2]")).toBe(false);
      }
    }));
  });

  it("GEN-9: lengths are checked up to the limit, inclusive, with the limit and the length in the message", () => {
    const at = "x".repeat(limits.text);
    expect(whole(readString, at)).toEqual([at, []]);
    expect(whole(readNonBlank, at)).toEqual([at, []]);
    expect(whole(readString, `${at}x`)).toEqual([undefined, [{ code: "TooLong", path: "f", message: `At most ${limits.text} characters (${limits.text + 1} sent).`, rule: "LIM-1" }]]);
    // Too long is reported alone, whatever else is wrong (a long blank string is TooLong, not Blank).
    expect(whole(readNonBlank, " ".repeat(limits.text + 1))).toEqual([undefined, [{ code: "TooLong", path: "f", message: `At most ${limits.text} characters (${limits.text + 1} sent).`, rule: "LIM-1" }]]);
    expect(whole(readLongText, "y".repeat(limits.longText))[1]).toEqual([]);
    expect(whole(readLongText, "y".repeat(limits.longText + 1))[1].map((i) => i.code)).toEqual(["TooLong"]);
    expect(whole(readText(3), "abc")).toEqual(["abc", []]);
    expect(whole(readText(3), "abcd", "", "code")).toEqual([undefined, [{ code: "TooLong", path: "code", message: "At most 3 characters (4 sent).", rule: "LIM-1" }]]);
  });

  it("GEN-9: e-mail addresses: local@domain.tld without spaces, at most 254 characters", () => {
    const at254 = `${"a".repeat(243)}@example.cz`;
    expect(at254).toHaveLength(254);
    expect(whole(readEmail, at254)).toEqual([at254, []]);
    expect(whole(readEmail, `a${at254}`, "contactPeople[0]", "email")).toEqual([undefined, [{ code: "InvalidEmail", path: "contactPeople[0].email", message: expect.any(String), rule: "ERR-2" }]]);
    for (const bad of ["a@b", "a b@c.cz", "@c.cz", "a@.cz", "a@c.", "a@@c.cz x", "jan@example.cz and more", "jan@example.cz\n"]) expect(whole(readEmail, bad)[1].map((i) => i.code), bad).toEqual(["InvalidEmail"]);
  });

  it("GEN-9: the content checks are the readers' own, for a value already known to have its type", () => {
    fc.assert(fc.property(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 12 }), (s, max) => {
      expect(whole((v, p, k, is) => checkText(v as string, max, p, k, is), s)).toEqual(whole(readText(max), s));
      expect(whole((v, p, k, is) => checkNonBlank(v as string, p, k, is), s)).toEqual(whole(readNonBlank, s));
      expect(whole((v, p, k, is) => checkEmail(v as string, p, k, is), s)).toEqual(whole(readEmail, s));
    }));
  });
});

describe("number, enum, list and presence readers", () => {
  it("GEN-7, ORD-5: whole numbers within bounds, inclusive; below 0 on a non-negative field is Negative, else OutOfRange", () => {
    fc.assert(fc.property(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 4 }), (v, min, width) => {
      const max = min + width;
      const [out, issues] = whole(readInteger(min, max), v, "", "n");
      if (v >= min && v <= max) expect([out, issues]).toEqual([v, []]);
      else expect(issues).toEqual([{ code: min === 0 && v < 0 ? "Negative" : "OutOfRange", path: "n", message: `Expected a whole number from ${min} to ${max}.`, rule: "ERR-2" }]);
    }));
    expect(whole(readInteger(0), -1)[1].map((i) => i.code)).toEqual(["Negative"]);
    expect(whole(readInteger(1, 200), 0)[1].map((i) => i.code)).toEqual(["OutOfRange"]);
    expect(whole(readInteger(-5, 5), -6)[1].map((i) => i.code)).toEqual(["OutOfRange"]);
    expect(whole(readInteger(0), 0)).toEqual([0, []]);
    expect(whole(readInteger(), 2.5)[1]).toEqual([{ code: "NotInteger", path: "f", message: expect.any(String), rule: "ERR-2" }]);
  });

  it("GEN-7: amounts are finite, never negative and within the stored range and scale", () => {
    expect(whole(readNonNegativeDecimal, 1.25)[0]?.toString()).toBe("1.25");
    expect(whole(readNonNegativeDecimal, 0)[0]?.toString()).toBe("0");
    expect(whole(readNonNegativeDecimal, -0.5, "", "price")[1]).toEqual([{ code: "Negative", path: "price", message: "Amounts and prices are never negative (GEN-7).", rule: "GEN-7" }]);
    expect(whole(readNonNegativeDecimal, 1.1234567, "items[0]", "amount")[1]).toEqual([{ code: "OutOfRange", path: "items[0].amount", message: DECIMAL_RANGE_MESSAGE, rule: "GEN-7" }]);
    // JSON has no NaN or Infinity, but a caller of the library can pass them.
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY]) expect(whole(readNonNegativeDecimal, v)[1]).toEqual([{ code: "InvalidNumber", path: "f", message: expect.any(String), rule: "GEN-7" }]);
  });

  it("ORD-4: an enum value outside the list names the allowed values", () => {
    const read = readEnum(["Low", "Normal", "High"]);
    expect(whole(read, "Normal")).toEqual(["Normal", []]);
    expect(whole(read, "normal", "", "priority")).toEqual([undefined, [{ code: "InvalidEnum", path: "priority", message: "Expected one of Low, Normal, High.", rule: "ERR-2" }]]);
  });

  it("GEN-9: a list returns its elements in order, reports every bad one, and counts against its bounds", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 6 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 6 }), (list, min, max) => {
      const [out, issues] = whole(readArray(readString, min, max), list, "order", "tags");
      const badAt = list.flatMap((v, i) => (typeof v === "string" ? [] : [i]));
      if (list.length > max) {
        expect([out, issues]).toEqual([undefined, [{ code: "TooMany", path: "order.tags", message: `At most ${max} elements (${list.length} sent).`, rule: "LIM-1" }]]);
        return;
      }
      const expected = badAt.map((i) => ({ code: "InvalidType", path: `order.tags[${i}]`, message: `Expected a string, got number.`, rule: "ERR-2" }));
      if (list.length < min) expected.push({ code: "TooFew", path: "order.tags", message: `Expected at least ${min} element${min === 1 ? "" : "s"}.`, rule: "ERR-2" });
      expect(issues).toEqual(expected);
      expect(out).toEqual(expected.length === 0 ? list : undefined);
    }));
    expect(whole(readArray(readString, 2, 5), ["a"], "", "list")[1]).toEqual([{ code: "TooFew", path: "list", message: "Expected at least 2 elements.", rule: "ERR-2" }]);
    expect(whole(readArray(readString, 1, 5), [], "", "list")[1]).toEqual([{ code: "TooFew", path: "list", message: "Expected at least 1 element.", rule: "ERR-2" }]);
  });

  it("GEN-5: required and optional read own properties only; undefined counts as left out", () => {
    const o = JSON.parse('{"a": 1, "s": "x", "n": null}') as Record<string, unknown>;
    const withUndefined = { u: undefined };
    const issues: Issue[] = [];
    expect(required(o, "zz", "body", issues, readString)).toBeUndefined();
    expect(issues).toEqual([{ code: "Required", path: "body.zz", message: "zz is required.", rule: "ERR-2" }]);
    // Inherited properties (toString, constructor) are not fields of a JSON body.
    for (const key of ["toString", "constructor", "__proto__"]) {
      const is: Issue[] = [];
      expect(optional(o, key, "", is, readString)).toBe(ABSENT);
      expect(optionalValue(o, key, "", is, readString)).toBeUndefined();
      expect(required(o, key, "", is, readString)).toBeUndefined();
      expect(is.map((i) => i.code)).toEqual(["Required"]);
    }
    const is: Issue[] = [];
    expect(optional(withUndefined, "u", "", is, readString)).toBe(ABSENT);
    expect(optionalValue(withUndefined, "u", "", is, readString)).toBeUndefined();
    expect(optional(o, "n", "", is, readString)).toBeNull();
    expect(optionalValue(o, "n", "", is, readString)).toBeUndefined();
    expect(optional(o, "s", "", is, readString)).toBe("x");
    expect(optionalValue(o, "s", "", is, readString)).toBe("x");
    expect(is).toEqual([]);
    // A bad value: reported once, and read as left out (the issue already fails the parse).
    expect(optional(o, "a", "p", is, readString)).toBe(ABSENT);
    expect(optionalValue(o, "a", "p", is, readString)).toBeUndefined();
    expect(is.map((i) => `${i.code}@${i.path}`)).toEqual(["InvalidType@p.a", "InvalidType@p.a"]);
  });
});

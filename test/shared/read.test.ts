import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT } from "../../src/shared/field.js";
import type { Issue } from "../../src/shared/issue.js";
import { limits } from "../../src/shared/limits.js";
import {
  checkEmail, checkNonBlank, checkText, notABoolean, notAnEmailString, notAString, optional, optionalValue, readArray, readBoolean,
  readDate, readDateTime, readEmail, readEnum, readGuid, readInteger, readLongText, readNonBlank, readNonNegativeDecimal, readObject,
  readString, readText, required, wrongType, type ValueReader,
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
  const blankish = fc.array(fc.oneof(fc.constantFrom(...spaces), fc.constantFrom("a", "\u200b", "\u0000", "\u007f", "é")), { maxLength: 8 }).map((cs) => cs.join(""));

  it("GEN-9: readNonBlank refuses exactly the strings trim empties (Blank at the field's path)", () => {
    fc.assert(fc.property(blankish, (s) => {
      const [v, issues] = whole(readNonBlank, s, "addresses[1]", "city");
      if (s.trim() === "") {
        expect(v).toBeUndefined();
        expect(issues).toEqual([{ code: "Blank", path: "addresses[1].city", message: expect.any(String) }]);
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
      ];
      for (const [reader, what, rightType] of cases) {
        const [, issues] = whole(reader, v, "a", 2);
        if (!rightType) expect(issues).toEqual([{ code: "InvalidType", path: "a[2]", message: `Expected ${what}, got ${typeName(v)}.` }]);
        else expect(issues.every((i) => i.code !== "InvalidType")).toBe(true);
      }
    }));
  });

  it("GEN-9: lengths are checked up to the limit, inclusive, with the limit and the length in the message", () => {
    const at = "x".repeat(limits.text);
    expect(whole(readString, at)).toEqual([at, []]);
    expect(whole(readNonBlank, at)).toEqual([at, []]);
    expect(whole(readString, `${at}x`)).toEqual([undefined, [{ code: "TooLong", path: "f", message: `At most ${limits.text} characters (${limits.text + 1} sent).` }]]);
    // Too long is reported alone, whatever else is wrong (a long blank string is TooLong, not Blank).
    expect(whole(readNonBlank, " ".repeat(limits.text + 1))).toEqual([undefined, [{ code: "TooLong", path: "f", message: `At most ${limits.text} characters (${limits.text + 1} sent).` }]]);
    expect(whole(readLongText, "y".repeat(limits.longText))[1]).toEqual([]);
    expect(whole(readLongText, "y".repeat(limits.longText + 1))[1].map((i) => i.code)).toEqual(["TooLong"]);
    expect(whole(readText(3), "abc")).toEqual(["abc", []]);
    expect(whole(readText(3), "abcd", "", "code")).toEqual([undefined, [{ code: "TooLong", path: "code", message: "At most 3 characters (4 sent)." }]]);
  });

  it("GEN-9: e-mail addresses: local@domain.tld without spaces, at most 254 characters", () => {
    const at254 = `${"a".repeat(243)}@example.cz`;
    expect(at254).toHaveLength(254);
    expect(whole(readEmail, at254)).toEqual([at254, []]);
    expect(whole(readEmail, `a${at254}`, "contactPeople[0]", "email")).toEqual([undefined, [{ code: "InvalidEmail", path: "contactPeople[0].email", message: expect.any(String) }]]);
    for (const bad of ["a@b", "a b@c.cz", "@c.cz", "a@.cz", "a@c.", "a@@c.cz x"]) expect(whole(readEmail, bad)[1].map((i) => i.code), bad).toEqual(["InvalidEmail"]);
  });

  it("GEN-9: the content checks are the readers' own, for a value already known to have its type", () => {
    fc.assert(fc.property(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 12 }), (s, max) => {
      expect(whole((v, p, k, is) => checkText(v as string, max, p, k, is), s)).toEqual(whole(readText(max), s));
      expect(whole((v, p, k, is) => checkNonBlank(v as string, p, k, is), s)).toEqual(whole(readNonBlank, s));
      expect(whole((v, p, k, is) => checkEmail(v as string, p, k, is), s)).toEqual(whole(readEmail, s));
    }));
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT } from "../../src/shared/field.js";
import type { Issue } from "../../src/shared/issue.js";
import {
  optional, optionalValue, readArray, readBoolean, readDate, readDateTime, readEmail, readEnum, readGuid, readInteger,
  readNonBlank, readNonNegativeDecimal, readObject, readString, required,
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

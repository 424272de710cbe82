import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT, checkNotNull } from "../../src/shared/field.js";
import type { Issue } from "../../src/shared/issue.js";

describe("GEN-5: omitted is not null", () => {
  it("GEN-5: null on a field that cannot be cleared is Required at its path and counts as left out", () => {
    const issues: Issue[] = [];
    expect(checkNotNull(null, "priority", issues)).toBe(ABSENT);
    expect(issues).toEqual([{ code: "Required", path: "priority", message: "priority is required and cannot be cleared with null (GEN-5).", rule: "GEN-5" }]);
  });
  it("GEN-5: any other value, ABSENT included, passes through unchanged and reports nothing", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue().filter((v) => v !== null), fc.constant(ABSENT)), (value) => {
        const issues: Issue[] = [];
        expect(checkNotNull(value, "x", issues)).toBe(value);
        expect(issues).toEqual([]);
      }),
    );
  });
});

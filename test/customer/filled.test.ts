import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isFilled } from "../../src/customer/filled.js";

describe("isFilled (the non-blank of CUS-3, CUS-4, CUS-9, CUS-10)", () => {
  it("CUS-4: null, the empty string and whitespace only are not filled; any text with a visible character is", () => {
    expect([null, "", " ", "\t\n", "\u00a0"].map(isFilled)).toEqual([false, false, false, false, false]);
    fc.assert(fc.property(fc.string(), fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""), (around, visible) => {
      expect(isFilled(` ${around.trim()}${visible} `)).toBe(true);
    }));
  });
});

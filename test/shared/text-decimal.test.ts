import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec, decimalFromJson, decimalToJson } from "../../src/shared/decimal.js";
import { foldText } from "../../src/shared/text.js";

describe("text folding (STO-4)", () => {
  it("STO-4: case and diacritics are removed", () => {
    expect(foldText("Šroub")).toBe(foldText("sroub"));
    expect(foldText("ŽÁROVKA Řídicí")).toBe("zarovka ridici");
    expect(foldText("İ")).toBe("i");
  });
  it("folding is idempotent", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => foldText(foldText(s)) === foldText(s)), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => foldText(foldText(s)) === foldText(s)), { numRuns: 500 });
  });
});

describe("GEN-7: decimals", () => {
  it("GEN-7: JSON numbers become exact decimals as written", () => {
    expect(decimalFromJson(0.1)?.toString()).toBe("0.1");
    expect(decimalFromJson(-0)?.toString()).toBe("0");
    expect(decimalFromJson(1e21)?.toString()).toBe("1000000000000000000000");
    expect(decimalFromJson(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(decimalFromJson("1")).toBeUndefined();
  });
  it("GEN-7: a JSON number round-trips through a decimal unchanged", () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => Object.is(decimalToJson(decimalFromJson(x) as Dec), Object.is(x, -0) ? 0 : x)));
  });
  it("GEN-7: our decimal configuration is a clone, untouched by a global Decimal.set", async () => {
    const { Decimal } = await import("decimal.js");
    const before = Decimal.precision;
    Decimal.set({ precision: 2 });
    try {
      expect(new Dec("1").dividedBy(3).toString().length).toBeGreaterThan(20);
    } finally {
      Decimal.set({ precision: before });
    }
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec, compareDecimals, decimalFromJson, decimalToJson } from "../../src/shared/decimal.js";
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

describe("compareDecimals (GEN-7, STO-5)", () => {
  // Random decimals: zero of either sign, negatives, high precision, tiny and huge exponents,
  // trailing zeros, infinities and NaN.
  const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 70 });
  const decimalArb = fc.oneof(
    fc.tuple(fc.boolean(), digits, fc.option(digits, { nil: undefined }), fc.integer({ min: -40, max: 40 })).map(
      ([neg, int, frac, exp]) => new Dec(`${neg ? "-" : ""}${int}${frac === undefined ? "" : `.${frac}`}e${exp}`),
    ),
    fc.integer({ min: -5, max: 5 }).map((i) => new Dec(i)),
    fc.double({ noNaN: false }).map((x) => new Dec(x)),
    fc.constantFrom(new Dec(0), new Dec("-0"), new Dec("0.000"), new Dec(Infinity), new Dec(-Infinity), new Dec(NaN)),
  );

  it("GEN-7: compareDecimals equals comparedTo on random decimals (zero, negatives, high precision, infinities, NaN)", () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, (a, b) => {
        expect(compareDecimals(a, b)).toBe(a.comparedTo(b));
        expect(compareDecimals(a, a)).toBe(a.comparedTo(a));
      }),
      { numRuns: 3000 },
    );
    // Close pairs: same sign and integer part, fractions sharing a long prefix, so the
    // exponents agree and the digit words decide.
    fc.assert(
      fc.property(fc.boolean(), digits, digits, digits, digits, fc.integer({ min: -20, max: 20 }), (neg, int, common, fa, fb, exp) => {
        const a = new Dec(`${neg ? "-" : ""}${int}.${common}${fa}e${exp}`);
        const b = new Dec(`${neg ? "-" : ""}${int}.${common}${fb}e${exp}`);
        expect(compareDecimals(a, b)).toBe(a.comparedTo(b));
        expect(compareDecimals(b, a)).toBe(b.comparedTo(a));
      }),
      { numRuns: 3000 },
    );
  });

  it("GEN-7: compareDecimals examples: equal values with other digits, signs, zeros", () => {
    expect(compareDecimals(new Dec("1.10"), new Dec("1.1"))).toBe(0);
    expect(compareDecimals(new Dec("-0"), new Dec("0"))).toBe(0);
    expect(compareDecimals(new Dec("-2"), new Dec("0.5"))).toBe(-1);
    expect(compareDecimals(new Dec("-2"), new Dec("-10"))).toBe(1);
    expect(compareDecimals(new Dec("12345678.9"), new Dec("12345678.89999999"))).toBe(1);
    expect(compareDecimals(new Dec("0.1"), new Dec(Infinity))).toBe(-1);
    expect(compareDecimals(new Dec(NaN), new Dec(1))).toBeNaN();
  });
});

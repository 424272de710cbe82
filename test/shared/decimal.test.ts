import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec, compareDecimals, decimalFromJson, decimalJsonText, decimalToJson, isStorableDecimal } from "../../src/shared/decimal.js";
import { parseStockAmounts } from "../../src/stock/request.js";

describe("GEN-7: decimals", () => {
  it("GEN-7: JSON numbers become exact decimals as written", () => {
    expect(decimalFromJson(0.1)?.toString()).toBe("0.1");
    expect(decimalFromJson(-0)?.toString()).toBe("0");
    expect(decimalFromJson(1e21)?.toString()).toBe("1000000000000000000000");
    expect(decimalFromJson(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(decimalFromJson("1")).toBeUndefined();
  });
  it("GEN-7: -0 is read as 0, so it answers as 0 and not -0", () => {
    expect(Object.is(decimalToJson(decimalFromJson(-0) as Dec), 0)).toBe(true);
    expect(decimalFromJson(-0)?.isNegative()).toBe(false);
    expect(Object.is(decimalToJson(decimalFromJson(0) as Dec), 0)).toBe(true);
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

describe("GEN-7: storable amounts", () => {
  // A decimal written as an integer part and a fraction, each possibly with zeros that do not count.
  const written = fc.tuple(fc.boolean(), fc.nat({ max: 12 }), fc.nat({ max: 9 }), fc.nat({ max: 3 }), fc.nat({ max: 3 })).chain(([neg, intDigits, fracDigits, lead, trail]) =>
    fc.tuple(fc.constant(neg), fc.string({ unit: fc.constantFrom(..."123456789"), minLength: intDigits, maxLength: intDigits }), fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: fracDigits, maxLength: fracDigits }).map((f) => f.replace(/0+$/, "")), fc.constant(lead), fc.constant(trail)));
  it("GEN-7: an amount is storable exactly when it has at most 9 integer digits and at most 6 decimal places, whatever its sign and written zeros", () => {
    fc.assert(fc.property(written, ([neg, int, frac, lead, trail]) => {
      const text = `${neg ? "-" : ""}${"0".repeat(lead)}${int === "" ? "0" : int}.${frac}${"0".repeat(trail)}`;
      expect([text, isStorableDecimal(new Dec(text))]).toEqual([text, int.length <= 9 && frac.length <= 6]);
    }), { numRuns: 2_000 });
    expect([new Dec("999999999.999999"), new Dec("-999999999.999999"), new Dec("0.000001"), new Dec("0")].map(isStorableDecimal)).toEqual([true, true, true, true]);
    expect([new Dec("1000000000"), new Dec("-1000000000"), new Dec("0.0000001"), new Dec("1000000000.5"), new Dec("1.1234567")].map(isStorableDecimal)).toEqual([false, false, false, false, false]);
    expect([new Dec(Number.NaN), new Dec(Number.POSITIVE_INFINITY), new Dec(Number.NEGATIVE_INFINITY), new Dec("-0"), new Dec("999999999.9999999")].map(isStorableDecimal)).toEqual([false, false, false, true, false]);
  });
  it("GEN-7: decimalJsonText writes what JSON.stringify writes of decimalToJson, storable or not", () => {
    const any = fc.oneof(
      fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: -25, max: 25 })).map(([digits, exp]) => new Dec(`${digits}e${exp}`)),
      fc.tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 6 })).map(([i, f, places]) => new Dec(`${i}.${String(f).padStart(6, "0").slice(0, places)}`)),
      fc.double().map((x) => new Dec(x)),
    );
    fc.assert(fc.property(any, (d) => {
      expect(decimalJsonText(d)).toBe(JSON.stringify(decimalToJson(d)));
    }), { numRuns: 5_000 });
    const cases = ["0", "-0", "2.50", "0.000001", "999999999.999999", "-999999999.999999", "1000000000", "0.0000001", "123456789012345678901234567890", "NaN", "Infinity", "-Infinity"];
    expect(cases.map((t) => decimalJsonText(new Dec(t)))).toEqual(["0", "0", "2.5", "0.000001", "999999999.999999", "-999999999.999999", "1000000000", "1e-7", "1.2345678901234568e+29", "null", "null", "null"]);
  });
  it("GEN-7: storable is exactly |value| < 10^9 with at most 6 decimal places, for any decimal and exponent", () => {
    // The comparison by decimal.js's own arithmetic, which isStorableDecimal answers without it.
    const limit = new Dec(10).pow(9);
    const any = fc.oneof(
      fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: -25, max: 25 })).map(([digits, exp]) => new Dec(`${digits}e${exp}`)),
      fc.double().map((x) => new Dec(x)),
    );
    fc.assert(fc.property(any, (d) => {
      expect(isStorableDecimal(d)).toBe(d.decimalPlaces() <= 6 && d.abs().lt(limit));
    }), { numRuns: 3_000 });
  });
  it("GEN-7: an amount beyond range or scale is refused with a message that cites both limits", () => {
    const message = "Amounts and prices are below 10^9 with at most 6 decimal places (GEN-7).";
    expect(parseStockAmounts([{ materialId: "M1", amount: 0.0000001 }, { materialId: "M1", amount: 1e9 }, { materialId: "M1", amount: 999999999.999999 }])).toEqual({
      ok: false,
      issues: [{ code: "OutOfRange", path: "[0].amount", message, rule: "GEN-7" }, { code: "OutOfRange", path: "[1].amount", message, rule: "GEN-7" }],
    });
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

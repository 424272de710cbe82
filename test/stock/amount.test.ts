import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec } from "../../src/shared/decimal.js";
import { UNLIMITED, ZERO, amountFromJson, amountToJson, amountsEqual, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { addAmounts } from "../../src/stock/add.js";
import { amountArb, finiteArb, valueOf } from "../arbitraries/stock.js";

describe("STK-1: amounts", () => {
  it("STK-1: JSON null is unlimited, a number ≥ 0 is finite, a negative or non-number is refused", () => {
    expect(amountFromJson(null)).toEqual(UNLIMITED);
    expect(valueOf(amountFromJson(2.5) as Amount)).toBe("2.5");
    expect(amountFromJson(-1)).toBeUndefined();
    expect(amountFromJson("1")).toBeUndefined();
    expect(amountToJson(UNLIMITED)).toBeNull();
    expect(amountToJson(finite("0.3"))).toBe(0.3);
  });
  it("STK-1: finite() refuses negative and non-finite values (programmer error)", () => {
    expect(() => finite(-1)).toThrow(RangeError);
    expect(() => finite(Number.NaN)).toThrow(RangeError);
    expect(() => finite("-0.5")).toThrow("A stock amount is a finite decimal >= 0, got -0.5");
    expect(() => finite(Number.POSITIVE_INFINITY)).toThrow("A stock amount is a finite decimal >= 0, got Infinity");
  });
  it("STK-1: amounts are equal by value (1.0 equals 1), unlimited equals only unlimited", () => {
    // Few distinct values, written with and without trailing zeros, so equal pairs are common.
    const close: fc.Arbitrary<Amount> = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2 })).map(([n, zeros]) => finite(new Dec(`${n}.${"0".repeat(zeros)}0`))),
      fc.constant(UNLIMITED),
    );
    fc.assert(
      fc.property(fc.oneof(close, amountArb), fc.oneof(close, amountArb), (a, b) => {
        expect(amountsEqual(a, b)).toBe(valueOf(a) === valueOf(b));
        expect(amountsEqual(a, b)).toBe(amountsEqual(b, a));
      }),
    );
    expect(amountsEqual(finite("1.0"), finite(1))).toBe(true);
    expect(amountsEqual(finite(1), finite(2))).toBe(false);
    expect(amountsEqual(UNLIMITED, UNLIMITED)).toBe(true);
    expect(amountsEqual(ZERO, UNLIMITED)).toBe(false);
  });
  it("STO-5: unlimited compares above every finite amount", () => {
    fc.assert(fc.property(finiteArb, (a) => compareAmounts(a, UNLIMITED) < 0 && compareAmounts(UNLIMITED, a) > 0));
  });
  it("GEN-7: exact decimals: ten additions of 0.1 equal 1", () => {
    let sum: Amount = ZERO;
    for (let i = 0; i < 10; i++) sum = addAmounts(sum, amountFromJson(0.1) as Amount);
    expect(valueOf(sum)).toBe("1");
    expect(valueOf(addAmounts(finite(0.1), finite(0.2)))).toBe("0.3");
  });
});

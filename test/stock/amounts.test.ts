import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec } from "../../src/shared/decimal.js";
import { ALL, UNLIMITED, ZERO, amountFromJson, amountToJson, amountsEqual, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { addAmounts } from "../../src/stock/add.js";
import { moveAmounts } from "../../src/stock/move.js";
import { removeAmount } from "../../src/stock/remove.js";
import { setAmount } from "../../src/stock/set.js";
import { amountArb, finiteArb, quantityArb, valueOf } from "../arbitraries/stock.js";

const eq = (a: Amount, b: Amount): boolean => compareAmounts(a, b) === 0;

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

describe("STK-2: add", () => {
  it("STK-2: INF + X = INF and X + INF = INF", () => {
    expect(addAmounts(UNLIMITED, finite(5))).toEqual(UNLIMITED);
    expect(addAmounts(finite(5), UNLIMITED)).toEqual(UNLIMITED);
  });
  it("finite add is commutative", () => {
    fc.assert(fc.property(finiteArb, finiteArb, (a, b) => eq(addAmounts(a, b), addAmounts(b, a))));
  });
  it("finite add is associative", () => {
    fc.assert(fc.property(finiteArb, finiteArb, finiteArb, (a, b, c) => eq(addAmounts(addAmounts(a, b), c), addAmounts(a, addAmounts(b, c)))));
  });
  it("zero is the identity of add", () => {
    fc.assert(fc.property(amountArb, (a) => eq(addAmounts(a, ZERO), a)));
  });
  it("unlimited absorbs add", () => {
    fc.assert(fc.property(amountArb, (a) => addAmounts(a, UNLIMITED).kind === "unlimited" && addAmounts(UNLIMITED, a).kind === "unlimited"));
  });
});

describe("STK-3: remove", () => {
  it("STK-3: X - all = 0, INF - X = INF, INF - all = 0, never below 0", () => {
    expect(valueOf(removeAmount(finite(5), ALL))).toBe("0");
    expect(removeAmount(UNLIMITED, finite(7))).toEqual(UNLIMITED);
    expect(valueOf(removeAmount(UNLIMITED, ALL))).toBe("0");
    expect(valueOf(removeAmount(finite(5), finite(7)))).toBe("0");
    expect(valueOf(removeAmount(finite("5.5"), finite("0.25")))).toBe("5.25");
  });
  it("STK-3: remove never yields a negative amount", () => {
    fc.assert(fc.property(amountArb, quantityArb, (a, q) => {
      const r = removeAmount(a, q);
      return r.kind === "unlimited" || !r.value.isNegative();
    }));
  });
  it("remove then add of the same finite amount restores the amount when the stock was large enough", () => {
    fc.assert(fc.property(finiteArb, finiteArb, (a, q) => {
      fc.pre(a.value.greaterThanOrEqualTo(q.value));
      return eq(addAmounts(removeAmount(a, q), q), a);
    }));
  });
});

describe("STK-4: set", () => {
  it("STK-4: set gives exactly the amount, whatever was there", () => {
    fc.assert(fc.property(fc.option(amountArb, { nil: undefined }), amountArb, (cur, target) => eq(setAmount(cur, target), target)));
  });
  it("set is idempotent", () => {
    fc.assert(fc.property(amountArb, amountArb, (cur, t) => eq(setAmount(setAmount(cur, t), t), setAmount(cur, t))));
  });
});

describe("STK-5: move", () => {
  it("STK-5: moving more than the source holds empties the source and credits the full amount", () => {
    const r = moveAmounts(finite(3), finite(1), finite(5));
    expect(valueOf(r.source)).toBe("0");
    expect(valueOf(r.target)).toBe("6");
  });
  it("STK-5: moving all of an unlimited source leaves 0 and makes the target unlimited", () => {
    const r = moveAmounts(UNLIMITED, finite(1), ALL);
    expect(valueOf(r.source)).toBe("0");
    expect(r.target).toEqual(UNLIMITED);
  });
  it("STK-5: moving all of a finite source credits its whole amount", () => {
    const r = moveAmounts(finite("2.5"), finite(1), ALL);
    expect([valueOf(r.source), valueOf(r.target)]).toEqual(["0", "3.5"]);
  });
  it("moving a finite amount the source holds conserves the two stores' sum", () => {
    fc.assert(fc.property(finiteArb, finiteArb, finiteArb, (s, t, q) => {
      fc.pre(s.value.greaterThanOrEqualTo(q.value));
      const r = moveAmounts(s, t, q);
      return eq(addAmounts(r.source, r.target), addAmounts(s, t));
    }));
  });
  it("moving more than the source holds credits exactly the requested amount", () => {
    fc.assert(fc.property(finiteArb, amountArb, finiteArb, (s, t, q) => {
      fc.pre(s.value.lessThan(q.value));
      const r = moveAmounts(s, t, q);
      return valueOf(r.source) === "0" && eq(r.target, addAmounts(t, q));
    }));
  });
  it("a move never makes either side negative and never changes an unlimited target", () => {
    fc.assert(fc.property(amountArb, amountArb, quantityArb, (s, t, q) => {
      const r = moveAmounts(s, t, q);
      const nonNeg = (a: Amount): boolean => a.kind === "unlimited" || !a.value.isNegative();
      return nonNeg(r.source) && nonNeg(r.target) && (t.kind !== "unlimited" || r.target.kind === "unlimited");
    }));
  });
  it("GEN-7: amounts keep every digit written (no float artefacts)", () => {
    const r = moveAmounts(finite(new Dec("0.3")), finite(new Dec("0.1")), finite(new Dec("0.2")));
    expect([valueOf(r.source), valueOf(r.target)]).toEqual(["0.1", "0.3"]);
  });
});

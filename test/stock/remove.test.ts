import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL, UNLIMITED, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { addAmounts } from "../../src/stock/add.js";
import { removeAmount } from "../../src/stock/remove.js";
import { amountArb, finiteArb, quantityArb, valueOf } from "../../src/testing/arbitraries/records/stock.js";

const eq = (a: Amount, b: Amount): boolean => compareAmounts(a, b) === 0;

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

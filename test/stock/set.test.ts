import fc from "fast-check";
import { describe, it } from "vitest";
import { compareAmounts, type Amount } from "../../src/stock/amount.js";
import { setAmount } from "../../src/stock/set.js";
import { amountArb } from "../../src/testing/arbitraries/records/stock.js";

const eq = (a: Amount, b: Amount): boolean => compareAmounts(a, b) === 0;

describe("STK-4: set", () => {
  it("STK-4: set gives exactly the amount, whatever was there", () => {
    fc.assert(fc.property(fc.option(amountArb, { nil: undefined }), amountArb, (cur, target) => eq(setAmount(cur, target), target)));
  });
  it("set is idempotent", () => {
    fc.assert(fc.property(amountArb, amountArb, (cur, t) => eq(setAmount(setAmount(cur, t), t), setAmount(cur, t))));
  });
});

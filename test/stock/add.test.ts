import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNLIMITED, ZERO, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { addAmounts } from "../../src/stock/add.js";
import { amountArb, finiteArb } from "../arbitraries/stock.js";

const eq = (a: Amount, b: Amount): boolean => compareAmounts(a, b) === 0;

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

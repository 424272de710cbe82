import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNLIMITED, ZERO, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { addAmounts, addToStock } from "../../src/stock/add.js";
import { amountArb, finiteArb, materialIds, materials } from "../../src/testing/arbitraries/records/stock.js";

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

// Issue 9, defect 4: an addition whose result would reach 10^9 is OutOfRange, the whole batch refused.
describe("GEN-7: amounts never overflow", () => {
  const M0 = materialIds[0]!;
  const outcome = (r: { ok: boolean; issues?: readonly { code: string; path: string }[] }): string[] => (r.ok ? [] : (r.issues ?? []).map((i) => `${i.code}@${i.path}`));
  const MAX = "999999999.999999";

  it("GEN-7, STK-2, GEN-8: an addition whose result reaches 10^9 is OutOfRange at the item, and the whole batch is refused", () => {
    const stock = new Map([[M0, finite(MAX)]]);
    expect(outcome(addToStock(stock, [{ materialId: "M1", amount: finite(1) }, { materialId: "M0", amount: finite("0.000001") }], materials))).toEqual(["OutOfRange@[1].amount"]);
    expect(outcome(addToStock(stock, [{ materialId: "M0", amount: UNLIMITED }], materials))).toEqual([]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec } from "../../src/shared/decimal.js";
import { ALL, UNLIMITED, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { addAmounts } from "../../src/stock/add.js";
import { moveAmounts, moveStock } from "../../src/stock/move.js";
import { amountArb, finiteArb, quantityArb, valueOf, materialIds, materials } from "../../src/testing/arbitraries/records/stock.js";

const eq = (a: Amount, b: Amount): boolean => compareAmounts(a, b) === 0;

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

// Issue 9, defect 4: a move whose target would reach 10^9 is OutOfRange.
describe("GEN-7: amounts never overflow", () => {
  const M0 = materialIds[0]!;
  const outcome = (r: { ok: boolean; issues?: readonly { code: string; path: string }[] }): string[] => (r.ok ? [] : (r.issues ?? []).map((i) => `${i.code}@${i.path}`));
  const MAX = "999999999.999999";

  it("GEN-7, STK-5: a move whose target would reach 10^9 is OutOfRange at the item", () => {
    const source = new Map([[M0, finite(5)]]);
    const target = new Map([[M0, finite(MAX)]]);
    expect(outcome(moveStock(source, target, [{ materialId: "M0", amount: finite(1) }], materials, false))).toEqual(["OutOfRange@[0].amount"]);
  });
});

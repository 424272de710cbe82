import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNLIMITED, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { amountColumn, amountComparator, amountRanks, appendAmounts, setAmountAt } from "../../src/store-listing/amount-order.js";

// Amounts that collide as doubles (or overflow them), plus ordinary ones and unlimited.
const texts = ["0", "0.1", "0.10000000000000000001", "0.1000000000000000000099", "123456789012345678", "123456789012345679", "1e400", "1.0000000000000000000001e400", "2.5", "3"];
const amountArb: fc.Arbitrary<Amount> = fc.oneof(fc.constantFrom(...texts).map((t) => finite(t)), fc.constant(UNLIMITED));
const runs = { numRuns: 300 };
const sign = (x: number): number => (x < 0 ? -1 : x > 0 ? 1 : 0);

describe("amount orders", () => {
  it("STO-5, STK-1: the keyed comparison agrees with the exact one, then name rank, in both directions", () => {
    fc.assert(
      fc.property(fc.array(amountArb, { minLength: 1, maxLength: 12 }), fc.nat(), fc.nat(), (amounts, i, j) => {
        const a = i % amounts.length;
        const b = j % amounts.length;
        const nameRanks = Int32Array.from(amounts, (_, p) => p);
        const column = amountColumn(amounts.slice());
        const exact = sign(compareAmounts(amounts[a] as Amount, amounts[b] as Amount)) || sign(a - b);
        expect(sign(amountComparator(column, nameRanks, false)(a, b))).toBe(exact);
        expect(sign(amountComparator(column, nameRanks, true)(a, b))).toBe(sign(-compareAmounts(amounts[a] as Amount, amounts[b] as Amount)) || sign(a - b));
      }),
      runs,
    );
  });

  it("STO-5: the comparison follows amounts set or appended in place", () => {
    fc.assert(
      fc.property(fc.array(amountArb, { minLength: 2, maxLength: 8 }), fc.array(amountArb, { maxLength: 4 }), amountArb, (amounts, more, changed) => {
        const column = amountColumn(amounts.slice());
        appendAmounts(column, more);
        setAmountAt(column, 0, changed);
        const now = [changed, ...amounts.slice(1), ...more];
        expect(column.amounts).toEqual(now);
        const nameRanks = Int32Array.from(now, (_, p) => p);
        const cmp = amountComparator(column, nameRanks, false);
        for (let p = 1; p < now.length; p++) expect(sign(cmp(0, p))).toBe(sign(compareAmounts(changed, now[p] as Amount)) || -1);
      }),
      runs,
    );
  });

  it("STO-5, STK-1: amount ranks are dense in exact order, unlimited highest", () => {
    fc.assert(
      fc.property(fc.array(amountArb, { maxLength: 12 }), (amounts) => {
        const { ranks } = amountRanks(amounts);
        for (let a = 0; a < amounts.length; a++) {
          for (let b = 0; b < amounts.length; b++) expect(sign((ranks[a] as number) - (ranks[b] as number))).toBe(sign(compareAmounts(amounts[a] as Amount, amounts[b] as Amount)));
        }
      }),
      runs,
    );
  });
});

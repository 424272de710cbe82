import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec, isStorableDecimal } from "../../src/shared/decimal.js";
import { UNLIMITED, ZERO, amountFromJson, amountFromText, amountJsonText, amountToJson, amountToText, amountsEqual, compareAmounts, finite, type Amount } from "../../src/stock/amount.js";
import { addAmounts, addToStock } from "../../src/stock/add.js";
import { amountArb, finiteArb, valueOf, materialIds, materials } from "../../src/testing/arbitraries/records/stock.js";
import { applyStockChanges } from "../../src/stock/batch.js";
import { moveStock } from "../../src/stock/move.js";
import { removeFromStock } from "../../src/stock/remove.js";
import { parseStockAmounts, parseStockQuantities } from "../../src/stock/request.js";
import { setStockAmounts } from "../../src/stock/set.js";

describe("STK-1: amounts", () => {
  it("STK-1: amountToText writes every amount exactly, in plain notation, and amountFromText reads it back", () => {
    fc.assert(fc.property(amountArb, (a) => {
      const text = amountToText(a);
      expect(text === null || /^\d+(\.\d+)?$/.test(text)).toBe(true);
      expect(amountsEqual(amountFromText(text), a)).toBe(true);
    }));
    expect(amountToText(finite("1e21"))).toBe("1000000000000000000000");
    expect(amountFromText(null)).toEqual(UNLIMITED);
  });

  it("STK-1: amountJsonText is the JSON text of amountToJson, for every amount", () => {
    fc.assert(fc.property(amountArb, (a) => {
      expect(amountJsonText(a)).toBe(JSON.stringify(amountToJson(a)));
    }), { numRuns: 2_000 });
    expect([UNLIMITED, ZERO, finite("2.50"), finite("0.000001"), finite("999999999.999999")].map(amountJsonText)).toEqual(["null", "0", "2.5", "0.000001", "999999999.999999"]);
  });
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

// Issue 9, defect 4: amounts never overflow. An amount or price is below 10^9 with at most 6
// decimal places (15 significant digits, what a JSON number carries exactly), in a request and
// as the result of a stock operation; beyond that the request is 400 OutOfRange, all or nothing.
describe("GEN-7: amounts never overflow", () => {
  const M0 = materialIds[0]!;
  const MAX = "999999999.999999";

  /** Decimals within range and scale, boundaries weighted in: what an accepted request can hold. */
  const storable: fc.Arbitrary<Dec> = fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999 })).map(([u, f]) => new Dec(`${u}.${String(f).padStart(6, "0")}`)),
    fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 6 })).map(([u, s]) => new Dec(u).dividedBy(10 ** s)),
    fc.constantFrom(new Dec(0), new Dec("0.000001"), new Dec(MAX), new Dec("0.1"), new Dec("0.3")),
  );
  const storedAmount: fc.Arbitrary<Amount> = fc.oneof({ weight: 5, arbitrary: storable.map((v) => finite(v)) }, { weight: 1, arbitrary: fc.constant(UNLIMITED) });

  /** JSON out and back in, as a client and the service exchange it. */
  const roundTrip = (a: Amount): Amount | undefined => amountFromJson(JSON.parse(JSON.stringify(amountToJson(a))));

  it("GEN-7: for every accepted operation, the JSON answer parses back to exactly the decimal that is stored", () => {
    const ops = fc.constantFrom("add", "remove", "set", "move");
    fc.assert(
      fc.property(storedAmount, storable, ops, fc.boolean(), (current, operand, op, all) => {
        const stock = new Map([[M0, current]]);
        const json = [{ materialId: "M0", ...(all && op !== "add" && op !== "set" ? {} : { amount: operand.toNumber() }) }];
        const parsed = op === "add" || op === "set" ? parseStockAmounts(json) : parseStockQuantities(json);
        if (!parsed.ok) return; // out of range input: refused, nothing to store
        const result =
          op === "add" ? addToStock(stock, parsed.value as never, materials) :
          op === "set" ? setStockAmounts(stock, parsed.value as never, materials) :
          op === "remove" ? removeFromStock(stock, parsed.value as never, materials) :
          moveStock(stock, new Map(), parsed.value as never, materials, false);
        if (!result.ok) {
          expect(result.issues.every((i) => i.code === "OutOfRange")).toBe(true);
          return;
        }
        const changes = "source" in result.value ? [result.value.source, result.value.target] : [result.value];
        for (const change of changes) {
          for (const stored of applyStockChanges(new Map(), change).values()) {
            const back = roundTrip(stored);
            expect(back).toBeDefined();
            expect(compareAmounts(back as Amount, stored)).toBe(0);
            if (stored.kind === "finite") expect(isStorableDecimal(stored.value)).toBe(true);
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

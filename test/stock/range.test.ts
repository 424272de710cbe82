// Issue 9, defect 4: amounts never overflow. An amount or price is below 10^9 with at most 6
// decimal places (15 significant digits, what a JSON number carries exactly), in a request and
// as the result of a stock operation; beyond that the request is 400 OutOfRange, all or nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dec, isStorableDecimal } from "../../src/shared/decimal.js";
import { limits } from "../../src/shared/limits.js";
import { amountFromJson, amountToJson, compareAmounts, finite, UNLIMITED, type Amount } from "../../src/stock/amount.js";
import { addToStock } from "../../src/stock/add.js";
import { applyStockChanges } from "../../src/stock/batch.js";
import { moveStock } from "../../src/stock/move.js";
import { removeFromStock } from "../../src/stock/remove.js";
import { parseStockAmounts, parseStockQuantities } from "../../src/stock/request.js";
import { setStockAmounts } from "../../src/stock/set.js";
import { materialIds, materials } from "../arbitraries/stock.js";

const M0 = materialIds[0]!;
const outcome = (r: { ok: boolean; issues?: readonly { code: string; path: string }[] }): string[] => (r.ok ? [] : (r.issues ?? []).map((i) => `${i.code}@${i.path}`));
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

describe("GEN-7: amounts never overflow", () => {
  it("GEN-7: 1.7976931348623157e308 is refused in a request, not stored as unlimited (the defect)", () => {
    expect(outcome(parseStockAmounts([{ materialId: "M0", amount: 1.7976931348623157e308 }]))).toEqual(["OutOfRange@[0].amount"]);
  });

  it("GEN-7: the range and scale are enforced at their boundaries", () => {
    expect(outcome(parseStockAmounts([{ materialId: "M0", amount: 999_999_999.999999 }, { materialId: "M0", amount: 0.000001 }]))).toEqual([]);
    expect(outcome(parseStockAmounts([{ materialId: "M0", amount: 1e9 }, { materialId: "M0", amount: 0.0000001 }, { materialId: "M0", amount: 5e-324 }]))).toEqual([
      "OutOfRange@[0].amount", "OutOfRange@[1].amount", "OutOfRange@[2].amount",
    ]);
    expect([isStorableDecimal(new Dec(MAX)), isStorableDecimal(new Dec("1000000000")), isStorableDecimal(new Dec("1.0000001"))]).toEqual([true, false, false]);
    expect(limits.decimalIntegerDigits + limits.decimalScale).toBeLessThanOrEqual(15);
  });

  it("GEN-7, STK-2, GEN-8: an addition whose result reaches 10^9 is OutOfRange at the item, and the whole batch is refused", () => {
    const stock = new Map([[M0, finite(MAX)]]);
    expect(outcome(addToStock(stock, [{ materialId: "M1", amount: finite(1) }, { materialId: "M0", amount: finite("0.000001") }], materials))).toEqual(["OutOfRange@[1].amount"]);
    expect(outcome(addToStock(stock, [{ materialId: "M0", amount: UNLIMITED }], materials))).toEqual([]);
  });

  it("GEN-7, STK-5: a move whose target would reach 10^9 is OutOfRange at the item", () => {
    const source = new Map([[M0, finite(5)]]);
    const target = new Map([[M0, finite(MAX)]]);
    expect(outcome(moveStock(source, target, [{ materialId: "M0", amount: finite(1) }], materials, false))).toEqual(["OutOfRange@[0].amount"]);
  });

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

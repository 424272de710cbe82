import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseStockAmounts, parseStockQuantities, stockAmountsSchema } from "../../src/stock/request.js";
import { valueOf } from "../../src/testing/arbitraries/records/stock.js";
import { Dec, isStorableDecimal } from "../../src/shared/decimal.js";
import { limits } from "../../src/shared/limits.js";

describe("stock body parsers", () => {
  it("STK-1: an absent or null amount means unlimited on add and set", () => {
    const r = parseStockAmounts([{ materialId: "A" }, { materialId: "B", amount: null }, { materialId: "C", amount: 0.1 }]);
    expect(r.ok && r.value.map((i) => valueOf(i.amount))).toEqual(["INF", "INF", "0.1"]);
  });
  it("STK-3: an absent or null amount means all on remove and move", () => {
    const r = parseStockQuantities([{ materialId: "A" }, { materialId: "B", amount: null }, { materialId: "C", amount: 2 }]);
    expect(r.ok && r.value.map((i) => i.amount.kind)).toEqual(["all", "all", "finite"]);
  });
  it("STK-6: every bad item is reported with its path: negative, non-numeric, missing material, not an object", () => {
    const r = parseStockQuantities([{ materialId: "A", amount: -1 }, { materialId: "B", amount: "3" }, { amount: 1 }, 7, { materialId: "" }]);
    expect(!r.ok && r.issues.map((i) => [i.code, i.path])).toEqual([
      ["Negative", "[0].amount"],
      ["InvalidType", "[1].amount"],
      ["Required", "[2].materialId"],
      ["InvalidType", "[3]"],
      ["Blank", "[4].materialId"],
    ]);
  });
  it("GEN-7: amounts are never negative and are kept exactly as written", () => {
    const r = parseStockAmounts([{ materialId: "A", amount: 123.456789 }]);
    expect(r.ok && valueOf(r.value[0]!.amount)).toBe("123.456789");
  });
  it("ERR-3: unknown item fields are ignored", () => {
    expect(parseStockAmounts([{ materialId: "A", amount: 1, colour: "red" }]).ok).toBe(true);
  });
  it("a body that is not an array is refused at the root", () => {
    const r = parseStockAmounts({ materialId: "A" });
    expect(!r.ok && r.issues[0]).toMatchObject({ code: "InvalidType", path: "" });
  });
  it("STK-6 LIM-1: a body that is not an array, or has too many items, is one issue at the root with its rule and message, for both parsers", () => {
    const many = Array.from({ length: limits.stockItems + 1 }, () => ({ materialId: "A" }));
    for (const parse of [parseStockAmounts, parseStockQuantities]) {
      const notAList = parse({ materialId: "A" });
      expect(!notAList.ok && notAList.issues.map((i) => [i.code, i.path, i.rule, i.message])).toEqual([["InvalidType", "", "STK-6", "The body must be a JSON array of stock items (STK-6)."]]);
      const tooMany = parse(many);
      expect(!tooMany.ok && tooMany.issues.map((i) => [i.code, i.path, i.rule, i.message])).toEqual([["TooMany", "", "LIM-1", `At most ${limits.stockItems} stock items in one body (${limits.stockItems + 1} sent).`]]);
    }
  });
  it("the parsers are total on arbitrary JSON and never pollute Object.prototype", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const body = JSON.parse(JSON.stringify([v, { __proto__: { polluted: true }, materialId: "x" }, { constructor: 1, materialId: "y" }]));
      parseStockAmounts(body);
      parseStockQuantities(v);
      return !("polluted" in Object.prototype);
    }));
  });
  it("is a Standard Schema v1 validator with array paths", () => {
    const out = stockAmountsSchema["~standard"].validate([{ materialId: "x", amount: -1 }]);
    expect("issues" in out && out.issues?.[0]?.path).toEqual([0, "amount"]);
  });
  it("GEN-9: Standard Schema issues carry the issue code as a field, the message without it", () => {
    const out = stockAmountsSchema["~standard"].validate([{ materialId: "x", amount: -1 }, {}]);
    expect(out).toEqual({
      issues: [
        { code: "Negative", message: expect.not.stringMatching(/^Negative:/), path: [0, "amount"], rule: "GEN-7" },
        { code: "Required", message: expect.any(String), path: [1, "materialId"], rule: "STK-6" },
      ],
    });
  });
  it("GEN-9: a stock batch reports every malformed item, each at its own path, not only the first", () => {
    const r = parseStockAmounts([5, { amount: -1 }, { materialId: "", amount: "x" }, null, { materialId: 3 }]);
    expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual([
      "InvalidType@[0]", "Required@[1].materialId", "Negative@[1].amount", "Blank@[2].materialId", "InvalidType@[2].amount", "InvalidType@[3]", "InvalidType@[4].materialId",
    ]);
  });
});

// Issue 9, defect 4: a request amount is below 10^9 with at most 6 decimal places, else OutOfRange.
describe("GEN-7: amounts never overflow", () => {
  const outcome = (r: { ok: boolean; issues?: readonly { code: string; path: string }[] }): string[] => (r.ok ? [] : (r.issues ?? []).map((i) => `${i.code}@${i.path}`));
  const MAX = "999999999.999999";

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
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Guid } from "../../src/shared/guid.js";
import { ALL, UNLIMITED, compareAmounts, finite, type Amount, type Quantity } from "../../src/stock/amount.js";
import { addAmounts, addToStock } from "../../src/stock/add.js";
import { applyStockChanges, applyStoreChanges, type StockChanges, type StockItem } from "../../src/stock/batch.js";
import { moveStock } from "../../src/stock/move.js";
import { parseStockAmounts, parseStockQuantities } from "../../src/stock/request.js";
import { limits } from "../../src/shared/limits.js";
import { removeFromStock } from "../../src/stock/remove.js";
import { setStockAmounts } from "../../src/stock/set.js";
import { amountArb, deepFreeze, finiteArb, materialIds, materialRefArb, materials, quantityArb, stockArb, valueOf } from "../../src/testing/arbitraries/records/stock.js";

const [m0, m1, m2] = materialIds as [Guid, Guid, Guid, ...Guid[]];
const snapshot = (s: ReadonlyMap<Guid, Amount>): [Guid, string][] => [...s].map(([k, v]) => [k, valueOf(v)]);

const amountItemArb = fc.record({ materialId: materialRefArb, amount: amountArb });
const quantityItemArb = fc.record({ materialId: materialRefArb, amount: quantityArb });

describe("STK-2 / STK-4 batches", () => {
  it("STK-2: adding to a material not yet stocked starts from 0", () => {
    const r = addToStock(new Map(), [{ materialId: "M0", amount: finite(3) }], materials);
    expect(r.ok && snapshot(r.value)).toEqual([[m0, "3"]]);
  });
  it("STK-6: the same material twice is applied twice, in order", () => {
    const r = addToStock(new Map([[m0, finite(1)]]), [{ materialId: "M0", amount: finite(2) }, { materialId: m0, amount: finite("0.5") }], materials);
    expect(r.ok && snapshot(r.value)).toEqual([[m0, "3.5"]]);
    const s = setStockAmounts(new Map(), [{ materialId: "M1", amount: finite(2) }, { materialId: "M1", amount: UNLIMITED }], materials);
    expect(s.ok && s.value.get(m1)).toEqual(UNLIMITED);
  });
  it("STK-4: set adds a material not yet stocked and replaces an existing amount", () => {
    const r = setStockAmounts(new Map([[m0, finite(9)]]), [{ materialId: "M0", amount: finite(1) }, { materialId: "M2", amount: UNLIMITED }], materials);
    expect(r.ok && snapshot(r.value)).toEqual([[m0, "1"], [m2, "INF"]]);
  });
  it("GEN-3: a material is found by GUID in any case or by external ID", () => {
    const r = addToStock(new Map(), [{ materialId: m1.toUpperCase(), amount: finite(1) }, { materialId: "M1", amount: finite(1) }], materials);
    expect(r.ok && snapshot(r.value)).toEqual([[m1, "2"]]);
  });
});

describe("STK-3 remove batches", () => {
  it("STK-3: removing a material the store does not hold is refused at its path", () => {
    const r = removeFromStock(new Map([[m0, finite(1)]]), [{ materialId: "M0", amount: ALL }, { materialId: "M1", amount: finite(1) }], materials);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.map((i) => [i.code, i.path])).toEqual([["NotStocked", "[1].materialId"]]);
  });
  it("STK-3: a material removed to 0 stays listed at 0", () => {
    const r = removeFromStock(new Map([[m0, finite(1)]]), [{ materialId: "M0", amount: finite(5) }, { materialId: "M0", amount: ALL }], materials);
    expect(r.ok && snapshot(r.value)).toEqual([[m0, "0"]]);
  });
});

describe("STK-5 move batches", () => {
  it("STK-5: the two stores must differ", () => {
    const r = moveStock(new Map([[m0, finite(1)]]), new Map([[m0, finite(1)]]), [{ materialId: "M0", amount: ALL }], materials, true);
    expect(!r.ok && r.issues.map((i) => i.code)).toEqual(["SameStore"]);
  });
  it("STK-5: the material must be stocked at the source; the target starts from 0", () => {
    const bad = moveStock(new Map(), new Map(), [{ materialId: "M0", amount: finite(1) }], materials, false);
    expect(!bad.ok && bad.issues[0].path).toBe("[0].materialId");
    const good = moveStock(new Map([[m0, finite(3)]]), new Map(), [{ materialId: "M0", amount: finite(5) }], materials, false);
    expect(good.ok && [snapshot(good.value.source), snapshot(good.value.target)]).toEqual([[[m0, "0"]], [[m0, "5"]]]);
  });
  it("STK-5: moving all of an unlimited source leaves it at 0 and the target unlimited", () => {
    const r = moveStock(new Map([[m0, UNLIMITED]]), new Map([[m0, finite(2)]]), [{ materialId: "M0", amount: ALL }], materials, false);
    expect(r.ok && [snapshot(r.value.source), snapshot(r.value.target)]).toEqual([[[m0, "0"]], [[m0, "INF"]]]);
  });
  it("a move batch of finite amounts the source holds conserves each material's total", () => {
    // Every material starts at 10^7 at the source: more than 10 items of at most 10^6 can take.
    const rich = new Map(materialIds.map((id) => [id, finite(10_000_000)] as const));
    const finiteStock = stockArb.map((s) => new Map([...s].filter(([, v]) => v.kind === "finite")));
    fc.assert(fc.property(finiteStock, fc.array(fc.record({ materialId: materialRefArb, amount: finiteArb }), { maxLength: 10 }), (to, items) => {
      const r = moveStock(rich, to, items, materials, false);
      if (!r.ok) return false;
      const from2 = applyStockChanges(rich, r.value.source);
      const to2 = applyStockChanges(to, r.value.target);
      const total = (m: ReadonlyMap<Guid, Amount>, id: Guid): Amount => m.get(id) ?? finite(0);
      return materialIds.every((id) => compareAmounts(addAmounts(total(from2, id), total(to2, id)), addAmounts(total(rich, id), total(to, id))) === 0);
    }));
  });
});

describe("STK-6 / GEN-8 all or nothing", () => {
  it("STK-6: a batch with one bad item changes nothing and reports every bad item", () => {
    const items: StockItem<Quantity>[] = [
      { materialId: "M0", amount: finite(1) },
      { materialId: "nope", amount: finite(1) },
      { materialId: "M1", amount: ALL },
      { materialId: "also-nope", amount: ALL },
    ];
    const r = removeFromStock(new Map([[m0, finite(5)]]), items, materials);
    expect(!r.ok && r.issues.map((i) => [i.code, i.path])).toEqual([
      ["UnknownReference", "[1].materialId"],
      ["NotStocked", "[2].materialId"],
      ["UnknownReference", "[3].materialId"],
    ]);
  });
  it("GEN-8: a refused batch returns no change set at all; an accepted one touches only the named materials", () => {
    fc.assert(fc.property(stockArb, fc.array(fc.oneof(amountItemArb, fc.record({ materialId: fc.constant("unknown"), amount: amountArb })), { maxLength: 10 }), (stock, items) => {
      const r = addToStock(stock, items, materials);
      const hasBad = items.some((i) => i.materialId === "unknown");
      if (hasBad) return !r.ok && !("value" in r);
      return r.ok && [...r.value.keys()].every((id) => items.some((i) => materials.byKey.get(i.materialId)?.id === id || i.materialId.toLowerCase() === id));
    }));
  });
  it("inputs are never mutated", () => {
    fc.assert(fc.property(stockArb, stockArb, fc.array(amountItemArb, { maxLength: 8 }), fc.array(quantityItemArb, { maxLength: 8 }), (a, b, adds, qs) => {
      const before = [snapshot(a), snapshot(b), JSON.stringify(adds), JSON.stringify(qs)];
      deepFreeze(adds);
      deepFreeze(qs);
      addToStock(a, adds, materials);
      setStockAmounts(a, adds, materials);
      removeFromStock(a, qs, materials);
      moveStock(a, b, qs, materials, false);
      expect([snapshot(a), snapshot(b), JSON.stringify(adds), JSON.stringify(qs)]).toEqual(before);
    }));
  });
  it("batches agree with folding the single-amount operation over the items", () => {
    fc.assert(fc.property(stockArb, fc.array(amountItemArb, { maxLength: 10 }), (stock, items) => {
      const r = addToStock(stock, items, materials);
      if (!r.ok) return false;
      const model = new Map(stock);
      for (const it of items) {
        const id = (materials.byKey.get(it.materialId)?.id ?? it.materialId.toLowerCase()) as Guid;
        const cur = model.get(id);
        model.set(id, cur === undefined ? it.amount : cur.kind === "unlimited" || it.amount.kind === "unlimited" ? UNLIMITED : finite(cur.value.plus(it.amount.value)));
      }
      const after = applyStockChanges(stock, r.value);
      return [...model].every(([id, v]) => compareAmounts(v, after.get(id) as Amount) === 0) && after.size === model.size;
    }));
  });
});

describe("stock refusals, whole issues", () => {
  const big = finite("999999999.999999");
  it("STK-3, STK-5, GEN-3, GEN-7: each refusal carries its code, path and a message naming the material or the result", () => {
    expect(removeFromStock(new Map(), [{ materialId: "ghost", amount: ALL }, { materialId: "M1", amount: finite(1) }], materials)).toEqual({
      ok: false,
      issues: [
        { code: "UnknownReference", path: "[0].materialId", message: 'No material has the ID, external ID or slug "ghost" (GEN-3).', rule: "GEN-3" },
        { code: "NotStocked", path: "[1].materialId", message: 'The store does not stock material "M1" (STK-3).', rule: "STK-3" },
      ],
    });
    expect(moveStock(new Map(), new Map(), [{ materialId: "M0", amount: finite(1) }], materials, true)).toEqual({
      ok: false,
      issues: [
        { code: "SameStore", path: "", message: "Stock cannot be moved to the store it comes from (STK-5).", rule: "STK-5" },
        { code: "NotStocked", path: "[0].materialId", message: 'The source store does not stock material "M0" (STK-5).', rule: "STK-5" },
      ],
    });
    const over = addToStock(new Map([[m0, big]]), [{ materialId: "M0", amount: big }], materials);
    expect(!over.ok && over.issues.map((i) => [i.code, i.path, i.message.startsWith("The result, 1999999999.999998, is out of range: ")])).toEqual([["OutOfRange", "[0].amount", true]]);
    const moved = moveStock(new Map([[m0, big]]), new Map([[m0, big]]), [{ materialId: "M0", amount: ALL }], materials, false);
    expect(!moved.ok && moved.issues.map((i) => [i.code, i.path, i.message.startsWith("The target's result, 1999999999.999998, is out of range: ")])).toEqual([["OutOfRange", "[0].amount", true]]);
  });

  it("STK-6: a body that is not an array, or holds too many items, is refused at the root with what to send", () => {
    expect(parseStockAmounts({})).toEqual({ ok: false, issues: [{ code: "InvalidType", path: "", message: "The body must be a JSON array of stock items (STK-6).", rule: "STK-6" }] });
    const n = limits.stockItems + 1;
    expect(parseStockQuantities(Array.from({ length: n }, () => ({ materialId: "M0" })))).toEqual({
      ok: false,
      issues: [{ code: "TooMany", path: "", message: `At most ${limits.stockItems} stock items in one body (${n} sent).`, rule: "LIM-1" }],
    });
  });
});

describe("applyStoreChanges (GRP-1)", () => {
  const stores = ["s0", "s1", "s2"] as Guid[];
  const storeStockArb = fc.array(fc.tuple(fc.constantFrom(...stores), stockArb), { maxLength: 3 }).map((pairs) => new Map<Guid, ReadonlyMap<Guid, Amount>>(pairs));
  const changesArb: fc.Arbitrary<ReadonlyMap<Guid, StockChanges>> = storeStockArb;
  const view = (s: ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>>): [Guid, [Guid, string][]][] => [...s].map(([k, v]) => [k, snapshot(v)]);

  it("GRP-1: the changes of several decisions folded from an empty map, applied once, leave the stock as the decisions applied one by one (materials in the same order)", () => {
    fc.assert(
      fc.property(storeStockArb, fc.array(changesArb, { maxLength: 6 }), (stock, decisions) => {
        deepFreeze(stock);
        deepFreeze(decisions);
        const oneByOne = decisions.reduce<ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>>>((s, c) => applyStoreChanges(s, c), stock);
        const folded = decisions.reduce<ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>>>((s, c) => applyStoreChanges(s, c), new Map());
        expect(view(applyStoreChanges(stock, folded))).toEqual(view(oneByOne));
      }),
    );
  });

  it("GRP-1: stores and materials the changes do not name are kept; a store new to the stock starts from its changes", () => {
    const stock = new Map([[stores[0]!, new Map<Guid, Amount>([[m0, finite(1)], [m1, UNLIMITED]])]]);
    const after = applyStoreChanges(stock, new Map([[stores[0]!, new Map([[m2, finite(5)], [m0, finite(2)]])], [stores[1]!, new Map([[m1, finite(3)]])]]));
    expect(view(after)).toEqual([[stores[0], [[m0, "2"], [m1, "INF"], [m2, "5"]]], [stores[1], [[m1, "3"]]]]);
    expect(view(stock)).toEqual([[stores[0], [[m0, "1"], [m1, "INF"]]]]);
  });
});

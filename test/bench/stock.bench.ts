import { bench, describe } from "vitest";
import { guid, type Guid } from "../../src/shared/guid.js";
import { refIndex } from "../../src/shared/reference.js";
import { ALL, UNLIMITED, finite, type Amount, type Quantity } from "../../src/stock/amount.js";
import { addAmounts, addToStock } from "../../src/stock/add.js";
import type { StockItem } from "../../src/stock/batch.js";
import { moveAmounts, moveStock } from "../../src/stock/move.js";
import { removeAmount } from "../../src/stock/remove.js";

// Single operations: our exact amounts against plain float arithmetic with Infinity (the
// naive, inexact baseline). The figure to watch is the absolute time per operation.
const a = finite("1234.5678");
const b = finite("0.1");
let x = 1234.5678;

describe("one stock operation", () => {
  bench("naive float add (baseline)", () => {
    x = x + 0.1;
  });
  bench("addAmounts finite + finite", () => {
    addAmounts(a, b);
  });
  bench("addAmounts unlimited + finite", () => {
    addAmounts(UNLIMITED, b);
  });
  bench("removeAmount finite - finite", () => {
    removeAmount(a, b);
  });
  bench("removeAmount unlimited - all", () => {
    removeAmount(UNLIMITED, ALL);
  });
  bench("moveAmounts finite, more than held", () => {
    moveAmounts(b, a, a);
  });
  bench("moveAmounts unlimited, all", () => {
    moveAmounts(UNLIMITED, a, ALL);
  });
});

// A 20,000-item batch over 5,000 materials, against a naive immutable batch that copies
// the whole stock map for every item.
const N_MATERIALS = 5_000;
const ids: Guid[] = Array.from({ length: N_MATERIALS }, (_, i) => guid(`00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`));
const materials = refIndex(ids.map((id, i) => ({ id, externalId: `M${i}` })), (m) => m.id, (m) => m.externalId);
const stock = new Map<Guid, Amount>(ids.map((id, i) => [id, i % 10 === 0 ? UNLIMITED : finite(i)]));
const addItems: StockItem<Amount>[] = Array.from({ length: 20_000 }, (_, i) => ({ materialId: i % 2 === 0 ? `M${i % N_MATERIALS}` : (ids[i % N_MATERIALS] as string), amount: finite("1.25") }));
const moveItems: StockItem<Quantity>[] = addItems.map((it, i) => ({ materialId: it.materialId, amount: i % 7 === 0 ? ALL : finite("0.5") }));

function naiveAddBatch(s: ReadonlyMap<Guid, Amount>, items: readonly StockItem<Amount>[]): Map<Guid, Amount> {
  let cur = new Map(s);
  for (const it of items) {
    const m = materials.byKey.get(it.materialId) ?? materials.byId.get(it.materialId.toLowerCase() as Guid);
    if (m === undefined) throw new Error("unknown");
    const next = new Map(cur);
    next.set(m.id, addAmounts(cur.get(m.id) ?? finite(0), it.amount));
    cur = next;
  }
  return cur;
}

describe("a 20,000-item batch", () => {
  bench("naive: copy the stock per item (baseline)", () => {
    naiveAddBatch(stock, addItems);
  }, { iterations: 3, time: 0 });
  bench("addToStock", () => {
    addToStock(stock, addItems, materials);
  }, { iterations: 20 });
  bench("moveStock", () => {
    moveStock(stock, new Map(), moveItems, materials, false);
  }, { iterations: 20 });
});

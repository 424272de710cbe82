import type { Guid } from "../shared/guid.js";
import type { Result } from "../shared/issue.js";
import type { RefIndex } from "../shared/reference.js";
import { UNLIMITED, ZERO, type Amount } from "./amount.js";
import { runStockBatch, type Identified, type StockChanges, type StockItem } from "./batch.js";

/**
 * Adds two amounts: `X + Y`; unlimited absorbs (`INF + X = INF`, `X + INF = INF`).
 * @param a - current amount
 * @param b - amount added
 * @returns the sum
 * @rule STK-2
 * @example
 * addAmounts(finite("0.1"), finite("0.2")) //=> finite("0.3")
 * addAmounts(UNLIMITED, finite(5)) //=> UNLIMITED
 */
export function addAmounts(a: Amount, b: Amount): Amount {
  if (a.kind === "unlimited" || b.kind === "unlimited") return UNLIMITED;
  return { kind: "finite", value: a.value.plus(b.value) };
}

/**
 * Adds a batch of items to a store's stock, all or nothing: a material not yet stocked
 * starts from 0; the same material twice is added twice. Applies STK-2 and STK-6.
 * @param stock - the store's stock (material GUID → amount); never mutated
 * @param items - the parsed `addToStore` body
 * @param materials - the company's materials, to resolve `materialId` (GEN-3)
 * @returns the new amounts of the touched materials, or every issue found
 * @example
 * addToStock(new Map([[screw.id, finite(2)]]), [{ materialId: "SCREW-M6", amount: finite(3) }], materials).value.get(screw.id) //=> finite(5)
 * addToStock(new Map(), [{ materialId: "SCREW-M6", amount: UNLIMITED }], materials).value.get(screw.id) //=> UNLIMITED
 */
export function addToStock<M extends Identified>(
  stock: ReadonlyMap<Guid, Amount>,
  items: readonly StockItem<Amount>[],
  materials: RefIndex<M>,
): Result<StockChanges> {
  return runStockBatch(stock, items, materials, (current, amount) => addAmounts(current ?? ZERO, amount));
}


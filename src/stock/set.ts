import type { Guid } from "../shared/guid.js";
import type { Result } from "../shared/issue.js";
import type { RefIndex } from "../shared/reference.js";
import type { Amount } from "./amount.js";
import { runStockBatch, type Identified, type StockChanges, type StockItem } from "./batch.js";

/**
 * Sets an amount: the result is exactly the given one, whatever the current amount
 * (not an increment).
 * @param _current - current amount, ignored by design
 * @param target - the amount to set (unlimited when the request sent none)
 * @returns `target`
 * @rule STK-4
 * @example
 * setAmount(finite(5), finite(2)) //=> finite(2)
 */
export function setAmount(_current: Amount | undefined, target: Amount): Amount {
  return target;
}

/**
 * Sets a batch of amounts in a store's stock, all or nothing; a material not yet stocked
 * is added. Applies STK-4 and STK-6.
 * @param stock - the store's stock; never mutated
 * @param items - the parsed `setMaterialAmounts` body
 * @param materials - the company's materials (GEN-3)
 * @returns the new amounts of the touched materials, or every issue found
 * @example
 * setStockAmounts(new Map(), [{ materialId: "SCREW-M6", amount: UNLIMITED }], materials).value.get(screw.id) //=> UNLIMITED
 */
export function setStockAmounts<M extends Identified>(
  stock: ReadonlyMap<Guid, Amount>,
  items: readonly StockItem<Amount>[],
  materials: RefIndex<M>,
): Result<StockChanges> {
  return runStockBatch(stock, items, materials, setAmount);
}

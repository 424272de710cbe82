import type { Guid } from "../shared/guid.js";
import type { Result } from "../shared/issue.js";
import type { RefIndex } from "../shared/reference.js";
import { UNLIMITED, ZERO, type Amount, type Quantity } from "./amount.js";
import { runStockBatch, type Identified, type StockChanges, type StockItem } from "./batch.js";

/**
 * Removes a quantity from an amount, never below 0: `X - Y` floored at 0; `INF - X = INF`;
 * `X - all = 0`; `INF - all = 0`.
 * @param amount - current amount
 * @param quantity - how much to remove, or all
 * @returns the remaining amount
 * @rule STK-3
 * @example
 * removeAmount(finite(5), finite(7)) //=> finite(0)
 * removeAmount(UNLIMITED, finite(7)) //=> UNLIMITED
 * removeAmount(UNLIMITED, ALL) //=> finite(0)
 */
export function removeAmount(amount: Amount, quantity: Quantity): Amount {
  if (quantity.kind === "all") return ZERO;
  if (amount.kind === "unlimited") return UNLIMITED;
  const rest = amount.value.minus(quantity.value);
  return rest.isNegative() ? ZERO : { kind: "finite", value: rest };
}

/**
 * Removes a batch of items from a store's stock, all or nothing. A material the store does
 * not stock is refused (`NotStocked`); one removed to 0 stays listed at 0. Applies STK-3
 * and STK-6.
 * @param stock - the store's stock; never mutated
 * @param items - the parsed `removeMaterial` body
 * @param materials - the company's materials (GEN-3)
 * @returns the new amounts of the touched materials, or every issue found
 * @example
 * removeFromStock(new Map([[screw.id, finite(5)]]), [{ materialId: screw.id, amount: ALL }], materials).value.get(screw.id) //=> finite(0)
 * removeFromStock(new Map(), [{ materialId: "SCREW-M6", amount: finite(1) }], materials).issues[0].code //=> "NotStocked"
 */
export function removeFromStock<M extends Identified>(
  stock: ReadonlyMap<Guid, Amount>,
  items: readonly StockItem<Quantity>[],
  materials: RefIndex<M>,
): Result<StockChanges> {
  return runStockBatch(stock, items, materials, (current, quantity) => (current === undefined ? "NotStocked" : removeAmount(current, quantity)));
}

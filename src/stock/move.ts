import type { Guid } from "../shared/guid.js";
import { DECIMAL_RANGE_MESSAGE, isStorableDecimal } from "../shared/decimal.js";
import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import type { RefIndex } from "../shared/reference.js";
import { ZERO, type Amount, type Quantity } from "./amount.js";
import { addAmounts } from "./add.js";
import { resolveItemMaterial, type Identified, type StockChanges, type StockItem } from "./batch.js";
import { removeAmount } from "./remove.js";

/** The two sides of a move. */
export interface MovedAmounts {
  /** The source's amount after the move. */
  readonly source: Amount;
  /** The target's amount after the move. */
  readonly target: Amount;
}

/**
 * Moves a quantity between two amounts. The source loses as in a remove (STK-3) and the
 * target gains the full requested amount, even when the source held less; moving all
 * credits the source's whole amount and leaves it at 0; all of an unlimited source leaves
 * it at 0 and makes the target unlimited.
 * @param source - the source's amount
 * @param target - the target's amount (0 when it did not stock the material)
 * @param quantity - how much to move, or all
 * @returns both amounts after the move
 * @rule STK-5
 * @example
 * moveAmounts(finite(3), finite(1), finite(5)) //=> { source: finite(0), target: finite(6) }
 * moveAmounts(UNLIMITED, finite(1), ALL) //=> { source: finite(0), target: UNLIMITED }
 */
export function moveAmounts(source: Amount, target: Amount, quantity: Quantity): MovedAmounts {
  const credited: Amount = quantity.kind === "all" ? source : quantity;
  return { source: removeAmount(source, quantity), target: addAmounts(target, credited) };
}

/** The outcome of a move batch: the changes of each store. */
export interface MoveChanges {
  /** New amounts of the touched materials at the source store. */
  readonly source: StockChanges;
  /** New amounts of the touched materials at the target store. */
  readonly target: StockChanges;
}

/**
 * Moves a batch of items from one store to another, all or nothing. The stores must
 * differ (`SameStore`); every material must be stocked at the source (`NotStocked`); the
 * target starts from 0 for a material it does not stock.
 *
 * STK-5, as the API defines it: **the target is credited the full requested amount even when
 * the source held less**; the source stops at 0. Moving 5 from a source holding 3 leaves the
 * source at 0 and adds 5, not 3, to the target (see the example). Send the amount the source
 * holds, or leave `amount` out to move all of it, if the target must not gain more. Applies STK-5 and STK-6.
 * @param source - the source store's stock; never mutated
 * @param target - the target store's stock; never mutated
 * @param items - the parsed `moveTo` body
 * @param materials - the company's materials (GEN-3)
 * @param sameStore - whether the path names one store twice
 * @returns the changes of both stores, or every issue found
 * @example
 * const moved = moveStock(new Map([[screw.id, finite(3)]]), new Map(), [{ materialId: "SCREW-M6", amount: finite(5) }], materials, false).value;
 * [moved.source.get(screw.id), moved.target.get(screw.id)] //=> [finite(0), finite(5)]
 * moveStock(new Map(), new Map(), [{ materialId: "SCREW-M6", amount: ALL }], materials, false).issues[0].code //=> "NotStocked"
 */
export function moveStock<M extends Identified>(
  source: ReadonlyMap<Guid, Amount>,
  target: ReadonlyMap<Guid, Amount>,
  items: readonly StockItem<Quantity>[],
  materials: RefIndex<M>,
  sameStore: boolean,
): Result<MoveChanges> {
  const issues: Issue[] = [];
  if (sameStore) issues.push(issue("SameStore", "", "STK-5", "Stock cannot be moved to the store it comes from (STK-5)."));
  const sourceChanges = new Map<Guid, Amount>();
  const targetChanges = new Map<Guid, Amount>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as StockItem<Quantity>;
    const id = resolveItemMaterial(item, i, materials, issues);
    if (id === undefined) continue;
    const from = sourceChanges.get(id) ?? source.get(id);
    if (from === undefined) {
      issues.push(issue("NotStocked", `[${i}].materialId`, "STK-5", `The source store does not stock material ${JSON.stringify(item.materialId)} (STK-5).`));
      continue;
    }
    const moved = moveAmounts(from, targetChanges.get(id) ?? target.get(id) ?? ZERO, item.amount);
    if (moved.target.kind === "finite" && !isStorableDecimal(moved.target.value)) {
      issues.push(issue("OutOfRange", `[${i}].amount`, "GEN-7", `The target's result, ${moved.target.value.toString()}, is out of range: ${DECIMAL_RANGE_MESSAGE}`));
      continue;
    }
    sourceChanges.set(id, moved.source);
    targetChanges.set(id, moved.target);
  }
  return collect(issues, () => ({ source: sourceChanges, target: targetChanges }));
}


import type { Guid } from "../shared/guid.js";
import { DECIMAL_RANGE_MESSAGE, isStorableDecimal } from "../shared/decimal.js";
import { collect, issue, joinPath, type Issue, type Result } from "../shared/issue.js";
import { reportReference, type RefIndex } from "../shared/reference.js";
import type { Amount } from "./amount.js";

/** Anything with a GUID: what a stock batch needs of a material. */
export interface Identified {
  /** The record's GUID. */
  readonly id: Guid;
}

/** One item of a stock body: a material reference (GUID or external ID, GEN-3) and its amount or quantity. */
export interface StockItem<Q> {
  /** The material as sent: its GUID or external ID. */
  readonly materialId: string;
  /** The amount (add, set) or quantity (remove, move) of the item. */
  readonly amount: Q;
}

/**
 * The outcome of a stock batch: the new amount of every material the batch touched,
 * in the order first touched. Materials not in the map are unchanged.
 */
export type StockChanges = ReadonlyMap<Guid, Amount>;

/**
 * Applies a stock change set to a stock map, returning a new map (the input is not
 * mutated). Materials keep their position; new ones are appended.
 * @param stock - the stock before
 * @param changes - the new amounts of touched materials
 * @returns the stock after
 * @example
 * applyStockChanges(new Map([[screw.id, finite(1)]]), new Map([[screw.id, finite(2)]])).get(screw.id) //=> finite(2)
 */
export function applyStockChanges(stock: ReadonlyMap<Guid, Amount>, changes: StockChanges): Map<Guid, Amount> {
  const next = new Map(stock);
  for (const [id, amount] of changes) next.set(id, amount);
  return next;
}

/**
 * Applies the stock changes of several stores (a decision's `stock`) to the stock of those
 * stores, returning new maps (the inputs are not mutated; stores and materials not named are
 * kept as they are). A group commit (GRP-1) reads it twice: the next decision of a group reads the
 * stock the previous one left, and the group's commit writes the changes of all its decisions
 * folded from an empty map, which leave the stock as the decisions committed one by one would.
 * @param stock - the stock before, per store GUID
 * @param changes - the new amounts of touched materials, per store GUID
 * @returns the stock after, per store GUID
 * @rule GRP-1
 * @example
 * applyStoreChanges(new Map(), new Map([[store.id, new Map([[screw.id, finite(2)]])]])).get(store.id)?.get(screw.id) //=> finite(2)
 */
export function applyStoreChanges(stock: ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>>, changes: ReadonlyMap<Guid, StockChanges>): Map<Guid, ReadonlyMap<Guid, Amount>> {
  const next = new Map(stock);
  for (const [store, amounts] of changes) next.set(store, applyStockChanges(stock.get(store) ?? new Map(), amounts));
  return next;
}

/**
 * Resolves one item's material or reports it at `[index].materialId` (GEN-3).
 * @internal
 */
export function resolveItemMaterial<M extends Identified>(
  item: StockItem<unknown>,
  index: number,
  materials: RefIndex<M>,
  issues: Issue[],
): Guid | undefined {
  return reportReference(item.materialId, materials, joinPath(joinPath("", index), "materialId"), "material", issues)?.id;
}

/**
 * Runs a single-store batch in order over an overlay of the stock, all or nothing (STK-6,
 * GEN-8): every item is resolved and applied; any issue refuses the whole batch, and every
 * issue is reported (GEN-9). `step` gets the current amount (`undefined` when the material
 * is not stocked) and returns the new amount, or an issue code when the item cannot apply.
 * @internal
 * @rule STK-6
 */
export function runStockBatch<M extends Identified, Q>(
  stock: ReadonlyMap<Guid, Amount>,
  items: readonly StockItem<Q>[],
  materials: RefIndex<M>,
  step: (current: Amount | undefined, amount: Q) => Amount | "NotStocked",
): Result<StockChanges> {
  const issues: Issue[] = [];
  const changes = new Map<Guid, Amount>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as StockItem<Q>;
    const id = resolveItemMaterial(item, i, materials, issues);
    if (id === undefined) continue;
    const next = step(changes.get(id) ?? stock.get(id), item.amount);
    if (next === "NotStocked") {
      issues.push(issue("NotStocked", `[${i}].materialId`, "STK-3", `The store does not stock material ${JSON.stringify(item.materialId)} (STK-3).`));
      continue;
    }
    if (next.kind === "finite" && !isStorableDecimal(next.value)) {
      issues.push(issue("OutOfRange", `[${i}].amount`, "GEN-7", `The result, ${next.value.toString()}, is out of range: ${DECIMAL_RANGE_MESSAGE}`));
      continue;
    }
    changes.set(id, next);
  }
  return collect(issues, () => changes);
}

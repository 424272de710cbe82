import type { AddToStoreShape } from "../../api/read-shapes.js";
import type { Guid } from "../../shared/guid.js";
import type { Result } from "../../shared/issue.js";
import { addToStock } from "../../stock/add.js";
import { amountToJson, type Amount, type Quantity } from "../../stock/amount.js";
import type { StockChanges, StockItem } from "../../stock/batch.js";
import { moveStock } from "../../stock/move.js";
import { removeFromStock } from "../../stock/remove.js";
import { parseStockAmounts, parseStockQuantities } from "../../stock/request.js";
import { setStockAmounts } from "../../stock/set.js";
import { defineOperation, refused, type HandlerContext, type Operation, type Reply, type Handlers } from "../context.js";
import { stockLoads } from "../loads.js";
import type { CompanyState } from "../state.js";

const NO_STOCK: ReadonlyMap<Guid, Amount> = new Map();

/** A store's stock as the decisions read it; a store created without stock holds none. */
function stockOf(company: CompanyState, storeId: Guid): ReadonlyMap<Guid, Amount> {
  return company.stock.get(storeId) ?? NO_STOCK;
}

// The answer types live with the other read shapes (src/api/read-shapes.ts).
export type { AddToStoreShape, StockAmountShape } from "../../api/read-shapes.js";

/**
 * `POST /store/{id}/addToStore` and its twin: adds the batch all or nothing and answers 201
 * with the resulting amounts of the materials it touched. Applies STK-1, STK-2, STK-6
 * through {@link addToStock}.
 * @param ctx - the context; the store is already found
 * @returns 201 with `{ items: [{ materialId, amount }] }`, or 400 with every issue
 */
export const handleAddToStore: Operation<"store"> = defineOperation<"store", StockItem<Amount>[]>({
  parse: ({ body }) => parseStockAmounts(body),
  loads: stockLoads,
  decide: (ctx, items) => {
    const { store } = ctx.records;
    const changes = addToStock(stockOf(ctx.company, store.id), items, ctx.company.materials);
    if (!changes.ok) return refused(changes.issues);
    const body: AddToStoreShape = { items: [...changes.value].map(([materialId, amount]) => ({ materialId, amount: amountToJson(amount) })) };
    return { status: 201, body, changes: { stock: new Map([[store.id, changes.value]]) } };
  },
});

/** A single-store batch answered 204: its parser, and its decision on the store's stock. */
function storeBatch<Q>(
  parse: (body: unknown) => Result<StockItem<Q>[]>,
  decide: (stock: ReadonlyMap<Guid, Amount>, items: StockItem<Q>[], company: CompanyState) => Result<StockChanges>,
): Operation<"store"> {
  return defineOperation<"store", StockItem<Q>[]>({
    parse: ({ body }) => parse(body),
    loads: stockLoads,
    decide: (ctx: HandlerContext<"store">, items): Reply => {
      const { store } = ctx.records;
      const changes = decide(stockOf(ctx.company, store.id), items, ctx.company);
      if (!changes.ok) return refused(changes.issues);
      return { status: 204, changes: { stock: new Map<Guid, StockChanges>([[store.id, changes.value]]) } };
    },
  });
}

/**
 * `PUT /store/{id}/removeMaterial` and its twin: removes the batch all or nothing, never
 * below 0; a material the store does not stock is 400; 204. Applies STK-3 and STK-6
 * through {@link removeFromStock}.
 * @param ctx - the context
 * @returns 204, or 400 with every issue
 */
export const handleRemoveMaterial: Operation<"store"> = storeBatch<Quantity>(parseStockQuantities, (stock, items, company) => removeFromStock(stock, items, company.materials));

/**
 * `PUT /store/{id}/setMaterialAmounts` and its twin: sets the amounts all or nothing
 * (absent or `null` = unlimited); 204. Applies STK-4 and STK-6 through
 * {@link setStockAmounts}.
 * @param ctx - the context
 * @returns 204, or 400 with every issue
 */
export const handleSetMaterialAmounts: Operation<"store"> = storeBatch<Amount>(parseStockAmounts, (stock, items, company) => setStockAmounts(stock, items, company.materials));

/**
 * `PUT /store/{fromStoreId}/moveTo/{toStoreId}` and its twin: moves the batch all or nothing
 * between two different stores (the same store twice is 400 `SameStore`); 204. Applies
 * STK-5 and STK-6 through {@link moveStock}.
 * @param ctx - the context; both stores already found
 * @returns 204, or 400 with every issue
 */
export const handleMoveStock: Operation<"store" | "toStore"> = defineOperation<"store" | "toStore", StockItem<Quantity>[]>({
  parse: ({ body }) => parseStockQuantities(body),
  loads: stockLoads,
  decide: (ctx, items) => {
    const { store, toStore } = ctx.records;
    const moved = moveStock(stockOf(ctx.company, store.id), stockOf(ctx.company, toStore.id), items, ctx.company.materials, store.id === toStore.id);
    if (!moved.ok) return refused(moved.issues);
    return {
      status: 204,
      changes: { stock: new Map<Guid, StockChanges>([[store.id, moved.value.source], [toStore.id, moved.value.target]]) },
    };
  },
});

/** The stock batches of a store, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const stockHandlers: Handlers<"addToStore" | "removeMaterial" | "setMaterialAmounts" | "moveStock"> = {
  addToStore: handleAddToStore,
  removeMaterial: handleRemoveMaterial,
  setMaterialAmounts: handleSetMaterialAmounts,
  moveStock: handleMoveStock,
};

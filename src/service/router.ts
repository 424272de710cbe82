import type { OperationId, OperationParams } from "../api/routes.js";
import type { Handler, ParamName } from "./context.js";
import {
  interventionAllowedActions, orderAllowedActions, readCustomer, readIntervention, readMaterial, readOrder, readReportDocuments,
} from "./handlers/reads.js";
import {
  handleCancelIntervention, handleComplete, handleEditIntervention, handlePlanIntervention, handleReplanIntervention, handleRequestSignature,
  handleStart, handleStartDeparture,
} from "./handlers/interventions.js";
import { handleCancelOrder, handleCompleteOrder } from "./handlers/order-lifecycle.js";
import { handleAddToStore, handleMoveStock, handleRemoveMaterial, handleSetMaterialAmounts } from "./handlers/stock.js";
import { handleAddCustomer, handleAddOrEditCustomer } from "./handlers/customers.js";
import { handleAddOrder, handleAddOrEditOrder, handleEditOrder } from "./handlers/orders.js";
import { handleReplaceMaterial } from "./handlers/materials.js";
import { handleReadStore, handleReplaceStore } from "./handlers/stores.js";

/** The operations answered by a handler: every operation but the login, which needs no token. */
export type HandledOperation = Exclude<OperationId, "login">;

/**
 * The handler of each operation of the API's route table (`apiRoutes`). The type ties each handler to its
 * route's placeholders, so a handler reading `records.intervention` cannot answer a path
 * without `{intervention}`, and an operation without a handler fails to compile.
 */
export const handlers: { readonly [O in HandledOperation]: Handler<OperationParams<O>> } = {
  readCustomer,
  readOrder,
  orderAllowedActions,
  readIntervention,
  readReportDocuments,
  interventionAllowedActions,
  readMaterial,
  cancelOrder: handleCancelOrder,
  completeOrder: handleCompleteOrder,
  planIntervention: handlePlanIntervention,
  editIntervention: handleEditIntervention,
  replanIntervention: handleReplanIntervention,
  cancelIntervention: handleCancelIntervention,
  startDeparture: handleStartDeparture,
  start: handleStart,
  requestSignature: handleRequestSignature,
  complete: handleComplete,
  addToStore: handleAddToStore,
  removeMaterial: handleRemoveMaterial,
  setMaterialAmounts: handleSetMaterialAmounts,
  moveStock: handleMoveStock,
  addCustomer: handleAddCustomer,
  addOrEditCustomer: handleAddOrEditCustomer,
  addOrder: handleAddOrder,
  addOrEditOrder: handleAddOrEditOrder,
  editOrder: handleEditOrder,
  replaceMaterial: handleReplaceMaterial,
  replaceStore: handleReplaceStore,
  readStore: handleReadStore,
};

/**
 * The handler of an operation, widened: the service hands a handler only the records its
 * own path names, which the table's type already checked.
 * @param operation - the matched route's operation
 * @returns its handler
 */
export function handlerOf(operation: HandledOperation): Handler<ParamName> {
  return handlers[operation] as unknown as Handler<ParamName>;
}

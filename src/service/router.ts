import type { OperationId, OperationParams } from "../api/routes.js";
import type { Operation, ParamName } from "./context.js";
import type { OperationLoads } from "./loads.js";
import type { CompanyState } from "./state.js";
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
import { handleInterventionCandidates, handleOrderCandidates } from "./handlers/candidates.js";

/**
 * How the service routes an operation: a `decision` is loaded, decided and committed (a read
 * decides and commits nothing); a `listing` is a store page, read from the storage's listing
 * (STO-3 to STO-6); the `journal` and the `sync` are answered by the storage from its journal
 * (JRN-2, SYN-2).
 */
export type OperationKind = "decision" | "listing" | "journal" | "sync";

/** The operations that are not plain decisions; every other one (the login aside) is a `decision`. */
const KINDS: Readonly<Partial<Record<OperationId, OperationKind>>> = { readStore: "listing", readJournal: "journal", sync: "sync" };

/**
 * The kind of an operation of the route table (see {@link OperationKind}).
 * @param operation - the route's operation
 * @returns its kind
 * @example
 * operationKind("readStore") //=> "listing"
 * operationKind("addCustomer") //=> "decision"
 */
export function operationKind(operation: OperationId): OperationKind {
  return KINDS[operation] ?? "decision";
}

/**
 * The operations answered by a handler: every operation but the login, which needs no token,
 * the journal read and the sync, which the storage answers (JRN-2, SYN-2).
 */
export type HandledOperation = Exclude<OperationId, "login" | "readJournal" | "sync">;

/**
 * Each operation of the API's route table (`apiRoutes`): how it reads its request, what its
 * decision reads, and the decision. The type ties each decision to its route's placeholders,
 * so a decision reading `records.intervention` cannot answer a path without
 * `{intervention}`, and an operation without a definition fails to compile.
 */
export const handlers: { readonly [O in HandledOperation]: Operation<OperationParams<O>> } = {
  readCustomer,
  readOrder,
  orderAllowedActions,
  readIntervention,
  readReportDocuments,
  interventionAllowedActions,
  readMaterial,
  orderCandidates: handleOrderCandidates,
  interventionCandidates: handleInterventionCandidates,
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
 * An operation of the table, widened: the service hands a decision only the records its own
 * path names, which the table's type already checked.
 * @param operation - the matched route's operation
 * @returns its definition
 */
export function operationOf(operation: HandledOperation): Operation<ParamName> {
  return handlers[operation] as unknown as Operation<ParamName>;
}

/**
 * What an operation loads besides its path's records, read from a request body and the
 * company's configuration: the loads its operation declares next to its decision
 * (`src/service/handlers/`), after the one reading of the body the service does. The service
 * itself computes them once per request and hands them to the storage (`StoredOperation.loads`). A body the
 * parser refuses loads nothing besides the path.
 * @param operation - the route's operation
 * @param body - the parsed JSON body, `undefined` when none
 * @param company - the caller's company configuration (users resolve technician references)
 * @returns the loads
 */
export function operationLoads(operation: HandledOperation, body: unknown, company: CompanyState): OperationLoads {
  return operationOf(operation).prepare({ body, query: new Map() }, company).loads();
}

// The service's dispatch: every handler file's table merged into one, checked complete by its
// type (an operation of the description without a handler fails to compile), and what an
// operation loads. How an operation is routed (its kind) is in its description
// (src/api/operations.ts), which the compiled route carries.
import type { HandledOperation, Handlers, Operation, ParamName } from "./context.js";
import type { OperationLoads } from "./loads.js";
import type { CompanyState } from "./state.js";
import { candidateHandlers } from "./handlers/candidates.js";
import { customerHandlers } from "./handlers/customers.js";
import { interventionHandlers } from "./handlers/interventions.js";
import { materialHandlers } from "./handlers/materials.js";
import { orderLifecycleHandlers } from "./handlers/order-lifecycle.js";
import { orderHandlers } from "./handlers/orders.js";
import { readHandlers } from "./handlers/reads.js";
import { stockHandlers } from "./handlers/stock.js";
import { storeHandlers } from "./handlers/stores.js";

export type { HandledOperation } from "./context.js";

/**
 * Each handled operation of the API's route table (`apiRoutes`): how it reads its request, what
 * its decision reads, and the decision; the tables of src/service/handlers/, merged.
 */
export const handlers: Handlers<HandledOperation> = {
  ...readHandlers,
  ...candidateHandlers,
  ...orderLifecycleHandlers,
  ...interventionHandlers,
  ...stockHandlers,
  ...customerHandlers,
  ...orderHandlers,
  ...materialHandlers,
  ...storeHandlers,
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

import { allowedInterventionActions } from "../../intervention/machine.js";
import { reportDocuments } from "../../intervention/lifecycle.js";
import { allowedOrderActions } from "../../order/machine.js";
import { pathOperation, refused, type Operation, type Handlers } from "../context.js";
import { NOTHING, type OperationLoads } from "../loads.js";
import { customerShape, interventionShape, materialShape, orderShape, reportDocumentsShape } from "../read-shapes.js";
import { interventionsOf } from "../state.js";

/** An order's interventions besides the order itself (its `interventionIds`, ORD-6, ORD-13). */
const ORDER_INTERVENTIONS: OperationLoads = { ...NOTHING, orderInterventions: true };

/**
 * `GET /customer/{id}` and its external-ID twin: 200 with the customer read shape.
 * @param ctx - the context; the customer is already found in the caller's company
 * @returns 200 with the customer
 */
export const readCustomer: Operation<"customer"> = pathOperation(NOTHING, (ctx) => ({ status: 200, body: customerShape(ctx.records.customer) }));

/**
 * `GET /order/{id}` and its twin: 200 with the order read shape and its interventions' GUIDs.
 * @param ctx - the context
 * @returns 200 with the order
 */
export const readOrder: Operation<"order"> = pathOperation(ORDER_INTERVENTIONS, (ctx) => ({
  status: 200,
  body: orderShape(ctx.records.order, ctx.company.interventionsByOrder.get(ctx.records.order.id) ?? []),
}));

/**
 * `GET /material/{id}` and its twin: 200 with the material read shape.
 * @param ctx - the context
 * @returns 200 with the material
 */
export const readMaterial: Operation<"material"> = pathOperation(NOTHING, (ctx) => ({ status: 200, body: materialShape(ctx.records.material) }));

/**
 * `GET /order/{orderId}/intervention/{interventionId}` and its twin: 200 with the
 * InterventionDetail (INT-8 was checked by the service before this runs).
 * @param ctx - the context
 * @returns 200 with the detail
 */
export const readIntervention: Operation<"order" | "intervention"> = pathOperation(NOTHING, (ctx) => ({
  status: 200,
  body: interventionShape(ctx.records.intervention),
}));

/**
 * `GET …/reportDocuments`: the documents of a `Completed` intervention, else 400, as
 * {@link reportDocuments} decides (INT-6).
 * @param ctx - the context
 * @returns 200 with `{ documents }`, or 400
 */
export const readReportDocuments: Operation<"order" | "intervention"> = pathOperation(NOTHING, (ctx) => {
  const answer = reportDocuments(ctx.records.intervention, ctx.records.order);
  return answer.ok ? { status: 200, body: reportDocumentsShape(answer.value.documents) } : refused(answer.issues);
});

/**
 * `GET /order/{id}/allowedActions`: every order action with whether it is allowed now,
 * straight from the order state machine (docs/service.md extension).
 * @param ctx - the context
 * @returns 200 with `{ actions: [{ action, allowed, issue? }] }`
 */
export const orderAllowedActions: Operation<"order"> = pathOperation(ORDER_INTERVENTIONS, (ctx) => ({
  status: 200,
  body: { actions: allowedOrderActions(ctx.records.order, interventionsOf(ctx.company, ctx.records.order.id)) },
}));

/**
 * `GET …/intervention/{interventionId}/allowedActions`: every intervention action with
 * whether it is allowed now, straight from the intervention state machine.
 * @param ctx - the context
 * @returns 200 with `{ actions: [{ action, allowed, issue? }] }`
 */
export const interventionAllowedActions: Operation<"order" | "intervention"> = pathOperation(NOTHING, (ctx) => ({
  status: 200,
  body: { actions: allowedInterventionActions(ctx.records.intervention, ctx.records.order) },
}));

/** The reads of a record and of its allowed actions, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const readHandlers: Handlers<"readCustomer" | "readOrder" | "orderAllowedActions" | "readIntervention" | "readReportDocuments" | "interventionAllowedActions" | "readMaterial"> = {
  readCustomer,
  readOrder,
  orderAllowedActions,
  readIntervention,
  readReportDocuments,
  interventionAllowedActions,
  readMaterial,
};

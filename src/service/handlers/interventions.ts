import type { Customer } from "../../customer/customer.js";
import { cancelIntervention } from "../../intervention/cancel.js";
import type { InterventionDecision } from "../../intervention/decision.js";
import { editIntervention } from "../../intervention/edit.js";
import { moveIntervention } from "../../intervention/lifecycle.js";
import type { LifecycleAction } from "../../intervention/machine.js";
import { planIntervention } from "../../order/plan-intervention.js";
import { replanIntervention } from "../../intervention/replan.js";
import {
  parseInterventionCancel, parseInterventionEdit, parseInterventionPlan, parseInterventionReplan,
  type InterventionCancelCommand, type InterventionEditCommand, type InterventionPlanCommand, type InterventionReplanCommand,
} from "../../intervention/request.js";
import type { Order } from "../../records/order.js";
import { fail, isNonEmpty, ok, type Issue, type NonEmptyArray, type Result } from "../../shared/issue.js";
import { readObject } from "../../shared/read.js";
import { defineOperation, refused, type Operation, type OperationRequest, type Reply, type Handlers } from "../context.js";
import { NOTHING, planningLoads, type OperationLoads } from "../loads.js";
import { interventionShape } from "../read-shapes.js";
import type { CompanyState } from "../state.js";

/**
 * The customer of an order, whose contact person and notification e-mails receive the
 * customer notifications (NOT-2, NOT-3).
 * @param company - the caller's company
 * @param order - an order of that company
 * @returns its customer
 * @throws Error when the order names a customer the company does not hold: corrupt state, never user input (orders are created only for existing customers, and customers are never deleted)
 */
export function orderCustomer(company: CompanyState, order: Order): Customer {
  const customer = company.customers.byId.get(order.customerId);
  if (customer === undefined) throw new Error(`Order ${order.id} names customer ${order.customerId}, which the company does not hold`);
  return customer;
}

/**
 * A cancel body (intervention or order), where no body at all means `{}`: both of its
 * fields are optional, so `curl -X PUT …/Cancel` without `-d` is a plain cancel.
 * @param body - the request body, `undefined` when none was sent
 * @returns what to hand the cancel parser
 * @example
 * cancelBodyOrEmpty(undefined) //=> {}
 */
export function cancelBodyOrEmpty(body: unknown): unknown {
  return body === undefined ? {} : body;
}

/**
 * Checks the body of an operation that reads no fields (the lifecycle moves, an order
 * completion): none at all, or a JSON object whose fields are all ignored (ERR-3), as the
 * OpenAPI document's `EmptyBody` says; any other JSON value is 400 `InvalidType` (ERR-2),
 * as it is for every other body.
 * @param body - the request body, `undefined` when none was sent
 * @returns the issue of a body that is not an object, or `undefined`
 * @example
 * noFieldsBodyIssues({ note: "ignored" }) //=> undefined
 * noFieldsBodyIssues([]) //=> [{ code: "InvalidType", path: "", message: "Expected an object, got array.", rule: "ERR-2" }]
 */
export function noFieldsBodyIssues(body: unknown): NonEmptyArray<Issue> | undefined {
  if (body === undefined) return undefined;
  const issues: Issue[] = [];
  readObject(body, "", "", issues);
  return isNonEmpty(issues) ? issues : undefined;
}

/**
 * A read-only set view of a map's keys, so a decision can test the company's external IDs
 * (GEN-4) without copying tens of thousands of them on every request.
 */
class KeySet implements ReadonlySet<string> {
  readonly #map: ReadonlyMap<string, unknown>;
  constructor(map: ReadonlyMap<string, unknown>) {
    this.#map = map;
  }
  get size(): number {
    return this.#map.size;
  }
  has(value: string): boolean {
    return this.#map.has(value);
  }
  forEach(callback: (value: string, key: string, set: ReadonlySet<string>) => void): void {
    for (const k of this.#map.keys()) callback(k, k, this);
  }
  keys(): SetIterator<string> {
    return new Set(this.#map.keys()).keys();
  }
  values(): SetIterator<string> {
    return this.keys();
  }
  entries(): SetIterator<[string, string]> {
    return new Set(this.#map.keys()).entries();
  }
  [Symbol.iterator](): SetIterator<string> {
    return this.keys();
  }
}

/** 200 with the detail and the decision's effects, and the intervention to put; or 400. */
// What plan and replan both read from the company besides the order: one place, so the two
// decisions always see the same customer, catalogs, settings and collision index.
function planningSources(company: CompanyState, order: Order) {
  return {
    order,
    customer: orderCustomer(company, order),
    users: company.users,
    categories: company.catalogs.interventionCategories,
    customStates: company.catalogs.interventionCustomStates,
    settings: company.settings,
    allocations: company.allocations,
  };
}

function answer(decision: Result<InterventionDecision>): Reply {
  if (!decision.ok) return refused(decision.issues);
  const { intervention, effects } = decision.value;
  return { status: 200, body: interventionShape(intervention), effects, changes: { interventions: [intervention] } };
}

/**
 * `POST /order/{orderId}/PlanIntervention` and its twin: parses the body, plans against the
 * company's current collision index (kept by `commit`, never rebuilt per request) and
 * answers 200 with the InterventionDetail and the notification effects. Applies INT-1,
 * INT-2, INT-9, GEN-4, ASN-1..ASN-6, NOT-2..NOT-6 through {@link planIntervention}.
 * @param ctx - the context; the order is already found
 * @returns 200 with the detail, or 400 with every issue
 */
export const handlePlanIntervention: Operation<"order"> = defineOperation<"order", InterventionPlanCommand>({
  parse: ({ body }) => parseInterventionPlan(body),
  loads: (command, company) => planningLoads(command.externalId, command.assignations, company),
  decide: (ctx, command) => {
    const { company } = ctx;
    const { order } = ctx.records;
    return answer(
    planIntervention(command, {
      ...planningSources(company, order),
      takenExternalIds: new KeySet(company.interventions.byKey),
      now: ctx.now,
      actorId: ctx.actor.id,
      newId: ctx.newId,
    }),
    );
  },
});

/**
 * `PUT …/intervention/{interventionId}/Replan` and its twin: replaces day, category and
 * assignations of a `Planned` intervention (its own old allocations never collide), 200 with
 * the detail and the effects (old reminder withdrawn first). Applies INT-3, ASN-1..ASN-6,
 * NOT-5, NOT-6 through {@link replanIntervention}.
 * @param ctx - the context; order and intervention already found (INT-8)
 * @returns 200 with the detail, or 400
 */
export const handleReplanIntervention: Operation<"order" | "intervention"> = defineOperation<"order" | "intervention", InterventionReplanCommand>({
  parse: ({ body }) => parseInterventionReplan(body),
  loads: (command, company) => planningLoads(command.externalId, command.assignations, company),
  decide: (ctx, command) => {
    const { company } = ctx;
    const { order, intervention } = ctx.records;
    return answer(
      replanIntervention(command, {
        ...planningSources(company, order),
        intervention,
        takenExternalIds: new KeySet(company.interventions.byKey),
        now: ctx.now,
      }),
    );
  },
});

/**
 * `PUT …/intervention/{interventionId}` and its twin: edits the fields sent, 200 with the
 * detail. Applies INT-4 through {@link editIntervention}.
 * @param ctx - the context
 * @returns 200 with the detail, or 400
 */
export const handleEditIntervention: Operation<"order" | "intervention"> = defineOperation<"order" | "intervention", InterventionEditCommand>({
  parse: ({ body }) => parseInterventionEdit(cancelBodyOrEmpty(body)),
  loads: () => NOTHING,
  decide: (ctx, command) => {
    const { company } = ctx;
    const { order, intervention } = ctx.records;
    return answer(editIntervention(command, { intervention, order, users: company.users, customStates: company.catalogs.interventionCustomStates }));
  },
});

/**
 * `PUT …/intervention/{interventionId}/Cancel` and its twin: cancels, 200 with the detail and
 * the INT-10 effects; `commit` then releases the technicians' allocations in the collision
 * index. No body means `{}`. Applies INT-5, INT-10, NOT-3 through {@link cancelIntervention}.
 * @param ctx - the context
 * @returns 200 with the detail, or 400
 */
export const handleCancelIntervention: Operation<"order" | "intervention"> = defineOperation<"order" | "intervention", InterventionCancelCommand>({
  parse: ({ body }) => parseInterventionCancel(cancelBodyOrEmpty(body)),
  loads: () => ORDER_CUSTOMER,
  decide: (ctx, command) => {
    const { company } = ctx;
    const { order, intervention } = ctx.records;
    return answer(cancelIntervention(command, { intervention, order, customer: orderCustomer(company, order), settings: company.settings }));
  },
});

/** The order's customer besides the path: whom a cancel notifies (NOT-3). */
const ORDER_CUSTOMER: OperationLoads = { ...NOTHING, orderCustomers: true };

/**
 * Reads the body of an operation that takes no fields (see {@link noFieldsBodyIssues}).
 * @param request - the request
 * @returns nothing, or the issue of a body that is not an object
 */
export function parseNoFields(request: OperationRequest): Result<undefined> {
  const issues = noFieldsBodyIssues(request.body);
  return issues === undefined ? ok(undefined) : fail(issues);
}

/** A technician lifecycle move: the moves take no fields, so a body is checked to be an object and not read. */
function lifecycle(action: LifecycleAction): Operation<"order" | "intervention"> {
  return defineOperation<"order" | "intervention", undefined>({
    parse: parseNoFields,
    loads: () => NOTHING,
    decide: (ctx) =>
      answer(
        moveIntervention(action, ctx.records.intervention, {
          order: ctx.records.order,
          categories: ctx.company.catalogs.interventionCategories,
          now: ctx.now,
          newId: ctx.newId,
        }),
      ),
  });
}

/**
 * `PUT …/StartDeparture` and its twin: `Planned` → `DepartureStarted`, 200 with the detail.
 * Applies INT-7 through {@link moveIntervention}.
 * @param ctx - the context
 * @returns 200 with the detail, or 400 `InvalidState`
 */
export const handleStartDeparture: Operation<"order" | "intervention"> = lifecycle("startDeparture");

/**
 * `PUT …/Start` and its twin: `Planned` or `DepartureStarted` → `Running`. Applies INT-7.
 * @param ctx - the context
 * @returns 200 with the detail, or 400 `InvalidState`
 */
export const handleStart: Operation<"order" | "intervention"> = lifecycle("start");

/**
 * `PUT …/RequestSignature` and its twin: `Running` → `WaitingForSignature`. Applies INT-7.
 * @param ctx - the context
 * @returns 200 with the detail, or 400 `InvalidState`
 */
export const handleRequestSignature: Operation<"order" | "intervention"> = lifecycle("requestSignature");

/**
 * `PUT …/Complete` and its twin: `Running` or `WaitingForSignature` → `Completed`, with one
 * report document per form of the intervention's category. Applies INT-7 and INT-6
 * (generation).
 * @param ctx - the context
 * @returns 200 with the detail, or 400 `InvalidState`
 */
export const handleComplete: Operation<"order" | "intervention"> = lifecycle("complete");

/** The decisions on an order's interventions, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const interventionHandlers: Handlers<"planIntervention" | "editIntervention" | "replanIntervention" | "cancelIntervention" | "startDeparture" | "start" | "requestSignature" | "complete"> = {
  planIntervention: handlePlanIntervention,
  editIntervention: handleEditIntervention,
  replanIntervention: handleReplanIntervention,
  cancelIntervention: handleCancelIntervention,
  startDeparture: handleStartDeparture,
  start: handleStart,
  requestSignature: handleRequestSignature,
  complete: handleComplete,
};

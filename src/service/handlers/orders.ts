import { ABSENT } from "../../shared/field.js";
import type { Intervention } from "../../records/intervention.js";
import { addOrder } from "../../order/add.js";
import { addOrEditOrder } from "../../order/add-or-edit.js";
import { editOrder } from "../../order/edit.js";
import type { OrderContext } from "../../order/context.js";
import { parseOrderAdd, parseOrderAddOrEdit, parseOrderEdit, type OrderAddCommand, type OrderAddOrEditCommand, type OrderEditCommand } from "../../order/request.js";
import type { Guid } from "../../shared/guid.js";
import { defineOperation, refused, type HandlerContext, type Operation, type Reply, type Handlers } from "../context.js";
import { orderLoads } from "../loads.js";
import { interventionsOf } from "../state.js";
import type { CreatedShape } from "./customers.js";

/**
 * The order decisions' context from the caller's company: orders, customers, order
 * catalogs, users, settings, the AUTH-6 actor as default owner (ORD-3), the GUID source.
 * @param ctx - the handler context
 * @returns the order context
 */
export function orderContext(ctx: HandlerContext<never>): OrderContext {
  const { company } = ctx;
  return {
    orders: company.orders,
    customers: company.customers,
    categories: company.catalogs.orderCategories,
    customStates: company.catalogs.orderCustomStates,
    users: company.users,
    settings: company.settings,
    actorId: ctx.actor.id,
    newId: ctx.newId,
  };
}

/**
 * `POST /order`: parses the body, decides the add and answers 201 with the new GUID.
 * Applies ORD-1 to ORD-5 and GEN-4 through {@link parseOrderAdd} and {@link addOrder}.
 * @param ctx - the context
 * @returns 201 `{ id }`, or 400 with every issue
 */
export const handleAddOrder: Operation = defineOperation<never, OrderAddCommand>({
  parse: ({ body }) => parseOrderAdd(body),
  loads: (command) => orderLoads(command, false),
  decide: (ctx, command) => {
    const order = addOrder(command, orderContext(ctx));
    if (!order.ok) return refused(order.issues);
    const body: CreatedShape = { id: order.value.id };
    return { status: 201, body, changes: { orders: [order.value] } };
  },
});

/**
 * `PUT /order/{id}` and its twin: only the fields sent change (ORD-7), on an `Open` order
 * without active intervention (ORD-6, checked against the order's own interventions), the
 * customer and external ID kept (ORD-8), ORD-1 and ORD-2 re-checked (ORD-9); 204.
 * Applies ORD-6 to ORD-9 through {@link parseOrderEdit} and {@link editOrder}.
 * @param ctx - the context; the order is found by the path (GEN-2)
 * @returns 204, or 400 with every issue
 */
export const handleEditOrder: Operation<"order"> = defineOperation<"order", OrderEditCommand>({
  parse: ({ body }) => parseOrderEdit(body),
  loads: (command) => orderLoads(command, true),
  decide: (ctx, command) => {
    const { order } = ctx.records;
    const edited = editOrder(order, command, orderContext(ctx), interventionsOf(ctx.company, order.id));
    if (!edited.ok) return refused(edited.issues);
    return { status: 204, changes: { orders: [edited.value] } };
  },
});

/**
 * `POST /order/addOrEdit`: UPS-1 to UPS-5 pick create or edit, an edit obeys ORD-6 to ORD-9;
 * 204 either way (UPS-9). Only the interventions of the orders the identifiers name are
 * handed to the decision (ORD-6), never the whole company's. Applies ORD-10 through
 * {@link parseOrderAddOrEdit} and {@link addOrEditOrder}.
 * @param ctx - the context
 * @returns 204, or 400 with every issue
 */
export const handleAddOrEditOrder: Operation = defineOperation<never, OrderAddOrEditCommand>({
  parse: ({ body }) => parseOrderAddOrEdit(body),
  loads: (command) => orderLoads(command, true),
  decide: (ctx, command) => decideAddOrEditOrder(ctx, command),
});

function decideAddOrEditOrder(ctx: HandlerContext<never>, command: OrderAddOrEditCommand): Reply {
  const { company } = ctx;
  const { id, externalId } = command;
  // The table edits the order named by `id`, else by `externalId`; the decision filters by orderId.
  const named = new Set<Guid>();
  const byId = id === ABSENT ? undefined : company.orders.byId.get(id);
  const byKey = externalId === ABSENT ? undefined : company.orders.byKey.get(externalId);
  if (byId !== undefined) named.add(byId.id);
  if (byKey !== undefined) named.add(byKey.id);
  const interventions: Intervention[] = [];
  for (const orderId of named) for (const i of interventionsOf(company, orderId)) interventions.push(i);
  const upsert = addOrEditOrder(command, orderContext(ctx), interventions);
  if (!upsert.ok) return refused(upsert.issues);
  return { status: 204, changes: { orders: [upsert.value.order] } };
}

/** The order writes, by operation (the service's dispatch, src/service/router.ts, merges every file's table). */
export const orderHandlers: Handlers<"addOrder" | "addOrEditOrder" | "editOrder"> = {
  addOrder: handleAddOrder,
  addOrEditOrder: handleAddOrEditOrder,
  editOrder: handleEditOrder,
};

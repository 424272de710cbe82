import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { Result } from "../shared/issue.js";
import { decideUpsert } from "../shared/upsert.js";
import { mergeOrderEdit } from "./edit.js";
import { buildOrder } from "./build.js";
import type { OrderContext } from "./context.js";
import type { OrderAddOrEditCommand } from "./request.js";

/** The result of an order add-or-edit (both outcomes answer 204, UPS-9). */
export interface OrderUpsert {
  /** Whether the order was created or edited. */
  readonly outcome: "created" | "edited";
  /** The order as it stands afterwards. */
  readonly order: Order;
}

/**
 * Decides `POST /order/addOrEdit`: the identifier table picks create or edit (UPS-1 to
 * UPS-4, never changing an external ID); a create is an order add (ORD-1 to ORD-3); an edit
 * needs an `Open` order without active intervention (ORD-6), keeps the customer (ORD-8),
 * keeps what is left out and clears optional fields sent as `null` (UPS-5), and re-checks
 * ORD-1 and ORD-2 on the merged order (ORD-9). Both outcomes answer 204 (UPS-9, the route
 * table's `success`). Pure; a refusal
 * changes nothing (GEN-8).
 * @param command - the parsed body (`parseOrderAddOrEdit`)
 * @param ctx - the company's orders, customers, catalogs, users, settings, actor and ID source
 * @param interventions - interventions of the company or of the order (filtered by `orderId`)
 * @returns the outcome and the order, or every issue
 * @rule ORD-10
 * @example
 * const body = { customerId: "CUST-1", addressId: "shop", contactPersonId: "jana", categoryId: "repair" };
 * addOrEditOrder(parseOrderAddOrEdit(body).value, orderContext, []).value.outcome //=> "created"
 * addOrEditOrder(parseOrderAddOrEdit({ ...body, externalId: "ORD-1", name: "Fridge" }).value, orderContext, []).value.outcome //=> "edited"
 */
export function addOrEditOrder(command: OrderAddOrEditCommand, ctx: OrderContext, interventions: readonly Intervention[]): Result<OrderUpsert> {
  const target = decideUpsert(command.id, command.externalId, ctx.orders);
  if (!target.ok) return target;
  // Two outcomes: a plain test, so no pattern is left that could match anything unnoticed.
  const t = target.value;
  if (t.action === "create") return upserted("created", buildOrder(undefined, command, t.externalId, ctx));
  return upserted("edited", mergeOrderEdit(t.record, command, ctx, interventions, []));
}

function upserted(outcome: OrderUpsert["outcome"], built: Result<Order>): Result<OrderUpsert> {
  return built.ok ? { ok: true, value: { outcome, order: built.value } } : built;
}

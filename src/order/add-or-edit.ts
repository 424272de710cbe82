import type { Intervention } from "../intervention/intervention.js";
import type { Result } from "../shared/issue.js";
import { decideUpsert } from "../shared/upsert.js";
import { mergeOrderEdit } from "./edit.js";
import { buildOrder, type OrderContext } from "./merge.js";
import type { Order } from "./order.js";
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
 * ORD-1 and ORD-2 on the merged order (ORD-9). Implements ORD-10 and UPS-9. Pure; a refusal
 * changes nothing (GEN-8).
 * @param command - the parsed body (`parseOrderAddOrEdit`)
 * @param ctx - the company's orders, customers, catalogs, users, settings, actor and ID source
 * @param interventions - interventions of the company or of the order (filtered by `orderId`)
 * @returns the outcome and the order, or every issue
 * @example
 * addOrEditOrder({ ...command, id: undefined, externalId: undefined }, ctx, []).value.outcome //=> "created"
 */
export function addOrEditOrder(command: OrderAddOrEditCommand, ctx: OrderContext, interventions: readonly Intervention[]): Result<OrderUpsert> {
  const target = decideUpsert(command.id, command.externalId, ctx.orders);
  if (!target.ok) return target;
  const t = target.value;
  const built = t.action === "create" ? buildOrder(undefined, command, t.externalId, ctx) : mergeOrderEdit(t.record, command, ctx, interventions, []);
  if (!built.ok) return built;
  return { ok: true, value: { outcome: t.action === "create" ? "created" : "edited", order: built.value } };
}

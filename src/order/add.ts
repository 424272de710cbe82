import type { Order } from "../records/order.js";
import { ABSENT } from "../shared/field.js";
import type { Result } from "../shared/issue.js";
import { buildOrder } from "./build.js";
import type { OrderContext } from "./context.js";
import type { OrderAddCommand } from "./request.js";

/**
 * Decides `POST /order`: a new `Open` order whose address, contact person and devices belong
 * to its customer (ORD-1), with `useWorkItemsFromInvoiceCustomer` only beside an invoice
 * customer (ORD-2), and the defaults of ORD-3 (priority `Normal`, `sendByPost` from the
 * customer, owner per AUTH-6). Pure; a refusal changes nothing (GEN-8) and lists every issue
 * (GEN-9). Applies ORD-1 to ORD-5 and GEN-4.
 * @param command - the parsed body (`parseOrderAdd`)
 * @param ctx - the company's orders, customers, catalogs, users, settings, actor and ID source
 * @returns the new order, or every issue
 * @example
 * const added = addOrder(parseOrderAdd({ customerId: "CUST-1", addressId: "shop", contactPersonId: "jana", categoryId: "repair" }).value, orderContext).value;
 * [added.state, added.priority, added.ownerId === admin.id] //=> ["Open", "Normal", true]
 */
export function addOrder(command: OrderAddCommand, ctx: OrderContext): Result<Order> {
  return buildOrder(undefined, command, command.externalId === ABSENT ? null : command.externalId, ctx);
}

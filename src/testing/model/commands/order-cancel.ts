// `PUT /order/{id}/cancel` (ORD-11): the order and its unfinished interventions cancelled.
import fc from "fast-check";
import { FINISHED, type OrderM } from "../state.js";
import { Cmd, dryRun, orderTouch, pick } from "./step.js";

/** Cancels an order: 204 unless it is Cancelled already; its unfinished interventions are cancelled with it. */
export const orderCancelCmd: fc.Arbitrary<Cmd> = fc.tuple(pick, dryRun).map(
  ([o, d]) =>
    new Cmd(`cancel order ${o % 3}`, d, (m) => {
      const index = o % m.orders.length;
      const order = m.orders[index] as OrderM;
      return {
        method: "PUT", path: `/order/${order.id}/cancel`, body: { reason: "model" }, status: order.state === "Cancelled" ? 400 : 204, touch: orderTouch(index),
        apply: (mm) => {
          order.state = "Cancelled";
          for (const iv of mm.ivs) if (iv.order === index && !FINISHED.includes(iv.state)) iv.state = "Cancelled";
        },
      };
    }),
);

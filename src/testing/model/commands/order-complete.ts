// `PUT /order/{id}/complete` (ORD-13): an Open order whose interventions are all finished.
import fc from "fast-check";
import { FINISHED, type OrderM } from "../state.js";
import { Cmd, dryRun, orderTouch, pick } from "./step.js";

/** Completes an order: 204 when it is Open and every intervention of it is finished, else 400. */
export const orderCompleteCmd: fc.Arbitrary<Cmd> = fc.tuple(pick, dryRun).map(
  ([o, d]) =>
    new Cmd(`complete order ${o % 3}`, d, (m) => {
      const index = o % m.orders.length;
      const order = m.orders[index] as OrderM;
      const ok = order.state === "Open" && m.ivs.every((iv) => iv.order !== index || FINISHED.includes(iv.state));
      return { method: "PUT", path: `/order/${order.id}/complete`, status: ok ? 204 : 400, touch: orderTouch(index), apply: () => { order.state = "Completed"; } };
    }),
);

// `POST /order/{id}/PlanIntervention` (INT-1, ASN-5): one technician on one slot of the run's day.
import fc from "fast-check";
import { collides, type OrderM } from "../state.js";
import { Cmd, dryRun, hour, length, orderTouch, pick, planningBody } from "./step.js";

/** Plans an intervention on an order: 200 when the order is Open and the slot collides with nothing, else 400. */
export const planCmd: fc.Arbitrary<Cmd> = fc.tuple(pick, fc.nat(9), hour, length, dryRun).map(
  ([o, t, h, len, d]) =>
    new Cmd(`plan order ${o % 3} tech ${t % 2} ${h}-${h + len}h`, d, (m, s, day) => {
      const index = o % m.orders.length;
      const order = m.orders[index] as OrderM;
      const tech = s.techs[t % s.techs.length] as string;
      const slot = { day, start: h * 60, end: (h + len) * 60 };
      const ok = order.state === "Open" && !collides(m, s.kit.disableCollisions, tech, slot);
      return {
        method: "POST", path: `/order/${order.id}/PlanIntervention`, body: planningBody(s, tech, day, slot.start, slot.end), status: ok ? 200 : 400, touch: orderTouch(index),
        apply: (mm, r) => mm.ivs.push({ id: (r.body as { id: string }).id, order: index, state: "Planned", tech, ...slot }),
      };
    }),
);

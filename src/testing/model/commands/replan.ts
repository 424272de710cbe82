// `PUT /order/{id}/intervention/{id}/Replan` (INT-3): one of the latest interventions onto another slot.
import fc from "fast-check";
import { collides, type OrderM } from "../state.js";
import { Cmd, dryRun, hour, latest, length, orderTouch, planningBody, recent } from "./step.js";

/** Replans one of the latest interventions: 200 when it is Planned, its order Open and the slot free, else 400. */
export const replanCmd: fc.Arbitrary<Cmd> = fc.tuple(recent, fc.nat(9), hour, length, dryRun).map(
  ([i, t, h, len, d]) =>
    new Cmd(`replan #${i} tech ${t % 2} ${h}-${h + len}h`, d, (m, s, day) => {
      const iv = latest(m, i);
      if (iv === undefined) return undefined;
      const order = m.orders[iv.order] as OrderM;
      const tech = s.techs[t % s.techs.length] as string;
      const slot = { day, start: h * 60, end: (h + len) * 60 };
      const ok = iv.state === "Planned" && order.state === "Open" && !collides(m, s.kit.disableCollisions, tech, slot, iv.id);
      return {
        method: "PUT", path: `/order/${order.id}/intervention/${iv.id}/Replan`, body: planningBody(s, tech, day, slot.start, slot.end), status: ok ? 200 : 400, touch: orderTouch(iv.order),
        apply: () => Object.assign(iv, { tech, ...slot }),
      };
    }),
);

// The lifecycle moves of an intervention (INT-5, INT-7): start departure, start, request signature, complete, cancel.
import fc from "fast-check";
import { MOVES, type OrderM } from "../state.js";
import { Cmd, dryRun, latest, orderTouch, recent } from "./step.js";

/** Moves one of the latest interventions: 200 from a state the move starts from, else 400. */
export const moveCmd: fc.Arbitrary<Cmd> = fc.tuple(recent, fc.constantFrom(...Object.keys(MOVES)), dryRun).map(
  ([i, action, d]) =>
    new Cmd(`${action} #${i}`, d, (m) => {
      const iv = latest(m, i);
      if (iv === undefined) return undefined;
      const move = MOVES[action] as (typeof MOVES)[string];
      return {
        method: "PUT", path: `/order/${(m.orders[iv.order] as OrderM).id}/intervention/${iv.id}/${move.segment}`, body: {},
        status: move.from.includes(iv.state) ? 200 : 400, touch: orderTouch(iv.order),
        apply: () => { iv.state = move.to; },
      };
    }),
);

// `GET /order/{id}/candidates` (CND-2, CND-3): the slots the model would accept a plan of, ranked.
import fc from "fast-check";
import { wallClock } from "../../context.js";
import { collides, Disagreement, same, type Model, type OrderM, type Real } from "../state.js";
import { length, pick } from "./step.js";

/**
 * `GET /order/{id}/candidates` for the run's technicians, hourly from 08:00 to 18:00 (CND-2,
 * CND-3): the model predicts every slot it would accept a plan of, ranked by start, then the
 * fewest minutes the technician holds that day, then the technician's GUID; an order that is not
 * Open is refused (INT-1). A read: nothing changes.
 */
export class CandidatesRead implements fc.AsyncCommand<Model, Real> {
  constructor(private readonly order: number, private readonly hours: number, private readonly limit: number) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const s = m.scope;
    const order = m.orders[this.order % m.orders.length] as OrderM;
    const query = `day=${m.day}&duration=${this.hours * 60}&from=08:00&to=18:00&step=60&limit=${this.limit}&technicians=${s.techs.join(",")}`;
    const reply = await r.send("GET", `/order/${order.id}/candidates?${query}`);
    const status = order.state === "Open" ? 200 : 400;
    if (reply.status !== status) throw new Disagreement(`${this}: expected status ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`);
    if (status !== 200) return;
    const held = (tech: string): number =>
      m.ivs.filter((iv) => iv.tech === tech && iv.day === m.day && iv.state !== "Cancelled").reduce((sum, iv) => sum + iv.end - iv.start, 0);
    const expected: { tech: string; start: number; held: number }[] = [];
    for (let h = 8; h + this.hours <= 18; h++) {
      for (const tech of s.techs) {
        const slot = { day: m.day, start: h * 60, end: (h + this.hours) * 60 };
        if (!collides(m, s.kit.disableCollisions, tech, slot)) expected.push({ tech, start: slot.start, held: held(tech) });
      }
    }
    expected.sort((a, b) => a.start - b.start || a.held - b.held || (a.tech < b.tech ? -1 : a.tech > b.tech ? 1 : 0));
    const got = (reply.body as { candidates: { userId: string; plannedStart: string }[] }).candidates.map((c) => [c.userId, Date.parse(c.plannedStart)]);
    same(got, expected.slice(0, this.limit).map((e) => [e.tech, Date.parse(wallClock(m.day, e.start, s.kit.timeZone))]), `${this}: candidates (CND-2, CND-3)`);
  }
  toString(): string {
    return `candidates order ${this.order % 3} ${this.hours}h limit ${this.limit}`;
  }
}

/** Draws a candidates read of an order: a slot length and a limit. */
export const candidatesCmd: fc.Arbitrary<CandidatesRead> = fc.tuple(pick, length, fc.integer({ min: 1, max: 12 })).map(([o, h, limit]) => new CandidatesRead(o, h, limit));

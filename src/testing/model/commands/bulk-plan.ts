// A large input: hundreds of one-minute plans on one order, checked once at the end.
import fc from "fast-check";
import { addDays, agree, Disagreement, type Model, type OrderM, type Real } from "../state.js";
import { orderTouch, pick, planningBody } from "./step.js";

export class BulkPlan implements fc.AsyncCommand<Model, Real> {
  constructor(private readonly order: number, private readonly tech: number, private readonly count: number) {}
  check(m: Readonly<Model>): boolean {
    // One day holds 1,439 one-minute slots that end on it (ASN-4).
    return m.nextSlot + this.count < 1439;
  }
  async run(m: Model, r: Real): Promise<void> {
    const index = this.order % m.orders.length;
    const order = m.orders[index] as OrderM;
    const tech = m.scope.techs[this.tech % m.scope.techs.length] as string;
    const day = addDays(m.day, 1);
    for (let k = 0; k < this.count; k++) {
      const slot = { day, start: m.nextSlot, end: m.nextSlot + 1 };
      const reply = await r.send("POST", `/order/${order.id}/PlanIntervention`, planningBody(m.scope, tech, day, slot.start, slot.end));
      const expected = order.state === "Open" ? 200 : 400;
      if (reply.status !== expected) throw new Disagreement(`${this} #${k}: expected status ${expected}, got ${reply.status} ${JSON.stringify(reply.body)}`);
      if (reply.status !== 200) break;
      m.nextSlot++;
      m.ivs.push({ id: (reply.body as { id: string }).id, order: index, state: "Planned", tech, ...slot });
    }
    await agree(m, r, orderTouch(index), String(this));
  }
  toString(): string {
    return `bulk plan ${this.count} on order ${this.order % 3} tech ${this.tech % 2}`;
  }
}

/** Draws a bulk plan of 100 to 300 interventions. */
export const bulkPlanCmd: fc.Arbitrary<BulkPlan> = fc.tuple(pick, fc.nat(9), fc.integer({ min: 100, max: 300 })).map(([o, t, n]) => new BulkPlan(o, t, n));

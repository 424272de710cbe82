// The step command: one request, the status the model expects, the records it touches, and how a
// success changes the model; checked against the server before and after (GEN-8 on a refusal or a
// dry run). Most commands are a step (one file each beside this one); the draws they share are here.
import fc from "fast-check";
import { wallClock } from "../../context.js";
import { agree, Disagreement, readTouched, same, type IvM, type Model, type Real, type Reply, type Scope, type Touch } from "../state.js";

/** What a command sends, the status the model expects, what it touches, and how a success changes the model. */
export interface Step {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly status: number;
  readonly touch: Touch;
  readonly apply?: (m: Model, reply: Reply) => void;
}

/** A command that is one step: planned against the model, sent, and checked against the server. */
export class Cmd implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly label: string,
    private readonly dryRun: boolean,
    private readonly plan: (m: Model, s: Scope, day: string) => Step | undefined,
  ) {}
  check(m: Readonly<Model>): boolean {
    return this.plan(m as Model, m.scope, m.day) !== undefined;
  }
  async run(m: Model, r: Real): Promise<void> {
    const step = this.plan(m, m.scope, m.day);
    if (step === undefined) return;
    const before = await readTouched(m, r, step.touch);
    const path = this.dryRun ? `${step.path}?dryRun=true` : step.path;
    const reply = await r.send(step.method, path, step.body);
    if (reply.status !== step.status) throw new Disagreement(`${this}: expected status ${step.status}, got ${reply.status} ${JSON.stringify(reply.body)}`);
    if (reply.status >= 400 || this.dryRun) {
      if (reply.status >= 400 && reply.effects !== undefined) same(reply.effects, [], `${this}: effects of a refusal (GEN-8)`);
      same(await readTouched(m, r, step.touch), before, `${this}: records after a ${reply.status >= 400 ? "refusal (GEN-8)" : "dry run"}`);
    } else {
      step.apply?.(m, reply);
    }
    await agree(m, r, step.touch, String(this));
  }
  toString(): string {
    return `${this.label}${this.dryRun ? " (dry run)" : ""}`;
  }
}

/** One command in four is sent as a dry run. */
export const dryRun: fc.Arbitrary<boolean> = fc.constantFrom(false, false, false, true);
/** The hour a slot starts at, 08 to 17. */
export const hour: fc.Arbitrary<number> = fc.integer({ min: 8, max: 17 });
/** A slot's length in hours. */
export const length: fc.Arbitrary<number> = fc.integer({ min: 1, max: 3 });
/** Picks an order (modulo the three of the run) or a technician. */
export const pick: fc.Arbitrary<number> = fc.nat(50);
/** Interventions are picked among the latest few, so moves on one intervention follow each other often. */
export const recent: fc.Arbitrary<number> = fc.nat(2);
/** The intervention `i` back from the latest, if any. */
export const latest = (m: Model, i: number): IvM | undefined => m.ivs[m.ivs.length - 1 - (i % Math.max(1, m.ivs.length))];
/** What a command on one order touches. */
export const orderTouch = (o: number): Touch => ({ orders: [o], stores: [] });

/** The body of a plan or replan of one technician on one slot. */
export function planningBody(s: Scope, tech: string, day: string, start: number, end: number): unknown {
  return { primaryAssigneeId: tech, day, categoryId: s.category, assignations: [{ userId: tech, plannedStart: wallClock(day, start, s.kit.timeZone), plannedEnd: wallClock(day, end, s.kit.timeZone) }] };
}

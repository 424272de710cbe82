// The model of one run (src/testing/model/): what the server should show of the records the run
// made, written from the rule catalog (docs/rules.md) and not from the implementation: order and
// intervention states as strings, each intervention's one allocation as local minutes of the
// run's day, stock as whole thousandths or "INF". The server is a black box: the suite sees it
// only through requests and the read endpoints, and `agree` compares what they show with the model.
import { wallClock, type KitContext } from "../context.js";

/** An amount of stock in thousandths, or "INF" for unlimited. */
export type Amt = number | "INF";
/** An order's state, as the model keeps it. */
export type OrderState = "Open" | "Completed" | "Cancelled";
/** An order of the run: its GUID and state. */
export interface OrderM { readonly id: string; state: OrderState }
/** An intervention of the run: its order (an index into `Model.orders`), its state and its one allocation, in local minutes of its day. */
export interface IvM { readonly id: string; readonly order: number; state: string; tech: string; day: string; start: number; end: number }
/** The model of one run: what the server should show of the run's records. */
export interface Model {
  /** The company's part the runs work on. */
  readonly scope: Scope;
  /** The run's own day. */
  readonly day: string;
  readonly orders: OrderM[];
  readonly ivs: IvM[];
  /** Store → material → amount in thousandths, for the stores and materials the run touches. */
  readonly stock: Map<string, Map<string, Amt>>;
  /** Next free one-minute slot of the bulk plans on the day after the run's day. */
  nextSlot: number;
  /** External ID of the big customer of this run, and how many of each nested element it holds (0: none). */
  readonly bigKey: string;
  bigCustomer: number;
}
/** An answer, as the suite reads it (the effects only in process). */
export interface Reply { readonly status: number; readonly body: unknown; readonly effects?: readonly unknown[] }
/** Sends one request as the logged-in client. */
export type Send = (method: string, path: string, body?: unknown) => Promise<Reply>;
/** The server, as fast-check hands it to each command. */
export interface Real { readonly send: Send }

/** The part of the company a run works on. */
export interface Scope {
  readonly kit: KitContext;
  readonly techs: readonly string[];
  readonly stores: readonly string[];
  readonly materials: readonly string[];
  readonly category: string;
}

/** Thrown when the server disagrees with the model; fast-check shrinks on it. */
export class Disagreement extends Error {}

/** A JSON text of a value with each Map sorted by key, for comparing. */
export function stable(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v instanceof Map ? [...(v as Map<unknown, unknown>)].sort((a, b) => String(a[0]).localeCompare(String(b[0]))) : v,
  );
}

/** Throws a Disagreement naming `what` when the two values differ. */
export function same(actual: unknown, expected: unknown, what: string): void {
  const a = stable(actual);
  const e = stable(expected);
  if (a !== e) throw new Disagreement(`${what}: expected ${e}, got ${a}`);
}

/** INT-5 and INT-7 as the rule catalog states them: action → states it may start from → state it leads to. */
export const MOVES: Readonly<Record<string, { readonly from: readonly string[]; readonly to: string; readonly segment: string }>> = {
  startDeparture: { from: ["Planned"], to: "DepartureStarted", segment: "StartDeparture" },
  start: { from: ["Planned", "DepartureStarted"], to: "Running", segment: "Start" },
  requestSignature: { from: ["Running"], to: "WaitingForSignature", segment: "RequestSignature" },
  complete: { from: ["Running", "WaitingForSignature"], to: "Completed", segment: "Complete" },
  cancel: { from: ["Planned", "DepartureStarted", "Running"], to: "Cancelled", segment: "Cancel" },
};
export const FINISHED: readonly string[] = ["Completed", "Cancelled"];

/** Whether two allocations of the same day overlap. */
export const overlaps = (a: { day: string; start: number; end: number }, b: { day: string; start: number; end: number }): boolean => a.day === b.day && a.start < b.end && b.start < a.end;

/** Whether the slot would collide with a live allocation of `tech` (ASN-5), when the company disables collisions. */
export function collides(m: Model, disable: boolean, tech: string, slot: { day: string; start: number; end: number }, except?: string): boolean {
  return disable && m.ivs.some((iv) => iv.id !== except && iv.state !== "Cancelled" && iv.tech === tech && overlaps(iv, slot));
}

/** The ISO day `n` days after `day`. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Reads of the records a step may touch, for comparing before and after (GEN-8) and with the model. */
export interface Touch { readonly orders: readonly number[]; readonly stores: readonly string[] }

/** GETs `path` and returns the body; anything but 200 is a Disagreement. */
export async function readJson(send: Send, path: string): Promise<unknown> {
  const r = await send("GET", path);
  if (r.status !== 200) throw new Disagreement(`GET ${path}: expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Every stocked material of a store, paging through the listing (STO-6), as material → JSON amount. */
export async function readStock(send: Send, store: string): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  for (let page = 1; ; page++) {
    const body = (await readJson(send, `/store/${store}?page=${page}&pageSize=200`)) as { materials: { items: Array<{ materialId: string; amount: number | null }>; totalCount: number } };
    for (const item of body.materials.items) out.set(item.materialId, item.amount);
    if (body.materials.items.length === 0 || page * 200 >= body.materials.totalCount) return out;
  }
}

/** The read shapes of the touched orders, their interventions and stores, as one comparable value. */
export async function readTouched(m: Model, r: Real, t: Touch): Promise<unknown> {
  const orders: unknown[] = [];
  for (const o of t.orders) {
    const order = m.orders[o] as OrderM;
    const ivs: unknown[] = [];
    for (const iv of m.ivs) if (iv.order === o) ivs.push(await readJson(r.send, `/order/${order.id}/intervention/${iv.id}`));
    orders.push([await readJson(r.send, `/order/${order.id}`), ivs]);
  }
  const stores: unknown[] = [];
  for (const s of t.stores) stores.push([s, await readStock(r.send, s)]);
  return { orders, stores };
}

/** Compares what the server shows of the touched records with the model. */
export async function agree(m: Model, r: Real, t: Touch, label: string): Promise<void> {
  for (const o of t.orders) {
    const order = m.orders[o] as OrderM;
    same(((await readJson(r.send, `/order/${order.id}`)) as { state: unknown }).state, order.state, `${label}: state of order ${o}`);
    for (const iv of m.ivs) {
      if (iv.order !== o) continue;
      const real = (await readJson(r.send, `/order/${order.id}/intervention/${iv.id}`)) as { state: unknown; assignations: Array<{ userId: string; plannedStart: string; plannedEnd: string }> };
      same(real.state, iv.state, `${label}: state of intervention ${iv.id}`);
      same(
        real.assignations.map((a) => [a.userId, Date.parse(a.plannedStart), Date.parse(a.plannedEnd)]),
        [[iv.tech, Date.parse(wallClock(iv.day, iv.start, m.scope.kit.timeZone)), Date.parse(wallClock(iv.day, iv.end, m.scope.kit.timeZone))]],
        `${label}: allocation of intervention ${iv.id}`,
      );
    }
  }
  for (const s of t.stores) {
    const real = await readStock(r.send, s);
    const shown = new Map<string, Amt>();
    for (const [k, a] of real) if (m.scope.materials.includes(k)) shown.set(k, a === null ? "INF" : Math.round(a * 1000));
    same(shown, m.stock.get(s), `${label}: stock of store ${s}`);
  }
}

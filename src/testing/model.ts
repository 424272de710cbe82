import fc from "fast-check";
import type { Fixture } from "../service/fixture.js";
import type { ServiceRequest, ServiceResponse } from "../service/create.js";
import { kitContext, wallClock, type KitContext } from "./context.js";

// A deliberately simple model of one company, written from the rule catalog (docs/rules.md) and not from the
// implementation: order and intervention states as strings, each intervention's one
// allocation as local minutes of the run's day, stock as whole thousandths or "INF".
// The server is a black box: the suite sees it only through requests and the read endpoints.

/** What the suite talks to: an in-process `handle` (possibly async) or a server's base URL. */
export type ModelTarget = HandleTarget | UrlTarget;

/** A service in process: anything with the service's `handle` (its answer may be a promise). */
export interface HandleTarget {
  /** Answers one request, as `createFieldService(...).handle` does. */
  readonly handle: (request: ServiceRequest) => ServiceResponse | Promise<ServiceResponse>;
}

/** A running server, reached with `fetch`. */
export interface UrlTarget {
  /** Base URL, e.g. `http://127.0.0.1:8080` (a trailing `/` is ignored). */
  readonly baseUrl: string;
}

/** The integration client the suite logs in as (AUTH-1). */
export interface ModelCredentials {
  /** Tenant code of the company. */
  readonly tenantCode: string;
  /** Client ID. */
  readonly clientId: string;
  /** Secret. */
  readonly secret: string;
}

/** Options of {@link runModelSuite}. */
export interface ModelSuiteOptions {
  /** The fixture the server was started with (the suite reads users, catalogs, materials, stores and settings from it). */
  readonly fixture: Fixture;
  /** The client to log in as; its company is the one exercised. */
  readonly credentials: ModelCredentials;
  /** Command sequences to run; default 25. */
  readonly numRuns?: number;
  /** fast-check seed, to replay a failure; default random. */
  readonly seed?: number;
  /** fast-check path of a failure, to replay it (with its `seed`). */
  readonly path?: string;
  /** Replay path of the command sequence, printed with a failure. */
  readonly replayPath?: string;
  /** Most commands in one sequence; default 60. */
  readonly maxCommands?: number;
  /**
   * First day (`YYYY-MM-DD`) the runs plan on; each run takes two days of its own after it, so
   * runs never meet. Default: a random day in 2030–2090, so suites run against one long-lived
   * server rarely meet either. Printed with a failure, to replay it.
   */
  readonly firstDay?: string;
  /** Draw large inputs at a low rate (bulk plans of 100–300 interventions, a customer with hundreds of nested elements, batches of hundreds of items); default `false`. */
  readonly largeInputs?: boolean;
}

/** What a passing suite ran. */
export interface ModelSuiteReport {
  /** Sequences run. */
  readonly numRuns: number;
  /** The seed used. */
  readonly seed: number;
  /** The first day planned on. */
  readonly firstDay: string;
}

type Amt = number | "INF";
type OrderState = "Open" | "Completed" | "Cancelled";
interface OrderM { readonly id: string; state: OrderState }
interface IvM { readonly id: string; readonly order: number; state: string; tech: string; day: string; start: number; end: number }
interface Model {
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
interface Reply { readonly status: number; readonly body: unknown; readonly effects?: readonly unknown[] }
type Send = (method: string, path: string, body?: unknown) => Promise<Reply>;
interface Real { readonly send: Send }

/** The part of the company a run works on. */
interface Scope {
  readonly kit: KitContext;
  readonly techs: readonly string[];
  readonly stores: readonly string[];
  readonly materials: readonly string[];
  readonly category: string;
}

/** Thrown when the server disagrees with the model; fast-check shrinks on it. */
class Disagreement extends Error {}

function stable(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v instanceof Map ? [...(v as Map<unknown, unknown>)].sort((a, b) => String(a[0]).localeCompare(String(b[0]))) : v,
  );
}

function same(actual: unknown, expected: unknown, what: string): void {
  const a = stable(actual);
  const e = stable(expected);
  if (a !== e) throw new Disagreement(`${what}: expected ${e}, got ${a}`);
}

/** INT-5 and INT-7 as the rule catalog states them: action → states it may start from → state it leads to. */
const MOVES: Readonly<Record<string, { readonly from: readonly string[]; readonly to: string; readonly segment: string }>> = {
  startDeparture: { from: ["Planned"], to: "DepartureStarted", segment: "StartDeparture" },
  start: { from: ["Planned", "DepartureStarted"], to: "Running", segment: "Start" },
  requestSignature: { from: ["Running"], to: "WaitingForSignature", segment: "RequestSignature" },
  complete: { from: ["Running", "WaitingForSignature"], to: "Completed", segment: "Complete" },
  cancel: { from: ["Planned", "DepartureStarted", "Running"], to: "Cancelled", segment: "Cancel" },
};
const FINISHED: readonly string[] = ["Completed", "Cancelled"];

const overlaps = (a: { day: string; start: number; end: number }, b: { day: string; start: number; end: number }): boolean => a.day === b.day && a.start < b.end && b.start < a.end;

function collides(m: Model, disable: boolean, tech: string, slot: { day: string; start: number; end: number }, except?: string): boolean {
  return disable && m.ivs.some((iv) => iv.id !== except && iv.state !== "Cancelled" && iv.tech === tech && overlaps(iv, slot));
}

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Reads of the records a step may touch, for comparing before and after (GEN-8) and with the model. */
interface Touch { readonly orders: readonly number[]; readonly stores: readonly string[] }

async function readJson(send: Send, path: string): Promise<unknown> {
  const r = await send("GET", path);
  if (r.status !== 200) throw new Disagreement(`GET ${path}: expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Every stocked material of a store, paging through the listing (STO-6), as material → JSON amount. */
async function readStock(send: Send, store: string): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  for (let page = 1; ; page++) {
    const body = (await readJson(send, `/store/${store}?page=${page}&pageSize=200`)) as { materials: { items: Array<{ materialId: string; amount: number | null }>; totalCount: number } };
    for (const item of body.materials.items) out.set(item.materialId, item.amount);
    if (body.materials.items.length === 0 || page * 200 >= body.materials.totalCount) return out;
  }
}

/** The read shapes of the touched orders, their interventions and stores, as one comparable value. */
async function readTouched(m: Model, r: Real, t: Touch): Promise<unknown> {
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
async function agree(m: Model, r: Real, t: Touch, label: string): Promise<void> {
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

/** What a command sends, the status the model expects, what it touches, and how a success changes the model. */
interface Step {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly status: number;
  readonly touch: Touch;
  readonly apply?: (m: Model, reply: Reply) => void;
}

class Cmd implements fc.AsyncCommand<Model, Real> {
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

const dryRun: fc.Arbitrary<boolean> = fc.constantFrom(false, false, false, true);
const hour = fc.integer({ min: 8, max: 17 });
const length = fc.integer({ min: 1, max: 3 });
const pick = fc.nat(50);
/** Interventions are picked among the latest few, so moves on one intervention follow each other often. */
const recent = fc.nat(2);
const latest = (m: Model, i: number): IvM | undefined => m.ivs[m.ivs.length - 1 - (i % Math.max(1, m.ivs.length))];
const orderTouch = (o: number): Touch => ({ orders: [o], stores: [] });

function planBody(s: Scope, tech: string, day: string, start: number, end: number): unknown {
  return { primaryAssigneeId: tech, day, categoryId: s.category, assignations: [{ userId: tech, plannedStart: wallClock(day, start, s.kit.timeZone), plannedEnd: wallClock(day, end, s.kit.timeZone) }] };
}

const planCmd = fc.tuple(pick, fc.nat(9), hour, length, dryRun).map(
  ([o, t, h, len, d]) =>
    new Cmd(`plan order ${o % 3} tech ${t % 2} ${h}-${h + len}h`, d, (m, s, day) => {
      const index = o % m.orders.length;
      const order = m.orders[index] as OrderM;
      const tech = s.techs[t % s.techs.length] as string;
      const slot = { day, start: h * 60, end: (h + len) * 60 };
      const ok = order.state === "Open" && !collides(m, s.kit.disableCollisions, tech, slot);
      return {
        method: "POST", path: `/order/${order.id}/PlanIntervention`, body: planBody(s, tech, day, slot.start, slot.end), status: ok ? 200 : 400, touch: orderTouch(index),
        apply: (mm, r) => mm.ivs.push({ id: (r.body as { id: string }).id, order: index, state: "Planned", tech, ...slot }),
      };
    }),
);

const replanCmd = fc.tuple(recent, fc.nat(9), hour, length, dryRun).map(
  ([i, t, h, len, d]) =>
    new Cmd(`replan #${i} tech ${t % 2} ${h}-${h + len}h`, d, (m, s, day) => {
      const iv = latest(m, i);
      if (iv === undefined) return undefined;
      const order = m.orders[iv.order] as OrderM;
      const tech = s.techs[t % s.techs.length] as string;
      const slot = { day, start: h * 60, end: (h + len) * 60 };
      const ok = iv.state === "Planned" && order.state === "Open" && !collides(m, s.kit.disableCollisions, tech, slot, iv.id);
      return {
        method: "PUT", path: `/order/${order.id}/intervention/${iv.id}/Replan`, body: planBody(s, tech, day, slot.start, slot.end), status: ok ? 200 : 400, touch: orderTouch(iv.order),
        apply: () => Object.assign(iv, { tech, ...slot }),
      };
    }),
);

const moveCmd = fc.tuple(recent, fc.constantFrom(...Object.keys(MOVES)), dryRun).map(
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

const orderCancelCmd = fc.tuple(pick, dryRun).map(
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

const orderCompleteCmd = fc.tuple(pick, dryRun).map(
  ([o, d]) =>
    new Cmd(`complete order ${o % 3}`, d, (m) => {
      const index = o % m.orders.length;
      const order = m.orders[index] as OrderM;
      const ok = order.state === "Open" && m.ivs.every((iv) => iv.order !== index || FINISHED.includes(iv.state));
      return { method: "PUT", path: `/order/${order.id}/complete`, status: ok ? 204 : 400, touch: orderTouch(index), apply: () => { order.state = "Completed"; } };
    }),
);

/** Stock items: a material index and an amount in halves, or `null` (unlimited for add and set, all for remove and move). */
type Item = readonly [number, number | null];
const items = fc.array(fc.tuple(fc.nat(2), fc.option(fc.integer({ min: 0, max: 30 }), { nil: null })), { minLength: 1, maxLength: 3 });
/** The items of a small batch repeated 50–100 times: a batch of hundreds of items. */
const bigItems = fc.tuple(items, fc.integer({ min: 50, max: 100 })).map(([list, times]) => Array.from({ length: list.length * times }, (_, i) => list[i % list.length] as Item));
const plus = (a: Amt, b: Amt): Amt => (a === "INF" || b === "INF" ? "INF" : a + b);
/** STK-3: never below 0; all empties; unlimited stays unlimited for a finite quantity. */
const minus = (a: Amt, q: number | null): Amt => (q === null ? 0 : a === "INF" ? "INF" : Math.max(0, a - q));
/** Halves as thousandths. */
const milli = (halves: number | null): number | null => (halves === null ? null : halves * 500);

/** Runs a batch on copies of the model's stock; `undefined` when an item is refused (the whole batch is, STK-6). */
function batch(m: Model, s: Scope, stores: readonly string[], each: (stock: Map<string, Map<string, Amt>>, mat: string, q: number | null) => boolean, list: readonly Item[]): Map<string, Map<string, Amt>> | undefined {
  const copy = new Map(stores.map((st) => [st, new Map(m.stock.get(st))]));
  for (const [mat, q] of list) if (!each(copy, s.materials[mat % s.materials.length] as string, milli(q))) return undefined;
  return copy;
}

function stockCmd(kind: "add" | "remove" | "set" | "move", big = false): fc.Arbitrary<Cmd> {
  return fc.tuple(fc.nat(1), fc.nat(1), big ? bigItems : items, dryRun).map(
    ([f, t, list, d]) =>
      new Cmd(`${kind} store ${f}${kind === "move" ? ` to store ${t}` : ""} ${big ? `${list.length} items` : list.map(([mat, q]) => `m${mat}:${q === null ? "null" : q / 2}`).join(" ")}`, d, (m, s) => {
        const from = s.stores[f] as string;
        const to = s.stores[t] as string;
        const at = (st: Map<string, Map<string, Amt>>, store: string): Map<string, Amt> => st.get(store) as Map<string, Amt>;
        const result =
          kind === "add" ? batch(m, s, [from], (st, mat, q) => (at(st, from).set(mat, plus(at(st, from).get(mat) ?? 0, q ?? "INF")), true), list)
          : kind === "set" ? batch(m, s, [from], (st, mat, q) => (at(st, from).set(mat, q ?? "INF"), true), list)
          : kind === "remove" ? batch(m, s, [from], (st, mat, q) => {
              const cur = at(st, from).get(mat);
              if (cur === undefined) return false;
              at(st, from).set(mat, minus(cur, q));
              return true;
            }, list)
          : from === to ? undefined
          : batch(m, s, [from, to], (st, mat, q) => {
              const cur = at(st, from).get(mat);
              if (cur === undefined) return false;
              at(st, from).set(mat, minus(cur, q));
              at(st, to).set(mat, plus(at(st, to).get(mat) ?? 0, q ?? cur));
              return true;
            }, list);
        const path = kind === "add" ? `/store/${from}/addToStore` : kind === "remove" ? `/store/${from}/removeMaterial` : kind === "set" ? `/store/${from}/setMaterialAmounts` : `/store/${from}/moveTo/${to}`;
        return {
          method: kind === "add" ? "POST" : "PUT", path, status: result === undefined ? 400 : kind === "add" ? 201 : 204,
          body: list.map(([mat, q]) => ({ materialId: s.materials[mat % s.materials.length], amount: q === null ? null : q / 2 })),
          touch: { orders: [], stores: kind === "move" ? [from, to] : [from] },
          apply: (mm) => {
            for (const [store, stock] of result ?? []) mm.stock.set(store, stock);
          },
        };
      }),
  );
}

/** Plans `count` one-minute interventions on one order (one request each) on the day after the run's day, then checks once. */
class BulkPlan implements fc.AsyncCommand<Model, Real> {
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
      const reply = await r.send("POST", `/order/${order.id}/PlanIntervention`, planBody(m.scope, tech, day, slot.start, slot.end));
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

const bulkPlanCmd = fc.tuple(pick, fc.nat(9), fc.integer({ min: 100, max: 300 })).map(([o, t, n]) => new BulkPlan(o, t, n));

/** Add-or-edit of the run's big customer with `n` of each nested element; nothing is deleted (UPS-6), so it holds the most ever sent. */
class BigCustomer implements fc.AsyncCommand<Model, Real> {
  constructor(private readonly n: number) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const n = this.n;
    const reply = await r.send("POST", "/customer/addOrEdit", {
      externalId: m.bigKey, name: "Velký zákazník", identificationNumber: "1",
      contactPeople: Array.from({ length: n }, (_, k) => ({ externalId: `p${k}`, lastName: `L${k}` })),
      addresses: Array.from({ length: n }, (_, k) => ({ externalId: `a${k}`, city: "Brno" })),
      serviceObjects: Array.from({ length: n }, (_, k) => ({ externalId: `d${k}`, name: "Kotel", addressId: `a${k}` })),
    });
    if (reply.status !== 204) throw new Disagreement(`${this}: expected status 204, got ${reply.status} ${JSON.stringify(reply.body)}`);
    m.bigCustomer = Math.max(m.bigCustomer, n);
    const real = (await readJson(r.send, `/customer/externalId/${encodeURIComponent(m.bigKey)}`)) as { contactPeople: unknown[]; addresses: unknown[]; serviceObjects: unknown[] };
    same([real.contactPeople.length, real.addresses.length, real.serviceObjects.length], [m.bigCustomer, m.bigCustomer, m.bigCustomer], `${this}: nested elements (UPS-6)`);
  }
  toString(): string {
    return `big customer ${this.n}`;
  }
}

const bigCustomerCmd = fc.integer({ min: 200, max: 500 }).map((n) => new BigCustomer(n));

/**
 * `GET /order/{id}/candidates` for the run's technicians, hourly from 08:00 to 18:00 (CND-2,
 * CND-3): the model predicts every slot it would accept a plan of, ranked by start, then the
 * fewest minutes the technician holds that day, then the technician's GUID; an order that is not
 * Open is refused (INT-1). A read: nothing changes.
 */
class CandidatesRead implements fc.AsyncCommand<Model, Real> {
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

const candidatesCmd = fc.tuple(pick, length, fc.integer({ min: 1, max: 12 })).map(([o, h, limit]) => new CandidatesRead(o, h, limit));

function commandList(large: boolean): Array<fc.Arbitrary<fc.AsyncCommand<Model, Real>>> {
  const list: Array<fc.Arbitrary<fc.AsyncCommand<Model, Real>>> = [
    planCmd, planCmd, replanCmd, moveCmd, moveCmd, orderCancelCmd, orderCompleteCmd, stockCmd("add"), stockCmd("remove"), stockCmd("set"), stockCmd("move"),
    candidatesCmd,
  ];
  // About one command in 150 is large.
  if (large) {
    list.push(fc.oneof(
      { weight: 12, arbitrary: moveCmd },
      { weight: 1, arbitrary: fc.oneof(bulkPlanCmd, bigCustomerCmd, stockCmd("add", true), stockCmd("move", true), stockCmd("set", true)) },
    ));
  }
  return list;
}

/** Sends requests as one client: through `handle`, or over HTTP with `fetch`. */
async function connect(target: ModelTarget, credentials: ModelCredentials): Promise<Send> {
  const raw = async (method: string, path: string, headers: Record<string, string>, body: unknown): Promise<Reply> => {
    if ("handle" in target) {
      const reply = await target.handle({ method, path, headers, ...(body === undefined ? {} : { body }) });
      return { status: reply.status, body: reply.body, effects: reply.effects };
    }
    const res = await fetch(`${target.baseUrl.replace(/\/$/, "")}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
  };
  const login = await raw("POST", "/auth/login", {}, { ...credentials });
  const token = (login.body as { accessToken?: unknown } | undefined)?.accessToken;
  if (login.status !== 200 || typeof token !== "string") {
    throw new Error(`runModelSuite: the login as ${JSON.stringify(credentials.tenantCode)}/${JSON.stringify(credentials.clientId)} answered ${login.status} ${JSON.stringify(login.body)}`);
  }
  return (method, path, body) => raw(method, path, { authorization: `Bearer ${token}` }, body);
}

/** Creates the run's customer and three open orders through the API, and reads the stores' stock. */
async function setUp(send: Send, s: Scope, day: string): Promise<Model> {
  const created = async (path: string, body: unknown): Promise<string> => {
    const r = await send("POST", path, body);
    if (r.status !== 201) throw new Error(`runModelSuite: setting up, POST ${path} answered ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { id: string }).id;
  };
  const customerId = await created("/customer", {
    name: `Model ${day}`, identificationNumber: "1", contactPeople: [{ externalId: "P1", lastName: "Model" }], addresses: [{ externalId: "A1", city: "Brno" }],
  });
  const orders: OrderM[] = [];
  for (let k = 0; k < 3; k++) {
    orders.push({ id: await created("/order", { customerId, addressId: "A1", contactPersonId: "P1", categoryId: s.kit.orderCategories[0] }), state: "Open" });
  }
  const stock = new Map<string, Map<string, Amt>>();
  for (const store of s.stores) {
    const m = new Map<string, Amt>();
    for (const [k, a] of await readStock(send, store)) if (s.materials.includes(k)) m.set(k, a === null ? "INF" : Math.round(a * 1000));
    stock.set(store, m);
  }
  return { scope: s, day, orders, ivs: [], stock, nextSlot: 0, bigKey: `MODEL-BIG-${day}`, bigCustomer: 0 };
}

/** After a run: every live allocation the run made, as the server shows it, overlaps none of the same technician (ASN-5). */
async function checkCollisions(m: Model, r: Real): Promise<void> {
  if (!m.scope.kit.disableCollisions) return;
  const live: Array<{ iv: string; user: string; start: number; end: number }> = [];
  for (const iv of m.ivs) {
    const real = (await readJson(r.send, `/order/${(m.orders[iv.order] as OrderM).id}/intervention/${iv.id}`)) as { state: string; assignations: Array<{ userId: string; plannedStart: string; plannedEnd: string }> };
    if (real.state === "Cancelled") continue;
    for (const a of real.assignations) live.push({ iv: iv.id, user: a.userId, start: Date.parse(a.plannedStart), end: Date.parse(a.plannedEnd) });
  }
  live.sort((a, b) => a.user.localeCompare(b.user) || a.start - b.start);
  for (let k = 1; k < live.length; k++) {
    const a = live[k - 1] as (typeof live)[number];
    const b = live[k] as (typeof live)[number];
    if (a.user === b.user && b.start < a.end) throw new Disagreement(`after the run: ${a.iv} overlaps ${b.iv} (ASN-5)`);
  }
}

/** The commands of a shrunk sequence that ran, and its replay path. */
function describeSequence(value: unknown): { lines: string[]; replayPath: string | undefined } {
  const lines: string[] = [];
  for (const c of value as Iterable<{ hasRan?: boolean; toString(): string }>) if (c.hasRan !== false) lines.push(String(c));
  const replayPath = /\/\*replayPath=(.*)\*\/$/.exec(String(value))?.[1];
  return { lines, replayPath };
}

/**
 * Runs the model-based suite of the API against a server: random sequences of plans,
 * replans, lifecycle moves, order cancels and completions and stock batches (each sometimes
 * as a dry run, and with `largeInputs` a few large ones), each answer compared with a simple
 * model written from the rule catalog (INT-5, INT-7, ORD-11, ORD-13, ASN-5, STK-2 to STK-6):
 * the status, the records it touched as the read endpoints show them, nothing changed by a
 * refusal or a dry run (GEN-8), no effects on a refusal (in process), no overlapping
 * allocation when collisions are disabled. Each run creates its own customer and three
 * orders through the API and plans on days of its own, so runs do not meet. On a
 * disagreement fast-check shrinks the sequence, and the thrown Error lists the shortest
 * failing sequence with the seed, path and replay path to replay it.
 * @param target - `{ handle }` of a service in process (its answer may be a promise), or `{ baseUrl }` of a running server
 * @param options - the server's fixture, the client to log in as, and run settings
 * @returns what ran, when the server agreed with the model on every run
 * @throws Error naming the shortest failing command sequence, when it did not
 * @example
 * const service = createFieldService({ fixture: demoFixture });
 * const report = await runModelSuite(service, {
 *   fixture: demoFixture, credentials: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }, numRuns: 2, maxCommands: 10,
 * });
 * report.numRuns //=> 2
 */
export async function runModelSuite(target: ModelTarget, options: ModelSuiteOptions): Promise<ModelSuiteReport> {
  const kit = kitContext(options.fixture, options.credentials.tenantCode);
  if (kit.technicians.length === 0 || kit.stores.length < 2 || kit.materials.length === 0 || kit.orderCategories.length === 0 || kit.interventionCategories.length === 0) {
    throw new Error("runModelSuite: the company needs an active technician, two stores, a material, an order category and an intervention category");
  }
  const scope: Scope = { kit, techs: kit.technicians.slice(0, 2), stores: kit.stores.slice(0, 2), materials: kit.materials.slice(0, 3), category: kit.interventionCategories[0] as string };
  const firstDay = options.firstDay ?? addDays("2030-01-01", Math.floor(Math.random() * 22_000));
  const send = await connect(target, options.credentials);
  let run = 0;
  const commands = fc.commands(commandList(options.largeInputs === true), {
    maxCommands: options.maxCommands ?? 60,
    size: "max",
    ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
  });
  const property = fc.asyncProperty(commands, async (cmds) => {
    const day = addDays(firstDay, 2 * run++);
    const model = await setUp(send, scope, day);
    const real: Real = { send };
    await fc.asyncModelRun(() => ({ model, real }), cmds);
    await checkCollisions(model, real);
  });
  const details = await fc.check(property, {
    numRuns: options.numRuns ?? 25,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
  });
  if (!details.failed) return { numRuns: details.numRuns, seed: details.seed, firstDay };
  const failing = details.counterexample === null ? { lines: [], replayPath: undefined } : describeSequence(details.counterexample[0]);
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const replay = { seed: details.seed, path: details.counterexamplePath, ...(failing.replayPath === undefined ? {} : { replayPath: failing.replayPath }), firstDay };
  throw new Error(
    [
      `runModelSuite: the server disagrees with the model (after ${details.numRuns} run(s), ${details.numShrinks} shrink(s)).`,
      `Shortest failing sequence (${failing.lines.length} command(s)):`,
      ...failing.lines.map((line, k) => `  ${k + 1}. ${line}`),
      `Cause: ${cause}`,
      `Replay with the options ${JSON.stringify(replay)} (against a server that already ran it, change firstDay).`,
    ].join("\n"),
  );
}

import fc from "fast-check";
import { limits } from "../../src/shared/limits.js";
import { describe, expect, it } from "vitest";
import { interventionStates } from "../../src/intervention/intervention.js";
import type { ServiceCore, ServiceResponse } from "../../src/service/create.js";
import { commit, type CompanyState } from "../../src/service/state.js";
import { amountToJson } from "../../src/stock/amount.js";
import { ids, testCustomer, testOrder } from "../arbitraries/fixture.js";
import { company, snapshot } from "./support.js";
import { client, serviceWith } from "./wiring-support.js";

// A deliberately simple model of one company: order and intervention states as strings,
// each intervention's one allocation as whole local hours, stock as plain numbers or "INF".
// It knows the rules from RULES.md, not from the implementation.

type Amt = number | "INF";
interface OrderM { readonly id: string; state: "Open" | "Completed" | "Cancelled" }
interface IvM { readonly id: string; readonly order: number; state: string; tech: string; start: number; end: number }
interface Model {
  readonly disableCollisions: boolean;
  readonly orders: OrderM[];
  readonly ivs: IvM[];
  readonly stock: Map<string, Map<string, Amt>>;
  /** Next free one-minute slot of the bulk plans (slot s: day 2026-05-05 + s / 1000, minute s % 1000). */
  nextSlot: number;
  /** How many contact people, addresses and devices the big customer holds (0: not created). */
  bigCustomer: number;
}
interface Real {
  readonly service: ServiceCore;
  readonly state: CompanyState;
  readonly send: (method: string, path: string, body?: unknown) => ServiceResponse;
}

const A = ids(0);
const TECHS = [A.tech1, A.tech2] as const;
const STORES = [A.store(1), A.store(2)] as const;
const MATERIALS = [A.material(1), A.material(2), A.material(3)] as const;
const FINISHED = ["Completed", "Cancelled"];

/** INT-5 and INT-7 as the rule catalog states them: action → states it may start from → state it leads to. */
const MOVES: Record<string, { from: string[]; to: string; segment: string }> = {
  startDeparture: { from: ["Planned"], to: "DepartureStarted", segment: "StartDeparture" },
  start: { from: ["Planned", "DepartureStarted"], to: "Running", segment: "Start" },
  requestSignature: { from: ["Running"], to: "WaitingForSignature", segment: "RequestSignature" },
  complete: { from: ["Running", "WaitingForSignature"], to: "Completed", segment: "Complete" },
  cancel: { from: ["Planned", "DepartureStarted", "Running"], to: "Cancelled", segment: "Cancel" },
};

const hh = (h: number): string => `2026-05-04T${String(h).padStart(2, "0")}:00:00+02:00`;
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean => a.start < b.end && b.start < a.end;

function collides(m: Model, tech: string, start: number, end: number, except?: string): boolean {
  return m.disableCollisions && m.ivs.some((iv) => iv.id !== except && iv.state !== "Cancelled" && iv.tech === tech && overlaps(iv, { start, end }));
}

function planBody(tech: string, start: number, end: number): unknown {
  return { primaryAssigneeId: tech, day: "2026-05-04", categoryId: "revize", assignations: [{ userId: tech, plannedStart: hh(start), plannedEnd: hh(end) }] };
}

/** What a command sends, the status the model expects, and how a committed success changes the model. */
interface Step {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly status: number;
  readonly apply?: (m: Model, r: ServiceResponse) => void;
}

/** Every invariant of the issue, checked on the service's own state, plus agreement with the model. */
function checkInvariants(m: Model, r: Real): void {
  const ivs = [...r.state.interventions.byId.values()];
  for (const iv of ivs) expect(interventionStates).toContain(iv.state);
  expect(ivs.map((iv) => [iv.id, iv.state])).toEqual(m.ivs.map((iv) => [iv.id, iv.state]));
  expect(m.orders.map((o) => r.state.orders.byId.get(o.id as never)?.state)).toEqual(m.orders.map((o) => o.state));
  if (m.disableCollisions) {
    // Per technician, sorted by start: no allocation starts before the previous one ends (n log n, for the bulk runs).
    const live = ivs.filter((iv) => iv.state !== "Cancelled").flatMap((iv) => iv.assignations.map((a) => ({ iv: iv.id, ...a })));
    live.sort((a, b) => a.userId.localeCompare(b.userId) || a.plannedStart - b.plannedStart);
    const overlapping: string[] = [];
    for (let k = 1; k < live.length; k++) {
      const a = live[k - 1]!;
      const b = live[k]!;
      if (a.userId === b.userId && b.plannedStart < a.plannedEnd) overlapping.push(`${a.iv} overlaps ${b.iv}`);
    }
    expect(overlapping).toEqual([]);
  }
  const big = r.state.customers.byKey.get("BIG");
  expect(big === undefined ? [0, 0, 0] : [big.contactPeople.length, big.addresses.length, big.serviceObjects.length]).toEqual([m.bigCustomer, m.bigCustomer, m.bigCustomer]);
  for (const store of STORES) {
    const real = [...(r.state.stock.get(store) ?? [])];
    for (const [, a] of real) if (a.kind === "finite") expect(a.value.isNegative()).toBe(false);
    const asJson = new Map(real.map(([k, a]) => [k as string, amountToJson(a)]));
    const model = new Map([...(m.stock.get(store) ?? [])].map(([k, a]) => [k, a === "INF" ? null : a]));
    expect(asJson).toEqual(model);
  }
}

class Cmd implements fc.Command<Model, Real> {
  constructor(
    private readonly label: string,
    private readonly dryRun: boolean,
    private readonly plan: (m: Model) => Step | undefined,
  ) {}
  check(m: Readonly<Model>): boolean {
    return this.plan(m as Model) !== undefined;
  }
  run(m: Model, r: Real): void {
    const step = this.plan(m) as Step;
    const before = snapshot(r.state);
    const path = this.dryRun ? `${step.path}?dryRun=true` : step.path;
    const res = r.send(step.method, path, step.body);
    expect(res.status, `${this} → ${JSON.stringify(res.body)}`).toBe(step.status);
    if (res.status >= 400) {
      expect(res.effects).toEqual([]);
      expect(snapshot(r.state)).toEqual(before);
    } else if (this.dryRun) {
      expect(snapshot(r.state)).toEqual(before);
    } else {
      step.apply?.(m, res);
    }
    checkInvariants(m, r);
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

const planCmd = fc.tuple(pick, fc.constantFrom(...TECHS), hour, length, dryRun).map(
  ([o, tech, start, len, d]) =>
    new Cmd(`plan order ${o % 3} ${tech.slice(-2)} ${start}-${start + len}`, d, (m) => {
      const order = m.orders[o % m.orders.length] as OrderM;
      const ok = order.state === "Open" && !collides(m, tech, start, start + len);
      return {
        method: "POST", path: `/order/${order.id}/PlanIntervention`, body: planBody(tech, start, start + len), status: ok ? 200 : 400,
        apply: (mm, r) => mm.ivs.push({ id: (r.body as { id: string }).id, order: o % m.orders.length, state: "Planned", tech, start, end: start + len }),
      };
    }),
);

const replanCmd = fc.tuple(recent, fc.constantFrom(...TECHS), hour, length, dryRun).map(
  ([i, tech, start, len, d]) =>
    new Cmd(`replan #${i} ${tech.slice(-2)} ${start}-${start + len}`, d, (m) => {
      const iv = latest(m, i);
      if (iv === undefined) return undefined;
      const order = m.orders[iv.order] as OrderM;
      const ok = iv.state === "Planned" && order.state === "Open" && !collides(m, tech, start, start + len, iv.id);
      return {
        method: "PUT", path: `/order/${order.id}/intervention/${iv.id}/Replan`, body: planBody(tech, start, start + len), status: ok ? 200 : 400,
        apply: () => Object.assign(iv, { tech, start, end: start + len }),
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
        status: move.from.includes(iv.state) ? 200 : 400,
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
        method: "PUT", path: `/order/${order.id}/cancel`, body: { reason: "model" }, status: order.state === "Cancelled" ? 400 : 204,
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
      return { method: "PUT", path: `/order/${order.id}/complete`, status: ok ? 204 : 400, apply: () => { order.state = "Completed"; } };
    }),
);

/** Stock items: a material and a number, or `null` (unlimited for add and set, all for remove and move). */
const items = fc.array(fc.tuple(fc.nat(2), fc.option(fc.integer({ min: 0, max: 30 }).map((n) => n / 2), { nil: null })), { minLength: 1, maxLength: 3 });
const body = (list: readonly [number, number | null][]): unknown => list.map(([mat, amount]) => ({ materialId: MATERIALS[mat], amount }));
const plus = (a: Amt, b: Amt): Amt => (a === "INF" || b === "INF" ? "INF" : a + b);
const minus = (a: Amt, q: number | null): Amt => (q === null ? 0 : a === "INF" ? "INF" : Math.max(0, a - q));

/** Runs a batch on copies of the model's stock; `undefined` when an item is refused (the whole batch is, STK-6). */
function batch(m: Model, stores: readonly string[], each: (stock: Map<string, Map<string, Amt>>, mat: string, q: number | null) => boolean, list: readonly [number, number | null][]) {
  const copy = new Map(stores.map((s) => [s, new Map(m.stock.get(s))]));
  for (const [mat, q] of list) if (!each(copy, MATERIALS[mat] as string, q)) return undefined;
  return copy;
}

/** The items of a small batch repeated 200–600 times: a batch of hundreds of items. */
const bigItems = fc.tuple(items, fc.integer({ min: 200, max: 600 })).map(([list, times]) => Array.from({ length: list.length * times }, (_, i) => list[i % list.length] as [number, number | null]));

function stockCmd(kind: "add" | "remove" | "set" | "move", big = false): fc.Arbitrary<Cmd> {
  return fc.tuple(fc.nat(1), fc.nat(1), big ? bigItems : items, dryRun).map(
    ([s, t, list, d]) =>
      new Cmd(`${kind} ${s}${kind === "move" ? `→${t}` : ""} ${big ? `${list.length} items` : JSON.stringify(list)}`, d, (m) => {
        const from = STORES[s] as string;
        const to = STORES[t] as string;
        const result =
          kind === "add" ? batch(m, [from], (st, mat, q) => (st.get(from)!.set(mat, plus(st.get(from)!.get(mat) ?? 0, q ?? "INF")), true), list)
          : kind === "set" ? batch(m, [from], (st, mat, q) => (st.get(from)!.set(mat, q ?? "INF"), true), list)
          : kind === "remove" ? batch(m, [from], (st, mat, q) => {
              const cur = st.get(from)!.get(mat);
              if (cur === undefined) return false;
              st.get(from)!.set(mat, minus(cur, q));
              return true;
            }, list)
          : from === to ? undefined
          : batch(m, [from, to], (st, mat, q) => {
              const cur = st.get(from)!.get(mat);
              if (cur === undefined) return false;
              st.get(from)!.set(mat, minus(cur, q));
              st.get(to)!.set(mat, plus(st.get(to)!.get(mat) ?? 0, q ?? cur));
              return true;
            }, list);
        const path = kind === "add" ? `/store/${from}/addToStore` : kind === "remove" ? `/store/${from}/removeMaterial` : kind === "set" ? `/store/${from}/setMaterialAmounts` : `/store/${from}/moveTo/${to}`;
        return {
          method: kind === "add" ? "POST" : "PUT", path, body: body(list), status: result === undefined ? 400 : kind === "add" ? 201 : 204,
          apply: (mm, r) => {
            for (const [store, stock] of result ?? []) mm.stock.set(store, stock);
            if (kind === "add") {
              const touched = [...new Set(list.map(([mat]) => MATERIALS[mat] as string))];
              expect(r.body).toEqual({ items: touched.map((mat) => ({ materialId: mat, amount: ((a) => (a === "INF" ? null : a))(mm.stock.get(from)!.get(mat)!) })) });
            }
          },
        };
      }),
  );
}

// Large inputs (issue 9), drawn at a low rate: many interventions on one order, a customer
// with thousands of nested elements, stock batches of hundreds of items.

const SLOT0 = Date.parse("2026-05-05T00:00:00+02:00");
const slotInstant = (slot: number): number => SLOT0 + Math.floor(slot / 1000) * 86_400_000 + (slot % 1000) * 60_000;
const slotDay = (slot: number): string => new Date(SLOT0 + Math.floor(slot / 1000) * 86_400_000 + 12 * 3_600_000).toISOString().slice(0, 10);

/** Plans `count` one-minute interventions on one order, one request each, then checks once. */
class BulkPlan implements fc.Command<Model, Real> {
  constructor(private readonly order: number, private readonly tech: string, private readonly count: number) {}
  check(): boolean {
    return true;
  }
  run(m: Model, r: Real): void {
    const index = this.order % m.orders.length;
    const order = m.orders[index] as OrderM;
    for (let k = 0; k < this.count; k++) {
      // A slot of its own (never crossing a day), so no two bulk allocations ever meet.
      if (m.nextSlot % 1000 === 999) m.nextSlot++;
      const slot = m.nextSlot;
      const start = slotInstant(slot);
      const res = r.send("POST", `/order/${order.id}/PlanIntervention`, {
        primaryAssigneeId: this.tech, day: slotDay(slot), categoryId: "revize",
        assignations: [{ userId: this.tech, plannedStart: new Date(start).toISOString(), plannedEnd: new Date(start + 60_000).toISOString() }],
      });
      expect(res.status, `${this} #${k} → ${JSON.stringify(res.body)}`).toBe(order.state === "Open" ? 200 : 400);
      if (res.status !== 200) break;
      m.nextSlot++;
      // Model hours of a bulk slot lie far beyond the 8–20 of the other commands.
      m.ivs.push({ id: (res.body as { id: string }).id, order: index, state: "Planned", tech: this.tech, start: 1000 + slot, end: 1001 + slot });
    }
    checkInvariants(m, r);
  }
  toString(): string {
    return `bulk plan ${this.count} on order ${this.order % 3} ${this.tech.slice(-2)}`;
  }
}

const bulkPlanCmd = fc.tuple(pick, fc.constantFrom(...TECHS), fc.integer({ min: 100, max: 300 })).map(([o, tech, n]) => new BulkPlan(o, tech, n));

/**
 * Add-or-edit of the big customer with `n` of each nested element, up to one more than a body
 * may hold (then 400 TooMany, nothing changed); nothing is deleted (UPS-6), so it holds the most
 * ever accepted.
 */
const bigCustomerCmd = fc.tuple(fc.oneof(fc.integer({ min: 500, max: limits.contactPeople }), fc.constant(limits.contactPeople + 1)), dryRun).map(
  ([n, d]) =>
    new Cmd(`big customer ${n}`, d, () => ({
      method: "POST", path: "/customer/addOrEdit", status: n > limits.contactPeople ? 400 : 204,
      body: {
        externalId: "BIG", name: "Velký zákazník", identificationNumber: "1",
        contactPeople: Array.from({ length: n }, (_, k) => ({ externalId: `p${k}`, lastName: `L${k}` })),
        addresses: Array.from({ length: n }, (_, k) => ({ externalId: `a${k}`, city: "Brno" })),
        serviceObjects: Array.from({ length: n }, (_, k) => ({ externalId: `d${k}`, name: "Kotel", addressId: `a${k}` })),
      },
      apply: (mm) => {
        mm.bigCustomer = Math.max(mm.bigCustomer, n);
      },
    })),
);

const commands = [
  planCmd, planCmd, replanCmd, moveCmd, moveCmd, orderCancelCmd, orderCompleteCmd, stockCmd("add"), stockCmd("remove"), stockCmd("set"), stockCmd("move"),
  // About one command in 150 is large.
  fc.oneof(
    { weight: 12, arbitrary: moveCmd },
    { weight: 1, arbitrary: fc.oneof(bulkPlanCmd, bigCustomerCmd, stockCmd("add", true), stockCmd("move", true), stockCmd("set", true)) },
  ),
];

function setup(disableCollisions: boolean): { model: Model; real: Real } {
  const service = serviceWith((a) => {
    a.settings = { ...a.settings, disableCollisions };
  });
  const state = company(service, 0);
  const customer = testCustomer(0, 1);
  const orders = [1, 2, 3].map((n) => testOrder(customer, n));
  commit(state, { customers: [customer], orders });
  const model: Model = {
    disableCollisions,
    orders: orders.map((o) => ({ id: o.id, state: "Open" })),
    ivs: [],
    stock: new Map([[STORES[0], new Map<string, Amt>([[MATERIALS[0], 10], [MATERIALS[1], "INF"]])], [STORES[1], new Map()]]),
    nextSlot: 0,
    bigCustomer: 0,
  };
  return { model, real: { service, state, send: client(service, 0) } };
}

describe("model-based runs of the service", () => {
  for (const disableCollisions of [true, false]) {
    it(`GEN-8, ASN-5, INT-7, STK-3: random plans, replans, cancels, lifecycle moves and stock batches agree with a simple model (collisions ${disableCollisions ? "disabled" : "allowed"})`, () => {
      fc.assert(
        fc.property(fc.commands(commands, { maxCommands: 80, size: "max" }), (cmds) => {
          const { model, real } = setup(disableCollisions);
          fc.modelRun(() => ({ model, real }), cmds);
        }),
        { numRuns: 40 },
      );
    });
  }
});

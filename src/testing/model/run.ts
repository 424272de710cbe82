// The model-based suite (`runModelSuite`, exported from field-service-rules/testing): the commands
// fast-check draws sequences of (commands/, one file each), the run's own customer and orders
// set up through the API (state.ts holds the model), and the report of a shrunk failure.
import fc from "fast-check";
import type { Fixture } from "../../service/fixture.js";
import type { ServiceRequest, ServiceResponse } from "../../service/entry-point.js";
import { kitContext } from "../context.js";
import { addDays, Disagreement, readJson, readStock, type Amt, type Model, type OrderM, type Real, type Reply, type Scope, type Send } from "./state.js";
import { bigCustomerCmd } from "./commands/big-customer.js";
import { bulkPlanCmd } from "./commands/bulk-plan.js";
import { candidatesCmd } from "./commands/candidates.js";
import { moveCmd } from "./commands/move.js";
import { orderCancelCmd } from "./commands/order-cancel.js";
import { orderCompleteCmd } from "./commands/order-complete.js";
import { planCmd } from "./commands/plan.js";
import { replanCmd } from "./commands/replan.js";
import { stockCmd } from "./commands/stock.js";

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

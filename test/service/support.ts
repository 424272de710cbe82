// The service under test, on the adapter the run asks for: in memory (the default), or on
// PostgreSQL when FSR_STORAGE=postgres (the `postgres` vitest project sets it when
// DATABASE_URL is set). Seeding and snapshots go through the storage port, so the same test
// files prove the same rules on both adapters.
import { createServiceCore, type ServiceCore } from "../../src/service/create.js";
import type { FieldServiceOptions, ServiceResponse } from "../../src/service/entry-point.js";
import { commit, type Changes, type CompanyState } from "../../src/service/state.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Customer } from "../../src/customer/customer.js";
import type { Intervention } from "../../src/records/intervention.js";
import type { Order } from "../../src/records/order.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { schemaName, testStorage } from "../postgres/support.js";

/** Which storage the service tests run on. */
export const adapter: "memory" | "postgres" = process.env["FSR_STORAGE"] === "postgres" ? "postgres" : "memory";
import { withContract } from "../contract/openapi-contract.js";

/** A test clock the test moves by hand. */
export interface Clock {
  /** Current instant in ms. */
  t: number;
}

/** A service under test: its answers may be promises (await them). */
export type TestService = ServiceCore<ServiceResponse | Promise<ServiceResponse>>;

const open: TestService[] = [];
const schemas: string[] = [];

/**
 * A service on the adapter under test. On PostgreSQL each service gets a schema of its own
 * (so GUID counters start afresh), closed after each test and dropped after each file
 * (test/setup.ts).
 */
export function makeService(options: FieldServiceOptions): TestService {
  if (adapter === "memory") return createServiceCore(options);
  const schema = schemaName("svc");
  schemas.push(schema);
  const service = createServiceCore({ ...options, storage: testStorage(schema, 2) });
  open.push(service);
  return service;
}

/** Closes the services opened since the last call (their pools). */
export async function closeServices(): Promise<void> {
  const list = open.splice(0, open.length);
  await Promise.all(list.map((s) => s.close()));
}

/** The schemas made so far, forgotten (the caller drops them). */
export function takeSchemas(): string[] {
  return schemas.splice(0, schemas.length);
}

/**
 * A service over the test fixture with a hand clock, counting GUIDs and tokens `tok-1`, `tok-2`, …
 * Every answer is checked against the OpenAPI document (test/contract), so each end-to-end test
 * is a contract test too.
 */
export function testService(clock: Clock = { t: Date.parse("2026-05-01T08:00:00Z") }): TestService & { clock: Clock } {
  let n = 0;
  let tok = 0;
  const core = makeService({
    fixture: testFixture(),
    now: () => new Date(clock.t),
    newId: () => `00000000-0000-4000-9000-${(++n).toString(16).padStart(12, "0")}`,
    newToken: () => `tok-${++tok}`,
  });
  return Object.assign(withContract(core), { clock });
}

/** Logs into company `c` (0 = alpha, 1 = beta) and returns the token. */
export async function loginAs(service: Pick<TestService, "handle">, c: number): Promise<string> {
  const r = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: c === 0 ? "alpha" : "beta", clientId: "client", secret: c === 0 ? "secret-a" : "secret-b" } });
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r)}`);
  return (r.body as { accessToken: string }).accessToken;
}

const owners = new WeakMap<CompanyState, { service: TestService; c: number }>();

/**
 * The company state of company `c`: in memory the live state; on PostgreSQL the fixture's
 * configuration only (read records through the API, {@link snapshot} or {@link write}).
 */
export function company(service: TestService, c: number): CompanyState {
  const state = service.companies.get(ids(c).company as Guid)!;
  owners.set(state, { service, c });
  return state;
}

/** Writes records into company `c` through the storage port (tests seed with it). */
export async function write(service: TestService, c: number, changes: Changes): Promise<void> {
  if (service.storage === undefined) return commit(company(service, c), changes);
  await service.ready();
  await service.storage.write(ids(c).company as Guid, changes);
}

/** The records {@link seed} puts in. */
export interface Seeded {
  customer: Customer; order: Order; other: Order; planned: Intervention; done: Intervention; foreign: Intervention;
}

/** Seeds a customer, an order and two interventions (one planned, one completed) into company `c`. */
export async function seed(service: TestService, c: number): Promise<Seeded> {
  const customer = testCustomer(c, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  const other = testOrder(customer, 2, "ORD-2");
  const planned = testIntervention(order, 1, "INT-1");
  const done = testIntervention(order, 2, "INT-2", "Completed");
  const foreign = testIntervention(other, 3, "INT-3");
  await write(service, c, { customers: [customer], orders: [order, other], interventions: [planned, done, foreign] });
  return { customer, order, other, planned, done, foreign };
}

/** A JSON-comparable snapshot of a company's records and stock, through the storage that holds them. */
export async function snapshot(state: CompanyState): Promise<unknown> {
  const owner = owners.get(state);
  if (owner !== undefined && owner.service.storage !== undefined) return owner.service.storage.snapshot(state.id);
  const amounts = [...state.stock].map(([s, m]) => [s, [...m].map(([k, a]) => [k, a.kind === "finite" ? a.value.toString() : "INF"])]);
  const table = <T extends { id: string }>(t: { byId: Map<string, T>; byKey: Map<string, T> }) => [[...t.byId.keys()], [...t.byKey.keys()], JSON.stringify([...t.byId.values()])];
  return JSON.stringify([table(state.customers), table(state.orders), table(state.interventions), table(state.materials), table(state.stores), [...state.interventionsByOrder], amounts]);
}

/** How many customers a company holds, through the storage that holds them. */
export async function customerCount(state: CompanyState): Promise<number> {
  const owner = owners.get(state);
  if (owner === undefined || owner.service.storage === undefined) return state.customers.byId.size;
  return (JSON.parse(await owner.service.storage.snapshot(state.id)) as unknown[][])[0]!.length;
}

/** A store's stock as JSON amounts (`null` = unlimited), in stocking order, through the storage that holds it. */
export async function stockOf(state: CompanyState, storeId: Guid): Promise<[string, number | null][]> {
  const owner = owners.get(state);
  if (owner === undefined || owner.service.storage === undefined) {
    return [...(state.stock.get(storeId) ?? [])].map(([m, a]) => [m, a.kind === "unlimited" ? null : a.value.toNumber()]);
  }
  const rows = (JSON.parse(await owner.service.storage.snapshot(state.id)) as unknown[][]).at(-1) as { store_id: string; material_id: string; amount: string | null }[];
  return rows.filter((r) => r.store_id === storeId).map((r) => [r.material_id, r.amount === null ? null : Number(r.amount)]);
}

/** `authorization` header for a token. */
export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

/** The `name` of a problem body. */
export const nameOf = (r: ServiceResponse): unknown => (r.body as { name?: unknown } | undefined)?.name;

/**
 * What a dry run of a write answers, given what the real write answers: the same status, body
 * and effects, marked `dryRun: true` when it succeeds (the effects are then a preview); a refusal
 * is the same refusal.
 */
export function previewOf(answer: ServiceResponse): ServiceResponse {
  return answer.status < 400 ? { ...answer, dryRun: true } : answer;
}

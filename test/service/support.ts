import { createServiceCore, type ServiceCore, type ServiceResponse } from "../../src/service/create.js";
import { commit, type CompanyState } from "../../src/service/state.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Customer } from "../../src/customer/customer.js";
import type { Intervention } from "../../src/intervention/intervention.js";
import type { Order } from "../../src/order/order.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../arbitraries/fixture.js";
import { withContract } from "../contract/openapi-contract.js";

/** A test clock the test moves by hand. */
export interface Clock {
  /** Current instant in ms. */
  t: number;
}

/**
 * A service over the test fixture with a hand clock, counting GUIDs and tokens `tok-1`, `tok-2`, …
 * Every answer is checked against the OpenAPI document (test/contract), so each end-to-end test
 * is a contract test too.
 */
export function testService(clock: Clock = { t: Date.parse("2026-05-01T08:00:00Z") }): ServiceCore & { clock: Clock } {
  let n = 0;
  let tok = 0;
  const core = createServiceCore({
    fixture: testFixture(),
    now: () => new Date(clock.t),
    newId: () => `00000000-0000-4000-9000-${(++n).toString(16).padStart(12, "0")}`,
    newToken: () => `tok-${++tok}`,
  });
  return { ...withContract(core), clock };
}

/** Logs into company `c` (0 = alpha, 1 = beta) and returns the token. */
export function loginAs(service: ServiceCore, c: number): string {
  const r = service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: c === 0 ? "alpha" : "beta", clientId: "client", secret: c === 0 ? "secret-a" : "secret-b" } });
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r)}`);
  return (r.body as { accessToken: string }).accessToken;
}

/** The company state of company `c`. */
export function company(service: ServiceCore, c: number): CompanyState {
  return service.companies.get(ids(c).company as Guid)!;
}

/** The records {@link seed} puts in. */
export interface Seeded {
  customer: Customer; order: Order; other: Order; planned: Intervention; done: Intervention; foreign: Intervention;
}

/** Seeds a customer, an order and two interventions (one planned, one completed) into company `c`. */
export function seed(service: ServiceCore, c: number): Seeded {
  const customer = testCustomer(c, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  const other = testOrder(customer, 2, "ORD-2");
  const planned = testIntervention(order, 1, "INT-1");
  const done = testIntervention(order, 2, "INT-2", "Completed");
  const foreign = testIntervention(other, 3, "INT-3");
  commit(company(service, c), { customers: [customer], orders: [order, other], interventions: [planned, done, foreign] });
  return { customer, order, other, planned, done, foreign };
}

/** A JSON-comparable snapshot of a company's records and stock. */
export function snapshot(state: CompanyState): unknown {
  const amounts = [...state.stock].map(([s, m]) => [s, [...m].map(([k, a]) => [k, a.kind === "finite" ? a.value.toString() : "INF"])]);
  const table = <T extends { id: string }>(t: { byId: Map<string, T>; byKey: Map<string, T> }) => [[...t.byId.keys()], [...t.byKey.keys()], JSON.stringify([...t.byId.values()])];
  return JSON.stringify([table(state.customers), table(state.orders), table(state.interventions), table(state.materials), table(state.stores), [...state.interventionsByOrder], amounts]);
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

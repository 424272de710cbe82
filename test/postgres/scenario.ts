// One request of every kind the PostgreSQL storage runs differently (reads, writes with and
// without locks, a dry run, a refusal), on a fresh schema: the round-trip count and the
// company-scope check both drive it.
import { createFieldService } from "../../src/service/create.js";
import type { FieldService, FieldServiceOptions, ServiceResponse } from "../../src/service/entry-point.js";
import type { Fixture } from "../../src/service/fixture.js";
import type { PostgresStorage } from "../../src/postgres/index.js";
import { postgresStorage, type PostgresStorageOptions } from "../../src/postgres/index.js";
import { ids, testCustomer, testFixture, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, schemaName } from "./support.js";

const A = ids(0);
const day = "2026-05-04";
const at = (h: number): string => `${day}T${String(h).padStart(2, "0")}:00:00Z`;
const plan = (from: number, to: number, externalId: string) => ({
  externalId, primaryAssigneeId: "t1", day, categoryId: "revize", assignations: [{ userId: "t1", plannedStart: at(from), plannedEnd: at(to) }],
});

/** One request of the scenario: a name for the table, and what to send. */
export interface ScenarioStep {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  /** The status the request must answer. */
  readonly status: number;
  /**
   * Whether it is a read (1 round trip), a write (2: view, commit), a refusal (2: view, journal
   * entry), a write that reads nothing (1: its commit; a new customer's external ID, which the
   * unique constraint guards) or such a write whose commit the constraint refuses (3: the refused
   * commit, the view that finds the record, the refusal's journal entry).
   */
  readonly kind: "read" | "write" | "refusal" | "unread" | "taken";
}

/** The requests after the login, in order. */
export const scenario: readonly ScenarioStep[] = [
  { name: "GET /order/{id} (with its interventions)", method: "GET", path: "/order/externalId/ORD-1", status: 200, kind: "read" },
  { name: "GET /customer/{id}", method: "GET", path: "/customer/externalId/CUST-1", status: 200, kind: "read" },
  { name: "GET /material/{id}", method: "GET", path: `/material/${A.material(1)}`, status: 200, kind: "read" },
  { name: "GET /order/{id}/allowedActions", method: "GET", path: "/order/externalId/ORD-1/allowedActions", status: 200, kind: "read" },
  { name: "POST /order/{id}/PlanIntervention (technician version)", method: "POST", path: "/order/externalId/ORD-1/PlanIntervention", body: plan(8, 9, "V-1"), status: 200, kind: "write" },
  { name: "GET …/intervention/{id}", method: "GET", path: "/order/externalId/ORD-1/intervention/V-1", status: 200, kind: "read" },
  { name: "PUT …/intervention/{id}/Replan (technician version)", method: "PUT", path: "/order/externalId/ORD-1/intervention/V-1/Replan", body: plan(10, 11, "V-1"), status: 200, kind: "write" },
  { name: "GET /order/{id}/candidates (every technician's slots of the day)", method: "GET", path: `/order/externalId/ORD-1/candidates?day=${day}&duration=60&from=08:00&to=12:00`, status: 200, kind: "read" },
  { name: "GET …/intervention/{id}/candidates (named technicians)", method: "GET", path: `/order/externalId/ORD-1/intervention/V-1/candidates?day=${day}&duration=60&technicians=t1,t2`, status: 200, kind: "read" },
  { name: "PUT …/intervention/{id} (edit)", method: "PUT", path: "/order/externalId/ORD-1/intervention/V-1", body: { internalNote: "x" }, status: 200, kind: "write" },
  { name: "PUT …/intervention/{id}/Start", method: "PUT", path: "/order/externalId/ORD-1/intervention/V-1/Start", status: 200, kind: "write" },
  {
    name: "POST /customer (reads nothing)", method: "POST", path: "/customer", status: 201, kind: "unread",
    body: { externalId: "CUST-2", name: "B", identificationNumber: "1", contactPeople: [{ externalId: "p2", firstName: "J" }], addresses: [{ externalId: "a2", city: "Brno" }] },
  },
  {
    name: "POST /customer, refused (CUST-2 is taken: GEN-4)", method: "POST", path: "/customer", status: 400, kind: "taken",
    body: { externalId: "CUST-2", name: "B", identificationNumber: "1", contactPeople: [{ externalId: "p2", firstName: "J" }], addresses: [{ externalId: "a2", city: "Brno" }] },
  },
  {
    name: "POST /customer?dryRun=true (a dry run reads: no constraint sees its journal entry)", method: "POST", path: "/customer?dryRun=true", status: 201, kind: "write",
    body: { externalId: "CUST-3", name: "C", identificationNumber: "2", contactPeople: [{ firstName: "K" }], addresses: [{ city: "Brno" }] },
  },
  { name: "POST /customer/addOrEdit (edits CUST-2)", method: "POST", path: "/customer/addOrEdit", body: { externalId: "CUST-2", name: "B2" }, status: 204, kind: "write" },
  { name: "POST /order", method: "POST", path: "/order", body: { externalId: "ORD-2", customerId: "CUST-2", addressId: "a2", contactPersonId: "p2", categoryId: "oprava" }, status: 201, kind: "write" },
  { name: "PUT /order/{id} (edit)", method: "PUT", path: "/order/externalId/ORD-2", body: { name: "Oprava" }, status: 204, kind: "write" },
  { name: "POST /store/{id}/addToStore (store stock version)", method: "POST", path: "/store/externalId/S1/addToStore", body: [{ materialId: "M1", amount: 2 }, { materialId: "M2", amount: 1 }], status: 201, kind: "write" },
  { name: "PUT /store/{id}/removeMaterial (store stock version)", method: "PUT", path: "/store/externalId/S1/removeMaterial", body: [{ materialId: "M1", amount: 1 }], status: 204, kind: "write" },
  { name: "PUT /store/{id}/setMaterialAmounts (store stock version)", method: "PUT", path: "/store/externalId/S1/setMaterialAmounts", body: [{ materialId: "M1", amount: 7 }], status: 204, kind: "write" },
  { name: "PUT /store/{from}/moveTo/{to} (two stock versions, both stores written)", method: "PUT", path: `/store/${A.store(1)}/moveTo/${A.store(2)}`, body: [{ materialId: "M1", amount: 1 }], status: 204, kind: "write" },
  { name: "GET /store/{id} (a listing page)", method: "GET", path: "/store/externalId/S1?page=1&pageSize=20&sortBy=amount&searchPhrase=s", status: 200, kind: "read" },
  { name: "PUT /material/{id}", method: "PUT", path: `/material/${A.material(3)}`, body: { name: "Žárovka E27", categoryId: "elektro", supplierId: "ferona" }, status: 204, kind: "write" },
  { name: "PUT /store/{id}", method: "PUT", path: `/store/${A.store(2)}`, body: { name: "Auto 2", availableFor: [] }, status: 204, kind: "write" },
  { name: "PUT /order/{id}/cancel (its customer and interventions)", method: "PUT", path: "/order/externalId/ORD-1/cancel", body: { reason: "r" }, status: 204, kind: "write" },
  { name: "POST /store/{id}/addToStore?dryRun=true (journal entry only)", method: "POST", path: "/store/externalId/S1/addToStore?dryRun=true", body: [{ materialId: "M1", amount: 2 }], status: 201, kind: "write" },
  { name: "POST /store/{id}/addToStore, refused (unknown material)", method: "POST", path: "/store/externalId/S1/addToStore", body: [{ materialId: "NOPE", amount: 2 }], status: 400, kind: "refusal" },
];

/** A service on a fresh schema (collisions forbidden in company A, so plans take a technician lock), seeded with CUST-1 and ORD-1. */
export async function scenarioService(
  schemas: string[],
  extra: Partial<PostgresStorageOptions> = {},
  serviceOptions: Partial<FieldServiceOptions> = {},
): Promise<{ service: FieldService<Promise<ServiceResponse>>; storage: PostgresStorage }> {
  if (databaseUrl === undefined) throw new Error("DATABASE_URL is not set");
  const fixture: Fixture = testFixture();
  fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions: true };
  const schema = schemaName("scenario");
  schemas.push(schema);
  const storage = postgresStorage({ connectionString: databaseUrl, schema, maxConnections: 2, ...extra });
  const service = createFieldService({ ...serviceOptions, fixture, storage, now: () => new Date("2026-05-01T08:00:00Z") });
  await service.ready();
  const customer = testCustomer(0, 1, "CUST-1");
  await storage.write(A.company, { customers: [customer], orders: [testOrder(customer, 1, "ORD-1")] });
  return { service, storage };
}

/** Logs in as company A. */
export const loginBody = { tenantCode: "alpha", clientId: "client", secret: "secret-a" };

/**
 * A bearer token of company A's client from `service` ({@link loginBody}).
 * @param service - a service (or anything that handles requests as one)
 * @returns the access token
 */
export async function tokenOf(service: Pick<FieldService<Promise<ServiceResponse>>, "handle">): Promise<string> {
  return ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
}

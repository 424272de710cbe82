import { LOGIN_THROTTLE } from "../auth/throttle.js";
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiExamples, type OperationExample } from "../api/openapi.js";
import { problem, type ProblemStatus } from "../api/problem.js";
import type { OperationId } from "../api/operations.generated.js";
import { apiRoutes, compileRoutes, createRouter, matchRoute, splitTarget } from "../api/routes.js";
import { edgeIssue } from "../shared/issue.js";
import { createFieldService } from "./create.js";
import type { ServiceResponse } from "./entry-point.js";
import { demoFixture } from "./demo-fixture.js";

/**
 * Records the examples of the OpenAPI document by running the reference service on the demo
 * fixture (tenant `demo`) with a fixed clock, GUIDs and token: every request body is one the
 * service accepted and every answer is the one it gave, so the examples cannot drift from
 * the service. Throws if a step is refused (a broken scenario must fail `npm run docs`, not
 * publish a wrong example).
 * @returns the examples by operation and one problem body per refusal status
 * @throws Error when the service refuses a step of the scenario
 * @example
 * demoExamples().operations.login.request //=> { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }
 */
export function demoExamples(): OpenApiExamples {
  let n = 0;
  const service = createFieldService({
    fixture: demoFixture,
    now: () => new Date("2026-03-11T08:00:00Z"),
    newId: () => `7e570000-0000-4000-8000-${(++n).toString(16).padStart(12, "0")}`,
    newToken: () => "dGhpcy1pcy1hLWRlbW8tdG9rZW4tZm9yLXRoZS1kb2Nz",
  });
  const router = createRouter(compileRoutes(apiRoutes));
  const operations: { [O in OperationId]?: OperationExample } = {};
  const problems: { [S in ProblemStatus | 503]?: unknown } = {};
  let authorization: Record<string, string> = {};

  function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): ServiceResponse {
    return service.handle({ method, path, headers: { ...authorization, ...headers }, ...(body === undefined ? {} : { body }) });
  }
  // Each step's operation is the one its method and path route to, as the service routes them.
  function step(method: string, path: string, body?: unknown): unknown {
    const matched = matchRoute(router, method, splitTarget(path).path);
    if (matched.kind !== "route") throw new Error(`OpenAPI examples: ${method} ${path} routes to no operation`);
    const operation = matched.route.operation;
    const r = call(method, path, body);
    if (r.status >= 400) throw new Error(`OpenAPI examples: ${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    operations[operation] ??= { ...(body === undefined ? {} : { request: body }), ...(r.body === undefined ? {} : { response: r.body }) };
    return r.body;
  }

  const credentials = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" };
  const login = step("POST", "/auth/login", credentials) as { accessToken: string };
  authorization = { authorization: `Bearer ${login.accessToken}` };

  const customer = step("POST", "/customer", {
    externalId: "ZAK-001",
    name: "Pekárna U Mlýna s.r.o.",
    kind: "Company",
    identificationNumber: "27074358",
    taxNumber: "CZ27074358",
    categoryId: "standard",
    notificationEmails: ["objednavky@pekarna-mlyn.cz"],
    contactPeople: [{ externalId: "ZAK-001-P1", firstName: "Eva", lastName: "Malá", phone: { prefix: "+420", phone: "603123456" }, email: "eva.mala@pekarna-mlyn.cz", sendNotifications: true }],
    addresses: [{ externalId: "ZAK-001-A1", street: "Mlýnská 12", city: "Brno", postalCode: "602 00", country: "CZ", coordinates: { latitude: 49.19, longitude: 16.61 } }],
    serviceObjects: [{ externalId: "ZAK-001-D1", name: "Pec Miwe Condo", serialNumber: "MC-2231", addressId: "ZAK-001-A1" }],
  }) as { id: string };
  step("GET", `/customer/${customer.id}`);
  step("POST", "/customer/addOrEdit", { externalId: "ZAK-001", name: "Pekárna U Mlýna s.r.o.", website: "https://pekarna-mlyn.cz" });

  const orderBody = {
    externalId: "OBJ-2026-001",
    customerId: "ZAK-001",
    addressId: "ZAK-001-A1",
    contactPersonId: "ZAK-001-P1",
    categoryId: "oprava",
    name: "Pec nehřeje",
    priority: "High",
    problemDescriptionFromCustomer: "Pec se nerozehřeje nad 150 °C.",
    serviceObjectIds: ["ZAK-001-D1"],
    requestedDate: "2026-03-12T09:00:00+01:00",
  };
  const order = step("POST", "/order", orderBody) as { id: string };
  step("PUT", `/order/${order.id}`, { internalNote: "Zákazník preferuje dopoledne." });
  step("POST", "/order/addOrEdit", { ...orderBody, estimatedDuration: 90 });

  const plan = {
    externalId: "VYJ-001",
    primaryAssigneeId: "tech-1",
    day: "2026-03-12",
    categoryId: "oprava",
    assignations: [{ userId: "tech-1", plannedStart: "2026-03-12T09:00:00+01:00", plannedEnd: "2026-03-12T11:00:00+01:00" }],
    sendNotificationNow: true,
    sendReminderOneDayBefore: true,
  };
  const planned = step("POST", `/order/${order.id}/PlanIntervention`, plan) as { id: string };
  const visit = `/order/${order.id}/intervention/${planned.id}`;
  step("GET", visit);
  step("GET", `/order/${order.id}/candidates?day=2026-03-12&duration=90&from=08:00&to=12:00&step=30&limit=4`);
  step("GET", `${visit}/candidates?day=2026-03-12&duration=120&from=08:00&to=13:00&step=60&technicians=tech-1,tech-2,dispecer&limit=3`);
  step("PUT", visit, { internalNote: "Vzít náhradní termostat.", customStateId: "potvrzeno" });
  step("PUT", `${visit}/Replan`, {
    ...plan,
    assignations: [
      { userId: "tech-1", plannedStart: "2026-03-12T13:00:00+01:00", plannedEnd: "2026-03-12T15:00:00+01:00" },
      { userId: "tech-2", plannedStart: "2026-03-12T13:00:00+01:00", plannedEnd: "2026-03-12T14:00:00+01:00" },
    ],
  });
  step("GET", `${visit}/allowedActions`);
  // The moves read no fields: {} is what a client that always sends a body sends.
  step("PUT", `${visit}/StartDeparture`, {});
  step("PUT", `${visit}/Start`, {});
  step("PUT", `${visit}/RequestSignature`, {});
  step("PUT", `${visit}/Complete`, {});
  step("GET", `${visit}/reportDocuments`);

  const second = step("POST", `/order/${order.id}/PlanIntervention`, {
    ...plan, externalId: "VYJ-002", day: "2026-03-13",
    assignations: [{ userId: "tech-1", plannedStart: "2026-03-13T09:00:00+01:00", plannedEnd: "2026-03-13T10:00:00+01:00" }],
  }) as { id: string };
  step("PUT", `/order/${order.id}/intervention/${second.id}/Cancel`, { reason: "Díl nedorazil.", sendNotificationToCustomer: true });
  step("GET", `/order/${order.id}/allowedActions`);
  step("PUT", `/order/${order.id}/complete`, {});
  step("GET", `/order/${order.id}`);

  const other = step("POST", "/order", { ...orderBody, externalId: "OBJ-2026-002", name: "Roční servis" }) as { id: string };
  step("PUT", `/order/${other.id}/cancel`, { reason: "Zákazník servis zrušil.", sendNotificationToCustomer: false });

  const company = demoFixture.companies[0];
  const central = company?.stores[0]?.id ?? "";
  const van = company?.stores[1]?.id ?? "";
  const material = company?.materials[0]?.id ?? "";
  step("GET", `/material/${material}`);
  step("PUT", `/material/${material}`, { name: "Šroub M6 nerez", categoryId: "spojovaci", supplierId: "ferona", identificationNumber: "SPO-1000", unit: "Amounts", price: 3.1, costPrice: 2.2 });
  step("POST", `/store/${central}/addToStore`, [{ materialId: "MAT-001", amount: 100 }, { materialId: "MAT-020" }]);
  step("PUT", `/store/${central}/removeMaterial`, [{ materialId: "MAT-002", amount: 5 }]);
  step("PUT", `/store/${central}/setMaterialAmounts`, [{ materialId: "MAT-003", amount: 40 }]);
  step("PUT", `/store/${central}/moveTo/${van}`, [{ materialId: "MAT-001", amount: 20 }, { materialId: "MAT-004", amount: null }]);
  step("GET", `/store/${van}?page=1&pageSize=3&sortBy=name`);
  step("PUT", `/store/${van}`, { name: "Servisní vůz 1", externalId: "auto-1", availableFor: ["tech-1", "tech-3"] });
  step("GET", `/journal?operation=moveStock&limit=1`);
  step("GET", `/sync?scope=technician:tech-1&from=2026-03-12&to=2026-03-13`);

  // One refusal per status: the service's own answers where it gives them, the HTTP
  // adapter's bodies (same texts as src/server/http.ts) for the others.
  problems[400] = call("POST", `/order/${order.id}/PlanIntervention`, { day: "2026-02-30", assignations: [] }).body;
  problems[404] = call("GET", "/order/externalId/OBJ-404").body;
  problems[405] = call("DELETE", `/order/${order.id}`).body;
  const key = { "idempotency-key": "5f0c7a52-7d3e-4c1b-9a57-3c1d2e4f5a6b" };
  call("PUT", `/store/${central}/setMaterialAmounts`, [{ materialId: "MAT-003", amount: 41 }], key);
  problems[422] = call("PUT", `/store/${central}/setMaterialAmounts`, [{ materialId: "MAT-003", amount: 42 }], key).body;
  authorization = {};
  problems[401] = call("GET", `/order/${order.id}`).body;
  problems[403] = call("POST", "/auth/login", { ...credentials, secret: "wrong" }).body;
  // The throttle's answer (CRD-2): the 403 above and nine more wrong secrets, then one more try.
  for (let i = 1; i < LOGIN_THROTTLE.client; i++) call("POST", "/auth/login", { ...credentials, secret: "wrong" });
  problems[429] = call("POST", "/auth/login", { ...credentials, secret: "wrong" }).body;
  problems[413] = problem(413, [edgeIssue("PayloadTooLarge", "The body is larger than 1048576 bytes.")]);
  problems[414] = problem(414, [edgeIssue("UriTooLong", "The request target is longer than 8192 bytes.")]);
  problems[415] = problem(415, [edgeIssue("UnsupportedMediaType", 'Expected Content-Type application/json, got "text/plain".')]);
  problems[431] = problem(431, [edgeIssue("HeadersTooLarge", "The request line and headers are larger than 32768 bytes.")]);
  problems[500] = { ...problem(500, [edgeIssue("InternalError", "Internal error, incident 0b9f5c1e-6a51-4b8e-9d1e-2f7c8a3b4d5e; the server log has the details.")]), incidentId: "0b9f5c1e-6a51-4b8e-9d1e-2f7c8a3b4d5e" };
  // Written out: the service's problem table learns 503 in a parallel change (src/api/openapi.ts, UNAVAILABLE).
  problems[503] = {
    type: "about:blank", title: "Service Unavailable", status: 503, name: "ServiceUnavailable",
    errors: [edgeIssue("Unavailable", "The service cannot reach its storage right now; nothing is wrong with the request: retry after 5 s.")],
  };
  return { operations, problems };
}

let cached: { readonly version: string; readonly document: OpenApiDocument } | undefined;

/**
 * The OpenAPI 3.1 document of the reference service (`buildOpenApiDocument` with
 * {@link demoExamples}), built once per version and shared: what `GET /openapi.json`
 * serves and `npm run docs` writes to `docs/openapi.json`.
 * @param version - the package version, the document's `info.version`
 * @returns the document
 * @example
 * openApiDocument("0.1.0").info.version //=> "0.1.0"
 */
export function openApiDocument(version: string): OpenApiDocument {
  if (cached?.version !== version) cached = { version, document: buildOpenApiDocument({ version, examples: demoExamples() }) };
  return cached.document;
}

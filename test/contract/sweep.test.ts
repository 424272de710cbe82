// Every route in both ID forms, answered for each refusal the service itself gives (401, 404,
// 405, 400), through `testService`, so the contract check validates each answer against the
// OpenAPI document and the coverage report counts it (test/contract/openapi-contract.ts).
import { describe, expect, it } from "vitest";
import { openApiPath } from "../../src/api/openapi.js";
import type { Method } from "../../src/api/operation.js";
import { apiRoutes } from "../../src/api/routes.js";
import { bearer, loginAs, seed, testService } from "../service/support.js";
import { ids } from "../../src/testing/arbitraries/records/fixture.js";

const UNKNOWN = { id: "00000000-0000-4000-8000-00000000dead", externalId: "no-such-record" } as const;
const METHODS: readonly Method[] = ["GET", "POST", "PUT"];

function concrete(path: string, form: "id" | "externalId", value: (param: string) => string): string {
  return openApiPath(path, form).replace(/\{(\w+?)(?:Id|ExternalId)\}/g, (_, p: string) => encodeURIComponent(value(p)));
}

describe("every route in both ID forms against the OpenAPI document", () => {
  for (const route of apiRoutes) {
    const forms = route.path.includes("{") ? (["id", "externalId"] as const) : (["id"] as const);
    for (const form of forms) {
      it(`ERR-1 GEN-2 AUTH-2: ${route.method} ${openApiPath(route.path, form)} refuses as documented`, async () => {
        const service = testService();
        const token = await loginAs(service, 0);
        const path = concrete(route.path, form, () => UNKNOWN[form]);
        if (route.operation !== "login") {
          expect((await service.handle({ method: route.method, path })).status).toBe(401);
          if (route.path.includes("{")) expect((await service.handle({ method: route.method, path, headers: bearer(token) })).status).toBe(404);
          if (route.method !== "GET") expect((await service.handle({ method: route.method, path: `${path}?dryRun=maybe`, headers: bearer(token) })).status).toBe(400);
        } else {
          expect((await service.handle({ method: "POST", path, body: {} })).status).toBe(400);
          expect((await service.handle({ method: "POST", path, body: { tenantCode: "alpha", clientId: "client", secret: "wrong" } })).status).toBe(403);
        }
        const other = METHODS.find((m) => !apiRoutes.some((r) => r.method === m && openApiPath(r.path, form) === openApiPath(route.path, form)));
        if (other !== undefined) expect((await service.handle({ method: other, path, headers: bearer(token) })).status).toBe(405);
      });
    }
  }

  it("STO-3 INT-6: the reads that refuse with 400 do, in both forms", async () => {
    const service = testService();
    const token = await loginAs(service, 0);
    const s = await seed(service, 0);
    const stores = { id: ids(0).store(1), externalId: "S1" };
    const orders = { id: s.order.id, externalId: "ORD-1" };
    const planned = { id: s.planned.id, externalId: "INT-1" };
    for (const form of ["id", "externalId"] as const) {
      const prefix = form === "id" ? "" : "/externalId";
      expect((await service.handle({ method: "GET", path: `/store${prefix}/${stores[form]}?page=0`, headers: bearer(token) })).status).toBe(400);
      const reports = `/order${prefix}/${orders[form]}/intervention/${planned[form]}/reportDocuments`;
      expect((await service.handle({ method: "GET", path: reports, headers: bearer(token) })).status).toBe(400);
    }
  });
});

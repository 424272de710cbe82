// Round trips per operation on PostgreSQL (issue 22): a read in 1-2, a write in at most 4,
// counted by the storage itself (every message a request sends passes one counter). The
// table these figures make is in docs/embedding.md ("Round trips"); this test prints it.
import { afterAll, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import type { Fixture } from "../../src/service/fixture.js";
import { ids, testCustomer, testFixture, testOrder } from "../arbitraries/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";

const A = ids(0);
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

const day = "2026-05-04";
const at = (h: number): string => `${day}T${String(h).padStart(2, "0")}:00:00Z`;
const plan = (from: number, to: number, externalId: string) => ({
  externalId, primaryAssigneeId: "t1", day, categoryId: "revize", assignations: [{ userId: "t1", plannedStart: at(from), plannedEnd: at(to) }],
});

describe.runIf(databaseUrl !== undefined)("round trips per operation on PostgreSQL", () => {
  it("a read is 1 round trip and a write at most 4 (locks and BEGIN in one message, the view, the writes, COMMIT and unlock); a login 1; a refusal 3", async () => {
    const fixture: Fixture = testFixture();
    fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions: true };
    const schema = schemaName("round_trips");
    schemas.push(schema);
    const storage = testStorage(schema, 2);
    const service = createFieldService({ fixture, storage, now: () => new Date("2026-05-01T08:00:00Z") });
    try {
      await service.ready();
      const customer = testCustomer(0, 1, "CUST-1");
      await storage.write(A.company, { customers: [customer], orders: [testOrder(customer, 1, "ORD-1")] });
      const counted = async (method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; roundTrips: number; statements: number; body: unknown }> => {
        const before = storage.stats();
        const r = await service.handle({ method, path, ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }), ...(body === undefined ? {} : { body }) });
        const after = storage.stats();
        return { status: r.status, roundTrips: after.roundTrips - before.roundTrips, statements: after.statements - before.statements, body: r.body };
      };
      const login = await counted("POST", "/auth/login", { tenantCode: "alpha", clientId: "client", secret: "secret-a" });
      const token = (login.body as { accessToken: string }).accessToken;
      const rows: [string, number, number, number][] = [["POST /auth/login", login.status, login.roundTrips, login.statements]];
      const row = async (name: string, method: string, path: string, body?: unknown): Promise<number> => {
        const r = await counted(method, path, body, token);
        rows.push([name, r.status, r.roundTrips, r.statements]);
        return r.roundTrips;
      };
      const reads = [
        await row("GET /order/{id} (with its interventions)", "GET", "/order/externalId/ORD-1"),
        await row("GET /customer/{id}", "GET", "/customer/externalId/CUST-1"),
        await row("GET /material/{id}", "GET", `/material/${A.material(1)}`),
        await row("GET /order/{id}/allowedActions", "GET", "/order/externalId/ORD-1/allowedActions"),
      ];
      const writes = [
        await row("POST /order/{id}/PlanIntervention (collisions checked: technician lock)", "POST", "/order/externalId/ORD-1/PlanIntervention", plan(8, 9, "V-1")),
        await row("PUT …/intervention/{id}/Replan (technician lock)", "PUT", "/order/externalId/ORD-1/intervention/V-1/Replan", plan(10, 11, "V-1")),
        await row("PUT …/intervention/{id} (edit)", "PUT", "/order/externalId/ORD-1/intervention/V-1", { internalNote: "x" }),
        await row("PUT …/intervention/{id}/Start", "PUT", "/order/externalId/ORD-1/intervention/V-1/Start"),
        await row("POST /customer", "POST", "/customer", { externalId: "CUST-2", name: "B", identificationNumber: "1", contactPeople: [{ externalId: "p2", firstName: "J" }], addresses: [{ externalId: "a2", city: "Brno" }] }),
        await row("POST /order", "POST", "/order", { externalId: "ORD-2", customerId: "CUST-2", addressId: "a2", contactPersonId: "p2", categoryId: "oprava" }),
        await row("POST /store/{id}/addToStore (store lock)", "POST", "/store/externalId/S1/addToStore", [{ materialId: "M1", amount: 2 }, { materialId: "M2", amount: 1 }]),
        await row("PUT /store/{from}/moveTo/{to} (two store locks, two stores written)", "PUT", `/store/${A.store(1)}/moveTo/${A.store(2)}`, [{ materialId: "M1", amount: 1 }]),
        await row("PUT /material/{id}", "PUT", `/material/${A.material(3)}`, { name: "Žárovka E27", categoryId: "elektro", supplierId: "ferona" }),
        await row("PUT /store/{id}", "PUT", `/store/${A.store(2)}`, { name: "Auto 2", availableFor: [] }),
        await row("PUT /order/{id}/cancel (order, its customer and interventions)", "PUT", "/order/externalId/ORD-1/cancel", { reason: "r" }),
        await row("POST /store/{id}/addToStore?dryRun=true (rolled back)", "POST", "/store/externalId/S1/addToStore?dryRun=true", [{ materialId: "M1", amount: 2 }]),
      ];
      const refusal = await row("POST /store/{id}/addToStore, refused (unknown material)", "POST", "/store/externalId/S1/addToStore", [{ materialId: "NOPE", amount: 2 }]);
      console.log(["| operation | status | round trips | statements |", "|---|---|---|---|", ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n"));
      expect(login.roundTrips).toBe(1);
      expect(reads).toEqual([1, 1, 1, 1]);
      expect(writes.every((w) => w <= 4) && writes.includes(4)).toBe(true);
      expect(refusal).toBe(3);
      // Every request answered as it should.
      expect(rows.map((r) => r[1])).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201, 201, 201, 204, 204, 204, 204, 201, 400]);
    } finally {
      await service.close();
    }
  });
});

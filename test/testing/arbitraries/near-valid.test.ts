// The kit's body arbitraries against the reference service: every valid body is accepted (as a
// dry run, so the world stays the same for the next one), every near-valid body is refused with
// exactly the issue it announces and changes nothing (GEN-8).
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { withContract } from "../../contract/openapi-contract.js";
import { createServiceCore, type ServiceCore } from "../../../src/service/create.js";
import type { ServiceResponse } from "../../../src/service/entry-point.js";
import type { CustomerRefs, KitContext } from "../../../src/testing/context.js";
import { kitContext } from "../../../src/testing/context.js";
import { demoFixture } from "../../../src/service/demo-fixture.js";
import { customerAddBody, customerAddOrEditBody, nearValidCustomerAdd, nearValidCustomerAddOrEdit } from "../../../src/testing/arbitraries/customer.js";
import { nearValidOrderAdd, nearValidOrderAddOrEdit, nearValidOrderCancel, nearValidOrderEdit, orderAddBody, orderAddOrEditBody, orderCancelBody, orderEditBody } from "../../../src/testing/arbitraries/order.js";
import { interventionCancelBody, interventionEditBody, nearValidInterventionCancel, nearValidInterventionEdit, nearValidPlan, planBody } from "../../../src/testing/arbitraries/intervention.js";
import { loginBody, materialReplaceBody, nearValidLogin, nearValidMaterialReplace, nearValidStoreQuery, nearValidStoreReplace, storeQuery, storeReplaceBody } from "../../../src/testing/arbitraries/catalog.js";
import { nearValidStockBatch, stockBatch } from "../../../src/testing/arbitraries/stock.js";
import type { NearValid } from "../../../src/testing/arbitraries/types.js";
import { snapshot } from "../../service/support.js";
import type { Guid } from "../../../src/shared/guid.js";

const credentials = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" };
const ctx: KitContext = kitContext(demoFixture, "demo");
const DAY = "2027-03-10";
let service: ServiceCore;
let send: (method: string, path: string, body?: unknown) => ServiceResponse;
let customer: CustomerRefs;
let order: string;
let planned: string;
const central = ctx.stores[0] as string;
const van = ctx.stores[2] as string; // empty store

// A fresh service per test, set up in beforeEach rather than beforeAll: Stryker counts code run
// outside a test (at import or in beforeAll) as "static" and then runs the whole suite for each
// of its mutants; this setup walks every parser and decision of the rule modules.
beforeEach(() => {
  let n = 0;
  service = withContract(createServiceCore({ fixture: demoFixture, newId: () => `00000000-0000-4000-9000-${(++n).toString(16).padStart(12, "0")}`, newToken: () => `tok-${n++}` }));
  const login = service.handle({ method: "POST", path: "/auth/login", body: credentials });
  const token = (login.body as { accessToken: string }).accessToken;
  send = (method, path, body) => service.handle({ method, path, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
  const c = send("POST", "/customer", { externalId: "C-1", name: "Zákazník", identificationNumber: "1", contactPeople: [{ externalId: "P1", lastName: "Novák" }], addresses: [{ externalId: "A1", city: "Brno" }], serviceObjects: [{ externalId: "D1", name: "Kotel" }] });
  expect(c.status).toBe(201);
  customer = { customerId: "C-1", addressIds: ["A1"], contactPersonIds: ["P1"], serviceObjectIds: ["D1"] };
  const o = send("POST", "/order", { externalId: "O-1", customerId: "C-1", addressId: "A1", contactPersonId: "P1", categoryId: ctx.orderCategories[0] });
  order = (o.body as { id: string }).id;
  const p = send("POST", `/order/${order}/PlanIntervention`, fc.sample(planBody(ctx, "2027-03-09"), { numRuns: 1, seed: 1 })[0]);
  expect(p.status).toBe(200);
  planned = (p.body as { id: string }).id;
});

const companyState = () => service.companies.get(demoFixture.companies[0]!.id as Guid)!;

/** Sends every valid body as a dry run: each must get the success status. */
function acceptsValid(arb: fc.Arbitrary<unknown>, method: string, path: () => string, success: number, numRuns = 60): void {
  fc.assert(
    fc.property(arb, (body) => {
      const r = send(method, `${path()}?dryRun=true`, body);
      expect(r.status, JSON.stringify({ body, answer: r.body })).toBe(success);
    }),
    { numRuns },
  );
}

/** Sends every near-valid body: 400 with exactly the announced issue, and nothing changed. */
async function refusesNearValid(arb: fc.Arbitrary<NearValid>, method: string, path: () => string, numRuns = 60): Promise<void> {
  // The snapshot is a promise (it may come from a storage): await both sides, or the check compares two promises.
  await fc.assert(
    fc.asyncProperty(arb, async ({ body, violation }) => {
      const before = await snapshot(companyState());
      const r = send(method, path(), body);
      const errors = ((r.body as { errors?: Array<{ code: string; path: string }> }).errors ?? []).map((e) => ({ code: e.code, path: e.path }));
      expect({ status: r.status, errors }, `${violation.rule}: ${JSON.stringify(body)}`).toEqual({ status: 400, errors: [{ code: violation.code, path: violation.path }] });
      expect(r.effects).toEqual([]);
      expect(await snapshot(companyState())).toEqual(before);
    }),
    { numRuns },
  );
}

describe("valid body arbitraries", () => {
  it("AUTH-1: the login body logs in", () => {
    fc.assert(fc.property(loginBody(credentials), (body) => { expect(service.handle({ method: "POST", path: "/auth/login", body }).status).toBe(200); }), { numRuns: 3 });
  });
  it("CUS-1, CUS-2, CUS-3, CUS-4, CUS-5: customer add bodies are accepted", () => acceptsValid(customerAddBody(ctx), "POST", () => "/customer", 201));
  it("UPS-1, UPS-2, UPS-8: customer add-or-edit bodies are accepted", () => acceptsValid(customerAddOrEditBody(ctx, ["C-1"]), "POST", () => "/customer/addOrEdit", 204));
  it("ORD-1, ORD-2, ORD-3: order add bodies are accepted", () => acceptsValid(orderAddBody(ctx, customer), "POST", () => "/order", 201));
  it("ORD-6, ORD-7, ORD-8: order edit bodies are accepted", () => acceptsValid(orderEditBody(ctx, customer), "PUT", () => `/order/${order}`, 204));
  it("ORD-10: order add-or-edit bodies are accepted", () => acceptsValid(orderAddOrEditBody(ctx, customer, ["O-1"]), "POST", () => "/order/addOrEdit", 204));
  it("ORD-11: order cancel bodies are accepted", () => acceptsValid(orderCancelBody(), "PUT", () => `/order/${order}/cancel`, 204, 20));
  it("INT-1, ASN-1, ASN-2, ASN-3, ASN-4: plan bodies are accepted on a free day", () => acceptsValid(planBody(ctx, DAY), "POST", () => `/order/${order}/PlanIntervention`, 200));
  it("INT-3: the same bodies replan a planned intervention", () => acceptsValid(planBody(ctx, DAY), "PUT", () => `/order/${order}/intervention/${planned}/Replan`, 200));
  it("INT-4: intervention edit bodies are accepted", () => acceptsValid(interventionEditBody(ctx), "PUT", () => `/order/${order}/intervention/${planned}`, 200));
  it("INT-5: intervention cancel bodies are accepted", () => acceptsValid(interventionCancelBody(), "PUT", () => `/order/${order}/intervention/${planned}/Cancel`, 200, 20));
  it("MAT-1, MAT-2, MAT-3: material bodies are accepted", () => acceptsValid(materialReplaceBody(ctx), "PUT", () => `/material/${ctx.materials[0]}`, 204));
  it("STO-1: store bodies are accepted", () => acceptsValid(storeReplaceBody(ctx), "PUT", () => `/store/${van}`, 204));
  it("STK-2, STK-3, STK-4, STK-5: stock batches are accepted", () => {
    acceptsValid(stockBatch(ctx.materials), "POST", () => `/store/${van}/addToStore`, 201, 30);
    acceptsValid(stockBatch(ctx.materials), "PUT", () => `/store/${van}/setMaterialAmounts`, 204, 30);
    acceptsValid(stockBatch(ctx.materials), "PUT", () => `/store/${central}/removeMaterial`, 204, 30);
    acceptsValid(stockBatch(ctx.materials), "PUT", () => `/store/${central}/moveTo/${van}`, 204, 30);
  });
  it("STO-3: store queries are accepted", () => {
    fc.assert(fc.property(storeQuery(ctx), (q) => { expect(send("GET", `/store/${central}?${q}`).status).toBe(200); }), { numRuns: 60 });
  });
});

describe("near-valid arbitraries: refused with exactly the announced issue, nothing changed (GEN-8, GEN-9)", () => {
  it("AUTH-1: login", () => {
    fc.assert(
      fc.property(nearValidLogin(credentials), ({ body, violation }) => {
        const r = service.handle({ method: "POST", path: "/auth/login", body });
        expect((r.body as { errors: unknown[] }).errors.map((e) => { const { code, path } = e as { code: string; path: string }; return { code, path }; })).toEqual([{ code: violation.code, path: violation.path }]);
        expect(r.status).toBe(400);
      }),
      { numRuns: 20 },
    );
  });
  it("CUS-1, CUS-2, CUS-3, CUS-4, CUS-6, CUS-7, CUS-9, CUS-10: customer add", () => refusesNearValid(nearValidCustomerAdd(ctx), "POST", () => "/customer", 120));
  it("CUS-1, CUS-3, CUS-10: customer add-or-edit", () => refusesNearValid(nearValidCustomerAddOrEdit(ctx), "POST", () => "/customer/addOrEdit"));
  it("ORD-1, ORD-2, ORD-4, ORD-5, GEN-3: order add", () => refusesNearValid(nearValidOrderAdd(ctx, customer), "POST", () => "/order", 100));
  it("ORD-4, ORD-5, ORD-7: order edit", () => refusesNearValid(nearValidOrderEdit(ctx, customer), "PUT", () => `/order/${order}`));
  it("ORD-10: order add-or-edit", () => refusesNearValid(nearValidOrderAddOrEdit(ctx, customer), "POST", () => "/order/addOrEdit", 30));
  it("ORD-11, ORD-12: order cancel", () => refusesNearValid(nearValidOrderCancel(), "PUT", () => `/order/${order}/cancel`, 20));
  it("INT-1, ASN-1, ASN-2, ASN-3, ASN-4, GEN-6: plan", () => refusesNearValid(nearValidPlan(ctx, DAY), "POST", () => `/order/${order}/PlanIntervention`, 150));
  it("INT-3, ASN-1, ASN-4: replan", () => refusesNearValid(nearValidPlan(ctx, DAY), "PUT", () => `/order/${order}/intervention/${planned}/Replan`, 60));
  it("INT-4: intervention edit", () => refusesNearValid(nearValidInterventionEdit(ctx), "PUT", () => `/order/${order}/intervention/${planned}`, 60));
  it("INT-5: intervention cancel", () => refusesNearValid(nearValidInterventionCancel(), "PUT", () => `/order/${order}/intervention/${planned}/Cancel`, 10));
  it("MAT-1, MAT-2, MAT-3, GEN-3: material replace", () => refusesNearValid(nearValidMaterialReplace(ctx), "PUT", () => `/material/${ctx.materials[0]}`));
  it("STO-1: store replace", () => refusesNearValid(nearValidStoreReplace(ctx), "PUT", () => `/store/${van}`, 30));
  it("STK-3, STK-6, GEN-7: stock batches", async () => {
    await refusesNearValid(nearValidStockBatch(ctx.materials), "POST", () => `/store/${van}/addToStore`, 30);
    await refusesNearValid(nearValidStockBatch(ctx.materials), "PUT", () => `/store/${van}/setMaterialAmounts`, 30);
    const vanStock = ["MAT-001", "MAT-005", "MAT-012", "MAT-020"];
    const notStocked = demoFixture.companies[0]!.materials.map((m) => m.externalId!).filter((m) => !vanStock.includes(m));
    const car = ctx.stores[1] as string;
    await refusesNearValid(nearValidStockBatch(vanStock, notStocked), "PUT", () => `/store/${car}/removeMaterial`, 30);
    await refusesNearValid(nearValidStockBatch(vanStock, notStocked), "PUT", () => `/store/${car}/moveTo/${central}`, 30);
  });
  it("STO-3: store query", () => {
    fc.assert(
      fc.property(nearValidStoreQuery(ctx), ({ body, violation }) => {
        const r = send("GET", `/store/${central}?${body}`);
        const errors = ((r.body as { errors?: Array<{ code: string; path: string }> }).errors ?? []).map((e) => ({ code: e.code, path: e.path }));
        expect({ status: r.status, errors }, body).toEqual({ status: 400, errors: [{ code: violation.code, path: violation.path }] });
      }),
      { numRuns: 40 },
    );
  });
});

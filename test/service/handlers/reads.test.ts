import { describe, expect, it } from "vitest";
import { ids } from "../../../src/testing/arbitraries/records/fixture.js";
import { bearer, loginAs, seed, testService } from "../support.js";

async function setup() {
  const s = testService();
  const records = await seed(s, 0);
  const token = await loginAs(s, 0);
  const get = async (path: string) => s.handle({ method: "GET", path, headers: bearer(token) });
  return { s, get, ...records };
}

describe("reads", () => {
  it("GET /customer/{id} and its twin give the read shape of SERVICE.md", async () => {
    const { get, customer } = await setup();
    const r = await get(`/customer/${customer.id}`);
    expect(r.status).toBe(200);
    expect(await get("/customer/externalId/CUST-1")).toEqual(r);
    expect(r.effects).toEqual([]);
    expect(Object.keys(r.body as object)).toEqual([
      "id", "externalId", "name", "kind", "categoryId", "typeId", "ownerId", "identificationNumber", "taxNumber", "website", "description",
      "customData", "notificationEmails", "sendByPost", "primaryContactPersonId", "invoiceAddressId", "contactAddressId", "contactPeople",
      "addresses", "serviceObjects",
    ]);
    expect(r.body).toMatchObject({ taxNumber: null, primaryContactPersonId: customer.contactPeople[0]!.id, contactPeople: [{ phone: { prefix: "+420", phone: "777123456" } }] });
  });

  it("GET /order/{id} and its twin give the order with its interventions in planning order and DateTimes in UTC Z", async () => {
    const { get, order, planned, done } = await setup();
    const r = await get(`/order/${order.id}`);
    expect(await get("/order/externalId/ORD-1")).toEqual(r);
    expect(r.body).toMatchObject({ id: order.id, state: "Open", requestedDate: "2026-05-04T08:00:00.000Z", interventionIds: [planned.id, done.id], invoiceCustomerId: null });
    expect(Object.keys(r.body as object)).toHaveLength(22);
  });

  it("GET /material/{id} and its twin give decimals as numbers and null for unset fields", async () => {
    const { get } = await setup();
    const r = await get(`/material/${ids(0).material(1)}`);
    expect(r).toEqual(await get("/material/externalId/M1"));
    expect(r.body).toEqual({
      id: ids(0).material(1), externalId: "M1", name: "Šroub M6", categoryId: ids(0).category(7), supplierId: ids(0).category(8),
      identificationNumber: null, description: null, supplierCode: null, unit: "Amounts", price: 2.5, costPrice: 1.75,
    });
    expect((await get(`/material/${ids(0).material(3)}`)).body).toMatchObject({ externalId: null, price: 0, costPrice: null, identificationNumber: "ZAR-1" });
  });

  it("GET an intervention by both ID forms gives the InterventionDetail", async () => {
    const { get, order, planned } = await setup();
    const r = await get(`/order/${order.id}/intervention/${planned.id}`);
    expect(await get("/order/externalId/ORD-1/intervention/INT-1")).toEqual(r);
    expect(r.body).toEqual({
      id: planned.id, externalId: "INT-1", orderId: order.id, state: "Planned", day: "2026-05-04", primaryAssigneeId: ids(0).tech1,
      assignations: [{ userId: ids(0).tech1, plannedStart: "2026-05-04T07:00:00.000Z", plannedEnd: "2026-05-04T09:00:00.000Z" }],
      categoryId: ids(0).category(5), customStateId: null, priority: "Normal", internalNote: null, ownerId: ids(0).admin, sendByPost: false,
      cancellationReason: null,
    });
  });

  it("INT-8: an intervention that does not belong to the order in the path is 404, in both ID forms", async () => {
    const { get, order, foreign } = await setup();
    for (const path of [`/order/${order.id}/intervention/${foreign.id}`, "/order/externalId/ORD-1/intervention/INT-3", `/order/${order.id}/intervention/${foreign.id}/allowedActions`, "/order/externalId/ORD-1/intervention/INT-3/reportDocuments"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get("/order/externalId/ORD-2/intervention/INT-3")).status).toBe(200);
  });

  it("INT-6: report documents of a Completed intervention; any other state is 400", async () => {
    const { get, order, planned, done } = await setup();
    expect((await get(`/order/${order.id}/intervention/${done.id}/reportDocuments`)).body).toEqual({
      documents: [{ id: done.reportDocuments[0]!.id, formId: ids(0).form(1), formName: "Revizní zpráva", fileName: "revizni-zprava.pdf", createdAt: "2026-05-04T09:30:00.000Z" }],
    });
    const r = await get(`/order/externalId/ORD-1/intervention/INT-1/REPORTDOCUMENTS`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ name: "BadRequest", errors: [{ code: "InvalidState", message: expect.stringContaining("INT-6") }] });
    void planned;
  });

  it("allowedActions of an order and an intervention come from the state machines, with an issue exactly when refused", async () => {
    const { get, order, planned } = await setup();
    const o = (await get(`/order/${order.id}/allowedActions`)).body as { actions: { action: string; allowed: boolean; issue?: unknown }[] };
    expect(o.actions.map((a) => a.action)).toEqual(["edit", "planIntervention", "cancel", "complete"]);
    for (const a of o.actions) expect(Object.hasOwn(a, "issue")).toBe(!a.allowed);
    expect(o.actions.find((a) => a.action === "complete")?.allowed).toBe(false); // INT-1 is still Planned
    const i = (await get(`/order/externalId/ORD-1/intervention/INT-1/allowedactions`)).body as { actions: { action: string; allowed: boolean }[] };
    expect(i.actions.filter((a) => a.allowed).map((a) => a.action)).toEqual(expect.arrayContaining(["edit", "replan", "cancel", "startDeparture", "start"]));
    expect(i.actions.find((a) => a.action === "reportDocuments")?.allowed).toBe(false);
    void planned;
  });
});

import { describe, expect, it } from "vitest";
import type { ServiceResponse } from "../../../src/service/entry-point.js";
import type { Intervention } from "../../../src/records/intervention.js";
import type { Guid } from "../../../src/shared/guid.js";
import { ids, testCustomer, testIntervention } from "../../../src/testing/arbitraries/records/fixture.js";
import { adapter, company, seed, snapshot, previewOf, write } from "../support.js";
import { client, codesOf, serviceWith } from "../wiring-support.js";

const A = ids(0);

async function setup() {
  const s = serviceWith();
  const seeded = await seed(s, 0);
  const state = company(s, 0);
  const stranger = testCustomer(0, 2, "CUST-2");
  await write(s, 0, { customers: [stranger] });
  const send = await client(s, 0);
  const read = async (path: string): Promise<Record<string, unknown>> => {
    const r = await send("GET", path);
    expect(r.status, path).toBe(200);
    return r.body as Record<string, unknown>;
  };
  return { s, seeded, stranger, send, state, read };
}

type Env = Awaited<ReturnType<typeof setup>>;

/** Sends a refused write and checks it changed nothing (GEN-8) and carries no effects. */
async function refusedUnchanged(env: Env, method: string, path: string, body: unknown): Promise<ServiceResponse> {
  const before = await snapshot(env.state);
  const r = await env.send(method, path, body);
  expect(r.status).toBe(400);
  expect(r.effects).toEqual([]);
  expect(await snapshot(env.state)).toEqual(before);
  return r;
}

const orderBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  customerId: "CUST-1", addressId: "a1", contactPersonId: "cp1", categoryId: "oprava", name: "Výměna kotle", ...extra,
});
const idOf = (r: ServiceResponse): string => (r.body as { id: string }).id;

describe("POST /order", () => {
  it("ORD-1, ORD-3: a valid add answers 201 with the new GUID; the read shows the defaults (Normal, Open, owner, sendByPost from the customer)", async () => {
    const env = await setup();
    const r = await env.send("POST", "/order", orderBody({ externalId: "ORD-NEW", serviceObjectIds: [env.seeded.customer.serviceObjects[0]!.id] }));
    expect(r.status).toBe(201);
    expect(r.effects).toEqual([]);
    const o = await env.read(`/order/${idOf(r)}`);
    expect(o).toMatchObject({
      id: idOf(r), externalId: "ORD-NEW", state: "Open", customerId: env.seeded.customer.id, addressId: env.seeded.customer.addresses[0]!.id,
      contactPersonId: env.seeded.customer.contactPeople[0]!.id, categoryId: A.category(3), priority: "Normal", ownerId: A.admin,
      sendByPost: false, serviceObjectIds: [env.seeded.customer.serviceObjects[0]!.id], interventionIds: [],
    });
    expect(await env.read("/order/externalId/ORD-NEW")).toEqual(o);
  });

  it("ORD-1: the four references are required, and the address must belong to the order's customer", async () => {
    const env = await setup();
    const missing = await refusedUnchanged(env, "POST", "/order", { name: "x" });
    expect((missing.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(["addressId", "categoryId", "contactPersonId", "customerId"]);
    const foreign = await refusedUnchanged(env, "POST", "/order", orderBody({ addressId: env.stranger.addresses[0]!.id }));
    expect(foreign.body).toMatchObject({ errors: [{ code: "ForeignReference", path: "addressId" }] });
    expect(codesOf(await refusedUnchanged(env, "POST", "/order", orderBody({ customerId: "nobody" })))).toContain("UnknownReference");
  });

  it("ORD-2, ORD-4, ORD-5: work items need an invoice customer, priorities are Low/Normal/High, duration is whole minutes ≥ 0", async () => {
    const env = await setup();
    expect(codesOf(await refusedUnchanged(env, "POST", "/order", orderBody({ useWorkItemsFromInvoiceCustomer: true })))).toHaveLength(1);
    const r = await refusedUnchanged(env, "POST", "/order", orderBody({ priority: "Urgent", estimatedDuration: 1.5 }));
    expect((r.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(["estimatedDuration", "priority"]);
    expect(codesOf(await refusedUnchanged(env, "POST", "/order", orderBody({ estimatedDuration: -1 })))).toHaveLength(1);
    const ok = await env.send("POST", "/order", orderBody({ useWorkItemsFromInvoiceCustomer: true, invoiceCustomerId: "CUST-2", priority: "High", estimatedDuration: 0 }));
    expect(ok.status).toBe(201);
    expect(await env.read(`/order/${idOf(ok)}`)).toMatchObject({ invoiceCustomerId: env.stranger.id, useWorkItemsFromInvoiceCustomer: true, priority: "High", estimatedDuration: 0 });
  });

  it("GEN-4: a second order with the same external ID is refused", async () => {
    const env = await setup();
    expect(codesOf(await refusedUnchanged(env, "POST", "/order", orderBody({ externalId: "ORD-1" })))).toEqual(["DuplicateExternalId"]);
  });

  it("GEN-8: dryRun=true answers exactly as the write would and commits nothing", async () => {
    const dry = await setup();
    const real = await setup();
    const before = await snapshot(dry.state);
    const d = await dry.send("POST", "/order?dryRun=true", orderBody());
    expect(d).toEqual(previewOf(await real.send("POST", "/order", orderBody())));
    expect(await snapshot(dry.state)).toEqual(before);
    expect((await dry.send("GET", `/order/${idOf(d)}`)).status).toBe(404);
  });
});

describe("PUT /order/{id}", () => {
  it("ORD-7: only the fields sent change, null clears an optional one; both ID forms (GEN-2)", async () => {
    const env = await setup();
    const { order } = env.seeded;
    const before = await env.read(`/order/${order.id}`);
    expect(await env.send("PUT", `/order/${order.id}`, { internalNote: "zvonit 2x", priority: "Low" })).toEqual({ status: 204, effects: [] });
    expect(await env.send("PUT", "/order/externalId/ORD-1", { estimatedDuration: null, customStateId: "ceka" })).toEqual({ status: 204, effects: [] });
    expect(await env.read(`/order/${order.id}`)).toEqual({ ...before, internalNote: "zvonit 2x", priority: "Low", estimatedDuration: null, customStateId: A.category(4) });
  });

  it("ORD-7: null on a required reference is 400 Required; every issue is reported (GEN-9)", async () => {
    const env = await setup();
    const r = await refusedUnchanged(env, "PUT", `/order/${env.seeded.order.id}`, { customerId: null, addressId: null, priority: "Urgent" });
    expect((r.body as { errors: { code: string; path: string }[] }).errors.map((e) => `${e.code}@${e.path}`).sort()).toEqual(["InvalidEnum@priority", "Required@addressId", "Required@customerId"]);
  });

  it("ORD-8: the customer and the external ID cannot change; sending the same values again is fine", async () => {
    const env = await setup();
    const { order, customer } = env.seeded;
    expect((await env.send("PUT", `/order/${order.id}`, { customerId: customer.externalId, externalId: "ORD-1", name: "Stejná" })).status).toBe(204);
    expect(codesOf(await refusedUnchanged(env, "PUT", `/order/${order.id}`, { customerId: "CUST-2" }))).toContain("Immutable");
    expect(codesOf(await refusedUnchanged(env, "PUT", "/order/externalId/ORD-1", { externalId: "ORD-9" }))).toEqual(["Immutable"]);
  });

  it("ORD-9: ORD-1 and ORD-2 hold for the order as it stands after the edit", async () => {
    const env = await setup();
    const { order } = env.seeded;
    expect((await refusedUnchanged(env, "PUT", `/order/${order.id}`, { contactPersonId: env.stranger.contactPeople[0]!.id })).body).toMatchObject({ errors: [{ code: "ForeignReference", path: "contactPersonId" }] });
    expect(codesOf(await refusedUnchanged(env, "PUT", `/order/${order.id}`, { useWorkItemsFromInvoiceCustomer: true }))).toHaveLength(1);
  });

  it("ORD-6: an order with a running intervention, or one not Open, cannot be edited; the order's own interventions decide", async () => {
    const env = await setup();
    const { order, other } = env.seeded;
    await write(env.s, 0, { interventions: [testIntervention(other, 7, null, "Running")] });
    expect(codesOf(await refusedUnchanged(env, "PUT", `/order/${other.id}`, { name: "x" }))).toEqual(["InvalidState"]);
    // ORD-1's interventions are Planned and Completed, not active: its edit is allowed.
    expect((await env.send("PUT", `/order/${order.id}`, { name: "x" })).status).toBe(204);
    await write(env.s, 0, { orders: [{ ...order, state: "Cancelled" }] });
    expect(codesOf(await refusedUnchanged(env, "PUT", "/order/externalId/ORD-1", { name: "y" }))).toEqual(["InvalidState"]);
  });

  it("GEN-8: a dry-run edit answers 204 and changes nothing; an unknown order is 404", async () => {
    const env = await setup();
    const before = await snapshot(env.state);
    expect(await env.send("PUT", `/order/${env.seeded.order.id}?dryRun=true`, { name: "Dry" })).toEqual({ status: 204, effects: [], dryRun: true });
    expect(await snapshot(env.state)).toEqual(before);
    expect((await env.send("PUT", "/order/externalId/nope", { name: "x" })).status).toBe(404);
  });
});

describe("POST /order/addOrEdit", () => {
  it("ORD-10, UPS-2, UPS-9: an unknown external ID creates, the same one then edits; both 204", async () => {
    const env = await setup();
    expect(await env.send("POST", "/order/addOrEdit", orderBody({ externalId: "UP-1" }))).toEqual({ status: 204, effects: [] });
    const created = await env.read("/order/externalId/UP-1");
    expect(created).toMatchObject({ state: "Open", priority: "Normal", ownerId: A.admin });
    expect(await env.send("POST", "/order/addOrEdit", orderBody({ externalId: "UP-1", name: "Jiná" }))).toEqual({ status: 204, effects: [] });
    expect(await env.read("/order/externalId/UP-1")).toEqual({ ...created, name: "Jiná" });
  });

  it("ORD-10: editing an order that holds 150,000 interventions answers 204, not a 500 from the call stack", async () => {
    const env = await setup();
    const { order } = env.seeded;
    const done = { ...testIntervention(order, 1000, null, "Completed"), assignations: [] };
    const many: Intervention[] = [];
    for (let n = 1000; n < (adapter === "memory" ? 151_000 : 3_000); n++) many.push({ ...done, id: `${done.id.slice(0, 24)}${n.toString(16).padStart(12, "0")}` as Guid });
    await write(env.s, 0, { interventions: many });
    expect(await env.send("POST", "/order/addOrEdit", orderBody({ externalId: "ORD-1", name: "Mnoho" }))).toEqual({ status: 204, effects: [] });
    expect((await env.read(`/order/${order.id}`)).name).toBe("Mnoho");
  });

  it("ORD-10: the four references are required even when editing", async () => {
    const env = await setup();
    const r = await refusedUnchanged(env, "POST", "/order/addOrEdit", { externalId: "ORD-1", name: "x" });
    expect((r.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(["addressId", "categoryId", "contactPersonId", "customerId"]);
  });

  it("UPS-3, UPS-4: an unknown id is UnknownReference; id and external ID of different orders is IdMismatch", async () => {
    const env = await setup();
    const { order, other } = env.seeded;
    expect(codesOf(await refusedUnchanged(env, "POST", "/order/addOrEdit", orderBody({ id: A.store(9) })))).toEqual(["UnknownReference"]);
    expect(codesOf(await refusedUnchanged(env, "POST", "/order/addOrEdit", orderBody({ id: order.id, externalId: "ORD-2" })))).toEqual(["IdMismatch"]);
    expect((await env.send("POST", "/order/addOrEdit", orderBody({ id: other.id, name: "Podle id" }))).status).toBe(204);
    expect((await env.read(`/order/${other.id}`)).name).toBe("Podle id");
  });

  it("ORD-6, ORD-8 through add-or-edit: a running intervention of that order blocks the edit; the customer cannot change", async () => {
    const env = await setup();
    const { order, other } = env.seeded;
    await write(env.s, 0, { interventions: [testIntervention(other, 7, null, "WaitingForSignature")] });
    expect(codesOf(await refusedUnchanged(env, "POST", "/order/addOrEdit", orderBody({ externalId: "ORD-2" })))).toEqual(["InvalidState"]);
    expect(codesOf(await refusedUnchanged(env, "POST", "/order/addOrEdit", orderBody({ id: order.id, customerId: "CUST-2" })))).toContain("Immutable");
  });

  it("UPS-5: a field left out stays, null clears it", async () => {
    const env = await setup();
    expect((await env.send("POST", "/order/addOrEdit", orderBody({ externalId: "ORD-1", internalNote: "pozor pes" }))).status).toBe(204);
    const before = await env.read("/order/externalId/ORD-1");
    expect((await env.send("POST", "/order/addOrEdit", orderBody({ externalId: "ORD-1", estimatedDuration: null }))).status).toBe(204);
    expect(await env.read("/order/externalId/ORD-1")).toEqual({ ...before, estimatedDuration: null });
  });

  it("GEN-8: a dry-run add-or-edit answers 204 and commits nothing", async () => {
    const env = await setup();
    const before = await snapshot(env.state);
    expect(await env.send("POST", "/order/addOrEdit?dryRun=true", orderBody({ externalId: "DRY" }))).toEqual({ status: 204, effects: [], dryRun: true });
    expect(await snapshot(env.state)).toEqual(before);
  });
});

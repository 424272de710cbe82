import { describe, expect, it } from "vitest";
import { ids } from "../../../src/testing/arbitraries/records/fixture.js";
import { company, seed, snapshot, previewOf } from "../support.js";
import { client, codesOf, serviceWith } from "../wiring-support.js";

const A = ids(0);

async function setup(tweak?: Parameters<typeof serviceWith>[0]) {
  const s = serviceWith(tweak);
  const records = await seed(s, 0);
  const send = await client(s, 0);
  return { s, send, state: company(s, 0), ...records };
}

const stateOf = async (send: Awaited<ReturnType<typeof client>>, path: string): Promise<unknown> => ((await send("GET", path)).body as { state: string }).state;

describe("order cancel", () => {
  it("ORD-11: cancel answers 204, the order is Cancelled with the reason and its unfinished interventions are cancelled with it; INT-10 effects for each", async () => {
    const { send, order, planned, done } = await setup();
    const r = await send("PUT", `/order/${order.id}/cancel`, { reason: "zákazník odstoupil" });
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expect(r.effects).toEqual([
      { type: "notifyTechnicians", reason: "cancelled", interventionId: planned.id, userIds: [A.tech1] },
      { type: "cancelReminder", interventionId: planned.id },
    ]);
    expect((await send("GET", `/order/${order.id}`)).body).toMatchObject({ state: "Cancelled", cancellationReason: "zákazník odstoupil" });
    expect((await send("GET", `/order/${order.id}/intervention/${planned.id}`)).body).toMatchObject({ state: "Cancelled", cancellationReason: "zákazník odstoupil" });
    expect((await send("GET", `/order/${order.id}/intervention/${done.id}`)).body).toMatchObject({ state: "Completed", cancellationReason: null });
  });

  it("ORD-11: the external-ID twin cancels too, any case of the segment, and no body means a plain cancel", async () => {
    const { send } = await setup();
    expect((await send("PUT", "/order/externalId/ORD-2/CANCEL")).status).toBe(204);
    expect(await stateOf(send, "/order/externalId/ORD-2")).toBe("Cancelled");
    expect(await stateOf(send, "/order/externalId/ORD-2/intervention/INT-3")).toBe("Cancelled");
  });

  it("ORD-11: an intervention WaitingForSignature is cancelled by the order cancel", async () => {
    const { send, order, planned } = await setup();
    await send("PUT", `/order/${order.id}/intervention/${planned.id}/Start`);
    expect((await send("PUT", `/order/${order.id}/intervention/${planned.id}/RequestSignature`)).status).toBe(200);
    expect((await send("PUT", `/order/${order.id}/cancel`, {})).status).toBe(204);
    expect(await stateOf(send, `/order/${order.id}/intervention/${planned.id}`)).toBe("Cancelled");
  });

  it("ORD-12, NOT-3: with sendNotificationToCustomer each cancelled intervention notifies the contact person and the notification e-mails", async () => {
    const { send, order, planned } = await setup();
    const r = await send("PUT", `/order/${order.id}/cancel`, { sendNotificationToCustomer: true });
    expect(r.effects.map((e) => e.type)).toEqual(["notifyTechnicians", "cancelReminder", "notifyCustomer"]);
    expect(r.effects[2]).toEqual({
      type: "notifyCustomer", reason: "cancelled", interventionId: planned.id,
      recipients: expect.arrayContaining([{ channel: "email", address: "jan@example.cz" }, { channel: "sms", address: "+420777123456" }, { channel: "email", address: "info@example.cz" }]),
    });
  });

  it("ORD-11: a cancelled order cannot be cancelled again: 400, no effects, nothing changed", async () => {
    const { send, order, state } = await setup();
    expect((await send("PUT", `/order/${order.id}/cancel`, {})).status).toBe(204);
    const before = await snapshot(state);
    const r = await send("PUT", `/order/${order.id}/cancel`, { sendNotificationToCustomer: true });
    expect(r.status).toBe(400);
    expect(r.effects).toEqual([]);
    expect(r.body).toMatchObject({ errors: [{ code: "InvalidState", message: expect.stringContaining("ORD-11") }] });
    expect(await snapshot(state)).toEqual(before);
  });

  it("ORD-11: a malformed cancel body is 400 and changes nothing", async () => {
    const { send, order, state } = await setup();
    const before = await snapshot(state);
    expect(codesOf(await send("PUT", `/order/${order.id}/cancel`, { reason: 5 }))).toEqual(["InvalidType"]);
    expect(await snapshot(state)).toEqual(before);
  });

  it("INT-10: the order cancel releases its interventions' allocations so the slot can be planned again", async () => {
    const { send, order } = await setup((a) => {
      a.settings = { ...a.settings, disableCollisions: true };
    });
    const slot = { primaryAssigneeId: "t2", day: "2026-05-04", categoryId: "revize", assignations: [{ userId: "t2", plannedStart: "2026-05-04T14:00:00+02:00", plannedEnd: "2026-05-04T15:00:00+02:00" }] };
    expect((await send("POST", `/order/${order.id}/PlanIntervention`, slot)).status).toBe(200);
    expect((await send("POST", "/order/externalId/ORD-2/PlanIntervention", slot)).status).toBe(400);
    expect((await send("PUT", `/order/${order.id}/cancel`, {})).status).toBe(204);
    expect((await send("POST", "/order/externalId/ORD-2/PlanIntervention", slot)).status).toBe(200);
  });

  it("dryRun=true on an order cancel answers the same 204 and effects and commits nothing", async () => {
    const dry = await setup();
    const real = await setup();
    const before = await snapshot(dry.state);
    const r = await dry.send("PUT", `/order/${dry.order.id}/cancel?dryRun=true`, { sendNotificationToCustomer: true });
    expect(r).toEqual(previewOf(await real.send("PUT", `/order/${real.order.id}/cancel`, { sendNotificationToCustomer: true })));
    expect(r.effects).toHaveLength(3);
    expect(await snapshot(dry.state)).toEqual(before);
    expect(await stateOf(dry.send, `/order/${dry.order.id}`)).toBe("Open");
  });
});

describe("order complete", () => {
  it("ORD-13: completing an order with an unfinished intervention is 400 and changes nothing", async () => {
    const { send, order, state } = await setup();
    const before = await snapshot(state);
    const r = await send("PUT", `/order/${order.id}/complete`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ code: "InvalidState", message: expect.stringContaining("ORD-13") }] });
    expect(await snapshot(state)).toEqual(before);
  });

  it("ORD-13: once every intervention is Completed or Cancelled the order completes (204), in both ID forms", async () => {
    const { send, order, planned } = await setup();
    expect((await send("PUT", `/order/${order.id}/intervention/${planned.id}/Cancel`)).status).toBe(200);
    const r = await send("PUT", "/order/externalId/ORD-1/Complete");
    expect(r).toEqual({ status: 204, effects: [] });
    expect(await stateOf(send, `/order/${order.id}`)).toBe("Completed");
    expect((await send("PUT", `/order/${order.id}/complete`)).status).toBe(400);
  });

  it("ORD-13: an order whose interventions are all Completed completes; ORD-11: a Completed order can still be cancelled, its completed work untouched", async () => {
    const { send, other, foreign } = await setup();
    const base = `/order/${other.id}/intervention/${foreign.id}`;
    expect((await send("PUT", `${base}/Start`)).status).toBe(200);
    expect((await send("PUT", `${base}/Complete`)).status).toBe(200);
    expect((await send("PUT", `/order/${other.id}/complete`)).status).toBe(204);
    const r = await send("PUT", `/order/${other.id}/cancel`, { reason: "reklamace" });
    expect(r).toEqual({ status: 204, effects: [] });
    expect((await send("GET", `/order/${other.id}`)).body).toMatchObject({ state: "Cancelled", cancellationReason: "reklamace" });
    expect(await stateOf(send, base)).toBe("Completed");
  });

  it("ORD-13 ERR-3 ERR-2: complete reads no fields: no body, {} or unknown fields alike; any other JSON value is 400 InvalidType and changes nothing", async () => {
    const { send, order, planned, state } = await setup();
    await send("PUT", `/order/${order.id}/intervention/${planned.id}/Cancel`);
    const before = await snapshot(state);
    for (const body of [[], null, 7, "complete", false]) {
      const r = await send("PUT", `/order/${order.id}/complete`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ errors: [{ code: "InvalidType", path: "" }] });
    }
    expect(await snapshot(state)).toEqual(before);
    expect((await send("PUT", `/order/${order.id}/complete?dryRun=true`, { reason: "ignored" })).status).toBe(204);
    expect((await send("PUT", `/order/${order.id}/complete`, {})).status).toBe(204);
    expect(await stateOf(send, `/order/${order.id}`)).toBe("Completed");
  });

  it("dryRun=true on complete answers 204 and leaves the order Open", async () => {
    const { send, order, planned } = await setup();
    await send("PUT", `/order/${order.id}/intervention/${planned.id}/Cancel`);
    expect(await send("PUT", `/order/${order.id}/complete?dryRun=true`)).toEqual({ status: 204, effects: [], dryRun: true });
    expect(await stateOf(send, `/order/${order.id}`)).toBe("Open");
  });
});

import { describe, expect, it } from "vitest";
import { collisionIndex, type CollisionIndex } from "../../../src/assignation/collision-index.js";
import type { ServiceResponse } from "../../../src/service/entry-point.js";
import { ids } from "../../../src/testing/arbitraries/records/fixture.js";
import { company, seed, snapshot, previewOf } from "../support.js";
import { client, codesOf, serviceWith } from "../wiring-support.js";

const A = ids(0);
const NEW_1 = "00000000-0000-4000-9000-000000000001";

/** A plan body for technician `t1` (external ID) on 2026-05-04, 12:00–13:00 Prague time. */
function planBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    primaryAssigneeId: "t1",
    day: "2026-05-04",
    assignations: [{ userId: "t1", plannedStart: "2026-05-04T12:00:00+02:00", plannedEnd: "2026-05-04T13:00:00+02:00" }],
    categoryId: "revize",
    ...over,
  };
}

/** The same for technician 2, between two local hours. */
function tech2Body(from: string, to: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return planBody({ primaryAssigneeId: A.tech2, assignations: [{ userId: "t2", plannedStart: `2026-05-04T${from}:00+02:00`, plannedEnd: `2026-05-04T${to}:00+02:00` }], ...over });
}

async function setup(tweak?: Parameters<typeof serviceWith>[0], clock?: { t: number }) {
  const s = serviceWith(tweak, clock);
  const records = await seed(s, 0);
  const send = await client(s, 0);
  const state = company(s, 0);
  return { s, send, state, ...records };
}

const noCollisions = (a: { settings?: { disableCollisions?: boolean } }): void => {
  a.settings = { ...a.settings, disableCollisions: true };
};

/** Per-technician allocation lists, comparable whatever the map order. */
function allocationsOf(index: CollisionIndex): unknown {
  return [...index.byUser].map(([u, t]) => [u, t.items]).sort((x, y) => String(x[0]).localeCompare(String(y[0])));
}

const idOf = (r: ServiceResponse): string => (r.body as { id: string }).id;

describe("PlanIntervention", () => {
  it("INT-1, INT-2, INT-9: plan answers 200 with the InterventionDetail, Planned, priority and sendByPost from the order, owned by the API user", async () => {
    const { send, order } = await setup();
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ externalId: "NEW-1", internalNote: "zvonit 2x" }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: NEW_1, externalId: "NEW-1", orderId: order.id, state: "Planned", day: "2026-05-04", primaryAssigneeId: A.tech1,
      assignations: [{ userId: A.tech1, plannedStart: "2026-05-04T10:00:00.000Z", plannedEnd: "2026-05-04T11:00:00.000Z" }],
      categoryId: A.category(5), customStateId: null, priority: "Normal", internalNote: "zvonit 2x", ownerId: A.admin, sendByPost: false,
      cancellationReason: null,
    });
    expect(r.effects).toEqual([]);
    expect((await send("GET", `/order/${order.id}/intervention/${NEW_1}`)).body).toEqual(r.body);
    expect((await send("GET", "/order/externalId/ORD-1/intervention/externalId/NEW-1")).status).toBe(404);
    expect((await send("GET", "/order/externalId/ORD-1/intervention/NEW-1")).body).toEqual(r.body);
    expect(((await send("GET", `/order/${order.id}`)).body as { interventionIds: string[] }).interventionIds.at(-1)).toBe(NEW_1);
  });

  it("INT-1: the external-ID twin and any case of the action segment plan too; priority sent wins over the order's (INT-2)", async () => {
    const { send } = await setup();
    const r = await send("POST", "/order/externalId/ORD-1/planintervention", planBody({ priority: "High" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: "Planned", priority: "High" });
  });

  it("GEN-8, GEN-9: a refused plan lists every issue with its path, carries no effects and changes nothing", async () => {
    const { send, order, state } = await setup();
    const before = await snapshot(state);
    const index = state.allocations;
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, { day: "2026-02-30", sendNotificationNow: true });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ name: "BadRequest", status: 400 });
    expect(codesOf(r)).toEqual(["Required", "InvalidDate", "Required", "Required"]);
    expect(r.effects).toEqual([]);
    const late = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ sendNotificationNow: true, categoryId: "nope", assignations: [{ userId: "t1", plannedStart: "2026-05-04T23:00:00+02:00", plannedEnd: "2026-05-05T01:00:00+02:00" }] }));
    expect(late.status).toBe(400);
    expect(late.effects).toEqual([]);
    expect(codesOf(late)).toContain("UnknownReference");
    expect(await snapshot(state)).toEqual(before);
    expect(state.allocations).toBe(index);
  });

  it("INT-1: planning on an order that is not Open is 400 InvalidState", async () => {
    const { send, order } = await setup();
    expect((await send("PUT", `/order/${order.id}/cancel`, {})).status).toBe(204);
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ code: "InvalidState", message: expect.stringContaining("INT-1") }] });
  });

  it("GEN-4: a plan with an external ID another intervention has is 400 DuplicateExternalId", async () => {
    const { send, order } = await setup();
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ externalId: "INT-3" }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ code: "DuplicateExternalId", path: "externalId" }] });
  });

  it("ASN-2: a deactivated technician or a dispatcher cannot be assigned", async () => {
    const { send, order } = await setup();
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ primaryAssigneeId: A.techOff, assignations: [{ userId: A.techOff, plannedStart: "2026-05-04T12:00:00+02:00", plannedEnd: "2026-05-04T13:00:00+02:00" }, { userId: "disp", plannedStart: "2026-05-04T12:00:00+02:00", plannedEnd: "2026-05-04T13:00:00+02:00" }] }));
    expect(r.status).toBe(400);
    expect(r.effects).toEqual([]);
  });

  it("ASN-5: a collision is refused with 400 and the colliding intervention named", async () => {
    const { send, order, planned, state } = await setup(noCollisions);
    const before = await snapshot(state);
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ assignations: [{ userId: "t1", plannedStart: "2026-05-04T10:30:00+02:00", plannedEnd: "2026-05-04T11:30:00+02:00" }] }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ code: "Collision", path: "assignations[0]", message: expect.stringContaining(planned.id) }] });
    expect(await snapshot(state)).toEqual(before);
  });

  it("ASN-5: touching is not overlapping (half-open slots), so a plan starting when another ends is accepted", async () => {
    const { send, order } = await setup(noCollisions);
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ assignations: [{ userId: "t1", plannedStart: "2026-05-04T11:00:00+02:00", plannedEnd: "2026-05-04T12:00:00+02:00" }] }));
    expect(r.status).toBe(200);
  });

  it("ASN-5: a plan just committed collides with the next one (the service keeps its index current)", async () => {
    const { send, order } = await setup(noCollisions);
    expect((await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("12:00", "13:00"))).status).toBe(200);
    const r = await send("POST", "/order/externalId/ORD-2/PlanIntervention", tech2Body("12:59", "14:00"));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ code: "Collision", message: expect.stringContaining(NEW_1) }] });
  });

  it("ASN-6: with collisions allowed (the default), an overlapping plan is accepted", async () => {
    const { send, order } = await setup();
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ assignations: [{ userId: "t1", plannedStart: "2026-05-04T09:00:00+02:00", plannedEnd: "2026-05-04T11:00:00+02:00" }] }));
    expect(r.status).toBe(200);
  });

  it("INT-10: cancel releases the allocation so the slot can be planned again", async () => {
    const { send, order } = await setup(noCollisions);
    const first = await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("12:00", "13:00"));
    expect(first.status).toBe(200);
    expect((await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("12:00", "13:00"))).status).toBe(400);
    expect((await send("PUT", `/order/${order.id}/intervention/${idOf(first)}/Cancel`)).status).toBe(200);
    expect((await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("12:00", "13:00"))).status).toBe(200);
  });

  it("ASN-5: the committed index always equals one rebuilt from the stored interventions; refusals, dry runs and lifecycle moves keep the same index object", async () => {
    const { send, order, state } = await setup(noCollisions);
    const a = idOf(await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("12:00", "13:00")));
    const b = idOf(await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("14:00", "15:00")));
    expect((await send("PUT", `/order/${order.id}/intervention/${a}/Replan`, tech2Body("15:00", "16:00"))).status).toBe(200);
    expect((await send("PUT", `/order/${order.id}/intervention/${b}/Cancel`, { reason: "x" })).status).toBe(200);
    expect(allocationsOf(state.allocations)).toEqual(allocationsOf(collisionIndex(state.interventions.byId.values())));
    const index = state.allocations;
    expect((await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("15:30", "16:30"))).status).toBe(400);
    expect((await send("POST", `/order/${order.id}/PlanIntervention?dryRun=true`, tech2Body("09:00", "10:00"))).status).toBe(200);
    expect((await send("PUT", `/order/${order.id}/intervention/${a}/Start`)).status).toBe(200);
    expect(state.allocations).toBe(index);
  });

  it("NOT-2, NOT-3, NOT-5, NOT-6: plan effects go out in order: notification to the contact person and the notification e-mails, then the reminder for the day before", async () => {
    const { send, order } = await setup();
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ sendNotificationNow: true, sendReminderOneDayBefore: true }));
    expect(r.status).toBe(200);
    expect(r.effects).toEqual([
      {
        type: "notifyCustomer", reason: "planned", interventionId: NEW_1,
        recipients: expect.arrayContaining([
          { channel: "email", address: "jan@example.cz" }, { channel: "sms", address: "+420777123456" }, { channel: "email", address: "info@example.cz" },
        ]),
      },
      { type: "scheduleReminder", interventionId: NEW_1, sendOn: "2026-05-03" },
    ]);
    expect(r.effects[0]).toMatchObject({ recipients: { length: 3 } });
  });

  it("NOT-6: no reminder for an intervention tomorrow in the company's zone; NOT-5 still applies", async () => {
    // The token lives 60 minutes (AUTH-3), so the clock is set before logging in.
    const { send, order } = await setup(undefined, { t: Date.parse("2026-05-03T10:00:00Z") });
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ sendNotificationNow: true, sendReminderOneDayBefore: true }));
    expect(r.effects.map((e) => e.type)).toEqual(["notifyCustomer"]);
  });

  it("NOT-4: a channel switched off in the company settings carries no recipients", async () => {
    const { send, order } = await setup((a) => {
      a.settings = { ...a.settings, notifications: { email: false } };
    });
    const r = await send("POST", `/order/${order.id}/PlanIntervention`, planBody({ sendNotificationNow: true }));
    expect(r.effects).toEqual([{ type: "notifyCustomer", reason: "planned", interventionId: NEW_1, recipients: [{ channel: "sms", address: "+420777123456" }] }]);
  });

  it("dryRun=true answers exactly what the plan answers and commits nothing", async () => {
    const dry = await setup();
    const real = await setup();
    const before = await snapshot(dry.state);
    const r = await dry.send("POST", `/order/${dry.order.id}/PlanIntervention?dryRun=true`, planBody({ sendNotificationNow: true }));
    expect(r).toEqual(previewOf(await real.send("POST", `/order/${real.order.id}/PlanIntervention`, planBody({ sendNotificationNow: true }))));
    expect(r.status).toBe(200);
    expect(await snapshot(dry.state)).toEqual(before);
    expect(await snapshot(real.state)).not.toEqual(before);
  });
});

describe("Replan", () => {
  it("INT-3: replan answers 200, stays Planned, replaces the assignations; NOT-6 withdraws the old reminder first", async () => {
    const { send, order, planned } = await setup();
    const r = await send("PUT", "/order/externalId/ORD-1/intervention/INT-1/replan", tech2Body("14:00", "15:00", { sendReminderOneDayBefore: true, internalNote: "nový čas" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: planned.id, state: "Planned", primaryAssigneeId: A.tech2, internalNote: "nový čas", assignations: [{ userId: A.tech2, plannedStart: "2026-05-04T12:00:00.000Z" }] });
    expect(r.effects).toEqual([{ type: "cancelReminder", interventionId: planned.id }, { type: "scheduleReminder", interventionId: planned.id, sendOn: "2026-05-03" }]);
    expect((await send("GET", `/order/${order.id}/intervention/${planned.id}`)).body).toEqual(r.body);
  });

  it("ASN-5: on replan the intervention's own old allocations do not count, another's do", async () => {
    const { send, order, planned } = await setup(noCollisions);
    expect((await send("PUT", `/order/${order.id}/intervention/${planned.id}/Replan`, planBody({ assignations: [{ userId: "t1", plannedStart: "2026-05-04T12:00:00+02:00", plannedEnd: "2026-05-04T13:00:00+02:00" }] }))).status).toBe(200);
    const other = idOf(await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("12:00", "13:00")));
    expect((await send("PUT", `/order/${order.id}/intervention/${planned.id}/Replan`, planBody({ assignations: [{ userId: "t1", plannedStart: "2026-05-04T12:30:00+02:00", plannedEnd: "2026-05-04T13:30:00+02:00" }] }))).status).toBe(200);
    const r = await send("PUT", `/order/${order.id}/intervention/${planned.id}/Replan`, tech2Body("12:30", "13:30"));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ code: "Collision", message: expect.stringContaining(other) }] });
  });

  it("INT-3: a replan of an intervention that is not Planned is 400 and changes nothing", async () => {
    const { send, order, done, state } = await setup();
    const before = await snapshot(state);
    const r = await send("PUT", `/order/${order.id}/intervention/${done.id}/Replan`, planBody({ sendNotificationNow: true }));
    expect(r.status).toBe(400);
    expect(r.effects).toEqual([]);
    expect(codesOf(r)).toContain("InvalidState");
    expect(await snapshot(state)).toEqual(before);
  });

  it("INT-3: a replan may give an intervention without an external ID one, unused in the company; then both ID forms find it", async () => {
    const { send, order } = await setup();
    const bare = idOf(await send("POST", `/order/${order.id}/PlanIntervention`, tech2Body("16:00", "17:00")));
    const taken = await send("PUT", `/order/${order.id}/intervention/${bare}/Replan`, tech2Body("16:00", "17:00", { externalId: "INT-1" }));
    expect(codesOf(taken)).toEqual(["DuplicateExternalId"]);
    const r = await send("PUT", `/order/${order.id}/intervention/${bare}/Replan`, tech2Body("16:00", "17:00", { externalId: "INT-NEW" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: bare, externalId: "INT-NEW" });
    expect((await send("GET", "/order/externalId/ORD-1/intervention/INT-NEW")).body).toEqual(r.body);
    expect(codesOf(await send("PUT", `/order/${order.id}/intervention/${bare}/Replan`, tech2Body("16:00", "17:00", { externalId: "OTHER" })))).toEqual(["Immutable"]);
  });

  it("INT-8: replanning an intervention through another order's path is 404", async () => {
    const { send, order, foreign } = await setup();
    expect((await send("PUT", `/order/${order.id}/intervention/${foreign.id}/Replan`, planBody())).status).toBe(404);
    expect((await send("PUT", "/order/externalId/ORD-1/intervention/INT-3/Cancel", {})).status).toBe(404);
  });
});

describe("Edit", () => {
  it("INT-4: edit changes only the fields sent, null clears internalNote; both ID forms", async () => {
    const { send, order, planned } = await setup();
    const r = await send("PUT", `/order/${order.id}/intervention/${planned.id}`, { internalNote: "klíč u sousedů", priority: "High", ownerId: "disp" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ internalNote: "klíč u sousedů", priority: "High", ownerId: A.dispatcher, day: "2026-05-04" });
    const cleared = await send("PUT", "/order/externalId/ORD-1/intervention/INT-1", { internalNote: null });
    expect(cleared.body).toMatchObject({ internalNote: null, priority: "High" });
    expect(cleared.effects).toEqual([]);
  });

  it("INT-4: an edit with no body at all is an edit of nothing (like Cancel): 200 with the detail unchanged", async () => {
    const { send, order, planned } = await setup();
    const before = (await send("GET", `/order/${order.id}/intervention/${planned.id}`)).body;
    const r = await send("PUT", `/order/${order.id}/intervention/${planned.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(before);
    expect((await send("PUT", `/order/${order.id}/intervention/${planned.id}`, 5)).status).toBe(400);
  });

  it("INT-4: sending day or assignations is 400 UseReplan and changes nothing", async () => {
    const { send, order, planned, state } = await setup();
    const before = await snapshot(state);
    const r = await send("PUT", `/order/${order.id}/intervention/${planned.id}`, { day: "2026-05-05", internalNote: "x" });
    expect(r.status).toBe(400);
    expect(codesOf(r)).toEqual(["UseReplan"]);
    expect(await snapshot(state)).toEqual(before);
  });
});

describe("Cancel", () => {
  it("INT-5, INT-10, NOT-3: cancel answers 200 Cancelled with the reason; technicians notified, reminder withdrawn, contact person only", async () => {
    const { send, order, planned } = await setup();
    const r = await send("PUT", `/order/${order.id}/intervention/${planned.id}/CANCEL`, { reason: "zákazník nebude doma", sendNotificationToCustomer: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: planned.id, state: "Cancelled", cancellationReason: "zákazník nebude doma" });
    expect(r.effects).toEqual([
      { type: "notifyTechnicians", reason: "cancelled", interventionId: planned.id, userIds: [A.tech1] },
      { type: "cancelReminder", interventionId: planned.id },
      {
        type: "notifyCustomer", reason: "cancelled", interventionId: planned.id,
        recipients: expect.arrayContaining([{ channel: "email", address: "jan@example.cz" }, { channel: "sms", address: "+420777123456" }]),
      },
    ]);
    expect(JSON.stringify(r.effects)).not.toContain("info@example.cz");
  });

  it("INT-5: cancel without a body is a plain cancel; the external-ID twin works", async () => {
    const { send } = await setup();
    const r = await send("PUT", "/order/externalId/ORD-1/intervention/INT-1/Cancel");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: "Cancelled", cancellationReason: null });
  });

  it("INT-5: cancelling a WaitingForSignature or Completed intervention is 400 and changes nothing", async () => {
    const { send, order, planned, done, state } = await setup();
    expect((await send("PUT", `/order/${order.id}/intervention/${planned.id}/Start`)).status).toBe(200);
    expect((await send("PUT", `/order/${order.id}/intervention/${planned.id}/RequestSignature`)).status).toBe(200);
    const before = await snapshot(state);
    for (const id of [planned.id, done.id]) {
      const r = await send("PUT", `/order/${order.id}/intervention/${id}/Cancel`, { sendNotificationToCustomer: true });
      expect(r.status).toBe(400);
      expect(r.effects).toEqual([]);
      expect(codesOf(r)).toEqual(["InvalidState"]);
    }
    expect(await snapshot(state)).toEqual(before);
  });

  it("INT-5: a cancel body of the wrong type is 400", async () => {
    const { send, order, planned } = await setup();
    expect(codesOf(await send("PUT", `/order/${order.id}/intervention/${planned.id}/Cancel`, { sendNotificationToCustomer: "ano" }))).toEqual(["InvalidType"]);
  });
});

describe("technician lifecycle", () => {
  it("INT-7: StartDeparture, Start, RequestSignature, Complete move the intervention and answer the detail, in both ID forms and any case", async () => {
    const { send, order, planned } = await setup();
    const base = `/order/${order.id}/intervention/${planned.id}`;
    expect((await send("PUT", `${base}/StartDeparture`)).body).toMatchObject({ state: "DepartureStarted" });
    expect((await send("PUT", "/order/externalId/ORD-1/intervention/INT-1/start")).body).toMatchObject({ state: "Running" });
    expect((await send("PUT", `${base}/REQUESTSIGNATURE`)).body).toMatchObject({ state: "WaitingForSignature" });
    const done = await send("PUT", "/order/externalId/ORD-1/intervention/INT-1/Complete");
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: "Completed" });
    expect(done.effects).toEqual([]);
  });

  it("INT-7 ERR-3 ERR-2: a move reads no fields: no body, {} or unknown fields alike; any other JSON value is 400 InvalidType and changes nothing", async () => {
    const { send, order, planned, state } = await setup();
    const base = `/order/${order.id}/intervention/${planned.id}`;
    for (const action of ["StartDeparture", "Start", "RequestSignature", "Complete"]) {
      const before = await snapshot(state);
      for (const body of [[], null, 0, "Start", true, [{}]]) {
        const r = await send("PUT", `${base}/${action}`, body);
        expect(r.status, `${action} ${JSON.stringify(body)}`).toBe(400);
        expect(r.body).toMatchObject({ errors: [{ code: "InvalidType", path: "" }] });
        expect(r.effects).toEqual([]);
      }
      expect(await snapshot(state)).toEqual(before);
    }
    expect((await send("PUT", `${base}/StartDeparture`, {})).body).toMatchObject({ state: "DepartureStarted" });
    expect((await send("PUT", `${base}/Start`, { state: "Completed", note: "ignored" })).body).toMatchObject({ state: "Running" });
    expect((await send("PUT", `${base}/RequestSignature`)).body).toMatchObject({ state: "WaitingForSignature" });
    expect((await send("PUT", `${base}/Complete?dryRun=true`, [])).status).toBe(400);
    expect((await send("PUT", `${base}/Complete`, {})).body).toMatchObject({ state: "Completed" });
  });

  it("INT-7: a move the machine does not allow is 400 InvalidState and changes nothing", async () => {
    const { send, order, planned, done, state } = await setup();
    const before = await snapshot(state);
    for (const [id, action] of [[planned.id, "RequestSignature"], [planned.id, "Complete"], [done.id, "Start"], [done.id, "StartDeparture"]] as const) {
      const r = await send("PUT", `/order/${order.id}/intervention/${id}/${action}`);
      expect(r.status, action).toBe(400);
      expect(r.body).toMatchObject({ errors: [{ code: "InvalidState", message: expect.stringContaining("INT-7") }] });
    }
    expect(await snapshot(state)).toEqual(before);
  });

  it("INT-6: completing generates one report document per form of the category, created now, readable at reportDocuments", async () => {
    const { s, send, order, planned } = await setup();
    const base = `/order/${order.id}/intervention/${planned.id}`;
    expect((await send("GET", `${base}/reportDocuments`)).status).toBe(400);
    await send("PUT", `${base}/Start`);
    s.clock.t = Date.parse("2026-05-01T08:15:00Z");
    expect((await send("PUT", `${base}/Complete`)).status).toBe(200);
    const docs = await send("GET", `${base}/reportDocuments`);
    expect(docs.status).toBe(200);
    expect(docs.body).toEqual({
      documents: [
        { id: NEW_1, formId: A.form(1), formName: "Revizní zpráva", fileName: "Revizní zpráva.pdf", createdAt: "2026-05-01T08:15:00.000Z" },
        { id: "00000000-0000-4000-9000-000000000002", formId: A.form(2), formName: "Předávací protokol", fileName: "Předávací protokol.pdf", createdAt: "2026-05-01T08:15:00.000Z" },
      ],
    });
  });

  it("dryRun=true on a lifecycle move answers the detail and leaves the intervention where it was", async () => {
    const { send, order, planned, state } = await setup();
    const before = await snapshot(state);
    const r = await send("PUT", `/order/${order.id}/intervention/${planned.id}/Start?dryRun=TRUE`);
    expect(r.body).toMatchObject({ state: "Running" });
    expect(await snapshot(state)).toEqual(before);
    expect((await send("GET", `/order/${order.id}/intervention/${planned.id}`)).body).toMatchObject({ state: "Planned" });
  });
});

import { refIndex } from "../../src/shared/reference.js";
import { describe, expect, it } from "vitest";
import { cancelIntervention } from "../../src/intervention/cancel.js";
import { editIntervention } from "../../src/intervention/edit.js";
import { interventionOfOrder, moveIntervention, reportDocuments } from "../../src/intervention/lifecycle.js";
import type { InterventionEditCommand } from "../../src/intervention/request.js";
import { ABSENT } from "../../src/shared/field.js";
import { defaultSettings } from "../../src/shared/settings.js";
import {
  ADMIN, categoryIndex, customer, customStateIndex, deepFreeze, g, idSource, makeIntervention, makeOrder, NOW, TECH1, userIndex,
} from "../arbitraries/intervention.js";

const none: InterventionEditCommand = { customStateId: ABSENT, ownerId: ABSENT, priority: ABSENT, internalNote: ABSENT, sendByPost: ABSENT };
const editCtx = { intervention: makeIntervention("Running", { customStateId: g(40) }), order: makeOrder(), users: userIndex, customStates: customStateIndex };

describe("editIntervention", () => {
  it("INT-4: only the fields sent change; null clears customStateId and internalNote", () => {
    const r = editIntervention({ ...none, customStateId: null, internalNote: null, ownerId: "tech-1", priority: "High", sendByPost: true }, editCtx);
    expect(r.ok && r.value).toEqual({
      intervention: { ...editCtx.intervention, customStateId: null, internalNote: null, ownerId: TECH1, priority: "High", sendByPost: true },
      effects: [],
    });
    expect(editIntervention(none, editCtx)).toEqual({ ok: true, value: { intervention: editCtx.intervention, effects: [] } });
  });

  it("INT-4: the order must be Open; an unknown owner is UnknownReference", () => {
    const r = editIntervention({ ...none, ownerId: "ghost" }, { ...editCtx, order: makeOrder("Cancelled") });
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([
      ["InvalidState", ""],
      ["UnknownReference", "ownerId"],
    ]);
  });
});

describe("cancelIntervention", () => {
  const ctx = { order: makeOrder(), customer, settings: defaultSettings };

  it("INT-5: Planned, DepartureStarted and Running cancel with the reason kept", () => {
    for (const s of ["Planned", "DepartureStarted", "Running"] as const) {
      const r = cancelIntervention({ reason: "rain", sendNotificationToCustomer: false }, { ...ctx, intervention: makeIntervention(s) });
      expect(r.ok && [r.value.intervention.state, r.value.intervention.cancellationReason]).toEqual(["Cancelled", "rain"]);
    }
  });

  it("INT-5: WaitingForSignature, Completed and Cancelled are refused with no records or effects", () => {
    for (const s of ["WaitingForSignature", "Completed", "Cancelled"] as const) {
      const r = cancelIntervention(deepFreeze({ reason: "x", sendNotificationToCustomer: true }), deepFreeze({ ...ctx, intervention: makeIntervention(s) }));
      expect(r).toEqual({ ok: false, issues: [{ code: "InvalidState", path: "", message: `cancel: intervention is ${s} (INT-5)`, rule: "INT-5" }] });
    }
  });

  it("INT-10: technicians notified and the reminder withdrawn; NOT-3: the customer notification goes to the contact person only", () => {
    const r = cancelIntervention({ reason: null, sendNotificationToCustomer: true }, { ...ctx, intervention: makeIntervention("Planned") });
    expect(r.ok && r.value.effects).toEqual([
      { type: "notifyTechnicians", reason: "cancelled", interventionId: g(80), userIds: [TECH1] },
      { type: "cancelReminder", interventionId: g(80) },
      {
        type: "notifyCustomer",
        reason: "cancelled",
        interventionId: g(80),
        recipients: [
          { channel: "email", address: "jana@acme.cz" },
          { channel: "sms", address: "+420777123456" },
        ],
      },
    ]);
  });
});

describe("lifecycle", () => {
  const ctx = { order: makeOrder(), categories: categoryIndex, now: NOW, newId: idSource(0x500) };

  it("INT-7: the technician moves follow the table; any other move is refused", () => {
    const path = ["startDeparture", "start", "requestSignature", "complete"] as const;
    let iv = makeIntervention("Planned");
    const seen: string[] = [];
    for (const a of path) {
      const r = moveIntervention(a, iv, ctx);
      if (!r.ok) throw new Error(r.issues[0].message);
      iv = r.value.intervention;
      seen.push(iv.state);
    }
    expect(seen).toEqual(["DepartureStarted", "Running", "WaitingForSignature", "Completed"]);
    expect(moveIntervention("start", iv, ctx)).toEqual({ ok: false, issues: [{ code: "InvalidState", path: "", message: "start: intervention is Completed (INT-7)", rule: "INT-7" }] });
  });

  it("INT-6: completing makes one document per form of the category, created now; only Completed lists them", () => {
    const running = makeIntervention("Running");
    expect(reportDocuments(running, ctx.order)).toEqual({
      ok: false,
      issues: [{ code: "InvalidState", path: "", message: "reportDocuments: intervention is Running (INT-6)", rule: "INT-6" }],
    });
    const r = moveIntervention("complete", running, { ...ctx, newId: idSource(0x500) });
    if (!r.ok) throw new Error("refused");
    expect(reportDocuments(r.value.intervention, ctx.order)).toEqual({
      ok: true,
      value: {
        documents: [
          { id: g(0x500), formId: g(31), formName: "Protocol", fileName: "Protocol.pdf", createdAt: NOW },
          { id: g(0x501), formId: g(32), formName: "Checklist", fileName: "Checklist.pdf", createdAt: NOW },
        ],
      },
    });
  });

  it("INT-8: an intervention of another order is not found through this order", () => {
    const mine = makeIntervention("Planned", { externalId: "E1" });
    const theirs = makeIntervention("Planned", { id: g(0x81), orderId: g(0x71), externalId: "E2" });
    const order = makeOrder();
    const both = refIndex([mine, theirs], (i) => i.id, (i) => i.externalId);
    expect(interventionOfOrder(both, order, mine.id.toUpperCase(), false)).toBe(mine);
    expect(interventionOfOrder(both, order, theirs.id, false)).toBeUndefined();
    expect(interventionOfOrder(both, order, "E1", true)).toBe(mine);
    expect(interventionOfOrder(both, order, "E2", true)).toBeUndefined();
    expect(ADMIN).not.toBe(TECH1);
  });
});

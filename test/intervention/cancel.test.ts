import { describe, expect, it } from "vitest";
import { cancelIntervention } from "../../src/intervention/cancel.js";
import { defaultSettings } from "../../src/shared/settings.js";
import { customer, deepFreeze, g, makeIntervention, makeOrder, TECH1 } from "../../src/testing/arbitraries/records/intervention.js";

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

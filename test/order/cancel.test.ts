import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customerRecipients } from "../../src/notification/recipients.js";
import { cancelOrder } from "../../src/order/cancel.js";
import { defaultSettings } from "../../src/shared/settings.js";
import { customer, deepFreeze, g, makeIntervention, makeOrder, orderInterventionsArb, orderStateArb, TECH1 } from "../../src/testing/arbitraries/records/intervention.js";

const ctx = (interventions = [
  makeIntervention("Planned", { id: g(0x901) }),
  makeIntervention("WaitingForSignature", { id: g(0x902) }),
  makeIntervention("Completed", { id: g(0x903) }),
  makeIntervention("Cancelled", { id: g(0x904), cancellationReason: "old" }),
]) => ({ order: makeOrder(), interventions, customer, settings: defaultSettings });

describe("cancelOrder", () => {
  it("ORD-11: the order and every intervention not Completed/Cancelled (WaitingForSignature included) are cancelled with the reason", () => {
    const r = cancelOrder({ reason: "customer left", sendNotificationToCustomer: false }, ctx());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([r.value.order.state, r.value.order.cancellationReason]).toEqual(["Cancelled", "customer left"]);
    expect(r.value.interventions.map((i) => [i.id, i.state, i.cancellationReason])).toEqual([
      [g(0x901), "Cancelled", "customer left"],
      [g(0x902), "Cancelled", "customer left"],
    ]);
  });

  it("ORD-11: from Completed allowed, from Cancelled refused", () => {
    expect(cancelOrder({ reason: null, sendNotificationToCustomer: false }, { ...ctx([]), order: makeOrder("Completed") }).ok).toBe(true);
    expect(cancelOrder({ reason: null, sendNotificationToCustomer: false }, { ...ctx([]), order: makeOrder("Cancelled") })).toEqual({
      ok: false,
      issues: [{ code: "InvalidState", path: "", message: "cancel: order is Cancelled (ORD-11)", rule: "ORD-11" }],
    });
  });

  it("ORD-12, INT-10: per cancelled intervention, technicians, reminder and (when asked) the customer with notification e-mails", () => {
    const r = cancelOrder({ reason: null, sendNotificationToCustomer: true }, ctx());
    expect(r.ok && r.value.effects.filter((e) => e.interventionId === g(0x902))).toEqual([
      { type: "notifyTechnicians", reason: "cancelled", interventionId: g(0x902), userIds: [TECH1] },
      { type: "cancelReminder", interventionId: g(0x902) },
      {
        type: "notifyCustomer",
        reason: "cancelled",
        interventionId: g(0x902),
        recipients: [
          { channel: "email", address: "jana@acme.cz" },
          { channel: "sms", address: "+420777123456" },
          { channel: "email", address: "office@acme.cz" },
        ],
      },
    ]);
    const quiet = cancelOrder({ reason: null, sendNotificationToCustomer: false }, ctx());
    expect(quiet.ok && quiet.value.effects.some((e) => e.type === "notifyCustomer")).toBe(false);
  });

  it("ORD-11: a refused or accepted cancel never mutates its inputs; a refusal carries no records or effects", () => {
    fc.assert(
      fc.property(orderStateArb, orderInterventionsArb, fc.boolean(), (s, ivs, notify) => {
        const context = deepFreeze({ ...ctx(ivs), order: makeOrder(s) });
        const before = JSON.stringify(context);
        const r = cancelOrder(deepFreeze({ reason: "x", sendNotificationToCustomer: notify }), context);
        expect(JSON.stringify(context)).toBe(before);
        if (!r.ok) expect(Object.keys(r)).toEqual(["ok", "issues"]);
        else expect(r.value.interventions.length).toBe(ivs.filter((i) => i.state !== "Completed" && i.state !== "Cancelled").length);
      }),
    );
  });

  it("ORD-12, NOT-3: 1,200 interventions and 20,000 notification e-mails share one frozen recipient list, built once", () => {
    const emails = Array.from({ length: 20_000 }, (_, k) => `n${k}@example.cz`);
    const many = Array.from({ length: 1_200 }, (_, k) => makeIntervention("Planned", { id: g(0x10_000 + k) }));
    const big = deepFreeze({ ...customer, notificationEmails: emails });
    const r = cancelOrder({ reason: null, sendNotificationToCustomer: true }, { ...ctx(many), customer: big });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const lists = r.value.effects.flatMap((e) => (e.type === "notifyCustomer" ? [e.recipients] : []));
    expect(lists).toHaveLength(1_200);
    expect(new Set(lists).size).toBe(1);
    expect(Object.isFrozen(lists[0])).toBe(true);
    expect(lists[0]).toEqual(customerRecipients(big, makeOrder().contactPersonId, defaultSettings, true));
  });
});

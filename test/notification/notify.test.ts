import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cancelEffects, customerNotification, planningEffects, reminderDay } from "../../src/notification/notify.js";
import { customerRecipients } from "../../src/notification/recipients.js";
import { defaultSettings, type CompanySettings } from "../../src/shared/settings.js";
import { addDays, dayRange, localDate, today, type IsoDate } from "../../src/shared/time.js";
import type { Customer } from "../../src/customer/customer.js";
import { CONTACT, customer, g, TECH1, TECH2 } from "../../src/testing/arbitraries/records/intervention.js";

const id = g(0x80);
const withChannels = (email: boolean, sms: boolean): CompanySettings => ({ ...defaultSettings, notifications: { email, sms } });
const silentContact: Customer = { ...customer, contactPeople: customer.contactPeople.map((c) => ({ ...c, sendNotifications: false })) };

describe("customer notifications", () => {
  it("NOT-2: the contact person gets e-mail and SMS when he or she allows notifications", () => {
    expect(customerRecipients(customer, CONTACT, defaultSettings, false)).toEqual([
      { channel: "email", address: "jana@acme.cz" },
      { channel: "sms", address: "+420777123456" },
    ]);
    expect(customerRecipients(silentContact, CONTACT, defaultSettings, false)).toEqual([]);
  });

  it("NOT-3: plan, replan and order-cancel notifications also go to notificationEmails; an intervention cancel does not", () => {
    expect(customerNotification("planned", id, customer, CONTACT, defaultSettings, false)).toEqual({
      type: "notifyCustomer",
      reason: "planned",
      interventionId: id,
      recipients: [
        { channel: "email", address: "jana@acme.cz" },
        { channel: "sms", address: "+420777123456" },
        { channel: "email", address: "office@acme.cz" },
      ],
    });
    const cancel = customerNotification("cancelled", id, customer, CONTACT, defaultSettings, false);
    expect(cancel?.type === "notifyCustomer" && cancel.recipients.map((r) => r.address)).toEqual(["jana@acme.cz", "+420777123456"]);
    const orderCancel = customerNotification("cancelled", id, customer, CONTACT, defaultSettings, true);
    expect(orderCancel?.type === "notifyCustomer" && orderCancel.recipients.map((r) => r.address)).toContain("office@acme.cz");
  });

  it("NOT-4: channels switched off globally drop their recipients; nobody left means no effect", () => {
    expect(customerRecipients(customer, CONTACT, withChannels(false, true), true)).toEqual([{ channel: "sms", address: "+420777123456" }]);
    expect(customerNotification("planned", id, customer, CONTACT, withChannels(false, false), false)).toBeUndefined();
    expect(customerNotification("cancelled", id, silentContact, CONTACT, defaultSettings, false)).toBeUndefined();
  });

  it("NOT-1: effects are plain data in the SERVICE.md shapes", () => {
    const effects = planningEffects("replanned", id, "2026-03-10" as IsoDate, { sendNotificationNow: true, sendReminderOneDayBefore: true }, customer, CONTACT, defaultSettings, Date.parse("2026-03-01T12:00:00Z"));
    expect(effects.map((e) => e.type)).toEqual(["cancelReminder", "notifyCustomer", "scheduleReminder"]);
    expect(JSON.parse(JSON.stringify(effects))).toEqual(effects);
  });

  it("NOT-5: sendNotificationNow alone gives one immediate notification and nothing else on plan", () => {
    const effects = planningEffects("planned", id, "2026-03-10" as IsoDate, { sendNotificationNow: true, sendReminderOneDayBefore: false }, customer, CONTACT, defaultSettings, Date.parse("2026-03-01T12:00:00Z"));
    expect(effects.map((e) => e.type)).toEqual(["notifyCustomer"]);
  });

  it("NOT-6: a replan withdraws the old reminder before scheduling the new one", () => {
    const effects = planningEffects("replanned", id, "2026-03-10" as IsoDate, { sendNotificationNow: false, sendReminderOneDayBefore: true }, customer, CONTACT, defaultSettings, Date.parse("2026-03-01T12:00:00Z"));
    expect(effects).toEqual([
      { type: "cancelReminder", interventionId: id },
      { type: "scheduleReminder", interventionId: id, sendOn: "2026-03-09" },
    ]);
  });

  it("NOT-6, GEN-10: no reminder for today or tomorrow in the company zone, even when UTC says otherwise", () => {
    // 23:30 UTC on 21 Nov is already 22 Nov in Prague: 23 Nov is tomorrow there.
    const now = Date.parse("2026-11-21T23:30:00Z");
    expect(reminderDay("2026-11-23" as IsoDate, now, "Europe/Prague")).toBeUndefined();
    expect(reminderDay("2026-11-23" as IsoDate, now, "UTC")).toBe("2026-11-22");
    expect(reminderDay("2026-11-24" as IsoDate, now, "Europe/Prague")).toBe("2026-11-23");
  });

  it("NOT-6, GEN-10: a reminder is scheduled iff the day is at least two local days after today, sendOn the local day before", () => {
    const zones = ["Europe/Prague", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "UTC"];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse("2020-01-01T00:00:00Z"), max: Date.parse("2030-12-31T00:00:00Z") }),
        fc.integer({ min: -5, max: 10 }),
        fc.constantFrom(...zones),
        (now, delta, zone) => {
          const t = today(now, zone);
          const day = addDays(t, delta);
          const sendOn = reminderDay(day, now, zone);
          if (delta >= 2) {
            expect(sendOn).toBe(addDays(day, -1));
            // The day before is a local day strictly after today.
            expect(sendOn! > localDate(now, zone)).toBe(true);
          } else {
            expect(sendOn).toBeUndefined();
          }
        },
      ),
    );
  });
});

describe("cancel effects", () => {
  it("INT-10: technicians notified (once each) and the reminder withdrawn; the customer only when asked", () => {
    expect(cancelEffects(id, [TECH1, TECH2, TECH1], false, customer, CONTACT, defaultSettings, false)).toEqual([
      { type: "notifyTechnicians", reason: "cancelled", interventionId: id, userIds: [TECH1, TECH2] },
      { type: "cancelReminder", interventionId: id },
    ]);
    expect(cancelEffects(id, [TECH1], true, customer, CONTACT, defaultSettings, false).map((e) => e.type)).toEqual([
      "notifyTechnicians",
      "cancelReminder",
      "notifyCustomer",
    ]);
  });

  it("NOT-4, NOT-5, INT-10: with nobody to tell, no notification effect at all (not an empty one)", () => {
    const none = withChannels(false, false);
    expect(planningEffects("planned", id, "2026-03-10" as IsoDate, { sendNotificationNow: true, sendReminderOneDayBefore: false }, customer, CONTACT, none, 0)).toEqual([]);
    expect(cancelEffects(id, [], true, customer, CONTACT, none, true)).toEqual([{ type: "cancelReminder", interventionId: id }]);
  });

  it("NOT-6, GEN-10: the reminder boundary is the start of the local day before: from that instant on, none", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.constantFrom("Europe/Prague", "America/New_York", "Pacific/Chatham", "UTC"), (n, zone) => {
        const day = addDays("2026-01-01" as IsoDate, n);
        const before = addDays(day, -1);
        const start = dayRange(before, zone).start;
        expect([reminderDay(day, start - 1, zone), reminderDay(day, start, zone)]).toEqual([before, undefined]);
      }),
    );
  });
});

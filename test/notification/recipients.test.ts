// NOT-2, NOT-3, NOT-4: the recipients of a customer notification against a plain model, over
// generated customers whose addresses repeat in mixed letter case and whose phones hold spaces.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContactPerson, Customer } from "../../src/customer/customer.js";
import { customerRecipients } from "../../src/notification/recipients.js";
import type { Recipient } from "../../src/notification/effect.js";
import { defaultSettings, type CompanySettings } from "../../src/shared/settings.js";
import { customer, g } from "../../src/testing/arbitraries/records/intervention.js";

const emailArb = fc.mixedCase(fc.constantFrom("jana@acme.cz", "office@acme.cz", "petr@acme.cz"));
const phoneArb = fc.record({ prefix: fc.constantFrom("+420", "+421"), phone: fc.constantFrom("777 123 456", "777123456", " 600 000 001 ") });
const contactArb = (i: number): fc.Arbitrary<ContactPerson> =>
  fc.record({ email: fc.option(emailArb, { nil: null }), phone: fc.option(phoneArb, { nil: null }), sendNotifications: fc.boolean() }).map((c) => ({
    id: g(0x600 + i),
    externalId: null,
    firstName: null,
    lastName: `L${i}`,
    position: null,
    sendReports: false,
    ...c,
  }));

/** The model: contact first (e-mail, then SMS without spaces), then the customer's e-mails; one entry per channel and address, e-mails compared ignoring case. */
function model(c: Customer, contactId: string, settings: CompanySettings, withEmails: boolean): Recipient[] {
  const wanted: Recipient[] = [];
  const contact = c.contactPeople.filter((p) => p.id === contactId)[0];
  if (contact?.sendNotifications === true) {
    if (settings.notifications.email && contact.email !== null) wanted.push({ channel: "email", address: contact.email });
    if (settings.notifications.sms && contact.phone !== null) wanted.push({ channel: "sms", address: (contact.phone.prefix + contact.phone.phone).split(" ").join("") });
  }
  if (withEmails && settings.notifications.email) for (const e of c.notificationEmails) wanted.push({ channel: "email", address: e });
  return wanted.filter((r, i) => wanted.findIndex((s) => s.channel === r.channel && (r.channel === "email" ? s.address.toLowerCase() === r.address.toLowerCase() : s.address === r.address)) === i);
}

describe("customerRecipients", () => {
  it("NOT-2, NOT-3, NOT-4: the order's contact (if it allows), then the customer's e-mails; each address once per channel, e-mails ignoring case", () => {
    fc.assert(
      fc.property(
        fc.tuple(contactArb(0), contactArb(1), contactArb(2)),
        fc.array(emailArb, { maxLength: 4 }),
        fc.nat(3),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (contacts, emails, pick, email, sms, withEmails) => {
          const c: Customer = { ...customer, contactPeople: contacts, notificationEmails: emails };
          const contactId = g(0x600 + pick); // pick 3 names no contact person
          const settings = { ...defaultSettings, notifications: { email, sms } };
          expect(customerRecipients(c, contactId, settings, withEmails)).toEqual(model(c, contactId, settings, withEmails));
        },
      ),
    );
  });
});

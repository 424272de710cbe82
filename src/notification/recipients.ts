import type { Customer, ContactPerson } from "../customer/customer.js";
import type { Guid } from "../shared/guid.js";
import type { CompanySettings } from "../shared/settings.js";
import type { Recipient } from "./effect.js";

/**
 * The recipients of a customer notification: the order's contact person when he or she
 * allows notifications (e-mail to `email`, SMS to `phone`), plus the customer's
 * `notificationEmails` when `withNotificationEmails`; each channel only when the company has
 * it on. The same address on the same channel appears once (e-mails compared ignoring case).
 * Applies NOT-2, NOT-3 and NOT-4 (the channel switches).
 * @param customer - the order's customer
 * @param contactPersonId - GUID of the order's contact person
 * @param settings - the company settings
 * @param withNotificationEmails - true for plan, replan and order cancel; false for an intervention cancel (NOT-3)
 * @returns the recipients, possibly none; frozen, so one list can be shared by every effect of a decision
 * @rule NOT-2
 * @rule NOT-4
 * @example
 * customerRecipients(customer, order.contactPersonId, defaultSettings, true) //=> [{ channel: "email", address: "jana@example.cz" }, { channel: "sms", address: "+420777123456" }, { channel: "email", address: "office@example.cz" }]
 * @internal
 */
export function customerRecipients(
  customer: Customer,
  contactPersonId: Guid,
  settings: CompanySettings,
  withNotificationEmails: boolean,
): readonly Recipient[] {
  const out: Recipient[] = [];
  const seen = new Set<string>();
  const add = (channel: Recipient["channel"], address: string): void => {
    // Stryker disable next-line MethodExpression: upper-casing instead compares e-mails ignoring case just the same
    const key = `${channel}:${channel === "email" ? address.toLowerCase() : address}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ channel, address });
  };
  const contact: ContactPerson | undefined = customer.contactPeople.find((c) => c.id === contactPersonId);
  if (contact !== undefined && contact.sendNotifications) {
    if (settings.notifications.email && contact.email !== null) add("email", contact.email);
    // Stryker disable next-line Regex: with the g flag, removing each space or each run of spaces gives the same text
    if (settings.notifications.sms && contact.phone !== null) add("sms", `${contact.phone.prefix}${contact.phone.phone}`.replace(/\s+/g, ""));
  }
  if (withNotificationEmails && settings.notifications.email) {
    for (const e of customer.notificationEmails) add("email", e);
  }
  return Object.freeze(out);
}

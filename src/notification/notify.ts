import type { Customer } from "../customer/customer.js";
import type { Guid } from "../shared/guid.js";
import type { CompanySettings } from "../shared/settings.js";
import { addDays, dayRange, type Instant, type IsoDate } from "../shared/time.js";
import type { CustomerNotificationReason, Effect, Recipient } from "./effect.js";
import { customerRecipients } from "./recipients.js";

/**
 * The `notifyCustomer` effect for an intervention, or none when no recipient remains.
 * Intervention-cancel notifications (`reason` `cancelled`, `orderCancel` false) go to the
 * contact person only; the others also to the customer's notification e-mails.
 * Applies NOT-2, NOT-3 and NOT-4.
 * @param reason - planned, replanned or cancelled
 * @param interventionId - GUID of the intervention
 * @param customer - the order's customer
 * @param contactPersonId - GUID of the order's contact person
 * @param settings - the company settings
 * @param orderCancel - true when the cancel comes from an order cancel (ORD-12)
 * @param recipients - the recipients already computed by {@link customerRecipients} for this
 *   decision (same customer, contact person, settings and e-mail switch): a decision that
 *   notifies about many interventions computes them once and every effect shares that frozen
 *   list, so its memory is O(interventions + recipients), not their product
 * @returns the effect, or `undefined` when nobody would receive it
 * @rule NOT-3
 * @example
 * customerNotification("planned", id, customer, contactId, { ...settings, notifications: { email: false, sms: false } }, false) //=> undefined
 * customerNotification("planned", id, customer, contactId, settings, false).recipients.length //=> 3
 * @internal
 */
export function customerNotification(
  reason: CustomerNotificationReason,
  interventionId: Guid,
  customer: Customer,
  contactPersonId: Guid,
  settings: CompanySettings,
  orderCancel: boolean,
  recipients: readonly Recipient[] = customerRecipients(customer, contactPersonId, settings, reason !== "cancelled" || orderCancel),
): Effect | undefined {
  return recipients.length === 0 ? undefined : { type: "notifyCustomer", reason, interventionId, recipients };
}

/**
 * The day a reminder for `day` is sent: the local day before, or `undefined` when `day` is
 * today, tomorrow or earlier in the company's time zone (then only the immediate
 * notification applies). Applies NOT-6 and GEN-10.
 * @param day - the intervention's day
 * @param now - the current instant
 * @param timeZone - the company's IANA time zone
 * @returns the `sendOn` day, or `undefined`
 * @rule NOT-6
 * @example
 * reminderDay("2026-03-12" as IsoDate, Date.parse("2026-03-10T12:00:00Z"), "Europe/Prague") //=> "2026-03-11"
 * reminderDay("2026-03-11" as IsoDate, Date.parse("2026-03-10T12:00:00Z"), "Europe/Prague") //=> undefined
 * @internal
 */
export function reminderDay(day: IsoDate, now: Instant, timeZone: string): IsoDate | undefined {
  // day >= today + 2  <=>  the day before has not started yet (local days tile the timeline).
  const before = addDays(day, -1);
  return now < dayRange(before, timeZone).start ? before : undefined;
}

/**
 * The notification effects of a plan or replan, in order: on replan the old reminder is
 * withdrawn first; then the immediate notification when asked; then the reminder when asked
 * and not too late. Applies NOT-5, NOT-6 (and NOT-2..NOT-4 through
 * {@link customerNotification}).
 * @param kind - `planned` or `replanned`
 * @param interventionId - GUID of the intervention
 * @param day - its day
 * @param flags - the request's `sendNotificationNow` and `sendReminderOneDayBefore`
 * @param customer - the order's customer
 * @param contactPersonId - GUID of the order's contact person
 * @param settings - the company settings
 * @param now - the current instant
 * @returns the effects
 * @rule NOT-5
 * @example
 * planningEffects("replanned", id, day, { sendNotificationNow: false, sendReminderOneDayBefore: false }, customer, contactId, defaultSettings, now) //=> [{ type: "cancelReminder", interventionId: id }]
 * @internal
 */
export function planningEffects(
  kind: "planned" | "replanned",
  interventionId: Guid,
  day: IsoDate,
  flags: { readonly sendNotificationNow: boolean; readonly sendReminderOneDayBefore: boolean },
  customer: Customer,
  contactPersonId: Guid,
  settings: CompanySettings,
  now: Instant,
): readonly Effect[] {
  const effects: Effect[] = [];
  if (kind === "replanned") effects.push({ type: "cancelReminder", interventionId });
  if (flags.sendNotificationNow) {
    // Stryker disable next-line BooleanLiteral: orderCancel only widens an intervention cancel's recipients; a plan or replan notification always includes notificationEmails (NOT-3)
    const n = customerNotification(kind, interventionId, customer, contactPersonId, settings, false);
    if (n !== undefined) effects.push(n);
  }
  if (flags.sendReminderOneDayBefore) {
    const sendOn = reminderDay(day, now, settings.timeZone);
    if (sendOn !== undefined) effects.push({ type: "scheduleReminder", interventionId, sendOn });
  }
  return effects;
}

/**
 * The effects of cancelling one intervention, in order: its technicians are notified, its
 * pending reminder withdrawn, and, when asked, the customer notified (contact person only for
 * an intervention cancel, also the notification e-mails for an order cancel). Releasing the
 * allocations is the caller's index update (the cancelled intervention no longer counts).
 * Applies INT-10, ORD-12 and NOT-3.
 * @param interventionId - GUID of the intervention
 * @param technicianIds - GUIDs of its assigned technicians
 * @param notifyCustomer - the request's `sendNotificationToCustomer`
 * @param customer - the order's customer
 * @param contactPersonId - GUID of the order's contact person
 * @param settings - the company settings
 * @param orderCancel - true when an order cancel cascades (ORD-11)
 * @param recipients - the customer recipients shared by the decision's effects, when it
 *   computed them once ({@link customerNotification}); computed here when left out
 * @returns the effects
 * @example
 * cancelEffects(id, [tech], false, customer, contactId, defaultSettings, false) //=> [{ type: "notifyTechnicians", reason: "cancelled", interventionId: id, userIds: [tech] }, { type: "cancelReminder", interventionId: id }]
 * @internal
 */
export function cancelEffects(
  interventionId: Guid,
  technicianIds: readonly Guid[],
  notifyCustomer: boolean,
  customer: Customer,
  contactPersonId: Guid,
  settings: CompanySettings,
  orderCancel: boolean,
  recipients?: readonly Recipient[],
): readonly Effect[] {
  const effects: Effect[] = [];
  const userIds = [...new Set(technicianIds)];
  if (userIds.length > 0) effects.push({ type: "notifyTechnicians", reason: "cancelled", interventionId, userIds });
  effects.push({ type: "cancelReminder", interventionId });
  if (notifyCustomer) {
    const n = customerNotification("cancelled", interventionId, customer, contactPersonId, settings, orderCancel, recipients);
    if (n !== undefined) effects.push(n);
  }
  return effects;
}

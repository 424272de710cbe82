import type { Customer } from "../customer/customer.js";
import type { Recipient } from "../notification/effect.js";
import { cancelEffects } from "../notification/notify.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import { collect, type Issue, type Result } from "../shared/issue.js";
import type { CompanySettings } from "../shared/settings.js";
import type { InterventionDecision } from "./decision.js";
import { interventionActionIssue } from "./machine.js";
import type { InterventionCancelCommand } from "./request.js";

/** Everything an intervention-cancel decision reads besides the command. */
export interface InterventionCancelContext {
  /** The intervention to cancel. */
  readonly intervention: Intervention;
  /** Its order. */
  readonly order: Order;
  /** The order's customer (contact person, NOT-2). */
  readonly customer: Customer;
  /** Company settings (channels, NOT-4). */
  readonly settings: CompanySettings;
}

/**
 * Cancels one intervention unconditionally, with its INT-10 effects: the shared step of an
 * intervention cancel (INT-5, after its state check) and an order cancel's cascade (ORD-11,
 * which also cancels `WaitingForSignature`). The allocations are released because the
 * result is `Cancelled` (the collision index drops cancelled interventions,
 * `updateCollisionIndexBatch`); the technicians' notice and the reminder's withdrawal are
 * `cancelEffects`. Both cancels call this last, so it owns INT-10.
 * @param intervention - the intervention
 * @param command - reason and whether to notify the customer
 * @param customer - the order's customer
 * @param contactPersonId - GUID of the order's contact person
 * @param settings - company settings
 * @param orderCancel - true for the ORD-11 cascade (notification e-mails included, NOT-3)
 * @param recipients - the customer recipients an order cancel computed once for all its
 *   interventions (shared, frozen); computed per call when left out
 * @returns the cancelled intervention and its effects
 * @rule INT-10
 * @example
 * cancelledIntervention(planned, { reason: "rain", sendNotificationToCustomer: false }, customer, contactId, defaultSettings, false).intervention.state //=> "Cancelled"
 * @internal
 */
export function cancelledIntervention(
  intervention: Intervention,
  command: InterventionCancelCommand,
  customer: Customer,
  contactPersonId: Intervention["ownerId"],
  settings: CompanySettings,
  orderCancel: boolean,
  recipients?: readonly Recipient[],
): InterventionDecision {
  return {
    intervention: { ...intervention, state: "Cancelled", cancellationReason: command.reason },
    effects: cancelEffects(
      intervention.id,
      intervention.assignations.map((a) => a.userId),
      command.sendNotificationToCustomer,
      customer,
      contactPersonId,
      settings,
      orderCancel,
      recipients,
    ),
  };
}

/**
 * Cancels an intervention that is `Planned`, `DepartureStarted` or `Running`, keeping the
 * reason. Effects: technicians notified, reminder withdrawn, and when asked the contact
 * person notified (not the notification e-mails). The caller releases the allocations by
 * updating its collision index with the result. Applies INT-5, INT-10, NOT-3.
 * @param command - the parsed cancel body
 * @param context - the intervention, order, customer and settings
 * @returns `{ intervention, effects }`, or the issues
 * @rule INT-5
 * @example
 * cancelIntervention({ reason: null, sendNotificationToCustomer: false }, { ...cancelContext, intervention: waiting }) //=> { ok: false, issues: [{ code: "InvalidState", path: "", message: "cancel: intervention is WaitingForSignature (INT-5)", rule: "INT-5" }] }
 * cancelIntervention({ reason: "rain", sendNotificationToCustomer: false }, cancelContext).value.intervention.state //=> "Cancelled"
 */
export function cancelIntervention(command: InterventionCancelCommand, context: InterventionCancelContext): Result<InterventionDecision> {
  const issues: Issue[] = [];
  const stateIssue = interventionActionIssue("cancel", context.intervention, context.order);
  if (stateIssue !== undefined) issues.push(stateIssue);
  return collect(issues, () =>
    cancelledIntervention(context.intervention, command, context.customer, context.order.contactPersonId, context.settings, false),
  );
}

import type { Customer } from "../customer/customer.js";
import { cancelledIntervention } from "../intervention/cancel.js";
import { interventionCancelJsonSchema, parseInterventionCancel, type InterventionCancelCommand } from "../intervention/request.js";
import type { Effect } from "../notification/effect.js";
import { customerRecipients } from "../notification/recipients.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import { fail, ok, type Result } from "../shared/issue.js";
import type { CompanySettings } from "../shared/settings.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import { isFinishedIntervention, nextOrderState, orderActionIssue } from "./machine.js";

/** A parsed order-cancel body: the same fields as an intervention cancel. */
export type OrderCancelCommand = InterventionCancelCommand;

/**
 * Parses an order-cancel body (`PUT /order/{id}/cancel`): optional `reason` and
 * `sendNotificationToCustomer` (default `false`). Applies ORD-11 and ORD-12 (fields).
 * @param body - the JSON body
 * @returns the command, or every issue
 * @example
 * parseOrderCancel({ sendNotificationToCustomer: "yes" }) //=> { ok: false, issues: [{ code: "InvalidType", path: "sendNotificationToCustomer", ... }] }
 */
export function parseOrderCancel(body: unknown): Result<OrderCancelCommand> {
  return parseInterventionCancel(body);
}

/** {@link parseOrderCancel} as a Standard Schema v1 validator and Standard JSON Schema converter (the intervention cancel's schema). */
export const orderCancelSchema: BodySchema<OrderCancelCommand> = /* @__PURE__ */ toStandardSchema(parseOrderCancel, interventionCancelJsonSchema);

/** Everything an order-cancel decision reads besides the command. */
export interface OrderCancelContext {
  /** The order. */
  readonly order: Order;
  /** The order's interventions. */
  readonly interventions: readonly Intervention[];
  /** The order's customer (NOT-2, NOT-3). */
  readonly customer: Customer;
  /** Company settings (NOT-4). */
  readonly settings: CompanySettings;
}

/** The outcome of an order cancel. */
export interface OrderCancelDecision {
  /** The cancelled order. */
  readonly order: Order;
  /** Only the interventions it cancelled. */
  readonly interventions: readonly Intervention[];
  /** Effects of every cancelled intervention, in order. */
  readonly effects: readonly Effect[];
}

/**
 * Cancels an `Open` or `Completed` order, keeping the reason; every intervention not
 * `Completed` or `Cancelled` (whatever its state, `WaitingForSignature` included) is
 * cancelled with the same reason and gets the INT-10 effects, and, when
 * `sendNotificationToCustomer`, a customer notification to the contact person (if allowed)
 * and the notification e-mails. Applies ORD-11, ORD-12, INT-10, NOT-3.
 * @param command - the parsed cancel body
 * @param context - the order, its interventions, the customer and the settings
 * @returns `{ order, interventions, effects }`, or the issue
 * @rule ORD-11
 * @rule ORD-12
 * @example
 * cancelOrder({ reason: "gone", sendNotificationToCustomer: false }, { ...orderCancelContext, order: cancelledOrder }) //=> { ok: false, issues: [{ code: "InvalidState", path: "", message: "cancel: order is Cancelled (ORD-11)", rule: "ORD-11" }] }
 * cancelOrder({ reason: "gone", sendNotificationToCustomer: false }, orderCancelContext).value.interventions.map((i) => i.state) //=> ["Cancelled"]
 */
export function cancelOrder(command: OrderCancelCommand, context: OrderCancelContext): Result<OrderCancelDecision> {
  const { order } = context;
  const why = orderActionIssue("cancel", order, context.interventions);
  if (why !== undefined) return fail([why]);
  const interventions: Intervention[] = [];
  const effects: Effect[] = [];
  // One recipient list for the whole cascade, shared by every notification (frozen): memory
  // stays O(interventions + recipients) however many interventions and e-mails there are.
  // Stryker disable next-line ArrayDeclaration: without sendNotificationToCustomer no notification is built, so this list is never read
  const recipients = command.sendNotificationToCustomer ? customerRecipients(context.customer, order.contactPersonId, context.settings, true) : [];
  for (const iv of context.interventions) {
    if (isFinishedIntervention(iv.state)) continue;
    // Stryker disable next-line BooleanLiteral: the recipients are passed, and orderCancel only chooses the default recipients
    const d = cancelledIntervention(iv, command, context.customer, order.contactPersonId, context.settings, true, recipients);
    interventions.push(d.intervention);
    for (const e of d.effects) effects.push(e);
  }
  return ok({
    order: { ...order, state: nextOrderState(order.state, "cancel") ?? order.state, cancellationReason: command.reason },
    interventions,
    effects,
  });
}

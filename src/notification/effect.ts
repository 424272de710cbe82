/** A channel a customer notification travels by (NOT-2). */
export type Channel = "email" | "sms";

/** One addressee of a customer notification. */
export interface Recipient {
  /** E-mail or SMS. */
  readonly channel: Channel;
  /** The e-mail address, or the phone number with its prefix. */
  readonly address: string;
}

/** Why a customer is notified. */
export type CustomerNotificationReason = "planned" | "replanned" | "cancelled";

/**
 * A consequence of a decision, returned as data for the embedding server to deliver; the
 * library never sends anything itself (NOT-1). Shapes exactly as docs/service.md "Effects";
 * effects are listed in the order they arise.
 * @rule NOT-1
 */
export type Effect =
  | {
      /** Notify the customer now (NOT-2..NOT-5, ORD-12). */
      readonly type: "notifyCustomer";
      /** What happened to the intervention. */
      readonly reason: CustomerNotificationReason;
      /** GUID of the intervention. */
      readonly interventionId: string;
      /** Who receives it, never empty (NOT-4). */
      readonly recipients: readonly Recipient[];
    }
  | {
      /** Send the customer a reminder on a later day (NOT-6). */
      readonly type: "scheduleReminder";
      /** GUID of the intervention. */
      readonly interventionId: string;
      /** The day to send it, `YYYY-MM-DD` in the company's time zone. */
      readonly sendOn: string;
    }
  | {
      /** Withdraw the intervention's pending reminder, if any (NOT-6, INT-10). */
      readonly type: "cancelReminder";
      /** GUID of the intervention. */
      readonly interventionId: string;
    }
  | {
      /** Tell the technicians their intervention is cancelled (INT-10). */
      readonly type: "notifyTechnicians";
      /** Always `cancelled`. */
      readonly reason: "cancelled";
      /** GUID of the intervention. */
      readonly interventionId: string;
      /** GUIDs of the technicians. */
      readonly userIds: readonly string[];
    };

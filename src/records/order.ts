import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";

/** Order states; Czech display labels in {@link orderStateLabels}. */
export const orderStates = ["Open", "Completed", "Cancelled"] as const;

/** An order state. */
export type OrderState = (typeof orderStates)[number];

/** Czech display labels of the order states. */
export const orderStateLabels: { readonly [S in OrderState]: string } = {
  Open: "Otevřená",
  Completed: "Dokončená",
  Cancelled: "Zrušená",
};

/**
 * Priorities of orders and interventions (ORD-4).
 * @rule ORD-4
 */
export const priorities = ["Low", "Normal", "High"] as const;

/** A priority (ORD-4). */
export type Priority = (typeof priorities)[number];

/** An order record, as stored; the read shape is in docs/service.md. */
export interface Order {
  /** GUID. */
  readonly id: Guid;
  /** External ID (GEN-4), unchangeable after add (ORD-8). */
  readonly externalId: string | null;
  /** Lifecycle state. */
  readonly state: OrderState;
  /** GUID of the customer, unchangeable (ORD-8). */
  readonly customerId: Guid;
  /** GUID of an address of the customer (ORD-1). */
  readonly addressId: Guid;
  /** GUID of a contact person of the customer (ORD-1). */
  readonly contactPersonId: Guid;
  /** GUID of an OrderCategory. */
  readonly categoryId: Guid;
  /** GUID of the invoicing customer. */
  readonly invoiceCustomerId: Guid | null;
  /** Name. */
  readonly name: string | null;
  /** Estimated minutes (ORD-5). */
  readonly estimatedDuration: number | null;
  /** The customer's request. */
  readonly problemDescriptionFromCustomer: string | null;
  /** Internal note. */
  readonly internalNote: string | null;
  /** JSON text (CUS-8 applies with the order template). */
  readonly customData: string | null;
  /** Priority (ORD-3, ORD-4). */
  readonly priority: Priority;
  /** GUID of an OrderCustomState. */
  readonly customStateId: Guid | null;
  /** GUIDs of devices of the customer (ORD-1). */
  readonly serviceObjectIds: readonly Guid[];
  /** GUID of the owner (AUTH-6). */
  readonly ownerId: Guid;
  /** Requested date-time. */
  readonly requestedDate: Instant | null;
  /** Documents by post (ORD-3). */
  readonly sendByPost: boolean;
  /** Use the orderer's work prices (ORD-2). */
  readonly useWorkItemsFromInvoiceCustomer: boolean;
  /** Reason given when cancelled (ORD-11). */
  readonly cancellationReason: string | null;
}


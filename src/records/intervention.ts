import type { Guid } from "../shared/guid.js";
import type { Instant, IsoDate } from "../shared/time.js";
import type { Priority } from "./order.js";

/** Intervention states; Czech display labels in {@link interventionStateLabels}. */
export const interventionStates = ["Planned", "DepartureStarted", "Running", "WaitingForSignature", "Completed", "Cancelled"] as const;

/** An intervention state. */
export type InterventionState = (typeof interventionStates)[number];

/** Czech display labels of the intervention states. */
export const interventionStateLabels: { readonly [S in InterventionState]: string } = {
  Planned: "Naplánovaný",
  DepartureStarted: "Zahájený odjezd",
  Running: "Probíhající",
  WaitingForSignature: "Čeká na podpis",
  Completed: "Dokončený",
  Cancelled: "Zrušený",
};

/** A technician allocated to an intervention for a time range `[plannedStart, plannedEnd)`. */
export interface Assignation {
  /** GUID of the technician. */
  readonly userId: Guid;
  /** Start instant. */
  readonly plannedStart: Instant;
  /** End instant (exclusive, ASN-5). */
  readonly plannedEnd: Instant;
}

/** A report document generated from one form when an intervention completes (INT-6). */
export interface ReportDocument {
  /** GUID. */
  readonly id: Guid;
  /** GUID of the form. */
  readonly formId: Guid;
  /** Name of the form. */
  readonly formName: string;
  /** File name of the document. */
  readonly fileName: string;
  /** When it was generated. */
  readonly createdAt: Instant;
}

/** An intervention record, as stored; the read shape (InterventionDetail) is in docs/service.md. */
export interface Intervention {
  /** GUID. */
  readonly id: Guid;
  /** External ID (GEN-4). */
  readonly externalId: string | null;
  /** GUID of the order it belongs to (INT-8). */
  readonly orderId: Guid;
  /** Lifecycle state. */
  readonly state: InterventionState;
  /** Calendar day in the company's time zone (ASN-4). */
  readonly day: IsoDate;
  /** GUID of the main technician (ASN-1). */
  readonly primaryAssigneeId: Guid;
  /** Technicians and their time ranges. */
  readonly assignations: readonly Assignation[];
  /** GUID of an InterventionCategory. */
  readonly categoryId: Guid;
  /** GUID of an InterventionCustomState. */
  readonly customStateId: Guid | null;
  /** Priority (INT-2). */
  readonly priority: Priority;
  /** Internal note. */
  readonly internalNote: string | null;
  /** GUID of the owner (INT-9). */
  readonly ownerId: Guid;
  /** Documents by post (INT-9). */
  readonly sendByPost: boolean;
  /** Reason given when cancelled (INT-5, ORD-11). */
  readonly cancellationReason: string | null;
  /** Documents generated on completion (INT-6). */
  readonly reportDocuments: readonly ReportDocument[];
}

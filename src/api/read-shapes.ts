import type { Customer } from "../customer/customer.js";
import type { MaterialUnit } from "../material/material.js";
import type { InterventionState } from "../records/intervention.js";
import type { OrderState, Priority } from "../records/order.js";
import type { AllowedAction } from "../shared/allowed-action.js";
import type { Guid } from "../shared/guid.js";
import type { Issue } from "../shared/issue.js";

// The read shapes as types only: what the API answers (docs/service.md "Read shapes"). They
// live beside the route table so that a client (src/client) can type its answers without
// importing the service; src/service/read-shapes.ts builds them and re-exports these names.

/** The customer read shape (docs/service.md "Read shapes"): the stored record, field by field. */
export type CustomerShape = Customer;

/** The order read shape (docs/service.md "Read shapes"). */
export interface OrderShape {
  /** GUID. */ readonly id: Guid;
  /** External ID or `null`. */ readonly externalId: string | null;
  /** Lifecycle state. */ readonly state: OrderState;
  /** GUID of the customer. */ readonly customerId: Guid;
  /** GUID of the address. */ readonly addressId: Guid;
  /** GUID of the contact person. */ readonly contactPersonId: Guid;
  /** GUID of the OrderCategory. */ readonly categoryId: Guid;
  /** GUID of the invoicing customer or `null`. */ readonly invoiceCustomerId: Guid | null;
  /** Name or `null`. */ readonly name: string | null;
  /** Minutes or `null`. */ readonly estimatedDuration: number | null;
  /** The customer's request or `null`. */ readonly problemDescriptionFromCustomer: string | null;
  /** Internal note or `null`. */ readonly internalNote: string | null;
  /** JSON text or `null`. */ readonly customData: string | null;
  /** Priority. */ readonly priority: Priority;
  /** GUID of the OrderCustomState or `null`. */ readonly customStateId: Guid | null;
  /** GUIDs of devices. */ readonly serviceObjectIds: readonly Guid[];
  /** GUID of the owner. */ readonly ownerId: Guid;
  /** UTC date-time with `Z`, or `null`. */ readonly requestedDate: string | null;
  /** Documents by post. */ readonly sendByPost: boolean;
  /** Use the orderer's work prices. */ readonly useWorkItemsFromInvoiceCustomer: boolean;
  /** Reason of cancellation or `null`. */ readonly cancellationReason: string | null;
  /** GUIDs of the order's interventions, in planning order. */ readonly interventionIds: readonly Guid[];
}

/** The InterventionDetail read shape (docs/service.md "Read shapes"). */
export interface InterventionShape {
  /** GUID. */ readonly id: Guid;
  /** External ID or `null`. */ readonly externalId: string | null;
  /** GUID of its order. */ readonly orderId: Guid;
  /** Lifecycle state. */ readonly state: InterventionState;
  /** `YYYY-MM-DD` in the company's time zone. */ readonly day: string;
  /** GUID of the main technician. */ readonly primaryAssigneeId: Guid;
  /** Technicians and their UTC time ranges. */
  readonly assignations: readonly {
    /** GUID of the technician. */ readonly userId: Guid;
    /** UTC date-time with `Z`. */ readonly plannedStart: string;
    /** UTC date-time with `Z`. */ readonly plannedEnd: string;
  }[];
  /** GUID of the InterventionCategory. */ readonly categoryId: Guid;
  /** GUID of the InterventionCustomState or `null`. */ readonly customStateId: Guid | null;
  /** Priority. */ readonly priority: Priority;
  /** Internal note or `null`. */ readonly internalNote: string | null;
  /** GUID of the owner. */ readonly ownerId: Guid;
  /** Documents by post. */ readonly sendByPost: boolean;
  /** Reason of cancellation or `null`. */ readonly cancellationReason: string | null;
}

/** The report-documents read shape (docs/service.md "Read shapes", INT-6). */
export interface ReportDocumentsShape {
  /** One document per form of the intervention's category. */
  readonly documents: readonly {
    /** GUID. */ readonly id: Guid;
    /** GUID of the form. */ readonly formId: Guid;
    /** Name of the form. */ readonly formName: string;
    /** File name. */ readonly fileName: string;
    /** UTC date-time with `Z`. */ readonly createdAt: string;
  }[];
}

/** The material read shape (docs/service.md "Read shapes"). */
export interface MaterialShape {
  /** GUID. */ readonly id: Guid;
  /** External ID or `null`. */ readonly externalId: string | null;
  /** Name. */ readonly name: string;
  /** GUID of the MaterialCategory. */ readonly categoryId: Guid;
  /** GUID of the MaterialSupplier. */ readonly supplierId: Guid;
  /** Code or `null`. */ readonly identificationNumber: string | null;
  /** Description or `null`. */ readonly description: string | null;
  /** Supplier's code or `null`. */ readonly supplierCode: string | null;
  /** Unit. */ readonly unit: MaterialUnit;
  /** Sale price as a JSON number. */ readonly price: number;
  /** Cost price as a JSON number, or `null`. */ readonly costPrice: number | null;
}

/** The answer of `POST /customer` and `POST /order` (201, docs/service.md "Endpoints"). */
export interface CreatedShape {
  /** GUID of the new record. */
  readonly id: Guid;
}

/** One item of the `addToStore` answer: a touched material and its resulting amount. */
export interface StockAmountShape {
  /** GUID of the material. */
  readonly materialId: Guid;
  /** The amount after the batch; `null` for unlimited (STK-1). */
  readonly amount: number | null;
}

/** The `addToStore` answer (201, docs/service.md "Endpoints"). */
export interface AddToStoreShape {
  /** The materials the batch touched, in the order first touched, with their resulting amounts. */
  readonly items: readonly StockAmountShape[];
}

/** The answer of both `allowedActions` reads: each action with whether it is allowed now and, if not, why. */
export interface AllowedActionsShape<A extends string> {
  /** One entry per action of the state machine, in table order. */
  readonly actions: readonly AllowedAction<A>[];
}

/** The answer of `GET …/candidates` (CND-2 to CND-4; an extension, docs/service-extensions.md): instants as UTC `Z` text. */
export interface CandidatesShape {
  /** The day asked for. */ readonly day: string;
  /** The slot's length in minutes. */ readonly duration: number;
  /** Minutes between two starts of the grid. */ readonly step: number;
  /** The window's first instant. */ readonly windowStart: string;
  /** The window's end (exclusive). */ readonly windowEnd: string;
  /** The slots, ranked (CND-3). */ readonly candidates: readonly CandidateShape[];
  /** The considered technicians with no slot, and why (CND-4). */ readonly leftOut: readonly LeftOutShape[];
}

/** One slot of a {@link CandidatesShape}: plan it as the technician's assignation. */
export interface CandidateShape {
  /** GUID of the technician. */ readonly userId: Guid;
  /** Start, UTC `Z`. */ readonly plannedStart: string;
  /** End (exclusive), UTC `Z`. */ readonly plannedEnd: string;
}

/** A technician a {@link CandidatesShape} leaves out, with why (ASN-2, ASN-5). */
export interface LeftOutShape {
  /** GUID of the technician. */ readonly userId: Guid;
  /** The issues, each with its rule. */ readonly issues: readonly Issue[];
}

import { MAX_CANDIDATE_DURATION, MAX_CANDIDATE_LIMIT, MAX_CANDIDATE_STEP, MIN_CANDIDATE_STEP } from "../assignation/candidates.js";
import { customerKinds, type Customer } from "../customer/customer.js";
import { materialUnits, type MaterialUnit } from "../material/material.js";
import { interventionStates, type InterventionState } from "../records/intervention.js";
import { orderStates, priorities, type OrderState, type Priority } from "../records/order.js";
import type { LoginResponse } from "../auth/login.js";
import type { JournalEntryShape, JournalPage } from "../journal/entry.js";
import type { AllowedAction } from "../shared/allowed-action.js";
import type { Guid } from "../shared/guid.js";
import type { Issue } from "../shared/issue.js";
import { MAX_STORE_PAGE_SIZE } from "../store/query.js";
import type { StoreDetail } from "../store-listing/page.js";
import { asIs, component, day, flag, guid, instant, integer, list, nullable, number, object, oneOf, text, withText, type AnswerDescription } from "./answer-description.js";

// The read shapes: what the API answers (docs/service.md "Read shapes"). Each is a type, and
// beside it its description (src/api/answer-description.ts), typed by it: the compiler holds the
// two to the same fields and field types (the description's type is invariant), and the OpenAPI
// document's response schemas are derived from the descriptions (src/api/openapi.ts), so a field
// cannot be added to an answer's type without its schema. The types stay written out, with their
// TSDoc, because the declarations must be explicit (isolatedDeclarations): a type inferred from a
// value cannot be exported. They live beside the route table so that a client (src/client) can
// type its answers without importing the service (it imports the types only; the descriptions
// stay out of its bundle); src/service/read-shapes.ts builds them and re-exports these names.

/** The customer read shape (docs/service.md "Read shapes"): the stored record, field by field. */
export type CustomerShape = Customer;

/** The customer read shape, described (the response schema of the OpenAPI document). */
export const customerAnswer: AnswerDescription<CustomerShape> = object(
  {
    id: guid, externalId: nullable(text), name: text, kind: oneOf(customerKinds), categoryId: guid, typeId: guid, ownerId: guid,
    identificationNumber: nullable(text), taxNumber: nullable(text), website: nullable(text), description: nullable(text), customData: nullable(text),
    notificationEmails: list(text), sendByPost: flag, primaryContactPersonId: nullable(guid), invoiceAddressId: nullable(guid), contactAddressId: nullable(guid),
    contactPeople: list(object({
      id: guid, externalId: nullable(text), firstName: nullable(text), lastName: nullable(text), position: nullable(text),
      phone: nullable(object({ prefix: text, phone: text })), email: nullable(text), sendNotifications: flag, sendReports: flag,
    })),
    addresses: list(object({
      id: guid, externalId: nullable(text), street: nullable(text), city: nullable(text), postalCode: nullable(text), country: nullable(text),
      coordinates: nullable(object({ latitude: number, longitude: number })),
    })),
    serviceObjects: list(object({ id: guid, externalId: nullable(text), name: text, serialNumber: nullable(text), description: nullable(text), addressId: nullable(guid) })),
  },
  "A customer; nested references hold the element's GUID.",
);

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

/** The order read shape, described (the response schema of the OpenAPI document). */
export const orderAnswer: AnswerDescription<OrderShape> = object({
  id: guid,
  externalId: nullable(text),
  state: oneOf(orderStates),
  customerId: guid,
  addressId: guid,
  contactPersonId: guid,
  categoryId: guid,
  invoiceCustomerId: nullable(guid),
  name: nullable(text),
  estimatedDuration: nullable(integer({ minimum: 0 })),
  problemDescriptionFromCustomer: nullable(text),
  internalNote: nullable(text),
  customData: nullable(text),
  priority: oneOf(priorities),
  customStateId: nullable(guid),
  serviceObjectIds: list(guid),
  ownerId: guid,
  requestedDate: nullable(instant),
  sendByPost: flag,
  useWorkItemsFromInvoiceCustomer: flag,
  cancellationReason: nullable(text),
  interventionIds: list(guid),
});

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

/** The InterventionDetail read shape, described (the response schema of the OpenAPI document). */
export const interventionAnswer: AnswerDescription<InterventionShape> = object({
  id: guid,
  externalId: nullable(text),
  orderId: guid,
  state: oneOf(interventionStates),
  day: day("In the company's time zone."),
  primaryAssigneeId: guid,
  assignations: list(object({
    userId: guid,
    plannedStart: instant,
    plannedEnd: instant,
  })),
  categoryId: guid,
  customStateId: nullable(guid),
  priority: oneOf(priorities),
  internalNote: nullable(text),
  ownerId: guid,
  sendByPost: flag,
  cancellationReason: nullable(text),
});

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

/** The report-documents read shape, described (the response schema of the OpenAPI document). */
export const reportDocumentsAnswer: AnswerDescription<ReportDocumentsShape> = object({
  documents: list(object({
    id: guid,
    formId: guid,
    formName: text,
    fileName: text,
    createdAt: instant,
  })),
});

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

/** The material read shape, described (the response schema of the OpenAPI document). */
export const materialAnswer: AnswerDescription<MaterialShape> = object({
  id: guid,
  externalId: nullable(text),
  name: text,
  categoryId: guid,
  supplierId: guid,
  identificationNumber: nullable(text),
  description: nullable(text),
  supplierCode: nullable(text),
  unit: oneOf(materialUnits),
  price: number,
  costPrice: nullable(number),
});

/** The answer of `POST /customer` and `POST /order` (201, docs/service.md "Endpoints"). */
export interface CreatedShape {
  /** GUID of the new record. */
  readonly id: Guid;
}

/** The answer of `POST /customer` and `POST /order`, described (the response schema of the OpenAPI document). */
export const createdAnswer: AnswerDescription<CreatedShape> = object({
  id: guid,
}, "The GUID of the new record.");

/** One item of the `addToStore` answer: a touched material and its resulting amount. */
export interface StockAmountShape {
  /** GUID of the material. */
  readonly materialId: Guid;
  /** The amount after the batch; `null` for unlimited (STK-1). */
  readonly amount: number | null;
}

/** One item of the `addToStore` answer, described (the response schema of the OpenAPI document). */
export const stockAmountAnswer: AnswerDescription<StockAmountShape> = object({
  materialId: guid,
  amount: withText(nullable(number), "The amount after the batch; null: unlimited (STK-1)."),
});

/** The `addToStore` answer (201, docs/service.md "Endpoints"). */
export interface AddToStoreShape {
  /** The materials the batch touched, in the order first touched, with their resulting amounts. */
  readonly items: readonly StockAmountShape[];
}

/** The `addToStore` answer, described (the response schema of the OpenAPI document). */
export const addToStoreAnswer: AnswerDescription<AddToStoreShape> = object({
  items: list(stockAmountAnswer),
});

/** The answer of both `allowedActions` reads: each action with whether it is allowed now and, if not, why. */
export interface AllowedActionsShape<A extends string> {
  /** One entry per action of the state machine, in table order. */
  readonly actions: readonly AllowedAction<A>[];
}

/**
 * The answer of an `allowedActions` read, described for one state machine's actions.
 * @param actions - the machine's actions, in table order
 * @returns the description of {@link AllowedActionsShape}
 */
export function allowedActionsAnswer<A extends string>(actions: readonly A[]): AnswerDescription<AllowedActionsShape<A>> {
  return object({
    actions: list(asIs<AllowedAction<A>>({
      type: "object",
      properties: { action: oneOf(actions).schema, allowed: flag.schema, issue: component<Issue>("Issue").schema },
      required: ["action", "allowed"],
      additionalProperties: false,
      description: "issue is present exactly when allowed is false.",
    })),
  });
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

/** One slot of a candidates answer, described (the response schema of the OpenAPI document). */
export const candidateAnswer: AnswerDescription<CandidateShape> = object({
  userId: guid,
  plannedStart: instant,
  plannedEnd: instant,
});

/** A technician a {@link CandidatesShape} leaves out, with why (ASN-2, ASN-5). */
export interface LeftOutShape {
  /** GUID of the technician. */ readonly userId: Guid;
  /** The issues, each with its rule. */ readonly issues: readonly Issue[];
}

/** A technician a candidates answer leaves out, described (the response schema of the OpenAPI document). */
export const leftOutAnswer: AnswerDescription<LeftOutShape> = object({
  userId: guid,
  issues: list(component<Issue>("Issue"), { minItems: 1 }),
}, "A considered technician with no slot: NotTechnician or Deactivated (ASN-2), or Collision in every slot (ASN-5).");

/** The answer of `GET …/candidates`, described (the response schema of the OpenAPI document). */
export const candidatesAnswer: AnswerDescription<CandidatesShape> = object({
  day: day("The day asked for, in the company's time zone."),
  duration: withText(integer({ minimum: 1, maximum: MAX_CANDIDATE_DURATION }), "The slot's length in minutes."),
  step: withText(integer({ minimum: MIN_CANDIDATE_STEP, maximum: MAX_CANDIDATE_STEP }), "Minutes between two starts of the grid."),
  windowStart: withText(instant, "The window's first instant (its from, or the day's start), UTC with Z."),
  windowEnd: withText(instant, "The window's end, exclusive (its to, or the day's end), UTC with Z."),
  candidates: list(candidateAnswer, { maxItems: MAX_CANDIDATE_LIMIT, description: "The slots, ranked (CND-3); at most limit." }),
  leftOut: list(leftOutAnswer),
}, "The slots and technicians the assignation rules allow (CND-2 to CND-4).");

/** The answer of `POST /auth/login` ({@link LoginResponse}, AUTH-1), described (the response schema of the OpenAPI document). */
export const loginAnswer: AnswerDescription<LoginResponse> = object({
  success: asIs<true>({ const: true }),
  accessToken: withText(text, "Send as Authorization: Bearer <accessToken>."),
  user: object({ companyId: guid, tenantCode: text, companyName: text }),
});

/** The answer of `GET /store/{store}` ({@link StoreDetail}), described (the response schema of the OpenAPI document). */
export const storeDetailAnswer: AnswerDescription<StoreDetail> = object({
  id: guid, externalId: nullable(text), name: text, availableFor: list(guid),
  materials: object({
    items: list(object({
      materialId: guid, materialExternalId: nullable(text), name: text, identificationNumber: nullable(text), supplierCode: nullable(text),
      unit: oneOf(materialUnits), price: number, amount: withText(nullable(number), "null: unlimited (STK-1)."),
      materialCategoryId: guid, materialCategoryName: text, materialSupplierId: guid, materialSupplierName: text,
    })),
    page: integer({ minimum: 1 }), pageSize: integer({ minimum: 1, maximum: MAX_STORE_PAGE_SIZE }), totalCount: integer({ minimum: 0 }),
  }),
});

/** The answer of `GET /journal` ({@link JournalPage}, JRN-2), described (the response schema of the OpenAPI document); its entries are the `JournalEntry` component. */
export const journalPageAnswer: AnswerDescription<JournalPage> = object({
  items: list(component<JournalEntryShape>("JournalEntry")),
  next: withText(nullable(integer({ minimum: 1 })), "The after of the next page; null when this page is the last one for now."),
}, "One page of the journal of decisions (JRN-2).");

import type { Priority } from "../records/order.js";
import type { StoreSortKey, StoreSortOrder } from "../store/query.js";

// The request bodies as JSON, typed: what each domain parser (src/<domain>/request.ts) accepts,
// field by field. The parsers take `unknown` (they must judge any JSON), so these types are
// written beside the route table for senders: the typed client (src/client) and anyone
// building a body by hand. `test/api/bodies.test.ts` checks them against the parsers: a full
// body of each type parses, and every field of each type is read (a mistyped value is an issue
// at its path). An optional field takes `null` where the parser accepts it: on an add it counts
// as left out, on an edit or add-or-edit it clears the value (GEN-5).

// The customer bodies are described once in src/customer/request.ts; their types are generated
// from that description (scripts/body-types.mjs) and re-exported here.
export type {
  PhoneBody, CoordinatesBody, ContactPersonBody, ContactPersonUpsertBody, AddressBody, AddressUpsertBody, ServiceObjectBody, ServiceObjectUpsertBody,
  CustomerFieldsBody, CustomerAddBody, CustomerAddOrEditBody,
} from "../customer/request-types.js";
export type { MaterialReplaceBody } from "../material/request-types.js";
export type { StoreReplaceBody } from "../store/replace-types.js";
export type { StockAmountBody, StockQuantityBody } from "../stock/request-types.js";
export type { AssignationBody, CancelBody, InterventionEditBody, InterventionPlanBody, InterventionReplanBody, PlanningBody } from "../intervention/request-types.js";

/** The optional order fields every order body shares. */
export interface OrderFieldsBody {
  /** ID or external ID of the invoicing customer. */
  readonly invoiceCustomerId?: string | null;
  /** Order name. */
  readonly name?: string | null;
  /** Estimated minutes, a whole number, not negative (ORD-5). */
  readonly estimatedDuration?: number | null;
  /** The customer's request. */
  readonly problemDescriptionFromCustomer?: string | null;
  /** Internal note. */
  readonly internalNote?: string | null;
  /** JSON text matching the company's template (CUS-8). */
  readonly customData?: string | null;
  /** Priority (ORD-4); `Normal` when left out on add. */
  readonly priority?: Priority | null;
  /** ID or slug of an OrderCustomState. */
  readonly customStateId?: string | null;
  /** IDs or external IDs of the customer's devices. */
  readonly serviceObjectIds?: readonly string[] | null;
  /** ID or external ID of the owner (AUTH-6). */
  readonly ownerId?: string | null;
  /** Requested date-time, ISO 8601 with an offset. */
  readonly requestedDate?: string | null;
  /** Documents by post; from the customer when left out (ORD-3). */
  readonly sendByPost?: boolean | null;
  /** Use the orderer's work prices; needs `invoiceCustomerId`. */
  readonly useWorkItemsFromInvoiceCustomer?: boolean | null;
}

/** The body of `POST /order` (ORD-1). */
export interface OrderAddBody extends OrderFieldsBody {
  /** External ID (GEN-4). */
  readonly externalId?: string | null;
  /** ID or external ID of the customer. */
  readonly customerId: string;
  /** ID or external ID of one of the customer's addresses. */
  readonly addressId: string;
  /** ID or external ID of one of the customer's contact people. */
  readonly contactPersonId: string;
  /** ID or slug of an OrderCategory. */
  readonly categoryId: string;
}

/** The body of `POST /order/addOrEdit` (ORD-10): the four references required even when editing. */
export interface OrderAddOrEditBody extends OrderAddBody {
  /** GUID of the order to edit. */
  readonly id?: string | null;
}

/** The body of `PUT /order/{id}` (ORD-6, ORD-7): only the fields sent change; the four references cannot be `null`. */
export interface OrderEditBody extends OrderFieldsBody {
  /** Sending the current external ID again is fine; another one is refused (ORD-8). */
  readonly externalId?: string | null;
  /** The same customer again is fine; another is refused (ORD-8). */
  readonly customerId?: string;
  /** ID or external ID of one of the customer's addresses. */
  readonly addressId?: string;
  /** ID or external ID of one of the customer's contact people. */
  readonly contactPersonId?: string;
  /** ID or slug of an OrderCategory. */
  readonly categoryId?: string;
}


/** The query of `GET /store/{id}` (STO-3, STO-4) as values; sent as URL parameters. */
export interface StoreQueryParams {
  /** Page number, from 1. */
  readonly page: number;
  /** Items per page, 1..200. */
  readonly pageSize: number;
  /** Search phrase: case and diacritics ignored (STO-4). */
  readonly searchPhrase?: string;
  /** Sort key; `name` when left out (STO-5). */
  readonly sortBy?: StoreSortKey;
  /** Sort direction; `ascend` when left out. */
  readonly sortOrder?: StoreSortOrder;
  /** Supplier GUIDs to keep (several: an array, sent comma-separated). */
  readonly materialSupplierId?: string | readonly string[];
  /** Category GUIDs to keep (several: an array, sent comma-separated). */
  readonly materialCategoryId?: string | readonly string[];
}

import type { StoreSortKey, StoreSortOrder } from "../store/query.js";

// The request bodies as JSON, typed: what each domain parser (src/<domain>/request.ts) accepts,
// field by field. The parsers take `unknown` (they must judge any JSON), so these types are
// written beside the route table for senders: the typed client (src/client) and anyone
// building a body by hand. `test/api/bodies.test.ts` checks them against the parsers: a full
// body of each type parses, and every field of each type is read (a mistyped value is an issue
// at its path). An optional field takes `null` where the parser accepts it: on an add it counts
// as left out, on an edit or add-or-edit it clears the value (GEN-5).

// Every body is described once (src/<domain>/request.ts, the store replace in src/store/replace.ts);
// its types are generated from that description (tools/body-types.ts) and re-exported here.
export type {
  PhoneBody, CoordinatesBody, ContactPersonBody, ContactPersonUpsertBody, AddressBody, AddressUpsertBody, ServiceObjectBody, ServiceObjectUpsertBody,
  CustomerFieldsBody, CustomerAddBody, CustomerAddOrEditBody,
} from "../customer/request-types.generated.js";
export type { MaterialReplaceBody } from "../material/request-types.generated.js";
export type { StoreReplaceBody } from "../store/replace-types.generated.js";
export type { StockAmountBody, StockQuantityBody } from "../stock/request-types.generated.js";
export type { AssignationBody, CancelBody, InterventionEditBody, InterventionPlanBody, InterventionReplanBody, PlanningBody } from "../intervention/request-types.generated.js";
export type { OrderAddBody, OrderAddOrEditBody, OrderEditBody, OrderFieldsBody } from "../order/request-types.generated.js";

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

/**
 * The typed client of the field-service API: `createClient({ baseUrl, tenantCode, clientId,
 * secret })` logs in, renews its token before the 60 minutes run out (AUTH-3), and offers one
 * typed method per operation (`client.planIntervention(orderRef, body)`), with bodies typed as
 * the parsers accept them, optional local validation with the same parsers, answers typed
 * with the read shapes, and refusals as {@link FieldServiceError} carrying the problem details.
 * Browser-safe: fetch-based, no `node:` import in its graph (`npm test` bundles it for the
 * browser to prove it).
 * @packageDocumentation
 */
export { createClient } from "./client.js";
export { operationPath } from "./paths.js";
export type { ClientOptions, FieldServiceClient } from "./client.js";
export type { FieldServiceClientMethods } from "./operations.generated.js";
export type { CallOptions, WriteOptions, JournalQueryParams, SyncQueryParams, CandidatesQueryParams, Ref, ExternalIdRef } from "./call-types.js";
export type { FetchLike } from "./transport.js";
export { FieldServiceError, FieldServiceNetworkError, FieldServiceUnexpectedResponseError } from "./errors.js";
export { inProcessFetch } from "./in-process.js";
export type { InProcessRequest, InProcessAnswer, RequestHandler } from "./in-process.js";

// The types of what goes over the wire, so a user of the client needs no other import.
export type {
  PhoneBody, CoordinatesBody, ContactPersonBody, ContactPersonUpsertBody, AddressBody, AddressUpsertBody, ServiceObjectBody, ServiceObjectUpsertBody,
  CustomerFieldsBody, CustomerAddBody, CustomerAddOrEditBody, OrderFieldsBody, OrderAddBody, OrderAddOrEditBody, OrderEditBody, CancelBody,
  AssignationBody, PlanningBody, InterventionPlanBody, InterventionReplanBody, InterventionEditBody, MaterialReplaceBody, StoreReplaceBody,
  StockAmountBody, StockQuantityBody, StoreQueryParams,
} from "../api/bodies.js";
export type {
  CustomerShape, OrderShape, InterventionShape, ReportDocumentsShape, MaterialShape, CreatedShape, StockAmountShape, AddToStoreShape, AllowedActionsShape,
  CandidatesShape, CandidateShape, LeftOutShape,
} from "../api/read-shapes.js";
export type { StoreDetail, StoreDetailItem, StoreDetailMaterials } from "../store-listing/page.js";
export type { ProblemDetails, ProblemName, ProblemStatus } from "../api/problem.js";
export type { JournalPage, JournalEntryShape, JournalOutcome, JournalParam, RecordChangeShape } from "../journal/entry.js";
export type { OperationId } from "../api/operations.generated.js";
export type { LoginResponse } from "../auth/login.js";
export type { Issue, IssueCode, EdgeCode, EdgeIssue, ProblemIssue } from "../shared/issue.js";
export type { RuleId } from "../shared/rule-id.generated.js";
export type { OrderAction } from "../order/machine.js";
export type { AllowedAction } from "../shared/allowed-action.js";
export type { InterventionAction } from "../intervention/machine.js";

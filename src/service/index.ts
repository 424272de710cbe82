/**
 * The reference service: the pure rules composed into the whole HTTP interface over an
 * in-memory store (docs/service.md).
 * @packageDocumentation
 */
export { createFieldService, defaultNewToken } from "./create.js";
export type { FieldService, FieldServiceOptions, ServiceRequest, ServiceResponse } from "./entry-point.js";
export type { FieldStorage, StoredOperation, LoadedView, DecisionToCommit, CommitVerdict, StoredParam, ViewHold } from "./storage.js";
export { StorageUnavailableError, StorageSetupError, DuplicateExternalIdError } from "./storage.js";
export type { CompanyState, Changes, Table, Listed, Catalogs, Client, Addressable } from "./state.js";
export type { HandledOperation } from "./router.js";
export { operationLoads } from "./router.js";
export type { OperationLoads, Keys, ElementKeys, AllocationLoad } from "./loads.js";
export type { NestedList } from "../order/owned-elements.js";
export { validateFixture } from "./fixture.js";
// The demonstration fixture (`npm start`'s): here as well as in /testing, which needs fast-check.
export { demoFixture } from "./demo-fixture.js";
export { fixtureJsonSchema } from "./fixture-schema.js";
export type { JsonSchema } from "./fixture-schema.js";
export type {
  Fixture, FixtureCompany, FixtureClient, FixturePlainClient, FixtureHashedClient, FixtureSettings, FixtureUser, FixtureCatalogs, FixtureCatalog, FixtureCatalogValue,
  FixtureInterventionCategory, FixtureForm, FixtureTemplate, FixtureTemplateField, FixtureMaterial, FixtureStore, FixtureStockItem,
} from "./fixture.js";
export { problem, simpleProblem, problemNames, issueStatus } from "../api/problem.js";
export type { ProblemDetails, ProblemName, ProblemStatus, ProblemBodyStatus, UnavailableStatus } from "../api/problem.js";
export { customerShape, orderShape, interventionShape, materialShape, reportDocumentsShape } from "./read-shapes.js";
export type { CustomerShape, OrderShape, InterventionShape, MaterialShape, ReportDocumentsShape } from "./read-shapes.js";
// The HTTP interface as data and the token plumbing: the rules entry keeps the decisions,
// this entry what a server needs around them (issue 23).
export { apiOperations } from "../api/operations.js";
export type { OperationDescription, ExternalIdTable } from "../api/operations.js";
export { apiRoutes } from "../api/routes.js";
export type { OperationParams, RouteDef } from "../api/routes.js";
export type { PathParamName, ParamsOf, Method, Operation, OperationKind, QueryKind } from "../api/operation.js";
export { isJournaledWrite } from "../api/operation.js";
export type { ApiOperations, OperationId } from "../api/operations.generated.js";
export { TOKEN_LIFETIME_MS, bearerToken, isTokenValid, authenticate } from "../auth/token.js";
export type { SecretHasher, ScryptCost } from "../auth/secret.js";
export type { LoginThrottleLimits, FailureWindow } from "../auth/throttle.js";
export type { IssuedToken, RequestHeaders, TokenTable, Authenticated } from "../auth/token.js";
export { openApiDocument, demoExamples } from "./openapi.js";
// The journal of decisions and exactly-once retries (issue 24): what a storage records and reads.
export { journalDraft, journalOutcomes, namedRecords, rulesOf } from "../journal/entry.js";
export type {
  JournalEntry, JournalDraft, JournalEntryShape, JournalPage, JournalOutcome, JournalParam, NamedRecord, RecordChange, RecordChangeShape, DecidedWrite,
} from "../journal/entry.js";
export { parseJournalQuery, matchesJournalQuery, MAX_JOURNAL_PAGE, DEFAULT_JOURNAL_PAGE, MAX_JOURNAL_FILTER_TEXT } from "../journal/query.js";
export type { JournalQuery } from "../journal/query.js";
export { memoryJournal, DEFAULT_JOURNAL_RETENTION } from "../journal/memory.js";
export { journalEntryShape } from "../journal/entry.js";
export type { MemoryJournal, JournalRecord, RecordedAnswer } from "../journal/memory.js";
export { readIdempotencyKey, requestFingerprint, idempotentRepeat, isKeyRemembered, IDEMPOTENCY_KEY_LIFETIME_MS, MAX_IDEMPOTENCY_KEY } from "../journal/idempotency.js";
export type { FingerprintedRequest, IdempotentRepeat } from "../journal/idempotency.js";
export { buildOpenApiDocument, openApiPath, documentedStatuses } from "../api/openapi.js";
export type { OpenApiDocument, OpenApiExamples, OpenApiOptions, OperationExample } from "../api/openapi.js";

/**
 * The reference service: the pure rules composed into the whole HTTP interface over an
 * in-memory store (docs/service.md).
 * @packageDocumentation
 */
export { createFieldService, defaultNewToken } from "./create.js";
export type { FieldService, FieldServiceOptions, ServiceRequest, ServiceResponse } from "./create.js";
export type { FieldStorage, StoredOperation, OperationWork, OperationOutcome, StoredParam } from "./storage.js";
export { StorageUnavailableError, StorageSetupError, DuplicateExternalIdError } from "./storage.js";
export type { CompanyState, Changes, Table, Listed, Catalogs, Client, Addressable } from "./state.js";
export type { HandledOperation } from "./router.js";
export { operationLoads } from "./router.js";
export type { OperationLoads, Keys, AllocationLoad } from "./loads.js";
export { validateFixture } from "./fixture.js";
export { fixtureJsonSchema } from "./fixture-schema.js";
export type { JsonSchema } from "./fixture-schema.js";
export type {
  Fixture, FixtureCompany, FixtureClient, FixtureSettings, FixtureUser, FixtureCatalogs, FixtureCatalog, FixtureCatalogValue,
  FixtureInterventionCategory, FixtureForm, FixtureTemplate, FixtureTemplateField, FixtureMaterial, FixtureStore, FixtureStockItem,
} from "./fixture.js";
export { problem, simpleProblem, problemNames, issueStatus } from "./problem.js";
export type { ProblemDetails, ProblemName, ProblemStatus, ProblemBodyStatus, UnavailableStatus } from "./problem.js";
export { customerShape, orderShape, interventionShape, materialShape, reportDocumentsShape } from "./read-shapes.js";
export type { CustomerShape, OrderShape, InterventionShape, MaterialShape, ReportDocumentsShape } from "./read-shapes.js";
// The HTTP interface as data and the token plumbing: the rules entry keeps the decisions,
// this entry what a server needs around them (issue 23).
export { apiOperations, apiRoutes } from "../api/routes.js";
export type { PathParamName, ParamsOf, Method, Operation, ApiOperations, OperationId, OperationParams, RouteDef } from "../api/routes.js";
export { TOKEN_LIFETIME_MS, bearerToken, isTokenValid, authenticate } from "../auth/token.js";
export type { IssuedToken, RequestHeaders, TokenTable, Authenticated } from "../auth/token.js";
export { openApiDocument, demoExamples } from "./openapi.js";
export { buildOpenApiDocument, openApiPath, documentedStatuses } from "../api/openapi.js";
export type { OpenApiDocument, OpenApiExamples, OpenApiOptions, OperationExample } from "../api/openapi.js";

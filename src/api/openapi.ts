import { loginRequestJsonSchema } from "../auth/login.js";
import { customerAddJsonSchema, customerAddOrEditJsonSchema } from "../customer/request.js";
import { interventionActions } from "../intervention/machine.js";
import { interventionCancelJsonSchema, interventionEditJsonSchema, interventionPlanJsonSchema, interventionReplanJsonSchema } from "../intervention/request.js";
import { materialReplaceJsonSchema } from "../material/request.js";
import { orderActions } from "../order/machine.js";
import { orderAddJsonSchema, orderAddOrEditJsonSchema, orderEditJsonSchema } from "../order/request.js";
import { journalOutcomes } from "../journal/entry.js";
import { issueCodes } from "../shared/issue.js";
import { GUID_PATTERN, type JsonSchema } from "../shared/json-schema.js";
import { ruleIds } from "../shared/rule-id.generated.js";
import { stockAmountsJsonSchema, stockQuantitiesJsonSchema } from "../stock/request.js";
import { storeReplaceJsonSchema } from "../store/replace.js";
import { problemNames, type ProblemName, type ProblemStatus } from "./problem.js";
import {
  addToStoreAnswer, allowedActionsAnswer, candidatesAnswer, createdAnswer, customerAnswer, interventionAnswer, journalPageAnswer, loginAnswer, materialAnswer,
  orderAnswer, reportDocumentsAnswer, storeDetailAnswer,
} from "./read-shapes.js";
import { isJournaledWrite, type PathParamName } from "./operation.js";
import { apiOperations } from "./operations.js";
import type { OperationId } from "./operations.generated.js";
import { paramWords, tagDescriptions, type Tag } from "./reference-words.js";
import { apiRoutes, type RouteDef } from "./routes.js";
import { candidatesParameters, dryRunParameter, idempotencyKeyParameter, journalParameters, storeListingParameters, syncParameters } from "./openapi-parameters.js";

/** An OpenAPI 3.1 document, as a plain JSON object. */
export type OpenApiDocument = { readonly [field: string]: unknown };

/** Example request and response bodies of one operation, shown in the reference. */
export interface OperationExample {
  /** A request body the operation accepts. */
  readonly request?: unknown;
  /** The body of its success answer. */
  readonly response?: unknown;
}

/** Examples for the document: per operation, and one problem body per refusal status. */
export interface OpenApiExamples {
  /** Request and success bodies by operation. */
  readonly operations?: Readonly<Partial<Record<OperationId, OperationExample>>>;
  /** A problem-details body per status: each refusal, and 503 (a storage that cannot serve now). */
  readonly problems?: Readonly<Partial<Record<ProblemStatus | 503, unknown>>>;
}

/** Options of {@link buildOpenApiDocument}. */
export interface OpenApiOptions {
  /** The package version, the document's `info.version`. */
  readonly version: string;
  /** Examples, e.g. recorded from the demo fixture; none when left out. */
  readonly examples?: OpenApiExamples;
}

// ---- Response schemas. The read shapes' are derived from their descriptions (src/api/read-shapes.ts,
// each typed by its read shape); what is written here is what that language does not describe yet:
// the problem body and its issues (an issue's code covers the edge codes too), and the journal
// entry and the sync answer, whose optional fields and open objects it has no words for.
// Closed (additionalProperties: false) where the shape is, so the contract test catches a field
// added without docs.

const str: JsonSchema = { type: "string" };
const nullableStr: JsonSchema = { type: ["string", "null"] };
const bool: JsonSchema = { type: "boolean" };
const guidOut: JsonSchema = { type: "string", format: "uuid", pattern: GUID_PATTERN };
const utc: JsonSchema = { type: "string", format: "date-time", description: "UTC with Z (GEN-6)." };
const num: JsonSchema = { type: "number" };

function shape(properties: Readonly<Record<string, JsonSchema>>, description?: string): JsonSchema {
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false, ...(description === undefined ? {} : { description }) };
}
const list = (items: JsonSchema): JsonSchema => ({ type: "array", items });
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

function readSchemas(): Record<string, JsonSchema> {
  const issue = ref("Issue");
  const issuePath: JsonSchema = { type: "string", description: "JSON path of the offending value (contactPeople[1].email); empty for the request as a whole." };
  return {
    LoginResponse: loginAnswer.schema,
    Created: createdAnswer.schema,
    Customer: customerAnswer.schema,
    Order: orderAnswer.schema,
    InterventionDetail: interventionAnswer.schema,
    ReportDocuments: reportDocumentsAnswer.schema,
    Material: materialAnswer.schema,
    StoreDetail: storeDetailAnswer.schema,
    AddToStoreResult: addToStoreAnswer.schema,
    SyncAnswer: shape({
      cursor: { type: "string", description: "Send it as since on the next pull of the same scope." },
      full: { ...bool, description: "true: the whole scope; replace the replica. false: merge, then keep only what keep names." },
      scope: shape({ userId: guidOut, from: { type: "string", format: "date" }, to: { type: "string", format: "date" } }),
      company: shape({
        id: guidOut, tenantCode: str, name: str,
        settings: { type: "object", description: "The fixture's settings, every default resolved." },
        users: list({ type: "object", description: "A user in the fixture's form." }),
        catalogs: { type: "object", description: "The catalogs in the fixture's form, each in order." },
      }, "The company's configuration, never its clients."),
      customers: list({ type: "object", description: "A customer as stored." }),
      orders: list({ type: "object", description: "An order as stored." }),
      interventions: list({ type: "object", description: "An intervention as stored." }),
      materials: list(shape({
        id: guidOut, externalId: nullableStr, name: str, categoryId: guidOut, supplierId: guidOut, identificationNumber: nullableStr, description: nullableStr,
        supplierCode: nullableStr, unit: str, price: { type: "string", description: "A decimal." }, costPrice: { type: ["string", "null"], description: "A decimal, or null." },
      })),
      stores: list({ type: "object", description: "A store as stored." }),
      stock: list(shape({
        storeId: guidOut, whole: { ...bool, description: "true: the store's whole stock (replace); false: the amounts that changed (merge)." },
        items: list(shape({ materialId: guidOut, amount: { type: ["string", "null"], description: "A decimal; null: unlimited (STK-1)." } })),
      })),
      allocations: list(shape({
        interventionId: guidOut,
        slots: { ...list(shape({ userId: guidOut, plannedStart: { type: "integer" }, plannedEnd: { type: "integer" } })), description: "Epoch milliseconds; none: the intervention holds no slot on the days (cancelled or moved off)." },
      })),
      keep: {
        type: ["object", "null"], description: "The GUIDs in scope now (drop the others); null on a full answer.",
        properties: { customers: list(guidOut), orders: list(guidOut), interventions: list(guidOut), stores: list(guidOut) },
        required: ["customers", "orders", "interventions", "stores"], additionalProperties: false,
      },
    }, "What a technician's device needs for the scope's days, changed since the cursor (SYN-2, SYN-3)."),
    JournalPage: journalPageAnswer.schema,
    JournalEntry: {
      type: "object",
      description: "One write the service decided (JRN-1): what was asked, the instant and GUIDs the decision was given, what it answered and what it changed. A 422 for a reused Idempotency-Key is not a decision and is not journaled. `field-service-rules replay` reads seq, companyId, clientId, at, ids, method, path, dryRun, body, operation, status, answer, effects, changes and recordIds (RPL-1 to RPL-3); the other fields are not read.",
      properties: {
        seq: { type: "integer", minimum: 1 }, companyId: guidOut, at: { ...utc, description: "When it was decided, UTC with milliseconds." },
        operation: str, method: str, path: str, form: { type: "string", enum: ["id", "externalId"] },
        params: list(shape({ name: { type: "string", enum: Object.keys(paramWords) }, value: str })),
        dryRun: bool, body: { description: "The JSON body sent; absent when none." }, clientId: nullableStr, userId: guidOut, idempotencyKey: nullableStr,
        ids: { ...list(guidOut), description: "The GUIDs the decision drew, in order." },
        outcome: { type: "string", enum: [...journalOutcomes] }, status: { type: "integer" },
        answer: { description: "The body answered; absent when none (204)." },
        rules: { ...list({ type: "string", enum: [...ruleIds] }), description: "A refusal: its issues' rule IDs. Otherwise the rules the operation's decision applies (RPL-3); entries journaled by an earlier version hold none on success." },
        effects: list({ type: "object" }),
        changes: list({
          type: "object",
          description: "A record put (kind customer, order, intervention, material or store: before and after as stored, before null when new), or a stock amount set (kind stock: storeId, materialId, before absent when not stocked, after; null is unlimited).",
          properties: { kind: { type: "string", enum: ["customer", "order", "intervention", "material", "store", "stock"] }, before: {}, after: {}, storeId: guidOut, materialId: guidOut },
          required: ["kind", "after"],
        }),
        recordIds: list(guidOut), recordKeys: list(str),
      },
      required: ["seq", "companyId", "at", "operation", "method", "path", "form", "params", "dryRun", "clientId", "userId", "idempotencyKey", "ids", "outcome", "status", "rules", "effects", "changes", "recordIds", "recordKeys"],
      additionalProperties: false,
    },
    Candidates: candidatesAnswer.schema,
    OrderAllowedActions: allowedActionsAnswer(orderActions).schema,
    InterventionAllowedActions: allowedActionsAnswer(interventionActions).schema,
    Issue: shape({
      code: { type: "string", enum: Object.keys(issueCodes), description: "Machine-readable kind of problem (ERR-1)." },
      path: issuePath,
      message: { type: "string", description: "Human-readable explanation citing the rule ID." },
      rule: { type: "string", enum: [...ruleIds], description: "The rule the request breaks, as data (docs/rules.md); when the message names rules, the first it names. Every issue has one: HTTP-1 and HTTP-2 on the answers at the service's edges (413, 414, 415, 431; 500, 503)." },
    }, "One problem found in a request, with the rule it breaks."),
    Problem: {
      type: "object",
      description: "An RFC 9457 problem-details body (ERR-1), with every issue found (GEN-9), each with the rule it breaks (HTTP-1 and HTTP-2 on the answers at the service's edges). A 500 also carries incidentId.",
      properties: {
        type: { const: "about:blank" },
        title: { type: "string" },
        status: { type: "integer", enum: Object.keys(documentedProblemNames).map(Number) },
        name: { type: "string", enum: [...new Set(Object.values(documentedProblemNames))] },
        errors: { type: "array", items: issue, minItems: 1 },
        incidentId: { type: "string", description: "On a 500 only: the incident the server log names." },
      },
      required: ["type", "title", "status", "name", "errors"],
    },
  };
}

function bodySchemas(): Record<string, JsonSchema> {
  return {
    EmptyBody: {
      type: "object",
      description: "Nothing to send: the body may be left out, or be an object whose fields are all ignored (ERR-3), such as {}. Any other JSON value is 400 InvalidType (ERR-2).",
    },
    LoginRequest: loginRequestJsonSchema,
    CustomerAddBody: customerAddJsonSchema,
    CustomerAddOrEditBody: customerAddOrEditJsonSchema,
    OrderAddBody: orderAddJsonSchema,
    OrderEditBody: orderEditJsonSchema,
    OrderAddOrEditBody: orderAddOrEditJsonSchema,
    CancelBody: interventionCancelJsonSchema,
    InterventionPlanBody: interventionPlanJsonSchema,
    InterventionReplanBody: interventionReplanJsonSchema,
    InterventionEditBody: interventionEditJsonSchema,
    StockAmounts: stockAmountsJsonSchema,
    StockQuantities: stockQuantitiesJsonSchema,
    MaterialReplaceBody: materialReplaceJsonSchema,
    StoreReplaceBody: storeReplaceJsonSchema,
  };
}

// ---- Refusals

/** A status the document lists with a problem-details body: a refusal, or 503. */
type DocumentedProblemStatus = ProblemStatus | 503;

/**
 * The 503 a storage that cannot serve now answers (a database down, out of connections, too
 * slow), with `Retry-After`. The service's problem table (src/api/problem.ts) learns it in a
 * parallel change; until then the document carries its name and issue code itself, and the
 * sets below drop the duplicates once both know it.
 */
const UNAVAILABLE = { status: 503, name: "ServiceUnavailable", code: "Unavailable" } as const;

/** Every problem status the document lists, with its `name` (ERR-1). */
const documentedProblemNames: { readonly [S in DocumentedProblemStatus]: ProblemName | typeof UNAVAILABLE.name } = { ...problemNames, [UNAVAILABLE.status]: UNAVAILABLE.name };

const refusalText: { readonly [S in DocumentedProblemStatus]: string } = {
  400: "A malformed body, query or dryRun, or a broken rule: every issue, each with code, path, message and the rule it breaks (GEN-9, ERR-1).",
  401: "No bearer token, or one that is unknown or expired (AUTH-2, AUTH-3).",
  403: "Wrong credentials (AUTH-1).",
  404: "No record with this ID (GUID form) or external ID (externalId form) in the caller's company (GEN-2, AUTH-4); a GUID-form segment that is not a GUID is 404 too.",
  405: "This path with a method it does not accept; the Allow header lists the methods it does (ERR-2).",
  413: "A body larger than the server accepts (1 MiB by default); the connection is closed.",
  414: "A request target (path and query) longer than 8 KiB.",
  415: "A body whose Content-Type is not JSON.",
  431: "A request line and headers larger than 32 KiB.",
  429: "Too many failed logins for this tenant and client (CRD-2) or from this address (CRD-3) within 15 minutes: every login for it is refused, the correct secret included, until the window ends. Send it again after the Retry-After seconds.",
  422: "The Idempotency-Key was already used within 24 hours for a different request (another operation, path, dryRun flag or body); nothing was changed (IDM-2).",
  500: "A bug: never expected (ERR-2). The body carries an incident ID the server log names; the error text stays in the log.",
  503: "The service's storage cannot serve now (a database down, out of connections, too slow): nothing is wrong with the request, and nothing was changed. Send it again after the Retry-After seconds.",
};

/** The headers a refusal carries besides its content type. */
const refusalHeaders: { readonly [S in DocumentedProblemStatus]?: Readonly<Record<string, JsonSchema>> } = {
  405: { Allow: { description: "The methods this path accepts.", schema: { type: "string" } } },
  429: { "Retry-After": { description: "Seconds until the failed-login window ends (RFC 6585, RFC 9110 §10.2.3).", schema: { type: "integer", minimum: 1 } } },
  503: { "Retry-After": { description: "Seconds to wait before sending the request again (RFC 9110 §10.2.3).", schema: { type: "integer", minimum: 0 } } },
};

function refusalResponses(examples: OpenApiExamples): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const s of Object.keys(refusalText).map(Number) as DocumentedProblemStatus[]) {
    const example = examples.problems?.[s];
    const headers = refusalHeaders[s];
    out[documentedProblemNames[s]] = {
      description: refusalText[s],
      ...(headers === undefined ? {} : { headers }),
      content: { "application/problem+json": { schema: ref("Problem"), ...(example === undefined ? {} : { example }) } },
    };
  }
  return out;
}

/**
 * The statuses an operation can answer besides its success, in ascending order. Every
 * operation reads the storage (the login reads the clients, every other one the token), so
 * every one may answer 503.
 */
function refusalStatuses(route: RouteDef): DocumentedProblemStatus[] {
  const statuses: DocumentedProblemStatus[] = [400];
  if (route.kind === "authentication") statuses.push(403, 429);
  else statuses.push(401);
  if (route.path.includes("{")) statuses.push(404);
  statuses.push(405, 413, 414, 415, 431, 500, UNAVAILABLE.status);
  if (isJournaledWrite(route)) statuses.push(422);
  return statuses.sort((a, b) => a - b);
}

// ---- Paths

/** The OpenAPI path parameter name of a placeholder in one ID form (`orderId`, `orderExternalId`). */
function paramName(p: PathParamName, form: "id" | "externalId"): string {
  return form === "id" ? `${p}Id` : `${p}ExternalId`;
}

/**
 * The OpenAPI path of a route in one ID form: the GUID form (`/order/{orderId}`) or its
 * external-ID twin (`/order/externalId/{orderExternalId}`), as the route compiler
 * (`compileRoutes`) derives it.
 * @param path - the route table's template (`/order/{order}/cancel`)
 * @param form - the ID form
 * @returns the OpenAPI path
 * @example
 * openApiPath("/order/{order}/intervention/{intervention}", "externalId") //=> "/order/externalId/{orderExternalId}/intervention/{interventionExternalId}"
 */
export function openApiPath(path: string, form: "id" | "externalId"): string {
  const parts = path.split("/").slice(1).map((s) => s.replace(/^\{(\w+)\}$/, (_, p: string) => `{${paramName(p as PathParamName, form)}}`));
  if (form === "externalId") parts.splice(1, 0, "externalId");
  return `/${parts.join("/")}`;
}

function pathParameters(route: RouteDef, form: "id" | "externalId"): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const m of route.path.matchAll(/\{(\w+)\}/g)) {
    const p = m[1] as PathParamName;
    out.push({
      name: paramName(p, form),
      in: "path",
      required: true,
      description: form === "id" ? `GUID of the ${paramWords[p]}, any case (GEN-1).` : `External ID of the ${paramWords[p]} (GEN-2); percent-encode reserved characters.`,
      schema: form === "id" ? { type: "string", format: "uuid", pattern: GUID_PATTERN } : { type: "string", minLength: 1 },
    });
  }
  return out;
}

function operationObject(route: RouteDef, form: "id" | "externalId", examples: OpenApiExamples): JsonSchema {
  const doc = apiOperations[route.operation];
  const example = examples.operations?.[route.operation];
  const twin = form === "externalId";
  const responses: Record<string, JsonSchema> = {};
  const success = doc.answer === undefined
    ? { description: route.success === 204 ? "Done; no body." : "Done." }
    : {
        description: route.success === 201 ? "Created." : "OK.",
        content: { "application/json": { schema: ref(doc.answer), ...(example?.response === undefined ? {} : { example: example.response }) } },
      };
  responses[String(route.success)] = isJournaledWrite(route)
    ? { ...success, headers: { "Idempotent-Replayed": { description: "true when this is the recorded answer of an earlier request with the same Idempotency-Key (IDM-1); absent otherwise.", schema: { type: "string", const: "true" } } } }
    : success;
  for (const s of refusalStatuses(route)) responses[String(s)] = { $ref: `#/components/responses/${documentedProblemNames[s]}` };
  const parameters = [
    ...pathParameters(route, form),
    ...(doc.query === "storeListing" ? storeListingParameters() : doc.query === "journal" ? journalParameters() : doc.query === "deviceSync" ? syncParameters() : doc.query === "candidates" ? candidatesParameters() : []),
    ...(route.method === "GET" ? [] : [dryRunParameter]),
    ...(isJournaledWrite(route) ? [idempotencyKeyParameter] : []),
  ];
  return {
    operationId: twin ? `${route.operation}ByExternalId` : route.operation,
    summary: twin ? `${doc.summary} (by external ID)` : doc.summary,
    description: twin ? `${doc.description}\n\nThe external-ID twin of \`${route.method} ${openApiPath(route.path, "id")}\`: every ID in the path is an external ID (GEN-2).` : doc.description,
    tags: [doc.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.body === undefined
      ? {}
      : {
          requestBody: {
            required: doc.bodyOptional !== true,
            content: { "application/json": { schema: ref(doc.body), ...(example?.request === undefined ? {} : { example: example.request }) } },
          },
        }),
    responses,
    ...(route.kind === "authentication" ? { security: [] } : {}),
  };
}

// ---- The paths the HTTP adapter serves itself (src/server/docs.ts)

function documentationPaths(): Record<string, Record<string, JsonSchema>> {
  const cached: Record<string, JsonSchema> = {
    ETag: { description: "Strong tag of the exact bytes of the body (a quoted SHA-256); send it back in If-None-Match.", schema: { type: "string" } },
    "Cache-Control": { description: "no-cache: keep the copy, but revalidate it before each use.", schema: { type: "string", const: "no-cache" } },
  };
  const ifNoneMatch: JsonSchema = {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "The ETag of a copy already held (or *): a current copy is answered 304 without a body.",
    schema: { type: "string" },
  };
  const operation = (operationId: string, summary: string, description: string, media: string, schema: JsonSchema): Record<string, JsonSchema> => ({
    get: {
      operationId,
      summary,
      description: `${description} HEAD answers the same without the body; any other method is 405 (ERR-2). Served only with createHttpServer's docs option, which the command sets.`,
      tags: ["Documentation"],
      security: [],
      parameters: [ifNoneMatch],
      responses: {
        "200": { description: "OK.", headers: cached, content: { [media]: { schema } } },
        "304": { description: "The copy named in If-None-Match is current; no body.", headers: cached },
        "405": { $ref: `#/components/responses/${documentedProblemNames[405]}` },
      },
    },
  });
  return {
    "/openapi.json": operation(
      "readOpenApiDocument", "Read this OpenAPI document",
      "This OpenAPI 3.1 document, as docs/openapi.json holds it, with the server's version (ERR-1).",
      "application/json",
      {
        type: "object",
        description: "An OpenAPI 3.1 document.",
        properties: { openapi: { type: "string", const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" } },
        required: ["openapi", "info", "paths"],
      },
    ),
    "/docs": operation(
      "readReferencePage", "Open the API reference page",
      "The interactive reference page (Scalar), reading /openapi.json; without the optional @scalar/api-reference installed, a page saying how to install it (ERR-1). /docs/ is the same page.",
      "text/html", { type: "string", description: "An HTML page." },
    ),
  };
}

/**
 * Builds the OpenAPI 3.1 document of the HTTP interface from the route table
 * (`apiRoutes`): every route in both ID forms (GUID and `/externalId/...` twin), the request
 * bodies' JSON Schemas (the same ones the Standard Schema twins hand out), the read shapes,
 * the problem-details body of every refusal status the route can answer (and 503 for a
 * storage that cannot serve), the bearer security scheme, the examples given, and the two
 * paths the HTTP adapter serves itself (`GET /openapi.json`, `GET /docs`). Pure: the same
 * options give the same document. The server is relative (`/`), so a reference page served by
 * the API calls the origin it was loaded from.
 * @param options - the version and the examples
 * @returns the document, ready for `JSON.stringify`
 * @example
 * const doc = buildOpenApiDocument({ version: "0.1.0" });
 * doc.openapi //=> "3.1.0"
 * Object.keys(doc.paths).includes("/order/externalId/{orderExternalId}/PlanIntervention") //=> true
 */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const examples = options.examples ?? {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of apiRoutes) {
    const forms: ("id" | "externalId")[] = route.path.includes("{") ? ["id", "externalId"] : ["id"];
    for (const form of forms) {
      const p = openApiPath(route.path, form);
      const item = paths[p] ?? {};
      item[route.method.toLowerCase()] = operationObject(route, form, examples);
      paths[p] = item;
    }
  }
  return {
    // No jsonSchemaDialect: the 3.1 base dialect is the default, and Prism 5 cannot load the
    // declared one and then validates no body at all (docs/decisions.md).
    openapi: "3.1.0",
    info: {
      title: "Field service API (field-service-rules reference service)",
      version: options.version,
      summary: "Customers, orders, technician visits (interventions), materials and stores with stock.",
      description:
        "The HTTP interface of the field-service-rules reference service: every rule cited by its ID (docs/rules.md). " +
        "Log in with POST /auth/login, then send the token as `Authorization: Bearer <token>`. " +
        "Every path with IDs also answers its external-ID twin (`/order/externalId/{orderExternalId}/...`). " +
        "Every write accepts `?dryRun=true`. Refusals are RFC 9457 problem details listing every issue. " +
        "Request bodies ignore unknown fields (ERR-3); a field sent as null differs from one left out where GEN-5 says so.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "/", description: "The server this document was loaded from." }],
    security: [{ bearer: [] }],
    tags: (Object.keys(tagDescriptions) as Tag[]).map((name) => ({ name, description: tagDescriptions[name] })),
    paths: { ...paths, ...documentationPaths() },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The accessToken of POST /auth/login (AUTH-1 to AUTH-3)." },
      },
      schemas: { ...bodySchemas(), ...readSchemas() },
      responses: refusalResponses(examples),
    },
  };
}

/**
 * The statuses the document lists for an operation, success first: what the contract test
 * compares the answers it sees against.
 * @param operation - an operation of the route table
 * @returns its success status and every refusal status it can answer
 * @example
 * documentedStatuses("login") //=> [200, 400, 403, 405, 413, 414, 415, 429, 431, 500, 503]
 */
export function documentedStatuses(operation: OperationId): number[] {
  const route = apiRoutes.find((r) => r.operation === operation) as RouteDef;
  return [route.success, ...refusalStatuses(route)];
}

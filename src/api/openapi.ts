import { loginRequestJsonSchema } from "../auth/login.js";
import { customerAddJsonSchema, customerAddOrEditJsonSchema } from "../customer/request.js";
import { interventionActions } from "../intervention/machine.js";
import { interventionCancelJsonSchema, interventionEditJsonSchema, interventionPlanJsonSchema, interventionReplanJsonSchema } from "../intervention/request.js";
import { materialReplaceJsonSchema } from "../material/request.js";
import { orderActions } from "../order/machine.js";
import { orderAddJsonSchema, orderAddOrEditJsonSchema, orderEditJsonSchema } from "../order/request.js";
import { journalOutcomes } from "../journal/entry.js";
import { MAX_IDEMPOTENCY_KEY } from "../journal/idempotency.js";
import { MAX_SYNC_CURSOR, MAX_SYNC_DAYS } from "../sync/query.js";
import {
  DEFAULT_CANDIDATE_LIMIT, DEFAULT_CANDIDATE_STEP, MAX_CANDIDATE_DURATION, MAX_CANDIDATE_LIMIT, MAX_CANDIDATE_STEP, MAX_CANDIDATE_TECHNICIANS, MIN_CANDIDATE_STEP,
} from "../assignation/candidates.js";
import { DEFAULT_JOURNAL_PAGE, MAX_JOURNAL_FILTER_TEXT, MAX_JOURNAL_PAGE } from "../journal/query.js";
import { issueCodes } from "../shared/issue.js";
import { GUID_PATTERN, type JsonSchema } from "../shared/json-schema.js";
import { limits } from "../shared/limits.js";
import { ruleIds } from "../shared/rule-id.generated.js";
import { stockAmountsJsonSchema, stockQuantitiesJsonSchema } from "../stock/request.js";
import { MAX_STORE_PAGE_SIZE, storeListingQueryJsonSchema, storeSortKeys, storeSortOrders } from "../store/query.js";
import { storeReplaceJsonSchema } from "../store/replace.js";
import { problemNames, type ProblemName, type ProblemStatus } from "./problem.js";
import {
  addToStoreAnswer, allowedActionsAnswer, candidatesAnswer, createdAnswer, customerAnswer, interventionAnswer, journalPageAnswer, loginAnswer, materialAnswer,
  orderAnswer, reportDocumentsAnswer, storeDetailAnswer,
} from "./read-shapes.js";
import { apiRoutes, isJournaledWrite, type OperationId, type PathParamName, type RouteDef } from "./routes.js";

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

type Tag = "Authentication" | "Customers" | "Orders" | "Interventions" | "Materials" | "Stores" | "Stock" | "Journal" | "Sync" | "Documentation";

interface OperationDoc {
  readonly tag: Tag;
  readonly summary: string;
  readonly description: string;
  /** The request body's schema name in `components.schemas`. */
  readonly body?: string;
  /** Whether a body may be left out (a cancel without a body is `{}`; a lifecycle move reads none). */
  readonly bodyOptional?: true;
  /** The success body's schema name in `components.schemas`. */
  readonly answer?: string;
  /** The query parameters it reads besides `dryRun`. */
  readonly query?: "storeListing" | "journal" | "sync" | "candidates";
}

/** A technician lifecycle move (INT-7): no fields to send, the detail back. */
const lifecycleMove = { body: "EmptyBody", bodyOptional: true, answer: "InterventionDetail" } as const;
const noFields = "No body, or an object whose fields are ignored (ERR-3).";

/**
 * What the reference says about each operation. Keyed by operation, so an operation added to
 * the route table without its documentation fails to compile.
 */
const docs: { readonly [O in OperationId]: OperationDoc } = {
  login: {
    tag: "Authentication", summary: "Log in", body: "LoginRequest", answer: "LoginResponse",
    description: "Exchanges an integration client's credentials for a bearer token bound to its company (AUTH-1, AUTH-4); the token expires after its lifetime (AUTH-3). Wrong credentials: 403.",
  },
  readCustomer: { tag: "Customers", summary: "Read a customer", answer: "Customer", description: "The customer read shape: unset optional fields are null, IDs are GUIDs; only the caller's company's customers are found (GEN-2, AUTH-4)." },
  addCustomer: {
    tag: "Customers", summary: "Add a customer", body: "CustomerAddBody", answer: "Created",
    description: "Adds a customer with at least one contact person and one address (CUS-1 to CUS-12); answers 201 with its GUID. References between the sent elements use their external IDs (CUS-6).",
  },
  addOrEditCustomer: {
    tag: "Customers", summary: "Add or edit a customer", body: "CustomerAddOrEditBody",
    description: "Adds the customer, or edits the one found by id or externalId (UPS-1 to UPS-9); nested elements are matched by id or externalId and never deleted (UPS-6). Answers 204 either way.",
  },
  readOrder: { tag: "Orders", summary: "Read an order", answer: "Order", description: "The order read shape, with the GUIDs of its interventions in planning order (GEN-2, AUTH-4)." },
  addOrder: { tag: "Orders", summary: "Add an order", body: "OrderAddBody", answer: "Created", description: "Adds an open order for a customer, one of its addresses and contact people (ORD-1 to ORD-5); answers 201 with its GUID." },
  addOrEditOrder: { tag: "Orders", summary: "Add or edit an order", body: "OrderAddOrEditBody", description: "Adds the order, or edits the one found by id or externalId (ORD-10, UPS-1 to UPS-9). Answers 204 either way." },
  editOrder: { tag: "Orders", summary: "Edit an order", body: "OrderEditBody", description: "Changes only the fields sent (ORD-6 to ORD-9); an order that is not Open is refused (ORD-6)." },
  orderAllowedActions: { tag: "Orders", summary: "List the order's actions", answer: "OrderAllowedActions", description: "Each order action and whether it is allowed now; a refused one carries the issue, citing its rule (ORD-6, ORD-11, ORD-13)." },
  cancelOrder: {
    tag: "Orders", summary: "Cancel an order", body: "CancelBody", bodyOptional: true,
    description: "Cancels an open order and its open interventions, freeing their slots (ORD-11); the customer may be notified (ORD-12, NOT-3). No body is the same as {}.",
  },
  completeOrder: {
    tag: "Orders", summary: "Complete an order", body: "EmptyBody", bodyOptional: true,
    description: "Completes an open order whose interventions are all Completed or Cancelled (ORD-13). No body, or an object whose fields are ignored (ERR-3).",
  },
  planIntervention: {
    tag: "Interventions", summary: "Plan an intervention", body: "InterventionPlanBody", answer: "InterventionDetail",
    description: "Plans a new intervention of an open order for one day, with technicians and their time ranges (INT-1, INT-2, ASN-1 to ASN-5); collisions with other plans are refused unless the company disables them (ASN-5). Effects: notification and reminder (NOT-5, NOT-6).",
  },
  readIntervention: { tag: "Interventions", summary: "Read an intervention", answer: "InterventionDetail", description: "The InterventionDetail read shape; an intervention of another order is 404 (INT-8)." },
  editIntervention: {
    tag: "Interventions", summary: "Edit an intervention", body: "InterventionEditBody", bodyOptional: true, answer: "InterventionDetail",
    description: "Changes only the fields sent (INT-4); day, category, technicians and assignations change only through Replan (UseReplan). No body is the same as {}.",
  },
  replanIntervention: { tag: "Interventions", summary: "Replan an intervention", body: "InterventionReplanBody", answer: "InterventionDetail", description: "Plans a Planned intervention anew: day, technicians and time ranges replace the old ones (INT-3, ASN-1 to ASN-5)." },
  cancelIntervention: {
    tag: "Interventions", summary: "Cancel an intervention", body: "CancelBody", bodyOptional: true, answer: "InterventionDetail",
    description: "Cancels an intervention that is not finished, freeing its slots (INT-5); the customer and the technicians may be notified. No body is the same as {}.",
  },
  startDeparture: { tag: "Interventions", summary: "Start the departure", ...lifecycleMove, description: `Planned to DepartureStarted (INT-7). ${noFields}` },
  start: { tag: "Interventions", summary: "Start the work", ...lifecycleMove, description: `Planned or DepartureStarted to Running (INT-7). ${noFields}` },
  requestSignature: { tag: "Interventions", summary: "Request the customer's signature", ...lifecycleMove, description: `Running to WaitingForSignature (INT-7). ${noFields}` },
  complete: { tag: "Interventions", summary: "Complete an intervention", ...lifecycleMove, description: `Running or WaitingForSignature to Completed; the report documents are made (INT-6, INT-7). ${noFields}` },
  interventionAllowedActions: { tag: "Interventions", summary: "List the intervention's actions", answer: "InterventionAllowedActions", description: "Each intervention action and whether it is allowed now; a refused one carries the issue, citing its rule (INT-3 to INT-7)." },
  readReportDocuments: { tag: "Interventions", summary: "Read the report documents", answer: "ReportDocuments", description: "One document per form of the intervention's category, once it is Completed (INT-6); before that: 400 InvalidState." },
  orderCandidates: {
    tag: "Orders", summary: "Find candidates for a new visit", answer: "Candidates", query: "candidates",
    description: "An extension (docs/service-extensions.md): the slots of a day's grid (the window's start, then every step minutes) and the technicians that a plan of this order would be allowed, ranked by start, then the fewest minutes the technician already holds that day, then the technician's GUID (CND-1 to CND-3). Each slot planned alone is accepted by PlanIntervention on the same state (ASN-2, ASN-4, ASN-5). Each considered technician with no slot is left out with why (CND-4). An order that is not Open is 400 (INT-1).",
  },
  interventionCandidates: {
    tag: "Interventions", summary: "Find candidates for a replan", answer: "Candidates", query: "candidates",
    description: "An extension (docs/service-extensions.md): as the order's candidates, for a replan of this intervention: its own allocations do not count (ASN-5), and each slot planned alone is accepted by Replan on the same state. An intervention that is not Planned, or of an order that is not Open, is 400 (INT-3).",
  },
  readMaterial: { tag: "Materials", summary: "Read a material", answer: "Material", description: "The material read shape; prices as JSON numbers (GEN-7)." },
  replaceMaterial: { tag: "Materials", summary: "Replace a material", body: "MaterialReplaceBody", description: "Replaces the whole definition: a field left out is emptied (MAT-1); units from MAT-2, prices never negative (MAT-3)." },
  readStore: {
    tag: "Stores", summary: "Read a store and a page of its stock", answer: "StoreDetail", query: "storeListing",
    description: "The store and one page of its stocked materials, searched, filtered and sorted (STO-3 to STO-6); a store not available to the caller is 404 (STO-2).",
  },
  replaceStore: { tag: "Stores", summary: "Replace a store", body: "StoreReplaceBody", description: "Replaces name, external ID (cleared when left out) and availableFor; the stock is untouched (STO-1)." },
  addToStore: {
    tag: "Stock", summary: "Add stock to a store", body: "StockAmounts", answer: "AddToStoreResult",
    description: "Adds each amount in order, all or nothing, a material listed twice added twice (STK-2, STK-6); an amount left out or null makes the material unlimited (STK-1). Answers 201 with the resulting amounts.",
  },
  readJournal: {
    tag: "Journal", summary: "Read the journal of decisions", answer: "JournalPage", query: "journal",
    description: "An extension (docs/service.md): the caller's company's journaled writes by ascending seq, a cursor page at a time, filtered by record, operation, rule, outcome and time (JRN-1, JRN-2).",
  },
  sync: {
    tag: "Sync", summary: "Sync a technician's device", answer: "SyncAnswer", query: "sync",
    description: "An extension (docs/service-extensions.md): the records a technician's device needs for some days (their orders and interventions, the customers they name, the stores they may use with stock and materials, the company's configuration without its clients, the slots of the days), changed since a cursor, and the next cursor (SYN-1 to SYN-4). Without since, or with a cursor of another scope, one the journal no longer serves, or one from beyond what this database has written (a restored backup, another cluster), the answer is full. Any client of the company may pull any of its users' scopes, a deactivated technician's included: access is granted per integration client, not per user (AUTH-4).",
  },
  removeMaterial: { tag: "Stock", summary: "Remove stock from a store", body: "StockQuantities", description: "Removes each amount, all or nothing; an amount left out or null removes the material (STK-3, STK-6)." },
  setMaterialAmounts: { tag: "Stock", summary: "Set stock amounts", body: "StockAmounts", description: "Sets each amount, all or nothing; left out or null: unlimited (STK-4, STK-6)." },
  moveStock: {
    tag: "Stock", summary: "Move stock to another store", body: "StockQuantities",
    description: "Moves each amount from this store to the target store, all or nothing; left out or null moves all of it (STK-5, STK-6). Both path IDs take the same form.",
  },
};

const tagDescriptions: { readonly [T in Tag]: string } = {
  Authentication: "Log in with an integration client and get a bearer token (AUTH-1 to AUTH-6).",
  Customers: "Customers with their contact people, addresses and devices (CUS, UPS rules).",
  Orders: "Orders and their lifecycle: Open, Completed, Cancelled (ORD rules).",
  Interventions: "Technician visits of an order: planning, collisions and lifecycle (INT, ASN, NOT rules).",
  Materials: "Material definitions (MAT rules).",
  Stores: "Stores and the paged listing of their stock (STO rules).",
  Stock: "Stock batches: add, remove, set and move, all or nothing (STK rules).",
  Journal: "The journal of decisions, an extension: every write decided, committed, refused or dry run, with what it changed (JRN rules); writes sent with an Idempotency-Key are decided once (IDM rules).",
  Sync: "Device sync, an extension: a technician's records for some days and what changed since a cursor (SYN rules).",
  Documentation: "This document and the reference page, served by the command (`npx field-service-rules`, `npm start`) beside the API.",
};

const paramWords: { readonly [P in PathParamName]: string } = {
  customer: "customer", order: "order", intervention: "intervention", material: "material", store: "store", toStore: "target store",
};

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
  if (route.operation === "login") statuses.push(403, 429);
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

const dryRunParameter: JsonSchema = {
  name: "dryRun",
  in: "query",
  required: false,
  description: "true: answer what the write would answer (status, body, effects) and commit nothing (docs/service.md). true or false in any case.",
  schema: { type: "boolean", default: false },
};

const idempotencyKeyParameter: JsonSchema = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Decide this write once (IDM-1): a repeat with the same key and the same request within 24 hours answers the recorded status and body with Idempotent-Replayed: true, no effects, and changes nothing; the same key with another request is 422 (IDM-2). 1 to 255 visible ASCII characters, such as a UUID (IDM-3).",
  schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY },
};

function journalParameters(): JsonSchema[] {
  const q = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: "query", required: false, description, schema });
  const writes = apiRoutes.filter(isJournaledWrite).map((r) => r.operation);
  return [
    q("after", "The seq after which the page starts: the previous page's next; 0 (the default) for the first page.", { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 }),
    q("limit", `Entries per page, 1 to ${MAX_JOURNAL_PAGE}.`, { type: "integer", minimum: 1, maximum: MAX_JOURNAL_PAGE, default: DEFAULT_JOURNAL_PAGE }),
    q("record", "A GUID or external ID the entry names (a path record, a changed record, a stock change's store or material).", { type: "string", minLength: 1, maxLength: MAX_JOURNAL_FILTER_TEXT }),
    q("operation", "The operation the entry is.", { type: "string", enum: writes }),
    q("rule", "A rule ID among the entry's rules: a refusal's issues', or the rules a committed or dry-run write's operation applies (RPL-3).", { type: "string", enum: [...ruleIds] }),
    q("outcome", "How the write ended.", { type: "string", enum: [...journalOutcomes] }),
    q("from", "Entries decided at or after this instant.", { type: "string", format: "date-time" }),
    q("to", "Entries decided before this instant.", { type: "string", format: "date-time" }),
  ];
}

function syncParameters(): JsonSchema[] {
  const q = (name: string, required: boolean, description: string, schema: JsonSchema): JsonSchema => ({ name, in: "query", required, description, schema });
  return [
    q("scope", true, "technician:{userId}: a user of the caller's company by GUID or external ID (an unknown one is 400 at scope).", { type: "string", pattern: "^technician:.{1,255}$" }),
    q("from", true, "First day, YYYY-MM-DD, in the company's time zone.", { type: "string", format: "date" }),
    q("to", true, `Last day, YYYY-MM-DD, not before from; at most ${MAX_SYNC_DAYS} days in all.`, { type: "string", format: "date" }),
    q("since", false, "The cursor of the previous answer of this scope; left out, the answer is the whole scope.", { type: "string", pattern: "^[A-Za-z0-9_-]+$", maxLength: MAX_SYNC_CURSOR }),
  ];
}

function candidatesParameters(): JsonSchema[] {
  const q = (name: string, required: boolean, description: string, schema: JsonSchema, example?: unknown): JsonSchema =>
    ({ name, in: "query", required, description, schema, ...(example === undefined ? {} : { example }) });
  const time = { type: "string", pattern: "^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$" };
  return [
    q("day", true, "The visit's day, YYYY-MM-DD, in the company's time zone.", { type: "string", format: "date" }, "2026-03-12"),
    q("duration", true, `The visit's length in whole minutes, 1 to ${MAX_CANDIDATE_DURATION}.`, { type: "integer", minimum: 1, maximum: MAX_CANDIDATE_DURATION }, 90),
    q("from", false, "The window's start, local time HH:MM on the day (default: the day's start); a time a daylight-saving change skips is read past the gap.", time, "08:00"),
    q("to", false, "The window's end, local time HH:MM, after from, up to 24:00 (the default). A slot never ends at midnight (ASN-4).", time, "16:00"),
    q("step", false, `Minutes between two starts of the grid, counted from the window's start in elapsed time, ${MIN_CANDIDATE_STEP} to ${MAX_CANDIDATE_STEP}.`, { type: "integer", minimum: MIN_CANDIDATE_STEP, maximum: MAX_CANDIDATE_STEP, default: DEFAULT_CANDIDATE_STEP }),
    q("technicians", false, `The technicians to consider: comma-separated GUIDs or external IDs, at most ${MAX_CANDIDATE_TECHNICIANS} (an unknown one is 400 at technicians). Default: every user with the role Technik who is not deactivated.`, { type: "string", minLength: 1 }),
    q("limit", false, `Most candidates to list, 1 to ${MAX_CANDIDATE_LIMIT}.`, { type: "integer", minimum: 1, maximum: MAX_CANDIDATE_LIMIT, default: DEFAULT_CANDIDATE_LIMIT }),
  ];
}

function storeListingParameters(): JsonSchema[] {
  // Names, descriptions and which are required come from the query's own JSON Schema (the
  // shape parseStoreListingQuery reads); OpenAPI adds the typed form of each parameter.
  const query = storeListingQueryJsonSchema as { properties: Record<string, { description: string }>; required: string[] };
  const q = (name: string, schema: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({
    name,
    in: "query",
    required: query.required.includes(name),
    description: (query.properties[name] as { description: string }).description,
    schema,
    ...extra,
  });
  const guids = (name: string): JsonSchema =>
    q(name, { type: "array", items: { type: "string", format: "uuid" }, maxItems: limits.filterIds }, { style: "form", explode: false });
  return [
    q("page", { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { example: 1 }),
    q("pageSize", { type: "integer", minimum: 1, maximum: MAX_STORE_PAGE_SIZE }, { example: 20 }),
    q("searchPhrase", { type: "string", maxLength: limits.searchPhrase }),
    q("sortBy", { type: "string", enum: [...storeSortKeys], default: "name" }),
    q("sortOrder", { type: "string", enum: [...storeSortOrders], default: "ascend" }),
    guids("materialSupplierId"),
    guids("materialCategoryId"),
  ];
}

function operationObject(route: RouteDef, form: "id" | "externalId", examples: OpenApiExamples): JsonSchema {
  const doc = docs[route.operation];
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
    ...(doc.query === "storeListing" ? storeListingParameters() : doc.query === "journal" ? journalParameters() : doc.query === "sync" ? syncParameters() : doc.query === "candidates" ? candidatesParameters() : []),
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
    ...(route.operation === "login" ? { security: [] } : {}),
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

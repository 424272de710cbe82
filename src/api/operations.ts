// The description of every operation of the HTTP interface, once: method, path, success status,
// how the service routes it, what the reference says of it (tag, summary, description, body and
// answer schemas, query), the parser a client checks its body with, and which table's external ID
// its body sets. Everything else is derived from it (docs/decisions.md "One description per
// operation"): the route table and the router's dispatch (src/api/routes.ts,
// src/service/router.ts), the OpenAPI operations (src/api/openapi.ts), and by generation
// (`node tools/run.mjs operations`, run by `npm run docs`) the `ApiOperations` type
// (operations.generated.ts) and the client's methods, types and call table
// (src/client/operations.generated.ts). Adding an endpoint is one entry here plus its handler
// (a table in src/service/handlers/). Over 400 lines because it is that one table: 34 entries of
// about seven lines each.
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../customer/request.js";
import { parseInterventionCancel, parseInterventionEdit, parseInterventionPlan, parseInterventionReplan } from "../intervention/request.js";
import { parseMaterialReplace } from "../material/request.js";
import { parseOrderCancel } from "../order/cancel.js";
import { parseOrderAdd, parseOrderAddOrEdit, parseOrderEdit } from "../order/request.js";
import type { Result } from "../shared/issue.js";
import { parseStockAmounts, parseStockQuantities } from "../stock/request.js";
import { parseStoreReplace } from "../store/replace.js";
import type { Operation, QueryKind } from "./operation.js";
import type { Tag } from "./reference-words.js";
import type { ApiOperations, OperationId } from "./operations.generated.js";

/** The tables whose rows carry an external ID a body may set (GEN-4). */
export type ExternalIdTable = "customers" | "orders" | "interventions" | "stores";

/** One operation described: its route and everything the reference, the client and the storage read of it. */
export interface OperationDescription<O extends Operation = Operation> {
  /** Upper-case method. */
  readonly method: O["method"];
  /** Path template; each `{placeholder}` names a record. */
  readonly path: O["path"];
  /** The status of a successful answer. */
  readonly success: O["success"];
  /** How the service routes it. */
  readonly kind: O["kind"];
  /** The group the reference lists it under. */
  readonly tag: Tag;
  /** One line. */
  readonly summary: string;
  /** What it does, with the rules it applies. */
  readonly description: string;
  /** The request body's schema name in `components.schemas`. */
  readonly body?: string;
  /** Whether a body may be left out (a cancel without a body is `{}`; a lifecycle move reads none). */
  readonly bodyOptional?: true;
  /** The success body's schema name in `components.schemas`. */
  readonly answer?: string;
  /** The query parameters it reads besides `dryRun`. */
  readonly query?: QueryKind;
  /** The parser a client checks the body with before sending (the handler parses it again). */
  readonly parse?: (body: unknown) => Result<unknown>;
  /** The table whose external ID the body's root `externalId` sets: a GEN-4 refusal then points at it. */
  readonly externalIdTable?: ExternalIdTable;
  /** The technician's device decides it on its replica and queues it while offline (OFF-1, OFF-2). */
  readonly offline?: true;
}

/** A technician lifecycle move (INT-7): no fields to send, the detail back. */
const lifecycleMove = { body: "EmptyBody", bodyOptional: true, answer: "InterventionDetail" } as const;
const noFields = "No body, or an object whose fields are ignored (ERR-3).";

/**
 * Every operation of the HTTP interface, described once, by name; the type (generated from
 * this table) keeps each method, path, status and kind literal. Both add-or-edit operations
 * answer 204, whether they created or edited. Each path with placeholders also answers its
 * external-ID twin (`/order/externalId/{…}/…`), added by the route compiler (`compileRoutes`).
 * @rule UPS-9
 */
export const apiOperations: { readonly [O in OperationId]: OperationDescription<ApiOperations[O]> } = {
  /** Logs in and issues a token (AUTH-1). */
  login: {
    method: "POST", path: "/auth/login", success: 200, kind: "authentication",
    tag: "Authentication", summary: "Log in", body: "LoginRequest", answer: "LoginResponse",
    description: "Exchanges an integration client's credentials for a bearer token bound to its company (AUTH-1, AUTH-4); the token expires after its lifetime (AUTH-3). Wrong credentials: 403.",
  },
  /** Reads a customer. */
  readCustomer: {
    method: "GET", path: "/customer/{customer}", success: 200, kind: "decision",
    tag: "Customers", summary: "Read a customer", answer: "Customer",
    description: "The customer read shape: unset optional fields are null, IDs are GUIDs; only the caller's company's customers are found (GEN-2, AUTH-4).",
  },
  /** Reads an order. */
  readOrder: {
    method: "GET", path: "/order/{order}", success: 200, kind: "decision",
    tag: "Orders", summary: "Read an order", answer: "Order",
    description: "The order read shape, with the GUIDs of its interventions in planning order (GEN-2, AUTH-4).",
  },
  /** Lists the order actions and whether each is allowed now. */
  orderAllowedActions: {
    method: "GET", path: "/order/{order}/allowedActions", success: 200, kind: "decision",
    tag: "Orders", summary: "List the order's actions", answer: "OrderAllowedActions",
    description: "Each order action and whether it is allowed now; a refused one carries the issue, citing its rule (ORD-6, ORD-11, ORD-13).",
  },
  /** Reads an intervention of an order. */
  readIntervention: {
    method: "GET", path: "/order/{order}/intervention/{intervention}", success: 200, kind: "decision",
    tag: "Interventions", summary: "Read an intervention", answer: "InterventionDetail",
    description: "The InterventionDetail read shape; an intervention of another order is 404 (INT-8).",
  },
  /** Reads the report documents of a completed intervention (INT-6). */
  readReportDocuments: {
    method: "GET", path: "/order/{order}/intervention/{intervention}/reportDocuments", success: 200, kind: "decision",
    tag: "Interventions", summary: "Read the report documents", answer: "ReportDocuments",
    description: "One document per form of the intervention's category, once it is Completed (INT-6); before that: 400 InvalidState.",
  },
  /** Lists the intervention actions and whether each is allowed now. */
  interventionAllowedActions: {
    method: "GET", path: "/order/{order}/intervention/{intervention}/allowedActions", success: 200, kind: "decision",
    tag: "Interventions", summary: "List the intervention's actions", answer: "InterventionAllowedActions",
    description: "Each intervention action and whether it is allowed now; a refused one carries the issue, citing its rule (INT-3 to INT-7).",
  },
  /** Reads a material. */
  readMaterial: {
    method: "GET", path: "/material/{material}", success: 200, kind: "decision",
    tag: "Materials", summary: "Read a material", answer: "Material",
    description: "The material read shape; prices as JSON numbers (GEN-7).",
  },
  /** Lists the slots and technicians a new plan of the order may take (CND-1 to CND-4; an extension). */
  orderCandidates: {
    method: "GET", path: "/order/{order}/candidates", success: 200, kind: "decision",
    tag: "Orders", summary: "Find candidates for a new visit", answer: "Candidates", query: "candidates",
    description: "An extension (docs/service-extensions.md): the slots of a day's grid (the window's start, then every step minutes) and the technicians that a plan of this order would be allowed, ranked by start, then the fewest minutes the technician already holds that day, then the technician's GUID (CND-1 to CND-3). Each slot planned alone is accepted by PlanIntervention on the same state (ASN-2, ASN-4, ASN-5). Each considered technician with no slot is left out with why (CND-4). An order that is not Open is 400 (INT-1).",
  },
  /** Lists the slots and technicians a replan of the intervention may take (CND-1 to CND-4; an extension). */
  interventionCandidates: {
    method: "GET", path: "/order/{order}/intervention/{intervention}/candidates", success: 200, kind: "decision",
    tag: "Interventions", summary: "Find candidates for a replan", answer: "Candidates", query: "candidates",
    description: "An extension (docs/service-extensions.md): as the order's candidates, for a replan of this intervention: its own allocations do not count (ASN-5), and each slot planned alone is accepted by Replan on the same state. An intervention that is not Planned, or of an order that is not Open, is 400 (INT-3).",
  },
  /** Cancels an order and its open interventions (ORD-11). */
  cancelOrder: {
    method: "PUT", path: "/order/{order}/cancel", success: 204, kind: "decision",
    tag: "Orders", summary: "Cancel an order", body: "CancelBody", bodyOptional: true,
    description: "Cancels an open order and its open interventions, freeing their slots (ORD-11); the customer may be notified (ORD-12, NOT-3). No body is the same as {}.",
    parse: parseOrderCancel,
  },
  /** Completes an order (ORD-13). */
  completeOrder: {
    method: "PUT", path: "/order/{order}/complete", success: 204, kind: "decision",
    tag: "Orders", summary: "Complete an order", body: "EmptyBody", bodyOptional: true,
    description: "Completes an open order whose interventions are all Completed or Cancelled (ORD-13). No body, or an object whose fields are ignored (ERR-3).",
  },
  /** Plans an intervention on an order (INT-1). */
  planIntervention: {
    method: "POST", path: "/order/{order}/PlanIntervention", success: 200, kind: "decision",
    tag: "Interventions", summary: "Plan an intervention", body: "InterventionPlanBody", answer: "InterventionDetail",
    description: "Plans a new intervention of an open order for one day, with technicians and their time ranges (INT-1, INT-2, ASN-1 to ASN-5); collisions with other plans are refused unless the company disables them (ASN-5). Effects: notification and reminder (NOT-5, NOT-6).",
    parse: parseInterventionPlan, externalIdTable: "interventions",
  },
  /** Edits an intervention (INT-4). */
  editIntervention: {
    method: "PUT", path: "/order/{order}/intervention/{intervention}", success: 200, kind: "decision",
    tag: "Interventions", summary: "Edit an intervention", body: "InterventionEditBody", bodyOptional: true, answer: "InterventionDetail",
    description: "Changes only the fields sent (INT-4); day, category, technicians and assignations change only through Replan (UseReplan). No body is the same as {}.",
    parse: parseInterventionEdit,
    offline: true,
  },
  /** Replans a planned intervention (INT-3). */
  replanIntervention: {
    method: "PUT", path: "/order/{order}/intervention/{intervention}/Replan", success: 200, kind: "decision",
    tag: "Interventions", summary: "Replan an intervention", body: "InterventionReplanBody", answer: "InterventionDetail",
    description: "Plans a Planned intervention anew: day, technicians and time ranges replace the old ones (INT-3, ASN-1 to ASN-5).",
    parse: parseInterventionReplan, externalIdTable: "interventions",
    offline: true,
  },
  /** Cancels an intervention (INT-5). */
  cancelIntervention: {
    method: "PUT", path: "/order/{order}/intervention/{intervention}/Cancel", success: 200, kind: "decision",
    tag: "Interventions", summary: "Cancel an intervention", body: "CancelBody", bodyOptional: true, answer: "InterventionDetail",
    description: "Cancels an intervention that is not finished, freeing its slots (INT-5); the customer and the technicians may be notified. No body is the same as {}.",
    parse: parseInterventionCancel,
  },
  /** Starts the technician's departure (INT-7). */
  startDeparture: {
    method: "PUT", path: "/order/{order}/intervention/{intervention}/StartDeparture", success: 200, kind: "decision",
    tag: "Interventions", summary: "Start the departure", ...lifecycleMove,
    description: `Planned to DepartureStarted (INT-7). ${noFields}`,
    offline: true,
  },
  /** Starts the work (INT-7). */
  start: {
    method: "PUT", path: "/order/{order}/intervention/{intervention}/Start", success: 200, kind: "decision",
    tag: "Interventions", summary: "Start the work", ...lifecycleMove,
    description: `Planned or DepartureStarted to Running (INT-7). ${noFields}`,
    offline: true,
  },
  /** Asks the customer to sign (INT-7). */
  requestSignature: {
    method: "PUT", path: "/order/{order}/intervention/{intervention}/RequestSignature", success: 200, kind: "decision",
    tag: "Interventions", summary: "Request the customer's signature", ...lifecycleMove,
    description: `Running to WaitingForSignature (INT-7). ${noFields}`,
    offline: true,
  },
  /** Completes an intervention (INT-7). */
  complete: {
    method: "PUT", path: "/order/{order}/intervention/{intervention}/Complete", success: 200, kind: "decision",
    tag: "Interventions", summary: "Complete an intervention", ...lifecycleMove,
    description: `Running or WaitingForSignature to Completed; the report documents are made (INT-6, INT-7). ${noFields}`,
    offline: true,
  },
  /** Adds stock to a store (STK-2). */
  addToStore: {
    method: "POST", path: "/store/{store}/addToStore", success: 201, kind: "decision",
    tag: "Stock", summary: "Add stock to a store", body: "StockAmounts", answer: "AddToStoreResult",
    description: "Adds each amount in order, all or nothing, a material listed twice added twice (STK-2, STK-6); an amount left out or null makes the material unlimited (STK-1). Answers 201 with the resulting amounts.",
    parse: parseStockAmounts,
  },
  /** Removes stock from a store (STK-3). */
  removeMaterial: {
    method: "PUT", path: "/store/{store}/removeMaterial", success: 204, kind: "decision",
    tag: "Stock", summary: "Remove stock from a store", body: "StockQuantities",
    description: "Removes each amount, all or nothing; an amount left out or null removes the material (STK-3, STK-6).",
    parse: parseStockQuantities,
  },
  /** Sets stock amounts in a store (STK-4). */
  setMaterialAmounts: {
    method: "PUT", path: "/store/{store}/setMaterialAmounts", success: 204, kind: "decision",
    tag: "Stock", summary: "Set stock amounts", body: "StockAmounts",
    description: "Sets each amount, all or nothing; left out or null: unlimited (STK-4, STK-6).",
    parse: parseStockAmounts,
  },
  /** Moves stock between two stores (STK-5). */
  moveStock: {
    method: "PUT", path: "/store/{store}/moveTo/{toStore}", success: 204, kind: "decision",
    tag: "Stock", summary: "Move stock to another store", body: "StockQuantities",
    description: "Moves each amount from this store to the target store, all or nothing; left out or null moves all of it (STK-5, STK-6). Both path IDs take the same form.",
    parse: parseStockQuantities,
    offline: true,
  },
  /** Adds a customer (CUS-1). */
  addCustomer: {
    method: "POST", path: "/customer", success: 201, kind: "decision",
    tag: "Customers", summary: "Add a customer", body: "CustomerAddBody", answer: "Created",
    description: "Adds a customer with at least one contact person and one address (CUS-1 to CUS-12); answers 201 with its GUID. References between the sent elements use their external IDs (CUS-6).",
    parse: parseCustomerAdd, externalIdTable: "customers",
  },
  /** Adds or edits a customer (UPS-1 to UPS-9). */
  addOrEditCustomer: {
    method: "POST", path: "/customer/addOrEdit", success: 204, kind: "decision",
    tag: "Customers", summary: "Add or edit a customer", body: "CustomerAddOrEditBody",
    description: "Adds the customer, or edits the one found by id or externalId (UPS-1 to UPS-9); nested elements are matched by id or externalId and never deleted (UPS-6). Answers 204 either way.",
    parse: parseCustomerAddOrEdit, externalIdTable: "customers",
  },
  /** Adds an order (ORD-1). */
  addOrder: {
    method: "POST", path: "/order", success: 201, kind: "decision",
    tag: "Orders", summary: "Add an order", body: "OrderAddBody", answer: "Created",
    description: "Adds an open order for a customer, one of its addresses and contact people (ORD-1 to ORD-5); answers 201 with its GUID.",
    parse: parseOrderAdd, externalIdTable: "orders",
  },
  /** Adds or edits an order (ORD-10). */
  addOrEditOrder: {
    method: "POST", path: "/order/addOrEdit", success: 204, kind: "decision",
    tag: "Orders", summary: "Add or edit an order", body: "OrderAddOrEditBody",
    description: "Adds the order, or edits the one found by id or externalId (ORD-10, UPS-1 to UPS-9). Answers 204 either way.",
    parse: parseOrderAddOrEdit, externalIdTable: "orders",
  },
  /** Edits an order (ORD-6). */
  editOrder: {
    method: "PUT", path: "/order/{order}", success: 204, kind: "decision",
    tag: "Orders", summary: "Edit an order", body: "OrderEditBody",
    description: "Changes only the fields sent (ORD-6 to ORD-9); an order that is not Open is refused (ORD-6).",
    parse: parseOrderEdit, externalIdTable: "orders",
  },
  /** Replaces a material's definition (MAT-1). */
  replaceMaterial: {
    method: "PUT", path: "/material/{material}", success: 204, kind: "decision",
    tag: "Materials", summary: "Replace a material", body: "MaterialReplaceBody",
    description: "Replaces the whole definition: a field left out is emptied (MAT-1); units from MAT-2, prices never negative (MAT-3).",
    parse: parseMaterialReplace,
  },
  /** Replaces a store (STO-1). */
  replaceStore: {
    method: "PUT", path: "/store/{store}", success: 204, kind: "decision",
    tag: "Stores", summary: "Replace a store", body: "StoreReplaceBody",
    description: "Replaces name, external ID (cleared when left out) and availableFor; the stock is untouched (STO-1).",
    parse: parseStoreReplace, externalIdTable: "stores",
  },
  /** Reads one page of a store's stock (STO-3 to STO-6). */
  readStore: {
    method: "GET", path: "/store/{store}", success: 200, kind: "listing",
    tag: "Stores", summary: "Read a store and a page of its stock", answer: "StoreDetail", query: "storeListing",
    description: "The store and one page of its stocked materials, searched, filtered and sorted (STO-3 to STO-6); a store not available to the caller is 404 (STO-2).",
  },
  /** Reads one page of the company's journal of decisions (JRN-2; an extension). */
  readJournal: {
    method: "GET", path: "/journal", success: 200, kind: "journal",
    tag: "Journal", summary: "Read the journal of decisions", answer: "JournalPage", query: "journal",
    description: "An extension (docs/service.md): the caller's company's journaled writes by ascending seq, a cursor page at a time, filtered by record, operation, rule, outcome and time (JRN-1, JRN-2).",
  },
  /** Reads what a technician's device needs for some days, changed since a cursor (SYN-1 to SYN-4; an extension). */
  sync: {
    method: "GET", path: "/sync", success: 200, kind: "deviceSync",
    tag: "Sync", summary: "Sync a technician's device", answer: "SyncAnswer", query: "deviceSync",
    description: "An extension (docs/service-extensions.md): the records a technician's device needs for some days (their orders and interventions, the customers they name, the stores they may use with stock and materials, the company's configuration without its clients, the slots of the days), changed since a cursor, and the next cursor (SYN-1 to SYN-4). Without since, or with a cursor of another scope, one the journal no longer serves, or one from beyond what this database has written (a restored backup, another cluster), the answer is full. Any client of the company may pull any of its users' scopes, a deactivated technician's included: access is granted per integration client, not per user (AUTH-4).",
  },
};

// What the reference says about each operation (split from src/api/openapi.ts, issue 35): its
// tag, summary, description, body and answer schema names and the query it reads, keyed by
// operation so an operation added to the route table without its documentation fails to compile.
import type { OperationId, PathParamName } from "./routes.js";

/** The tags the reference groups operations under. */
export type Tag = "Authentication" | "Customers" | "Orders" | "Interventions" | "Materials" | "Stores" | "Stock" | "Journal" | "Sync" | "Documentation";

/** What the reference says about one operation. */
export interface OperationDoc {
  /** The group it is listed under. */
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
  readonly query?: "storeListing" | "journal" | "sync" | "candidates";
}

/** A technician lifecycle move (INT-7): no fields to send, the detail back. */
const lifecycleMove = { body: "EmptyBody", bodyOptional: true, answer: "InterventionDetail" } as const;
const noFields = "No body, or an object whose fields are ignored (ERR-3).";

/**
 * What the reference says about each operation. Keyed by operation, so an operation added to
 * the route table without its documentation fails to compile.
 */
export const operationDocs: { readonly [O in OperationId]: OperationDoc } = {
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

/** What each tag groups. */
export const tagDescriptions: { readonly [T in Tag]: string } = {
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

/** How the reference names the record of each path placeholder. */
export const paramWords: { readonly [P in PathParamName]: string } = {
  customer: "customer", order: "order", intervention: "intervention", material: "material", store: "store", toStore: "target store",
};

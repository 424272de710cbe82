/**
 * field-service-rules: the pure rules of a field-service management API. This entry is
 * browser-safe (no `node:` import and no Node global anywhere in its import graph; `npm
 * test` bundles it for the browser to prove it). The reference service is
 * `field-service-rules/service`, its `node:http` adapter `field-service-rules/server`.
 * Every export is listed here by name; nothing is imported from deep paths. The HTTP plumbing
 * (route table, problem details, tokens) is exported by `field-service-rules/service`.
 *
 * The `@example` blocks run in `npm test` and their `//=>` outputs are checked. Names they use
 * without declaring them (`planned`, `openOrder`, `screw`, `tech`, `planContext`, ...) are the
 * records of `examples` from `field-service-rules/testing`: a small, consistent company.
 * @packageDocumentation
 */

// shared primitives
export { issueCodes } from "./shared/issue.js";
export type { IssueCode, Issue, EdgeCode, EdgeIssue, ProblemIssue, NonEmptyArray, Ok, Fail, Result } from "./shared/issue.js";
export { ruleIds } from "./shared/rule-id.generated.js";
export type { RuleId } from "./shared/rule-id.generated.js";
export { isGuid, toGuid, guid } from "./shared/guid.js";
export type { Guid } from "./shared/guid.js";
export { Dec } from "./shared/decimal.js";
export { foldText } from "./shared/text.js";
export { ABSENT } from "./shared/field.js";
export type { Absent, Tri } from "./shared/field.js";
export { refIndex } from "./shared/reference.js";
export type { RefIndex } from "./shared/reference.js";
export { parseIsoDate, parseDateTime, formatInstant, dayRange, today } from "./shared/time.js";
export type { IsoDate, Instant, InstantRange } from "./shared/time.js";

// Each request body's parser and its Standard Schema twin (`…Schema`) are exported; the body's
// JSON Schema is the twin's `["~standard"].jsonSchema.input({ target })` (issue 23).
export type { StandardSchemaV1, StandardJSONSchemaV1, BodySchema, CodedIssue } from "./shared/standard-schema.js";
export type { CatalogValue, CategoryForm, InterventionCategory } from "./shared/catalog.js";
export { defaultSettings } from "./shared/settings.js";
export type { CompanySettings, CustomDataField, CustomDataFieldType } from "./shared/settings.js";

// records
export { userRoles } from "./auth/user.js";
export type { User, UserRole } from "./auth/user.js";
export { customerKinds } from "./customer/customer.js";
export type { CustomerKind, Phone, ContactPerson, Coordinates, Address, ServiceObject, Customer } from "./customer/customer.js";
export { orderStates, orderStateLabels, priorities } from "./records/order.js";
export type { OrderState, Priority, Order } from "./records/order.js";
export { materialUnits } from "./material/material.js";
export type { MaterialUnit, Material } from "./material/material.js";

// stock
export { UNLIMITED, ALL, ZERO, finite, amountFromJson, amountToJson, compareAmounts, amountsEqual } from "./stock/index.js";
export type { FiniteAmount, UnlimitedAmount, Amount, AllQuantity, Quantity } from "./stock/index.js";
export { applyStockChanges, addAmounts, addToStock, removeAmount, removeFromStock, setAmount, setStockAmounts, moveAmounts, moveStock } from "./stock/index.js";
export type { Identified, StockItem, StockChanges, MovedAmounts, MoveChanges } from "./stock/index.js";
export { parseStockAmounts, parseStockQuantities, stockAmountsSchema, stockQuantitiesSchema } from "./stock/index.js";

// order lifecycle
export { orderActions, orderMachine, orderActionRules, nextOrderState, isFinishedIntervention, orderActionIssue, allowedOrderActions } from "./order/machine.js";
export type { OrderAction } from "./order/machine.js";
export type { AllowedAction } from "./shared/allowed-action.js";
export { parseOrderCancel, orderCancelSchema, cancelOrder } from "./order/cancel.js";
export type { OrderCancelCommand, OrderCancelContext, OrderCancelDecision } from "./order/cancel.js";
export { completeOrder } from "./order/complete.js";
export type { OrderCompleteDecision } from "./order/complete.js";
// Planning is the order's `planIntervention` action: it lives with the order machine.
export { planIntervention } from "./order/plan-intervention.js";
export { planCandidates } from "./order/candidates.js";
export { replanCandidates } from "./intervention/candidates.js";
export type { InterventionPlanContext } from "./order/plan-intervention.js";

// interventions
export { interventionStates, interventionStateLabels, interventionActions, initialInterventionState, interventionMachine, interventionActionRules, nextInterventionState, isTerminalInterventionState, interventionActionIssue, allowedInterventionActions, parseInterventionPlan, parseInterventionReplan, parseInterventionEdit, parseInterventionCancel, interventionPlanSchema, interventionReplanSchema, interventionEditSchema, interventionCancelSchema, replanIntervention, editIntervention, cancelIntervention, moveIntervention, reportDocuments, interventionOfOrder } from "./intervention/index.js";
export type { InterventionState, Assignation, ReportDocument, Intervention, InterventionAction, LifecycleAction, InterventionDecision, InterventionPlanCommand, InterventionReplanCommand, InterventionEditCommand, InterventionCancelCommand, InterventionReplanContext, InterventionPlanningContext, InterventionEditContext, InterventionCancelContext, InterventionLifecycleContext, ReportDocumentsAnswer } from "./intervention/index.js";

// assignations
export { emptyCollisionIndex, collisionIndex, updateCollisionIndex, updateCollisionIndexBatch, overlappingAllocations, validateAssignations } from "./assignation/index.js";
export type { Allocation, TechnicianAllocations, CollisionIndex, CollisionUpdate, AssignationRequest, AssignationsRequest, AssignationContext, ValidAssignations } from "./assignation/index.js";
export {
  candidates, candidatesRequestIssues, parseCandidatesQuery, MAX_CANDIDATE_DURATION, MIN_CANDIDATE_STEP, MAX_CANDIDATE_STEP, DEFAULT_CANDIDATE_STEP,
  MAX_CANDIDATE_LIMIT, DEFAULT_CANDIDATE_LIMIT, MAX_CANDIDATE_TECHNICIANS,
} from "./assignation/index.js";
export type { CandidatesRequest, CandidatesQuery, CandidatesContext, Candidate, LeftOutTechnician, CandidatesAnswer } from "./assignation/index.js";

// notifications

export type { Channel, Recipient, CustomerNotificationReason, Effect } from "./notification/index.js";

// auth
export { login } from "./auth/login.js";
export type { LoginRequest, LoginClient, LoginCompany, LoginResponse, LoginIssued, SecretCheck } from "./auth/login.js";
export { apiUser } from "./auth/owner.js";
// credentials (issue 39): the hasher port, stored forms, the login throttle
export { digestSecrets, storedClient, parseScryptHash, formatScryptHash, isStoredSecret } from "./auth/secret.js";
export type { SecretHasher, ScryptCost, ScryptHash, ClientCredentials, StoredClient } from "./auth/secret.js";
export { LOGIN_THROTTLE, loginKeys, loginThrottle, nextFailureWindow } from "./auth/throttle.js";
export type { LoginThrottleLimits, FailureWindow, LoginKeys, Throttled } from "./auth/throttle.js";

// stores: listing
export type { Store } from "./store/index.js";
export { storeSortKeys, storeSortOrders, MAX_STORE_PAGE_SIZE, parseStoreListingQuery, storeListingQuerySchema } from "./store/index.js";
export type { StoreSortKey, StoreSortOrder, StoreListingQuery, QueryParameters } from "./store/index.js";
export { buildStoreListing, rebuildStoreListing, storeListingStock, prepareStoreListingSearch, updateStoreListingStock, updateStoreListingMaterial, queryStoreListing } from "./store-listing/index.js";
export type { StoreListing, StoreListingCatalog, StoreDetail, StoreDetailItem, StoreDetailMaterials } from "./store-listing/index.js";

// customers, orders, materials, stores: writes
// Upsert table and three-state merge helpers (UPS-1..5, GEN-5)

// Customers (customerKinds and record types are already exported from ./customer/customer.js)
export { orderedCatalog } from "./customer/context.js";
export type { OrderedCatalog, CustomerContext } from "./customer/context.js";

export { parseCustomerAdd, parseCustomerAddOrEdit, customerAddSchema, customerAddOrEditSchema } from "./customer/request.js";
export type { CustomerBodyMode, ContactPersonInput, AddressInput, ServiceObjectInput, CustomerInput, CustomerAddCommand, CustomerAddOrEditCommand } from "./customer/request.js";

export { addCustomer } from "./customer/add.js";
export { addOrEditCustomer } from "./customer/add-or-edit.js";
export type { UpsertOutcome, CustomerUpsert } from "./customer/add-or-edit.js";
// Orders (add / edit / add-or-edit; the state machine, cancel and complete come from the other helper)
export { parseOrderAdd, parseOrderEdit, parseOrderAddOrEdit, orderAddSchema, orderEditSchema, orderAddOrEditSchema } from "./order/request.js";
export type { OrderOptionalFields, OrderChanges, OrderAddCommand, OrderEditCommand, OrderAddOrEditCommand } from "./order/request.js";

export type { OrderContext } from "./order/context.js";
export { addOrder } from "./order/add.js";
export { editOrder } from "./order/edit.js";
export { addOrEditOrder } from "./order/add-or-edit.js";
export type { OrderUpsert } from "./order/add-or-edit.js";
// Materials
export { parseMaterialReplace, materialReplaceSchema } from "./material/request.js";
export type { MaterialReplaceCommand } from "./material/request.js";
export { replaceMaterial } from "./material/replace.js";
export type { MaterialContext } from "./material/replace.js";
// Stores (replace and access; the listing is the other helper's)
export { parseStoreReplace, storeReplaceSchema, replaceStore } from "./store/replace.js";
export type { StoreReplaceCommand, StoreReplaceContext } from "./store/replace.js";
export { canUseStore } from "./store/access.js";

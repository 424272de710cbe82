/**
 * field-service-rules: the pure rules of a field-service management API and a reference
 * service composing them. Every export is listed here by name; nothing is imported from
 * deep paths.
 * @packageDocumentation
 */

// shared primitives
export { issueCodes, ok, fail, issue, isNonEmpty, collect, all, prefixIssues, joinPath } from "./shared/issue.js";
export type { IssueCode, Issue, NonEmptyArray, Ok, Fail, Result } from "./shared/issue.js";
export { isGuid, toGuid, guid } from "./shared/guid.js";
export type { Guid } from "./shared/guid.js";
export { Dec, decimalFromJson, decimalToJson } from "./shared/decimal.js";
export { foldText } from "./shared/text.js";
export { ABSENT, readTri, applyPatch, patchOf } from "./shared/field.js";
export type { Absent, Tri, NullableKeys, Patch } from "./shared/field.js";
export { refIndex, findReference, resolveReference } from "./shared/reference.js";
export type { RefIndex } from "./shared/reference.js";
export { parseIsoDate, parseDateTime, formatInstant, isTimeZone, localDate, zoneOffset, dayRange, addDays, today } from "./shared/time.js";
export type { IsoDate, Instant, InstantRange } from "./shared/time.js";
export {
  readObject, readString, readNonBlank, readGuid, readDate, readDateTime, readBoolean, readNonNegativeDecimal, readEmail,
  readInteger, readEnum, readArray, required, optional, optionalValue,
} from "./shared/read.js";
export type { ValueReader, JsonObject } from "./shared/read.js";
export { pathSegments, toStandardSchema } from "./shared/standard-schema.js";
export type { StandardSchemaV1 } from "./shared/standard-schema.js";
export type { CatalogValue, CategoryForm, InterventionCategory } from "./shared/catalog.js";
export { defaultSettings } from "./shared/settings.js";
export type { CompanySettings, CustomDataField, CustomDataFieldType } from "./shared/settings.js";

// records
export { userRoles } from "./auth/user.js";
export type { User, UserRole } from "./auth/user.js";
export { customerKinds } from "./customer/customer.js";
export type { CustomerKind, Phone, ContactPerson, Coordinates, Address, ServiceObject, Customer } from "./customer/customer.js";
export { orderStates, orderStateLabels, priorities } from "./order/order.js";
export type { OrderState, Priority, Order } from "./order/order.js";
export { interventionStates, interventionStateLabels } from "./intervention/intervention.js";
export type { InterventionState, Assignation, ReportDocument, Intervention } from "./intervention/intervention.js";
export { materialUnits } from "./material/material.js";
export type { MaterialUnit, Material } from "./material/material.js";
export type { Store } from "./store/store.js";

// stock
export { UNLIMITED, ALL, ZERO, finite, amountFromJson, amountToJson, compareAmounts, amountsEqual } from "./stock/index.js";
export type { FiniteAmount, UnlimitedAmount, Amount, AllQuantity, Quantity } from "./stock/index.js";
export { applyStockChanges, addAmounts, addToStock, removeAmount, removeFromStock, setAmount, setStockAmounts, moveAmounts, moveStock } from "./stock/index.js";
export type { Identified, StockItem, StockChanges, MovedAmounts, MoveChanges } from "./stock/index.js";
export { parseStockAmountsBody, parseStockQuantitiesBody, stockAmountsSchema, stockQuantitiesSchema } from "./stock/index.js";

import { ABSENT, checkNotNull, type Absent, type Tri } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { collect, type Issue, type Result } from "../shared/issue.js";
import {
  optional,
  readArray,
  readBoolean,
  readDateTime,
  readEnum,
  readGuid,
  readInteger,
  readExternalId,
  readNonBlank,
  readObject,
  readString,
  readText,
  readLongText,
  required,
  type JsonObject,
  type ValueReader,
} from "../shared/read.js";
import { limits } from "../shared/limits.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import { js, type JsonSchema } from "../shared/json-schema.js";
import type { Instant } from "../shared/time.js";
import { priorities, type Priority } from "../records/order.js";

/** The optional order fields, each in its three states (GEN-5). */
export interface OrderOptionalFields {
  /** ID or external ID of the invoicing customer (ORD-2). */
  readonly invoiceCustomerId: Tri<string>;
  /** Order name. */
  readonly name: Tri<string>;
  /** Estimated minutes, a whole number ≥ 0 (ORD-5). */
  readonly estimatedDuration: Tri<number>;
  /** The customer's request. */
  readonly problemDescriptionFromCustomer: Tri<string>;
  /** Internal note. */
  readonly internalNote: Tri<string>;
  /** JSON text (CUS-8, order template). */
  readonly customData: Tri<string>;
  /** Priority (ORD-4). */
  readonly priority: Tri<Priority>;
  /** ID or slug of an OrderCustomState. */
  readonly customStateId: Tri<string>;
  /** IDs or external IDs of devices of the customer (ORD-1). */
  readonly serviceObjectIds: Tri<readonly string[]>;
  /** ID or external ID of the owner (AUTH-6). */
  readonly ownerId: Tri<string>;
  /** Requested date-time (GEN-6). */
  readonly requestedDate: Tri<Instant>;
  /** Documents by post (ORD-3). */
  readonly sendByPost: Tri<boolean>;
  /** Use the orderer's work prices (ORD-2). */
  readonly useWorkItemsFromInvoiceCustomer: Tri<boolean>;
}

/**
 * The changes any order body asks for. The four required fields can be left out (an edit)
 * but never `null`: the type forbids clearing them (ORD-7).
 */
export interface OrderChanges extends OrderOptionalFields {
  /** ID or external ID of the customer (ORD-1, ORD-8). */
  readonly customerId: Absent | string;
  /** ID or external ID of an address of the customer (ORD-1). */
  readonly addressId: Absent | string;
  /** ID or external ID of a contact person of the customer (ORD-1). */
  readonly contactPersonId: Absent | string;
  /** ID or slug of an OrderCategory. */
  readonly categoryId: Absent | string;
}

/** A parsed `POST /order` body (ORD-1): the four references present; no field is `null` (GEN-5). */
export interface OrderAddCommand extends OrderChanges {
  /** External ID (GEN-4). */
  readonly externalId: Absent | string;
  /** ID or external ID of the customer. */
  readonly customerId: string;
  /** ID or external ID of an address of the customer. */
  readonly addressId: string;
  /** ID or external ID of a contact person of the customer. */
  readonly contactPersonId: string;
  /** ID or slug of an OrderCategory. */
  readonly categoryId: string;
}

/** A parsed `PUT /order/{id}` body (ORD-7): only what was sent changes. */
export interface OrderEditCommand extends OrderChanges {
  /** External ID as sent; it may only repeat the current one (ORD-8). */
  readonly externalId: Tri<string>;
}

/** A parsed `POST /order/addOrEdit` body (ORD-10): the four references required even when editing. */
export interface OrderAddOrEditCommand extends OrderAddCommand {
  /** GUID of the order to edit, if sent (UPS-3, UPS-4). */
  readonly id: Absent | Guid;
}

const readPriority = readEnum(priorities);
const readDuration = readInteger(0);
const readReferences = readArray(readNonBlank, 0, limits.serviceObjectIds);
const readCustomData = readText(limits.customData);

/** Reads an optional field; with `nullIsAbsent` (a plain add, GEN-5) `null` counts as left out. */
function field<T>(o: JsonObject, key: string, issues: Issue[], reader: ValueReader<T>, nullIsAbsent: boolean): Tri<T> {
  const v = optional(o, key, "", issues, reader);
  return nullIsAbsent && v === null ? ABSENT : v;
}

function readOptionalFields(o: JsonObject, issues: Issue[], nullIsAbsent: boolean): OrderOptionalFields {
  return {
    invoiceCustomerId: field(o, "invoiceCustomerId", issues, readNonBlank, nullIsAbsent),
    name: field(o, "name", issues, readString, nullIsAbsent),
    estimatedDuration: field(o, "estimatedDuration", issues, readDuration, nullIsAbsent),
    problemDescriptionFromCustomer: field(o, "problemDescriptionFromCustomer", issues, readLongText, nullIsAbsent),
    internalNote: field(o, "internalNote", issues, readLongText, nullIsAbsent),
    customData: field(o, "customData", issues, readCustomData, nullIsAbsent),
    priority: field(o, "priority", issues, readPriority, nullIsAbsent),
    customStateId: field(o, "customStateId", issues, readNonBlank, nullIsAbsent),
    serviceObjectIds: field(o, "serviceObjectIds", issues, readReferences, nullIsAbsent),
    ownerId: field(o, "ownerId", issues, readNonBlank, nullIsAbsent),
    requestedDate: field(o, "requestedDate", issues, readDateTime, nullIsAbsent),
    sendByPost: field(o, "sendByPost", issues, readBoolean, nullIsAbsent),
    useWorkItemsFromInvoiceCustomer: field(o, "useWorkItemsFromInvoiceCustomer", issues, readBoolean, nullIsAbsent),
  };
}

/** An identifier (`id`, `externalId`): `null` and left out both mean not sent ({@link ABSENT}). */
function ident<T>(o: JsonObject, key: string, issues: Issue[], reader: ValueReader<T>): T | Absent {
  const v = optional(o, key, "", issues, reader);
  return v === null ? ABSENT : v;
}

function readAdd(value: unknown, issues: Issue[]): OrderAddCommand | undefined {
  const o = readObject(value, "", "", issues);
  if (o === undefined) return undefined;
  // `required` returns undefined only after pushing an issue, and collect never hands out a
  // command with issues: the casts hold wherever the command is read.
  return {
    externalId: ident(o, "externalId", issues, readExternalId),
    customerId: required(o, "customerId", "", issues, readNonBlank) as string,
    addressId: required(o, "addressId", "", issues, readNonBlank) as string,
    contactPersonId: required(o, "contactPersonId", "", issues, readNonBlank) as string,
    categoryId: required(o, "categoryId", "", issues, readNonBlank) as string,
    ...readOptionalFields(o, issues, true),
  };
}

/**
 * Parses a `POST /order` body: the four references required, formats and enum values
 * checked, `null` on an optional field counts as left out (GEN-5), unknown fields ignored
 * (ERR-3); every issue with its JSON path (GEN-9). Never throws. Applies ORD-1 (presence),
 * ORD-4 and ORD-5.
 * @param value - the JSON body
 * @returns the command, or every issue
 * @rule ORD-5
 * @example
 * parseOrderAdd({ customerId: "C-1", addressId: "A-1", contactPersonId: "P-1", categoryId: "repair" }).ok //=> true
 * parseOrderAdd({ customerId: "C-1", estimatedDuration: -5 }).issues.map((i) => i.path) //=> ["addressId", "contactPersonId", "categoryId", "estimatedDuration"]
 */
export function parseOrderAdd(value: unknown): Result<OrderAddCommand> {
  const issues: Issue[] = [];
  const command = readAdd(value, issues);
  return collect(issues, () => command as OrderAddCommand);
}

/** Reads one of the four required references on an edit: may be left out, never `null` (ORD-7). */
function notNull(o: JsonObject, key: string, issues: Issue[]): Absent | string {
  return checkNotNull(optional(o, key, "", issues, readNonBlank), key, issues);
}

/**
 * Parses a `PUT /order/{id}` body: every field optional, `null` kept apart from left out
 * (GEN-5), `null` on `customerId`, `addressId`, `contactPersonId`, `categoryId` refused with
 * `Required` (ORD-7). Unknown fields ignored (ERR-3); every issue reported (GEN-9).
 * @param value - the JSON body
 * @returns the command, or every issue
 * @example
 * parseOrderEdit({ addressId: null }).issues[0] //=> { code: "Required", path: "addressId", ... }
 * parseOrderEdit({ internalNote: null }).value.internalNote //=> null
 */
export function parseOrderEdit(value: unknown): Result<OrderEditCommand> {
  const issues: Issue[] = [];
  const o = readObject(value, "", "", issues);
  // Stryker disable next-line ArrowFunction: readObject reported an issue, so collect never calls this thunk
  if (o === undefined) return collect(issues, () => undefined as never);
  const command: OrderEditCommand = {
    externalId: optional(o, "externalId", "", issues, readExternalId),
    customerId: notNull(o, "customerId", issues),
    addressId: notNull(o, "addressId", issues),
    contactPersonId: notNull(o, "contactPersonId", issues),
    categoryId: notNull(o, "categoryId", issues),
    ...readOptionalFields(o, issues, false),
  };
  return collect(issues, () => command);
}

/**
 * Parses a `POST /order/addOrEdit` body: `id` and `externalId` optional, the four
 * references required even when editing (ORD-10), `null` kept apart from left out on the
 * optional fields (GEN-5, UPS-5). Unknown fields ignored (ERR-3); every issue reported (GEN-9).
 * @param value - the JSON body
 * @returns the command, or every issue
 * @example
 * parseOrderAddOrEdit({ id: "not-a-guid" }).issues.map((i) => i.code) //=> ["Required", "Required", "Required", "Required", "InvalidGuid"]
 */
export function parseOrderAddOrEdit(value: unknown): Result<OrderAddOrEditCommand> {
  const issues: Issue[] = [];
  const o = readObject(value, "", "", issues);
  // Stryker disable next-line ArrowFunction: readObject reported an issue, so collect never calls this thunk
  if (o === undefined) return collect(issues, () => undefined as never);
  // As in readAdd: the casts hold wherever the command is read.
  const command: OrderAddOrEditCommand = {
    externalId: ident(o, "externalId", issues, readExternalId),
    customerId: required(o, "customerId", "", issues, readNonBlank) as string,
    addressId: required(o, "addressId", "", issues, readNonBlank) as string,
    contactPersonId: required(o, "contactPersonId", "", issues, readNonBlank) as string,
    categoryId: required(o, "categoryId", "", issues, readNonBlank) as string,
    ...readOptionalFields(o, issues, false),
    id: ident(o, "id", issues, readGuid),
  };
  return collect(issues, () => command);
}

function orderOptionalProperties(): Record<string, JsonSchema> {
  return {
  invoiceCustomerId: js.nullable(js.nonBlank("GUID or external ID of the invoicing customer (ORD-2).")),
  name: js.nullable(js.text(limits.text, "Order name.")),
  estimatedDuration: js.nullable(js.integer(0, Number.MAX_SAFE_INTEGER, "Estimated minutes (ORD-5).")),
  problemDescriptionFromCustomer: js.nullable(js.text(limits.longText, "The customer's request.")),
  internalNote: js.nullable(js.text(limits.longText, "Internal note.")),
  customData: js.nullable(js.text(limits.customData, "JSON text checked against the company's order template (CUS-8).")),
  priority: js.nullable(js.enumOf(priorities, "Priority (ORD-4); default Normal.")),
  customStateId: js.nullable(js.nonBlank("GUID or slug of an OrderCustomState.")),
  serviceObjectIds: js.nullable(js.array(js.nonBlank("GUID or external ID of a device of the customer (ORD-1)."), 0, limits.serviceObjectIds)),
  ownerId: js.nullable(js.nonBlank("GUID or external ID of the owner (AUTH-6).")),
  requestedDate: js.nullable(js.dateTime("Requested date-time, with Z or an offset (GEN-6).")),
  sendByPost: js.nullable(js.boolean("Documents by post (ORD-3).")),
  useWorkItemsFromInvoiceCustomer: js.nullable(js.boolean("Use the orderer's work prices (ORD-2).")),
  };
}

const ORDER_REFERENCES = {
  customerId: "GUID or external ID of the customer (ORD-1, ORD-8).",
  addressId: "GUID or external ID of an address of the customer (ORD-1).",
  contactPersonId: "GUID or external ID of a contact person of the customer (ORD-1).",
  categoryId: "GUID or slug of an OrderCategory.",
} as const;

const ORDER_REQUIRED = ["customerId", "addressId", "contactPersonId", "categoryId"] as const;

function orderReferences(): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(ORDER_REFERENCES).map(([key, description]) => [key, js.nonBlank(description)]));
}

/**
 * The JSON Schema of a `POST /order` body, the shape {@link parseOrderAdd} reads.
 * @example
 * orderAddJsonSchema.required //=> ["customerId", "addressId", "contactPersonId", "categoryId"]
 */
export const orderAddJsonSchema: JsonSchema = /* @__PURE__ */ (() => js.object(
  { externalId: js.nullable(js.externalId("External ID, unique among the company's orders (GEN-4).")), ...orderReferences(), ...orderOptionalProperties() },
  ORDER_REQUIRED,
  "A new order (ORD-1); null on an optional field counts as left out (GEN-5).",
))();

/**
 * The JSON Schema of a `PUT /order/{id}` body, the shape {@link parseOrderEdit} reads.
 * @example
 * orderEditJsonSchema.required //=> undefined
 */
export const orderEditJsonSchema: JsonSchema = /* @__PURE__ */ (() => js.object(
  { externalId: js.nullable(js.externalId("External ID; it may only repeat the current one (ORD-8).")), ...orderReferences(), ...orderOptionalProperties() },
  [],
  "Only the fields sent change (ORD-6); null clears an optional field and is refused on customerId, addressId, contactPersonId and categoryId (GEN-5).",
))();

/**
 * The JSON Schema of a `POST /order/addOrEdit` body, the shape {@link parseOrderAddOrEdit}
 * reads.
 * @example
 * orderAddOrEditJsonSchema.properties.id.format //=> "uuid"
 */
export const orderAddOrEditJsonSchema: JsonSchema = /* @__PURE__ */ (() => js.object(
  {
    id: js.nullable(js.guid("GUID of the order to edit (UPS-3, UPS-4).")),
    externalId: js.nullable(js.externalId("External ID: how an existing order is found when no id is sent (UPS-2).")),
    ...orderReferences(),
    ...orderOptionalProperties(),
  },
  ORDER_REQUIRED,
  "Adds the order, or edits the one found by id or externalId (ORD-10, UPS-1 to UPS-9); null clears an optional field (GEN-5).",
))();

/** {@link parseOrderAdd} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const orderAddSchema: BodySchema<OrderAddCommand> = /* @__PURE__ */ toStandardSchema(parseOrderAdd, orderAddJsonSchema);

/** {@link parseOrderEdit} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const orderEditSchema: BodySchema<OrderEditCommand> = /* @__PURE__ */ toStandardSchema(parseOrderEdit, orderEditJsonSchema);

/** {@link parseOrderAddOrEdit} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const orderAddOrEditSchema: BodySchema<OrderAddOrEditCommand> = /* @__PURE__ */ toStandardSchema(parseOrderAddOrEdit, orderAddOrEditJsonSchema);

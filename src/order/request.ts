import { priorities } from "../records/order.js";
import {
  array,
  boolean,
  compileBody,
  dateTime,
  describedJsonSchema,
  edit,
  extend,
  externalId,
  guid,
  ident,
  integer,
  nonBlank,
  object,
  oneOf,
  optional,
  required,
  text,
  type BodyMode,
  type DescribedBody,
  type DescribedOutput,
  type EditFields,
  type SameType,
} from "../shared/description/index.js";
import type { Result } from "../shared/issue.js";
import type { JsonSchema } from "../shared/json-schema.js";
import { limits } from "../shared/limits.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import {
  orderAddBodyDocs,
  orderAddBodyRecords,
  orderAddOrEditBodyDocs,
  orderAddOrEditBodyRecords,
  orderEditBodyDocs,
  orderEditBodyRecords,
  type OrderAddCommand,
  type OrderAddOrEditCommand,
  type OrderChanges,
  type OrderEditCommand,
  type OrderOptionalFields,
} from "./request-types.generated.js";

export type { OrderAddCommand, OrderAddOrEditCommand, OrderChanges, OrderEditCommand, OrderOptionalFields } from "./request-types.generated.js";

/*
 * The order bodies, described once (docs/decisions.md "One description per body"): the parsers,
 * the JSON Schemas, the command types and the JSON body types (the last two written by
 * `tools/body-types.ts` into request-types.generated.ts and checked below) all come from here. The add
 * and the add-or-edit read `order`; the edit reads its edit (`edit(order)`), where the four
 * references may be left out but not cleared (ORD-7) and `externalId` is a three-state field
 * (ORD-8). Fields are read, and issues reported, in this order: `externalId`, the four
 * references, the optional fields, then the add-or-edit's `id`.
 */

/**
 * The optional order fields, each in its three states (GEN-5).
 * @fields OrderFieldsBody The optional order fields every order body shares.
 */
const orderOptional = /* @__PURE__ */ object("OrderOptionalFields", {
  /** GUID or external ID of the invoicing customer (ORD-2). */
  invoiceCustomerId: optional(nonBlank(), "ORD-2"),
  /** Order name. */
  name: optional(text()),
  /** Estimated minutes (ORD-5). */
  estimatedDuration: optional(integer(0), "ORD-5"),
  /** The customer's request. */
  problemDescriptionFromCustomer: optional(text(limits.longText)),
  /** Internal note. */
  internalNote: optional(text(limits.longText)),
  /** JSON text checked against the company's order template (CUS-8). */
  customData: optional(text(limits.customData), "CUS-8"),
  /** Priority (ORD-4); default Normal. */
  priority: optional(oneOf(priorities, { name: "Priority", from: "records/order" }), "ORD-4"),
  /** GUID or slug of an OrderCustomState. */
  customStateId: optional(nonBlank()),
  /** GUIDs or external IDs of devices of the customer (ORD-1). */
  serviceObjectIds: optional(array(nonBlank(), limits.serviceObjectIds), "ORD-1"),
  /** GUID or external ID of the owner (AUTH-6). */
  ownerId: optional(nonBlank()),
  /** Requested date-time, with Z or an offset (GEN-6). */
  requestedDate: optional(dateTime()),
  /** Documents by post (ORD-3). */
  sendByPost: optional(boolean(), "ORD-3"),
  /** Use the orderer's work prices (ORD-2). */
  useWorkItemsFromInvoiceCustomer: optional(boolean(), "ORD-2"),
});

/**
 * The changes any order body asks for. The four references can be left out (an edit) but never
 * `null`: the type forbids clearing them (ORD-7).
 */
const orderChanges = /* @__PURE__ */ extend(
  orderOptional,
  "OrderChanges",
  {
    /** GUID or external ID of the customer (ORD-1, ORD-8). */
    customerId: required(nonBlank(), "ORD-1"),
    /** GUID or external ID of an address of the customer (ORD-1). */
    addressId: required(nonBlank(), "ORD-1"),
    /** GUID or external ID of a contact person of the customer (ORD-1). */
    contactPersonId: required(nonBlank(), "ORD-1"),
    /** GUID or slug of an OrderCategory. */
    categoryId: required(nonBlank(), "ORD-1"),
  },
  "first",
);

/**
 * A parsed `POST /order` body (ORD-1): the four references present; no field is `null` (GEN-5).
 * @add OrderAddBody A new order (ORD-1); null on an optional field counts as left out (GEN-5).
 * @edit OrderEditBody Only the fields sent change (ORD-6); null clears an optional field and is refused on customerId, addressId, contactPersonId and categoryId (GEN-5).
 */
const order = /* @__PURE__ */ extend(
  orderChanges,
  "OrderAddCommand",
  {
    /**
     * External ID (GEN-4, UPS-2).
     * @add External ID, unique among the company's orders (GEN-4).
     * @upsert External ID: how an existing order is found when no id is sent (UPS-2).
     * @edit External ID; it may only repeat the current one (ORD-8).
     */
    externalId: ident(externalId()),
  },
  "first",
);

/** The edit of an order: the four references may be left out but not cleared, `externalId` in three states (ORD-7, ORD-8). */
const orderEdit = /* @__PURE__ */ edit(order);

/**
 * A parsed `POST /order/addOrEdit` body (ORD-10): the four references required even when editing.
 * @upsert OrderAddOrEditBody Adds the order, or edits the one found by id or externalId (ORD-10, UPS-1 to UPS-9); null clears an optional field (GEN-5).
 */
const orderAddOrEdit = /* @__PURE__ */ extend(order, "OrderAddOrEditCommand", {
  /** GUID of the order to edit (UPS-3, UPS-4). */
  id: ident(guid()),
});

// Each body with the mode it is read in, stated once: its parser, its JSON Schema and the type
// generator read the same mode (typed by annotation, not `as const`, so Stryker mutates it and the
// generated-types test in test/scripts/body-types.test.ts sees the change).
const addMode: BodyMode = "add";
const addBody: DescribedBody & { readonly value: typeof order } = { value: order, mode: addMode };
const editMode: BodyMode = "edit";
const editBody: DescribedBody & { readonly value: typeof orderEdit } = {
  value: orderEdit,
  mode: editMode,
  /** A parsed `PUT /order/{id}` body (ORD-7): only what was sent changes. */
  command: "OrderEditCommand",
};
const addOrEditMode: BodyMode = "upsert";
const addOrEditBody: DescribedBody & { readonly value: typeof orderAddOrEdit } = { value: orderAddOrEdit, mode: addOrEditMode };

/**
 * The order bodies, for the type generator (`tools/body-types.ts`), which writes their command
 * and JSON body types into `src/order/request-types.generated.ts`.
 * @internal
 */
export const orderBodies: readonly DescribedBody[] = [addBody, editBody, addOrEditBody];

/** Compiles only when each element is `true`. */
type AllTrue<T extends readonly true[]> = T;

// The generated interfaces are the described ones (a stale src/order/request-types.generated.ts fails
// `npm run typecheck` here); a type, so nothing of it is left at run time.
type GeneratedMatch = AllTrue<
  [
    SameType<OrderOptionalFields, DescribedOutput<typeof orderOptional.fields>>,
    SameType<OrderChanges, DescribedOutput<EditFields<typeof orderChanges.fields>>>,
    SameType<OrderAddCommand, DescribedOutput<typeof order.fields>>,
    SameType<OrderEditCommand, DescribedOutput<typeof orderEdit.fields>>,
    SameType<OrderAddOrEditCommand, DescribedOutput<typeof orderAddOrEdit.fields>>,
  ]
>;

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
export const parseOrderAdd: (value: unknown) => Result<OrderAddCommand> = /* @__PURE__ */ compileBody(order, addMode, orderAddBodyRecords);

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
export const parseOrderEdit: (value: unknown) => Result<OrderEditCommand> = /* @__PURE__ */ compileBody(orderEdit, editMode, orderEditBodyRecords);

/**
 * Parses a `POST /order/addOrEdit` body: `id` and `externalId` optional, the four
 * references required even when editing (ORD-10), `null` kept apart from left out on the
 * optional fields (GEN-5, UPS-5). Unknown fields ignored (ERR-3); every issue reported (GEN-9).
 * @param value - the JSON body
 * @returns the command, or every issue
 * @example
 * parseOrderAddOrEdit({ id: "not-a-guid" }).issues.map((i) => i.code) //=> ["Required", "Required", "Required", "Required", "InvalidGuid"]
 */
export const parseOrderAddOrEdit: (value: unknown) => Result<OrderAddOrEditCommand> = /* @__PURE__ */ compileBody(orderAddOrEdit, addOrEditMode, orderAddOrEditBodyRecords);

/**
 * The JSON Schema of a `POST /order` body, the shape {@link parseOrderAdd} reads.
 * @example
 * orderAddJsonSchema.required //=> ["customerId", "addressId", "contactPersonId", "categoryId"]
 */
export const orderAddJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(order, addMode, orderAddBodyDocs);

/**
 * The JSON Schema of a `PUT /order/{id}` body, the shape {@link parseOrderEdit} reads.
 * @example
 * orderEditJsonSchema.required //=> undefined
 */
export const orderEditJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(orderEdit, editMode, orderEditBodyDocs);

/**
 * The JSON Schema of a `POST /order/addOrEdit` body, the shape {@link parseOrderAddOrEdit}
 * reads.
 * @example
 * orderAddOrEditJsonSchema.properties.id.format //=> "uuid"
 */
export const orderAddOrEditJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(orderAddOrEdit, addOrEditMode, orderAddOrEditBodyDocs);

/** {@link parseOrderAdd} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const orderAddSchema: BodySchema<OrderAddCommand> = /* @__PURE__ */ toStandardSchema(parseOrderAdd, orderAddJsonSchema);

/** {@link parseOrderEdit} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const orderEditSchema: BodySchema<OrderEditCommand> = /* @__PURE__ */ toStandardSchema(parseOrderEdit, orderEditJsonSchema);

/** {@link parseOrderAddOrEdit} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const orderAddOrEditSchema: BodySchema<OrderAddOrEditCommand> = /* @__PURE__ */ toStandardSchema(parseOrderAddOrEdit, orderAddOrEditJsonSchema);

import type { Result } from "../shared/issue.js";
import {
  addList,
  array,
  boolean,
  compileBody,
  describedJsonSchema,
  email,
  extend,
  externalId,
  guid,
  ident,
  list,
  nonBlank,
  numberIn,
  object,
  oneOf,
  optional,
  required,
  text,
  upsertOnly,
  type BodyMode,
  type DescribedBody,
  type DescribedOutput,
  type SameType,
} from "../shared/description/index.js";
import { limits } from "../shared/limits.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import type { JsonSchema } from "../shared/json-schema.js";
import { customerKinds } from "./customer.js";
import {
  customerAddBodyDocs,
  customerAddBodyRecords,
  customerAddOrEditBodyDocs,
  customerAddOrEditBodyRecords,
  type AddressInput, type ContactPersonInput, type CustomerAddCommand, type CustomerAddOrEditCommand, type CustomerInput, type ServiceObjectInput } from "./request-types.generated.js";

export type { AddressInput, ContactPersonInput, CustomerAddCommand, CustomerAddOrEditCommand, CustomerInput, ServiceObjectInput } from "./request-types.generated.js";

/**
 * How a body is read: a plain add (`null` on an optional field counts as left out, GEN-5;
 * nested `id` is not a field of an add and is ignored, ERR-3) or an add-or-edit (`null`
 * kept apart from left out, nested `id` read).
 */
export type CustomerBodyMode = BodyMode;

/*
 * The customer bodies, described once (docs/decisions.md "One description per body"): the
 * parsers, the JSON Schemas, the command types and the JSON body types (the last two written
 * by `tools/body-types.ts` into request-types.generated.ts and checked below) all come from here.
 * Adding an optional field is one line in one object below, plus the rule that uses it.
 */

// Shared by the three element objects; each documents them on its own field.
const elementId = /* @__PURE__ */ upsertOnly(guid());
const elementExternalId = /* @__PURE__ */ ident(externalId());

/** @add PhoneBody A phone number as sent (CUS-9). */
const phone = /* @__PURE__ */ object(
  "Phone",
  {
    /** International prefix, e.g. +420. */
    prefix: required(text(), "CUS-9"),
    /** The number, not blank. */
    phone: required(nonBlank(), "CUS-9"),
  },
  "customer/customer",
);

/** @add CoordinatesBody Coordinates as sent, range-checked (CUS-10). */
const coordinates = /* @__PURE__ */ object(
  "Coordinates",
  {
    /** -90..90. */
    latitude: required(numberIn(-90, 90, "CUS-10"), "CUS-10"),
    /** -180..180. */
    longitude: required(numberIn(-180, 180, "CUS-10"), "CUS-10"),
  },
  "customer/customer",
);

/**
 * A contact person as sent (CUS-9); each field in its three states (GEN-5).
 * @add ContactPersonBody A contact person in a customer body (CUS-9).
 * @upsert ContactPersonUpsertBody A contact person in an add-or-edit body: also its GUID, to edit an existing one (UPS-6).
 */
const contactPerson = /* @__PURE__ */ object("ContactPersonInput", {
  /** GUID of an existing contact person (add-or-edit only, UPS-6). */
  id: elementId,
  /** External ID, also how the element is matched (UPS-6) and referenced (CUS-6). */
  externalId: elementExternalId,
  /** First name. */
  firstName: optional(text()),
  /** Last name. */
  lastName: optional(text()),
  /** Job position. */
  position: optional(text()),
  /** Phone `{ prefix, phone }`. */
  phone: optional(phone, "CUS-9"),
  /** E-mail address (CUS-9). */
  email: optional(email(), "CUS-9"),
  /** Whether customer notifications may go to this person (NOT-3); default `false`. */
  sendNotifications: optional(boolean()),
  /** Whether reports go to this person; default `false`. */
  sendReports: optional(boolean()),
});

/**
 * An address as sent (CUS-10); each field in its three states (GEN-5).
 * @add AddressBody An address in a customer body (CUS-10).
 * @upsert AddressUpsertBody An address in an add-or-edit body: also its GUID, to edit an existing one (UPS-6).
 */
const address = /* @__PURE__ */ object("AddressInput", {
  /** GUID of an existing address (add-or-edit only, UPS-6). */
  id: elementId,
  /** External ID, also how the element is matched (UPS-6) and referenced (CUS-6). */
  externalId: elementExternalId,
  /** Street and number. */
  street: optional(text()),
  /** City. */
  city: optional(text()),
  /** Postal code. */
  postalCode: optional(text()),
  /** Country. */
  country: optional(text()),
  /** Coordinates, range-checked (CUS-10). */
  coordinates: optional(coordinates, "CUS-10"),
});

/**
 * A service object (device) as sent (CUS-11); each field in its three states (GEN-5).
 * @add ServiceObjectBody A service object (device) in a customer body (CUS-11).
 * @upsert ServiceObjectUpsertBody A service object in an add-or-edit body: also its GUID, to edit an existing one (UPS-6).
 */
const serviceObject = /* @__PURE__ */ object("ServiceObjectInput", {
  /** GUID of an existing device (add-or-edit only, UPS-6). */
  id: elementId,
  /** External ID, also how the element is matched (UPS-6). */
  externalId: elementExternalId,
  /** Name; required on a new device (CUS-11), and `null` is refused on an edit. */
  name: optional(nonBlank(), "CUS-11"),
  /** Serial number. */
  serialNumber: optional(text()),
  /** Description. */
  description: optional(text(limits.longText)),
  /** External ID (or GUID) of one of the customer's addresses. */
  addressId: optional(nonBlank()),
});

/**
 * The customer fields of an add or add-or-edit body. Three-state fields keep left out
 * (`ABSENT`) apart from `null` up to the decision (GEN-5); the add parser never yields `null`
 * (it counts as left out there), except for an empty `contactAddressId` (CUS-4).
 * @add CustomerAddBody The body of `POST /customer` (CUS-1): at least one contact person and one address; null on an optional field counts as left out (GEN-5).
 * @fields CustomerFieldsBody The customer fields every customer body shares.
 */
const customerFields = /* @__PURE__ */ object("CustomerInput", {
  /**
   * External ID (GEN-4, UPS-2).
   * @add External ID, unique among the company's customers (GEN-4).
   * @upsert External ID: how an existing customer is found when no id is sent (UPS-2).
   */
  externalId: ident(externalId()),
  /** Name, not blank (CUS-1). */
  name: required(nonBlank(), "CUS-1"),
  /** Company or Household (CUS-2); `Company` when left out on add. */
  kind: optional(oneOf(customerKinds, { name: "CustomerKind", from: "customer/customer" }), "CUS-2"),
  /** GUID or slug of a CustomerCategory (CUS-5). */
  categoryId: optional(nonBlank()),
  /** GUID or slug of a CustomerType (CUS-5). */
  typeId: optional(nonBlank()),
  /** GUID or external ID of the owner (AUTH-6). */
  ownerId: optional(nonBlank()),
  /** Company registration number, required for a company (CUS-3, CUS-4). */
  identificationNumber: optional(text()),
  /** Tax number, companies only (CUS-4). */
  taxNumber: optional(text()),
  /** Web page. */
  website: optional(text()),
  /** Notes. */
  description: optional(text(limits.longText)),
  /** JSON text checked against the company's customer template (CUS-8). */
  customData: optional(text(limits.customData), "CUS-8"),
  /** Extra notification e-mail addresses (CUS-12). */
  notificationEmails: optional(array(email(), limits.notificationEmails), "CUS-12"),
  /** Documents by post (CUS-12). */
  sendByPost: optional(boolean(), "CUS-12"),
  /** External ID of the primary contact person (CUS-6). */
  primaryContactPersonId: optional(nonBlank()),
  /** External ID of the invoice address (CUS-6). */
  invoiceAddressId: optional(nonBlank()),
  /** External ID of the contact address, companies only (CUS-4, CUS-6); empty: not filled. */
  contactAddressId: optional(nonBlank(), undefined, "emptyIsNull"),
  /**
   * Contact people sent; none sent: empty.
   * @add At least one contact person (CUS-1).
   * @upsert Matched by id or externalId, else added; none is deleted (UPS-6).
   */
  contactPeople: addList(array(contactPerson, limits.contactPeople), 1, "CUS-1"),
  /**
   * Addresses sent; none sent: empty.
   * @add At least one address (CUS-1).
   * @upsert Matched by id or externalId, else added; none is deleted (UPS-6).
   */
  addresses: addList(array(address, limits.addresses), 1, "CUS-1"),
  /** Devices of the customer (CUS-11); none sent: empty. */
  serviceObjects: list(array(serviceObject, limits.serviceObjects), "CUS-11"),
});

/**
 * A parsed `POST /customer/addOrEdit` body: the customer fields plus the optional `id` (UPS-1 to UPS-4).
 * @upsert CustomerAddOrEditBody The body of `POST /customer/addOrEdit`: adds the customer, or edits the one found by id or externalId (UPS-1 to UPS-9); only `name` is required, and null clears an optional field (GEN-5).
 */
const customerAddOrEdit = /* @__PURE__ */ extend(customerFields, "CustomerAddOrEditCommand", {
  /** GUID of the customer to edit, if sent (UPS-3, UPS-4). */
  id: upsertOnly(guid()),
});

/**
 * The customer bodies, for the type generator (`tools/body-types.ts`), which writes their
 * command and JSON body types into `src/customer/request-types.generated.ts`.
 * @internal
 */
export const customerBodies: readonly DescribedBody[] = [
  {
    value: customerFields,
    mode: "add",
    /** A parsed `POST /customer` body (CUS-1): `contactPeople` and `addresses` hold at least one element. */
    command: "CustomerAddCommand",
  },
  { value: customerAddOrEdit, mode: "upsert" },
];

// The generated interfaces are the described ones: a field changed in a description and not
// regenerated (`npm run docs`) fails to compile here.
const generatedMatch: [
  SameType<CustomerInput, DescribedOutput<typeof customerFields.fields>>,
  SameType<CustomerAddOrEditCommand, DescribedOutput<typeof customerAddOrEdit.fields>>,
  SameType<ContactPersonInput, DescribedOutput<typeof contactPerson.fields>>,
  SameType<AddressInput, DescribedOutput<typeof address.fields>>,
  SameType<ServiceObjectInput, DescribedOutput<typeof serviceObject.fields>>,
] = [true, true, true, true, true];
void generatedMatch;

/**
 * Parses a `POST /customer` body: types, enum values, blank required strings, e-mails and
 * coordinates checked; every issue with its JSON path; `null` on an optional field counts
 * as left out (GEN-5); unknown fields ignored (ERR-3). Never throws. Applies CUS-1,
 * CUS-2, CUS-9 (formats), CUS-10 (ranges), CUS-11 (name), CUS-12 and GEN-9.
 * @param value - the JSON body
 * @returns the command, or every issue
 * @rule CUS-1
 * @example
 * parseCustomerAdd({ name: "Acme", identificationNumber: "1", contactPeople: [{ lastName: "Novák" }], addresses: [{ city: "Brno" }] }).ok //=> true
 * parseCustomerAdd({ name: " " }).issues.map((i) => i.path) //=> ["name", "contactPeople", "addresses"]
 */
export const parseCustomerAdd: (value: unknown) => Result<CustomerAddCommand> = /* @__PURE__ */ compileBody(customerFields, "add", customerAddBodyRecords);

/**
 * Parses a `POST /customer/addOrEdit` body: as {@link parseCustomerAdd}, plus `id`, nested
 * `id`s, lists optional, and `null` kept apart from left out (GEN-5, UPS-5). Applies
 * UPS-1 to UPS-6 (reading), GEN-5, GEN-9 and ERR-3.
 * @param value - the JSON body
 * @returns the command, or every issue
 * @example
 * parseCustomerAddOrEdit({ externalId: "C-1", name: "Acme", website: null }).value.website //=> null
 */
export const parseCustomerAddOrEdit: (value: unknown) => Result<CustomerAddOrEditCommand> = /* @__PURE__ */ compileBody(customerAddOrEdit, "upsert", customerAddOrEditBodyRecords);

/**
 * The JSON Schema of a `POST /customer` body, the shape {@link parseCustomerAdd} reads.
 * @example
 * customerAddJsonSchema.required //=> ["name", "contactPeople", "addresses"]
 */
export const customerAddJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(customerFields, "add", customerAddBodyDocs);

/**
 * The JSON Schema of a `POST /customer/addOrEdit` body, the shape
 * {@link parseCustomerAddOrEdit} reads.
 * @example
 * customerAddOrEditJsonSchema.required //=> ["name"]
 */
export const customerAddOrEditJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(customerAddOrEdit, "upsert", customerAddOrEditBodyDocs);

/** {@link parseCustomerAdd} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const customerAddSchema: BodySchema<CustomerAddCommand> = /* @__PURE__ */ toStandardSchema(parseCustomerAdd, customerAddJsonSchema);

/** {@link parseCustomerAddOrEdit} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const customerAddOrEditSchema: BodySchema<CustomerAddOrEditCommand> = /* @__PURE__ */ toStandardSchema(parseCustomerAddOrEdit, customerAddOrEditJsonSchema);

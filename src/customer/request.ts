import { ABSENT, type Tri } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { collect, issue, joinPath, type Issue, type Result } from "../shared/issue.js";
import {
  optional,
  readArray,
  readBoolean,
  readEmail,
  readEnum,
  readGuid,
  readNonBlank,
  readObject,
  readString,
  required,
  type JsonObject,
  type ValueReader,
} from "../shared/read.js";
import { toStandardSchema, type StandardSchemaV1 } from "../shared/standard-schema.js";
import { customerKinds, type Coordinates, type CustomerKind, type Phone } from "./customer.js";

/**
 * How a body is read: a plain add (`null` on an optional field counts as left out, GEN-5;
 * nested `id` is not a field of an add and is ignored, ERR-3) or an add-or-edit (`null`
 * kept apart from left out, nested `id` read).
 */
export type CustomerBodyMode = "add" | "upsert";

/** A contact person as sent (CUS-9); each field in its three states (GEN-5). */
export interface ContactPersonInput {
  /** GUID of an existing contact person (add-or-edit only, UPS-6). */
  readonly id: Guid | undefined;
  /** External ID, also how the element is matched (UPS-6) and referenced (CUS-6). */
  readonly externalId: string | undefined;
  /** First name. */
  readonly firstName: Tri<string>;
  /** Last name. */
  readonly lastName: Tri<string>;
  /** Job position. */
  readonly position: Tri<string>;
  /** Phone `{ prefix, phone }`. */
  readonly phone: Tri<Phone>;
  /** E-mail address. */
  readonly email: Tri<string>;
  /** Whether customer notifications may go to this person (default `false`). */
  readonly sendNotifications: Tri<boolean>;
  /** Whether reports go to this person (default `false`). */
  readonly sendReports: Tri<boolean>;
}

/** An address as sent (CUS-10); each field in its three states (GEN-5). */
export interface AddressInput {
  /** GUID of an existing address (add-or-edit only, UPS-6). */
  readonly id: Guid | undefined;
  /** External ID, also how the element is matched (UPS-6) and referenced (CUS-6). */
  readonly externalId: string | undefined;
  /** Street and number. */
  readonly street: Tri<string>;
  /** City. */
  readonly city: Tri<string>;
  /** Postal code. */
  readonly postalCode: Tri<string>;
  /** Country. */
  readonly country: Tri<string>;
  /** Coordinates, range-checked (CUS-10). */
  readonly coordinates: Tri<Coordinates>;
}

/** A service object (device) as sent (CUS-11); each field in its three states (GEN-5). */
export interface ServiceObjectInput {
  /** GUID of an existing device (add-or-edit only, UPS-6). */
  readonly id: Guid | undefined;
  /** External ID, also how the element is matched (UPS-6). */
  readonly externalId: string | undefined;
  /** Name, required on a new device; `null` is refused on an edit. */
  readonly name: Tri<string>;
  /** Serial number. */
  readonly serialNumber: Tri<string>;
  /** Description. */
  readonly description: Tri<string>;
  /** External ID (or GUID) of one of the customer's addresses. */
  readonly addressId: Tri<string>;
}

/**
 * The customer fields of an add or add-or-edit body. Three-state fields keep left out
 * ({@link ABSENT}) apart from `null` up to the decision (GEN-5); the add parser never
 * yields `null` (it counts as left out there).
 */
export interface CustomerInput {
  /** External ID (GEN-4, UPS-2). */
  readonly externalId: string | undefined;
  /** Name, required (CUS-1). */
  readonly name: string;
  /** Kind (CUS-2). */
  readonly kind: Tri<CustomerKind>;
  /** ID or slug of a CustomerCategory (CUS-5). */
  readonly categoryId: Tri<string>;
  /** ID or slug of a CustomerType (CUS-5). */
  readonly typeId: Tri<string>;
  /** ID or external ID of the owner (AUTH-6). */
  readonly ownerId: Tri<string>;
  /** Company registration number (CUS-3, CUS-4). */
  readonly identificationNumber: Tri<string>;
  /** Tax number (CUS-4). */
  readonly taxNumber: Tri<string>;
  /** Web page. */
  readonly website: Tri<string>;
  /** Notes. */
  readonly description: Tri<string>;
  /** JSON text (CUS-8), checked against the template by the decision. */
  readonly customData: Tri<string>;
  /** Extra notification e-mail addresses (CUS-12). */
  readonly notificationEmails: Tri<readonly string[]>;
  /** Documents by post (CUS-12). */
  readonly sendByPost: Tri<boolean>;
  /** External ID of the primary contact person (CUS-6). */
  readonly primaryContactPersonId: Tri<string>;
  /** External ID of the invoice address (CUS-6). */
  readonly invoiceAddressId: Tri<string>;
  /** External ID of the contact address (CUS-4, CUS-6). */
  readonly contactAddressId: Tri<string>;
  /** Contact people sent (none sent: empty). */
  readonly contactPeople: readonly ContactPersonInput[];
  /** Addresses sent (none sent: empty). */
  readonly addresses: readonly AddressInput[];
  /** Devices sent (none sent: empty). */
  readonly serviceObjects: readonly ServiceObjectInput[];
}

/** A parsed `POST /customer` body (CUS-1): `contactPeople` and `addresses` hold at least one element. */
export type CustomerAddCommand = CustomerInput;

/** A parsed `POST /customer/addOrEdit` body: the customer fields plus the optional `id` (UPS-1 to UPS-4). */
export interface CustomerAddOrEditCommand extends CustomerInput {
  /** GUID of the customer to edit, if sent. */
  readonly id: Guid | undefined;
}

/**
 * Moves the paths of issues pushed since `before` under `parent[key]`. Readers of nested
 * objects read with the root path `""` and only a failing element pays for its full path.
 */
function rebase(issues: Issue[], before: number, parent: string, key: string | number): void {
  if (issues.length === before) return;
  const base = joinPath(parent, key);
  for (let i = before; i < issues.length; i++) {
    const it = issues[i] as Issue;
    issues[i] = { ...it, path: joinPath(base, it.path) };
  }
}

/** A finite number within `[min, max]`. */
function readNumberIn(min: number, max: number): ValueReader<number> {
  return (value, parent, key, issues) => {
    if (typeof value !== "number") {
      issues.push(issue("InvalidType", joinPath(parent, key), "Expected a number."));
      return undefined;
    }
    if (!Number.isFinite(value)) {
      issues.push(issue("InvalidNumber", joinPath(parent, key)));
      return undefined;
    }
    if (value < min || value > max) {
      issues.push(issue("OutOfRange", joinPath(parent, key), `Expected a number from ${min} to ${max} (CUS-10).`));
      return undefined;
    }
    return value;
  };
}

const readLatitude = readNumberIn(-90, 90);
const readLongitude = readNumberIn(-180, 180);

/** Reads `{ latitude, longitude }` (CUS-10). */
const readCoordinates: ValueReader<Coordinates> = (value, parent, key, issues) => {
  const o = readObject(value, parent, key, issues);
  if (o === undefined) return undefined;
  const before = issues.length;
  const latitude = required(o, "latitude", "", issues, readLatitude);
  const longitude = required(o, "longitude", "", issues, readLongitude);
  rebase(issues, before, parent, key);
  return latitude === undefined || longitude === undefined ? undefined : { latitude, longitude };
};

/** Reads `{ prefix, phone }` (CUS-9). */
const readPhone: ValueReader<Phone> = (value, parent, key, issues) => {
  const o = readObject(value, parent, key, issues);
  if (o === undefined) return undefined;
  const before = issues.length;
  const prefix = required(o, "prefix", "", issues, readString);
  const phone = required(o, "phone", "", issues, readNonBlank);
  rebase(issues, before, parent, key);
  return prefix === undefined || phone === undefined ? undefined : { prefix, phone };
};

/** Reads an optional field; in add mode `null` counts as left out (GEN-5). */
function field<T>(o: JsonObject, key: string, issues: Issue[], reader: ValueReader<T>, mode: CustomerBodyMode): Tri<T> {
  const v = optional(o, key, "", issues, reader);
  return mode === "add" && v === null ? ABSENT : v;
}

/** Reads an identifier (`id`, `externalId`): `null` and left out both mean not sent. */
function ident<T>(o: JsonObject, key: string, issues: Issue[], reader: ValueReader<T>): T | undefined {
  const v = optional(o, key, "", issues, reader);
  return v === ABSENT || v === null ? undefined : v;
}

function contactPersonReader(mode: CustomerBodyMode): ValueReader<ContactPersonInput> {
  return (value, parent, key, issues) => {
    const o = readObject(value, parent, key, issues);
    if (o === undefined) return undefined;
    const before = issues.length;
    const out: ContactPersonInput = {
      id: mode === "upsert" ? ident(o, "id", issues, readGuid) : undefined,
      externalId: ident(o, "externalId", issues, readNonBlank),
      firstName: field(o, "firstName", issues, readString, mode),
      lastName: field(o, "lastName", issues, readString, mode),
      position: field(o, "position", issues, readString, mode),
      phone: field(o, "phone", issues, readPhone, mode),
      email: field(o, "email", issues, readEmail, mode),
      sendNotifications: field(o, "sendNotifications", issues, readBoolean, mode),
      sendReports: field(o, "sendReports", issues, readBoolean, mode),
    };
    if (issues.length === before) return out;
    rebase(issues, before, parent, key);
    return undefined;
  };
}

function addressReader(mode: CustomerBodyMode): ValueReader<AddressInput> {
  return (value, parent, key, issues) => {
    const o = readObject(value, parent, key, issues);
    if (o === undefined) return undefined;
    const before = issues.length;
    const out: AddressInput = {
      id: mode === "upsert" ? ident(o, "id", issues, readGuid) : undefined,
      externalId: ident(o, "externalId", issues, readNonBlank),
      street: field(o, "street", issues, readString, mode),
      city: field(o, "city", issues, readString, mode),
      postalCode: field(o, "postalCode", issues, readString, mode),
      country: field(o, "country", issues, readString, mode),
      coordinates: field(o, "coordinates", issues, readCoordinates, mode),
    };
    if (issues.length === before) return out;
    rebase(issues, before, parent, key);
    return undefined;
  };
}

function serviceObjectReader(mode: CustomerBodyMode): ValueReader<ServiceObjectInput> {
  return (value, parent, key, issues) => {
    const o = readObject(value, parent, key, issues);
    if (o === undefined) return undefined;
    const before = issues.length;
    const out: ServiceObjectInput = {
      id: mode === "upsert" ? ident(o, "id", issues, readGuid) : undefined,
      externalId: ident(o, "externalId", issues, readNonBlank),
      name: field(o, "name", issues, readNonBlank, mode),
      serialNumber: field(o, "serialNumber", issues, readString, mode),
      description: field(o, "description", issues, readString, mode),
      addressId: field(o, "addressId", issues, readNonBlank, mode),
    };
    if (issues.length === before) return out;
    rebase(issues, before, parent, key);
    return undefined;
  };
}

const readers = {
  add: {
    contactPeople: readArray(contactPersonReader("add"), 1),
    addresses: readArray(addressReader("add"), 1),
    serviceObjects: readArray(serviceObjectReader("add")),
  },
  upsert: {
    contactPeople: readArray(contactPersonReader("upsert")),
    addresses: readArray(addressReader("upsert")),
    serviceObjects: readArray(serviceObjectReader("upsert")),
  },
} as const;

const readKind = readEnum(customerKinds);
const readEmails = readArray(readEmail);

/** Reads a nested list: required with one element at least on add (CUS-1), optional on add-or-edit. */
function list<T>(o: JsonObject, key: string, issues: Issue[], reader: ValueReader<T[]>, needed: boolean): readonly T[] {
  if (needed) return required(o, key, "", issues, reader) ?? [];
  const v = optional(o, key, "", issues, reader);
  // Nothing is ever deleted (UPS-6), so a list left out or sent as null adds nothing.
  return v === ABSENT || v === null ? [] : v;
}

/**
 * Reads the customer fields of a body in either mode. Unknown fields are ignored (ERR-3).
 * @param value - the JSON body
 * @param mode - plain add or add-or-edit
 * @param issues - where issues go
 * @returns the fields, or `undefined` when the body is not an object
 */
function readCustomerInput(value: unknown, mode: CustomerBodyMode, issues: Issue[]): CustomerInput | undefined {
  const o = readObject(value, "", "", issues);
  if (o === undefined) return undefined;
  const nested = readers[mode];
  const add = mode === "add";
  return {
    externalId: ident(o, "externalId", issues, readNonBlank),
    name: required(o, "name", "", issues, readNonBlank) ?? "",
    kind: field(o, "kind", issues, readKind, mode),
    categoryId: field(o, "categoryId", issues, readNonBlank, mode),
    typeId: field(o, "typeId", issues, readNonBlank, mode),
    ownerId: field(o, "ownerId", issues, readNonBlank, mode),
    identificationNumber: field(o, "identificationNumber", issues, readString, mode),
    taxNumber: field(o, "taxNumber", issues, readString, mode),
    website: field(o, "website", issues, readString, mode),
    description: field(o, "description", issues, readString, mode),
    customData: field(o, "customData", issues, readString, mode),
    notificationEmails: field(o, "notificationEmails", issues, readEmails, mode),
    sendByPost: field(o, "sendByPost", issues, readBoolean, mode),
    primaryContactPersonId: field(o, "primaryContactPersonId", issues, readNonBlank, mode),
    invoiceAddressId: field(o, "invoiceAddressId", issues, readNonBlank, mode),
    contactAddressId: field(o, "contactAddressId", issues, readNonBlank, mode),
    contactPeople: list(o, "contactPeople", issues, nested.contactPeople, add),
    addresses: list(o, "addresses", issues, nested.addresses, add),
    serviceObjects: list(o, "serviceObjects", issues, nested.serviceObjects, false),
  };
}

/**
 * Parses a `POST /customer` body: types, enum values, blank required strings, e-mails and
 * coordinates checked; every issue with its JSON path; `null` on an optional field counts
 * as left out (GEN-5); unknown fields ignored (ERR-3). Never throws. Implements CUS-1,
 * CUS-2, CUS-9 (formats), CUS-10 (ranges), CUS-11 (name), CUS-12 and GEN-9.
 * @param value - the JSON body
 * @returns the command, or every issue
 * @example
 * parseCustomerAdd({ name: "Acme", identificationNumber: "1", contactPeople: [{ lastName: "Novák" }], addresses: [{ city: "Brno" }] }).ok //=> true
 * parseCustomerAdd({ name: " " }).issues.map((i) => i.path) //=> ["name", "contactPeople", "addresses"]
 */
export function parseCustomerAdd(value: unknown): Result<CustomerAddCommand> {
  const issues: Issue[] = [];
  const input = readCustomerInput(value, "add", issues);
  return collect(issues, () => input as CustomerAddCommand);
}

/**
 * Parses a `POST /customer/addOrEdit` body: as {@link parseCustomerAdd}, plus `id`, nested
 * `id`s, lists optional, and `null` kept apart from left out (GEN-5, UPS-5). Implements
 * UPS-1 to UPS-6 (reading), GEN-5, GEN-9 and ERR-3.
 * @param value - the JSON body
 * @returns the command, or every issue
 * @example
 * parseCustomerAddOrEdit({ externalId: "C-1", name: "Acme", website: null }).value.website //=> null
 */
export function parseCustomerAddOrEdit(value: unknown): Result<CustomerAddOrEditCommand> {
  const issues: Issue[] = [];
  const input = readCustomerInput(value, "upsert", issues);
  if (input === undefined) return collect(issues, () => undefined as never);
  const o = value as JsonObject;
  const id = ident(o, "id", issues, readGuid);
  return collect(issues, () => ({ ...input, id }));
}

/** {@link parseCustomerAdd} as a Standard Schema v1 validator. */
export const customerAddSchema: ((value: unknown) => Result<CustomerAddCommand>) & StandardSchemaV1<unknown, CustomerAddCommand> =
  toStandardSchema(parseCustomerAdd);

/** {@link parseCustomerAddOrEdit} as a Standard Schema v1 validator. */
export const customerAddOrEditSchema: ((value: unknown) => Result<CustomerAddOrEditCommand>) &
  StandardSchemaV1<unknown, CustomerAddOrEditCommand> = toStandardSchema(parseCustomerAddOrEdit);

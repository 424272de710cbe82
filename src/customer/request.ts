import { ABSENT as ABSENT_BINDING, type Tri, type Absent } from "../shared/field.js";
import type { Guid } from "../shared/guid.js";
import { collect, issue, joinPath, type Issue, type Result } from "../shared/issue.js";
import {
  checkEmail as checkEmailBinding,
  checkExternalId as checkExternalIdBinding,
  checkNonBlank as checkNonBlankBinding,
  checkText as checkTextBinding,
  notABoolean as notABooleanBinding,
  notAnEmailString as notAnEmailStringBinding,
  notAString as notAStringBinding,
  readArray as readArrayBinding,
  wrongType as wrongTypeBinding,
  readEmail as readEmailBinding,
  readEnum as readEnumBinding,
  readGuid as readGuidBinding,
  readNonBlank as readNonBlankBinding,
  readObject as readObjectBinding,
  readString as readStringBinding,
  requiredValue as requiredValueBinding,
  type JsonObject,
  type ValueReader,
} from "../shared/read.js";
import { limits } from "../shared/limits.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import { js, type JsonSchema } from "../shared/json-schema.js";
import { customerKinds, type Coordinates, type CustomerKind, type Phone } from "./customer.js";

// Module-local copies of hot imported bindings: some loaders (vitest's module runner) turn
// each use of an imported binding into a getter call, which costs more than the check itself.
const ABSENT: typeof ABSENT_BINDING = ABSENT_BINDING;
const { text: TEXT_LIMIT, longText: LONG_TEXT_LIMIT, customData: CUSTOM_DATA_LIMIT } = limits;
const checkEmail: typeof checkEmailBinding = checkEmailBinding;
const checkNonBlank: typeof checkNonBlankBinding = checkNonBlankBinding;
const checkExternalId: typeof checkExternalIdBinding = checkExternalIdBinding;
const checkText: typeof checkTextBinding = checkTextBinding;
const notABoolean: typeof notABooleanBinding = notABooleanBinding;
const notAnEmailString: typeof notAnEmailStringBinding = notAnEmailStringBinding;
const notAString: typeof notAStringBinding = notAStringBinding;
const readArray: typeof readArrayBinding = readArrayBinding;
const wrongType: typeof wrongTypeBinding = wrongTypeBinding;
const readEmail: typeof readEmailBinding = readEmailBinding;
const readEnum: typeof readEnumBinding = readEnumBinding;
const readGuid: typeof readGuidBinding = readGuidBinding;
const readNonBlank: typeof readNonBlankBinding = readNonBlankBinding;
const objectReader: typeof readObjectBinding = readObjectBinding;
const readString: typeof readStringBinding = readStringBinding;
const requiredValue: typeof requiredValueBinding = requiredValueBinding;

/**
 * How a body is read: a plain add (`null` on an optional field counts as left out, GEN-5;
 * nested `id` is not a field of an add and is ignored, ERR-3) or an add-or-edit (`null`
 * kept apart from left out, nested `id` read).
 */
export type CustomerBodyMode = "add" | "upsert";

/** A contact person as sent (CUS-9); each field in its three states (GEN-5). */
export interface ContactPersonInput {
  /** GUID of an existing contact person (add-or-edit only, UPS-6). */
  readonly id: Absent | Guid;
  /** External ID, also how the element is matched (UPS-6) and referenced (CUS-6). */
  readonly externalId: Absent | string;
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
  readonly id: Absent | Guid;
  /** External ID, also how the element is matched (UPS-6) and referenced (CUS-6). */
  readonly externalId: Absent | string;
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
  readonly id: Absent | Guid;
  /** External ID, also how the element is matched (UPS-6). */
  readonly externalId: Absent | string;
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
  readonly externalId: Absent | string;
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
  readonly id: Absent | Guid;
}

/**
 * Moves the paths of issues pushed since `before` under `parent[key]`. Readers of nested
 * objects read with the root path `""` and only a failing element pays for its full path.
 */
function rebase(issues: Issue[], before: number, parent: string, key: string | number): void {
  for (let i = before; i < issues.length; i++) {
    const it = issues[i] as Issue;
    issues[i] = { ...it, path: joinPath(joinPath(parent, key), it.path) };
  }
}

const notANumber = wrongType("a number");

/** A finite number within `[min, max]`. */
function readNumberIn(min: number, max: number): ValueReader<number> {
  return (value, parent, key, issues) => {
    if (typeof value !== "number") return notANumber(value, parent, key, issues);
    // JSON has no NaN or Infinity, but a caller of the library can pass them.
    if (!Number.isFinite(value)) {
      issues.push(issue("InvalidNumber", joinPath(parent, key), "CUS-10"));
      return undefined;
    }
    if (value < min || value > max) {
      issues.push(issue("OutOfRange", joinPath(parent, key), "CUS-10", `Expected a number from ${min} to ${max} (CUS-10).`));
      return undefined;
    }
    return value;
  };
}

const readLatitude = readNumberIn(-90, 90);
const readLongitude = readNumberIn(-180, 180);

/*
 * Hot path. A valid body is read with one pass over each object's own keys (`Object.keys`,
 * so inherited keys such as `__proto__` or `constructor` never count, and unknown keys are
 * skipped, ERR-3) and constant-name property loads, which the engine caches per call site.
 * Each field tests its JSON type once, inline: a value of the right type goes to the shared
 * content check (`checkText`, `checkNonBlank`, `checkEmail` of `shared/read.ts`), anything
 * else (left out, `null`, a wrong type) to `field`, whose reader only reports the wrong type.
 * No value is checked twice, so codes, messages and paths have one home and there is no
 * second path to drift. Measured in `test/bench/customer-parse.bench.ts`.
 */


/** An optional field that is not of its type: left out, `null` (left out in add mode, GEN-5), or read by `reader`. */
function field<T>(key: string, v: unknown, issues: Issue[], reader: ValueReader<T>, mode: CustomerBodyMode): Tri<T> {
  if (v === undefined) return ABSENT;
  if (v === null) return mode === "add" ? ABSENT : null;
  return reader(v, "", key, issues) ?? ABSENT;
}

/** An optional string of at most `max` characters. */
function textUpTo(max: number, key: string, v: unknown, issues: Issue[], mode: CustomerBodyMode): Tri<string> {
  return typeof v === "string" ? (checkText(v, max, "", key, issues) ?? ABSENT) : field(key, v, issues, notAString, mode);
}

/** An optional plain string up to `limits.text`. */
function text(key: string, v: unknown, issues: Issue[], mode: CustomerBodyMode): Tri<string> {
  return textUpTo(TEXT_LIMIT, key, v, issues, mode);
}

/** An optional non-blank string up to `limits.text`. */
function nonBlank(key: string, v: unknown, issues: Issue[], mode: CustomerBodyMode): Tri<string> {
  return typeof v === "string" ? (checkNonBlank(v, "", key, issues) ?? ABSENT) : field(key, v, issues, notAString, mode);
}

/** An optional boolean. */
function flag(key: string, v: unknown, issues: Issue[], mode: CustomerBodyMode): Tri<boolean> {
  return typeof v === "boolean" ? v : field(key, v, issues, notABoolean, mode);
}

/** An identifier (`id`, `externalId`): `null` and left out both mean not sent ({@link ABSENT}). */
function ident<T>(key: string, v: unknown, issues: Issue[], reader: ValueReader<T>): T | Absent {
  return v === undefined || v === null ? ABSENT : (reader(v, "", key, issues) ?? ABSENT);
}

/** A non-blank external ID that a URL can carry (TXT-2). */
function externalIdOf(v: unknown, issues: Issue[]): string | Absent {
  return typeof v === "string" ? (checkExternalId(v, "", "externalId", issues) ?? ABSENT) : ident("externalId", v, issues, notAString);
}

/** Reads `{ latitude, longitude }` (CUS-10). */
const readCoordinates: ValueReader<Coordinates> = (value, parent, key, issues) => {
  const o = objectReader(value, parent, key, issues);
  if (o === undefined) return undefined;
  let lat: unknown, lon: unknown;
  for (const k of Object.keys(o)) {
    if (k === "latitude") lat = o.latitude;
    else if (k === "longitude") lon = o.longitude;
  }
  const before = issues.length;
  const latitude = requiredValue(lat, "", "latitude", issues, readLatitude);
  const longitude = requiredValue(lon, "", "longitude", issues, readLongitude);
  // Both were read exactly when no issue was pushed.
  if (issues.length === before) return { latitude: latitude as number, longitude: longitude as number };
  rebase(issues, before, parent, key);
  return undefined;
};

/** Reads `{ prefix, phone }` (CUS-9). */
const readPhone: ValueReader<Phone> = (value, parent, key, issues) => {
  const o = objectReader(value, parent, key, issues);
  if (o === undefined) return undefined;
  let p: unknown, n: unknown;
  for (const k of Object.keys(o)) {
    if (k === "prefix") p = o.prefix;
    else if (k === "phone") n = o.phone;
  }
  const before = issues.length;
  const prefix = requiredValue(p, "", "prefix", issues, readString);
  const phone = requiredValue(n, "", "phone", issues, readNonBlank);
  // Both were read exactly when no issue was pushed.
  if (issues.length === before) return { prefix: prefix as string, phone: phone as string };
  rebase(issues, before, parent, key);
  return undefined;
};

function contactPersonReader(mode: CustomerBodyMode): ValueReader<ContactPersonInput> {
  return (value, parent, key, issues) => {
    const o = objectReader(value, parent, key, issues);
    if (o === undefined) return undefined;
    let id: unknown, externalId: unknown, firstName: unknown, lastName: unknown, position: unknown;
    let phone: unknown, email: unknown, sendNotifications: unknown, sendReports: unknown;
    for (const k of Object.keys(o)) {
      switch (k) {
        case "id": id = o.id; break;
        case "externalId": externalId = o.externalId; break;
        case "firstName": firstName = o.firstName; break;
        case "lastName": lastName = o.lastName; break;
        case "position": position = o.position; break;
        case "phone": phone = o.phone; break;
        case "email": email = o.email; break;
        case "sendNotifications": sendNotifications = o.sendNotifications; break;
        case "sendReports": sendReports = o.sendReports; break;
      }
    }
    const before = issues.length;
    const out: ContactPersonInput = {
      id: mode === "upsert" ? ident("id", id, issues, readGuid) : ABSENT,
      externalId: externalIdOf(externalId, issues),
      firstName: text("firstName", firstName, issues, mode),
      lastName: text("lastName", lastName, issues, mode),
      position: text("position", position, issues, mode),
      phone: field("phone", phone, issues, readPhone, mode),
      email: typeof email === "string" ? (checkEmail(email, "", "email", issues) ?? ABSENT) : field("email", email, issues, notAnEmailString, mode),
      sendNotifications: flag("sendNotifications", sendNotifications, issues, mode),
      sendReports: flag("sendReports", sendReports, issues, mode),
    };
    if (issues.length === before) return out;
    rebase(issues, before, parent, key);
    return undefined;
  };
}

function addressReader(mode: CustomerBodyMode): ValueReader<AddressInput> {
  return (value, parent, key, issues) => {
    const o = objectReader(value, parent, key, issues);
    if (o === undefined) return undefined;
    let id: unknown, externalId: unknown, street: unknown, city: unknown;
    let postalCode: unknown, country: unknown, coordinates: unknown;
    for (const k of Object.keys(o)) {
      switch (k) {
        case "id": id = o.id; break;
        case "externalId": externalId = o.externalId; break;
        case "street": street = o.street; break;
        case "city": city = o.city; break;
        case "postalCode": postalCode = o.postalCode; break;
        case "country": country = o.country; break;
        case "coordinates": coordinates = o.coordinates; break;
      }
    }
    const before = issues.length;
    const out: AddressInput = {
      id: mode === "upsert" ? ident("id", id, issues, readGuid) : ABSENT,
      externalId: externalIdOf(externalId, issues),
      street: text("street", street, issues, mode),
      city: text("city", city, issues, mode),
      postalCode: text("postalCode", postalCode, issues, mode),
      country: text("country", country, issues, mode),
      coordinates: field("coordinates", coordinates, issues, readCoordinates, mode),
    };
    if (issues.length === before) return out;
    rebase(issues, before, parent, key);
    return undefined;
  };
}

function serviceObjectReader(mode: CustomerBodyMode): ValueReader<ServiceObjectInput> {
  return (value, parent, key, issues) => {
    const o = objectReader(value, parent, key, issues);
    if (o === undefined) return undefined;
    let id: unknown, externalId: unknown, name: unknown;
    let serialNumber: unknown, description: unknown, addressId: unknown;
    for (const k of Object.keys(o)) {
      switch (k) {
        case "id": id = o.id; break;
        case "externalId": externalId = o.externalId; break;
        case "name": name = o.name; break;
        case "serialNumber": serialNumber = o.serialNumber; break;
        case "description": description = o.description; break;
        case "addressId": addressId = o.addressId; break;
      }
    }
    const before = issues.length;
    const out: ServiceObjectInput = {
      id: mode === "upsert" ? ident("id", id, issues, readGuid) : ABSENT,
      externalId: externalIdOf(externalId, issues),
      name: nonBlank("name", name, issues, mode),
      serialNumber: text("serialNumber", serialNumber, issues, mode),
      description: textUpTo(LONG_TEXT_LIMIT, "description", description, issues, mode),
      addressId: nonBlank("addressId", addressId, issues, mode),
    };
    if (issues.length === before) return out;
    rebase(issues, before, parent, key);
    return undefined;
  };
}

const readers = {
  add: {
    contactPeople: readArray(contactPersonReader("add"), 1, limits.contactPeople),
    addresses: readArray(addressReader("add"), 1, limits.addresses),
    serviceObjects: readArray(serviceObjectReader("add"), 0, limits.serviceObjects),
  },
  upsert: {
    contactPeople: readArray(contactPersonReader("upsert"), 0, limits.contactPeople),
    addresses: readArray(addressReader("upsert"), 0, limits.addresses),
    serviceObjects: readArray(serviceObjectReader("upsert"), 0, limits.serviceObjects),
  },
} as const;

const readKind = readEnum(customerKinds);
const readEmails = readArray(readEmail, 0, limits.notificationEmails);

/** Reads a nested list: required with one element at least on add (CUS-1), optional on add-or-edit. */
function list<T>(key: string, v: unknown, issues: Issue[], reader: ValueReader<T[]>, needed: boolean): readonly T[] {
  // Undefined only after an issue was pushed, which fails the parse: the list is never read then.
  if (needed) return requiredValue(v, "", key, issues, reader) as T[];
  // Nothing is ever deleted (UPS-6), so a list left out or sent as null adds nothing.
  // A failed read pushed an issue, which fails the parse: the list is never read then.
  return v === undefined || v === null ? [] : (reader(v, "", key, issues) as T[]);
}

/** The customer fields of a body plus its `id`, read in one pass. */
interface CustomerRead {
  readonly input: CustomerInput;
  readonly id: Absent | Guid;
}

/**
 * Reads the customer fields of a body in either mode. Unknown fields are ignored (ERR-3).
 * @param value - the JSON body
 * @param mode - plain add or add-or-edit
 * @param issues - where issues go
 * @returns the fields, or `undefined` when the body is not an object
 */
function readCustomerInput(value: unknown, mode: CustomerBodyMode, issues: Issue[]): CustomerRead | undefined {
  const o = objectReader(value, "", "", issues);
  if (o === undefined) return undefined;
  let id: unknown, externalId: unknown, name: unknown, kind: unknown, categoryId: unknown;
  let typeId: unknown, ownerId: unknown, identificationNumber: unknown, taxNumber: unknown;
  let website: unknown, description: unknown, customData: unknown, notificationEmails: unknown;
  let sendByPost: unknown, primaryContactPersonId: unknown, invoiceAddressId: unknown;
  let contactAddressId: unknown, contactPeople: unknown, addresses: unknown, serviceObjects: unknown;
  for (const k of Object.keys(o)) {
    switch (k) {
      case "id": id = o.id; break;
      case "externalId": externalId = o.externalId; break;
      case "name": name = o.name; break;
      case "kind": kind = o.kind; break;
      case "categoryId": categoryId = o.categoryId; break;
      case "typeId": typeId = o.typeId; break;
      case "ownerId": ownerId = o.ownerId; break;
      case "identificationNumber": identificationNumber = o.identificationNumber; break;
      case "taxNumber": taxNumber = o.taxNumber; break;
      case "website": website = o.website; break;
      case "description": description = o.description; break;
      case "customData": customData = o.customData; break;
      case "notificationEmails": notificationEmails = o.notificationEmails; break;
      case "sendByPost": sendByPost = o.sendByPost; break;
      case "primaryContactPersonId": primaryContactPersonId = o.primaryContactPersonId; break;
      case "invoiceAddressId": invoiceAddressId = o.invoiceAddressId; break;
      case "contactAddressId": contactAddressId = o.contactAddressId; break;
      case "contactPeople": contactPeople = o.contactPeople; break;
      case "addresses": addresses = o.addresses; break;
      case "serviceObjects": serviceObjects = o.serviceObjects; break;
    }
  }
  const nested = readers[mode];
  const add = mode === "add";
  const input: CustomerInput = {
    externalId: externalIdOf(externalId, issues),
    // Undefined only after an issue was pushed, which fails the parse: the name is never read then.
    name: (typeof name === "string" ? checkNonBlank(name, "", "name", issues) : requiredValue(name, "", "name", issues, notAString)) as string,
    kind: field("kind", kind, issues, readKind, mode),
    categoryId: nonBlank("categoryId", categoryId, issues, mode),
    typeId: nonBlank("typeId", typeId, issues, mode),
    ownerId: nonBlank("ownerId", ownerId, issues, mode),
    identificationNumber: text("identificationNumber", identificationNumber, issues, mode),
    taxNumber: text("taxNumber", taxNumber, issues, mode),
    website: text("website", website, issues, mode),
    description: textUpTo(LONG_TEXT_LIMIT, "description", description, issues, mode),
    customData: textUpTo(CUSTOM_DATA_LIMIT, "customData", customData, issues, mode),
    notificationEmails: field("notificationEmails", notificationEmails, issues, readEmails, mode),
    sendByPost: flag("sendByPost", sendByPost, issues, mode),
    primaryContactPersonId: nonBlank("primaryContactPersonId", primaryContactPersonId, issues, mode),
    invoiceAddressId: nonBlank("invoiceAddressId", invoiceAddressId, issues, mode),
    // "" is "not filled" (CUS-4), as for identificationNumber and taxNumber: read as null.
    contactAddressId: contactAddressId === "" ? null : nonBlank("contactAddressId", contactAddressId, issues, mode),
    contactPeople: list("contactPeople", contactPeople, issues, nested.contactPeople, add),
    addresses: list("addresses", addresses, issues, nested.addresses, add),
    serviceObjects: list("serviceObjects", serviceObjects, issues, nested.serviceObjects, false),
  };
  return { input, id: add ? ABSENT : ident("id", id, issues, readGuid) };
}

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
export function parseCustomerAdd(value: unknown): Result<CustomerAddCommand> {
  const issues: Issue[] = [];
  const read = readCustomerInput(value, "add", issues);
  return collect(issues, () => (read as CustomerRead).input);
}

/**
 * Parses a `POST /customer/addOrEdit` body: as {@link parseCustomerAdd}, plus `id`, nested
 * `id`s, lists optional, and `null` kept apart from left out (GEN-5, UPS-5). Applies
 * UPS-1 to UPS-6 (reading), GEN-5, GEN-9 and ERR-3.
 * @param value - the JSON body
 * @returns the command, or every issue
 * @example
 * parseCustomerAddOrEdit({ externalId: "C-1", name: "Acme", website: null }).value.website //=> null
 */
export function parseCustomerAddOrEdit(value: unknown): Result<CustomerAddOrEditCommand> {
  const issues: Issue[] = [];
  const read = readCustomerInput(value, "upsert", issues);
  return collect(issues, () => ({ ...(read as CustomerRead).input, id: (read as CustomerRead).id }));
}

/** The nested `id` of an add-or-edit element (UPS-6); a plain add ignores it (ERR-3). */
function elementId(mode: CustomerBodyMode): Record<string, JsonSchema> {
  return mode === "upsert" ? { id: js.nullable(js.guid("GUID of an existing element to edit (UPS-6).")) } : {};
}

function elementExternalId(): JsonSchema {
  return js.nullable(js.externalId("External ID: how the element is matched (UPS-6) and referenced (CUS-6)."));
}

function customerJsonSchema(mode: CustomerBodyMode): JsonSchema {
  const add = mode === "add";
  const list = (items: JsonSchema, min: number, max: number, description: string): JsonSchema =>
    add && min > 0 ? js.array(items, min, max, description) : js.nullable(js.array(items, 0, max, description));
  const contactPerson = js.object(
    {
      ...elementId(mode),
      externalId: elementExternalId(),
      firstName: js.nullable(js.text()),
      lastName: js.nullable(js.text()),
      position: js.nullable(js.text()),
      phone: js.nullable(js.object({ prefix: js.text(limits.text, "International prefix, e.g. +420."), phone: js.nonBlank("The number.") }, ["prefix", "phone"])),
      email: js.nullable(js.email("E-mail address (CUS-9).")),
      sendNotifications: js.nullable(js.boolean("Customer notifications may go to this person (NOT-3); default false.")),
      sendReports: js.nullable(js.boolean("Reports go to this person; default false.")),
    },
    [],
    "A contact person (CUS-9).",
  );
  const address = js.object(
    {
      ...elementId(mode),
      externalId: elementExternalId(),
      street: js.nullable(js.text()),
      city: js.nullable(js.text()),
      postalCode: js.nullable(js.text()),
      country: js.nullable(js.text()),
      coordinates: js.nullable(js.object({ latitude: js.number(-90, 90), longitude: js.number(-180, 180) }, ["latitude", "longitude"], "CUS-10.")),
    },
    [],
    "An address (CUS-10).",
  );
  const serviceObject = js.object(
    {
      ...elementId(mode),
      externalId: elementExternalId(),
      name: js.nullable(js.nonBlank("Name; required on a new device (CUS-11).")),
      serialNumber: js.nullable(js.text()),
      description: js.nullable(js.text(limits.longText)),
      addressId: js.nullable(js.nonBlank("External ID or GUID of one of the customer's addresses.")),
    },
    [],
    "A service object (device) (CUS-11).",
  );
  return js.object(
    {
      ...(add ? {} : { id: js.nullable(js.guid("GUID of the customer to edit (UPS-3, UPS-4).")) }),
      externalId: js.nullable(js.externalId(add ? "External ID, unique among the company's customers (GEN-4)." : "External ID: how an existing customer is found when no id is sent (UPS-2).")),
      name: js.nonBlank("Name (CUS-1)."),
      kind: js.nullable(js.enumOf(customerKinds, "Company or Household (CUS-2).")),
      categoryId: js.nullable(js.nonBlank("GUID or slug of a CustomerCategory (CUS-5).")),
      typeId: js.nullable(js.nonBlank("GUID or slug of a CustomerType (CUS-5).")),
      ownerId: js.nullable(js.nonBlank("GUID or external ID of the owner (AUTH-6).")),
      identificationNumber: js.nullable(js.text(limits.text, "Company registration number (CUS-3, CUS-4).")),
      taxNumber: js.nullable(js.text(limits.text, "Tax number (CUS-4).")),
      website: js.nullable(js.text()),
      description: js.nullable(js.text(limits.longText)),
      customData: js.nullable(js.text(limits.customData, "JSON text checked against the company's customer template (CUS-8).")),
      notificationEmails: js.nullable(js.array(js.email(), 0, limits.notificationEmails, "Extra notification e-mail addresses (CUS-12).")),
      sendByPost: js.nullable(js.boolean("Documents by post (CUS-12).")),
      primaryContactPersonId: js.nullable(js.nonBlank("External ID of the primary contact person (CUS-6).")),
      invoiceAddressId: js.nullable(js.nonBlank("External ID of the invoice address (CUS-6).")),
      contactAddressId: js.nullable({ type: "string", maxLength: limits.text, pattern: "^$|\\S", description: "External ID of the contact address (CUS-4, CUS-6); empty: not filled." }),
      contactPeople: list(contactPerson, 1, limits.contactPeople, add ? "At least one contact person (CUS-1)." : "Matched by id or externalId, else added; none is deleted (UPS-6)."),
      addresses: list(address, 1, limits.addresses, add ? "At least one address (CUS-1)." : "Matched by id or externalId, else added; none is deleted (UPS-6)."),
      serviceObjects: list(serviceObject, 0, limits.serviceObjects, "Devices of the customer (CUS-11)."),
    },
    add ? ["name", "contactPeople", "addresses"] : ["name"],
    add
      ? "A new customer (CUS-1); null on an optional field counts as left out (GEN-5)."
      : "Adds the customer, or edits the one found by id or externalId (UPS-1 to UPS-9); null clears an optional field (GEN-5).",
  );
}

/**
 * The JSON Schema of a `POST /customer` body, the shape {@link parseCustomerAdd} reads.
 * @example
 * customerAddJsonSchema.required //=> ["name", "contactPeople", "addresses"]
 */
export const customerAddJsonSchema: JsonSchema = /* @__PURE__ */ (() => customerJsonSchema("add"))();

/**
 * The JSON Schema of a `POST /customer/addOrEdit` body, the shape
 * {@link parseCustomerAddOrEdit} reads.
 * @example
 * customerAddOrEditJsonSchema.required //=> ["name"]
 */
export const customerAddOrEditJsonSchema: JsonSchema = /* @__PURE__ */ (() => customerJsonSchema("upsert"))();

/** {@link parseCustomerAdd} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const customerAddSchema: BodySchema<CustomerAddCommand> = /* @__PURE__ */ toStandardSchema(parseCustomerAdd, customerAddJsonSchema);

/** {@link parseCustomerAddOrEdit} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const customerAddOrEditSchema: BodySchema<CustomerAddOrEditCommand> = /* @__PURE__ */ toStandardSchema(parseCustomerAddOrEdit, customerAddOrEditJsonSchema);

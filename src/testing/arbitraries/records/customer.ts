// Records, contexts and bodies of customers for the unit tests of the rules (GUID sources, users,
// catalogs, hostile JSON): internal to the package's own tests, not exported from /testing.
import fc from "fast-check";
import type { User } from "../../../auth/user.js";
import { orderedCatalog, type CustomerContext } from "../../../customer/context.js";
import type { Customer } from "../../../customer/customer.js";
import type { CatalogValue } from "../../../shared/catalog.js";
import { guid, type Guid } from "../../../shared/guid.js";
import { refIndex } from "../../../shared/reference.js";
import { defaultSettings, type CompanySettings } from "../../../shared/settings.js";
import { addressBody as kitAddress, contactPersonBody as kitContactPerson, serviceObjectBody as kitServiceObject } from "../customer.js";

/** A deterministic GUID from a number and a namespace digit. */
export function gid(n: number, ns = 0): Guid {
  return guid(`${ns.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`);
}

/** A GUID source counting from `start` in namespace 9 (new records). */
export function idSource(start = 1): () => Guid {
  let n = start;
  return () => gid(n++, 9);
}

/** Freezes a value and everything it holds, so a mutation throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Deep copy of JSON-like test data (Dec values excepted: none in customers). */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** The customer categories of the unit tests' company. */
export const categories: readonly CatalogValue[] = [
  { id: gid(1, 1), slug: "retail", name: "Retail" },
  { id: gid(2, 1), slug: "wholesale", name: "Wholesale" },
];
/** The customer types of the unit tests' company. */
export const types: readonly CatalogValue[] = [
  { id: gid(1, 2), slug: "standard", name: "Standard" },
  { id: gid(2, 2), slug: "vip", name: "VIP" },
];
/** An administrator of the company. */
export const admin: User = { id: gid(1, 3), externalId: "admin", name: "Admin", roles: ["Administrator"], deactivated: false };
/** A dispatcher of the company. */
export const dispatcher: User = { id: gid(2, 3), externalId: "disp", name: "Dispatcher", roles: ["Dispatcher"], deactivated: false };
/** A technician of the company. */
export const technician: User = { id: gid(3, 3), externalId: "tech", name: "Tech", roles: ["Technik"], deactivated: false };
/** The users of the company: admin, dispatcher, technician. */
export const users: readonly User[] = [admin, dispatcher, technician];

/** A customer context over the given customers. */
export function customerContext(customers: readonly Customer[] = [], settings: CompanySettings = defaultSettings, start = 1): CustomerContext {
  return {
    customers: refIndex(customers, (c) => c.id, (c) => c.externalId),
    categories: orderedCatalog(categories),
    types: orderedCatalog(types),
    users: refIndex(users, (u) => u.id, (u) => u.externalId),
    settings,
    actorId: admin.id,
    newId: idSource(start),
  };
}

/** A valid minimal company add body. */
export function companyBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Acme s.r.o.",
    identificationNumber: "12345678",
    contactPeople: [{ externalId: "P1", firstName: "Jan", lastName: "Novák", email: "jan@acme.cz" }],
    addresses: [{ externalId: "A1", street: "Hlavní 1", city: "Brno" }],
    ...extra,
  };
}

/** A valid minimal household add body. */
export function householdBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Novákovi",
    kind: "Household",
    contactPeople: [{ lastName: "Novák" }],
    addresses: [{ city: "Praha" }],
    ...extra,
  };
}

const shortText = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== "");
const extId = fc.constantFrom("X1", "X2", "X3", "X4");

/** A contact-person element of a request (valid; the testing kit's, with one of four external IDs). */
export const contactPersonBody: fc.Arbitrary<Record<string, unknown>> = extId.chain(kitContactPerson);

/** An address element of a request (valid; the testing kit's). */
export const addressBody: fc.Arbitrary<Record<string, unknown>> = extId.chain(kitAddress);

/** A device element of a request (valid; the testing kit's, on no address). */
export const serviceObjectBody: fc.Arbitrary<Record<string, unknown>> = extId.chain((id) => kitServiceObject(id, []));

/** The kind-related fields of a request, valid or not (kind rules are checked by the decision). */
export const kindFields: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    kind: fc.option(fc.constantFrom("Company", "Household"), { nil: null }),
    identificationNumber: fc.option(fc.constantFrom("", "123", "  "), { nil: null }),
    taxNumber: fc.option(fc.constantFrom("", "CZ123"), { nil: null }),
    contactAddressId: fc.option(fc.constantFrom("X1", "X2", "A1"), { nil: null }),
  },
  { requiredKeys: [] },
);

/** A customer add-or-edit body (random identifiers, kind fields and nested elements). */
export function customerUpsertBody(ids: readonly string[], externalIds: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(
      {
        id: fc.constantFrom(...ids, gid(999, 7)),
        externalId: fc.constantFrom(...externalIds, "NEW-1"),
        website: fc.option(shortText, { nil: null }),
        description: fc.option(shortText, { nil: null }),
        contactPeople: fc.array(contactPersonBody, { maxLength: 2 }),
        addresses: fc.array(addressBody, { maxLength: 2 }),
        serviceObjects: fc.array(serviceObjectBody, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    )
    .chain((base) => kindFields.map((k) => ({ name: "Customer", ...base, ...k })));
}

/** JSON values, plus objects whose keys are `__proto__` / `constructor`, at any depth. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.jsonValue().map((v) => JSON.parse(`{"__proto__": ${JSON.stringify(v) ?? "null"}, "constructor": {"prototype": {"polluted": true}}, "name": "x"}`) as unknown),
  fc.jsonValue().map((v) => JSON.parse(`{"contactPeople": [{"__proto__": {"polluted": true}}], "addresses": [${JSON.stringify(v) ?? "null"}]}`) as unknown),
);

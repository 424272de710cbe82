// Helpers shared by the customer decision tests (one file per rule owner under src/customer/):
// requests run through the parsers and the add / add-or-edit decisions, and the fixtures
// they edit.
import { addCustomer } from "../../src/customer/add.js";
import { addOrEditCustomer } from "../../src/customer/add-or-edit.js";
import type { CustomerContext } from "../../src/customer/context.js";
import type { Customer } from "../../src/customer/customer.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import type { Issue, Result } from "../../src/shared/issue.js";
import { companyBody, customerContext } from "../../src/testing/arbitraries/records/customer.js";

/** The value of a result that must succeed; throws with the issues otherwise. */
export function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

/** The issues of a result, none when it succeeded. */
export function issues<T>(r: Result<T>): readonly Issue[] {
  return r.ok ? [] : r.issues;
}

/** A `POST /customer` body parsed and decided. */
export function add(body: Record<string, unknown>, ctx: CustomerContext = customerContext()): Result<Customer> {
  return addCustomer(value(parseCustomerAdd(body)), ctx);
}

/** A `POST /customer/addOrEdit` body parsed and decided over `existing`: the customer it leaves. */
export function upsert(body: Record<string, unknown>, existing: readonly Customer[]): Result<Customer> {
  const r = addOrEditCustomer(value(parseCustomerAddOrEdit(body)), customerContext(existing, undefined, 900));
  return r.ok ? { ok: true, value: r.value.customer } : r;
}

/** The GEN-3 issue of a reference that names nothing. */
export const unknown = (path: string, what: string, sent: string): Issue => ({
  code: "UnknownReference",
  path,
  message: `No ${what} has the ID, external ID or slug ${JSON.stringify(sent)} (GEN-3).`,
  rule: "GEN-3",
});

/** The GEN-5 issue of a required field sent as null on an edit. */
export const notNull = (path: string): Issue => ({ code: "Required", path, message: `${path} is required and cannot be cleared with null (GEN-5).`, rule: "GEN-5" });

/** A company with two contact people, two addresses and a device (build it in beforeEach, for Stryker). */
export function acmeCustomer(): Customer {
  return value(
    add(
      companyBody({
        externalId: "C-1",
        contactPeople: [
          { externalId: "P1", lastName: "Novák", sendNotifications: true, sendReports: true },
          { externalId: "P2", lastName: "Dvořák" },
        ],
        addresses: [
          { externalId: "A1", city: "Brno" },
          { externalId: "A2", city: "Praha" },
        ],
        serviceObjects: [{ externalId: "D1", name: "Kotel", addressId: "A1" }],
      }),
    ),
  );
}

/** A company whose nested elements have every field filled, so "stays" is observable. */
export function fullCustomer(): Customer {
  const body = companyBody({
    externalId: "C-1",
    notificationEmails: ["office@acme.cz"],
    contactPeople: [
      { externalId: "P1", firstName: "Jan", lastName: "Novák", position: "CEO", phone: { prefix: "+420", phone: "777 111 222" }, email: "jan@acme.cz", sendNotifications: true, sendReports: true },
    ],
    addresses: [
      { externalId: "A1", street: "Hlavní 1", city: "Brno", postalCode: "602 00", country: "CZ", coordinates: { latitude: 49.19, longitude: 16.6 } },
      { externalId: "A2", street: "Dlouhá 2", city: "Praha", postalCode: "110 00", country: "CZ", coordinates: { latitude: 50.08, longitude: 14.42 } },
    ],
    serviceObjects: [{ externalId: "D1", name: "Kotel", serialNumber: "SN-1", description: "Plynový", addressId: "A1" }],
  });
  return value(addCustomer(value(parseCustomerAdd(body)), customerContext([], undefined, 500)));
}


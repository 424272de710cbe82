// UPS-6 / GEN-5 on nested elements: an add-or-edit naming an existing contact person, address or
// device changes exactly the fields it sends (a value replaces, null clears where the field may
// be empty) and every field it leaves out stays. CUS-12 and GEN-5 on the customer's own lists.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCustomer } from "../../src/customer/add.js";
import { addOrEditCustomer } from "../../src/customer/add-or-edit.js";
import type { Customer } from "../../src/customer/customer.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import type { Result } from "../../src/shared/issue.js";
import { companyBody, customerContext } from "../arbitraries/customer.js";

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

/** A company whose nested elements have every field filled, so "stays" is observable. */
function fullCustomer(): Customer {
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

// Per nested list: the fields a client may send, a new value for each, and whether null clears it.
const contactFields = {
  firstName: { sent: "Petr", nullable: true },
  lastName: { sent: "Svoboda", nullable: true },
  position: { sent: "CTO", nullable: true },
  phone: { sent: { prefix: "+421", phone: "900 000 000" }, nullable: true },
  email: { sent: "petr@acme.cz", nullable: true },
  sendNotifications: { sent: false, nullable: false },
  sendReports: { sent: false, nullable: false },
} as const;
const addressFields = {
  street: { sent: "Krátká 3", nullable: true },
  city: { sent: "Ostrava", nullable: true },
  postalCode: { sent: "700 30", nullable: true },
  country: { sent: "SK", nullable: true },
  coordinates: { sent: { latitude: 49.83, longitude: 18.28 }, nullable: true },
} as const;
const deviceFields = {
  name: { sent: "Bojler", nullable: false },
  serialNumber: { sent: "SN-2", nullable: true },
  description: { sent: "Elektrický", nullable: true },
  addressId: { sent: "A2", nullable: true },
} as const;

type Spec = Readonly<Record<string, { readonly sent: unknown; readonly nullable: boolean }>>;

/** A patch of some fields of one list: each chosen field gets its new value or, where allowed, null. */
function patchArb(fields: Spec): fc.Arbitrary<Record<string, unknown>> {
  return fc.subarray(Object.keys(fields)).chain((keys) =>
    fc.tuple(...keys.map((k) => ((fields[k] as Spec[string]).nullable ? fc.boolean() : fc.constant(false)))).map((nulls) => {
      const patch: Record<string, unknown> = {};
      keys.forEach((k, i) => (patch[k] = nulls[i] === true ? null : (fields[k] as Spec[string]).sent));
      return patch;
    }),
  );
}

/** What the element must hold after the patch: sent values (addresses resolved to GUIDs), null, or the old value. */
function expected<E extends object>(old: E, patch: Record<string, unknown>, resolve: (k: string, v: unknown) => unknown = (_k, v) => v): E {
  const out: Record<string, unknown> = { ...(old as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) out[k] = v === null ? null : resolve(k, v);
  return out as E;
}

describe("nested patches (UPS-6, GEN-5)", () => {
  it("UPS-6: a nested edit by id or externalId changes exactly the fields sent; every field left out stays", () => {
    fc.assert(
      fc.property(patchArb(contactFields), patchArb(addressFields), patchArb(deviceFields), fc.boolean(), (contact, address, device, byId) => {
        const base = fullCustomer();
        const [p1] = base.contactPeople;
        const [a1, a2] = base.addresses;
        const [d1] = base.serviceObjects;
        if (p1 === undefined || a1 === undefined || a2 === undefined || d1 === undefined) throw new Error("fixture");
        const ident = (e: { id: string; externalId: string | null }) => (byId ? { id: e.id } : { externalId: e.externalId });
        const body = {
          id: base.id,
          name: base.name,
          contactPeople: [{ ...ident(p1), ...contact }],
          addresses: [{ ...ident(a1), ...address }],
          serviceObjects: [{ ...ident(d1), ...device }],
        };
        const r = addOrEditCustomer(value(parseCustomerAddOrEdit(body)), customerContext([base], undefined, 900));
        // A contact with neither name, or an address with neither street nor city, is refused (CUS-9, CUS-10).
        const contactAfter = expected(p1, contact);
        const addressAfter = expected(a1, address);
        const nameless = contactAfter.firstName === null && contactAfter.lastName === null;
        const placeless = addressAfter.street === null && addressAfter.city === null;
        if (nameless || placeless) {
          expect(r.ok).toBe(false);
          return;
        }
        const c = value(r).customer;
        expect(c.contactPeople).toEqual([contactAfter]);
        expect(c.addresses).toEqual([addressAfter, a2]);
        expect(c.serviceObjects).toEqual([expected(d1, device, (k, v) => (k === "addressId" && v === "A2" ? a2.id : v))]);
      }),
    );
  });

  it("GEN-5: a device's addressId null clears it on an edit and counts as none on a new device", () => {
    const base = fullCustomer();
    const c = value(addOrEditCustomer(value(parseCustomerAddOrEdit({ id: base.id, name: base.name, serviceObjects: [{ externalId: "D1", addressId: null }, { externalId: "D2", name: "Nový", addressId: null }] })), customerContext([base], undefined, 900))).customer;
    expect(c.serviceObjects.map((d) => [d.externalId, d.addressId])).toEqual([["D1", null], ["D2", null]]);
  });

  it("CUS-12: notificationEmails null clears the list on an edit, left out keeps it; on an add null is the default []", () => {
    const base = fullCustomer();
    const edit = (extra: Record<string, unknown>) =>
      value(addOrEditCustomer(value(parseCustomerAddOrEdit({ id: base.id, name: base.name, ...extra })), customerContext([base], undefined, 900))).customer.notificationEmails;
    expect([edit({ notificationEmails: null }), edit({}), edit({ notificationEmails: ["a@b.cz"] })]).toEqual([[], ["office@acme.cz"], ["a@b.cz"]]);
    const added = value(addCustomer(value(parseCustomerAdd(companyBody({ notificationEmails: null }))), customerContext()));
    expect(added.notificationEmails).toEqual([]);
  });
});

describe("nested identifiers (UPS-3, UPS-6)", () => {
  it("UPS-3, UPS-6: id and externalId of a nested element pick an element to edit, create one, or are IdMismatch, as the table says", () => {
    const NEW = "0000000a-0000-4000-8000-0000000000aa";
    fc.assert(
      fc.property(fc.constantFrom("absent", "p1", "p2", "new"), fc.constantFrom("absent", "P1", "P2", "NEW"), (idPick, extPick) => {
        const base = fullCustomer();
        const two = value(addOrEditCustomer(value(parseCustomerAddOrEdit({ id: base.id, name: base.name, contactPeople: [{ externalId: "P2", lastName: "Druhý" }] })), customerContext([base], undefined, 700))).customer;
        const [p1, p2] = two.contactPeople;
        if (p1 === undefined || p2 === undefined) throw new Error("fixture");
        const id = idPick === "p1" ? p1.id : idPick === "p2" ? p2.id : idPick === "new" ? NEW : undefined;
        const sent = { ...(id === undefined ? {} : { id }), ...(extPick === "absent" ? {} : { externalId: extPick }), lastName: "Changed" };
        const r = addOrEditCustomer(value(parseCustomerAddOrEdit({ id: two.id, name: two.name, contactPeople: [sent] })), customerContext([two], undefined, 900));
        const byId = id === p1.id ? p1 : id === p2.id ? p2 : undefined;
        const byExt = extPick === "P1" ? p1 : extPick === "P2" ? p2 : undefined;
        // The model of nestedTarget's table.
        let want: "mismatch" | "create" | typeof p1;
        if (id !== undefined && extPick !== "absent") want = byId !== undefined ? (byExt === byId ? byId : "mismatch") : byExt === undefined ? "create" : "mismatch";
        else if (id !== undefined) want = byId ?? "create";
        else if (extPick !== "absent") want = byExt ?? "create";
        else want = "create";
        if (want === "mismatch") {
          expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["IdMismatch@contactPeople[0].externalId"]);
          return;
        }
        const people = value(r).customer.contactPeople;
        if (want === "create") {
          expect(people.slice(0, 2)).toEqual([p1, p2]);
          expect(people[2]).toMatchObject({ lastName: "Changed", externalId: extPick === "absent" ? null : extPick, ...(id === undefined ? {} : { id }) });
        } else {
          expect(people).toEqual([p1, p2].map((p) => (p === want ? { ...p, lastName: "Changed" } : p)));
        }
      }),
    );
  });

  it("CUS-10: coordinates are accepted on the closed ranges [-90, 90] and [-180, 180], refused just outside", () => {
    const body = (latitude: number, longitude: number) => companyBody({ addresses: [{ city: "X", coordinates: { latitude, longitude } }] });
    for (const [lat, lon] of [[-90, -180], [90, 180], [0, 0]] as const) expect(parseCustomerAdd(body(lat, lon)).ok).toBe(true);
    for (const [lat, lon, path] of [[-90.000001, 0, "latitude"], [90.000001, 0, "latitude"], [0, -180.000001, "longitude"], [0, 180.000001, "longitude"]] as const) {
      const r = parseCustomerAdd(body(lat, lon));
      expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual([`OutOfRange@addresses[0].coordinates.${path}`]);
    }
  });
});

// What a client reads when a customer decision refuses: whole issues (code, path and message),
// since a client shows the message and points at the path. Also the nested references a
// client names by GUID or clears with null (CUS-6, GEN-5), and a company whose catalog is
// empty (CUS-5). Last, how many GUIDs a decision draws from the company's source.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { addCustomer } from "../../src/customer/add.js";
import { addOrEditCustomer } from "../../src/customer/add-or-edit.js";
import { orderedCatalog, type CustomerContext } from "../../src/customer/context.js";
import type { Customer } from "../../src/customer/customer.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import type { Issue, Result } from "../../src/shared/issue.js";
import { companyBody, customerContext, householdBody } from "../arbitraries/customer.js";
import { isAddressableExternalId } from "../../src/shared/text.js";

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}
function issues<T>(r: Result<T>): readonly Issue[] {
  return r.ok ? [] : r.issues;
}
function add(body: Record<string, unknown>, ctx: CustomerContext = customerContext()): Result<Customer> {
  return addCustomer(value(parseCustomerAdd(body)), ctx);
}
function upsert(body: Record<string, unknown>, existing: readonly Customer[]): Result<Customer> {
  const r = addOrEditCustomer(value(parseCustomerAddOrEdit(body)), customerContext(existing, undefined, 900));
  return r.ok ? { ok: true, value: r.value.customer } : r;
}
const unknown = (path: string, what: string, sent: string): Issue => ({
  code: "UnknownReference",
  path,
  message: `No ${what} has the ID, external ID or slug ${JSON.stringify(sent)} (GEN-3).`,
  rule: "GEN-3",
});
const notNull = (path: string): Issue => ({ code: "Required", path, message: `${path} is required and cannot be cleared with null (GEN-5).`, rule: "GEN-5" });

// A company with two contact people, two addresses and a device: built in beforeEach (Stryker).
let acme: Customer;
beforeEach(() => {
  acme = value(
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
});

describe("kind refusals (CUS-3, CUS-4)", () => {
  it("CUS-3: a Company without identificationNumber is told which rule it breaks", () => {
    expect(issues(add(companyBody({ identificationNumber: " " })))).toEqual([
      { code: "Required", path: "identificationNumber", message: "A Company needs a non-blank identificationNumber (CUS-3).", rule: "CUS-3" },
    ]);
  });
  it("CUS-4: a Household with company data gets one issue per field, each naming the rule", () => {
    const body = householdBody({ identificationNumber: "1", taxNumber: "CZ1", contactAddressId: "A1", addresses: [{ externalId: "A1", city: "X" }] });
    expect(issues(add(body))).toEqual([
      { code: "NotAllowed", path: "identificationNumber", message: "A Household has no identificationNumber (CUS-4).", rule: "CUS-4" },
      { code: "NotAllowed", path: "taxNumber", message: "A Household has no taxNumber (CUS-4).", rule: "CUS-4" },
      { code: "NotAllowed", path: "contactAddressId", message: "A Household has no contact address (CUS-4).", rule: "CUS-4" },
    ]);
  });
});

describe("nested element refusals (CUS-9, CUS-10, CUS-11, GEN-5)", () => {
  it("CUS-9, CUS-10, CUS-11: a nameless contact, a placeless address and a nameless device are each refused at their element", () => {
    const body = companyBody({ contactPeople: [{ email: "a@b.cz" }], addresses: [{ postalCode: "60200" }], serviceObjects: [{ serialNumber: "S" }] });
    expect(issues(add(body))).toEqual([
      { code: "Required", path: "contactPeople[0].lastName", message: "A contact person needs a non-blank firstName or lastName (CUS-9).", rule: "CUS-9" },
      { code: "Required", path: "addresses[0].city", message: "An address needs a non-blank street or city (CUS-10).", rule: "CUS-10" },
      { code: "Required", path: "serviceObjects[0].name", message: "A service object needs a name (CUS-11).", rule: "CUS-11" },
    ]);
  });
  it("CUS-11: a device's addressId that names no address of the customer is UnknownReference", () => {
    expect(issues(add(companyBody({ serviceObjects: [{ name: "B", addressId: "ZZ" }] })))).toEqual([unknown("serviceObjects[0].addressId", "address of the customer", "ZZ")]);
  });
  it("CUS-11: a device's addressId may be the GUID of an address of the customer", () => {
    const [, a2] = acme.addresses;
    const c = value(upsert({ id: acme.id, name: acme.name, serviceObjects: [{ externalId: "D1", addressId: a2?.id }, { name: "Nový", addressId: a2?.id.toUpperCase() }] }, [acme]));
    expect(c.serviceObjects.map((d) => d.addressId)).toEqual([a2?.id, a2?.id]);
  });
  it("GEN-5: a device's name null is Required, on an existing device and on a new one", () => {
    expect(issues(upsert({ id: acme.id, name: acme.name, serviceObjects: [{ externalId: "D1", name: null }, { externalId: "D2", name: null }] }, [acme]))).toEqual([
      notNull("serviceObjects[0].name"),
      notNull("serviceObjects[1].name"),
    ]);
  });
  it("GEN-5: a contact person's sendNotifications or sendReports null is Required on an edit and the default false on a new one", () => {
    expect(issues(upsert({ id: acme.id, name: acme.name, contactPeople: [{ externalId: "P1", sendNotifications: null, sendReports: null }] }, [acme]))).toEqual([
      notNull("contactPeople[0].sendNotifications"),
      notNull("contactPeople[0].sendReports"),
    ]);
    const c = value(upsert({ id: acme.id, name: acme.name, contactPeople: [{ externalId: "P3", lastName: "Nový", sendNotifications: null, sendReports: null }] }, [acme]));
    expect(c.contactPeople[2]).toMatchObject({ externalId: "P3", sendNotifications: false, sendReports: false });
  });
});

describe("nested identifiers (UPS-3, UPS-6, CUS-7)", () => {
  it("UPS-6: a new element's GUID that is taken in the company is refused, and the message names the GUID", () => {
    const taken = acme.addresses[0]?.id as string;
    expect(issues(upsert({ id: acme.id, name: acme.name, contactPeople: [{ id: taken, lastName: "Y" }] }, [acme]))).toEqual([
      { code: "Duplicate", path: "contactPeople[0].id", message: `The GUID ${taken} is already used in this company; a new element needs a GUID of its own (UPS-6).`, rule: "UPS-6" },
    ]);
  });
  it("UPS-3, UPS-6: an id and an externalId naming different elements say that an element's external ID cannot change", () => {
    const p1 = acme.contactPeople[0]?.id;
    expect(issues(upsert({ id: acme.id, name: acme.name, contactPeople: [{ id: p1, externalId: "P2", lastName: "Y" }] }, [acme]))).toEqual([
      {
        code: "IdMismatch",
        path: "contactPeople[0].externalId",
        message: "The ID and the external ID do not name the same element; an element's external ID cannot be set or changed by add-or-edit (UPS-3, UPS-6).", rule: "UPS-3",
      },
    ]);
  });
  it("CUS-7: an external ID sent twice in one list is refused at the second element, and the message names the ID and the list", () => {
    const elementOf = { contactPeople: { lastName: "L" }, addresses: { city: "C" }, serviceObjects: { name: "N" } } as const;
    fc.assert(
      fc.property(
        fc.constantFrom("contactPeople", "addresses", "serviceObjects"),
        fc.string({ minLength: 1, maxLength: 6 }).filter((s) => isAddressableExternalId(s) && !["P1", "P2", "A1", "A2", "D1"].includes(s)),
        fc.boolean(),
        (list, ext, editing) => {
          const twice = [
            { ...elementOf[list], externalId: ext },
            { ...elementOf[list], externalId: ext },
          ];
          const r = editing ? upsert({ id: acme.id, name: acme.name, [list]: twice }, [acme]) : add(companyBody({ [list]: twice }));
          // On an edit the new elements follow the stored ones, but the issue points at the request's element.
          expect(issues(r)).toEqual([{ code: "Duplicate", path: `${list}[1].externalId`, message: `The external ID ${JSON.stringify(ext)} is used twice in ${list} (CUS-7).`, rule: "CUS-7" }]);
        },
      ),
      { numRuns: 60 },
    );
  });
  it("CUS-7: a stored customer whose list already repeats an external ID (data written by another system) is refused at the list, not at an element the request did not send", () => {
    const [a1, a2] = acme.addresses;
    if (a1 === undefined || a2 === undefined) throw new Error("fixture");
    const legacy: Customer = { ...acme, addresses: [a1, { ...a2, externalId: "A1" }] };
    expect(issues(upsert({ id: acme.id, name: "Renamed" }, [legacy]))).toEqual([{ code: "Duplicate", path: "addresses", message: 'The external ID "A1" is used twice in addresses (CUS-7).', rule: "CUS-7" }]);
  });
});

describe("references to nested elements (CUS-6, GEN-5)", () => {
  const refs = [
    ["primaryContactPersonId", "contactPeople"],
    ["invoiceAddressId", "addresses"],
    ["contactAddressId", "addresses"],
  ] as const;
  it("CUS-6: a reference that names no element of the customer is UnknownReference at its own field", () => {
    fc.assert(
      fc.property(fc.constantFrom(...refs), fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.trim() !== "" && !["P1", "P2", "A1", "A2"].includes(s)), ([field], sent) => {
        expect(issues(upsert({ id: acme.id, name: acme.name, [field]: sent }, [acme]))).toEqual([unknown(field, "element of the customer", sent)]);
      }),
      { numRuns: 40 },
    );
  });
  it("CUS-6: a reference may name an element by its GUID, in any letter case (GEN-1)", () => {
    for (const [field, list] of refs) {
      const second = acme[list][1]?.id as string;
      expect(value(upsert({ id: acme.id, name: acme.name, [field]: second.toUpperCase() }, [acme]))[field]).toBe(second);
    }
  });
  it("GEN-5: null clears a reference on an edit; on an add it counts as left out and the default applies (CUS-5)", () => {
    const edited = value(upsert({ id: acme.id, name: acme.name, primaryContactPersonId: null, invoiceAddressId: null, contactAddressId: null }, [acme]));
    expect([edited.primaryContactPersonId, edited.invoiceAddressId, edited.contactAddressId]).toEqual([null, null, null]);
    const added = value(add(companyBody({ primaryContactPersonId: null, invoiceAddressId: null, contactAddressId: null })));
    expect([added.primaryContactPersonId, added.invoiceAddressId, added.contactAddressId]).toEqual([added.contactPeople[0]?.id, added.addresses[0]?.id, added.addresses[0]?.id]);
    // An add-or-edit that creates passes null on to the decision: it too takes the defaults.
    const created = value(upsert(companyBody({ externalId: "C-2", primaryContactPersonId: null, invoiceAddressId: null, contactAddressId: null }), [acme]));
    expect([created.primaryContactPersonId, created.invoiceAddressId, created.contactAddressId]).toEqual([created.contactPeople[0]?.id, created.addresses[0]?.id, created.addresses[0]?.id]);
  });
});

describe("record references (CUS-5, GEN-3, GEN-4, GEN-5)", () => {
  it("GEN-4: an external ID another customer has is refused with a message naming it", () => {
    expect(issues(addCustomer(value(parseCustomerAdd(companyBody({ externalId: "C-1" }))), customerContext([acme])))).toEqual([
      { code: "DuplicateExternalId", path: "externalId", message: 'Another customer has the external ID "C-1" (GEN-4).', rule: "GEN-4" },
    ]);
  });
  it("GEN-3: an unknown owner, category or type names the kind of record that was not found", () => {
    expect(issues(add(companyBody({ ownerId: "nobody", categoryId: "nope", typeId: "none" })))).toEqual([
      unknown("ownerId", "user", "nobody"),
      unknown("categoryId", "CustomerCategory", "nope"),
      unknown("typeId", "CustomerType", "none"),
    ]);
  });
  it("GEN-5: ownerId null on an edit is Required; on an add the acting user is the owner", () => {
    expect(issues(upsert({ id: acme.id, name: acme.name, ownerId: null }, [acme]))).toEqual([notNull("ownerId")]);
    expect(value(add(companyBody({ ownerId: null }))).ownerId).toBe(acme.ownerId);
  });
  it("CUS-5: in a company whose CustomerCategory or CustomerType catalog is empty, a new customer must name one, and the message says why", () => {
    const ctx = (): CustomerContext => ({ ...customerContext(), categories: orderedCatalog([]), types: orderedCatalog([]) });
    expect(issues(add(companyBody(), ctx()))).toEqual([
      { code: "Required", path: "categoryId", message: "The CustomerCategory catalog is empty, so categoryId must be sent (CUS-5).", rule: "CUS-5" },
      { code: "Required", path: "typeId", message: "The CustomerType catalog is empty, so typeId must be sent (CUS-5).", rule: "CUS-5" },
    ]);
    // Only the empty one is required: with types filled, the first type is the default.
    const withTypes = (): CustomerContext => ({ ...customerContext(), categories: orderedCatalog([]) });
    expect(issues(add(companyBody(), withTypes())).map((i) => i.path)).toEqual(["categoryId"]);
    // A stored customer keeps its category and type when an edit leaves them out.
    const edited = addOrEditCustomer(value(parseCustomerAddOrEdit({ id: acme.id, name: "Renamed" })), { ...ctx(), customers: customerContext([acme]).customers });
    expect(value(edited).customer).toMatchObject({ name: "Renamed", categoryId: acme.categoryId, typeId: acme.typeId });
  });
});

describe("GUIDs drawn (GEN-1, GEN-8)", () => {
  function counting(existing: readonly Customer[]): { ctx: CustomerContext; drawn: () => number } {
    const base = customerContext(existing, undefined, 500);
    let n = 0;
    return {
      ctx: { ...base, newId: () => (n++, base.newId()) },
      drawn: () => n,
    };
  }
  it("GEN-1, GEN-8: a decision draws one GUID per record or element it creates and none when it creates nothing or refuses", () => {
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), fc.nat(3), fc.boolean(), fc.boolean(), (people, places, devices, editing, refused) => {
        const body = {
          ...(editing ? { id: acme.id, name: acme.name } : { name: "New", identificationNumber: refused ? "" : "1" }),
          ...(editing && refused ? { kind: "Household" } : {}),
          contactPeople: Array.from({ length: people }, (_, i) => ({ lastName: `L${i}` })),
          addresses: Array.from({ length: places }, (_, i) => ({ city: `C${i}` })),
          serviceObjects: Array.from({ length: devices }, (_, i) => ({ name: `N${i}` })),
        };
        const { ctx, drawn } = counting([acme]);
        const r = addOrEditCustomer(value(parseCustomerAddOrEdit(body)), ctx);
        expect(r.ok).toBe(!refused);
        expect(drawn()).toBe(refused ? 0 : (editing ? 0 : 1) + people + places + devices);
        if (r.ok) expect(new Set([r.value.customer.id, ...r.value.customer.contactPeople.map((e) => e.id)]).size).toBe(1 + r.value.customer.contactPeople.length);
      }),
      { numRuns: 60 },
    );
  });
});

// UPS-6 / GEN-5 on nested elements: an add-or-edit naming an existing contact person, address or
// device changes exactly the fields it sends (a value replaces, null clears where the field may
// be empty) and every field it leaves out stays. CUS-12 and GEN-5 on the customer's own lists.

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

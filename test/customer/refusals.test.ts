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

import { checkCustomData } from "../../src/customer/custom-data.js";
import { limits } from "../../src/shared/limits.js";
import { describe, expect, it } from "vitest";
import { addCustomer } from "../../src/customer/add.js";
import type { Customer } from "../../src/customer/customer.js";
import { parseCustomerAdd } from "../../src/customer/request.js";
import type { Result } from "../../src/shared/issue.js";
import { defaultSettings } from "../../src/shared/settings.js";
import { admin, categories, clone, companyBody, customerContext, deepFreeze, dispatcher, householdBody, types } from "../../src/testing/arbitraries/records/customer.js";

function add(body: Record<string, unknown>, existing: readonly Customer[] = [], settings = defaultSettings): Result<Customer> {
  const parsed = parseCustomerAdd(body);
  if (!parsed.ok) return parsed;
  return addCustomer(deepFreeze(parsed.value), customerContext(existing, settings));
}
function codes<T>(r: Result<T>): string[] {
  return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`);
}
function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

describe("customer add", () => {
  it("CUS-1: a valid body makes a customer with its contact people and addresses", () => {
    const c = value(add(companyBody()));
    expect(c.name).toBe("Acme s.r.o.");
    expect(c.contactPeople).toHaveLength(1);
    expect(c.addresses).toHaveLength(1);
  });
  it("CUS-2: kind defaults to Company", () => {
    expect(value(add(companyBody())).kind).toBe("Company");
  });
  it("CUS-3: a Company needs a non-blank identificationNumber", () => {
    expect(codes(add(companyBody({ identificationNumber: "  " })))).toEqual(["Required@identificationNumber"]);
    expect(codes(add(companyBody({ identificationNumber: null })))).toEqual(["Required@identificationNumber"]);
  });
  it("CUS-4: a Household has no identificationNumber, taxNumber or contact address", () => {
    expect(
      codes(add(householdBody({ identificationNumber: "1", taxNumber: "CZ1", contactAddressId: "A1", addresses: [{ externalId: "A1", city: "X" }] }))),
    ).toEqual(["NotAllowed@identificationNumber", "NotAllowed@taxNumber", "NotAllowed@contactAddressId"]);
    const h = value(add(householdBody({ identificationNumber: "", taxNumber: null })));
    expect([h.identificationNumber, h.taxNumber, h.contactAddressId]).toEqual([null, null, null]);
  });
  it("CUS-4: a Household may send contactAddressId \"\" (not filled), like identificationNumber and taxNumber", () => {
    const h = value(add(householdBody({ identificationNumber: "", taxNumber: "", contactAddressId: "" })));
    expect([h.identificationNumber, h.taxNumber, h.contactAddressId]).toEqual([null, null, null]);
  });
  it("CUS-5: defaults come from the first catalog values, the first elements and the administrator", () => {
    const c = value(
      add(
        companyBody({
          contactPeople: [{ lastName: "A" }, { lastName: "B" }],
          addresses: [{ city: "X" }, { city: "Y" }],
        }),
      ),
    );
    expect(c.categoryId).toBe(categories[0]?.id);
    expect(c.typeId).toBe(types[0]?.id);
    expect(c.primaryContactPersonId).toBe(c.contactPeople[0]?.id);
    expect(c.invoiceAddressId).toBe(c.addresses[0]?.id);
    expect(c.contactAddressId).toBe(c.invoiceAddressId);
    expect(c.ownerId).toBe(admin.id);
  });
  it("CUS-5: catalog values and owner resolve by slug or external ID (GEN-3)", () => {
    const c = value(add(companyBody({ categoryId: "wholesale", typeId: types[1]?.id.toUpperCase(), ownerId: "disp" })));
    expect([c.categoryId, c.typeId, c.ownerId]).toEqual([categories[1]?.id, types[1]?.id, dispatcher.id]);
    expect(codes(add(companyBody({ categoryId: "nope", ownerId: "nobody" })))).toEqual(["UnknownReference@ownerId", "UnknownReference@categoryId"]);
  });
  it("CUS-6: primary contact, invoice and contact address name nested elements by external ID", () => {
    const c = value(
      add(
        companyBody({
          contactPeople: [{ lastName: "A" }, { externalId: "P2", lastName: "B" }],
          addresses: [{ externalId: "A1", city: "X" }, { externalId: "A2", city: "Y" }],
          primaryContactPersonId: "P2",
          invoiceAddressId: "A2",
          contactAddressId: "A1",
        }),
      ),
    );
    expect(c.primaryContactPersonId).toBe(c.contactPeople[1]?.id);
    expect(c.invoiceAddressId).toBe(c.addresses[1]?.id);
    expect(c.contactAddressId).toBe(c.addresses[0]?.id);
    expect(codes(add(companyBody({ primaryContactPersonId: "P9", invoiceAddressId: "A9" })))).toEqual([
      "UnknownReference@primaryContactPersonId",
      "UnknownReference@invoiceAddressId",
    ]);
  });
  it("CUS-7: nested external IDs are unique within their list", () => {
    expect(
      codes(
        add(
          companyBody({
            contactPeople: [{ externalId: "P", lastName: "A" }, { externalId: "P", lastName: "B" }],
            addresses: [{ externalId: "P", city: "X" }],
          }),
        ),
      ),
    ).toEqual(["Duplicate@contactPeople[1].externalId"]);
  });
  it("CUS-8: customData must be JSON matching the company's template", () => {
    const settings = {
      ...defaultSettings,
      customDataTemplates: { customer: [{ key: "floor", type: "number", required: true }, { key: "since", type: "date", required: false }], order: null },
    } as const;
    expect(value(add(companyBody({ customData: '{"floor":2,"since":"2024-02-29"}' }), [], settings)).customData).toBe('{"floor":2,"since":"2024-02-29"}');
    expect(codes(add(companyBody({ customData: '{"floor":"2","x":1,"since":"2023-02-29"}' }), [], settings))).toEqual([
      "InvalidCustomData@customData",
      "InvalidCustomData@customData",
      "InvalidCustomData@customData",
    ]);
    expect(codes(add(companyBody({ customData: "{}" }), [], settings))).toEqual(["InvalidCustomData@customData"]);
    expect(codes(add(companyBody({ customData: "[1]" })))).toEqual(["InvalidCustomData@customData"]);
    expect(codes(add(companyBody({ customData: "{" })))).toEqual(["InvalidCustomData@customData"]);
    expect(value(add(companyBody({ customData: '{"any":[1]}' }))).customData).toBe('{"any":[1]}');
  });
  it("CUS-9: a contact person needs a first or last name; flags default to false", () => {
    expect(codes(add(companyBody({ contactPeople: [{ firstName: " ", email: "a@b.cz" }] })))).toEqual(["Required@contactPeople[0].lastName"]);
    const p = value(add(companyBody({ contactPeople: [{ firstName: "Eva" }] }))).contactPeople[0];
    expect([p?.sendNotifications, p?.sendReports]).toEqual([false, false]);
  });
  it("CUS-10: an address needs a street or a city", () => {
    expect(codes(add(companyBody({ addresses: [{ postalCode: "60200" }] })))).toEqual(["Required@addresses[0].city"]);
  });
  it("CUS-11: a device needs a name; its addressId names an address of the customer", () => {
    const c = value(add(companyBody({ serviceObjects: [{ name: "Boiler", addressId: "A1", serialNumber: "S1" }] })));
    expect(c.serviceObjects[0]?.addressId).toBe(c.addresses[0]?.id);
    expect(codes(add(companyBody({ serviceObjects: [{ serialNumber: "S" }, { name: "B", addressId: "ZZ" }] })))).toEqual([
      "Required@serviceObjects[0].name",
      "UnknownReference@serviceObjects[1].addressId",
    ]);
  });
  it("CUS-12: notificationEmails defaults to [] and sendByPost to false", () => {
    const c = value(add(companyBody()));
    expect([c.notificationEmails, c.sendByPost]).toEqual([[], false]);
    const d = value(add(companyBody({ notificationEmails: ["x@y.cz"], sendByPost: true })));
    expect([d.notificationEmails, d.sendByPost]).toEqual([["x@y.cz"], true]);
  });
  it("GEN-4: an external ID already used by another customer is refused", () => {
    const first = value(add(companyBody({ externalId: "C-1" })));
    expect(codes(add(companyBody({ externalId: "C-1" }), [first]))).toEqual(["DuplicateExternalId@externalId"]);
  });
  it("GEN-8: a refused add returns issues only and leaves its inputs untouched", () => {
    const body = companyBody({ identificationNumber: null, externalId: "C-1" });
    const before = clone(body);
    const r = add(deepFreeze(body));
    expect(r.ok).toBe(false);
    expect(Object.keys(r)).toEqual(["ok", "issues"]);
    expect(body).toEqual(before);
  });
  it("GEN-9: every broken rule is reported at once", () => {
    expect(codes(add(householdBody({ taxNumber: "1", contactPeople: [{ email: "a@b.cz" }], addresses: [{ country: "CZ" }], categoryId: "x" })))).toEqual([
      "Required@contactPeople[0].lastName",
      "Required@addresses[0].city",
      "NotAllowed@taxNumber",
      "UnknownReference@categoryId",
    ]);
  });

  it("CUS-8: the template check reports one issue per key even for 150,000 keys (no stack overflow); a body's customData stops at limits.customData", () => {
    const keys: Record<string, number> = {};
    for (let i = 0; i < 150_000; i++) keys[`k${i}`] = i;
    expect(checkCustomData(JSON.stringify(keys), [{ key: "floor", type: "number", required: false }], "customData")).toHaveLength(150_000);
    const tooLong = add(companyBody({ customData: JSON.stringify(keys) }));
    expect(tooLong.ok ? [] : tooLong.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["TooLong@customData"]);
  });
  it("GEN-9: a customer with the most contact people a body may hold is built; one more, or 340,000 bad addresses, is one TooMany without reading them", () => {
    const people = (n: number) => Array.from({ length: n }, (_, i) => ({ externalId: `cp${i}`, lastName: "L" }));
    expect(value(add(companyBody({ contactPeople: people(limits.contactPeople) }))).contactPeople).toHaveLength(limits.contactPeople);
    const over = parseCustomerAdd(companyBody({ contactPeople: people(limits.contactPeople + 1) }));
    expect(over.ok ? [] : over.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["TooMany@contactPeople"]);
    const parsed = parseCustomerAdd(companyBody({ addresses: Array.from({ length: 340_000 }, () => ({ coordinates: 5 })) }));
    expect(parsed.ok ? [] : parsed.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["TooMany@addresses"]);
  });
});

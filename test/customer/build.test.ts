// What a client reads when a customer decision refuses: whole issues (code, path and message),
// in the order the composition reports them, since a client shows the message and points at the
// path. The rules each step owns are tested beside their owners (kind.test.ts,
// contact-people.test.ts, ...); here, what buildCustomer itself decides: the rules hold for the
// customer as it stands after the merge (UPS-8), and the record references (GEN-3, GEN-4).
import { beforeEach, describe, expect, it } from "vitest";
import { addCustomer } from "../../src/customer/add.js";
import { buildCustomer } from "../../src/customer/build.js";
import type { Customer } from "../../src/customer/customer.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import { companyBody, customerContext } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, add, issues, unknown, value } from "./support.js";

// Built in beforeEach (Stryker).
let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

describe("buildCustomer, the composition (UPS-8)", () => {
  it("CUS-9, CUS-10, CUS-11: a nameless contact, a placeless address and a nameless device are each refused at their element", () => {
    const body = companyBody({ contactPeople: [{ email: "a@b.cz" }], addresses: [{ postalCode: "60200" }], serviceObjects: [{ serialNumber: "S" }] });
    expect(issues(add(body))).toEqual([
      { code: "Required", path: "contactPeople[0].lastName", message: "A contact person needs a non-blank firstName or lastName (CUS-9).", rule: "CUS-9" },
      { code: "Required", path: "addresses[0].city", message: "An address needs a non-blank street or city (CUS-10).", rule: "CUS-10" },
      { code: "Required", path: "serviceObjects[0].name", message: "A service object needs a name (CUS-11).", rule: "CUS-11" },
    ]);
  });

  it("UPS-8: the kind rules hold for the customer as merged: a company edited into a household keeps its stored numbers and contact address, so each is refused", () => {
    const input = value(parseCustomerAddOrEdit({ id: acme.id, name: acme.name, kind: "Household" }));
    expect(issues(buildCustomer(acme, input, acme.externalId, customerContext([acme]))).map((i) => `${i.code}@${i.path} ${i.rule}`)).toEqual([
      "NotAllowed@identificationNumber CUS-4",
      "NotAllowed@contactAddressId CUS-4",
    ]);
    const cleared = value(parseCustomerAddOrEdit({ id: acme.id, name: acme.name, kind: "Household", identificationNumber: null, contactAddressId: null }));
    expect(value(buildCustomer(acme, cleared, acme.externalId, customerContext([acme])))).toMatchObject({ kind: "Household", identificationNumber: null, contactAddressId: null });
  });

  it("UPS-8: the reference rules hold for the customer as merged: a reference may name an element the same request adds, and the kind decides the contact address only after the merge", () => {
    const input = value(parseCustomerAddOrEdit({ id: acme.id, name: acme.name, addresses: [{ externalId: "A3", city: "Zlín" }], invoiceAddressId: "A3" }));
    const c = value(buildCustomer(acme, input, acme.externalId, customerContext([acme])));
    expect(c.invoiceAddressId).toBe(c.addresses[2]?.id);
    expect(c.contactAddressId).toBe(acme.contactAddressId);
  });
});

describe("record references (GEN-3, GEN-4)", () => {
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
});

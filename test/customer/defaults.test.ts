// The defaults of a new customer (CUS-5), taken only on a create (UPS-7), and a company whose
// catalog is empty.
import { beforeEach, describe, expect, it } from "vitest";
import { addOrEditCustomer } from "../../src/customer/add-or-edit.js";
import { orderedCatalog, type CustomerContext } from "../../src/customer/context.js";
import type { Customer } from "../../src/customer/customer.js";
import { customerDefaults } from "../../src/customer/defaults.js";
import { parseCustomerAddOrEdit } from "../../src/customer/request.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Issue } from "../../src/shared/issue.js";
import { companyBody, customerContext, householdBody } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, add, issues, notNull, upsert, value } from "./support.js";

let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

describe("customerDefaults (CUS-5)", () => {
  it("CUS-5: a new company takes the first category and type, its first contact person and address, the invoice address as contact address, and the acting user as owner", () => {
    const ctx = customerContext();
    const c = value(add(companyBody({ contactPeople: [{ lastName: "A" }, { lastName: "B" }], addresses: [{ city: "X" }, { city: "Y" }] }), ctx));
    expect([c.categoryId, c.typeId, c.ownerId]).toEqual([ctx.categories.values[0]?.id, ctx.types.values[0]?.id, ctx.actorId]);
    expect([c.primaryContactPersonId, c.invoiceAddressId, c.contactAddressId]).toEqual([c.contactPeople[0]?.id, c.addresses[0]?.id, c.addresses[0]?.id]);
    expect(value(add(householdBody({}), ctx)).contactAddressId).toBeNull();
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

  it("GEN-5: ownerId null on an edit is Required; on an add the acting user is the owner", () => {
    expect(issues(upsert({ id: acme.id, name: acme.name, ownerId: null }, [acme]))).toEqual([notNull("ownerId")]);
    expect(value(add(companyBody({ ownerId: null }))).ownerId).toBe(acme.ownerId);
  });

  it("CUS-5: called directly, each default is computed on demand and only an empty catalog reports", () => {
    const ctx = customerContext();
    const found: Issue[] = [];
    const defaults = customerDefaults(ctx, found);
    const a = "00000000-0000-4000-8000-0000000000a1" as Guid;
    expect([defaults.ownerId(), defaults.categoryId(), defaults.typeId()]).toEqual([ctx.actorId, ctx.categories.values[0]?.id, ctx.types.values[0]?.id]);
    expect([defaults.primaryContactPersonId([]), defaults.invoiceAddressId([]), defaults.contactAddressId("Company", a), defaults.contactAddressId("Household", a)]).toEqual([null, null, a, null]);
    expect(found).toEqual([]);
  });
});

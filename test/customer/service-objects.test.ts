// Devices as the merge leaves them (CUS-11, UPS-6, GEN-5): names and addresses.
import { beforeEach, describe, expect, it } from "vitest";
import type { Customer } from "../../src/customer/customer.js";
import { companyBody } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, add, fullCustomer, issues, notNull, unknown, upsert, value } from "./support.js";

let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

describe("mergeServiceObjects (CUS-11, GEN-5)", () => {
  it("CUS-11: a new device without a name is refused at its name", () => {
    expect(issues(add(companyBody({ serviceObjects: [{ name: "Kotel" }, { serialNumber: "S" }] })))).toEqual([
      { code: "Required", path: "serviceObjects[1].name", message: "A service object needs a name (CUS-11).", rule: "CUS-11" },
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
  it("CUS-11: a device's addressId may name an address the same request adds", () => {
    const c = value(upsert({ id: acme.id, name: acme.name, addresses: [{ externalId: "A3", city: "Zlín" }], serviceObjects: [{ externalId: "D1", addressId: "A3" }] }, [acme]));
    expect(c.serviceObjects[0]?.addressId).toBe(c.addresses[2]?.id);
  });
  it("GEN-5: a device's name null is Required, on an existing device and on a new one", () => {
    expect(issues(upsert({ id: acme.id, name: acme.name, serviceObjects: [{ externalId: "D1", name: null }, { externalId: "D2", name: null }] }, [acme]))).toEqual([
      notNull("serviceObjects[0].name"),
      notNull("serviceObjects[1].name"),
    ]);
  });
  it("GEN-5: a device's addressId null clears it on an edit and counts as none on a new device", () => {
    const base = fullCustomer();
    const c = value(upsert({ id: base.id, name: base.name, serviceObjects: [{ externalId: "D1", addressId: null }, { externalId: "D2", name: "Nový", addressId: null }] }, [base]));
    expect(c.serviceObjects.map((d) => [d.externalId, d.addressId])).toEqual([["D1", null], ["D2", null]]);
  });
});

// A customer's references to its own nested elements (CUS-6, GEN-5, CUS-5 on a create).
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { Customer } from "../../src/customer/customer.js";
import { companyBody } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, add, issues, unknown, upsert, value } from "./support.js";

let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

describe("resolveNestedReference (CUS-6, GEN-5)", () => {
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
  it("CUS-6: a reference may name an element the same request adds, by its external ID", () => {
    const c = value(upsert({ id: acme.id, name: acme.name, contactPeople: [{ externalId: "P3", lastName: "Nový" }], primaryContactPersonId: "P3" }, [acme]));
    expect(c.primaryContactPersonId).toBe(c.contactPeople[2]?.id);
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
  it("UPS-5: a reference left out on an edit keeps the stored one", () => {
    const c = value(upsert({ id: acme.id, name: "Renamed" }, [acme]));
    expect([c.primaryContactPersonId, c.invoiceAddressId, c.contactAddressId]).toEqual([acme.primaryContactPersonId, acme.invoiceAddressId, acme.contactAddressId]);
  });
});

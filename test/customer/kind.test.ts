// The kind of a customer (CUS-2) and the rules its kind sets (CUS-3, CUS-4): whole issues, as a
// client reads them, through the add decision, and the owners called directly.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCustomerKind, customerKind } from "../../src/customer/kind.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Issue } from "../../src/shared/issue.js";
import { companyBody, householdBody } from "../../src/testing/arbitraries/records/customer.js";
import { add, issues, notNull } from "./support.js";

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

describe("customerKind and checkCustomerKind (CUS-2, CUS-3, CUS-4)", () => {
  const blank = fc.constantFrom(null, "", " ", "\t");
  const text = fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.trim() !== "");
  const address = "00000000-0000-4000-8000-0000000000a1" as Guid;

  it("CUS-2: left out, a new customer is a Company and a stored one keeps its kind; a kind sent wins; null is Required on an edit only", () => {
    const found: Issue[] = [];
    expect([customerKind(ABSENT, undefined, found), customerKind(ABSENT, "Household", found), customerKind("Household", "Company", found), customerKind(null, undefined, found)]).toEqual([
      "Company",
      "Household",
      "Household",
      "Company",
    ]);
    expect(found).toEqual([]);
    expect(customerKind(null, "Household", found)).toBe("Household");
    expect(found).toEqual([notNull("kind")]);
  });

  it("CUS-3: a Company keeps both numbers and is refused exactly when its identificationNumber is blank", () => {
    fc.assert(
      fc.property(fc.oneof(blank, text), fc.oneof(blank, text), fc.boolean(), (identificationNumber, taxNumber, withContact) => {
        const found: Issue[] = [];
        const kept = checkCustomerKind("Company", { identificationNumber, taxNumber, contactAddressId: withContact ? address : null }, found);
        expect(kept).toEqual({ identificationNumber, taxNumber });
        expect(found.map((i) => `${i.code}@${i.path} ${i.rule}`)).toEqual(identificationNumber === null || identificationNumber.trim() === "" ? ["Required@identificationNumber CUS-3"] : []);
      }),
    );
  });

  it("CUS-4: a Household stores no numbers and is refused once per filled number and for a contact address", () => {
    fc.assert(
      fc.property(fc.oneof(blank, text), fc.oneof(blank, text), fc.boolean(), (identificationNumber, taxNumber, withContact) => {
        const found: Issue[] = [];
        const kept = checkCustomerKind("Household", { identificationNumber, taxNumber, contactAddressId: withContact ? address : null }, found);
        expect(kept).toEqual({ identificationNumber: null, taxNumber: null });
        const filled = (t: string | null): boolean => t !== null && t.trim() !== "";
        expect(found.map((i) => `${i.code}@${i.path} ${i.rule}`)).toEqual([
          ...(filled(identificationNumber) ? ["NotAllowed@identificationNumber CUS-4"] : []),
          ...(filled(taxNumber) ? ["NotAllowed@taxNumber CUS-4"] : []),
          ...(withContact ? ["NotAllowed@contactAddressId CUS-4"] : []),
        ]);
      }),
    );
  });
});

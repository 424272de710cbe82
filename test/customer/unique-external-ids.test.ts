// External IDs unique within each nested list of a customer (CUS-7).
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { Customer } from "../../src/customer/customer.js";
import { isAddressableExternalId } from "../../src/shared/text.js";
import { companyBody } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, add, issues, upsert } from "./support.js";

let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

describe("checkUniqueExternalIds (CUS-7)", () => {
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
  it("CUS-7: elements without an external ID never clash, and one external ID per list is allowed in every list", () => {
    const c = add(companyBody({ contactPeople: [{ lastName: "A" }, { lastName: "B" }], addresses: [{ externalId: "X", city: "C" }], serviceObjects: [{ externalId: "X", name: "N" }] }));
    expect(issues(c)).toEqual([]);
  });
});

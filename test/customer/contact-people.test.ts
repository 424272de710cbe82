// Contact people as the merge leaves them (CUS-9, UPS-6, GEN-5).
import { beforeEach, describe, expect, it } from "vitest";
import { mergeContactPeople } from "../../src/customer/contact-people.js";
import type { Customer } from "../../src/customer/customer.js";
import { provisionalIds } from "../../src/customer/provisional-ids.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Issue } from "../../src/shared/issue.js";
import type { ContactPersonInput } from "../../src/customer/request.js";
import { companyBody, customerContext } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, add, issues, notNull, upsert, value } from "./support.js";

let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

const sent = (fields: Partial<ContactPersonInput>): ContactPersonInput => ({
  id: ABSENT, externalId: ABSENT, firstName: ABSENT, lastName: ABSENT, position: ABSENT, phone: ABSENT, email: ABSENT, sendNotifications: ABSENT, sendReports: ABSENT,
  ...fields,
});

describe("mergeContactPeople (CUS-9, GEN-5)", () => {
  it("CUS-9: a contact person with neither firstName nor lastName is refused at its lastName, whatever else it has", () => {
    expect(issues(add(companyBody({ contactPeople: [{ lastName: "Ok" }, { email: "a@b.cz", firstName: " " }] })))).toEqual([
      { code: "Required", path: "contactPeople[1].lastName", message: "A contact person needs a non-blank firstName or lastName (CUS-9).", rule: "CUS-9" },
    ]);
  });

  it("CUS-9: the check is on the person as merged: clearing the last name of a person with no first name is refused, clearing it beside a first name is not", () => {
    expect(issues(upsert({ id: acme.id, name: acme.name, contactPeople: [{ externalId: "P1", lastName: null }] }, [acme])).map((i) => `${i.code}@${i.path}`)).toEqual([
      "Required@contactPeople[0].lastName",
    ]);
    const renamed = value(upsert({ id: acme.id, name: acme.name, contactPeople: [{ externalId: "P1", firstName: "Jan", lastName: null }] }, [acme]));
    expect(renamed.contactPeople[0]).toMatchObject({ externalId: "P1", firstName: "Jan", lastName: null });
  });

  it("GEN-5: a contact person's sendNotifications or sendReports null is Required on an edit and the default false on a new one", () => {
    expect(issues(upsert({ id: acme.id, name: acme.name, contactPeople: [{ externalId: "P1", sendNotifications: null, sendReports: null }] }, [acme]))).toEqual([
      notNull("contactPeople[0].sendNotifications"),
      notNull("contactPeople[0].sendReports"),
    ]);
    const c = value(upsert({ id: acme.id, name: acme.name, contactPeople: [{ externalId: "P3", lastName: "Nový", sendNotifications: null, sendReports: null }] }, [acme]));
    expect(c.contactPeople[2]).toMatchObject({ externalId: "P3", sendNotifications: false, sendReports: false });
  });

  it("CUS-9: called directly, a new person takes the defaults and an edited one keeps what is left out", () => {
    const found: Issue[] = [];
    const merged = mergeContactPeople(acme.contactPeople, [sent({ externalId: "P2", firstName: "Eva" }), sent({ lastName: "Nová" })], provisionalIds(customerContext([acme]).customers), found);
    expect(found).toEqual([]);
    expect(merged.elements.map((p) => [p.externalId, p.firstName, p.lastName, p.sendNotifications, p.sendReports])).toEqual([
      ["P1", null, "Novák", true, true],
      ["P2", "Eva", "Dvořák", false, false],
      [null, null, "Nová", false, false],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { customerAddOrEditSchema, customerAddSchema, parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Result } from "../../src/shared/issue.js";
import { checkTotal, companyBody } from "../arbitraries/customer.js";

function paths<T>(r: Result<T>): string[] {
  return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`);
}

describe("customer add body", () => {
  it("CUS-1: name, contactPeople and addresses are required, with one element at least", () => {
    expect(paths(parseCustomerAdd({}))).toEqual(["Required@name", "Required@contactPeople", "Required@addresses"]);
    expect(paths(parseCustomerAdd({ name: "  ", contactPeople: [], addresses: [] }))).toEqual(["Blank@name", "TooFew@contactPeople", "TooFew@addresses"]);
  });
  it("CUS-2: kind is Company or Household", () => {
    expect(paths(parseCustomerAdd(companyBody({ kind: "Person" })))).toEqual(["InvalidEnum@kind"]);
    expect(parseCustomerAdd(companyBody({ kind: "Household" })).ok).toBe(true);
  });
  it("CUS-9: contact e-mail and phone are checked where they are", () => {
    const r = parseCustomerAdd(companyBody({ contactPeople: [{ lastName: "A" }, { lastName: "B", email: "no", phone: { prefix: "+420" } }] }));
    expect(paths(r)).toEqual(["Required@contactPeople[1].phone.phone", "InvalidEmail@contactPeople[1].email"]);
  });
  it("CUS-9: a phone prefix or number over the text limit is TooLong (found by the JSON Schema differential)", () => {
    const long = "9".repeat(1001);
    const r = parseCustomerAdd(companyBody({ contactPeople: [{ lastName: "A", phone: { prefix: long, phone: long } }] }));
    expect(paths(r)).toEqual(["TooLong@contactPeople[0].phone.prefix", "TooLong@contactPeople[0].phone.phone"]);
  });
  it("CUS-10: coordinates out of range are refused", () => {
    const r = parseCustomerAdd(companyBody({ addresses: [{ city: "Brno", coordinates: { latitude: 91, longitude: -181 } }] }));
    expect(paths(r)).toEqual(["OutOfRange@addresses[0].coordinates.latitude", "OutOfRange@addresses[0].coordinates.longitude"]);
  });
  it("CUS-11: a device name must be a non-blank string", () => {
    expect(paths(parseCustomerAdd(companyBody({ serviceObjects: [{ name: "" }, { name: 3 }] })))).toEqual([
      "Blank@serviceObjects[0].name",
      "InvalidType@serviceObjects[1].name",
    ]);
  });
  it("CUS-12: notificationEmails is an array of e-mail addresses and sendByPost a boolean", () => {
    expect(paths(parseCustomerAdd(companyBody({ notificationEmails: ["a@b.cz", "bad"], sendByPost: "yes" })))).toEqual([
      "InvalidEmail@notificationEmails[1]",
      "InvalidType@sendByPost",
    ]);
  });
  it("GEN-5: on a plain add null on an optional field counts as left out", () => {
    const r = parseCustomerAdd(companyBody({ website: null, kind: null, contactPeople: [{ lastName: "A", email: null }] }));
    expect(r.ok && r.value.website).toBe(ABSENT);
    expect(r.ok && r.value.kind).toBe(ABSENT);
    expect(r.ok && r.value.contactPeople[0]?.email).toBe(ABSENT);
  });
  it("ERR-3: unknown fields are ignored, nested id included", () => {
    const r = parseCustomerAdd(companyBody({ shoeSize: 44, contactPeople: [{ id: "nonsense", lastName: "A", hobby: 1 }] }));
    expect(r.ok).toBe(true);
  });
  it("GEN-9: every issue is reported, not the first only", () => {
    expect(paths(parseCustomerAdd({ name: 1, kind: 2, website: 3, contactPeople: [4], addresses: [{ coordinates: 5 }] }))).toEqual([
      "InvalidType@name",
      "InvalidType@kind",
      "InvalidType@website",
      "InvalidType@contactPeople[0]",
      "InvalidType@addresses[0].coordinates",
    ]);
  });
  it("is a Standard Schema validator with path segments", () => {
    const r = customerAddSchema["~standard"].validate(companyBody({ contactPeople: [{ email: "x" }] }));
    expect("issues" in r && r.issues?.[0]?.path).toEqual(["contactPeople", 0, "email"]);
  });
  it("is total on arbitrary JSON and never pollutes Object.prototype", () => checkTotal(parseCustomerAdd));
});

describe("customer add-or-edit body", () => {
  it("GEN-5: null is kept apart from left out", () => {
    const r = parseCustomerAddOrEdit({ name: "A", website: null, contactPeople: [{ id: "3F2504E0-4F89-11D3-9A0C-0305E82C3301", email: null }] });
    expect(r.ok && r.value.website).toBeNull();
    expect(r.ok && r.value.description).toBe(ABSENT);
    expect(r.ok && r.value.contactPeople[0]?.id).toBe("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
    expect(r.ok && r.value.contactPeople[0]?.email).toBeNull();
  });
  it("UPS-6: nested lists are optional; a nested id must be a GUID", () => {
    expect(parseCustomerAddOrEdit({ name: "A" }).ok).toBe(true);
    expect(paths(parseCustomerAddOrEdit({ name: "A", id: "x", addresses: [{ id: 1 }] }))).toEqual(["InvalidType@addresses[0].id", "InvalidGuid@id"]);
  });
  it("is a Standard Schema validator", () => {
    expect(customerAddOrEditSchema["~standard"].validate({ name: "A" })).toHaveProperty("value");
  });
  it("is total on arbitrary JSON and never pollutes Object.prototype", () => checkTotal(parseCustomerAddOrEdit));
});

import { describe, expect, it } from "vitest";
import { customerAddOrEditSchema, customerAddSchema, parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Result } from "../../src/shared/issue.js";
import type { CodedIssue } from "../../src/shared/standard-schema.js";
import { companyBody } from "../../src/testing/arbitraries/records/customer.js";
import { checkTotal } from "../shared/totality.js";

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
  it("ERR-3: a plain add reads no nested id, not even a valid GUID, in any list", () => {
    const guid = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
    const r = parseCustomerAdd(companyBody({
      contactPeople: [{ id: guid, lastName: "A" }],
      addresses: [{ id: guid, city: "Brno" }, { id: "nonsense", city: "Praha" }],
      serviceObjects: [{ id: guid, name: "Kotel" }, { id: 5, name: "Pec" }],
    }));
    expect(r.ok).toBe(true);
    const v = r.ok ? r.value : undefined;
    expect([...(v?.contactPeople ?? []), ...(v?.addresses ?? []), ...(v?.serviceObjects ?? [])].map((e) => e.id)).toEqual([ABSENT, ABSENT, ABSENT, ABSENT, ABSENT]);
  });
  it("CUS-9, CUS-10: a phone and coordinates are read whole; coordinates are finite numbers in range, bounds included", () => {
    const r = parseCustomerAdd(companyBody({
      contactPeople: [{ lastName: "A", phone: { prefix: "", phone: "777 123 456" } }],
      addresses: [{ city: "Brno", coordinates: { latitude: 90, longitude: -180 } }, { city: "Sydney", coordinates: { latitude: -90, longitude: 180 } }],
    }));
    expect(r.ok && r.value.contactPeople[0]?.phone).toEqual({ prefix: "", phone: "777 123 456" });
    expect(r.ok && r.value.addresses.map((a) => a.coordinates)).toEqual([{ latitude: 90, longitude: -180 }, { latitude: -90, longitude: 180 }]);
    const bad = parseCustomerAdd(companyBody({ addresses: [{ city: "Brno", coordinates: { latitude: "49.19", longitude: 180.5 } }] }));
    expect(bad).toEqual({ ok: false, issues: [
      { code: "InvalidType", path: "addresses[0].coordinates.latitude", message: "Expected a number, got string.", rule: "CUS-10" },
      { code: "OutOfRange", path: "addresses[0].coordinates.longitude", message: "Expected a number from -180 to 180 (CUS-10).", rule: "CUS-10" },
    ] });
    // JSON has no NaN or Infinity, but a caller of the library can pass them.
    const nan = parseCustomerAdd(companyBody({ addresses: [{ city: "Brno", coordinates: { latitude: Number.NaN, longitude: Number.POSITIVE_INFINITY } }] }));
    expect(paths(nan)).toEqual(["InvalidNumber@addresses[0].coordinates.latitude", "InvalidNumber@addresses[0].coordinates.longitude"]);
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
  it("ERR-1: its issues carry the code and the rule, as the parser's do (issue 24)", () => {
    const r = customerAddSchema["~standard"].validate(companyBody({ kind: "Person", addresses: [{ coordinates: { latitude: 91, longitude: 0 } }] })) as { issues: readonly CodedIssue[] };
    expect(r.issues.map((i) => [i.code, i.rule])).toEqual([["InvalidEnum", "CUS-2"], ["OutOfRange", "CUS-10"]]);
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
  it("GEN-5, UPS-6: a key whose value is undefined is left out, and an identifier sent as null is not sent", () => {
    const r = parseCustomerAddOrEdit({
      name: "A", website: undefined, externalId: null, id: null, contactPeople: [{ id: null, externalId: null, lastName: "L", email: undefined }],
      addresses: [{ id: undefined, externalId: undefined, city: "Brno" }], serviceObjects: [{ externalId: null, name: "Kotel" }],
    });
    expect(paths(r)).toEqual([]);
    const v = r.ok ? r.value : undefined;
    expect([v?.website, v?.externalId, v?.id, v?.contactPeople[0]?.id, v?.contactPeople[0]?.externalId, v?.contactPeople[0]?.email]).toEqual([ABSENT, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT]);
    expect([v?.addresses[0]?.id, v?.addresses[0]?.externalId, v?.serviceObjects[0]?.externalId]).toEqual([ABSENT, ABSENT, ABSENT]);
    const added = parseCustomerAdd(companyBody({ website: undefined, externalId: null, contactPeople: [{ lastName: "L", externalId: null }] }));
    expect(added.ok && [added.value.website, added.value.externalId, added.value.contactPeople[0]?.externalId]).toEqual([ABSENT, ABSENT, ABSENT]);
  });
  it("UPS-6: a nested list left out, undefined or null adds nothing", () => {
    for (const list of [{}, { contactPeople: undefined, addresses: undefined, serviceObjects: undefined }, { contactPeople: null, addresses: null, serviceObjects: null }]) {
      const r = parseCustomerAddOrEdit({ name: "A", ...list });
      expect(r.ok && [r.value.contactPeople, r.value.addresses, r.value.serviceObjects]).toEqual([[], [], []]);
    }
  });
  it("ERR-3, GEN-9: identifiers and elements are reported at their own paths, whatever is wrong with them", () => {
    const r = parseCustomerAddOrEdit({
      name: "A", externalId: " ",
      contactPeople: [{ lastName: "L", externalId: "", email: 5 }, 7],
      addresses: [null, { city: "C", id: "x" }],
      serviceObjects: ["D1", { name: "N", id: "nope", externalId: 3 }],
    });
    expect(r).toEqual({ ok: false, issues: [
      { code: "Blank", path: "externalId", message: expect.any(String), rule: "TXT-2" },
      { code: "Blank", path: "contactPeople[0].externalId", message: expect.any(String), rule: "TXT-2" },
      { code: "InvalidType", path: "contactPeople[0].email", message: "Expected an e-mail string, got number.", rule: "CUS-9" },
      { code: "InvalidType", path: "contactPeople[1]", message: "Expected an object, got number.", rule: "CUS-1" },
      { code: "InvalidType", path: "addresses[0]", message: "Expected an object, got null.", rule: "CUS-1" },
      { code: "InvalidGuid", path: "addresses[1].id", message: expect.any(String), rule: "GEN-1" },
      { code: "InvalidType", path: "serviceObjects[0]", message: "Expected an object, got string.", rule: "CUS-11" },
      { code: "InvalidGuid", path: "serviceObjects[1].id", message: expect.any(String), rule: "GEN-1" },
      { code: "InvalidType", path: "serviceObjects[1].externalId", message: "Expected a string, got number.", rule: "ERR-2" },
    ] });
  });
  it("ERR-3: inherited properties are never fields, in nested objects too (phone, coordinates)", () => {
    const inherited = <T extends object>(proto: T): T => Object.assign(Object.create(proto) as T, { note: "own" });
    const r = parseCustomerAdd(companyBody({
      contactPeople: [{ lastName: "L", phone: inherited({ prefix: "+420", phone: "777" }) }],
      addresses: [{ city: "C", coordinates: inherited({ latitude: 1, longitude: 2 }) }],
    }));
    expect(paths(r)).toEqual([
      "Required@contactPeople[0].phone.prefix", "Required@contactPeople[0].phone.phone",
      "Required@addresses[0].coordinates.latitude", "Required@addresses[0].coordinates.longitude",
    ]);
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

describe("customer body paths", () => {
  const parsers = { parseCustomerAdd, parseCustomerAddOrEdit };
  const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  // One wrongly typed value per field, on an otherwise valid body: the issue names that field alone.
  const wrong: Record<string, unknown> = {
    externalId: 5, name: 5, kind: "Robot", categoryId: 5, typeId: 5, ownerId: 5, identificationNumber: 5, taxNumber: 5, website: 5, description: 5,
    customData: 5, notificationEmails: "a@b.cz", sendByPost: "yes", primaryContactPersonId: 5, invoiceAddressId: 5, contactAddressId: 5,
    contactPeople: "P1", addresses: "A1", serviceObjects: "D1",
  };
  const nested: Record<string, [Record<string, unknown>, Record<string, unknown>]> = {
    contactPeople: [{ lastName: "L" }, { externalId: 5, firstName: 5, lastName: 5, position: 5, phone: 5, email: "no", sendNotifications: "y", sendReports: "y" }],
    addresses: [{ city: "C" }, { externalId: 5, street: 5, city: 5, postalCode: 5, country: 5, coordinates: 5 }],
    serviceObjects: [{ name: "N" }, { externalId: 5, name: 5, serialNumber: 5, description: 5, addressId: 5 }],
  };

  it("ERR-3: a body that is not a JSON object is one InvalidType at the root", () => {
    for (const v of [[], "x", 5, true, null]) {
      for (const parse of Object.values(parsers)) {
        expect(parse(v)).toEqual({ ok: false, issues: [{ code: "InvalidType", path: "", message: `Expected an object, got ${typeName(v)}.`, rule: "ERR-2" }] });
      }
    }
  });

  it("CUS-1, CUS-2, CUS-9..CUS-12, GEN-6: a wrongly typed field is reported at its own path, on the customer and in each nested list", () => {
    for (const [name, parse] of Object.entries(parsers)) {
      for (const [field, value] of Object.entries(wrong)) {
        const r = parse(companyBody({ [field]: value }));
        expect([name, field, r.ok ? [] : r.issues.map((i) => i.path)]).toEqual([name, field, [field]]);
      }
      for (const [list, [valid, fields]] of Object.entries(nested)) {
        for (const [field, value] of Object.entries(fields)) {
          const r = parse(companyBody({ [list]: [{ ...valid, [field]: value }] }));
          expect([name, field, r.ok ? [] : r.issues.map((i) => i.path)]).toEqual([name, field, [`${list}[0].${field}`]]);
        }
      }
    }
    const badIds = parseCustomerAddOrEdit(companyBody({ id: "x", contactPeople: [{ id: "y", lastName: "L" }] }));
    expect(badIds.ok ? [] : badIds.issues.map((i) => i.path)).toEqual(["contactPeople[0].id", "id"]);
  });
});

// Every refusal names the rule it breaks (issue 38): a field's description names the rule that
// states its constraint, and the field's issues cite it where the shared readers would cite the
// generic ERR-2. One test per rule, named after it, with the bodies of the issue's table.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLoginRequest } from "../../src/auth/login.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import { parseInterventionCancel, parseInterventionEdit, parseInterventionPlan, parseInterventionReplan } from "../../src/intervention/request.js";
import { parseMaterialReplace } from "../../src/material/request.js";
import { parseOrderAdd, parseOrderAddOrEdit, parseOrderEdit } from "../../src/order/request.js";
import type { Result } from "../../src/shared/issue.js";
import { parseStockAmounts } from "../../src/stock/request.js";
import { parseStoreReplace } from "../../src/store/replace.js";
import { companyBody } from "../../src/testing/arbitraries/records/customer.js";

/** Each issue as `code@path rule`. */
function cited<T>(r: Result<T>): string[] {
  return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path} ${i.rule}`);
}

const order = { customerId: "C-1", addressId: "A-1", contactPersonId: "P-1", categoryId: "repair" };
const assignation = { userId: "tech", plannedStart: "2027-02-01T08:00:00Z", plannedEnd: "2027-02-01T09:00:00Z" };
const plan = { primaryAssigneeId: "tech", day: "2027-02-01", categoryId: "revize", assignations: [assignation] };
const material = { name: "Cable", categoryId: "wires", supplierId: "acme" };

describe("the sixteen bodies of issue 38 name their rule", () => {
  it("CUS-1: a blank name, and no contact person or address, are refused under CUS-1", () => {
    expect(cited(parseCustomerAdd(companyBody({ name: "" })))).toEqual(["Blank@name CUS-1"]);
    expect(cited(parseCustomerAdd(companyBody({ contactPeople: [], addresses: [] })))).toEqual(["TooFew@contactPeople CUS-1", "TooFew@addresses CUS-1"]);
    expect(cited(parseCustomerAdd({}))).toEqual(["Required@name CUS-1", "Required@contactPeople CUS-1", "Required@addresses CUS-1"]);
  });
  it("CUS-2: a kind that is neither Company nor Household is refused under CUS-2", () => {
    expect(cited(parseCustomerAdd(companyBody({ kind: "Alien" })))).toEqual(["InvalidEnum@kind CUS-2"]);
  });
  it("CUS-9: a contact person's e-mail that is no address is refused under CUS-9, and so is a phone without its parts", () => {
    expect(cited(parseCustomerAdd(companyBody({ contactPeople: [{ lastName: "N", email: "nope" }] })))).toEqual(["InvalidEmail@contactPeople[0].email CUS-9"]);
    expect(cited(parseCustomerAdd(companyBody({ contactPeople: [{ lastName: "N", phone: { phone: " " } }] })))).toEqual([
      "Required@contactPeople[0].phone.prefix CUS-9", "Blank@contactPeople[0].phone.phone CUS-9",
    ]);
    expect(cited(parseCustomerAdd(companyBody({ contactPeople: [{ lastName: "N", phone: "+420 123" }] })))).toEqual(["InvalidType@contactPeople[0].phone CUS-9"]);
  });
  it("ORD-1: an order without customerId or categoryId is refused under ORD-1", () => {
    const { customerId: _c, categoryId: _k, ...rest } = order;
    expect(cited(parseOrderAdd(rest))).toEqual(["Required@customerId ORD-1", "Required@categoryId ORD-1"]);
    expect(cited(parseOrderAddOrEdit({ ...order, addressId: " " }))).toEqual(["Blank@addressId ORD-1"]);
  });
  it("ORD-4: a priority that is not Low, Normal or High is refused under ORD-4, on orders and interventions", () => {
    expect(cited(parseOrderAdd({ ...order, priority: "Urgent" }))).toEqual(["InvalidEnum@priority ORD-4"]);
    expect(cited(parseOrderEdit({ priority: "Urgent" }))).toEqual(["InvalidEnum@priority ORD-4"]);
    expect(cited(parseInterventionPlan({ ...plan, priority: "Urgent" }))).toEqual(["InvalidEnum@priority ORD-4"]);
    expect(cited(parseInterventionReplan({ ...plan, priority: "Urgent" }))).toEqual(["InvalidEnum@priority ORD-4"]);
    expect(cited(parseInterventionEdit({ priority: "Urgent" }))).toEqual(["InvalidEnum@priority ORD-4"]);
  });
  it("INT-1: a plan without day is refused under INT-1, and so is each planning field left out", () => {
    const { day: _d, ...rest } = plan;
    expect(cited(parseInterventionPlan(rest))).toEqual(["Required@day INT-1"]);
    expect(cited(parseInterventionPlan({}))).toEqual(["Required@primaryAssigneeId INT-1", "Required@day INT-1", "Required@assignations INT-1", "Required@categoryId INT-1"]);
  });
  it("MAT-1: a material without name is refused under MAT-1", () => {
    const { name: _n, ...rest } = material;
    expect(cited(parseMaterialReplace(rest))).toEqual(["Required@name MAT-1"]);
  });
  it("MAT-2: a unit not among the five is refused under MAT-2", () => {
    expect(cited(parseMaterialReplace({ ...material, unit: "Parsecs" }))).toEqual(["InvalidEnum@unit MAT-2"]);
  });
  it("STO-1: a store without availableFor is refused under STO-1", () => {
    expect(cited(parseStoreReplace({ name: "Van" }))).toEqual(["Required@availableFor STO-1"]);
    expect(cited(parseStoreReplace({ name: " ", availableFor: "everyone" }))).toEqual(["Blank@name STO-1", "InvalidType@availableFor STO-1"]);
  });
  it("ASN-1, GEN-6, GEN-7: the four the issue found named correctly still are", () => {
    // No assignation: ASN-1 is the decision's (the body reads an empty list).
    expect(parseInterventionPlan({ ...plan, assignations: [] }).ok).toBe(true);
    expect(cited(parseInterventionPlan({ ...plan, assignations: [{ ...assignation, plannedStart: "2027-02-01T08:00:00" }] }))).toEqual(["InvalidDateTime@assignations[0].plannedStart GEN-6"]);
    expect(cited(parseOrderAdd({ ...order, requestedDate: "2027-02-30T08:00:00Z" }))).toEqual(["InvalidDateTime@requestedDate GEN-6"]);
    expect(cited(parseMaterialReplace({ ...material, price: -1 }))).toEqual(["Negative@price GEN-7"]);
  });
});

describe("every other field constraint the catalog states names its rule", () => {
  it("AUTH-1: tenantCode, clientId and secret missing or not strings are refused under AUTH-1", () => {
    expect(cited(parseLoginRequest({ tenantCode: 1, clientId: "c" }))).toEqual(["InvalidType@tenantCode AUTH-1", "Required@secret AUTH-1"]);
  });
  it("CUS-8: customData that is not a string is refused under CUS-8, on customers and orders", () => {
    expect(cited(parseCustomerAdd(companyBody({ customData: { a: 1 } })))).toEqual(["InvalidType@customData CUS-8"]);
    expect(cited(parseOrderAdd({ ...order, customData: 5 }))).toEqual(["InvalidType@customData CUS-8"]);
  });
  it("CUS-10: coordinates that are not numbers are refused under CUS-10, as those out of range are", () => {
    const r = parseCustomerAdd(companyBody({ addresses: [{ city: "Brno", coordinates: { latitude: "49.2", longitude: 200 } }] }));
    expect(cited(r)).toEqual(["InvalidType@addresses[0].coordinates.latitude CUS-10", "OutOfRange@addresses[0].coordinates.longitude CUS-10"]);
    expect(cited(parseCustomerAdd(companyBody({ addresses: [{ city: "Brno", coordinates: [49, 16] }] })))).toEqual(["InvalidType@addresses[0].coordinates CUS-10"]);
  });
  it("CUS-11: a blank device name and a device that is no object are refused under CUS-11", () => {
    expect(cited(parseCustomerAdd(companyBody({ serviceObjects: [{ name: " " }, "D1"] })))).toEqual(["Blank@serviceObjects[0].name CUS-11", "InvalidType@serviceObjects[1] CUS-11"]);
  });
  it("CUS-12: notification e-mails that are not addresses, and sendByPost not a boolean, are refused under CUS-12", () => {
    expect(cited(parseCustomerAddOrEdit({ name: "A", notificationEmails: ["a@b.cz", "nope"], sendByPost: "yes" }))).toEqual([
      "InvalidEmail@notificationEmails[1] CUS-12", "InvalidType@sendByPost CUS-12",
    ]);
  });
  it("ORD-2, ORD-3, ORD-5: the invoice customer, sendByPost and a negative estimatedDuration name their rules", () => {
    expect(cited(parseOrderAdd({ ...order, invoiceCustomerId: "", useWorkItemsFromInvoiceCustomer: 1, sendByPost: "no", estimatedDuration: -5 }))).toEqual([
      "Blank@invoiceCustomerId ORD-2", "Negative@estimatedDuration ORD-5", "InvalidType@sendByPost ORD-3", "InvalidType@useWorkItemsFromInvoiceCustomer ORD-2",
    ]);
  });
  it("ORD-1: a device list of the order that is no list, or holds a blank element, is refused under ORD-1", () => {
    expect(cited(parseOrderAdd({ ...order, serviceObjectIds: ["D-1", " "] }))).toEqual(["Blank@serviceObjectIds[1] ORD-1"]);
  });
  it("ASN-2, ASN-4: an assignation without its user or its times is refused under the rule that names them", () => {
    expect(cited(parseInterventionPlan({ ...plan, assignations: [{}] }))).toEqual([
      "Required@assignations[0].userId ASN-2", "Required@assignations[0].plannedStart ASN-4", "Required@assignations[0].plannedEnd ASN-4",
    ]);
  });
  it("INT-4: an edit's sendByPost or ownerId of the wrong type is refused under INT-4; null on them stays GEN-5's", () => {
    expect(cited(parseInterventionEdit({ sendByPost: "yes", ownerId: 5 }))).toEqual(["InvalidType@ownerId INT-4", "InvalidType@sendByPost INT-4"]);
    expect(cited(parseInterventionEdit({ ownerId: null }))).toEqual(["Required@ownerId GEN-5"]);
  });
  it("INT-5, ORD-12: a cancel's reason and notification flag of the wrong type name their rules", () => {
    expect(cited(parseInterventionCancel({ reason: 5, sendNotificationToCustomer: "yes" }))).toEqual(["InvalidType@reason INT-5", "InvalidType@sendNotificationToCustomer ORD-12"]);
  });
  it("NOT-5, NOT-6: the plan's notification flags of the wrong type name their rules", () => {
    expect(cited(parseInterventionPlan({ ...plan, sendNotificationNow: "now", sendReminderOneDayBefore: 1 }))).toEqual([
      "InvalidType@sendNotificationNow NOT-5", "InvalidType@sendReminderOneDayBefore NOT-6",
    ]);
  });
  it("MAT-3: a price that is not a number is refused under MAT-3; a negative one stays GEN-7's", () => {
    expect(cited(parseMaterialReplace({ ...material, price: "12", costPrice: -1 }))).toEqual(["InvalidType@price MAT-3", "Negative@costPrice GEN-7"]);
  });
  it("STK-1, STK-6: a stock item without its material, or with an amount that is no number, names the rule", () => {
    expect(cited(parseStockAmounts([{ amount: 1 }, { materialId: "M1", amount: "5" }]))).toEqual(["Required@[0].materialId STK-6", "InvalidType@[1].amount STK-1"]);
  });
  it("TXT-2: a blank external ID is refused under TXT-2, which states that external IDs are not blank", () => {
    expect(cited(parseCustomerAdd(companyBody({ externalId: " " })))).toEqual(["Blank@externalId TXT-2"]);
  });
  it("ERR-2: what no rule states keeps ERR-2: a body that is no object, a field no rule names of the wrong type", () => {
    expect(cited(parseCustomerAdd([]))).toEqual(["InvalidType@ ERR-2"]);
    expect(cited(parseCustomerAdd(companyBody({ website: 5 })))).toEqual(["InvalidType@website ERR-2"]);
    expect(cited(parseOrderAdd({ ...order, name: false }))).toEqual(["InvalidType@name ERR-2"]);
  });
});

describe("a field's rule, as a law (issue 38)", () => {
  // Fields each body reads with a rule attached: whatever value is sent there, no issue at the
  // field (or at an element of it) cites ERR-2.
  const cases: readonly { readonly name: string; readonly parse: (v: unknown) => Result<unknown>; readonly body: Record<string, unknown>; readonly keys: readonly string[] }[] = [
    { name: "customer add", parse: parseCustomerAdd, body: companyBody({}), keys: ["name", "kind", "customData", "notificationEmails", "sendByPost", "contactPeople", "addresses", "serviceObjects"] },
    { name: "order add", parse: parseOrderAdd, body: order, keys: ["customerId", "addressId", "contactPersonId", "categoryId", "invoiceCustomerId", "estimatedDuration", "customData", "priority", "serviceObjectIds", "sendByPost", "useWorkItemsFromInvoiceCustomer"] },
    { name: "intervention plan", parse: parseInterventionPlan, body: plan, keys: ["primaryAssigneeId", "day", "assignations", "categoryId", "sendNotificationNow", "sendReminderOneDayBefore", "priority"] },
    { name: "material replace", parse: parseMaterialReplace, body: material, keys: ["name", "categoryId", "supplierId", "unit", "price", "costPrice"] },
    { name: "store replace", parse: parseStoreReplace, body: { name: "Van", availableFor: [] }, keys: ["name", "externalId", "availableFor"] },
    { name: "login", parse: parseLoginRequest, body: { tenantCode: "t", clientId: "c", secret: "s" }, keys: ["tenantCode", "clientId", "secret"] },
  ];
  for (const c of cases) {
    it(`GEN-9: no issue at a field of the ${c.name} body that names a rule cites ERR-2, whatever is sent there`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...c.keys), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)), (key, value) => {
          const r = c.parse({ ...c.body, [key]: value });
          const atField = r.ok ? [] : r.issues.filter((i) => i.path === key || i.path.startsWith(`${key}[`) && !i.path.includes("."));
          expect(atField.filter((i) => i.rule === "ERR-2")).toEqual([]);
        }),
        { numRuns: 300 },
      );
    });
  }
});

// Issue 9: every list and string a body holds has a documented maximum (src/shared/limits.ts,
// docs/decisions.md "Input limits"). Each row puts a field at its maximum (accepted) and one past
// it (refused with TooMany / TooLong at the field's path, the only issue of the body).
import { describe, expect, it } from "vitest";
import { parseLoginRequest } from "../../src/auth/login.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import { parseInterventionCancel, parseInterventionEdit, parseInterventionPlan, parseInterventionReplan } from "../../src/intervention/request.js";
import { parseMaterialReplace } from "../../src/material/request.js";
import { parseOrderAdd, parseOrderEdit } from "../../src/order/request.js";
import type { Result } from "../../src/shared/issue.js";
import { limits } from "../../src/shared/limits.js";
import { parseStockAmounts, parseStockQuantities } from "../../src/stock/request.js";
import { parseStoreListingQuery } from "../../src/store/query.js";
import { parseStoreReplace } from "../../src/store/replace.js";
import { companyBody } from "../../src/testing/arbitraries/records/customer.js";
import { orderBody } from "../../src/testing/arbitraries/records/order.js";

const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
const assignation = { userId: "tech-1", plannedStart: "2026-05-04T09:00:00+02:00", plannedEnd: "2026-05-04T10:00:00+02:00" };
const planBase = { primaryAssigneeId: "tech-1", day: "2026-05-04", categoryId: "repair", assignations: [assignation] };
const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const text = (n: number): string => "x".repeat(n);

interface Row {
  readonly field: string;
  readonly limit: number;
  readonly code: "TooMany" | "TooLong";
  readonly path: string;
  /** The body with the field holding `n` elements or characters. */
  readonly parse: (n: number) => Result<unknown>;
}

const rows: readonly Row[] = [
  { field: "customer contactPeople", limit: limits.contactPeople, code: "TooMany", path: "contactPeople", parse: (n) => parseCustomerAdd(companyBody({ contactPeople: many(n, (i) => ({ externalId: `p${i}`, lastName: "L" })) })) },
  { field: "customer addresses", limit: limits.addresses, code: "TooMany", path: "addresses", parse: (n) => parseCustomerAdd(companyBody({ addresses: many(n, (i) => ({ externalId: `a${i}`, city: "Brno" })) })) },
  { field: "customer serviceObjects", limit: limits.serviceObjects, code: "TooMany", path: "serviceObjects", parse: (n) => parseCustomerAddOrEdit({ name: "A", serviceObjects: many(n, (i) => ({ externalId: `d${i}`, name: "Kotel" })) }) },
  { field: "customer notificationEmails", limit: limits.notificationEmails, code: "TooMany", path: "notificationEmails", parse: (n) => parseCustomerAdd(companyBody({ notificationEmails: many(n, (i) => `a${i}@b.cz`) })) },
  { field: "customer name", limit: limits.text, code: "TooLong", path: "name", parse: (n) => parseCustomerAdd(companyBody({ name: text(n) })) },
  { field: "customer description", limit: limits.longText, code: "TooLong", path: "description", parse: (n) => parseCustomerAdd(companyBody({ description: text(n) })) },
  { field: "customer customData", limit: limits.customData, code: "TooLong", path: "customData", parse: (n) => parseCustomerAdd(companyBody({ customData: text(n) })) },
  { field: "customer externalId", limit: limits.text, code: "TooLong", path: "externalId", parse: (n) => parseCustomerAddOrEdit({ name: "A", externalId: text(n) }) },
  { field: "contact person lastName", limit: limits.text, code: "TooLong", path: "contactPeople[0].lastName", parse: (n) => parseCustomerAdd(companyBody({ contactPeople: [{ lastName: text(n) }] })) },
  { field: "address street", limit: limits.text, code: "TooLong", path: "addresses[0].street", parse: (n) => parseCustomerAdd(companyBody({ addresses: [{ street: text(n) }] })) },
  { field: "device description", limit: limits.longText, code: "TooLong", path: "serviceObjects[0].description", parse: (n) => parseCustomerAddOrEdit({ name: "A", serviceObjects: [{ name: "K", description: text(n) }] }) },
  { field: "order serviceObjectIds", limit: limits.serviceObjectIds, code: "TooMany", path: "serviceObjectIds", parse: (n) => parseOrderAdd(orderBody({ serviceObjectIds: many(n, (i) => `D${i}`) })) },
  { field: "order name", limit: limits.text, code: "TooLong", path: "name", parse: (n) => parseOrderAdd(orderBody({ name: text(n) })) },
  { field: "order internalNote", limit: limits.longText, code: "TooLong", path: "internalNote", parse: (n) => parseOrderEdit({ internalNote: text(n) }) },
  { field: "order problemDescriptionFromCustomer", limit: limits.longText, code: "TooLong", path: "problemDescriptionFromCustomer", parse: (n) => parseOrderAdd(orderBody({ problemDescriptionFromCustomer: text(n) })) },
  { field: "order customData", limit: limits.customData, code: "TooLong", path: "customData", parse: (n) => parseOrderAdd(orderBody({ customData: text(n) })) },
  { field: "plan assignations", limit: limits.assignations, code: "TooMany", path: "assignations", parse: (n) => parseInterventionPlan({ ...planBase, assignations: many(n, () => assignation) }) },
  { field: "replan assignations", limit: limits.assignations, code: "TooMany", path: "assignations", parse: (n) => parseInterventionReplan({ ...planBase, assignations: many(n, () => assignation) }) },
  { field: "plan internalNote", limit: limits.longText, code: "TooLong", path: "internalNote", parse: (n) => parseInterventionPlan({ ...planBase, internalNote: text(n) }) },
  { field: "plan primaryAssigneeId", limit: limits.text, code: "TooLong", path: "primaryAssigneeId", parse: (n) => parseInterventionPlan({ ...planBase, primaryAssigneeId: text(n) }) },
  { field: "intervention edit internalNote", limit: limits.longText, code: "TooLong", path: "internalNote", parse: (n) => parseInterventionEdit({ internalNote: text(n) }) },
  { field: "intervention cancel reason", limit: limits.longText, code: "TooLong", path: "reason", parse: (n) => parseInterventionCancel({ reason: text(n) }) },
  { field: "store availableFor", limit: limits.availableFor, code: "TooMany", path: "availableFor", parse: (n) => parseStoreReplace({ name: "S", availableFor: many(n, (i) => `u${i}`) }) },
  { field: "store name", limit: limits.text, code: "TooLong", path: "name", parse: (n) => parseStoreReplace({ name: text(n), availableFor: [] }) },
  { field: "material description", limit: limits.longText, code: "TooLong", path: "description", parse: (n) => parseMaterialReplace({ name: "M", categoryId: "c", supplierId: "s", description: text(n) }) },
  { field: "material name", limit: limits.text, code: "TooLong", path: "name", parse: (n) => parseMaterialReplace({ name: text(n), categoryId: "c", supplierId: "s" }) },
  { field: "stock items (add/set)", limit: limits.stockItems, code: "TooMany", path: "", parse: (n) => parseStockAmounts(many(n, () => ({ materialId: "M1", amount: 1 }))) },
  { field: "stock items (remove/move)", limit: limits.stockItems, code: "TooMany", path: "", parse: (n) => parseStockQuantities(many(n, () => ({ materialId: "M1" }))) },
  { field: "stock materialId", limit: limits.text, code: "TooLong", path: "[0].materialId", parse: (n) => parseStockAmounts([{ materialId: text(n), amount: 1 }]) },
  { field: "login secret", limit: limits.text, code: "TooLong", path: "secret", parse: (n) => parseLoginRequest({ tenantCode: "t", clientId: "c", secret: text(n) }) },
  { field: "store query searchPhrase", limit: limits.searchPhrase, code: "TooLong", path: "searchPhrase", parse: (n) => parseStoreListingQuery({ page: "1", pageSize: "10", searchPhrase: text(n) }) },
  { field: "store query materialCategoryId", limit: limits.filterIds, code: "TooMany", path: "materialCategoryId", parse: (n) => parseStoreListingQuery({ page: "1", pageSize: "10", materialCategoryId: many(n, () => GUID).join(",") }) },
];

const outcome = (r: Result<unknown>): string[] => (r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`));

describe("LIM-1: every list and string in every body has a documented maximum (issue 9)", () => {
  for (const row of rows) {
    it(`GEN-9: ${row.field}: ${row.limit.toLocaleString("en")} is accepted, ${(row.limit + 1).toLocaleString("en")} is ${row.code} at "${row.path}"`, () => {
      expect(outcome(row.parse(row.limit))).toEqual([]);
      expect(outcome(row.parse(row.limit + 1))).toEqual([`${row.code}@${row.path}`]);
    });
  }

  it("LIM-1: each limit's issue carries LIM-1 as its rule, but the store filter's, whose message names STO-3 (issue 24)", () => {
    for (const row of rows) {
      const r = row.parse(row.limit + 1);
      expect([row.field, r.ok ? [] : r.issues.map((i) => i.rule)]).toEqual([row.field, [row.path === "materialCategoryId" ? "STO-3" : "LIM-1"]]);
    }
  });

  it("GEN-8: a 20,000-item stock batch, what a real company sends, still passes", () => {
    expect(parseStockAmounts(many(20_000, (i) => ({ materialId: `M${i % 50}`, amount: 1.5 }))).ok).toBe(true);
  });

  it("ERR-2: a list 100 times over its limit is refused as fast as one just over it (no element is read)", () => {
    const huge = parseStockQuantities(many(limits.stockItems * 10, () => 5));
    expect(outcome(huge)).toEqual(["TooMany@"]);
  });
});

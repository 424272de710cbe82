// Every refusal names the rule it breaks (issue 38), through `handle`, on the storage under test
// (in memory, and on PostgreSQL in the `postgres` project): a body refused by a field's check
// answers the field's rule, changes nothing, and the journal finds it under that rule.
import { describe, expect, it } from "vitest";
import type { ProblemDetails } from "../../src/api/problem.js";
import type { JournalPage } from "../../src/journal/entry.js";
import { ids } from "../../src/testing/arbitraries/records/fixture.js";
import { bearer, company, loginAs, seed, snapshot, testService, type TestService } from "./support.js";

const A = ids(0);

async function journal(s: TestService, token: string, query: string): Promise<JournalPage> {
  const r = await s.handle({ method: "GET", path: `/journal${query}`, headers: bearer(token) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as JournalPage;
}

const rulesOf = (body: unknown): [string, string, string][] => (body as ProblemDetails).errors.map((i) => [i.code, i.path, i.rule]);

const customer = { name: "Acme", identificationNumber: "1", contactPeople: [{ lastName: "Novák" }], addresses: [{ city: "Brno" }] };

describe("refusals name the rule of the field (issue 38)", () => {
  it("CUS-1: a customer add with a blank name is 400 under CUS-1, changes nothing, and GET /journal?rule=CUS-1 finds it", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const before = await snapshot(company(s, 0));
    const r = await s.handle({ method: "POST", path: "/customer", headers: bearer(token), body: { ...customer, name: "", addresses: [] } });
    expect(r.status).toBe(400);
    expect(rulesOf(r.body)).toEqual([["Blank", "name", "CUS-1"], ["TooFew", "addresses", "CUS-1"]]);
    expect(await snapshot(company(s, 0))).toEqual(before);
    const found = (await journal(s, token, "?rule=CUS-1")).items;
    expect(found.map((e) => [e.operation, e.outcome, e.status, e.rules])).toEqual([["addCustomer", "refused", 400, ["CUS-1"]]]);
    expect((await journal(s, token, "?rule=ERR-2")).items).toEqual([]);
  });

  it("CUS-2, MAT-2: a value outside a rule's list is refused under that rule, and the journal files each under it", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const kind = await s.handle({ method: "POST", path: "/customer", headers: bearer(token), body: { ...customer, kind: "Alien" } });
    expect(rulesOf(kind.body)).toEqual([["InvalidEnum", "kind", "CUS-2"]]);
    const unit = await s.handle({ method: "PUT", path: `/material/${A.material(1)}`, headers: bearer(token), body: { name: "Cable", categoryId: "elektro", supplierId: "ferona", unit: "Parsecs" } });
    expect([unit.status, rulesOf(unit.body)]).toEqual([400, [["InvalidEnum", "unit", "MAT-2"]]]);
    expect((await journal(s, token, "?rule=CUS-2")).items.map((e) => e.operation)).toEqual(["addCustomer"]);
    expect((await journal(s, token, "?rule=MAT-2")).items.map((e) => e.operation)).toEqual(["replaceMaterial"]);
  });

  it("ORD-1, ORD-4, INT-1, STO-1: required fields and priorities of orders, plans and stores name their rule", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const { order } = await seed(s, 0);
    const before = await snapshot(company(s, 0));
    const add = await s.handle({ method: "POST", path: "/order", headers: bearer(token), body: { addressId: "A", contactPersonId: "P", priority: "Urgent" } });
    expect(rulesOf(add.body)).toEqual([["Required", "customerId", "ORD-1"], ["Required", "categoryId", "ORD-1"], ["InvalidEnum", "priority", "ORD-4"]]);
    const planned = await s.handle({ method: "POST", path: `/order/${order.id}/PlanIntervention`, headers: bearer(token), body: { primaryAssigneeId: A.tech1, categoryId: "revize", assignations: [] } });
    expect([planned.status, rulesOf(planned.body)]).toEqual([400, [["Required", "day", "INT-1"]]]);
    const store = await s.handle({ method: "PUT", path: `/store/${A.store(2)}`, headers: bearer(token), body: { name: "Auto" } });
    expect([store.status, rulesOf(store.body)]).toEqual([400, [["Required", "availableFor", "STO-1"]]]);
    expect(await snapshot(company(s, 0))).toEqual(before);
    expect((await journal(s, token, "?rule=STO-1")).items.map((e) => [e.operation, e.rules])).toEqual([["replaceStore", ["STO-1"]]]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCustomer } from "../../src/customer/add.js";
import { addOrEditCustomer } from "../../src/customer/add-or-edit.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import type { Result } from "../../src/shared/issue.js";
import { moveIntervention } from "../../src/intervention/lifecycle.js";
import { planIntervention } from "../../src/order/plan-intervention.js";
import { addOrder } from "../../src/order/add.js";
import { parseOrderAdd } from "../../src/order/request.js";
import type { Guid } from "../../src/shared/guid.js";
import { addressBody, companyBody, contactPersonBody, customerContext, customerUpsertBody, gid, kindFields } from "../../src/testing/arbitraries/records/customer.js";
import { categoryIndex, interventionStateArb, makeIntervention, makeOrder, orderStateArb, planCommand, planContext, TECH1, TECH2 } from "../../src/testing/arbitraries/records/intervention.js";
import { orderBody, orderContext, orderRefs } from "../../src/testing/arbitraries/records/order.js";
import { bearer, loginAs, seed, testService } from "./support.js";

/** A GUID source that counts its calls. */
function counter(): { newId: () => Guid; calls: () => number } {
  let n = 0;
  return { newId: () => gid(++n, 8), calls: () => n };
}

// A function called inside the tests, not a value built at import: Stryker counts code run at
// import as "static" and runs the whole suite for each of its mutants.
const existingCustomers = () => [0, 1].map((i) => {
  const parsed = parseCustomerAdd(companyBody({ externalId: `C-${i}` }));
  const r = parsed.ok ? addCustomer(parsed.value, customerContext([], undefined, 100 * (i + 1))) : parsed;
  if (!r.ok) throw new Error("fixture");
  return r.value;
});

describe("GEN-8: decisions draw GUIDs only once they have succeeded", () => {
  it("GEN-8: a refused customer add or add-or-edit never calls newId", async () => {
    const existing = existingCustomers();
    const body = fc.oneof(
      fc.record({ contactPeople: fc.array(contactPersonBody, { maxLength: 2 }), addresses: fc.array(addressBody, { maxLength: 2 }), kind: kindFields, externalId: fc.constantFrom("C-0", "N-1") })
        .map(({ kind, ...rest }) => ({ name: "N", ...rest, ...kind, categoryId: "retail" })),
      customerUpsertBody(existing.map((c) => c.id), ["C-0", "C-1"]),
    );
    fc.assert(
      fc.property(body, fc.boolean(), (b, upsert) => {
        const ids = counter();
        const ctx = { ...customerContext(existing), newId: ids.newId };
        const decide = (): Result<unknown> | undefined => {
          if (upsert) {
            const parsed = parseCustomerAddOrEdit(b);
            return parsed.ok ? addOrEditCustomer(parsed.value, ctx) : undefined;
          }
          const parsed = parseCustomerAdd(b);
          return parsed.ok ? addCustomer(parsed.value, ctx) : undefined;
        };
        const r = decide();
        if (r !== undefined && !r.ok) expect(ids.calls()).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("GEN-8: a refused order add never calls newId", async () => {
    fc.assert(
      fc.property(orderRefs, fc.constantFrom("cat-a", "nope"), (refs, categoryId) => {
        const ids = counter();
        const parsed = parseOrderAdd(orderBody({ ...refs, categoryId }));
        fc.pre(parsed.ok);
        const r = addOrder(parsed.value, { ...orderContext(), newId: ids.newId });
        if (!r.ok) expect(ids.calls()).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it("GEN-8: a refused plan or lifecycle move never calls newId", async () => {
    fc.assert(
      fc.property(orderStateArb, interventionStateArb, fc.constantFrom("repair", "nope"), fc.constantFrom(TECH1, TECH2, "nobody"), (orderState, state, categoryId, primary) => {
        const ids = counter();
        const plan = planIntervention(planCommand({ categoryId, primaryAssigneeId: primary }), planContext({ order: makeOrder(orderState), newId: ids.newId }));
        if (!plan.ok) expect(ids.calls()).toBe(0);
        const moved = counter();
        const done = moveIntervention("complete", makeIntervention(state), { order: makeOrder(orderState), categories: categoryIndex, now: 0, newId: moved.newId });
        if (!done.ok) expect(moved.calls()).toBe(0);
      }),
    );
  });
});

const customerBody = (externalId: string, name: string | null) => ({
  externalId, name, identificationNumber: "123",
  contactPeople: [{ externalId: "cp", lastName: "Nová" }],
  addresses: [{ externalId: "a", city: "Brno" }],
});

describe("GEN-8: the service draws no GUID for a refusal", () => {
  it("GEN-8: a dry run draws the GUIDs of the answer it previews; the real write then gets fresh ones", async () => {
    const service = testService();
    const headers = bearer(await loginAs(service, 0));
    const dry = await service.handle({ method: "POST", path: "/customer?dryRun=true", headers, body: customerBody("C-1", "Alfa") });
    const real = await service.handle({ method: "POST", path: "/customer", headers, body: customerBody("C-1", "Alfa") });
    expect([dry.status, real.status]).toEqual([201, 201]);
    expect(real.body).not.toEqual(dry.body);
    expect((await service.handle({ method: "GET", path: `/customer/${(dry.body as { id: string }).id}`, headers })).status).toBe(404);
  });

  it("GEN-8: a refused write draws no GUID: the next created record gets the one it would have had", async () => {
    const plain = testService();
    const withRefusal = testService();
    const h1 = bearer(await loginAs(plain, 0));
    const h2 = bearer(await loginAs(withRefusal, 0));
    await seed(plain, 0);
    await seed(withRefusal, 0);
    // Well-formed, so the decision runs; refused there (unknown category, GEN-3).
    const refused = await withRefusal.handle({ method: "POST", path: "/customer", headers: h2, body: { ...customerBody("C-2", "Gama"), categoryId: "no-such-category" } });
    expect(refused.status).toBe(400);
    const a = await plain.handle({ method: "POST", path: "/customer", headers: h1, body: customerBody("C-3", "Beta") });
    const b = await withRefusal.handle({ method: "POST", path: "/customer", headers: h2, body: customerBody("C-3", "Beta") });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
  });
});

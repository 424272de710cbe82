import { describe, expect, it } from "vitest";
import type { Guid } from "../../src/shared/guid.js";
import type { Amount } from "../../src/stock/amount.js";
import { commit, interventionsOf } from "../../src/service/state.js";
import { finite, UNLIMITED } from "../../src/stock/amount.js";
import { ids, testCustomer, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { company, testService } from "./support.js";

describe("company state", () => {
  it("GEN-4: commit keeps the external-ID index in step when an external ID changes or is cleared", () => {
    const s = testService();
    const c = company(s, 0);
    const customer = testCustomer(0, 1, "A");
    commit(c, { customers: [customer] });
    expect(c.customers.byKey.get("A")).toBe(customer);
    const renamed = { ...customer, externalId: "B" };
    commit(c, { customers: [renamed] });
    expect([c.customers.byKey.has("A"), c.customers.byKey.get("B")]).toEqual([false, renamed]);
    commit(c, { customers: [{ ...customer, externalId: null }] });
    expect(c.customers.byKey.size).toBe(0);
    expect(c.customers.byId.size).toBe(1);
  });

  it("commit lists an order's interventions in planning order, once each", () => {
    const s = testService();
    const c = company(s, 0);
    const customer = testCustomer(0, 1);
    const order = testOrder(customer, 1);
    const i1 = testIntervention(order, 1);
    const i2 = testIntervention(order, 2);
    commit(c, { customers: [customer], orders: [order], interventions: [i1] });
    commit(c, { interventions: [i2, { ...i1, state: "Cancelled" }] });
    expect(interventionsOf(c, order.id).map((i) => [i.id, i.state])).toEqual([[i1.id, "Cancelled"], [i2.id, "Planned"]]);
  });

  it("commit writes stock amounts per store and gives a new store empty stock", () => {
    const s = testService();
    const c = company(s, 0);
    const store = { id: ids(0).store(9), externalId: null, name: "Nový", availableFor: [] };
    commit(c, { stores: [store], stock: new Map([[ids(0).store(1), new Map<Guid, Amount>([[ids(0).material(1), finite(3)], [ids(0).material(3), UNLIMITED]])]]) });
    expect(c.stock.get(store.id)?.size).toBe(0);
    const s1 = c.stock.get(ids(0).store(1))!;
    expect([...s1.keys()]).toEqual([ids(0).material(1), ids(0).material(2), ids(0).material(3)]);
    expect(s1.get(ids(0).material(1))).toEqual(finite(3));
  });
});

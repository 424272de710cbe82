import { describe, expect, it } from "vitest";
import { mergeLoads, NOTHING, stockLoads, type OperationLoads } from "../../src/service/loads.js";
import { handlers, operationLoads } from "../../src/service/router.js";
import { apiRoutes } from "../../src/api/routes.js";
import type { HandledOperation } from "../../src/service/router.js";
import { ids } from "../../src/testing/arbitraries/records/fixture.js";
import { company, testService } from "./support.js";

const A = ids(0);

describe("what each operation loads (docs/embedding.md)", () => {
  const config = company(testService(), 0);

  it("ASN-5: a plan loads the assigned technicians' allocations over exactly the span it asks for, only when collisions are forbidden", () => {
    const body = {
      primaryAssigneeId: "t1", day: "2026-05-04", categoryId: "revize", externalId: "NEW-1",
      assignations: [
        { userId: "t1", plannedStart: "2026-05-04T12:00:00+02:00", plannedEnd: "2026-05-04T13:00:00+02:00" },
        { userId: A.tech2, plannedStart: "2026-05-04T09:00:00+02:00", plannedEnd: "2026-05-04T10:30:00+02:00" },
      ],
    };
    const off = operationLoads("planIntervention", body, config);
    expect(off.allocations).toBeUndefined();
    expect(off.interventions.externalIds).toEqual(["NEW-1"]);
    expect(off.orderCustomers).toBe(true);
    const on = operationLoads("planIntervention", body, { ...config, settings: { ...config.settings, disableCollisions: true } });
    expect(on.allocations).toEqual({ userIds: [A.tech1, A.tech2], from: Date.parse("2026-05-04T07:00:00Z"), to: Date.parse("2026-05-04T11:00:00Z") });
  });

  it("CND-2 CND-3 ASN-5: candidates load the considered technicians' allocations of the asked day, collisions forbidden or not; a bad query loads nothing", () => {
    const loads = (query: Record<string, string>) => handlers.orderCandidates.prepare({ body: undefined, query: new Map(Object.entries(query)) }, config).loads();
    const day = { from: Date.parse("2026-05-03T22:00:00Z"), to: Date.parse("2026-05-04T22:00:00Z") };
    expect(loads({ day: "2026-05-04", duration: "60" }).allocations).toEqual({ userIds: [A.tech1, A.tech2], ...day });
    expect(loads({ day: "2026-05-04", duration: "60", technicians: `t2,nobody,${A.dispatcher}` }).allocations).toEqual({ userIds: [A.tech2, A.dispatcher], ...day });
    expect(loads({ day: "2026-05-04", duration: "0" })).toEqual(NOTHING);
    expect(loads({ day: "2026-05-04", duration: "60", technicians: "nobody" })).toEqual(NOTHING);
  });

  it("GEN-3, STK-6: a stock batch loads the materials its items name, by GUID or external ID, and the named amounts only", () => {
    const loads = operationLoads("removeMaterial", [{ materialId: "M1" }, { materialId: A.material(2).toUpperCase() }], config);
    expect(loads.materials).toEqual({ ids: [A.material(2)], externalIds: ["M1", A.material(2).toUpperCase()] });
    expect(loads.stock).toBe("named");
  });

  it("UPS-6, ORD-2: customer and order bodies load the customers their references and nested elements name (a customer body's elements by GUID only: external IDs match within the target customer)", () => {
    const customer = operationLoads("addOrEditCustomer", { externalId: "C-1", name: "Teplo", contactPeople: [{ id: A.admin, externalId: "cp", lastName: "Malá" }] }, config);
    expect(customer.customers).toEqual({ ids: [A.admin], externalIds: ["C-1"] });
    expect(customer.customerElements).toEqual({ ids: [A.admin], externalIds: { contactPeople: [], addresses: [], serviceObjects: [] } });
    // A plain add has no `id`, nested or not (ERR-3: ignored): it loads only its external ID's holder.
    const added = operationLoads("addCustomer", { externalId: "C-2", name: "Teplo", identificationNumber: "27074358", contactPeople: [{ id: A.admin, lastName: "Malá" }], addresses: [{ city: "Brno" }] }, config);
    expect(added.customers).toEqual({ ids: [], externalIds: ["C-2"] });
    expect(added.customerElements).toEqual({ ids: [], externalIds: { contactPeople: [], addresses: [], serviceObjects: [] } });
    const order = operationLoads("addOrder", { customerId: "C-1", addressId: "adr", contactPersonId: "cp", categoryId: "oprava", serviceObjectIds: ["so"], externalId: "O-1" }, config);
    expect(order.customers.externalIds).toEqual(["C-1"]);
    // Each external ID with the list the body names it in: an address, a contact person, service objects.
    expect(order.customerElements.externalIds).toEqual({ contactPeople: ["cp"], addresses: ["adr"], serviceObjects: ["so"] });
    expect(order.orders.externalIds).toEqual(["O-1"]);
  });

  it("GEN-9: a body the parser refuses loads nothing besides the path: its refusal needs no record", () => {
    expect(operationLoads("removeMaterial", [{ materialId: "M1" }, { materialId: 5 }], config)).toEqual(NOTHING);
    expect(operationLoads("addOrder", { customerId: "C-1" }, config)).toEqual(NOTHING);
    expect(operationLoads("planIntervention", { assignations: "x" }, config)).toEqual(NOTHING);
  });

  it("a malformed body loads nothing it does not name, and never throws", () => {
    for (const route of apiRoutes) {
      if (route.operation === "login" || route.operation === "readJournal" || route.operation === "sync") continue;
      for (const body of [undefined, null, 5, "x", [], {}, [null], { assignations: "x" }]) {
        expect(() => operationLoads(route.operation as HandledOperation, body, config)).not.toThrow();
      }
    }
  });
});

describe("mergeLoads", () => {
  it("GRP-1: the loads of a group read every record any of them names, once, and expect records absent only when each of them does", () => {
    const a = stockLoads([{ materialId: "M1" }, { materialId: A.material(2) }]);
    const b = stockLoads([{ materialId: "M1" }, { materialId: A.material(3) }]);
    const merged = mergeLoads([a, b]);
    expect(merged.materials).toEqual({ ids: [A.material(2), A.material(3)], externalIds: ["M1", A.material(2), A.material(3)] });
    expect(merged.stock).toBe("named");
    expect(mergeLoads([NOTHING, a]).stock).toBe("named");
    expect(mergeLoads([NOTHING, NOTHING])).toEqual(NOTHING);
    expect(mergeLoads([{ ...NOTHING, absentExpected: true }, { ...NOTHING, absentExpected: true }]).absentExpected).toBe(true);
    expect(mergeLoads([{ ...NOTHING, absentExpected: true }, NOTHING]).absentExpected).toBeUndefined();
  });

  it("GRP-1: booleans are any of them, allocations the technicians of all over the span covering all, and every key list the union", () => {
    const keys = (x: string) => ({ ids: [], externalIds: [x] });
    const elements = (x: string) => ({ ids: [], externalIds: { contactPeople: [`${x}-c`], addresses: [x], serviceObjects: [] } });
    const one: OperationLoads = { ...NOTHING, customers: keys("c1"), customerElements: elements("e1"), orders: keys("o1"), interventions: keys("i1"), stores: keys("s1"), orderCustomers: true, allocations: { userIds: [A.tech1], from: 10, to: 20 } };
    const two: OperationLoads = { ...NOTHING, customers: keys("c2"), customerElements: elements("e2"), orders: keys("o2"), interventions: keys("i2"), stores: keys("s2"), orderInterventions: true, allocations: { userIds: [A.tech2, A.tech1], from: 5, to: 15 } };
    const merged = mergeLoads([one, NOTHING, two]);
    expect(merged).toEqual({
      customers: { ids: [], externalIds: ["c1", "c2"] }, customerElements: { ids: [], externalIds: { contactPeople: ["e1-c", "e2-c"], addresses: ["e1", "e2"], serviceObjects: [] } }, orders: { ids: [], externalIds: ["o1", "o2"] },
      interventions: { ids: [], externalIds: ["i1", "i2"] }, stores: { ids: [], externalIds: ["s1", "s2"] }, materials: { ids: [], externalIds: [] },
      orderCustomers: true, orderInterventions: true, allocations: { userIds: [A.tech1, A.tech2], from: 5, to: 20 }, stock: "none",
    });
    expect(mergeLoads([NOTHING, one]).allocations).toEqual(one.allocations);
  });
});

import { describe, expect, it } from "vitest";
import type { Guid } from "../../src/shared/guid.js";
import type { SyncAnswer } from "../../src/sync/answer.js";
import { mergeSyncAnswer } from "../../src/sync/merge.js";

const g = (n: number): Guid => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}` as Guid;
const empty: SyncAnswer = {
  cursor: "c0", full: true, scope: { userId: g(1), from: "2026-05-04", to: "2026-05-04" },
  company: { id: g(2), tenantCode: "t", name: "T", settings: {}, users: [], catalogs: { customerCategories: [], customerTypes: [], orderCategories: [], orderCustomStates: [], interventionCategories: [], interventionCustomStates: [], materialCategories: [], materialSuppliers: [] } },
  customers: [], orders: [], interventions: [], materials: [], stores: [], stock: [], allocations: [], keep: null,
};
const store = (n: number) => ({ id: g(n), externalId: null, name: `S${n}`, availableFor: [g(1)] });
const material = (n: number) => ({ id: g(n), externalId: null, name: `M${n}`, categoryId: g(90), supplierId: g(91), identificationNumber: null, description: null, supplierCode: null, unit: "Amounts" as const, price: "1.5", costPrice: null });
const slot = { userId: g(1), plannedStart: 1, plannedEnd: 2 };

describe("mergeSyncAnswer", () => {
  it("SYN-3: a full answer replaces the replica; an incremental one merges stock and slots, then keeps only what keep names", () => {
    const full: SyncAnswer = {
      ...empty, stores: [store(10), store(11)], materials: [material(20), material(21)],
      stock: [{ storeId: g(10), whole: true, items: [{ materialId: g(20), amount: "3" }] }, { storeId: g(11), whole: true, items: [{ materialId: g(21), amount: null }] }],
      allocations: [{ interventionId: g(30), slots: [slot] }, { interventionId: g(31), slots: [slot] }],
    };
    const first = mergeSyncAnswer(undefined, full);
    expect(first.cursor).toBe("c0");
    expect([...first.stock.get(g(10))!]).toEqual([[g(20), "3"]]);
    const step: SyncAnswer = {
      ...empty, cursor: "c1", full: false, materials: [material(22)],
      stock: [{ storeId: g(10), whole: false, items: [{ materialId: g(22), amount: "1" }] }],
      allocations: [{ interventionId: g(30), slots: [] }],
      keep: { customers: [], orders: [], interventions: [], stores: [g(10)] },
    };
    const second = mergeSyncAnswer(first, step);
    expect(second.cursor).toBe("c1");
    expect([...second.stores.keys()]).toEqual([g(10)]);
    expect([...second.stock.get(g(10))!]).toEqual([[g(20), "3"], [g(22), "1"]]);
    expect(second.stock.has(g(11))).toBe(false);
    expect([...second.materials.keys()].sort()).toEqual([g(20), g(22)]);
    expect([...second.allocations.keys()]).toEqual([g(31)]);
    // Pure: the replica given is unchanged.
    expect([...first.stores.keys()]).toEqual([g(10), g(11)]);
    expect([...first.stock.get(g(10))!]).toEqual([[g(20), "3"]]);
    // A whole stock replaces; a full answer replaces everything.
    const whole = mergeSyncAnswer(second, { ...step, cursor: "c2", stock: [{ storeId: g(10), whole: true, items: [{ materialId: g(22), amount: "5" }] }], allocations: [] });
    expect([...whole.stock.get(g(10))!]).toEqual([[g(22), "5"]]);
    expect(mergeSyncAnswer(whole, { ...empty, cursor: "c3" }).stores.size).toBe(0);
  });
});

// A locked stock turn's view narrowed from what it read with its lock (src/postgres/hot-view.ts,
// GRP-1): which writes the read covers, and the view statement's row it builds for them. The
// PostgreSQL test (group-commit.test.ts) checks that row against the view statement's own.
import { describe, expect, it } from "vitest";
import { HOT_VIEW_ROWS, HotOffers, hotStockRead, hotStockStatement, narrowedRow, type HotStockRead } from "../../src/postgres/hot-view.js";
import { MaterialCache } from "../../src/postgres/material-cache.js";
import type { Material } from "../../src/material/material.js";
import { Dec } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { KeyBag, NOTHING, stockLoads, type OperationLoads } from "../../src/service/loads.js";
import type { StoredOperation, StoredParam } from "../../src/service/storage.js";

const COMPANY = "0c0a0000-0000-4000-8000-000000000001" as Guid;
const S1 = "0e000000-0000-4000-8000-000000000001" as Guid;
const S2 = "0e000000-0000-4000-8000-000000000002" as Guid;
const S3 = "0e000000-0000-4000-8000-000000000003" as Guid;
const M1 = "0d000000-0000-4000-8000-000000000001" as Guid;
const M2 = "0d000000-0000-4000-8000-000000000002" as Guid;
const M3 = "0d000000-0000-4000-8000-000000000003" as Guid;

/** A material record with GUID `id` and external ID `externalId`. */
const material = (id: string, externalId: string | null): Material => ({
  id: id as Guid, externalId, name: `Materiál ${id.slice(-1)}`, categoryId: M1, supplierId: M2, identificationNumber: null, description: null, supplierCode: null,
  unit: "Amounts", price: new Dec(1), costPrice: null,
});

/** Stores 1 (external ID `S1`) and 2 (`A\\B`, stored `A\\\\B`), three stock rows of each, materials M1 (`M1`), M2 (none) and M3 (`M3`). */
const READ: HotStockRead = {
  stores: [
    { id: S1, key: "S1", version: 3, doc: { id: S1, externalId: "S1" }, stock: 7 },
    { id: S2, key: "A\\\\B", version: 1, doc: { id: S2, externalId: "A\\B" }, stock: 0 },
  ],
  stock: [
    [S1, M2, "5"], [S1, M1, null], [S1, M3, "1"],
    [S2, M3, "2"], [S2, M1, "4"], [S2, M2, "0"],
  ],
  materials: [material(M1, "M1"), material(M2, null), material(M3, "M3")],
};

function write(params: readonly StoredParam[], loads: OperationLoads, form: "id" | "externalId" = "id", extra: Partial<StoredOperation> = {}): StoredOperation {
  return { companyId: COMPANY, operation: "setMaterialAmounts", form, params, body: [], query: new Map(), dryRun: false, loads, at: 0, idempotencyKey: null, ...extra };
}

const store = (value: string): StoredParam => ({ name: "store", value });

describe("a locked stock turn's view from its read with the lock (GRP-1, hot-view.ts)", () => {
  it("GRP-1: the statement reads the stores it was given, at most one stock row past HOT_VIEW_ROWS", () => {
    const { text, values } = hotStockStatement("fs", COMPANY, [S1, S2]);
    expect(values).toEqual([COMPANY, [S1, S2], HOT_VIEW_ROWS + 1]);
    expect(text).toContain("LIMIT $3");
    expect(text).toContain(`"fs".stock_versions`);
    expect(text).not.toContain("$4");
    expect(hotStockStatement("fs", COMPANY, [S1], new Map()).values).toHaveLength(3);
  });

  it("MCA-1: the statement offers the materials it is given, by their writers, as the fourth value", () => {
    const offered = new Map([[M1, { writer: "77", material: material(M1, "M1") }]]);
    const { text, values } = hotStockStatement("fs", COMPANY, [S1], offered);
    expect(values).toEqual([COMPANY, [S1], HOT_VIEW_ROWS + 1, JSON.stringify({ [M1]: "77" })]);
    expect(text).toContain("m.w = $4::jsonb ->> m.id::text");
    expect(text).toContain("written_by::text AS w");
  });

  it("MCA-1: the next read of a company's hot stock offers what its last read answered and the cache still holds; other companies are offered nothing", () => {
    const cache = new MaterialCache();
    const offers = new HotOffers();
    expect(offers.offer(COMPANY, cache).size).toBe(0);
    cache.remember(COMPANY, READ.materials[0]!, "5", "M1");
    cache.remember(COMPANY, READ.materials[2]!, "6", "M3");
    expect(offers.offer(COMPANY, cache).size).toBe(0);
    offers.answered(COMPANY, READ);
    expect([...offers.offer(COMPANY, cache)].map(([id, k]) => [id, k.writer])).toEqual([[M1, "5"], [M3, "6"]]);
    expect(offers.offer(S1, cache).size).toBe(0);
    offers.answered(COMPANY, { ...READ, materials: [READ.materials[2]!] });
    expect([...offers.offer(COMPANY, cache).keys()]).toEqual([M3]);
  });

  it("GRP-1: a read of more than HOT_VIEW_ROWS stock rows is dropped; one of exactly as many is kept; missing sections read as empty; the materials column is read by the reader given", () => {
    const row = (n: number) => ({ stores: [[S1, "S1", 1, {}, 2]], stock: Array.from({ length: n }, (_, i) => [S1, `m${i}`, "1"]), materials: ["column"] });
    const columns: unknown[] = [];
    const reader = (answered: unknown): Material[] => {
      columns.push(answered);
      return [READ.materials[0]!];
    };
    expect(hotStockRead(row(HOT_VIEW_ROWS + 1), reader)).toBeUndefined();
    expect(columns).toEqual([]);
    expect(hotStockRead(row(HOT_VIEW_ROWS), reader)?.stock).toHaveLength(HOT_VIEW_ROWS);
    expect(hotStockRead(row(1), reader)).toEqual({ stores: [{ id: S1, key: "S1", version: 1, doc: {}, stock: 2 }], stock: [[S1, "m0", "1"]], materials: [READ.materials[0]] });
    expect(columns).toEqual([["column"], ["column"]]);
    expect(hotStockRead({ stores: null, stock: null, materials: null }, () => [])).toEqual({ stores: [], stock: [], materials: [] });
    expect(hotStockRead(undefined, () => [])).toEqual({ stores: [], stock: [], materials: [] });
  });

  it("GRP-1: a covered group gets the view statement's row: its path stores with their versions, the materials it names, their stock rows in those stores in the order read", () => {
    const row = narrowedRow(write([store(S2.toUpperCase()), { name: "toStore", value: S1 }], stockLoads([{ materialId: "M3" }, { materialId: M1 }])), READ);
    // The materials named by GUID first, then by external ID (each once), as `KeyBag` lists them.
    expect(row).toEqual({
      row: {
        stores: [[1, READ.stores[1]!.doc], [3, READ.stores[0]!.doc]],
        path_stores: [[S2, 0], [S1, 7]],
        stock: [[S1, M1, null], [S1, M3, "1"], [S2, M3, "2"], [S2, M1, "4"]],
      },
      materials: [READ.materials[0], READ.materials[2]],
    });
  });

  it("GRP-1: stores named by external ID are matched as stored (escaped), a store named twice is read once, and a group naming no material reads no stock row", () => {
    const row = narrowedRow(write([store("A\\B"), store("A\\B")], { ...NOTHING, stock: "named" }, "externalId"), READ);
    expect(row).toEqual({ row: { stores: [[1, READ.stores[1]!.doc]], path_stores: [[S2, 0]], stock: [] }, materials: [] });
    expect(narrowedRow(write([store("A\\\\B")], stockLoads([{ materialId: "M1" }]), "externalId"), READ)).toBeUndefined();
  });

  it("GRP-1: a material's external ID is matched as its row holds it, unescaped (`materialKey`), unlike a store's", () => {
    const read: HotStockRead = { ...READ, materials: [READ.materials[0]!, READ.materials[1]!, material(M3, "M\\3")] };
    expect(narrowedRow(write([store(S1)], stockLoads([{ materialId: "M\\3" }])), read)?.materials).toEqual([read.materials[2]]);
    expect(narrowedRow(write([store(S1)], stockLoads([{ materialId: "M\\\\3" }])), read)).toBeUndefined();
  });

  it("GEN-3: a material named by GUID is covered when that GUID is read, though the reference is looked up as an external ID too; a GUID-shaped external ID of a material read picks it", () => {
    const bag = new KeyBag();
    bag.ref(M2.toUpperCase());
    const loads: OperationLoads = { ...NOTHING, materials: bag.keys(), stock: "named" };
    expect(loads.materials.externalIds).toEqual([M2.toUpperCase()]);
    expect(narrowedRow(write([store(S1)], loads), READ)?.materials).toEqual([READ.materials[1]]);
    // A GUID-shaped external ID that is another material's: both are read, as the view statement reads both.
    const twin: HotStockRead = { ...READ, materials: [...READ.materials, material("0d000000-0000-4000-8000-000000000009", M2.toUpperCase())] };
    expect(narrowedRow(write([store(S1)], loads), twin)?.materials).toEqual([READ.materials[1], twin.materials[3]]);
  });

  it("GRP-1: what the read cannot say is read as before: a material none of its rows names (by GUID, by external ID, or GUID-shaped), a store it did not lock, a path record that is not a store, any other load, an idempotency key", () => {
    const covered = write([store(S1)], stockLoads([{ materialId: "M1" }]));
    expect(narrowedRow(covered, READ)).toBeDefined();
    const absent = "0d000000-0000-4000-8000-0000000000aa";
    for (const op of [
      write([store(S1)], stockLoads([{ materialId: "M1" }, { materialId: absent }])),
      write([store(S1)], { ...NOTHING, stock: "named", materials: { ids: [], externalIds: [absent] } }),
      write([store(S1)], stockLoads([{ materialId: "M9" }])),
      write([store(S3)], stockLoads([{ materialId: "M1" }])),
      write([store("S9")], stockLoads([{ materialId: "M1" }]), "externalId"),
      // A path record that is no store, though its value is a store's GUID.
      write([store(S1), { name: "order", value: S2 }], stockLoads([{ materialId: "M1" }])),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), stock: "none" }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), customers: { ids: [], externalIds: ["C1"] } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), customers: { ids: [S1], externalIds: [] } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), customerElements: { ids: [], externalIds: { contactPeople: ["cp"], addresses: [], serviceObjects: [] } } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), customerElements: { ids: [], externalIds: { contactPeople: [], addresses: ["adr"], serviceObjects: [] } } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), customerElements: { ids: [], externalIds: { contactPeople: [], addresses: [], serviceObjects: ["so"] } } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), customerElements: { ids: [S1], externalIds: { contactPeople: [], addresses: [], serviceObjects: [] } } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), orders: { ids: [], externalIds: ["O1"] } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), interventions: { ids: [], externalIds: ["I1"] } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), stores: { ids: [], externalIds: ["S2"] } }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), orderCustomers: true }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), orderInterventions: true }),
      write([store(S1)], { ...stockLoads([{ materialId: "M1" }]), allocations: { userIds: [], from: 0, to: 1 } }),
      write([store(S1)], stockLoads([{ materialId: "M1" }]), "id", { idempotencyKey: "k" }),
    ]) {
      expect(narrowedRow(op, READ)).toBeUndefined();
    }
  });
});

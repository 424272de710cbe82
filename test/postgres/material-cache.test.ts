// The materials a process has read (src/postgres/material-cache.ts): without a database, what
// the cache offers and forgets; on PostgreSQL, that a view reading a material known and unchanged
// gets its GUID alone and the same view as a cold read, and that a material changed by another
// process (its fields, or its external ID) is read whole again.
import { afterAll, describe, expect, it } from "vitest";
import { HotOffers, hotStockRead, hotStockStatement, type HotStockRead } from "../../src/postgres/hot-view.js";
import { MATERIAL_CACHE_LIMIT, MaterialCache } from "../../src/postgres/material-cache.js";
import { CompanyRecords } from "../../src/postgres/records.js";
import type { SqlExecutor } from "../../src/postgres/sql.js";
import type { Material } from "../../src/material/material.js";
import { Dec } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService, ServiceResponse } from "../../src/service/entry-point.js";
import { stockLoads } from "../../src/service/loads.js";
import type { CompanyState } from "../../src/service/state.js";
import type { StoredOperation } from "../../src/service/storage.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, describeClient, dropSchemas, schemaName, testStorage } from "./support.js";
import { tokenOf } from "./scenario.js";

const A = ids(0);
const B = ids(1);
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

const material = (n: number, externalId: string | null, name = "Šroub"): Material => ({
  id: A.material(n), externalId, name, categoryId: A.category(7), supplierId: A.category(8), identificationNumber: null,
  description: null, supplierCode: null, unit: "Amounts", price: new Dec("2.50"), costPrice: null,
});

describe("MaterialCache, without a database", () => {
  it("MCA-1: offers the materials remembered among those named, by GUID or stored external ID, for that company only", () => {
    const cache = new MaterialCache();
    cache.remember(A.company, material(1, "M1"), "100", "M1");
    cache.remember(A.company, material(2, null), "101", null);
    expect(cache.size).toBe(2);
    const known = cache.known(A.company, [A.material(2)], ["M1", "nope"]);
    expect([...known.keys()].sort()).toEqual([A.material(1), A.material(2)].sort());
    expect(known.get(A.material(1))).toEqual({ writer: "100", material: material(1, "M1") });
    expect(cache.known(B.company, [A.material(2)], ["M1"]).size).toBe(0);
    // Read again with another writer: the record and writer are replaced, counted once.
    cache.remember(A.company, material(1, "M1", "Matice"), "200", "M1");
    expect(cache.size).toBe(2);
    expect(cache.known(A.company, [], ["M1"]).get(A.material(1))?.writer).toBe("200");
  });

  it("MCA-1: a key moved to another material offers the one last read under it; past the limit the cache forgets everything and starts again", () => {
    const cache = new MaterialCache();
    cache.remember(A.company, material(1, "M1"), "1", "M1");
    cache.remember(A.company, material(2, "M1"), "2", "M1");
    expect([...cache.known(A.company, [], ["M1"]).keys()]).toEqual([A.material(2)]);
    const full = new MaterialCache();
    for (let i = 0; i < MATERIAL_CACHE_LIMIT; i++) full.remember(A.company, { ...material(1, null), id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` as Guid }, "1", null);
    expect(full.size).toBe(MATERIAL_CACHE_LIMIT);
    full.remember(A.company, material(1, "M1"), "9", "M1");
    expect(full.size).toBe(1);
    expect(full.known(A.company, [`00000000-0000-4000-8000-${"0".repeat(12)}` as Guid], ["M1"]).size).toBe(1);
  });
});

type Service = FieldService<Promise<ServiceResponse>>;

describe.runIf(databaseUrl !== undefined)("MaterialCache on PostgreSQL", () => {
  const client = describeClient();
  const config = { id: A.company } as unknown as CompanyState;
  /** A stock set of store 1 (by GUID) naming these materials, as the storage is handed it. */
  const setOf = (items: { materialId: string }[]): StoredOperation =>
    ({ companyId: A.company, operation: "setMaterialAmounts", form: "id", params: [{ name: "store", value: A.store(1) }], dryRun: false, idempotencyKey: null, at: 0, loads: stockLoads(items) }) as unknown as StoredOperation;
  /** A fresh schema, migrated and seeded with the test fixture by a service that is then closed. */
  const seededSchema = async (name: string): Promise<string> => {
    const schema = schemaName(name);
    schemas.push(schema);
    const service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) });
    await service.ready();
    await service.close();
    return schema;
  };

  it("MCA-1: a view of materials known and unchanged gets their GUIDs alone and equals a cold view; a material written since is read whole", async () => {
    const schema = await seededSchema("matcache");
    const sent: { text: string; rows: unknown[] }[] = [];
    const db: SqlExecutor = { query: async (text, values) => {
      const result = await client().query(text, values as unknown[]);
      sent.push({ text, rows: result.rows });
      return result;
    } };
    const operation = setOf([{ materialId: "M1" }, { materialId: A.material(2) }]);
    const cache = new MaterialCache();
    const cold = await new CompanyRecords(db, schema, A.company).view(config, operation, operation.loads);
    const first = await new CompanyRecords(db, schema, A.company, cache).view(config, operation, operation.loads);
    expect(cache.size).toBe(2);
    const warm = await new CompanyRecords(db, schema, A.company, cache).view(config, operation, operation.loads);
    expect(first).toEqual(cold);
    expect(warm).toEqual(cold);
    expect([...warm.view.materials.byId.keys()].sort()).toEqual([A.material(1), A.material(2)].sort());
    // The warm view's statement offered both and was answered their GUIDs alone.
    const answered = (sent.at(-1)?.rows[0] as { materials: unknown[] }).materials;
    expect(answered).toEqual(expect.arrayContaining([[A.material(1)], [A.material(2)]]));
    expect(answered).toHaveLength(2);
    // Another writer renames M1: the next view reads it whole, with the new name.
    await client().query(`UPDATE "${schema}".materials SET name = 'Renamed', written_by = pg_current_xact_id() WHERE company_id = $1 AND id = $2`, [A.company, A.material(1)]);
    const after = await new CompanyRecords(db, schema, A.company, cache).view(config, operation, operation.loads);
    expect(after.view.materials.byId.get(A.material(1))?.name).toBe("Renamed");
    expect((sent.at(-1)?.rows[0] as { materials: unknown[] }).materials).toEqual(expect.arrayContaining([[A.material(2)]]));
    // Another writer moves the external ID M1 to material 3: the view of M1 is material 3, read whole.
    for (const [id, key] of [[A.material(1), "gone"], [A.material(3), "M1"]] as const) {
      await client().query(`UPDATE "${schema}".materials SET external_id = $3, written_by = pg_current_xact_id() WHERE company_id = $1 AND id = $2`, [A.company, id, key]);
    }
    const moved = await new CompanyRecords(db, schema, A.company, cache).view(config, operation, operation.loads);
    expect([...moved.view.materials.byId.keys()].sort()).toEqual([A.material(2), A.material(3)].sort());
    expect(moved.view.materials.byKey.get("M1")?.id).toBe(A.material(3));
    expect(moved).toEqual(await new CompanyRecords(db, schema, A.company).view(config, operation, operation.loads));
  });

  it("MCA-1: a material without an external ID is kept by GUID; a view naming no material, or only unknown ones, reads none; a GUID alone for a material not offered is refused", async () => {
    const schema = await seededSchema("matcache3");
    const db: SqlExecutor = { query: (text, values) => client().query(text, values as unknown[]) };
    const cache = new MaterialCache();
    // Material 3 has no external ID: kept by its GUID, offered by it.
    const third = setOf([{ materialId: A.material(3) }]);
    const cold = await new CompanyRecords(db, schema, A.company, cache).view(config, third, third.loads);
    expect(cold.view.materials.byId.get(A.material(3))?.externalId).toBeNull();
    expect(cache.known(A.company, [A.material(3)], []).size).toBe(1);
    expect(await new CompanyRecords(db, schema, A.company, cache).view(config, third, third.loads)).toEqual(cold);
    // Only unknown materials: none read, nothing kept.
    const unknown = setOf([{ materialId: "NO-SUCH" }]);
    expect((await new CompanyRecords(db, schema, A.company, cache).view(config, unknown, unknown.loads)).view.materials.byId.size).toBe(0);
    // No material named (a store read alone): no material section in the statement.
    const storeOnly: StoredOperation = { ...third, loads: { ...third.loads, materials: { ids: [], externalIds: [] } } };
    expect((await new CompanyRecords(db, schema, A.company, cache).view(config, storeOnly, storeOnly.loads)).view.materials.byId.size).toBe(0);
    expect(cache.size).toBe(1);
    // A statement that answers a GUID alone for a material it was not offered is a broken answer.
    const forged: SqlExecutor = { query: async () => ({ rows: [{ materials: [[A.material(9)]] }] }) };
    await expect(new CompanyRecords(forged, schema, A.company, cache).view(config, unknown, unknown.loads)).rejects.toThrow(/answered by its GUID alone was not offered/);
  });

  it("MCA-1: a company's hot stock read again offers the materials its last read answered: those unchanged come back as GUIDs alone and read as before; one written since is read whole", async () => {
    const schema = await seededSchema("matcachehot");
    const cache = new MaterialCache();
    const offers = new HotOffers();
    /** One read of store 1's hot stock as the storage sends it: the materials column as answered, and what it reads as. */
    const readHot = async (): Promise<{ column: unknown[]; read: HotStockRead | undefined }> => {
      const offered = offers.offer(A.company, cache);
      const { text, values } = hotStockStatement(schema, A.company, [A.store(1)], offered);
      const row = (await client().query(text, values)).rows[0] as Record<string, unknown>;
      const read = hotStockRead(row, (answered) => cache.answered(A.company, answered, offered));
      if (read !== undefined) offers.answered(A.company, read);
      return { column: row["materials"] as unknown[], read };
    };
    const cold = await readHot();
    expect(cold.read?.materials.map((m) => m.id).sort()).toEqual([A.material(1), A.material(2)].sort());
    expect(cold.column.every((m) => !Array.isArray(m))).toBe(true);
    expect(cache.size).toBe(2);
    const warm = await readHot();
    expect(warm.column).toEqual(expect.arrayContaining([[A.material(1)], [A.material(2)]]));
    expect(warm.read).toEqual(cold.read);
    await client().query(`UPDATE "${schema}".materials SET name = 'Renamed', written_by = pg_current_xact_id() WHERE company_id = $1 AND id = $2`, [A.company, A.material(2)]);
    const after = await readHot();
    expect(after.column).toEqual(expect.arrayContaining([[A.material(1)], expect.objectContaining({ id: A.material(2), name: "Renamed" })]));
    expect(after.read?.materials.find((m) => m.id === A.material(2))?.name).toBe("Renamed");
    expect((await readHot()).column).toEqual(expect.arrayContaining([[A.material(1)], [A.material(2)]]));
  });

  it("MCA-1: across two processes, a material read through one and replaced through the other reads as replaced through the first", async () => {
    const schema = schemaName("matcache2");
    schemas.push(schema);
    const services: Service[] = [createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) }), createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) })];
    try {
      await Promise.all(services.map((s) => s.ready()));
      const tokens = await Promise.all(services.map(tokenOf));
      const as = (i: number) => ({ authorization: `Bearer ${tokens[i]}` });
      const read = (i: number, key: string) => services[i]!.handle({ method: "GET", path: `/material/externalId/${key}`, headers: as(i) });
      const before = await read(0, "M1");
      expect(before.status).toBe(200);
      // Read twice through the first: the second is answered from what it knows, the same.
      expect((await read(0, "M1")).body).toEqual(before.body);
      const replaced = await services[1]!.handle({
        method: "PUT", path: `/material/${A.material(1)}`, headers: as(1),
        body: { externalId: "M1", name: "Šroub M8", categoryId: "elektro", supplierId: "ferona", price: 3 },
      });
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(204);
      // The first process read it before; it reads the replaced record now, the same as the second.
      const now = await read(0, "M1");
      expect(now.body).toMatchObject({ id: A.material(1), externalId: "M1", name: "Šroub M8", price: 3 });
      expect(now.body).toEqual((await read(1, "M1")).body);
      expect(now.body).not.toEqual(before.body);
      // A stock set through the first still finds it by its external ID.
      const set = await services[0]!.handle({ method: "PUT", path: `/store/${A.store(1)}/setMaterialAmounts`, headers: as(0), body: [{ materialId: "M1", amount: 4 }] });
      expect(set.status, JSON.stringify(set.body)).toBe(204);
    } finally {
      await Promise.all(services.map((s) => s.close()));
    }
  });
});

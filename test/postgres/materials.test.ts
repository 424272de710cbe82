// Materials as rows (src/postgres/materials.ts) without a database: what the writer sends, and
// what it refuses before sending. The round trip through PostgreSQL is store-listing.test.ts's.
import { describe, expect, it } from "vitest";
import { materialFromTuple, materialRowsJson, materialUpsertCte, writeMaterialRows } from "../../src/postgres/materials.js";
import type { SqlExecutor } from "../../src/postgres/sql.js";
import { Dec } from "../../src/shared/decimal.js";
import type { Material } from "../../src/material/material.js";
import { ids } from "../../src/testing/arbitraries/records/fixture.js";

const A = ids(0);
const material: Material = {
  id: A.material(1), externalId: "M1", name: "Šroub", categoryId: A.category(7), supplierId: A.category(8), identificationNumber: null,
  description: null, supplierCode: null, unit: "Amounts", price: new Dec("2.50"), costPrice: null,
};

/** An executor that records what it is sent. */
function recording(): { db: SqlExecutor; sent: { text: string; values: readonly unknown[] }[] } {
  const sent: { text: string; values: readonly unknown[] }[] = [];
  return { sent, db: { query: async (text, values) => (sent.push({ text, values: values ?? [] }), { rows: [] }) } };
}

describe("materials as rows", () => {
  it("MAT-1: a write of no materials sends nothing; a write of some is one statement stamping the writer's transaction", async () => {
    const none = recording();
    await writeMaterialRows(none.db, "s", A.company, []);
    expect(none.sent).toEqual([]);
    const one = recording();
    await writeMaterialRows(one.db, "s", A.company, [material]);
    expect(one.sent).toHaveLength(1);
    expect(one.sent[0]?.text).toBe(`WITH ${materialUpsertCte('"s"', "$2::json")}\nSELECT 1`);
    expect(one.sent[0]?.values).toEqual([A.company, materialRowsJson([material])]);
    expect(materialUpsertCte('"s"', "$2::json")).toContain("pg_current_xact_id()");
  });

  it("MAT-1: decimals travel as text, exactly; a tuple reads back the material", () => {
    const rows = JSON.parse(materialRowsJson([material])) as Record<string, unknown>[];
    expect(rows[0]?.["price"]).toBe("2.5");
    expect(materialFromTuple([material.id, "M1", "Šroub", null, null, "Amounts", "2.5", null, material.categoryId, material.supplierId, null])).toEqual(material);
  });

  it("TXT-1: a text PostgreSQL cannot store unchanged is refused before anything is sent", async () => {
    const w = recording();
    await expect(writeMaterialRows(w.db, "s", A.company, [{ ...material, name: "a\u0000b" }])).rejects.toThrow(/U\+0000/);
    expect(w.sent).toEqual([]);
  });
});

// Seeding an empty schema with a fixture's companies: configuration, catalogs, materials,
// stores and stock.
import type { Fixture, FixtureCompany } from "../service/fixture.js";
import type { CompanyState } from "../service/state.js";
import { CompanyRecords } from "./records.js";
import { bulkLoadIndexes } from "./listing-migrations.js";
import { writeCatalogRows, writeMaterialRows } from "./materials.js";
import { quoteSchema, type SqlExecutor } from "./sql.js";
import { writeStock } from "./stock.js";

/**
 * A company's configuration as stored: the fixture company without its materials and stores,
 * which live in their tables, and with its clients as loaded: each secret as its stored form,
 * never the plain text (CRD-1, CRD-4).
 * @param company - the fixture's company
 * @param loaded - the same company as loaded (its secrets in stored form)
 * @returns the configuration to store
 */
export function configOf(company: FixtureCompany, loaded: CompanyState): Omit<FixtureCompany, "materials" | "stores"> {
  const { materials: _m, stores: _s, ...config } = company;
  return { ...config, clients: loaded.clients.map((c) => ({ clientId: c.clientId, secretHash: c.secretHash })) };
}

/**
 * Writes a validated fixture's companies into an empty schema, in the caller's transaction.
 * @param db - the caller's connection, in its transaction
 * @param schema - the storage's schema
 * @param fixture - the fixture
 * @param loaded - its companies as loaded, in order
 */
export async function seed(db: SqlExecutor, schema: string, fixture: Fixture, loaded: readonly CompanyState[]): Promise<void> {
  const s = quoteSchema(schema);
  // The listing tables are empty: build their secondary indexes once after the rows are in.
  const bulk = bulkLoadIndexes(schema);
  await db.query(bulk.before);
  for (let i = 0; i < loaded.length; i++) {
    const company = loaded[i] as CompanyState;
    const raw = fixture.companies[i] as FixtureCompany;
    await db.query(`INSERT INTO ${s}.companies (id, position, config) VALUES ($1, $2, $3)`, [company.id, i, JSON.stringify(configOf(raw, company))]);
    await writeCatalogRows(db, schema, company.id, company.catalogs.materialCategories.list, company.catalogs.materialSuppliers.list);
    await writeMaterialRows(db, schema, company.id, [...company.materials.byId.values()]);
    const records = new CompanyRecords(db, schema, company.id);
    await records.write({ stores: [...company.stores.byId.values()] });
    for (const [storeId, stock] of company.stock) await writeStock(db, schema, company.id, storeId, stock);
  }
  await db.query(bulk.after);
}

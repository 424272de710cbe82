// The versioned migrations (src/postgres/schema.ts): a schema migrated by a newer release is
// refused at open, naming both versions, instead of being served until a write fails (issue 21,
// defect 7).
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { bulkLoadIndexes } from "../../src/postgres/listing-migrations.js";
import { customerRow, storedKey } from "../../src/postgres/records.js";
import { latestMigration, migrate, migrations } from "../../src/postgres/schema.js";
import { readJournalPage } from "../../src/postgres/journal.js";
import type { Guid } from "../../src/shared/guid.js";
import { createFieldService } from "../../src/service/create.js";
import { StorageSetupError } from "../../src/service/storage.js";
import { testCustomer, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testSecrets, testStorage } from "./support.js";

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

async function sql(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Runs `run` on a connection and a fresh schema's name (dropped after the file), then closes the connection. */
async function withSchema(run: (c: pg.Client, schema: string) => Promise<void>): Promise<void> {
  const schema = schemaName("schema");
  schemas.push(schema);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await run(c, schema);
  } finally {
    await c.end();
  }
}

describe("the migrations", () => {
  it("versions are distinct and ascending, and latestMigration is the last", () => {
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(latestMigration).toBe(versions[versions.length - 1]);
  });
});

describe.runIf(databaseUrl !== undefined)("a schema migrated by a newer release", () => {
  it("is refused at open with one message naming the schema's version and this build's; requests answer 503 and nothing is written", async () => {
    const schema = schemaName("schema");
    schemas.push(schema);
    const first = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 1) });
    await first.ready();
    await first.close();
    const future = latestMigration + 1;
    await sql(`INSERT INTO "${schema}".migrations (version, name) VALUES (${future}, 'from a newer release')`);

    const service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 1), onUnavailable: () => {} });
    try {
      const error: unknown = await service.ready().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageSetupError);
      expect((error as Error).message).toBe(
        `the schema ${schema} was migrated to version ${future} by a newer release of field-service-rules; this build knows versions up to ${latestMigration}: run the newer release, or give this one another schema or database`,
      );
      const r = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
      expect(r.status).toBe(503);
    } finally {
      await service.close();
    }
  });

  it("a fresh schema is migrated and a current one opens, with a pool of one connection (open reads the configuration on the connection it holds, instead of waiting for a second one)", async () => {
    const schema = schemaName("schema");
    schemas.push(schema);
    const service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 1) });
    await service.ready();
    await service.close();
    const again = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 1) });
    await expect(again.ready()).resolves.toBeUndefined();
    await again.close();
  });

  it("migration 7 moves a version-6 journal to the arrays the sync and ?record= read, versions existing records at 1, and claims the keys the journal holds (IDM-1)", () =>
    withSchema(async (c, schema) => {
      expect(await migrate(c, schema, testSecrets, 6)).toEqual([1, 2, 3, 4, 5, 6]);
      const company = "00000000-0000-4000-8000-000000000001";
      const store = "00000000-0000-4000-8000-0000000000a1";
      const material = "00000000-0000-4000-8000-0000000000b1";
      const customer = { id: "00000000-0000-4000-8000-0000000000c1", externalId: "C-1", name: "Acme" };
      await c.query(`INSERT INTO "${schema}".companies (id, position, config) VALUES ($1, 0, '{}')`, [company]);
      await c.query(`INSERT INTO "${schema}".customers (company_id, id, external_id, element_ids, element_keys, doc) VALUES ($1, $2, 'C-1', '{}', '{}', $3)`, [company, customer.id, JSON.stringify(customer)]);
      const entry = { changes: [{ kind: "customer", before: null, after: customer }, { kind: "stock", storeId: store, materialId: material, after: 2 }] };
      await c.query(
        `INSERT INTO "${schema}".journal (company_id, at, operation, outcome, rules, record_ids, record_keys, idempotency_key, fingerprint, status, dry_run, entry)
         VALUES ($1, 5, 'addCustomer', 'committed', '{}', ARRAY[$2::uuid, $3::uuid], ARRAY['C-1'], 'k-1', 'f', 201, false, $4::json),
                ($1, 9, 'addCustomer', 'committed', '{}', '{}', '{}', 'k-1', 'f', 201, false, '{"changes":[]}')`,
        [company, customer.id, store, JSON.stringify(entry)],
      );
      expect(await migrate(c, schema, testSecrets, 7)).toEqual([7]);
      const row = (await c.query(`SELECT records, changed_kinds, changed_ids, changed_materials FROM "${schema}".journal ORDER BY seq LIMIT 1`)).rows[0];
      expect(row).toEqual({
        records: [`id:${customer.id}`, `id:${store}`, "key:C-1"], changed_kinds: ["customer", "stock"], changed_ids: [customer.id, store], changed_materials: [null, material],
      });
      expect((await c.query(`SELECT version FROM "${schema}".customers`)).rows).toEqual([{ version: "1" }]);
      expect((await c.query(`SELECT key, at FROM "${schema}".idempotency_keys`)).rows).toEqual([{ key: "k-1", at: "9" }]);
      const all = { after: 0, limit: 10, record: null, operation: null, rule: null, outcome: null, from: null, to: null };
      const found = async (record: string): Promise<number> => (await readJournalPage(c, schema, company as Guid, { ...all, record })).items.length;
      expect([await found("C-1"), await found(customer.id.toUpperCase()), await found(store), await found("c-1")]).toEqual([1, 1, 1, 0]);
    }));
  it("migration 8 stamps a version-7 schema's materials with writer 0 (seen by every snapshot) and drops the company's materials counter", () =>
    withSchema(async (c, schema) => {
      expect(await migrate(c, schema, testSecrets, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const company = "00000000-0000-4000-8000-000000000001";
      const kind = "00000000-0000-4000-8000-0000000000d1";
      await c.query(`INSERT INTO "${schema}".companies (id, position, config) VALUES ($1, 0, '{}')`, [company]);
      await c.query(`INSERT INTO "${schema}".materials (company_id, id, name, unit, price, category_id, supplier_id, version) VALUES ($1, $2, 'Šroub', 'Amounts', 1, $2, $2, 4)`, [company, kind]);
      await c.query(`INSERT INTO "${schema}".material_versions (company_id, version) VALUES ($1, 4)`, [company]);
      expect(await migrate(c, schema, testSecrets, 8)).toEqual([8]);
      expect((await c.query(`SELECT name, written_by::text AS w, pg_visible_in_snapshot(written_by, pg_current_snapshot()) AS seen FROM "${schema}".materials`)).rows).toEqual([{ name: "Šroub", w: "0", seen: true }]);
      expect((await c.query("SELECT to_regclass($1) AS t", [`"${schema}".material_versions`])).rows).toEqual([{ t: null }]);
      expect((await c.query("SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'materials' AND column_name = 'version'", [schema])).rows).toEqual([{ n: 0 }]);
    }));
  it("migration 9 tags every customer's element keys by list, as a write computes them, across batches and through a U+0000 escape in a document", () =>
    withSchema(async (c, schema) => {
      expect(await migrate(c, schema, testSecrets, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const company = "00000000-0000-4000-8000-000000000001";
      await c.query(`INSERT INTO "${schema}".companies (id, position, config) VALUES ($1, 0, '{}')`, [company]);
      // More customers than one batch rewrites (500), the last with a U+0000 in an element's key
      // (`->>` could not read its document) and a service object holding an address's key.
      const customers = Array.from({ length: 1_001 }, (_, n) => testCustomer(0, n + 1, `C-${n}`));
      customers[1_000] = { ...customers[1_000]!, addresses: [{ ...customers[1_000]!.addresses[0]!, externalId: "a\u0000b" }], serviceObjects: [{ ...customers[1_000]!.serviceObjects[0]!, externalId: "a1" }] };
      // As version 8 wrote them: the stored keys, untagged.
      const untagged = customers.map((cu) => ({ ...customerRow(cu), element_keys: [...cu.contactPeople, ...cu.addresses, ...cu.serviceObjects].flatMap((e) => (e.externalId === null ? [] : [storedKey(e.externalId)])) }));
      // Each document as its own text: `json_to_recordset` cannot extract one holding U+0000.
      await c.query(
        `INSERT INTO "${schema}".customers (company_id, id, external_id, element_ids, element_keys, doc)
         SELECT $1, t.id, t.external_id, t.element_ids, t.element_keys, ($3::text[])[t.n]::json FROM json_to_recordset($2::json) AS t(n int, id uuid, external_id text, element_ids uuid[], element_keys text[])`,
        [company, JSON.stringify(untagged.map(({ doc: _, ...row }, i) => ({ ...row, n: i + 1 }))), untagged.map((row) => JSON.stringify(row.doc))],
      );
      expect((await c.query(`SELECT element_keys FROM "${schema}".customers WHERE id = $1`, [customers[1_000]!.id])).rows).toEqual([{ element_keys: ["cp1", "a\\0b", "a1"] }]);
      expect(await migrate(c, schema, testSecrets)).toEqual([9]);
      const rows = (await c.query(`SELECT id, element_keys FROM "${schema}".customers ORDER BY id`)).rows as { id: string; element_keys: string[] }[];
      const byId = new Map(rows.map((r) => [r.id, r.element_keys]));
      expect(rows).toHaveLength(1_001);
      for (const cu of customers) expect([cu.id, byId.get(cu.id)]).toEqual([cu.id, customerRow(cu).element_keys]);
      expect(byId.get(customers[1_000]!.id)).toEqual(["c:cp1", "a:a\\0b", "s:a1"]);
      // The column says what it holds.
      expect((await c.query("SELECT col_description(attrelid, attnum) AS d FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'element_keys'", [`"${schema}".customers`])).rows[0].d).toBe("external IDs of the nested elements, each tagged by its list: c: contact person, a: address, s: service object");
    }));
  it("a bulk load drops, then builds, exactly the secondary indexes a migrated schema has (keys aside), one statement a line", () =>
    withSchema(async (c, schema) => {
      await migrate(c, schema, testSecrets);
      const listed = (await c.query("SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename IN ('materials', 'stock', 'catalog_values') AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key' ORDER BY indexname", [schema])).rows.map((r: { indexname: string }) => r.indexname);
      expect(listed).toEqual(["materials_writer", "stock_store_version"]);
      const bulk = bulkLoadIndexes(schema);
      const names = (script: string, verb: string): string[] => script.split("\n").filter((l) => l.startsWith(verb)).map((l) => /"([a-z_]+)"(?: ON|;)/.exec(l)?.[1] ?? l).sort();
      expect(bulk.before.split("\n")[0]).toBe("SET LOCAL maintenance_work_mem = '256MB';");
      expect(names(bulk.before, "DROP INDEX IF EXISTS")).toEqual(listed);
      expect(names(bulk.after, "CREATE INDEX IF NOT EXISTS")).toEqual(listed);
      expect(bulk.before.split("\n")).toHaveLength(1 + listed.length);
      expect(bulk.after.split("\n")).toHaveLength(listed.length);
      // The script runs: dropped, then built again, the schema has the same indexes.
      await c.query("BEGIN");
      await c.query(bulk.before);
      await c.query(bulk.after);
      await c.query("COMMIT");
      expect((await c.query("SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = $1 AND indexname = ANY($2)", [schema, listed])).rows).toEqual([{ n: listed.length }]);
    }));
});

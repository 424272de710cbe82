// The versioned migrations (src/postgres/schema.ts): a schema migrated by a newer release is
// refused at open, naming both versions, instead of being served until a write fails (issue 21,
// defect 7).
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { latestMigration, migrations } from "../../src/postgres/schema.js";
import { createFieldService } from "../../src/service/create.js";
import { StorageSetupError } from "../../src/service/storage.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";

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
});

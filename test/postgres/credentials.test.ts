// Credentials at rest and at the door on PostgreSQL (issue 39): migration 6 hashes the plain
// secrets a schema seeded by an older release holds, and the failed-login windows live in the
// database, so two service instances on one schema share the count (CRD-1, CRD-2).
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { LOGIN_THROTTLE } from "../../src/auth/throttle.js";
import { migrate, migrations } from "../../src/postgres/schema.js";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService, ServiceResponse } from "../../src/service/entry-point.js";
import type { FixtureCompany } from "../../src/service/fixture.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testSecrets, testStorage } from "./support.js";

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

async function withClient<T>(f: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await f(db);
  } finally {
    await db.end();
  }
}

/** Every row of every table of the schema, as text. */
async function schemaText(db: pg.Client, schema: string): Promise<string> {
  const tables = await db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = $1", [schema]);
  const parts: string[] = [];
  for (const { table_name } of tables.rows as { table_name: string }[]) {
    const rows = await db.query(`SELECT t::text AS t FROM "${schema}"."${table_name}" t`);
    for (const r of rows.rows as { t: string }[]) parts.push(r.t);
  }
  return parts.join("\n");
}

const login = async (s: FieldService, body: unknown): Promise<ServiceResponse> => s.handle({ method: "POST", path: "/auth/login", body });
const alpha = (secret = "secret-a") => ({ tenantCode: "alpha", clientId: "client", secret });

describe.runIf(databaseUrl !== undefined)("credentials on PostgreSQL", () => {
  it("CRD-1: seeding writes no plain secret anywhere in the schema", async () => {
    const schema = schemaName("crd");
    schemas.push(schema);
    const service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 1) });
    try {
      expect((await login(service, alpha())).status).toBe(200);
      expect((await login(service, alpha("nope"))).status).toBe(403);
      const text = await withClient((db) => schemaText(db, schema));
      expect(text).toContain("scrypt$");
      for (const secret of ["secret-a", "secret-b", "nope"]) expect(text).not.toContain(secret);
    } finally {
      await service.close();
    }
  });

  it("CRD-1: migration 6 hashes the plain secrets of a schema an older release seeded; login still works and no plain secret remains", async () => {
    const schema = schemaName("crd");
    schemas.push(schema);
    const fixture = testFixture();
    await withClient(async (db) => {
      // The schema as the release before issue 39 left it: version 5, each client's secret in plain text in companies.config.
      expect(await migrate(db, schema, testSecrets, 5)).toEqual([1, 2, 3, 4, 5]);
      for (const [i, c] of fixture.companies.entries()) {
        const { materials: _m, stores: _s, ...config } = c as FixtureCompany;
        await db.query(`INSERT INTO "${schema}".companies (id, position, config) VALUES ($1, $2, $3)`, [c.id, i, JSON.stringify(config)]);
      }
      expect(await schemaText(db, schema)).toContain("secret-a");
    });
    const service = createFieldService({ fixture, storage: testStorage(schema, 1) });
    try {
      await service.ready();
      const after = await withClient(async (db) => ({
        text: await schemaText(db, schema),
        versions: (await db.query(`SELECT version FROM "${schema}".migrations ORDER BY version`)).rows.map((r: { version: number }) => r.version),
      }));
      expect(after.versions).toEqual(migrations.map((m) => m.version));
      expect(after.text).not.toContain("secret-a");
      expect(after.text).not.toContain("secret-b");
      expect(after.text.match(/scrypt\$/g)).toHaveLength(fixture.companies.length);
      expect((await login(service, alpha())).status).toBe(200);
      expect((await login(service, { tenantCode: "beta", clientId: "client", secret: "secret-b" })).status).toBe(200);
      expect((await login(service, alpha("secret-b"))).status).toBe(403);
    } finally {
      await service.close();
    }
  });

  it("CRD-2: two service instances on one database share the count: failures split over both throttle the client on both, and other tenants log in", async () => {
    const schema = schemaName("crd");
    schemas.push(schema);
    let t = Date.parse("2026-05-01T08:00:00Z");
    const now = (): Date => new Date(t);
    const one = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2), now });
    const two = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2), now });
    try {
      await one.ready();
      await two.ready();
      // Concurrently, half on each: the database counts each failure once.
      const answers = await Promise.all(Array.from({ length: LOGIN_THROTTLE.client }, (_, i) => login(i % 2 === 0 ? one : two, alpha(`wrong-${i}`))));
      expect(answers.map((r) => r.status)).toEqual(Array.from({ length: LOGIN_THROTTLE.client }, () => 403));
      t += 60_000;
      for (const s of [one, two]) {
        const r = await login(s, alpha());
        expect(r.status).toBe(429);
        expect(r.headers).toEqual({ "retry-after": String(15 * 60 - 60) });
        expect((await login(s, { tenantCode: "beta", clientId: "client", secret: "secret-b" })).status).toBe(200);
      }
      t += LOGIN_THROTTLE.windowMs;
      expect((await login(two, alpha())).status).toBe(200);
      // The success cleared the client's row; ended windows of other keys are swept by the next failure.
      const rows = await withClient(async (db) => (await db.query(`SELECT key, failures FROM "${schema}".login_failures`)).rows);
      expect(rows).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

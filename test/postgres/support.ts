// PostgreSQL test support: a throwaway schema per test file on the server DATABASE_URL names
// (`scripts/with-postgres.sh` starts one), dropped afterwards, so files run in parallel.
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { postgresStorage, type PostgresStorage } from "../../src/postgres/index.js";
import { scryptSecrets } from "../../src/postgres/secrets.js";
import type { SecretHasher } from "../../src/auth/secret.js";

/** The scrypt hasher of the test storages: a low cost (N = 2^10), the same form. */
export const testSecrets: SecretHasher = scryptSecrets({ cost: { N: 1024, r: 8, p: 1 } });

/** The server under test, or `undefined` when PostgreSQL is not configured (the suite is then skipped, loudly: see global-setup.ts). */
export const databaseUrl: string | undefined = process.env["DATABASE_URL"] === "" ? undefined : process.env["DATABASE_URL"];

/** A fresh schema name for one test file: `t_<file>_<random>`. */
export function schemaName(file: string): string {
  return `t_${file.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${Math.random().toString(36).slice(2, 10)}`;
}

/** A storage on the test server in `schema`, with a small pool (many files run at once), telling `onQuery` of each statement when given. */
export function testStorage(schema: string, maxConnections = 4, onQuery?: (text: string, values: readonly unknown[] | undefined) => void): PostgresStorage {
  if (databaseUrl === undefined) throw new Error("DATABASE_URL is not set");
  // scrypt at N = 2^10 rather than 2^14: the same code and stored form, a sixteenth of the cost,
  // so the thousands of logins of the suite stay cheap (docs/decisions.md "Secrets at rest").
  return postgresStorage({ connectionString: databaseUrl, schema, maxConnections, secrets: testSecrets, ...(onQuery === undefined ? {} : { onQuery }) });
}

/**
 * One client of the test server for the tests of the enclosing `describe` (inside a
 * `describe.runIf(databaseUrl !== undefined)`): connected before them, ended after them.
 * @returns the client, once the tests run
 */
export function describeClient(): () => pg.Client {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });
  return () => {
    if (client === undefined) throw new Error("describeClient: the client is connected before the tests run, not while they are declared");
    return client;
  };
}

/** Drops the test schemas made by a file. */
export async function dropSchemas(schemas: Iterable<string>): Promise<void> {
  if (databaseUrl === undefined) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * Makes the next insert into `table` of `schema` fail once as a full disk would (SQLSTATE 53100),
 * through a trigger: a sequence counts the inserts, and its count survives the failed statement.
 * @param db - a connection to the test server
 * @param schema - the schema
 * @param table - the table whose next insert fails
 */
export async function failOnce(db: Pick<pg.Client, "query">, schema: string, table: string): Promise<void> {
  const s = `"${schema}"`;
  await db.query(`CREATE SEQUENCE ${s}.fail_once;
    CREATE FUNCTION ${s}.fail_once() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      IF nextval('${schema}.fail_once') = 1 THEN RAISE EXCEPTION 'no space left' USING ERRCODE = '53100'; END IF;
      RETURN NEW;
    END $f$;
    CREATE TRIGGER fail_once BEFORE INSERT ON ${s}.${table} FOR EACH ROW EXECUTE FUNCTION ${s}.fail_once();`);
}

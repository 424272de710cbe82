// The unique-violation retry policy of the PostgreSQL storage (issue 21, defect 3). A unique
// violation (23505) is re-run once: a concurrent commit took the external ID, and the re-run
// decision sees that record and refuses by GEN-4. If it comes back on the re-run, the rules do
// not see what the constraint does (two keys the decision tells apart and the database does
// not), and retrying is pointless: it is GEN-4's 400 at once, not 20 attempts and a 500. A
// trigger raises the violation on demand, so the policy is tested without relying on which
// texts PostgreSQL happens to conflate.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

const customer = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Teplo s.r.o.", identificationNumber: "27074358",
  contactPeople: [{ externalId: "cp-1", lastName: "Malá" }], addresses: [{ externalId: "adr-1", city: "Brno" }],
  ...extra,
});

/**
 * A service on a fresh schema whose `customers` table raises a unique violation of the
 * external-ID constraint on the inserts `failing` selects (by how many came before), counting
 * every attempt in a sequence (sequences ignore rollbacks).
 */
async function setup(failing: "always" | "first", connections = 2) {
  const schema = schemaName("retry");
  schemas.push(schema);
  const storage = testStorage(schema, connections);
  const service = createFieldService({ fixture: testFixture(), storage, newToken: () => "tok" });
  await service.ready();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`
      CREATE SEQUENCE "${schema}".attempts;
      CREATE FUNCTION "${schema}".taken() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE attempt bigint := nextval('"${schema}".attempts');
      BEGIN
        IF attempt = 1 OR ${failing === "always" ? "true" : "false"} THEN
          RAISE EXCEPTION 'duplicate key value violates unique constraint "customers_company_id_external_id_key"'
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'customers_company_id_external_id_key', TABLE = 'customers', SCHEMA = '${schema}';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER taken BEFORE INSERT ON "${schema}".customers FOR EACH ROW EXECUTE FUNCTION "${schema}".taken();`);
  } finally {
    await admin.end();
  }
  const attempts = async (): Promise<number> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return Number((await c.query(`SELECT last_value FROM "${schema}".attempts`)).rows[0].last_value);
    } finally {
      await c.end();
    }
  };
  await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
  const send = (body: unknown) => service.handle({ method: "POST", path: "/customer", headers: { authorization: "Bearer tok" }, body });
  return { service, storage, send, attempts };
}

describe.runIf(databaseUrl !== undefined)("a unique violation on PostgreSQL", () => {
  it("GEN-4, JRN-1: a unique violation that repeats on the re-run is retried once only, then answered 400 DuplicateExternalId at the body field that carried the external ID, and journaled", async () => {
    const { service, storage, send, attempts } = await setup("always");
    try {
      const r = await send(customer({ externalId: "C-1" }));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ name: "BadRequest", errors: [{ code: "DuplicateExternalId", path: "externalId", message: 'Another customer has the external ID "C-1" (GEN-4).' }] });
      expect(r.effects).toEqual([]);
      expect(await attempts()).toBe(2);
      // Both commits the constraint refused count; the third decision journals the refusal.
      expect(storage.stats().retries).toBe(2);
      // JRN-1: the refusal the constraint made is journaled like one the rules make, with no changes.
      const journal = await service.handle({ method: "GET", path: "/journal", headers: { authorization: "Bearer tok" } });
      expect((journal.body as { items: unknown[] }).items).toMatchObject([{ operation: "addCustomer", outcome: "refused", status: 400, rules: ["GEN-4"], changes: [], answer: r.body }]);
      // IDM-1: under a key, the refusal is the recorded answer of a retry.
      const keyed = () => service.handle({ method: "POST", path: "/customer", headers: { authorization: "Bearer tok", "idempotency-key": "dup" }, body: customer({ externalId: "C-1" }) });
      const first = await keyed();
      expect(first.status).toBe(400);
      expect(await keyed()).toEqual({ ...first, headers: { "idempotent-replayed": "true" } });
    } finally {
      await service.close();
    }
  });

  it("GEN-4: when no body field carried the colliding external ID, the refusal's path is the body (\"\")", async () => {
    const { service, send } = await setup("always");
    try {
      const r = await send(customer());
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errors: [{ code: "DuplicateExternalId", path: "", message: "Another customer has this external ID (GEN-4)." }] });
    } finally {
      await service.close();
    }
  });

  it("GEN-4: a unique violation that a re-run resolves (a concurrent commit) is retried, and the write succeeds", async () => {
    const { service, storage, send, attempts } = await setup("first");
    try {
      const r = await send(customer({ externalId: "C-2" }));
      expect(r.status).toBe(201);
      expect(await attempts()).toBe(2);
      expect(storage.stats().retries).toBe(1);
    } finally {
      await service.close();
    }
  });

  it("GEN-4: on one connection, a script that failed after preparing its statements leaves the connection knowing what it holds: the re-run and the next writes execute them", async () => {
    // The first insert fails inside the script that also prepared the change set (the first
    // write on this connection): whether the PREPARE ran is then asked of the server, so the
    // re-run neither prepares it twice (an error) nor executes one that is not there.
    const { service, storage, send, attempts } = await setup("first", 1);
    try {
      expect((await send(customer({ externalId: "C-3" }))).status).toBe(201);
      expect((await send(customer({ externalId: "C-4", contactPeople: [{ externalId: "cp-2", lastName: "Malá" }], addresses: [{ externalId: "adr-2", city: "Brno" }] }))).status).toBe(201);
      expect(await attempts()).toBe(3);
      expect(storage.stats().retries).toBe(1);
    } finally {
      await service.close();
    }
  });
});

// CRD-4: nothing the service writes or answers holds a client's secret or a bearer token (but
// the token in its own login's answer). Random logins (right and wrong secrets, either tenant,
// dry runs) and writes (with and without idempotency keys), then everything written is searched:
// every answer's body and headers, the journal through GET /journal, the sync, the configuration
// the storage keeps, and on PostgreSQL every row of every table of the schema and `journal export`.
import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import type { PostgresStorage } from "../../src/postgres/index.js";
import { postgresStorage } from "../../src/postgres/index.js";
import { runJournalCommand } from "../../src/server/journal-command.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, testSecrets } from "../postgres/support.js";
import { closeServices, makeService, type TestService } from "./support.js";

const RIGHT = ["secret-a", "secret-b"] as const;
const TENANTS = ["alpha", "beta"] as const;

type Action =
  | { readonly kind: "login"; readonly c: 0 | 1; readonly secret: string | null; readonly dryRun: boolean; readonly address: string | null; readonly malformed: boolean }
  | { readonly kind: "customer"; readonly c: 0 | 1; readonly name: string; readonly key: string | null }
  | { readonly kind: "sync"; readonly c: 0 | 1 };

const wrongSecret = fc.stringMatching(/^[A-Za-z0-9]{10}$/).map((s) => `pw-${s}`);
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant("login" as const), c: fc.constantFrom(0 as const, 1 as const), secret: fc.option(wrongSecret), dryRun: fc.boolean(), address: fc.option(fc.constantFrom("10.0.0.1", "::1")), malformed: fc.boolean() }),
  fc.record({ kind: fc.constant("customer" as const), c: fc.constantFrom(0 as const, 1 as const), name: fc.string({ minLength: 1, maxLength: 20 }), key: fc.option(fc.uuid()) }),
  fc.record({ kind: fc.constant("sync" as const), c: fc.constantFrom(0 as const, 1 as const) }),
);

/** JSON of anything, Maps and Sets as lists. */
function text(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : typeof v === "bigint" ? String(v) : v));
}

async function postgresText(schema: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const tables = await db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = $1", [schema]);
    const parts: string[] = [];
    for (const { table_name } of tables.rows as { table_name: string }[]) {
      for (const r of (await db.query(`SELECT t::text AS t FROM "${schema}"."${table_name}" t`)).rows as { t: string }[]) parts.push(r.t);
    }
    return parts.join("\n");
  } finally {
    await db.end();
  }
}

async function journalExport(schema: string): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runJournalCommand(["journal", "export", "--database-url", databaseUrl as string], {}, { out: (l) => out.push(l), err: (l) => err.push(l) }, (url) =>
    postgresStorage({ connectionString: url, schema, maxConnections: 1, secrets: testSecrets }),
  );
  expect(code).toBe(0);
  // The entries on out, the summary line on err: both are what the command writes.
  return [...out, ...err].join("\n");
}

describe("CRD-4: no secret and no token in what the service writes", () => {
  it("CRD-4: random logins and writes leave no secret or token in answers, the journal, the sync, the stored configuration or the database", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
        let t = Date.parse("2026-05-01T08:00:00Z");
        const service: TestService = makeService({ fixture: testFixture(), now: () => new Date(t) });
        try {
          const written: string[] = [];
          const secrets = new Set<string>(RIGHT);
          const tokens = new Set<string>();
          const held: (string | undefined)[] = [undefined, undefined];
          const keep = (r: ServiceResponse): ServiceResponse => {
            written.push(text(r.body), text(r.headers ?? {}), text(r.effects));
            return r;
          };
          const as = async (c: 0 | 1): Promise<string> => {
            const have = held[c];
            if (have !== undefined) return have;
            const r = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: TENANTS[c], clientId: "client", secret: RIGHT[c] } });
            const token = (r.body as { accessToken?: string } | undefined)?.accessToken;
            if (token === undefined) {
              keep(r);
              return "";
            }
            tokens.add(token);
            held[c] = token;
            return token;
          };
          for (const a of actions) {
            t += 1_000;
            if (a.kind === "login") {
              const secret = a.secret ?? RIGHT[a.c];
              secrets.add(secret);
              const r = await service.handle({
                method: "POST", path: a.dryRun ? "/auth/login?dryRun=true" : "/auth/login", body: a.malformed ? { tenantCode: TENANTS[a.c], clientId: 7, secret: [secret], extra: secret } : { tenantCode: TENANTS[a.c], clientId: "client", secret },
                ...(a.address === null ? {} : { remoteAddress: a.address }),
              });
              const token = (r.body as { accessToken?: string } | undefined)?.accessToken;
              if (token !== undefined) {
                // The one place a token may appear: its own login's answer.
                tokens.add(token);
                written.push(text({ ...(r.body as object), accessToken: "(issued)" }));
              } else keep(r);
            } else if (a.kind === "customer") {
              const token = await as(a.c);
              keep(await service.handle({
                method: "POST", path: "/customer", headers: { authorization: `Bearer ${token}`, ...(a.key === null ? {} : { "idempotency-key": a.key }) },
                body: { name: a.name, addresses: [{ city: "Brno" }] },
              }));
            } else {
              const token = await as(a.c);
              keep(await service.handle({ method: "GET", path: "/sync?scope=technician:t1&from=2026-05-01&to=2026-05-07", headers: { authorization: `Bearer ${token}` } }));
            }
          }
          for (const c of [0, 1] as const) {
            const token = await as(c);
            keep(await service.handle({ method: "GET", path: "/journal?limit=500", headers: { authorization: `Bearer ${token}` } }));
            keep(await service.handle({ method: "GET", path: "/sync?scope=technician:t2&from=2026-05-01&to=2026-05-07", headers: { authorization: `Bearer ${token}` } }));
          }
          written.push(text([...service.companies.values()]));
          if (service.storage !== undefined) {
            const schema = (service.storage as PostgresStorage).schema;
            written.push(await postgresText(schema), await journalExport(schema));
          }
          const all = written.join("\n");
          for (const s of secrets) expect(all, `secret ${s}`).not.toContain(s);
          for (const tok of tokens) expect(all, "a bearer token").not.toContain(tok);
          // The search is not vacuous: the journal and the stored configuration are in what was searched.
          expect(all).toContain("secretHash");
        } finally {
          await closeServices();
        }
      }),
      { numRuns: serviceRuns() },
    );
  });
});

/** Fewer runs on PostgreSQL, where each opens a schema. */
function serviceRuns(): number {
  return process.env["FSR_STORAGE"] === "postgres" ? 6 : 25;
}

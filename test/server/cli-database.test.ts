// The command on PostgreSQL: DATABASE_URL / --database-url pick the storage; an unreachable,
// silent or refused database is one line (after one saying what it waits for, when it waits)
// and exit code 1, within --database-timeout, with the storage closed so the process can end.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { parseCliArgs, startCli } from "../../src/server/cli.js";
import type { StorageFactory } from "../../src/server/command.js";
import { postgresStorage } from "../../src/postgres/index.js";
import { latestMigration } from "../../src/postgres/schema.js";
import type { FieldStorage } from "../../src/service/storage.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { mutedServer, silentServer } from "../postgres/fake-servers.js";
import { databaseUrl, dropSchemas, schemaName } from "../postgres/support.js";

/** A factory that opens the PostgreSQL storage with the command's settings and counts how often each storage it made was closed. */
function counting(schema?: string): { storageFor: StorageFactory; closes: () => number[] } {
  const made: { closed: number }[] = [];
  const storageFor: StorageFactory = (url, settings) => {
    const inner = postgresStorage({ connectionString: url, connectTimeoutMs: settings.connectTimeoutMs, ...(schema === undefined ? {} : { schema }) });
    const entry = { closed: 0 };
    made.push(entry);
    const storage: FieldStorage = {
      ...inner,
      close: async () => {
        entry.closed++;
        await inner.close();
      },
    };
    return storage;
  };
  return { storageFor, closes: () => made.map((m) => m.closed) };
}

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

describe("the command's database setting", () => {
  it("--database-url wins over DATABASE_URL; neither means in memory", () => {
    expect(parseCliArgs(["--database-url", "postgres://a/b"], { DATABASE_URL: "postgres://c/d" })).toMatchObject({ kind: "serve", databaseUrl: "postgres://a/b" });
    expect(parseCliArgs([], { DATABASE_URL: "postgres://c/d" })).toMatchObject({ kind: "serve", databaseUrl: "postgres://c/d" });
    expect(parseCliArgs([], { DATABASE_URL: "" })).toMatchObject({ kind: "serve", databaseUrl: undefined });
    expect(parseCliArgs(["--database-url"], {}).kind).toBe("usage");
  });

  it("an unreachable database is one line naming the setting and the address, exit code 1, nothing served, and the storage closed", async () => {
    const { io, out, err } = captured();
    const { storageFor, closes } = counting();
    const code = await startCli(["--port", "0", "--database-url", "postgres://nobody:secret@127.0.0.1:1/none"], {}, io, "0.1.0", storageFor);
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^field-service-rules: --database-url: cannot open the database at 127\.0\.0\.1:1 \(.*ECONNREFUSED.*\); check the URL and that PostgreSQL is running$/);
    expect(err[0]).not.toContain("secret");
    expect(out).toEqual([]);
    expect(closes()).toEqual([1]);
    const env = await startCli(["--port", "0"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, captured().io, "0.1.0", storageFor);
    expect(env).toBe(1);
  });

  it("a database that accepts the connection and never answers: one line saying what the command waits for, then one giving up after --database-timeout, exit code 1, the storage closed", async () => {
    const fake = await silentServer();
    try {
      const { io, out, err } = captured();
      const { storageFor, closes } = counting();
      const code = await startCli(["--port", "0", "--database-url", fake.url, "--database-timeout", "0.3"], {}, io, "0.1.0", storageFor, { noticeAfterMs: 50 });
      expect(code).toBe(1);
      expect(err).toEqual([
        `field-service-rules: waiting for PostgreSQL at 127.0.0.1:${fake.port} (up to 0.3 s, --database-timeout) ...`,
        expect.stringMatching(new RegExp(`^field-service-rules: --database-url: PostgreSQL at 127\\.0\\.0\\.1:${fake.port} did not answer within 0\\.3 s.*; check that it is running and reachable, or wait longer with --database-timeout$`)),
      ]);
      expect(out).toEqual([]);
      expect(closes()).toEqual([1]);
    } finally {
      await fake.close();
    }
  });

  it("a database that completes the handshake and never answers a query is given up after --database-timeout too (DATABASE_TIMEOUT), not after the statement timeout", async () => {
    const fake = await mutedServer();
    try {
      const { io, err } = captured();
      const { storageFor, closes } = counting();
      const code = await startCli(["--port", "0"], { DATABASE_URL: fake.url, DATABASE_TIMEOUT: "0.3" }, io, "0.1.0", storageFor, { noticeAfterMs: 60_000 });
      expect(code).toBe(1);
      expect(err).toEqual([`field-service-rules: DATABASE_URL: PostgreSQL at 127.0.0.1:${fake.port} did not answer within 0.3 s; check that it is running and reachable, or wait longer with --database-timeout`]);
      expect(closes()).toEqual([1]);
    } finally {
      await fake.close();
    }
  });

  it("without the optional pg package, --database-url says to install it (not \"check the URL\")", async () => {
    const { io, err } = captured();
    // What Node rejects the adapter's import with when pg is not installed (test/server/process.test.ts makes the real one).
    const missing = Object.assign(new Error("Cannot find package 'pg' imported from /app/node_modules/field-service-rules/dist/postgres/index.js"), { code: "ERR_MODULE_NOT_FOUND" });
    const storageFor: StorageFactory = () => Promise.reject(missing);
    expect(await startCli(["--port", "0", "--database-url", "postgres://x@127.0.0.1/y"], {}, io, "0.1.0", storageFor)).toBe(1);
    expect(err).toEqual(["field-service-rules: --database-url: the PostgreSQL driver is not installed; run npm install pg, or leave --database-url out to serve from memory"]);
    // Another package missing is not pg's absence.
    const other = captured();
    const elsewhere = Object.assign(new Error("Cannot find package 'pg-native' imported from /x.js"), { code: "ERR_MODULE_NOT_FOUND" });
    expect(await startCli(["--port", "0", "--database-url", "postgres://x@127.0.0.1/y"], {}, other.io, "0.1.0", () => Promise.reject(elsewhere))).toBe(1);
    expect(other.err[0]).not.toContain("npm install pg");
  });

  it("a database URL without an adapter to open it is refused in one line", async () => {
    const { io, err } = captured();
    expect(await startCli(["--port", "0"], { DATABASE_URL: "postgres://x/y" }, io, "0.1.0")).toBe(1);
    expect(err).toEqual(["field-service-rules: DATABASE_URL: this build cannot open a database; leave it out to serve from memory"]);
  });
});

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

describe.runIf(databaseUrl !== undefined)("the command on PostgreSQL", () => {
  it("AUTH-1: serves the demonstration fixture from PostgreSQL, seeded once, and releases the pool on stop", async () => {
    const schema = schemaName("cli");
    schemas.push(schema);
    const storageFor: StorageFactory = (url) => postgresStorage({ connectionString: url, schema });
    for (let round = 0; round < 2; round++) {
      const { io, out } = captured();
      const run = await startCli(["--port", "0"], { DATABASE_URL: databaseUrl }, io, "0.1.0", storageFor);
      if (typeof run === "number") throw new Error(`exit ${run}`);
      try {
        expect(out[0]).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(PostgreSQL\)\n/);
        const r = await fetch(`${run.baseUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }) });
        expect(r.status).toBe(200);
      } finally {
        await run.stop();
      }
    }
  }, 60_000);

  it("a schema migrated by a newer release is refused at start in one line naming both versions, exit code 1, the storage closed", async () => {
    const schema = schemaName("cli");
    schemas.push(schema);
    const first = await startCli(["--port", "0"], { DATABASE_URL: databaseUrl }, captured().io, "0.1.0", counting(schema).storageFor);
    if (typeof first === "number") throw new Error(`exit ${first}`);
    await first.stop();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`INSERT INTO "${schema}".migrations (version, name) VALUES (${latestMigration + 7}, 'from a newer release')`);
    await admin.end();
    const { io, out, err } = captured();
    const { storageFor, closes } = counting(schema);
    expect(await startCli(["--port", "0"], { DATABASE_URL: databaseUrl }, io, "0.1.0", storageFor)).toBe(1);
    expect(err).toEqual([
      `field-service-rules: DATABASE_URL: the schema ${schema} was migrated to version ${latestMigration + 7} by a newer release of field-service-rules; this build knows versions up to ${latestMigration}: run the newer release, or give this one another schema or database`,
    ]);
    expect(out).toEqual([]);
    expect(closes()).toEqual([1]);
  }, 60_000);

  it("STO-5: a fixture whose locale memory serves (cs-u-kn) is served on PostgreSQL too", async () => {
    const schema = schemaName("cli");
    schemas.push(schema);
    const fixture = structuredClone(demoFixture) as unknown as { companies: { settings?: Record<string, unknown> }[] };
    for (const c of fixture.companies) c.settings = { ...c.settings, locale: "cs-u-kn" };
    const file = join(mkdtempSync(join(tmpdir(), "fsr-cli-")), "numeric.json");
    writeFileSync(file, JSON.stringify(fixture));
    const { io, err } = captured();
    const run = await startCli(["--port", "0", "--fixture", file], { DATABASE_URL: databaseUrl }, io, "0.1.0", counting(schema).storageFor);
    if (typeof run === "number") throw new Error(`exit ${run}: ${err.join("\n")}`);
    try {
      expect(err).toEqual([]);
      const login = await fetch(`${run.baseUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }) });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const page = await fetch(`${run.baseUrl}/store/externalId/centralni-sklad?page=1&pageSize=5`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(page.status).toBe(200);
    } finally {
      await run.stop();
    }
  }, 60_000);
});

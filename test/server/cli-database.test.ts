// The command on PostgreSQL: DATABASE_URL / --database-url pick the storage; an unreachable
// database is one line and exit code 1.
import { afterAll, describe, expect, it } from "vitest";
import { parseCliArgs, startCli } from "../../src/server/cli.js";
import { postgresStorage } from "../../src/postgres/index.js";
import { databaseUrl, dropSchemas, schemaName } from "../postgres/support.js";

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

  it("an unreachable database is one line naming the setting, exit code 1, nothing served", async () => {
    const { io, out, err } = captured();
    const storageFor = (url: string) => postgresStorage({ connectionString: url });
    const code = await startCli(["--port", "0", "--database-url", "postgres://nobody@127.0.0.1:1/none"], {}, io, "0.1.0", storageFor);
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^field-service-rules: --database-url: cannot open the database \(.*\); check the URL and that PostgreSQL is running$/);
    expect(out).toEqual([]);
    const env = await startCli(["--port", "0"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, captured().io, "0.1.0", storageFor);
    expect(env).toBe(1);
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
    const storageFor = (url: string) => postgresStorage({ connectionString: url, schema });
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
});

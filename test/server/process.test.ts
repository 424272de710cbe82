// The command as a process (issue 21): what it prints and that it ends when it cannot serve.
// The entry src/server/main.ts is bundled with esbuild (pg left out of the bundle, as the
// package leaves it to the user), once next to the project's node_modules, where pg resolves,
// and once in a temporary directory, where it does not, as in an install without the optional
// peer dependency. Each run is bounded: a command that does not end is killed and fails.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestMigration } from "../../src/postgres/schema.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { silentServer } from "../postgres/fake-servers.js";
import { databaseUrl, schemaName } from "../postgres/support.js";

const root = join(fileURLToPath(import.meta.url), "..", "..", "..");
// Git ignores reports/; pg resolves from here through the project's node_modules.
const withPg = join(root, "reports", "process-test", Math.random().toString(36).slice(2, 10));
const withoutPg = mkdtempSync(join(tmpdir(), "fsr-no-pg-"));

beforeAll(async () => {
  mkdirSync(withPg, { recursive: true });
  await build({
    entryPoints: [join(root, "src", "server", "main.ts")], bundle: true, splitting: true, format: "esm", platform: "node", target: "node20",
    outdir: withPg, external: ["pg"], logLevel: "silent",
  });
  cpSync(withPg, withoutPg, { recursive: true });
}, 60_000);

afterAll(() => {
  rmSync(withPg, { recursive: true, force: true });
  rmSync(withoutPg, { recursive: true, force: true });
});

interface Ended {
  /** The exit code, or `"killed"` when it had not ended within the bound. */
  readonly code: number | "killed";
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the bundled command in `dir` until it ends, at most `boundMs`. */
function command(dir: string, args: readonly string[], env: Readonly<Record<string, string>> = {}, boundMs = 15_000): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(dir, "main.js"), "--port", "0", ...args], {
      env: { PATH: process.env["PATH"] ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), boundMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? "killed", stdout, stderr });
    });
  });
}

const lines = (text: string): string[] => text.split("\n").filter((l) => l !== "");

describe("the command as a process", () => {
  it("a database that never answers: it says what it waits for, gives up after --database-timeout, and the process ends with exit code 1", async () => {
    const fake = await silentServer();
    try {
      const ended = await command(withPg, ["--database-url", fake.url, "--database-timeout", "1.5"]);
      expect(ended.code).toBe(1);
      expect(lines(ended.stderr)).toEqual([
        `field-service-rules: waiting for PostgreSQL at 127.0.0.1:${fake.port} (up to 1.5 s, --database-timeout) ...`,
        expect.stringMatching(/^field-service-rules: --database-url: PostgreSQL at .* did not answer within 1\.5 s.*--database-timeout$/),
      ]);
      expect(ended.stdout).toBe("");
    } finally {
      await fake.close();
    }
  });

  it("without the optional pg package, --database-url says to run npm install pg, and the process ends with exit code 1", async () => {
    const ended = await command(withoutPg, ["--database-url", "postgres://nobody@127.0.0.1:1/none"]);
    expect(ended.code).toBe(1);
    expect(lines(ended.stderr)).toEqual(["field-service-rules: --database-url: the PostgreSQL driver is not installed; run npm install pg, or leave --database-url out to serve from memory"]);
  });

  it("a --database-url that is not a URL is a usage error: one line, exit code 2", async () => {
    const ended = await command(withPg, ["--database-url", "localhost:5432"]);
    expect(ended.code).toBe(2);
    expect(lines(ended.stderr)).toEqual([expect.stringMatching(/^field-service-rules: --database-url must be a PostgreSQL URL such as postgres:\/\/.*; the value given is a localhost: URL$/)]);
  });

  it("a 600 MB fixture is refused from its size in one line, exit code 1 (nothing read)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fsr-process-"));
    const file = join(dir, "huge.json");
    writeFileSync(file, "");
    truncateSync(file, 600 * 1024 * 1024);
    try {
      const ended = await command(withPg, ["--fixture", file]);
      expect(ended.code).toBe(1);
      expect(lines(ended.stderr)).toEqual([`field-service-rules: --fixture ${file}: 600 MiB is more than a fixture may hold (64 MiB); give a smaller fixture`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("field-service-rules fixture as a process (issue 34 item 3; in process: fixture-file.test.ts)", () => {
  it("`fixture > demo.json` writes the whole fixture and exits 0; an argument is a usage error, exit 2", () => {
    const dir = mkdtempSync(join(tmpdir(), "fsr-process-"));
    const file = join(dir, "from-shell.json");
    try {
      execFileSync("sh", ["-c", `"${process.execPath}" "${join(withPg, "main.js")}" fixture > "${file}"`], { timeout: 15_000 });
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(JSON.parse(JSON.stringify(demoFixture)));
      let code = 0;
      try {
        execFileSync(process.execPath, [join(withPg, "main.js"), "fixture", "extra"], { timeout: 15_000, stdio: "pipe" });
      } catch (e) {
        code = (e as { status: number }).status;
      }
      expect(code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(databaseUrl !== undefined)("the command as a process, on PostgreSQL", () => {
  it("after refusing to open the database (a schema migrated by a newer release) the process ends, exit code 1, one line naming both versions", async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // The command uses schema field_service; a database of this test's own keeps it apart.
    const database = schemaName("proc");
    await admin.query(`CREATE DATABASE ${database}`);
    try {
      const url = new URL(databaseUrl as string);
      url.pathname = `/${database}`;
      const db = new pg.Client({ connectionString: url.href });
      await db.connect();
      await db.query("CREATE SCHEMA field_service; CREATE TABLE field_service.migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
      await db.query(`INSERT INTO field_service.migrations (version, name) VALUES (${latestMigration + 1}, 'from a newer release')`);
      await db.end();
      const ended = await command(withPg, ["--database-url", url.href], {}, 10_000);
      expect(ended.code).toBe(1);
      expect(lines(ended.stderr)).toEqual([
        `field-service-rules: --database-url: the schema field_service was migrated to version ${latestMigration + 1} by a newer release of field-service-rules; this build knows versions up to ${latestMigration}: run the newer release, or give this one another schema or database`,
      ]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});

// The client against the command `npm start` runs: the package built with tsconfig.build.json
// (as `npm run build` builds it, into a private directory so that a `dist/` in use is left
// alone), started as `node <out>/server/main.js --port 0` on 127.0.0.1, driven with the client,
// and stopped with SIGTERM. In memory, as `npm start` runs first: with the suite's DATABASE_URL
// it would write into that database's default schema, and a second run would find the first's
// stock (test/server/cli-database.test.ts covers the command on PostgreSQL).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, FieldServiceError } from "../../src/client/index.js";
import { demo } from "./support.js";

const root = join(fileURLToPath(import.meta.url), "..", "..", "..");
// Under node_modules so that the built files resolve decimal.js and ts-pattern as dist/ does.
const out = join(root, "node_modules", ".cache", "field-service-rules-command-test", "dist");

let child: ChildProcess;
let stdout = "";
let baseUrl: string;

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(root, "tsconfig.build.json"), "--outDir", out], { cwd: root });
  child = spawn(process.execPath, [join(out, "server", "main.js"), "--port", "0"], { cwd: root, env: { ...process.env, PORT: "", HOST: "", DATABASE_URL: "" }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(stdout);
      if (m?.[1] !== undefined) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 25);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`the command exited with ${code} before listening`));
    });
  });
}, 120_000);

afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(out, { recursive: true, force: true });
});

describe("the client against the built command (npm start)", () => {
  it("AUTH-1, INT-1, STK-2, GEN-2: logs in, writes and reads over HTTP; SIGTERM stops the command with exit code 0", async () => {
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = createClient({ baseUrl, ...demo });
    expect((await client.login()).user.companyName).toBeTypeOf("string");
    const added = await client.addToStore({ externalId: "auto-2" }, [{ materialId: "MAT-001", amount: 2.5 }]);
    expect(added.items.map((i) => i.amount)).toEqual([2.5]);
    const page = await client.readStore({ externalId: "auto-2" }, { page: 1, pageSize: 5 });
    expect(page.materials.items.map((i) => [i.name, i.amount])).toEqual([["Šroub M6", 2.5]]);
    const missing = await client.readOrder({ externalId: "NO-SUCH" }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(FieldServiceError);
    expect((missing as FieldServiceError).status).toBe(404);
    expect(stdout).toContain("POST /store/externalId/auto-2/addToStore 201");

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stdout).toContain("SIGTERM received");
  }, 30_000);
});

// `field-service-rules fixture > demo.json` (issue 34 item 3): the demonstration fixture as JSON,
// to copy and edit, loadable back with --fixture. Round trip in process and as a process whose
// standard output a shell redirects to a file, as the README says.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli } from "../../src/server/cli.js";
import { CLI_USAGE } from "../../src/server/command.js";
import { loadFixtureFile, runFixtureCommand } from "../../src/server/fixture-file.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { demoFixture as fromServiceEntry } from "../../src/service/index.js";

const dir = mkdtempSync(join(tmpdir(), "fsr-fixture-"));

beforeAll(async () => {
  await build({ entryPoints: ["src/server/main.ts"], bundle: true, splitting: true, format: "esm", platform: "node", target: "node22", outdir: join(dir, "bin"), external: ["pg"], logLevel: "silent" });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

describe("field-service-rules fixture", () => {
  it("writes the demonstration fixture as JSON, which --fixture loads back unchanged and serves", async () => {
    const c = captured();
    expect(await runCli(["fixture"], {}, c.io, "0")).toBe(0);
    expect(c.err).toEqual([]);
    const file = join(dir, "demo.json");
    writeFileSync(file, `${c.out.join("\n")}\n`);
    const loaded = loadFixtureFile(file);
    expect(loaded).toEqual({ ok: true, fixture: JSON.parse(JSON.stringify(demoFixture)) });

    // Edit a copy, as a user would, and serve it: the edited secret logs in, the old one does not.
    const edited = JSON.parse(readFileSync(file, "utf8")) as typeof demoFixture;
    (edited.companies[0]!.clients[0] as { secret: string }).secret = "edited-secret";
    writeFileSync(file, JSON.stringify(edited));
    const run = await startCli(["--port", "0", "--fixture", file], {}, captured().io, "0");
    if (typeof run === "number") throw new Error(`did not start: ${run}`);
    try {
      const login = (secret: string): Promise<number> =>
        fetch(`${run.baseUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tenantCode: "demo", clientId: "demo-client", secret }) }).then((r) => r.status);
      expect([await login("edited-secret"), await login("demo-secret")]).toEqual([200, 403]);
    } finally {
      await run.stop();
    }
  });

  it("as a process: `fixture > demo.json` writes the whole fixture and exits 0; an argument is a usage error, exit 2", () => {
    const file = join(dir, "from-shell.json");
    execFileSync("sh", ["-c", `"${process.execPath}" "${join(dir, "bin", "main.js")}" fixture > "${file}"`], { timeout: 15_000 });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(JSON.parse(JSON.stringify(demoFixture)));
    let code = 0;
    try {
      execFileSync(process.execPath, [join(dir, "bin", "main.js"), "fixture", "extra"], { timeout: 15_000, stdio: "pipe" });
    } catch (e) {
      code = (e as { status: number }).status;
    }
    expect(code).toBe(2);
  });

  it("--help prints the usage, which names the command; the fixture is also exported by the service entry, which needs no test library", () => {
    const c = captured();
    expect(runFixtureCommand(["--help"], c.io)).toBe(0);
    expect(c.out).toEqual([CLI_USAGE]);
    expect(CLI_USAGE).toContain("field-service-rules fixture > demo.json");
    expect(fromServiceEntry).toBe(demoFixture);
  });
});

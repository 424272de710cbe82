import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadFixtureFile, parseCliArgs, startCli } from "../../src/server/cli.js";
import { demoFixture } from "../../src/testing/demo-fixture.js";

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

describe("the command's settings (flags, then environment, then defaults)", () => {
  it("defaults to 127.0.0.1:8080 and the demo fixture", () => {
    expect(parseCliArgs([], {})).toEqual({ kind: "serve", port: 8080, host: "127.0.0.1", fixturePath: undefined });
  });
  it("a flag wins over the environment; --name=value works too", () => {
    expect(parseCliArgs(["--port", "9000", "--host=0.0.0.0"], { PORT: "7000", HOST: "::1" })).toEqual({ kind: "serve", port: 9000, host: "0.0.0.0", fixturePath: undefined });
    expect(parseCliArgs([], { PORT: "7000", HOST: "::1" })).toEqual({ kind: "serve", port: 7000, host: "::1", fixturePath: undefined });
  });
  it("a bad port names the setting it came from", () => {
    expect(parseCliArgs(["--port", "abc"], {})).toEqual({ kind: "usage", message: '--port must be a whole number from 0 to 65535, got "abc"' });
    expect(parseCliArgs([], { PORT: "70000" })).toEqual({ kind: "usage", message: 'PORT must be a whole number from 0 to 65535, got "70000"' });
    expect(parseCliArgs(["--port"], {}).kind).toBe("usage");
  });
  it("unknown arguments are usage errors; --help and --version win over bad values", () => {
    expect(parseCliArgs(["--nope"], {}).kind).toBe("usage");
    expect(parseCliArgs(["--port", "abc", "--help"], {}).kind).toBe("help");
    expect(parseCliArgs(["--help", "--port", "abc"], {})).toEqual({ kind: "help" });
    expect(parseCliArgs(["--version"], {})).toEqual({ kind: "version" });
  });
});

describe("the fixture file", () => {
  const dir = mkdtempSync(join(tmpdir(), "fsr-cli-"));
  it("an unreadable file is one line naming --fixture and what to do", () => {
    const r = loadFixtureFile(join(dir, "missing.json"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.lines).toEqual([`--fixture ${join(dir, "missing.json")}: cannot read it (ENOENT); give the path of a JSON file`]);
  });
  it("a fixture with problems is refused with every issue and its JSON path", () => {
    const bad = structuredClone(demoFixture) as unknown as { companies: Array<{ users: unknown[]; stores: Array<{ stock?: Array<{ materialId: string }> }> }> };
    bad.companies[0]!.users = [];
    bad.companies[0]!.stores[0]!.stock![0]!.materialId = "no-such-material";
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify(bad));
    const r = loadFixtureFile(file);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.lines[0]).toMatch(/^--fixture .*bad\.json: \d+ problems?; fix them and start again:$/);
      expect(r.lines.some((l) => l.includes("companies[0].stores[0].stock[0].materialId"))).toBe(true);
      expect(r.lines.length).toBeGreaterThanOrEqual(3);
    }
  });
  it("a valid file is served", () => {
    const file = join(dir, "good.json");
    writeFileSync(file, JSON.stringify(demoFixture));
    expect(loadFixtureFile(file).ok).toBe(true);
  });
});

describe("starting and stopping", () => {
  it("serves the login on the port asked for, and stop() closes the server", async () => {
    const { io, out } = captured();
    const run = await startCli(["--port", "0"], {}, io, "9.9.9");
    expect(typeof run).toBe("object");
    if (typeof run === "number") return;
    expect(out[0]).toContain(`field-service-rules 9.9.9: reference service listening on ${run.baseUrl}`);
    const r = await fetch(`${run.baseUrl}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }),
    });
    expect(r.status).toBe(200);
    await run.stop();
    expect(run.server.listening).toBe(false);
  });
  it("a port in use is one line on stderr and exit code 1", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    const { io, err } = captured();
    try {
      expect(await startCli(["--port", String(port)], {}, io, "0")).toBe(1);
      expect(err).toEqual([`field-service-rules: port ${port} on 127.0.0.1 is already in use; stop the other process or pick another with --port`]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
  it("a usage error is exit code 2 with one line; --help and --version exit 0", async () => {
    const bad = captured();
    expect(await startCli(["--port", "abc"], {}, bad.io, "0")).toBe(2);
    expect(bad.err).toHaveLength(1);
    const help = captured();
    expect(await startCli(["--help"], {}, help.io, "0")).toBe(0);
    expect(help.out[0]).toMatch(/^Usage: field-service-rules/);
    const version = captured();
    expect(await startCli(["--version"], {}, version.io, "1.2.3")).toBe(0);
    expect(version.out).toEqual(["1.2.3"]);
  });
});

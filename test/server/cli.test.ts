import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCliArgs, startCli } from "../../src/server/cli.js";
import { CLI_USAGE } from "../../src/server/command.js";
import { demoFixture } from "../../src/service/demo-fixture.js";

function captured(): { io: { out: (l: string) => void; err: (l: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l) }, out, err };
}

describe("the command's settings (flags, then environment, then defaults)", () => {
  it("defaults to 127.0.0.1:8080, the demo fixture and a 10 s database timeout", () => {
    expect(parseCliArgs([], {})).toStrictEqual({ kind: "serve", port: 8080, host: "127.0.0.1", fixturePath: undefined, databaseUrl: undefined, databaseTimeoutMs: 10_000, cors: "*" });
  });
  it("a flag wins over the environment; --name=value works too", () => {
    expect(parseCliArgs(["--port", "9000", "--host=0.0.0.0"], { PORT: "7000", HOST: "::1" })).toMatchObject({ kind: "serve", port: 9000, host: "0.0.0.0", fixturePath: undefined });
    expect(parseCliArgs([], { PORT: "7000", HOST: "::1" })).toMatchObject({ kind: "serve", port: 7000, host: "::1", fixturePath: undefined });
  });
  it("--database-timeout (then DATABASE_TIMEOUT) takes seconds, fractions too; anything else is a usage error naming the setting", () => {
    expect(parseCliArgs(["--database-timeout", "2.5"], { DATABASE_TIMEOUT: "30" })).toMatchObject({ kind: "serve", databaseTimeoutMs: 2_500 });
    expect(parseCliArgs([], { DATABASE_TIMEOUT: "30" })).toMatchObject({ kind: "serve", databaseTimeoutMs: 30_000 });
    expect(parseCliArgs(["--database-timeout=0"], {})).toEqual({ kind: "usage", message: '--database-timeout must be a number of seconds above 0 and at most 3600, got "0"' });
    expect(parseCliArgs([], { DATABASE_TIMEOUT: "ten" })).toEqual({ kind: "usage", message: 'DATABASE_TIMEOUT must be a number of seconds above 0 and at most 3600, got "ten"' });
    expect(parseCliArgs(["--database-timeout", "3601"], {}).kind).toBe("usage");
    expect(CLI_USAGE).toContain("--database-timeout S");
  });
  it("a --database-url (or DATABASE_URL) that is not a postgres:// URL is a usage error, and the value (which may hold a password) is not echoed", () => {
    expect(parseCliArgs(["--database-url", "secret-password@localhost"], {})).toEqual({
      kind: "usage", message: "--database-url must be a PostgreSQL URL such as postgres://user:password@localhost:5432/database; the value given is not a URL",
    });
    expect(parseCliArgs([], { DATABASE_URL: "mysql://root:secret@localhost/db" })).toEqual({
      kind: "usage", message: "DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@localhost:5432/database; the value given is a mysql: URL",
    });
    expect(parseCliArgs(["--database-url", "postgresql://u:p@db.example:6543/x?sslmode=require"], {})).toMatchObject({ kind: "serve", databaseUrl: "postgresql://u:p@db.example:6543/x?sslmode=require" });
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
  it("a fixture refused (here: a directory) is one line on stderr and exit code 1, nothing served", async () => {
    const { io, out, err } = captured();
    expect(await startCli(["--port", "0", "--fixture", tmpdir()], {}, io, "0")).toBe(1);
    expect(err).toEqual([`field-service-rules: --fixture ${tmpdir()}: is a directory; give the path of a JSON file`]);
    expect(out).toEqual([]);
  });
  it("the fixture limit of the command is an option (tests do not need 64 MiB files)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fsr-cli-"));
    const file = join(dir, "demo.json");
    writeFileSync(file, JSON.stringify(demoFixture));
    const { io, err } = captured();
    expect(await startCli(["--port", "0", "--fixture", file], {}, io, "0", undefined, { maxFixtureBytes: 100 })).toBe(1);
    expect(err).toEqual([expect.stringMatching(/^field-service-rules: --fixture .*demo\.json: \d+(\.\d)? KiB is more than a fixture may hold \(100 bytes\); give a smaller fixture$/)]);
  });
  it("a usage error is exit code 2 with one line; --help and --version exit 0", async () => {
    const bad = captured();
    expect(await startCli(["--port", "abc"], {}, bad.io, "0")).toBe(2);
    expect(bad.err).toHaveLength(1);
    const url = captured();
    expect(await startCli(["--database-url", "not a url"], {}, url.io, "0")).toBe(2);
    expect(url.err).toEqual(["field-service-rules: --database-url must be a PostgreSQL URL such as postgres://user:password@localhost:5432/database; the value given is not a URL"]);
    const help = captured();
    expect(await startCli(["--help"], {}, help.io, "0")).toBe(0);
    expect(help.out[0]).toMatch(/^Usage: field-service-rules/);
    const version = captured();
    expect(await startCli(["--version"], {}, version.io, "1.2.3")).toBe(0);
    expect(version.out).toEqual(["1.2.3"]);
  });
});

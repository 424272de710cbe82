import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer as createHttp, Server as HttpServer } from "node:http";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCliArgs, runCli, startCli } from "../../src/server/cli.js";
import { CLI_USAGE } from "../../src/server/command.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { memoryDatabase } from "./memory-database.js";

afterEach(() => {
  vi.restoreAllMocks();
});

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

describe("the command line, flag by flag", () => {
  it("every setting at once, by flag: the whole command read", () => {
    expect(parseCliArgs(["--port", "1", "--host", "::", "--fixture", "f.json", "--database-url", "postgres://h/d", "--database-timeout", "3", "--cors", "http://a.example"], {})).toStrictEqual({
      kind: "serve", port: 1, host: "::", fixturePath: "f.json", databaseUrl: "postgres://h/d", databaseTimeoutMs: 3_000, cors: ["http://a.example"],
    });
  });
  it("-h and -v are --help and --version; --name=value splits at the first =; a flag's value may look like a flag", () => {
    expect(parseCliArgs(["-h"], {})).toEqual({ kind: "help" });
    expect(parseCliArgs(["-v"], {})).toEqual({ kind: "version" });
    expect(parseCliArgs(["--help=yes"], {})).toEqual({ kind: "help" });
    expect(parseCliArgs(["--fixture=a=b.json"], {})).toMatchObject({ kind: "serve", fixturePath: "a=b.json" });
    expect(parseCliArgs(["--host", "--port"], {})).toMatchObject({ kind: "serve", host: "--port", port: 8080 });
  });
  it("a flag without a value, or with an empty one, is a usage error naming the flag", () => {
    expect(parseCliArgs(["--port="], {})).toEqual({ kind: "usage", message: "--port needs a value; see --help" });
    expect(parseCliArgs(["--host", ""], {})).toEqual({ kind: "usage", message: "--host needs a value; see --help" });
    expect(parseCliArgs(["--cors"], {})).toEqual({ kind: "usage", message: "--cors needs a value; see --help" });
  });
  it("anything else is named whole in the usage error: a single dash, a bare --, a value without its flag", () => {
    expect(parseCliArgs(["-p=1"], {})).toEqual({ kind: "usage", message: 'unknown argument "-p=1"; see --help' });
    expect(parseCliArgs(["-h=1"], {})).toEqual({ kind: "usage", message: 'unknown argument "-h=1"; see --help' });
    expect(parseCliArgs(["--=x"], {})).toEqual({ kind: "usage", message: 'unknown argument "--=x"; see --help' });
    expect(parseCliArgs(["--port", "80", "90"], {})).toEqual({ kind: "usage", message: 'unknown argument "90"; see --help' });
  });
  it("a port is 0 to 65535 in at most five digits; empty PORT and HOST are the defaults", () => {
    expect(parseCliArgs(["--port", "65535"], {})).toMatchObject({ port: 65_535 });
    expect(parseCliArgs(["--port", "0"], {})).toMatchObject({ port: 0 });
    expect(parseCliArgs(["--port", "00080"], {})).toMatchObject({ port: 80 });
    for (const bad of ["65536", "123456", "-1", "8O80", " 80", "80 "]) expect(parseCliArgs(["--port", bad], {})).toEqual({ kind: "usage", message: `--port must be a whole number from 0 to 65535, got ${JSON.stringify(bad)}` });
    expect(parseCliArgs([], { PORT: "", HOST: "", DATABASE_TIMEOUT: "" })).toMatchObject({ kind: "serve", port: 8080, host: "127.0.0.1", databaseTimeoutMs: 10_000 });
  });
  it("COR-3: a bad CORS_ORIGINS names the variable, a bad --cors the flag; an empty CORS_ORIGINS is the default", () => {
    expect(parseCliArgs([], { CORS_ORIGINS: "ftp://x" })).toMatchObject({ kind: "usage", message: expect.stringMatching(/^CORS_ORIGINS must be/) });
    expect(parseCliArgs(["--cors", "ftp://x"], { CORS_ORIGINS: "ftp://x" })).toMatchObject({ kind: "usage", message: expect.stringMatching(/^--cors must be/) });
    expect(parseCliArgs([], { CORS_ORIGINS: "", DATABASE_URL: "postgres://h/d" })).toMatchObject({ kind: "serve", cors: [] });
  });
  it("the database settings name where they came from: a bad URL given by flag names the flag even when DATABASE_URL is set", () => {
    expect(parseCliArgs(["--database-url", "mysql://h/d"], { DATABASE_URL: "postgres://h/d" })).toMatchObject({ kind: "usage", message: expect.stringMatching(/^--database-url must be a PostgreSQL URL/) });
    expect(parseCliArgs(["--database-timeout", "0"], { DATABASE_TIMEOUT: "5" })).toMatchObject({ kind: "usage", message: expect.stringMatching(/^--database-timeout must be/) });
  });
});

/** Makes the next `listen` of an HTTP server fail as the system would, with this code. */
function failListen(code: string | undefined): void {
  vi.spyOn(HttpServer.prototype, "listen").mockImplementationOnce(function (this: HttpServer) {
    const error = Object.assign(new Error("listen failed\nat x"), code === undefined ? {} : { code });
    process.nextTick(() => this.emit("error", error));
    return this;
  });
}

describe("what the command says when it cannot listen", () => {
  it("each cause in words, naming the port and host and what to do; exit 1, nothing on stdout", async () => {
    const cases: [string | undefined, string][] = [
      ["EADDRINUSE", "port 8080 on 127.0.0.1 is already in use; stop the other process or pick another with --port"],
      ["EACCES", "port 8080 on 127.0.0.1 needs privileges; pick a port above 1023 with --port"],
      ["EADDRNOTAVAIL", "--host 127.0.0.1 is not an address of this machine; use 127.0.0.1 or 0.0.0.0"],
      ["ENOTFOUND", "--host 127.0.0.1 is not an address of this machine; use 127.0.0.1 or 0.0.0.0"],
      ["EMFILE", "cannot listen on 127.0.0.1:8080 (EMFILE)"],
      [undefined, "cannot listen on 127.0.0.1:8080 (listen failed\nat x)"],
    ];
    for (const [code, why] of cases) {
      failListen(code);
      const { io, out, err } = captured();
      expect(await startCli([], {}, io, "0")).toBe(1);
      expect([out, err]).toEqual([[], [`field-service-rules: ${why}`]]);
    }
  });
  it("a server that listens keeps no listener of the start behind", async () => {
    const run = await startCli(["--port", "0"], {}, captured().io, "0");
    if (typeof run === "number") throw new Error(`exit ${run}`);
    const plain = createHttp();
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      expect([run.server.listenerCount("error"), run.server.listenerCount("listening")]).toEqual([plain.listenerCount("error"), plain.listenerCount("listening")]);
    } finally {
      await run.stop();
      await new Promise((resolve) => plain.close(resolve));
    }
  });
  it("a database that opens within the default second says nothing of waiting", async () => {
    const db = memoryDatabase();
    const slow = async (url: string, settings: { connectTimeoutMs: number }) => {
      const inner = await db.storageFor(url, settings);
      return { ...inner, open: async (fixture: Parameters<typeof inner.open>[0], companies: Parameters<typeof inner.open>[1]) => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await inner.open(fixture, companies);
      } };
    };
    const { io, err } = captured();
    const run = await startCli(["--port", "0", "--database-url", "postgres://db.example/fsr"], {}, io, "0", slow);
    if (typeof run === "number") throw new Error(`exit ${run}`);
    await run.stop();
    expect(err).toEqual([]);
  });
  it("a database opened before the port turned out to be taken is closed", async () => {
    const db = memoryDatabase();
    failListen("EADDRINUSE");
    const { io, err } = captured();
    expect(await startCli(["--database-url", "postgres://db.example/fsr"], {}, io, "0", db.storageFor)).toBe(1);
    expect(err).toEqual(["field-service-rules: port 8080 on 127.0.0.1 is already in use; stop the other process or pick another with --port"]);
    expect(db.closes).toEqual([1]);
  });
});

describe("what the command says when it starts", () => {
  it("CRD-4: the demonstration fixture's credentials and a login to copy, the docs, the CORS it serves, how to stop", async () => {
    const { io, out } = captured();
    const run = await startCli(["--port", "0"], {}, io, "1.2.3");
    if (typeof run === "number") throw new Error(`exit ${run}`);
    try {
      expect(run.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(run.baseUrl).not.toBe("http://127.0.0.1:0");
      const u = run.baseUrl;
      expect(out[0]!.split("\n")).toEqual([
        `field-service-rules 1.2.3: reference service listening on ${u} (in memory)`,
        "",
        "Credentials (tenantCode / clientId / secret):",
        "  demo / demo-client / demo-secret   (Demo Servis s.r.o.)",
        "  teplo / teplo-client / teplo-secret   (Teplo Brno a.s.)",
        "",
        "Log in:",
        `  curl -s -X POST ${u}/auth/login -H 'content-type: application/json' -d '{"tenantCode":"demo","clientId":"demo-client","secret":"demo-secret"}'`,
        "",
        `API reference (try it in the browser): ${u}/docs   OpenAPI 3.1: ${u}/openapi.json`,
        "Browser pages allowed to call it (CORS): any origin",
        "",
        "Stop with Ctrl+C.",
      ]);
      expect(out).toHaveLength(1);
      // The server logs each request on the command's standard output.
      expect((await fetch(`${u}/openapi.json`)).status).toBe(200);
      await vi.waitFor(() => expect(out[1]).toMatch(/^GET \/openapi\.json 200 /));
    } finally {
      await run.stop();
    }
  });
  it("CRD-4: an integrator's fixture's secrets are never printed; a company without a client is said so, and no login is shown without one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fsr-cli-"));
    const file = join(dir, "own.json");
    writeFileSync(file, JSON.stringify(demoFixture));
    const own = captured();
    const run = await startCli(["--port", "0", "--fixture", file], {}, own.io, "0");
    if (typeof run === "number") throw new Error(`exit ${run}`);
    await run.stop();
    const lines = own.out[0]!.split("\n");
    expect(lines.slice(3, 5)).toEqual(["  demo / demo-client / (the secret in your fixture)   (Demo Servis s.r.o.)", "  teplo / teplo-client / (the secret in your fixture)   (Teplo Brno a.s.)"]);
    expect(lines[7]).toContain(`-d '{"tenantCode":"demo","clientId":"demo-client","secret":"(the secret in your fixture)"}'`);
    expect(own.out[0]).not.toContain("demo-secret");
    const none = join(dir, "no-client.json");
    writeFileSync(none, JSON.stringify({ ...demoFixture, companies: demoFixture.companies.map((c, i) => (i === 0 ? { ...c, clients: [] } : c)) }));
    const bare = captured();
    const second = await startCli(["--port", "0", "--fixture", none], {}, bare.io, "0");
    if (typeof second === "number") throw new Error(`exit ${second}`);
    await second.stop();
    const text = bare.out[0]!.split("\n");
    expect(text.slice(3, 6)).toEqual(["  demo / (no client) /    (Demo Servis s.r.o.)", "  teplo / teplo-client / (the secret in your fixture)   (Teplo Brno a.s.)", ""]);
    expect(text[6]).toMatch(/^API reference/);
    // A fixture of no company serves (every login is refused): no credentials, no login to copy.
    const empty = join(dir, "empty.json");
    writeFileSync(empty, JSON.stringify({ companies: [] }));
    const nobody = captured();
    const third = await startCli(["--port", "0", "--fixture", empty], {}, nobody.io, "0");
    if (typeof third === "number") throw new Error(`exit ${third}`);
    await third.stop();
    expect(nobody.out[0]!.split("\n").slice(2, 5)).toEqual(["Credentials (tenantCode / clientId / secret):", "", `API reference (try it in the browser): ${third.baseUrl}/docs   OpenAPI 3.1: ${third.baseUrl}/openapi.json`]);
  });
  it("COR-3: on a database, no page by default (and no CORS headers served); origins given are listed; an IPv6 host is bracketed", async () => {
    const db = memoryDatabase();
    const { io, out } = captured();
    const run = await startCli(["--port", "0", "--host", "::1", "--database-url", "postgres://db.example/fsr"], {}, io, "0", db.storageFor);
    if (typeof run === "number") throw new Error(`exit ${run}`);
    try {
      expect(run.baseUrl).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect(out[0]).toContain(`listening on ${run.baseUrl} (PostgreSQL)`);
      expect(out[0]).toContain("Browser pages allowed to call it (CORS): none (--cors ORIGINS allows some)");
      const answer = await fetch(`${run.baseUrl}/openapi.json`, { headers: { origin: "http://a.example" } });
      expect(answer.headers.get("vary")).toBeNull();
    } finally {
      await run.stop();
    }
    expect(db.closes).toEqual([1]);
    const listed = captured();
    const two = await startCli(["--port", "0", "--cors", "http://a.example,http://b.example"], {}, listed.io, "0");
    if (typeof two === "number") throw new Error(`exit ${two}`);
    try {
      expect(listed.out[0]).toContain("Browser pages allowed to call it (CORS): http://a.example, http://b.example");
      const answer = await fetch(`${two.baseUrl}/openapi.json`, { headers: { origin: "http://b.example" } });
      expect(answer.headers.get("access-control-allow-origin")).toBe("http://b.example");
    } finally {
      await two.stop();
    }
  });
});

describe("stopping", () => {
  it("a connection left in the middle of a request does not hold stop() past its grace", async () => {
    const run = await startCli(["--port", "0"], {}, captured().io, "0");
    if (typeof run === "number") throw new Error(`exit ${run}`);
    const { port } = run.server.address() as { port: number };
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.on("error", () => {});
    socket.write("GET /openapi.json HTTP/1.1\r\nHost: x\r\n");
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await run.stop(50);
    await closed;
    expect(run.server.listening).toBe(false);
  });
  it("runCli ends at once with the exit code of a command that does not serve, and waits for no signal", async () => {
    const before = process.listenerCount("SIGINT");
    const bad = captured();
    expect(await runCli(["--port", "abc"], {}, bad.io, "0")).toBe(2);
    expect(await runCli(["--version"], {}, captured().io, "0")).toBe(0);
    expect(process.listenerCount("SIGINT")).toBe(before);
  });
  it("SIGINT or SIGTERM: says what it does, finishes, resolves 0, and leaves no signal listener behind", async () => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const before = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM") };
      const { io, out } = captured();
      const done = runCli(["--port", "0"], {}, io, "0");
      await vi.waitFor(() => expect(out).toHaveLength(1));
      const added = process.listeners(signal).filter((l) => !before[signal].includes(l));
      expect(added).toHaveLength(1);
      (added[0] as () => void)();
      expect(await done).toBe(0);
      expect(out[1]).toBe(`${signal} received: finishing requests in flight, then stopping.`);
      expect([process.listeners("SIGINT"), process.listeners("SIGTERM")]).toEqual([before.SIGINT, before.SIGTERM]);
    }
  });
});

import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createFieldService, type FieldService } from "../service/create.js";
import type { FieldStorage } from "../service/storage.js";
import { validateFixture, type Fixture } from "../service/fixture.js";
import { demoFixture } from "../testing/demo-fixture.js";
import { createHttpServer } from "./http.js";

/** What the command line asks for, once flags and environment are read. */
export type CliCommand = CliHelp | CliVersion | CliServe | CliUsageError;

/** `--help`: print the usage text. */
export interface CliHelp {
  /** Discriminant. */
  readonly kind: "help";
}

/** `--version`: print the package version. */
export interface CliVersion {
  /** Discriminant. */
  readonly kind: "version";
}

/** Serve the stand-in with these settings. */
export interface CliServe {
  /** Discriminant. */
  readonly kind: "serve";
  /** Port to listen on; 0 picks a free one. */
  readonly port: number;
  /** Address to listen on. */
  readonly host: string;
  /** The fixture file to load, or `undefined` for the demonstration fixture. */
  readonly fixturePath: string | undefined;
  /** The PostgreSQL connection string (`--database-url`, then `DATABASE_URL`), or `undefined` to serve from memory. */
  readonly databaseUrl: string | undefined;
}

/** A usage error: the one line to print before exiting with code 2. */
export interface CliUsageError {
  /** Discriminant. */
  readonly kind: "usage";
  /** Names the setting and what to do. */
  readonly message: string;
}

/** The outcome of {@link loadFixtureFile}. */
export type FixtureFileResult = FixtureFileLoaded | FixtureFileRefused;

/** A fixture file that was read and passed validation. */
export interface FixtureFileLoaded {
  /** Discriminant. */
  readonly ok: true;
  /** The fixture, ready for `createFieldService`. */
  readonly fixture: Fixture;
}

/** A fixture file that cannot be served. */
export interface FixtureFileRefused {
  /** Discriminant. */
  readonly ok: false;
  /** What is wrong: the first line names the file, the next ones each problem with its JSON path. */
  readonly lines: readonly string[];
}

/** Where the command writes; `process` in production, buffers in tests. */
export interface CliIo {
  /** Standard output, one call per line. */
  readonly out: (line: string) => void;
  /** Standard error, one call per line. */
  readonly err: (line: string) => void;
}

/**
 * How the command opens a database storage: `src/server/main.ts` passes the PostgreSQL
 * adapter (`field-service-rules/postgres`), so the server entry itself never imports a
 * driver. Without it, `--database-url` is refused.
 */
export type StorageFactory = (databaseUrl: string) => FieldStorage | Promise<FieldStorage>;

/** A running stand-in started by {@link startCli}. */
export interface RunningCli {
  /** The listening server. */
  readonly server: Server;
  /** The base URL it answers on. */
  readonly baseUrl: string;
  /**
   * Stops accepting connections, lets requests in flight finish (at most `graceMs`, default
   * 5,000 ms, after which the remaining connections are closed) and resolves when the server
   * is closed.
   */
  readonly stop: (graceMs?: number) => Promise<void>;
}

/** The command's usage text (`--help`). */
export const CLI_USAGE: string = `Usage: field-service-rules [--port N] [--host H] [--fixture FILE.json] [--database-url URL]
       field-service-rules --help | --version

Serves the field-service reference API over HTTP: in memory, or on PostgreSQL.

Options (each falls back to the environment variable named, then to the default):
  --port N            port to listen on (PORT; default 8080; 0 picks a free port)
  --host H            address to listen on (HOST; default 127.0.0.1)
  --fixture FILE      a company fixture in JSON (format: the Fixture type of
                      field-service-rules/service, JSON Schema docs/fixture.schema.json
                      in the package); default: the demonstration fixture
  --database-url URL  keep the records in PostgreSQL (DATABASE_URL; default: in
                      memory), schema field_service, created and seeded with the
                      fixture when empty; several processes may share it
  --help              print this text
  --version           print the version

SIGINT or SIGTERM stops accepting, finishes the requests in flight and exits 0.
Exit codes: 0 stopped by a signal, 1 a runtime failure (port in use, unreadable or invalid
fixture, unreachable database), 2 a usage error (unknown flag, bad value).`;

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = "127.0.0.1";

function parsePort(text: string, source: string): number | string {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) return `${source} must be a whole number from 0 to 65535, got ${JSON.stringify(text)}`;
  return Number(text);
}

/**
 * Reads the command line and the environment: flags first, then `PORT` / `HOST`, then the
 * defaults (docs/service.md "The command"). Pure: it reads nothing else.
 * @param argv - the arguments after the script name
 * @param env - the environment
 * @returns what to do, or a usage error naming the setting
 * @example
 * parseCliArgs(["--port", "9000"], {}) //=> { kind: "serve", port: 9000, host: "127.0.0.1", fixturePath: undefined, databaseUrl: undefined }
 * parseCliArgs(["--port", "abc"], {}).kind //=> "usage"
 */
export function parseCliArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  let port: string | undefined;
  let host: string | undefined;
  let fixturePath: string | undefined;
  let databaseUrl: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : undefined;
    if (name === "--help" || name === "-h") return { kind: "help" };
    if (name === "--version" || name === "-v") return { kind: "version" };
    if (name === "--port" || name === "--host" || name === "--fixture" || name === "--database-url") {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") return { kind: "usage", message: `${name} needs a value; see --help` };
      if (name === "--port") port = value;
      else if (name === "--host") host = value;
      else if (name === "--database-url") databaseUrl = value;
      else fixturePath = value;
      continue;
    }
    return { kind: "usage", message: `unknown argument ${JSON.stringify(arg)}; see --help` };
  }
  const portText = port ?? env["PORT"];
  const portSource = port !== undefined ? "--port" : "PORT";
  let portNumber = DEFAULT_PORT;
  if (portText !== undefined && portText !== "") {
    const parsed = parsePort(portText, portSource);
    if (typeof parsed === "string") return { kind: "usage", message: parsed };
    portNumber = parsed;
  }
  const hostText = host ?? env["HOST"];
  const urlText = databaseUrl ?? env["DATABASE_URL"];
  return {
    kind: "serve", port: portNumber, host: hostText === undefined || hostText === "" ? DEFAULT_HOST : hostText, fixturePath,
    databaseUrl: urlText === undefined || urlText === "" ? undefined : urlText,
  };
}

/**
 * Reads and validates a fixture file: every problem is returned as one line naming its JSON
 * path, so the command can refuse it before serving.
 * @param path - the file to read
 * @returns the fixture, or the lines that say what is wrong
 * @example
 * loadFixtureFile("missing.json") //=> { ok: false, lines: ["--fixture missing.json: cannot read it (ENOENT); give the path of a JSON file"] }
 */
export function loadFixtureFile(path: string): FixtureFileResult {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "error";
    return { ok: false, lines: [`--fixture ${path}: cannot read it (${code}); give the path of a JSON file`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, lines: [`--fixture ${path}: not valid JSON (${error instanceof Error ? error.message : "parse error"})`] };
  }
  const issues = validateFixture(json);
  if (issues.length > 0) {
    const lines = [`--fixture ${path}: ${issues.length} problem${issues.length === 1 ? "" : "s"}; fix them and start again:`];
    for (const i of issues) lines.push(`  ${i.path === "" ? "(root)" : i.path}: ${i.code}: ${i.message}`);
    return { ok: false, lines };
  }
  return { ok: true, fixture: json as Fixture };
}

function listen(server: Server, port: number, host: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.off("listening", onListening);
      const why =
        error.code === "EADDRINUSE" ? `port ${port} on ${host} is already in use; stop the other process or pick another with --port` :
        error.code === "EACCES" ? `port ${port} on ${host} needs privileges; pick a port above 1023 with --port` :
        error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND" ? `--host ${host} is not an address of this machine; use 127.0.0.1 or 0.0.0.0` :
        `cannot listen on ${host}:${port} (${error.code ?? error.message})`;
      resolve(why);
    };
    const onListening = (): void => {
      server.off("error", onError);
      resolve(undefined);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

/**
 * Starts the stand-in as the command does: reads the settings, loads the fixture, listens,
 * and prints the base URL and the demo credentials. Never throws: a failure is one line on
 * `io.err` and an exit code.
 * @param argv - the arguments after the script name
 * @param env - the environment (`PORT`, `HOST`)
 * @param io - where to write
 * @param version - the package version, for `--version`
 * @param storageFor - opens the storage a database URL names (main.ts passes the PostgreSQL adapter)
 * @returns the running server, or the exit code to end with (0 after help or version)
 * @example
 * const lines = [];
 * const run = await startCli(["--port", "0"], {}, { out: (l) => lines.push(l), err: (l) => lines.push(l) }, "0.1.0");
 * lines[0].startsWith("field-service-rules 0.1.0: reference service listening on http://127.0.0.1:") //=> true
 * await run.stop();
 * await startCli(["--port", "abc"], {}, { out: () => {}, err: (l) => lines.push(l) }, "0.1.0") //=> 2
 */
export async function startCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
  version: string,
  storageFor?: StorageFactory,
): Promise<RunningCli | number> {
  const command = parseCliArgs(argv, env);
  if (command.kind === "help") {
    io.out(CLI_USAGE);
    return 0;
  }
  if (command.kind === "version") {
    io.out(version);
    return 0;
  }
  if (command.kind === "usage") {
    io.err(`field-service-rules: ${command.message}`);
    return 2;
  }
  let fixture: Fixture = demoFixture;
  if (command.fixturePath !== undefined) {
    const loaded = loadFixtureFile(command.fixturePath);
    if (!loaded.ok) {
      for (const line of loaded.lines) io.err(`field-service-rules: ${line}`);
      return 1;
    }
    fixture = loaded.fixture;
  }
  let service: FieldService;
  if (command.databaseUrl === undefined) service = createFieldService({ fixture });
  else {
    const setting = argv.some((a) => a === "--database-url" || a.startsWith("--database-url=")) ? "--database-url" : "DATABASE_URL";
    if (storageFor === undefined) {
      io.err(`field-service-rules: ${setting}: this build cannot open a database; leave it out to serve from memory`);
      return 1;
    }
    try {
      service = createFieldService({ fixture, storage: await storageFor(command.databaseUrl) });
      await service.ready();
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      io.err(`field-service-rules: ${setting}: cannot open the database (${why}); check the URL and that PostgreSQL is running`);
      return 1;
    }
  }
  const server = createHttpServer(service, { log: io.out, docs: { version } });
  const failure = await listen(server, command.port, command.host);
  if (failure !== undefined) {
    await service.close().catch(() => {});
    io.err(`field-service-rules: ${failure}`);
    return 1;
  }
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : command.port;
  const shownHost = command.host.includes(":") ? `[${command.host}]` : command.host;
  const baseUrl = `http://${shownHost}:${port}`;
  const first = fixture.companies[0];
  const client = first?.clients[0];
  io.out(
    [
      `field-service-rules ${version}: reference service listening on ${baseUrl} (${command.databaseUrl === undefined ? "in memory" : "PostgreSQL"})`,
      "",
      "Credentials (tenantCode / clientId / secret):",
      ...fixture.companies.map((c) => `  ${c.tenantCode} / ${c.clients[0]?.clientId ?? "(no client)"} / ${c.clients[0]?.secret ?? ""}   (${c.name})`),
      "",
      ...(first !== undefined && client !== undefined
        ? [
            "Log in:",
            `  curl -s -X POST ${baseUrl}/auth/login -H 'content-type: application/json' -d '${JSON.stringify({ tenantCode: first.tenantCode, clientId: client.clientId, secret: client.secret })}'`,
            "",
          ]
        : []),
      `API reference (try it in the browser): ${baseUrl}/docs   OpenAPI 3.1: ${baseUrl}/openapi.json`,
      "",
      "Stop with Ctrl+C.",
    ].join("\n"),
  );
  const stop = (graceMs = 5_000): Promise<void> =>
    new Promise((resolve) => {
      // Stop accepting; idle keep-alive sockets go now, busy ones when their response is sent;
      // the storage (a database pool) is released once the last answer is out.
      server.close(() => {
        void service.close().catch(() => {}).then(() => resolve());
      });
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
    });
  return { server, baseUrl, stop };
}

/**
 * The command's whole run, as `npm start` and `npx field-service-rules` call it: starts the
 * stand-in and, on SIGINT or SIGTERM, stops accepting, finishes the requests in flight and
 * resolves with exit code 0. Failures resolve with 1 (runtime) or 2 (usage), after one line
 * on stderr and no stack trace.
 * @param argv - the arguments after the script name
 * @param env - the environment
 * @param io - where to write
 * @param version - the package version
 * @param storageFor - opens the storage a database URL names (main.ts passes the PostgreSQL adapter)
 * @returns the exit code
 * @example
 * ```ts not-run
 * // waits for SIGINT or SIGTERM: src/server/main.ts does exactly this
 * const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
 * process.exitCode = await runCli(process.argv.slice(2), process.env, io, "0.1.0");
 * ```
 */
export async function runCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
  version: string,
  storageFor?: StorageFactory,
): Promise<number> {
  const started = await startCli(argv, env, io, version, storageFor);
  if (typeof started === "number") return started;
  return new Promise((resolve) => {
    const onSignal = (signal: string): void => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      io.out(`${signal} received: finishing requests in flight, then stopping.`);
      void started.stop().then(() => resolve(0));
    };
    const onInt = (): void => onSignal("SIGINT");
    const onTerm = (): void => onSignal("SIGTERM");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
  });
}

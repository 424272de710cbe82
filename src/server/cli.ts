// Serving: the command line of `field-service-rules` read into settings, the stand-in started on
// them and stopped by a signal. `runCli` hands `fixture`, `journal export` and `replay` to their
// modules; what all the forms share is in `command.ts`.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createFieldService } from "../service/create.js";
import type { FieldService } from "../service/entry-point.js";
import { scryptSecrets } from "../postgres/secrets.js";
import { defaultCors, parseCorsOrigins, type CorsOrigins } from "../api/cors.js";
import { createHttpServer } from "./http.js";
import { answerHelpOrUsage, checkDatabaseUrl, DEFAULT_DATABASE_TIMEOUT_MS, parseTimeout, type CliHelp, type CliIo, type CliOptions, type CliUsageError, type StorageFactory } from "./command.js";
import { commandFixture, runFixtureCommand } from "./fixture-file.js";
import { openDatabase } from "./open-database.js";

/** What the command line asks for, once flags and environment are read. */
export type CliCommand = CliHelp | CliVersion | CliServe | CliUsageError;

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
  /**
   * How long to wait for PostgreSQL, in milliseconds (`--database-timeout` or `DATABASE_TIMEOUT`
   * in seconds; default {@link DEFAULT_DATABASE_TIMEOUT_MS}): at start for the database to be
   * opened, later for each connection.
   */
  readonly databaseTimeoutMs: number;
  /**
   * The page origins browsers may call the server from (`--cors`, then `CORS_ORIGINS`): `"*"`
   * for any, `[]` for none. Default: any origin in memory, none on PostgreSQL (COR-3).
   */
  readonly cors: CorsOrigins;
}

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
 * parseCliArgs(["--port", "9000"], {}) //=> { kind: "serve", port: 9000, host: "127.0.0.1", fixturePath: undefined, databaseUrl: undefined, databaseTimeoutMs: 10000, cors: "*" }
 * parseCliArgs(["--database-url", "postgres://localhost/fsr"], {}).cors //=> []
 * parseCliArgs(["--cors", "http://localhost:5173"], { DATABASE_URL: "postgres://localhost/fsr" }).cors //=> ["http://localhost:5173"]
 * parseCliArgs(["--port", "abc"], {}).kind //=> "usage"
 * parseCliArgs(["--database-url", "localhost"], {}).kind //=> "usage"
 */
export function parseCliArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliCommand {
  let port: string | undefined;
  let host: string | undefined;
  let fixturePath: string | undefined;
  let databaseUrl: string | undefined;
  let databaseTimeout: string | undefined;
  let cors: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    // Stryker disable next-line StringLiteral: i < argv.length, so argv[i] is a string; the fallback only satisfies the index's type
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    // `eq` is never 0 or 1 for a flag: it starts with "--".
    const name = arg.startsWith("--") && eq !== -1 ? arg.slice(0, eq) : arg;
    const inline = name === arg ? undefined : arg.slice(eq + 1);
    if (name === "--help" || name === "-h") return { kind: "help" };
    if (name === "--version" || name === "-v") return { kind: "version" };
    if (name === "--port" || name === "--host" || name === "--fixture" || name === "--database-url" || name === "--database-timeout" || name === "--cors") {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") return { kind: "usage", message: `${name} needs a value; see --help` };
      if (name === "--port") port = value;
      else if (name === "--host") host = value;
      else if (name === "--database-url") databaseUrl = value;
      else if (name === "--database-timeout") databaseTimeout = value;
      else if (name === "--cors") cors = value;
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
  const url = urlText === "" ? undefined : urlText;
  if (url !== undefined) {
    const bad = checkDatabaseUrl(url, databaseUrl !== undefined ? "--database-url" : "DATABASE_URL");
    if (bad !== undefined) return { kind: "usage", message: bad };
  }
  const timeoutText = databaseTimeout ?? env["DATABASE_TIMEOUT"];
  let databaseTimeoutMs = DEFAULT_DATABASE_TIMEOUT_MS;
  if (timeoutText !== undefined && timeoutText !== "") {
    const parsed = parseTimeout(timeoutText, databaseTimeout !== undefined ? "--database-timeout" : "DATABASE_TIMEOUT");
    if (typeof parsed === "string") return { kind: "usage", message: parsed };
    databaseTimeoutMs = parsed;
  }
  const corsText = cors ?? env["CORS_ORIGINS"];
  let corsOrigins: CorsOrigins = defaultCors(url);
  if (corsText !== undefined && corsText !== "") {
    const parsed = parseCorsOrigins(corsText, cors !== undefined ? "--cors" : "CORS_ORIGINS");
    if (typeof parsed === "object" && "usage" in parsed) return { kind: "usage", message: parsed.usage };
    corsOrigins = parsed;
  }
  return {
    kind: "serve", port: portNumber, host: hostText === undefined || hostText === "" ? DEFAULT_HOST : hostText, fixturePath,
    databaseUrl: url, databaseTimeoutMs, cors: corsOrigins,
  };
}

function listen(server: Server, port: number, host: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      // Stryker disable next-line StringLiteral: a server that failed to listen is dropped, so a listener left on it never runs
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
 * Starts the stand-in as the command does: reads the settings, loads the fixture, opens the
 * database if one is given (within `--database-timeout`, saying what it waits for after a
 * second), listens, and prints the base URL and the demo credentials. Never throws: a failure
 * is one line on `io.err` and an exit code, after the storage is closed.
 * @param argv - the arguments after the script name
 * @param env - the environment (`PORT`, `HOST`)
 * @param io - where to write
 * @param version - the package version, for `--version`
 * @param storageFor - opens the storage a database URL names (main.ts passes the PostgreSQL adapter)
 * @param options - when to say what the command waits for, the largest fixture file
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
  options: CliOptions = {},
): Promise<RunningCli | number> {
  const command = parseCliArgs(argv, env);
  if (command.kind === "version") {
    io.out(version);
    return 0;
  }
  if (command.kind === "help" || command.kind === "usage") return answerHelpOrUsage(command, io);
  const fixture = commandFixture(command.fixturePath, io, options);
  if (typeof fixture === "number") return fixture;
  let service: FieldService;
  // In memory too, secrets are kept as scrypt hashes (CRD-1); the PostgreSQL storage brings its own.
  if (command.databaseUrl === undefined) service = createFieldService({ fixture, secrets: scryptSecrets() });
  else {
    const opened = await openDatabase(command.databaseUrl, command.databaseTimeoutMs, fixture, argv, io, storageFor, options.noticeAfterMs ?? 1_000);
    if (typeof opened === "number") return opened;
    service = opened.service;
  }
  const cors = command.cors;
  // Any origin ("*", a string of length 1) or some: given; none: left out, so no CORS header is sent.
  const server = createHttpServer(service, { log: io.out, docs: { version }, ...(cors.length > 0 ? { cors } : {}) });
  const failure = await listen(server, command.port, command.host);
  if (failure !== undefined) {
    await service.close().catch(() => {});
    io.err(`field-service-rules: ${failure}`);
    return 1;
  }
  // Listening on TCP: the address is the port's, never a pipe's name or null.
  const { port } = server.address() as AddressInfo;
  const shownHost = command.host.includes(":") ? `[${command.host}]` : command.host;
  const baseUrl = `http://${shownHost}:${port}`;
  const first = fixture.companies[0];
  const client = first?.clients[0];
  // CRD-4: a secret is printed only for the built-in demo fixture, whose secrets the README
  // publishes; an integrator's fixture's secrets stay out of the log.
  // A client of a fixture file may carry only a stored form of its secret (CRD-1): none to show.
  const shown = (secret: string | undefined): string => (command.fixturePath === undefined ? secret : undefined) ?? "(the secret in your fixture)";
  io.out(
    [
      `field-service-rules ${version}: reference service listening on ${baseUrl} (${command.databaseUrl === undefined ? "in memory" : "PostgreSQL"})`,
      "",
      "Credentials (tenantCode / clientId / secret):",
      ...fixture.companies.map((c) => `  ${c.tenantCode} / ${c.clients[0]?.clientId ?? "(no client)"} / ${c.clients[0] === undefined ? "" : shown(c.clients[0].secret)}   (${c.name})`),
      "",
      // Stryker disable next-line ConditionalExpression: client is first?.clients[0], undefined whenever first is; the test narrows first's type
      ...(first !== undefined && client !== undefined
        ? [
            "Log in:",
            `  curl -s -X POST ${baseUrl}/auth/login -H 'content-type: application/json' -d '${JSON.stringify({ tenantCode: first.tenantCode, clientId: client.clientId, secret: shown(client.secret) })}'`,
            "",
          ]
        : []),
      `API reference (try it in the browser): ${baseUrl}/docs   OpenAPI 3.1: ${baseUrl}/openapi.json`,
      `Browser pages allowed to call it (CORS): ${cors === "*" ? "any origin" : cors.length === 0 ? "none (--cors ORIGINS allows some)" : cors.join(", ")}`,
      "",
      "Stop with Ctrl+C.",
    ].join("\n"),
  );
  const stop = (graceMs = 5_000): Promise<void> =>
    new Promise((resolve) => {
      // Stop accepting; idle keep-alive sockets go now (server.close closes them itself since
      // Node 19), busy ones when their response is sent; the storage (a database pool) is
      // released once the last answer is out.
      server.close(() => {
        void service.close().catch(() => {}).then(() => resolve());
      });
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
    });
  return { server, baseUrl, stop };
}

/**
 * The command's whole run, as `npm start` and `npx field-service-rules` call it: starts the
 * stand-in and, on SIGINT or SIGTERM, stops accepting, finishes the requests in flight and
 * resolves with exit code 0. Failures resolve with 1 (runtime) or 2 (usage), after one line
 * on stderr and no stack trace. `journal export …` and `replay …` run those commands instead
 * and resolve with their exit codes (`CLI_USAGE` lists both).
 * @param argv - the arguments after the script name
 * @param env - the environment
 * @param io - where to write
 * @param version - the package version
 * @param storageFor - opens the storage a database URL names (main.ts passes the PostgreSQL adapter)
 * @param options - as for {@link startCli}
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
  options: CliOptions = {},
): Promise<number> {
  if (argv[0] === "fixture") return runFixtureCommand(argv.slice(1), io);
  if (argv[0] === "journal" || argv[0] === "replay") {
    // Loaded only for these commands: serving never reads the replay machinery.
    const { runJournalCommand } = await import("./journal-command.js");
    return runJournalCommand(argv, env, io, storageFor, options);
  }
  const started = await startCli(argv, env, io, version, storageFor, options);
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

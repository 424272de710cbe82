#!/usr/bin/env node
// `npm start` and `npx field-service-rules`: one code path (runCli, src/server/cli.ts) for both.
import { readFileSync } from "node:fs";
import { runCli } from "./cli.js";
import { batchedLines } from "./log-lines.js";
import type { StorageSettings } from "./command.js";
import type { FieldStorage } from "../service/storage.js";

function packageVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    return typeof pkg === "object" && pkg !== null && "version" in pkg && typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

// The composition root: the PostgreSQL adapter (and its optional peer `pg`) is loaded only
// when a database URL is given; without `pg` installed the import rejects with
// ERR_MODULE_NOT_FOUND, which the command turns into "npm install pg".
async function storageFor(databaseUrl: string, settings: StorageSettings): Promise<FieldStorage> {
  const { postgresStorage } = await import("../postgres/index.js");
  const options = { connectionString: databaseUrl, connectTimeoutMs: settings.connectTimeoutMs };
  return postgresStorage(settings.schema === undefined ? options : { ...options, schema: settings.schema });
}

// Standard output (one access-log line a request) is written once a turn of the event loop, and
// whatever is kept at exit is written then; errors go out at once.
const out = batchedLines((text) => process.stdout.write(text));
// As with console.log: a standard output whose reader has gone (EPIPE) does not end the server.
process.stdout.on("error", () => {});
process.on("exit", out.flush);
const io = { out: out.line, err: (line: string): void => console.error(line) };
const code = await runCli(process.argv.slice(2), process.env, io, packageVersion(), storageFor);
process.exitCode = code;
// The command has closed what it opened, so the process normally ends here by itself. If a
// driver still holds a socket (a connection stuck in a query the server never answers), end
// it anyway within a second: a command that is done never lingers. The timer does not keep
// the process alive on its own.
setTimeout(() => process.exit(code), 1_000).unref();

#!/usr/bin/env node
// `npm start` and `npx field-service-rules`: one code path (src/server/cli.ts) for both.
import { readFileSync } from "node:fs";
import { runCli } from "./cli.js";
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
// when a database URL is given.
async function storageFor(databaseUrl: string): Promise<FieldStorage> {
  const { postgresStorage } = await import("../postgres/index.js");
  return postgresStorage({ connectionString: databaseUrl });
}

const io = { out: (line: string): void => console.log(line), err: (line: string): void => console.error(line) };
process.exitCode = await runCli(process.argv.slice(2), process.env, io, packageVersion(), storageFor);

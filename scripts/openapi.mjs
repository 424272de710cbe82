#!/usr/bin/env node
// Writes docs/openapi.json from the built service (run by `npm run docs` after the build);
// test/api/openapi.test.ts fails when the file is stale, and `npm test` lints it with
// `redocly lint` (rules in redocly.yaml, each one turned off explained in docs/decisions.md).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const { openApiDocument } = await import(join(root, "dist", "service", "index.js"));
writeFileSync(join(root, "docs", "openapi.json"), `${JSON.stringify(openApiDocument(version), null, 2)}\n`);
console.log("wrote docs/openapi.json");

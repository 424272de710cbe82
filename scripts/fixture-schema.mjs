#!/usr/bin/env node
// Writes docs/fixture.schema.json from the built fixtureJsonSchema (run by `npm run docs` after
// the build); test/service/fixture-schema.test.ts fails when the file is stale.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const { fixtureJsonSchema } = await import(join(root, "dist", "service", "fixture-schema.js"));
writeFileSync(join(root, "docs", "fixture.schema.json"), `${JSON.stringify(fixtureJsonSchema, null, 2)}\n`);
console.log("wrote docs/fixture.schema.json");

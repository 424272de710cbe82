#!/usr/bin/env node
// docs/service.md is the reference service's contract as the package ships it: a copy of the
// product spec's SERVICE.md, which lives outside the repository (../shared/spec/). TSDoc and
// the README cite docs/service.md, so the citation resolves inside the installed package.
// `--check` exits 1 when the copy differs from the spec (only where ../shared is present).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const spec = join(root, "..", "shared", "spec", "SERVICE.md");
const target = join(root, "docs", "service.md");
const header =
  "<!-- A copy of the product spec's SERVICE.md, kept current by `npm run docs` and checked by `npm test`. Edit the spec, not this file. -->\n\n";

if (!existsSync(spec)) {
  console.log("docs/service.md: no ../shared/spec/SERVICE.md beside the checkout; the committed copy stands.");
  process.exit(0);
}
const text = header + readFileSync(spec, "utf8");
if (process.argv.includes("--check")) {
  if (!existsSync(target) || readFileSync(target, "utf8") !== text) {
    console.error("docs/service.md differs from ../shared/spec/SERVICE.md: run `npm run docs`");
    process.exit(1);
  }
  console.log("docs/service.md matches the spec's SERVICE.md.");
} else {
  writeFileSync(target, text);
  console.log("wrote docs/service.md");
}

#!/usr/bin/env node
// docs/service.md is the reference service's contract as the package ships it: a copy of the
// product spec's SERVICE.md, which lives outside the repository (../shared/spec/). TSDoc and
// the README cite docs/service.md, so the citation resolves inside the installed package.
// `--check` exits 1 when the copy differs from the spec (only where ../shared is present).
// The package's own extensions (docs/service-extensions.md) follow the spec's text, so the
// contract users read lists them too, and the spec itself stays as it is.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const spec = join(root, "..", "shared", "spec", "SERVICE.md");
const target = join(root, "docs", "service.md");
const header =
  "<!-- A copy of the product spec's SERVICE.md and then docs/service-extensions.md, kept current by `npm run docs` and checked by `npm test`. Edit those, not this file. -->\n\n";

if (!existsSync(spec)) {
  console.log("docs/service.md: no ../shared/spec/SERVICE.md beside the checkout; the committed copy stands.");
  process.exit(0);
}
const extensions = join(root, "docs", "service-extensions.md");
const text = header + readFileSync(spec, "utf8") + (existsSync(extensions) ? `\n${readFileSync(extensions, "utf8")}` : "");
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

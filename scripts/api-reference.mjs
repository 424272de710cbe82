#!/usr/bin/env node
// Builds the API reference in one typedoc run (typedoc.json): the HTML site with search into
// docs/site/ (git-ignored) and the Markdown reference into docs/api/ (committed, for reading on a
// forge). `--check` (in `npm test`) writes the Markdown into a temporary folder instead and
// fails when it differs from the committed docs/api/, so the committed reference stays current;
// the site is always rebuilt, for the browser test (test/docs/site.test.ts).
import { Application } from "typedoc";
import { API_BASE } from "./rules-table.mjs";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const check = process.argv.includes("--check");

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

const tmp = check ? mkdtempSync(join(tmpdir(), "api-reference-")) : undefined;
try {
  const app = await Application.bootstrapWithPlugins({ options: join(root, "typedoc.json") });
  if (tmp !== undefined) {
    const outputs = app.options.getValue("outputs").map((o) => (o.name === "markdown" ? { ...o, path: tmp } : o));
    app.options.setValue("outputs", outputs);
  }
  const project = await app.convert();
  if (project === undefined) process.exit(1);
  await app.generateOutputs(project);
  if (app.logger.hasErrors() || app.logger.hasWarnings()) process.exit(1);
  if (tmp !== undefined) {
    const committed = join(root, "docs", "api");
    const a = new Map(listFiles(committed).map((f) => [relative(committed, f), f]));
    const b = new Map(listFiles(tmp).map((f) => [relative(tmp, f), f]));
    const stale = [...new Set([...a.keys(), ...b.keys()])].filter((k) => {
      const x = a.get(k);
      const y = b.get(k);
      return x === undefined || y === undefined || !readFileSync(x).equals(readFileSync(y));
    });
    if (stale.length > 0) {
      console.error(`docs/api/ is stale (${stale.length} files differ, e.g. ${stale.slice(0, 5).join(", ")}): run \`npm run docs\``);
      process.exit(1);
    }
    // Every relative link of the Markdown reference, and the catalog's links into it, name a file.
    const broken = [];
    const linkTargets = (file) => [...readFileSync(file, "utf8").matchAll(/\]\(([^)#\s]+\.(?:md|json))(?:#[^)]*)?\)/g)].map((m) => m[1]);
    for (const file of [...a.values(), join(root, "docs", "rules.md")]) {
      for (const link of linkTargets(file)) {
        // The catalog links the reference by its forge URL (docs/api/ does not ship): check the file.
        const local = link.startsWith(API_BASE) ? join(root, "docs", "api", link.slice(API_BASE.length)) : /^[a-z]+:/i.test(link) ? undefined : join(file, "..", decodeURI(link));
        if (local !== undefined && !existsSync(local)) broken.push(`${relative(root, file)} -> ${link}`);
      }
    }
    if (broken.length > 0) {
      console.error(`broken links in the Markdown reference:\n${broken.join("\n")}`);
      process.exit(1);
    }
    console.log(`docs/api/ is current (${b.size} files, every relative link resolves); the HTML site is in docs/site/`);
  }
} finally {
  if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
}

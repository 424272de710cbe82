// Builds the API reference in one typedoc run (typedoc.json): the HTML site with search into
// docs/site/ (git-ignored) and the Markdown reference into docs/api/ (committed, for reading on a
// forge). `--check` (in `npm test`) writes the Markdown into a temporary folder instead and
// fails when it differs from the committed docs/api/, so the committed reference stays current;
// the site is always rebuilt, for the browser test (test/site/site.test.ts).
// The plugins are given here, not in typedoc.json: typedoc imports a plugin named by path, which
// Node 20 cannot do for tools/typedoc-plugin-reference.ts, so its `load` is handed over as a
// function, after the Markdown plugin. Run: node tools/run.mjs api-reference [--check].
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Application } from "typedoc";
import { root } from "./root.js";
import { API_BASE } from "./rules-table.js";
import { load as referencePlugin } from "./typedoc-plugin-reference.js";

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/**
 * Builds the reference, or with `--check` checks the committed Markdown reference.
 * @param args - the command line's arguments
 * @returns the exit code: 1 when typedoc reports a problem or `--check` finds a stale or broken reference
 */
export async function main(args: readonly string[]): Promise<number> {
  const check = args.includes("--check");
  const tmp = check ? mkdtempSync(join(tmpdir(), "api-reference-")) : undefined;
  try {
    return await run(tmp);
  } finally {
    if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
  }
}

async function run(tmp: string | undefined): Promise<number> {
  const app = await Application.bootstrapWithPlugins({ options: join(root, "typedoc.json"), plugin: ["typedoc-plugin-markdown", referencePlugin] });
  if (tmp !== undefined) {
    const outputs = app.options.getValue("outputs").map((o) => (o.name === "markdown" ? { ...o, path: tmp } : o));
    app.options.setValue("outputs", outputs);
  }
  const project = await app.convert();
  if (project === undefined) return 1;
  await app.generateOutputs(project);
  if (app.logger.hasErrors() || app.logger.hasWarnings()) return 1;
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
      return 1;
    }
    // Every relative link of the Markdown reference, and the catalog's links into it, name a file.
    const broken: string[] = [];
    const linkTargets = (file: string): string[] => [...readFileSync(file, "utf8").matchAll(/\]\(([^)#\s]+\.(?:md|json))(?:#[^)]*)?\)/g)].map((m) => m[1] ?? "");
    for (const file of [...a.values(), join(root, "docs", "rules.md")]) {
      for (const link of linkTargets(file)) {
        // The catalog links the reference by its forge URL (docs/api/ does not ship): check the file.
        const local = link.startsWith(API_BASE) ? join(root, "docs", "api", link.slice(API_BASE.length)) : /^[a-z]+:/i.test(link) ? undefined : join(file, "..", decodeURI(link));
        if (local !== undefined && !existsSync(local)) broken.push(`${relative(root, file)} -> ${link}`);
      }
    }
    if (broken.length > 0) {
      console.error(`broken links in the Markdown reference:\n${broken.join("\n")}`);
      return 1;
    }
    console.log(`docs/api/ is current (${b.size} files, every relative link resolves); the HTML site is in docs/site/`);
  }
  return 0;
}

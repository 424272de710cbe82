#!/usr/bin/env node
// Runs one tool of the architecture (tools/<name>.ts) with the arguments that follow its name:
//   node tools/run.mjs body-types --check
// Node 20 runs no .ts file, and the type stripping of Node 22 and later finds no file behind the
// `.js` specifiers the project writes (`./root.js`, NodeNext), so each run bundles the tool with
// esbuild (platform node, ESM, packages left to node_modules) into a file under
// node_modules/.cache/, imports it and calls its `main(args)`, whose number is the exit code; the
// file is removed after the run. `import.meta.url` is the tool's source (every tool lives directly
// in tools/), so a tool finds the repository as it does when a test imports it.
// docs/decisions.md, "Tools of the architecture in TypeScript (issue 35)".
import { build } from "esbuild";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [name, ...args] = process.argv.slice(2);
const source = name !== undefined && /^[a-z][a-z-]*$/.test(name) ? join(here, `${name}.ts`) : undefined;
if (source === undefined || !existsSync(source)) {
  console.error(`usage: node tools/run.mjs <tool> [arguments]: no tool named ${JSON.stringify(name ?? "")} in tools/`);
  process.exit(2);
}
const result = await build({
  entryPoints: [source],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  define: { "import.meta.url": JSON.stringify(pathToFileURL(source).href) },
  write: false,
  logLevel: "silent",
});
// Inside the repository, so the bundle's imports of packages resolve to its node_modules/.
const cache = join(here, "..", "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, `tool-${name}-`));
try {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, result.outputFiles[0].text);
  const tool = await import(pathToFileURL(file).href);
  if (typeof tool.main !== "function") throw new Error(`tools/${name}.ts exports no main(args)`);
  process.exitCode = await tool.main(args);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

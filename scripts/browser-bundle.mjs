#!/usr/bin/env node
// Proves the browser entries, the rules (`field-service-rules`, src/index.ts) and the typed client
// (`field-service-rules/client`, src/client/index.ts), are browser-safe and measures what they
// cost a browser bundle, the way Vite and other bundlers meet them:
// 1. esbuild bundles it with --platform=browser; any `node:` import (even one tree-shaking
//    would drop) or unresolvable module fails the bundle;
// 2. the bundle must not name a Node global (process, Buffer, require, __dirname, global);
// 3. the IIFE build is evaluated in a bare V8 context (no Node globals) and must load;
// 4. sizes, minified and gzipped: the whole entry (budget 50 KB) and one parser alone
//    (`customerAddSchema` with its JSON Schema, budget 7,296 B since issue 38); the client entry (budget 28 KB since issue 25).
//    The offline entry (`field-service-rules/offline`, src/offline/index.ts: the service's own
//    decisions, rules included, run on the device), budget 80 KB (issue 25).
// Steps 1 to 3 apply to the client and offline entries too (their IIFEs must export
// `createClient` and `createOfflineClient`).
// Exits 1 on any failure. `--json` prints the figures as JSON.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { createContext, runInContext } from "node:vm";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const entry = join(root, "src", "index.ts");
const clientEntry = join(root, "src", "client", "index.ts");
const offlineEntry = join(root, "src", "offline", "index.ts");
// parser: 5 KB until issue 13 added each twin's JSON Schema (~2 KB).
// parser: 7 KB (7,168 B) until issue 38 named each field's rule in its issues (+87 B: docs/decisions.md "Every refusal names its rule").
const BUDGET = { entry: 50 * 1024, parser: 7_296, client: 28 * 1024, offline: 80 * 1024 };
const NODE_GLOBALS = /\b(?:process\s*\.|Buffer\s*\.|require\s*\(|__dirname|__filename|global\s*\.|setImmediate\s*\()/;

async function bundle(contents, format = "esm") {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts", sourcefile: "probe.ts" },
    bundle: true,
    platform: "browser",
    format,
    globalName: format === "iife" ? "fieldServiceRules" : undefined,
    minify: true,
    write: false,
    logLevel: "silent",
    metafile: true,
  });
  return result.outputFiles[0].text;
}

const failures = [];
let whole;
let parser;
let client;
let offline;
for (const [name, file] of [["rules entry", entry], ["client entry", clientEntry], ["offline entry", offlineEntry]]) {
  try {
    const text = await bundle(`export * from ${JSON.stringify(file)};`);
    if (file === entry) whole = text;
    else if (file === clientEntry) client = text;
    else offline = text;
  } catch (error) {
    const messages = (error.errors ?? []).map((e) => `${e.location?.file ?? "?"}:${e.location?.line ?? "?"} ${e.text}`);
    console.error(`The ${name} does not bundle for the browser:\n${messages.join("\n") || String(error)}`);
    process.exit(1);
  }
}
parser = await bundle(`export { customerAddSchema } from ${JSON.stringify(entry)};`);
for (const [name, text] of [["rules entry", whole], ["client entry", client], ["offline entry", offline]]) {
  const hit = NODE_GLOBALS.exec(text);
  if (hit !== null) failures.push(`the ${name}'s browser bundle names a Node global: ${JSON.stringify(text.slice(Math.max(0, hit.index - 40), hit.index + 40))}`);
}

for (const [name, file, probe] of [["rules entry", entry, "parseCustomerAdd"], ["client entry", clientEntry, "createClient"], ["offline entry", offlineEntry, "createOfflineClient"]]) {
  const iife = await bundle(`export * from ${JSON.stringify(file)};`, "iife");
  const sandbox = createContext({});
  try {
    runInContext(`${iife}; globalThis.loaded = typeof fieldServiceRules.${probe};`, sandbox);
    if (sandbox.loaded !== "function") failures.push(`the ${name} bundle loaded in a bare context but exports no ${probe}`);
  } catch (error) {
    failures.push(`the ${name} bundle throws when loaded without Node globals: ${error}`);
  }
}

const sizes = {
  entryMinified: Buffer.byteLength(whole),
  entryGzip: gzipSync(whole).length,
  parserMinified: Buffer.byteLength(parser),
  parserGzip: gzipSync(parser).length,
  clientMinified: Buffer.byteLength(client),
  clientGzip: gzipSync(client).length,
  offlineMinified: Buffer.byteLength(offline),
  offlineGzip: gzipSync(offline).length,
};
if (sizes.entryGzip > BUDGET.entry) failures.push(`the whole entry is ${sizes.entryGzip} B gzipped, over the ${BUDGET.entry} B budget`);
if (sizes.clientGzip > BUDGET.client) failures.push(`the client entry is ${sizes.clientGzip} B gzipped, over the ${BUDGET.client} B budget`);
if (sizes.offlineGzip > BUDGET.offline) failures.push(`the offline entry is ${sizes.offlineGzip} B gzipped, over the ${BUDGET.offline} B budget`);
if (sizes.parserGzip > BUDGET.parser) failures.push(`customerAddSchema alone is ${sizes.parserGzip} B gzipped, over the ${BUDGET.parser} B budget`);

if (process.argv.includes("--json")) console.log(JSON.stringify(sizes));
if (failures.length > 0) {
  console.error(failures.join("\n"));
  process.exit(1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `browser bundle OK: whole rules entry ${kb(sizes.entryGzip)} gzipped (${kb(sizes.entryMinified)} minified, budget 50 KB); ` +
    `customerAddSchema alone ${kb(sizes.parserGzip)} gzipped (budget 7,296 B); ` +
    `client entry ${kb(sizes.clientGzip)} gzipped (${kb(sizes.clientMinified)} minified, budget 28 KB); ` +
    `offline entry ${kb(sizes.offlineGzip)} gzipped (${kb(sizes.offlineMinified)} minified, budget 80 KB)`,
);

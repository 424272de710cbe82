#!/usr/bin/env node
// Doc tests: every `@example` in the TSDoc of an exported declaration under src/ runs, and what
// it shows after `//=>` is checked.
//
// Writes test/doctest/examples.test.ts (git ignores it; `npm test` regenerates it before vitest):
// one test per example, with every value export of the package's entries and of the example's
// own module in scope, and, for a module in a folder under src/<top>/ that has an index.ts
// (src/shared/description/), that folder's exports too: the language the folder defines. In an example:
//   - `expr //=> expected` (or `//=> expected` on the line after a statement) checks
//     `expect(expr).toEqual(expected)` when `expected` is a JavaScript expression, where
//     `{ a: 1, ... }` matches any object with at least `a: 1` and `[...]` any array; it only
//     runs `expr` when the output is prose (`//=> the first address's GUID`);
//   - a fenced block whose info string says `not-run` (```ts not-run) is transpiled but not run
//     (for examples that would listen on a port);
//   - free names that are neither exports nor declared in the example fail the test
//     (ReferenceError), so placeholders such as `handle(ctx)` cannot stay.
// `--list` prints every example with how it is checked.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const outDir = join(root, "test", "doctest");
const outFile = join(outDir, "examples.test.ts");

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The source file of each entry of package.json's exports map. */
function entryFiles() {
  const out = [];
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (typeof value === "string") continue;
    out.push({ key, file: join(root, value.default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts")) });
  }
  return out;
}

const program = ts.createProgram(
  [...entryFiles().map((e) => e.file), ...walk(join(root, "src"))],
  { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, allowJs: false, noEmit: true },
);
const checker = program.getTypeChecker();

/** Value exports (not types) of a module file. */
function valueExports(file) {
  const source = program.getSourceFile(file);
  if (source === undefined) return [];
  const symbol = checker.getSymbolAtLocation(source);
  if (symbol === undefined) return [];
  return checker
    .getExportsOfModule(symbol)
    .filter((s) => {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    })
    .map((s) => s.name)
    .sort();
}

function isExpression(text) {
  const sf = ts.createSourceFile("x.ts", `(${text}\n);`, ts.ScriptTarget.ES2022, true);
  return sf.parseDiagnostics.length === 0 && sf.statements.length === 1;
}

/** Splits code into statements with the TypeScript parser; undefined when it does not parse. */
function statements(code) {
  const sf = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true);
  if (sf.parseDiagnostics.length > 0) return undefined;
  return sf.statements.map((s) => code.slice(s.getStart(sf), s.end));
}

/**
 * Reads an output as a pattern: `{ a: 1, ... }` matches an object with at least `a: 1`, and
 * `[...]` any array, so an example can show the fields that matter and elide the rest.
 */
function outputPattern(text) {
  let out = "";
  const stack = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "{" || c === "[") {
      stack.push({ c, at: out.length });
      out += c;
      continue;
    }
    const rest = text.slice(i);
    const elided = /^(?:,\s*)?\.\.\.\s*([}\]])/.exec(rest);
    if (elided !== null && stack.length > 0) {
      const open = stack.pop();
      const inner = out.slice(open.at + 1);
      out = out.slice(0, open.at) + (open.c === "{" ? `expect.objectContaining({${inner}})` : inner.trim() === "" ? "expect.any(Array)" : `expect.arrayContaining([${inner}])`);
      i += elided[0].length - 1;
      continue;
    }
    if ((c === "}" || c === "]") && stack.length > 0) stack.pop();
    out += c;
  }
  return out;
}

/** Turns an example into test code, and says how much of it is checked. */
function translate(lines) {
  const out = [];
  let buffer = [];
  let checks = 0;
  let prose = 0;
  const flushAll = () => {
    if (buffer.length > 0) out.push(buffer.join("\n"));
    buffer = [];
  };
  const assertion = (expr, expected) => {
    const pattern = outputPattern(expected);
    if (isExpression(pattern)) {
      checks++;
      return `expect(await (${expr})).toEqual(${pattern});`;
    }
    prose++;
    return `await (${expr});`;
  };
  for (const line of lines) {
    const trimmed = line.trim();
    const at = line.indexOf("//=>");
    if (trimmed.startsWith("//=>")) {
      const parts = statements(buffer.join("\n"));
      if (parts === undefined || parts.length === 0) throw new Error(`"//=>" follows no statement: ${line}`);
      const last = parts.pop().replace(/;\s*$/, "");
      out.push(...parts, assertion(last, trimmed.slice(4).trim()));
      buffer = [];
    } else if (at >= 0) {
      const head = [...buffer, line.slice(0, at)].join("\n");
      const parts = statements(head);
      if (parts === undefined || parts.length === 0) throw new Error(`cannot read the statement before "//=>": ${line}`);
      const last = parts.pop().replace(/;\s*$/, "");
      out.push(...parts, assertion(last, line.slice(at + 4).trim()));
      buffer = [];
    } else {
      buffer.push(line);
    }
  }
  flushAll();
  return { code: out.join("\n"), checks, prose };
}

/** Every `@example` of an exported declaration, with its module and name. */
function examples() {
  const found = [];
  const DOC = /\/\*\*([\s\S]*?)\*\/\s*export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum|abstract\s+class)\s+([A-Za-z0-9_$]+)/g;
  for (const file of walk(join(root, "src")).sort()) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(DOC)) {
      const body = m[1].split("\n").map((l) => l.replace(/^\s*\* ?/, ""));
      for (let i = 0; i < body.length; i++) {
        if (!body[i].startsWith("@example")) continue;
        const lines = [];
        const rest = body[i].slice("@example".length).trim();
        if (rest !== "") lines.push(rest);
        for (i++; i < body.length && !/^@\w/.test(body[i]); i++) lines.push(body[i]);
        i--;
        let run = true;
        const code = [];
        for (const l of lines) {
          const fence = /^```(\S*)(.*)$/.exec(l.trim());
          if (fence !== null) {
            if (/\bnot-run\b/.test(fence[2])) run = false;
            continue;
          }
          code.push(l);
        }
        while (code.length > 0 && code[code.length - 1].trim() === "") code.pop();
        const line = text.slice(0, m.index).split("\n").length;
        found.push({ file: relative(root, file), line, name: m[2], code, run });
      }
    }
  }
  return found;
}

const all = examples();
const entries = entryFiles();
const scope = new Map(); // name -> import expression
const header = [
  "// Generated by scripts/doctest.mjs from the @example blocks in src/: do not edit.",
  "// @ts-nocheck: examples are read by people; they are run, and their //=> outputs checked, not type-checked.",
  'import { describe, expect, it } from "vitest";',
];
entries.forEach((e, i) => {
  header.push(`import * as entry${i} from ${JSON.stringify(relative(outDir, e.file).replace(/\.ts$/, ".js"))};`);
  for (const name of valueExports(e.file)) if (!scope.has(name)) scope.set(name, `entry${i}`);
});
// The records of `examples` (field-service-rules/testing) are in scope by their field names.
const testingEntry = entries.findIndex((e) => e.key === "./testing");
const worldFields = new Set();
if (testingEntry >= 0) {
  const source = program.getSourceFile(entries[testingEntry].file);
  const world = checker.getExportsOfModule(checker.getSymbolAtLocation(source)).find((s) => s.name === "examples");
  if (world !== undefined) {
    const real = world.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(world) : world;
    for (const p of checker.getTypeOfSymbolAtLocation(real, source).getProperties()) worldFields.add(p.name);
  }
}
const modules = new Map();
const body = [];
const listing = [];
let totalChecks = 0;
let totalProse = 0;
for (const ex of all) {
  let moduleAlias = modules.get(ex.file);
  if (moduleAlias === undefined) {
    moduleAlias = `module${modules.size}`;
    modules.set(ex.file, moduleAlias);
    header.push(`import * as ${moduleAlias} from ${JSON.stringify(relative(outDir, join(root, ex.file)).replace(/\.ts$/, ".js"))};`);
  }
  let translated;
  try {
    translated = translate(ex.code);
  } catch (error) {
    translated = { code: `throw new Error(${JSON.stringify(`the example does not parse: ${error.message}`)});`, checks: 0, prose: 0 };
  }
  totalChecks += translated.checks;
  totalProse += translated.prose;
  const own = valueExports(join(root, ex.file)).filter((n) => !scope.has(n));
  // A module of a folder with an index (below the top-level folders of src/): the folder's
  // exports too, which an example of one file of the language needs (an object to compile).
  const folderIndex = join(root, dirname(ex.file), "index.ts");
  const nested = dirname(ex.file).split("/").length > 2 && folderIndex !== join(root, ex.file) && existsSync(folderIndex);
  let folderAlias;
  if (nested) {
    folderAlias = modules.get(folderIndex);
    if (folderAlias === undefined) {
      folderAlias = `module${modules.size}`;
      modules.set(folderIndex, folderAlias);
      header.push(`import * as ${folderAlias} from ${JSON.stringify(relative(outDir, folderIndex).replace(/\.ts$/, ".js"))};`);
    }
  }
  const fromFolder = nested ? valueExports(folderIndex).filter((n) => !scope.has(n) && !own.includes(n)) : [];
  const title = `${ex.file}:${ex.line} ${ex.name}`;
  listing.push(`${title}: ${ex.run ? `${translated.checks} checked, ${translated.prose} run only` : "not run"}`);
  const used = (n) => new RegExp(`(?<![\\w$])(?<!(?<!\\.)\\.)${n.replace(/\$/g, "\\$")}\\b`).test(ex.code.join("\n"));
  const fields = [...worldFields].filter(used);
  const names = [...scope.keys()].filter((n) => !worldFields.has(n) && used(n));
  const bindings = [
    ...fields.map((n) => `const ${n} = entry${testingEntry}.examples.${n};`),
    ...names.map((n) => `const ${n} = ${scope.get(n)}.${n};`),
    ...own.filter((n) => new RegExp(`\\b${n}\\b`).test(ex.code.join("\n"))).map((n) => `const ${n} = ${moduleAlias}.${n};`),
    ...fromFolder.filter((n) => new RegExp(`\\b${n}\\b`).test(ex.code.join("\n"))).map((n) => `const ${n} = ${folderAlias}.${n};`),
  ];
  const run = ex.run ? "it" : "it.skip";
  // The example's own declarations shadow the bindings (an example may declare `issues` or `planned`).
  const indent = (text, by) => text.split("\n").map((x) => `${by}${x}`).join("\n");
  body.push(`  ${run}(${JSON.stringify(title)}, async () => {\n${indent(bindings.join("\n"), "    ")}\n    {\n${indent(translated.code, "      ")}\n    }\n  });`);
}
const text = `${header.join("\n")}\n\ndescribe("TSDoc examples", () => {\n${body.join("\n\n")}\n});\n`;
mkdirSync(outDir, { recursive: true });
writeFileSync(outFile, text);
if (process.argv.includes("--list")) console.log(listing.join("\n"));
console.log(`doctest: ${all.length} examples (${all.filter((e) => !e.run).length} not run), ${totalChecks} outputs checked, ${totalProse} shown as prose; wrote ${relative(root, outFile)}`);

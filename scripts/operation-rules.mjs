#!/usr/bin/env node
// Generates src/journal/operation-rules.generated.ts: for each write operation of the route table, the rule
// IDs its decision applies (RPL-3), derived from the code so the list cannot drift from it. From
// the operation's handler (the `Handlers` tables of src/service/handlers/), every function and constant of src/
// that the handler's code refers to is followed, transitively, through the TypeScript checker;
// the operation applies:
//   - the rule each reached declaration owns (its `@rule` tag, the catalog's owners);
//   - the rule IDs that reached code writes as literals (the rule of an issue it raises, such as
//     moveStock's `"GEN-7"` OutOfRange);
//   - the rule IDs the handler's own TSDoc names after "Applies" (e.g. "Applies STK-5 and STK-6").
// Not followed: the request parsers (functions named `parse…`): they refuse a malformed request,
// and a refusal carries its own rules. Left out: ERR-* (the shape of every refusal, no decision).
// `--check` exits 1 when the file is stale (`npm run docs:check`).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const out = join(root, "src", "journal", "operation-rules.generated.ts");
const src = join(root, "src") + "/";
const ID = /^(?:GEN|AUTH|CUS|UPS|ORD|INT|ASN|NOT|MAT|STO|STK|ERR|TXT|LIM|JRN|IDM|RPL|SYN|OFF)-[1-9]\d*$/;
const MENTION = /\b(?:GEN|AUTH|CUS|UPS|ORD|INT|ASN|NOT|MAT|STO|STK|TXT|LIM)-[1-9]\d*\b/g;
/** Rules every refusal's shape follows, whatever the decision: not a decision's rule. */
const LEFT_OUT = /^ERR-/;

/** The `@rule` IDs of a declaration's TSDoc. */
function ownedRules(decl) {
  const node = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  const rules = [];
  for (const doc of ts.getJSDocCommentsAndTags(node)) for (const m of doc.getFullText().matchAll(/@rule\s+([A-Z]+-\d+)/g)) rules.push(m[1]);
  return rules;
}

/** The rule IDs named after "Applies" in a declaration's TSDoc. */
function appliedRules(decl) {
  const node = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  const rules = [];
  for (const doc of ts.getJSDocCommentsAndTags(node)) {
    const text = doc.getFullText();
    for (const sentence of text.split(/\.\s/)) {
      const at = sentence.indexOf("Applies");
      if (at >= 0) for (const m of sentence.slice(at).matchAll(MENTION)) rules.push(m[0]);
    }
  }
  return rules;
}

/**
 * The rules an operation's handler applies: owners reached, rule literals reached, and the
 * handler's "Applies" IDs.
 */
function reach(checker, start, handlerDecls) {
  const seen = new Set();
  const rules = new Set();
  for (const d of handlerDecls) for (const r of appliedRules(d)) rules.add(r);
  const pending = [start];
  const follow = (id) => {
    let symbol = checker.getSymbolAtLocation(id);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (symbol === undefined || /^parse/.test(symbol.name)) return;
    for (const d of symbol.declarations ?? []) {
      if (!d.getSourceFile().fileName.startsWith(src) || seen.has(d)) continue;
      seen.add(d);
      if (ts.isFunctionDeclaration(d) || ts.isVariableDeclaration(d) || ts.isMethodDeclaration(d) || ts.isClassDeclaration(d)) {
        for (const r of ownedRules(d)) rules.add(r);
        pending.push(d);
      }
    }
  };
  const visit = (node) => {
    if (ts.isIdentifier(node)) follow(node);
    else if (ts.isStringLiteral(node) && ID.test(node.text)) rules.add(node.text);
    ts.forEachChild(node, visit);
  };
  while (pending.length > 0) {
    const node = pending.pop();
    // A declaration is followed through its body; the handler's own expression, whole.
    if (node === start) visit(node);
    else ts.forEachChild(node, visit);
  }
  return [...rules].filter((r) => !LEFT_OUT.test(r)).sort(byRule);
}

/** Catalog order: by prefix, then number. */
function byRule(a, b) {
  const [pa, na] = a.split("-");
  const [pb, nb] = b.split("-");
  return pa < pb ? -1 : pa > pb ? 1 : Number(na) - Number(nb);
}

/**
 * The rules of each operation of the handler tables.
 * @returns {[string, string[]][]}
 */
export function operationRules() {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const routerPath = join(root, "src", "service", "router.ts");
  const program = ts.createProgram({ rootNames: [routerPath], options: config.options });
  const checker = program.getTypeChecker();
  const rows = [];
  // Each file of src/service/handlers/ lists its operations' handlers in a `Handlers<…>` table.
  const find = (node) => {
    if (ts.isVariableDeclaration(node) && node.type !== undefined && /^Handlers</.test(node.type.getText()) && node.initializer !== undefined && ts.isObjectLiteralExpression(node.initializer)) {
      for (const p of node.initializer.properties) {
        const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;
        if (value === undefined) continue;
        let symbol = ts.isShorthandPropertyAssignment(p) ? checker.getShorthandAssignmentValueSymbol(p) : checker.getSymbolAtLocation(value);
        if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const decl = symbol?.declarations?.[0];
        // A shorthand entry (`readOrder,`) is followed from its declaration's initializer.
        const start = ts.isShorthandPropertyAssignment(p) && decl !== undefined && ts.isVariableDeclaration(decl) && decl.initializer !== undefined ? decl.initializer : value;
        rows.push([p.name.getText(), reach(checker, start, symbol?.declarations ?? [])]);
      }
    } else ts.forEachChild(node, find);
  };
  for (const file of program.getSourceFiles()) if (file.fileName.startsWith(join(root, "src", "service", "handlers") + "/")) find(file);
  // Reads are not decisions: only the journaled writes (every method but GET; the login has no handler).
  const described = readFileSync(join(root, "src", "api", "operations.ts"), "utf8");
  const reads = new Set([...described.matchAll(/^  (\w+): \{\n    method: "GET"/gm)].map((m) => m[1]));
  for (let i = rows.length - 1; i >= 0; i--) if (reads.has(rows[i][0])) rows.splice(i, 1);
  // In the description's order.
  const order = [...described.matchAll(/^  (\w+): \{$/gm)].map((m) => m[1]);
  rows.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  if (rows.length === 0) throw new Error("operation-rules: no handler table was found in src/service/handlers/");
  return rows;
}

/** The generated module. */
export function render(rows) {
  const lines = [
    "// @generated by scripts/operation-rules.mjs (`npm run docs`) from the code: for each operation, the",
    "// catalog's owners its handler reaches, the rule IDs the reached code raises and the IDs its TSDoc",
    "// says it applies; `npm run docs:check` fails when it is stale. Do not edit.",
    'import type { RuleId } from "../shared/rule-id.generated.js";',
    "",
    "/**",
    " * The rules each operation's decision applies (RPL-3), by operation of the route table: what a",
    " * committed journal entry records as its `rules` and what a replay reports a changed write under.",
    " * Derived from the code by scripts/operation-rules.mjs, so it cannot drift from the owners.",
    " */",
    "export const operationRuleTable: Readonly<Record<string, readonly RuleId[]>> = {",
    ...rows.map(([op, rules]) => `  ${op}: [${rules.map((r) => JSON.stringify(r)).join(", ")}],`),
    "};",
    "",
  ];
  return lines.join("\n");
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const text = render(operationRules());
  if (process.argv.includes("--check")) {
    if (readFileSync(out, "utf8") !== text) {
      console.error("src/journal/operation-rules.generated.ts is stale: run npm run docs");
      process.exit(1);
    }
  } else writeFileSync(out, text);
}

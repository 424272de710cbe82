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
// Run: node tools/run.mjs operation-rules [--check]; `--check` exits 1 when the file is stale
// (`npm run docs:check`).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { root } from "./root.js";

/** One operation and the rules its decision applies, in catalog order. */
export type OperationRules = [operation: string, rules: string[]];
const out = join(root, "src", "journal", "operation-rules.generated.ts");
const src = join(root, "src") + "/";
const ID = /^(?:GEN|AUTH|CUS|UPS|ORD|INT|ASN|NOT|MAT|STO|STK|ERR|TXT|LIM|JRN|IDM|RPL|SYN|OFF)-[1-9]\d*$/;
const MENTION = /\b(?:GEN|AUTH|CUS|UPS|ORD|INT|ASN|NOT|MAT|STO|STK|TXT|LIM)-[1-9]\d*\b/g;
/** Rules every refusal's shape follows, whatever the decision: not a decision's rule. */
const LEFT_OUT = /^ERR-/;

/** The `@rule` IDs of a declaration's TSDoc. */
function ownedRules(decl: ts.Declaration): string[] {
  const node = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  const rules: string[] = [];
  for (const doc of ts.getJSDocCommentsAndTags(node)) for (const m of doc.getFullText().matchAll(/@rule\s+([A-Z]+-\d+)/g)) rules.push(m[1] ?? "");
  return rules;
}

/** The rule IDs named after "Applies" in a declaration's TSDoc. */
function appliedRules(decl: ts.Declaration): string[] {
  const node = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  const rules: string[] = [];
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
function reach(checker: ts.TypeChecker, start: ts.Node, handlerDecls: readonly ts.Declaration[]): string[] {
  const seen = new Set<ts.Declaration>();
  const rules = new Set<string>();
  for (const d of handlerDecls) for (const r of appliedRules(d)) rules.add(r);
  const pending: ts.Node[] = [start];
  const follow = (id: ts.Identifier): void => {
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
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) follow(node);
    else if (ts.isStringLiteral(node) && ID.test(node.text)) rules.add(node.text);
    ts.forEachChild(node, visit);
  };
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    // A declaration is followed through its body; the handler's own expression, whole.
    if (node === start) visit(node);
    else ts.forEachChild(node, visit);
  }
  return [...rules].filter((r) => !LEFT_OUT.test(r)).sort(byRule);
}

/** Catalog order: by prefix, then number. */
function byRule(a: string, b: string): number {
  const [pa = "", na] = a.split("-");
  const [pb = "", nb] = b.split("-");
  return pa < pb ? -1 : pa > pb ? 1 : Number(na) - Number(nb);
}

/**
 * The rules of each operation of the handler tables.
 * @returns each journaled write and its rules, in the description's order
 */
export function operationRules(): OperationRules[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (config === undefined) throw new Error("operation-rules: tsconfig.json could not be read");
  const routerPath = join(root, "src", "service", "router.ts");
  const program = ts.createProgram({ rootNames: [routerPath], options: config.options });
  const checker = program.getTypeChecker();
  const rows: OperationRules[] = [];
  // Each file of src/service/handlers/ lists its operations' handlers in a `Handlers<…>` table.
  const find = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.type !== undefined && /^Handlers</.test(node.type.getText()) && node.initializer !== undefined && ts.isObjectLiteralExpression(node.initializer)) {
      for (const p of node.initializer.properties) {
        const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;
        if (value === undefined) continue;
        let symbol = ts.isShorthandPropertyAssignment(p) ? checker.getShorthandAssignmentValueSymbol(p) : checker.getSymbolAtLocation(value);
        if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const decl = symbol?.declarations?.[0];
        // A shorthand entry (`readOrder,`) is followed from its declaration's initializer.
        const start = ts.isShorthandPropertyAssignment(p) && decl !== undefined && ts.isVariableDeclaration(decl) && decl.initializer !== undefined ? decl.initializer : value;
        if (p.name === undefined) continue;
        rows.push([p.name.getText(), reach(checker, start, symbol?.declarations ?? [])]);
      }
    } else ts.forEachChild(node, find);
  };
  for (const file of program.getSourceFiles()) if (file.fileName.startsWith(join(root, "src", "service", "handlers") + "/")) find(file);
  // Reads are not decisions: only the journaled writes (every method but GET; the login has no handler).
  const described = readFileSync(join(root, "src", "api", "operations.ts"), "utf8");
  const reads = new Set([...described.matchAll(/^  (\w+): \{\n    method: "GET"/gm)].map((m) => m[1]));
  const writes = rows.filter(([operation]) => !reads.has(operation));
  // In the description's order.
  const order = [...described.matchAll(/^  (\w+): \{$/gm)].map((m) => m[1]);
  writes.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  if (writes.length === 0) throw new Error("operation-rules: no handler table was found in src/service/handlers/");
  return writes;
}

/**
 * The generated module.
 * @param rows - each operation's rules ({@link operationRules})
 * @returns the module's text
 */
export function render(rows: readonly OperationRules[]): string {
  const lines = [
    "// @generated by tools/operation-rules.ts (`npm run docs`) from the code: for each operation, the",
    "// catalog's owners its handler reaches, the rule IDs the reached code raises and the IDs its TSDoc",
    "// says it applies; `npm run docs:check` fails when it is stale. Do not edit.",
    'import type { RuleId } from "../shared/rule-id.generated.js";',
    "",
    "/**",
    " * The rules each operation's decision applies (RPL-3), by operation of the route table: what a",
    " * committed journal entry records as its `rules` and what a replay reports a changed write under.",
    " * Derived from the code by tools/operation-rules.ts, so it cannot drift from the owners.",
    " */",
    "export const operationRuleTable: Readonly<Record<string, readonly RuleId[]>> = {",
    ...rows.map(([op, rules]) => `  ${op}: [${rules.map((r) => JSON.stringify(r)).join(", ")}],`),
    "};",
    "",
  ];
  return lines.join("\n");
}

/**
 * Writes src/journal/operation-rules.generated.ts, or with `--check` says whether it is stale.
 * @param args - the command line's arguments
 * @returns the exit code: 1 when `--check` finds the file stale
 */
export function main(args: readonly string[]): number {
  const text = render(operationRules());
  if (args.includes("--check")) {
    if (readFileSync(out, "utf8") !== text) {
      console.error("src/journal/operation-rules.generated.ts is stale: run npm run docs");
      return 1;
    }
  } else writeFileSync(out, text);
  return 0;
}

// Fails when any src/**/*.ts spreads something other than an array literal into the argument
// list of a call or a `new`: `xs.push(...ys)`, `Math.max(...xs)`, `fn(...xs)`. V8 copies every
// spread element onto the stack, so past roughly 120,000 elements the call throws RangeError
// and the service answers 500 (issue 9). Spreading into an array or object literal is fine: it
// is a loop, not a call. `fn(...[a, b])` is allowed because its length is fixed in the source.
// The pure piece (spreadProblems) is exported so a test can feed it synthetic sources.
// Run: node tools/run.mjs check-spread (part of `npm test`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { root } from "./root.js";

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/**
 * Every spread argument of a call or `new` in one source text whose operand is not an array literal.
 * @param path - the file's path, for the messages
 * @param text - the file's TypeScript source
 * @returns one "path:line:column text" entry per offending spread
 */
export function spreadProblems(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const problems: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments !== undefined) {
      for (const arg of node.arguments) {
        if (!ts.isSpreadElement(arg)) continue;
        let operand = arg.expression;
        while (ts.isParenthesizedExpression(operand) || ts.isAsExpression(operand) || ts.isSatisfiesExpression(operand)) operand = operand.expression;
        if (ts.isArrayLiteralExpression(operand)) continue;
        const { line, character } = source.getLineAndCharacterOfPosition(arg.getStart(source));
        problems.push(`${path}:${line + 1}:${character + 1} ${arg.getText(source)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/**
 * Checks src/ and says what it found.
 * @returns the exit code: 1 when a spread argument is found
 */
export function main(): number {
  // src/testing/ is test tooling: it runs inside an embedder's test process and spreads
  // fixture-sized lists (catalog values, technicians) into fast-check combinators, whose API
  // takes rest arguments. No request reaches it, so it is outside this rule.
  const problems = walk(join(root, "src"))
    .filter((file) => !relative(root, file).split("\\").join("/").startsWith("src/testing/"))
    .flatMap((file) => spreadProblems(relative(root, file).split("\\").join("/"), readFileSync(file, "utf8")));
  if (problems.length > 0) {
    console.error("check-spread: spread of an unbounded array into a call (use a loop; see docs/decisions.md, Bounded work):");
    for (const p of problems) console.error(`  ${p}`);
    return 1;
  }
  console.log("check-spread: no spread arguments in src/ (test tooling in src/testing/ excepted)");
  return 0;
}

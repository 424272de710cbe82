#!/usr/bin/env node
// Lists every in-place Stryker disable comment under src/ as a Markdown table: the line it
// disables, the mutators, and the reason written beside it (docs/quality.md, "Equivalent
// mutants, disabled in place"). Each reason is for a reader to check against the code.
// Usage: node scripts/mutation-disables.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith(".ts")) files.push(p);
  }
};
walk("src");
const rows = [];
const counts = new Map();
for (const file of files) {
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, i) => {
    const m = /\/\/ Stryker disable next-line ([A-Za-z,]+): (.*)$/.exec(line);
    if (m === null) return;
    const mutators = m[1].split(",");
    for (const mu of mutators) counts.set(mu, (counts.get(mu) ?? 0) + 1);
    rows.push(`| \`${file}:${i + 2}\` | ${mutators.join(", ")} | ${m[2].replace(/\|/g, "\\|")} |`);
  });
}
console.log(`**${rows.length} disable comments** under \`src/\`; mutators named: ${[...counts].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")}.\n`);
console.log("| line disabled | mutators | why it cannot change behaviour |");
console.log("|---|---|---|");
for (const r of rows) console.log(r);

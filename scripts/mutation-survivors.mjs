#!/usr/bin/env node
// Lists what a Stryker run left alive, one line per mutant, from its JSON report
// (reports/mutation/mutation.json by default): `file:line:column Mutator status -> replacement`.
// Then a per-file summary: killed / survived / timeout / no coverage / ignored and the score
// (detected over valid, as Stryker computes it). Used to triage survivors into tests or
// in-place `// Stryker disable next-line` comments, and to fill docs/quality.md.
// Usage: node scripts/mutation-survivors.mjs [report.json] [--summary]
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const summaryOnly = args.includes("--summary");
const path = args.find((a) => !a.startsWith("--")) ?? "reports/mutation/mutation.json";
const report = JSON.parse(readFileSync(path, "utf8"));

const alive = new Set(["Survived", "NoCoverage"]);
const rows = [];
const totals = new Map();
const count = (file, status) => {
  const t = totals.get(file) ?? { Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0, Ignored: 0, other: 0 };
  if (status in t) t[status] += 1;
  else t.other += 1;
  totals.set(file, t);
};
// The mutated span of the original source (Stryker's lines are 1-based, its columns 0-based... or 1-based
// depending on the version; the span is cut by both ends so either reads right).
const span = (lines, { start, end }) => {
  if (start.line === end.line) return lines[start.line - 1]?.slice(start.column - 1, end.column - 1) ?? "";
  return `${lines[start.line - 1]?.slice(start.column - 1) ?? ""} ...`;
};
for (const [file, { mutants, source }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const lines = source.split("\n");
  for (const m of [...mutants].sort((a, b) => a.location.start.line - b.location.start.line)) {
    count(file, m.status);
    if (!alive.has(m.status)) continue;
    const replacement = (m.replacement ?? "").replace(/\s+/g, " ").slice(0, 100);
    const original = span(lines, m.location).replace(/\s+/g, " ").slice(0, 100);
    rows.push(`${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${m.status}${m.static ? " static" : ""}: ${original} -> ${replacement}`);
  }
}
if (!summaryOnly) for (const row of rows) console.log(row);

const score = (t) => {
  const detected = t.Killed + t.Timeout;
  const valid = detected + t.Survived + t.NoCoverage;
  return valid === 0 ? "n/a" : `${((100 * detected) / valid).toFixed(1)}%`;
};
const all = { Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0, Ignored: 0, other: 0 };
console.log(`\n${"file".padEnd(44)} killed survived timeout nocov ignored score`);
for (const [file, t] of totals) {
  for (const k of Object.keys(all)) all[k] += t[k];
  console.log(`${file.padEnd(44)} ${String(t.Killed).padStart(6)} ${String(t.Survived).padStart(8)} ${String(t.Timeout).padStart(7)} ${String(t.NoCoverage).padStart(5)} ${String(t.Ignored).padStart(7)} ${score(t)}`);
}
console.log(`${"total".padEnd(44)} ${String(all.Killed).padStart(6)} ${String(all.Survived).padStart(8)} ${String(all.Timeout).padStart(7)} ${String(all.NoCoverage).padStart(5)} ${String(all.Ignored).padStart(7)} ${score(all)}`);

// Every issue an answer carries names the rule it enforces (issue 24): a rule of the catalogs
// (shared/spec/RULES.md and docs/rules-project.md, read as tools/rules-table.ts reads them)
// and, when its message names rules, the first of them; the issue of an edge answer (413, 414,
// 415, 431, 500, 503) names its code's (HTTP-1, HTTP-2: edgeRules, issue 38). withContract (openapi-contract.ts) checks every answer a test
// receives with it, so every end-to-end test checks the data against the text.
import { readRules } from "../../tools/rules-table.js";
import { edgeRules } from "../../src/shared/issue.js";

const rules = readRules();
/** Every rule ID of the catalogs. */
export const catalogRuleIds: ReadonlySet<string> = new Set(rules.map((r) => r.id));
const prefixes = [...new Set(rules.map((r) => r.id.replace(/-\d+$/, "")))];
/** A rule ID as a message names it (rule numbers have no leading zero: "MAT-001" is an external ID). */
const MENTION = new RegExp(`\\b(?:${prefixes.join("|")})-[1-9]\\d*\\b`, "g");
/** A value a message repeats, quoted as JSON: `"ORD-1"` there is an external ID, not a rule. */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/**
 * The rule IDs a message names, in order, leaving out the quoted values it repeats.
 * @param message - an issue's message
 * @returns the IDs
 */
export function namedRules(message: string): string[] {
  return message.replace(QUOTED, '""').match(MENTION) ?? [];
}

/** The issues of an answer's body: a problem body's `errors`, an allowed-actions answer's refused actions. */
function issuesOf(body: unknown): unknown[] {
  if (typeof body !== "object" || body === null) return [];
  const b = body as { errors?: unknown; actions?: unknown };
  if (Array.isArray(b.errors)) return b.errors;
  if (Array.isArray(b.actions)) return b.actions.map((a: { issue?: unknown }) => a.issue).filter((i) => i !== undefined);
  return [];
}

/**
 * What is wrong with the rules of the issues an answer's body carries; none when each holds.
 * @param body - an answer's body
 * @returns one line per problem
 */
export function issueRuleProblems(body: unknown): string[] {
  const problems: string[] = [];
  for (const i of issuesOf(body) as { code?: unknown; message?: unknown; rule?: unknown }[]) {
    const named = typeof i.message === "string" ? namedRules(i.message) : [];
    const where = JSON.stringify(i);
    const edge = typeof i.code === "string" && Object.hasOwn(edgeRules, i.code) ? edgeRules[i.code as keyof typeof edgeRules] : undefined;
    if (edge !== undefined && i.rule !== edge) {
      problems.push(`an edge answer's issue cites ${String(i.rule)}, not ${edge}: ${where}`);
      continue;
    }
    if (typeof i.rule !== "string") problems.push(`no rule: ${where}`);
    else if (!catalogRuleIds.has(i.rule)) problems.push(`rule ${i.rule} is in no catalog: ${where}`);
    else if (named.length > 0 && named[0] !== i.rule) problems.push(`the message names ${named[0]} first, the data says ${i.rule}: ${where}`);
    for (const id of named) if (!catalogRuleIds.has(id)) problems.push(`the message names ${id}, which no catalog has: ${where}`);
  }
  return problems;
}

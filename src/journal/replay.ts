import type { RuleId } from "../shared/rule-id.js";
import { rulesOf, type JournalEntryShape } from "./entry.js";

/** An answer as a replay compares it: status, JSON body and effects. */
export interface ReplayAnswer {
  /** The status. */
  readonly status: number;
  /** The JSON body, `undefined` when none. */
  readonly body?: unknown;
  /** The effects, as JSON. */
  readonly effects: readonly unknown[];
}

/** One recorded decision that a replay decided otherwise (RPL-1). */
export interface ReplayDifference {
  /** The entry's `seq`. */
  readonly seq: number;
  /** Its company. */
  readonly companyId: string;
  /** Its operation. */
  readonly operation: string;
  /** The request as recorded: method, path (with `?dryRun=true` on a dry run) and body. */
  readonly request: { readonly method: string; readonly path: string; readonly body?: unknown };
  /** What the journal recorded. */
  readonly recorded: ReplayAnswer;
  /** What the replay answered. */
  readonly replayed: ReplayAnswer;
  /** The rule IDs in one answer's issues and not the other's; empty when both succeeded differently. */
  readonly rules: readonly RuleId[];
}

/** The differences of one rule (RPL-1). */
export interface ReplayGroup {
  /** The rule, or `null` for decisions that both succeeded with different bodies or effects. */
  readonly rule: RuleId | null;
  /** How many decisions of the replay differ by this rule. */
  readonly count: number;
  /** The first of them, in journal order. */
  readonly examples: readonly ReplayDifference[];
}

/** What a replay found (RPL-1). */
export interface ReplayReport {
  /** Entries re-decided. */
  readonly replayed: number;
  /** Entries whose decision differs. */
  readonly differing: number;
  /** The differences by rule, the most frequent first (ties by rule ID, `null` last). */
  readonly groups: readonly ReplayGroup[];
}

/**
 * Whether two JSON values are equal, object key order aside; a key whose value is `undefined`
 * counts as absent (as `JSON.stringify` writes it).
 */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    if (a.length !== list.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], list[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k of Object.keys(x)) {
    if (x[k] === undefined) continue;
    count++;
    if (!Object.hasOwn(y, k) || !jsonEqual(x[k], y[k])) return false;
  }
  for (const k of Object.keys(y)) if (y[k] !== undefined) count--;
  return count === 0;
}

/**
 * Compares a recorded decision with its replay (RPL-1): equal when status, body and effects
 * are equal as JSON (object key order aside). A difference is attributed to the rule IDs that
 * appear in one answer's issues and not in the other's: a refusal the new rules lift names the
 * rule that refused it; a new refusal names the rule that now refuses. Two successes that
 * differ name no rule.
 * @param entry - the recorded entry
 * @param replayed - the replay's answer
 * @returns the difference, or `undefined` when the decision is the same
 * @rule RPL-1
 * @example
 * const entry = { seq: 1, companyId: "c", operation: "planIntervention", method: "POST", path: "/order/o/PlanIntervention", dryRun: false, status: 400, answer: { errors: [{ rule: "ASN-5" }] }, effects: [] };
 * compareDecision(entry, { status: 200, body: { id: "i" }, effects: [] })?.rules //=> ["ASN-5"]
 * compareDecision(entry, { status: 400, body: { errors: [{ rule: "ASN-5" }] }, effects: [] }) //=> undefined
 */
export function compareDecision(
  entry: Pick<JournalEntryShape, "seq" | "companyId" | "operation" | "method" | "path" | "dryRun" | "status" | "answer" | "effects" | "body">,
  replayed: ReplayAnswer,
): ReplayDifference | undefined {
  const recorded: ReplayAnswer = entry.answer === undefined ? { status: entry.status, effects: entry.effects } : { status: entry.status, body: entry.answer, effects: entry.effects };
  const same = recorded.status === replayed.status && jsonEqual(recorded.body, replayed.body) && jsonEqual(recorded.effects, replayed.effects);
  if (same) return undefined;
  const before = recorded.status >= 400 ? rulesOf(recorded.body) : [];
  const after = replayed.status >= 400 ? rulesOf(replayed.body) : [];
  const rules: RuleId[] = [];
  for (const r of before) if (!after.includes(r)) rules.push(r);
  for (const r of after) if (!before.includes(r) && !rules.includes(r)) rules.push(r);
  const path = entry.dryRun ? `${entry.path}?dryRun=true` : entry.path;
  const request = Object.hasOwn(entry, "body") ? { method: entry.method, path, body: entry.body } : { method: entry.method, path };
  return { seq: entry.seq, companyId: entry.companyId, operation: entry.operation, request, recorded, replayed, rules };
}

/**
 * Collects differences into a report (RPL-1): each difference counts once under each rule it
 * names (under `null` when it names none); each group keeps its first `examples` differences.
 * Linear in the differences, whatever their number.
 */
export class ReplayCollector {
  readonly #groups = new Map<RuleId | null, { count: number; examples: ReplayDifference[] }>();
  readonly #examples: number;
  #replayed = 0;
  #differing = 0;

  /** @param examples - examples kept per group */
  constructor(examples: number) {
    this.#examples = examples;
  }

  /**
   * Counts one replayed entry and its difference, if any.
   * @param difference - what {@link compareDecision} found
   */
  add(difference: ReplayDifference | undefined): void {
    this.#replayed++;
    if (difference === undefined) return;
    this.#differing++;
    const keys: (RuleId | null)[] = difference.rules.length === 0 ? [null] : [...difference.rules];
    for (const key of keys) {
      let group = this.#groups.get(key);
      if (group === undefined) {
        group = { count: 0, examples: [] };
        this.#groups.set(key, group);
      }
      group.count++;
      if (group.examples.length < this.#examples) group.examples.push(difference);
    }
  }

  /**
   * The report so far.
   * @returns the counts and the groups, the most frequent first
   */
  report(): ReplayReport {
    const groups: ReplayGroup[] = [...this.#groups].map(([rule, g]) => ({ rule, count: g.count, examples: [...g.examples] }));
    groups.sort((a, b) => b.count - a.count || (a.rule === null ? 1 : b.rule === null ? -1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
    return { replayed: this.#replayed, differing: this.#differing, groups };
  }
}

import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import { ruleIds, type RuleId } from "../shared/rule-id.generated.js";
import { checkText } from "../shared/read.js";
import type { Guid } from "../shared/guid.js";
import { parseDateTime, type Instant } from "../shared/time.js";
import { journalOutcomes, namedRecords, type JournalEntry, type JournalOutcome } from "./entry.js";

/** Largest `limit` of one journal page (JRN-2). */
export const MAX_JOURNAL_PAGE = 500;

/** `limit` when the query leaves it out (JRN-2). */
export const DEFAULT_JOURNAL_PAGE = 100;

/** Longest `record` or `operation` text the journal query reads (LIM-1). */
export const MAX_JOURNAL_FILTER_TEXT = 255;

/** The typed query of `GET /journal` (JRN-2): a cursor page of entries, filtered. */
export interface JournalQuery {
  /** Entries after this `seq` (the previous page's `next`); 0 for the first page. */
  readonly after: number;
  /** Entries per page, 1..{@link MAX_JOURNAL_PAGE}. */
  readonly limit: number;
  /** A record's GUID or external ID the entry must name, `null` for any. */
  readonly record: string | null;
  /** The operation the entry must be, `null` for any. */
  readonly operation: string | null;
  /** A rule ID among the entry's issues, `null` for any. */
  readonly rule: RuleId | null;
  /** The entry's outcome, `null` for any. */
  readonly outcome: JournalOutcome | null;
  /** Entries decided at or after this instant, `null` for no bound. */
  readonly from: Instant | null;
  /** Entries decided before this instant, `null` for no bound. */
  readonly to: Instant | null;
}

// Any run of digits is a whole number; one beyond the bounds is out of range, however long
// (a 16-digit `after` up to Number.MAX_SAFE_INTEGER is exact as a double, and a longer one is
// larger than any bound, so reading it as a double cannot pass a value the bounds exclude).
const WHOLE = /^\d+$/;

function readWhole(text: string | undefined, name: string, min: number, max: number, fallback: number, issues: Issue[]): number {
  if (text === undefined) return fallback;
  const whole = WHOLE.test(text);
  const n = whole ? Number(text) : Number.NaN;
  if (n >= min && n <= max) return n;
  issues.push(issue(whole ? "OutOfRange" : "InvalidNumber", name, "JRN-2", `Expected a whole number from ${min} to ${max}, got ${JSON.stringify(text.slice(0, 40))} (JRN-2).`));
  return fallback;
}

function readText(text: string | undefined, name: string, issues: Issue[]): string | null {
  if (text === undefined) return null;
  if (checkText(text, MAX_JOURNAL_FILTER_TEXT, "", name, issues) === undefined) return null;
  if (text.trim() === "") {
    issues.push(issue("Blank", name, "JRN-2", `${name} must not be blank; leave it out for any (JRN-2).`));
    return null;
  }
  return text;
}

function readInstant(text: string | undefined, name: string, issues: Issue[]): Instant | null {
  if (text === undefined) return null;
  const at = parseDateTime(text);
  if (at !== undefined) return at;
  issues.push(issue("InvalidDateTime", name, "JRN-2", `Expected an ISO 8601 date-time with a zone, such as 2026-11-27T08:00:00Z (JRN-2).`));
  return null;
}

function readChoice<T extends string>(text: string | undefined, name: string, values: readonly T[], issues: Issue[]): T | null {
  if (text === undefined) return null;
  if ((values as readonly string[]).includes(text)) return text as T;
  issues.push(issue("InvalidEnum", name, "JRN-2", `Expected one of ${values.length > 12 ? "the rule IDs of docs/rules.md" : values.join(", ")} (JRN-2).`));
  return null;
}

/**
 * Reads the query of `GET /journal` (JRN-2): `after` (a `seq`, default 0), `limit` (1..500,
 * default 100), and the filters `record` (a GUID or an external ID the entry names),
 * `operation`, `rule` (a rule ID), `outcome` (`committed`, `refused`, `dryRun`), `from`
 * (inclusive) and `to` (exclusive) as ISO date-times. Every bad parameter is reported; unknown
 * parameters are ignored, as every query of the API does.
 * @param query - the query parameters, first value of each name
 * @param operations - the operation names a journal holds (the writes of the route table)
 * @returns the typed query, or every issue
 * @rule JRN-2
 * @example
 * parseJournalQuery(new Map([["limit", "2"]]), ["addToStore"]) //=> { ok: true, value: { after: 0, limit: 2, record: null, operation: null, rule: null, outcome: null, from: null, to: null } }
 * parseJournalQuery(new Map([["outcome", "won"]]), []).ok //=> false
 */
export function parseJournalQuery(query: ReadonlyMap<string, string>, operations: readonly string[]): Result<JournalQuery> {
  const issues: Issue[] = [];
  const after = readWhole(query.get("after"), "after", 0, Number.MAX_SAFE_INTEGER, 0, issues);
  const limit = readWhole(query.get("limit"), "limit", 1, MAX_JOURNAL_PAGE, DEFAULT_JOURNAL_PAGE, issues);
  const record = readText(query.get("record"), "record", issues);
  const operation = readChoice(query.get("operation"), "operation", operations, issues);
  const rule = readChoice(query.get("rule"), "rule", ruleIds, issues);
  const outcome = readChoice(query.get("outcome"), "outcome", journalOutcomes, issues);
  const from = readInstant(query.get("from"), "from", issues);
  const to = readInstant(query.get("to"), "to", issues);
  return collect(issues, () => ({ after, limit, record, operation, rule, outcome, from, to }));
}

/**
 * Whether an entry passes the filters of a journal query (JRN-2), `after` included (the
 * `limit` is the caller's).
 * @param entry - the entry
 * @param seq - its place in the journal
 * @param at - the instant it was decided
 * @param query - the query
 * @returns whether it belongs to the answer
 * Applies JRN-2's filters.
 */
export function matchesJournalQuery(
  entry: Pick<JournalEntry, "operation" | "outcome" | "rules" | "found" | "form" | "params" | "changes">,
  seq: number,
  at: Instant,
  query: JournalQuery,
): boolean {
  if (seq <= query.after) return false;
  if (query.operation !== null && entry.operation !== query.operation) return false;
  if (query.outcome !== null && entry.outcome !== query.outcome) return false;
  if (query.rule !== null && !entry.rules.includes(query.rule)) return false;
  if (query.from !== null && at < query.from) return false;
  if (query.to !== null && at >= query.to) return false;
  if (query.record !== null) {
    const r = query.record;
    const named = namedRecords(entry);
    if (!named.recordKeys.includes(r) && !named.recordIds.includes(r.toLowerCase() as Guid)) return false;
  }
  return true;
}

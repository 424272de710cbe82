import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";
import { journalEntryShape, type JournalDraft, type JournalEntryShape, type JournalPage, type RecordChange } from "./entry.js";
import { isKeyRemembered, IDEMPOTENCY_KEY_LIFETIME_MS } from "./idempotency.js";
import { matchesJournalQuery, type JournalQuery } from "./query.js";

/** Entries the in-memory journal keeps per company when the options do not say (JRN-3). */
export const DEFAULT_JOURNAL_RETENTION = 1_000;

/** What an idempotent repeat answers (IDM-1): the recorded answer of the first decision. */
export interface RecordedAnswer {
  /** The recorded request's fingerprint (IDM-2 compares it). */
  readonly fingerprint: string;
  /** The status answered. */
  readonly status: number;
  /** The body answered, `undefined` when none. */
  readonly answer?: unknown;
  /** Whether it was a dry run. */
  readonly dryRun: boolean;
}

/** A journal entry with what an idempotent repeat compares (the request's fingerprint). */
export interface JournalRecord {
  /** The entry, without its place. */
  readonly draft: JournalDraft;
  /** The request's fingerprint, when it carried an `Idempotency-Key` (IDM-2). */
  readonly fingerprint: string | null;
  /** The answer's body as the JSON text the request answers, when the service wrote it (a database storage keeps that text: JSON once). */
  readonly answerText?: string | undefined;
}

/** The in-memory journal of every company (JRN-1, JRN-3) and its idempotency keys (IDM-1, IDM-4). */
export interface MemoryJournal {
  /** Records an entry, giving it the company's next `seq`, which it answers. */
  readonly append: (record: JournalRecord) => number;
  /** One page of a company's journal. */
  readonly read: (companyId: Guid, query: JournalQuery) => JournalPage;
  /** The recorded answer of a key still remembered at `now`, if any. */
  readonly recall: (companyId: Guid, key: string, now: Instant) => RecordedAnswer | undefined;
  /** The company's last `seq` (0 when none): a sync cursor's position (SYN-3). */
  readonly last: (companyId: Guid) => number;
  /**
   * Hands each change of the committed entries after `seq` to `visit`, oldest first, and answers
   * `true`; answers `false` (visiting nothing) when some of those entries were dropped (JRN-3).
   */
  readonly changesAfter: (companyId: Guid, seq: number, visit: (change: RecordChange) => void) => boolean;
}

interface CompanyJournal {
  /** Kept entries, oldest first, and their `seq` at the same index; `start` skips the dropped ones until the arrays are compacted. */
  entries: JournalDraft[];
  seqs: number[];
  start: number;
  seq: number;
  readonly keys: Map<string, RecordedAnswer & { readonly at: Instant }>;
  appendsSinceSweep: number;
}

/**
 * The in-memory journal: per company, the newest `retention` entries (JRN-3), and every
 * idempotency key of the last {@link IDEMPOTENCY_KEY_LIFETIME_MS} (IDM-4), kept apart from
 * the entries so that retention never lets a remembered key decide twice. Expired keys are
 * swept every 1,024 appends (keys live {@link IDEMPOTENCY_KEY_LIFETIME_MS}).
 * @param retention - entries kept per company (0 keeps none; keys are still remembered)
 * @returns the journal
 * @rule JRN-3
 */
export function memoryJournal(retention: number): MemoryJournal {
  const companies = new Map<Guid, CompanyJournal>();
  const of = (companyId: Guid): CompanyJournal => {
    let c = companies.get(companyId);
    if (c === undefined) {
      c = { entries: [], seqs: [], start: 0, seq: 0, keys: new Map(), appendsSinceSweep: 0 };
      companies.set(companyId, c);
    }
    return c;
  };
  return {
    append({ draft, fingerprint }) {
      const c = of(draft.companyId);
      const seq = ++c.seq;
      // A retention of 0 (or less) keeps nothing: the entry is dropped at once.
      c.entries.push(draft);
      c.seqs.push(seq);
      if (c.seq > retention) c.start++; // once more than `retention` were appended, each append drops the oldest kept
      // Compact once the dropped prefix is as long as what is kept (or 4,096): amortized O(1) per append.
      // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,BlockStatement: when to compact is memory only; the entries from `start` on read the same before and after
      if (c.start >= retention || c.start > 4096) {
        c.entries = c.entries.slice(c.start);
        c.seqs = c.seqs.slice(c.start);
        c.start = 0;
      }
      if (draft.idempotencyKey !== null && fingerprint !== null) {
        const recorded = { fingerprint, status: draft.status, dryRun: draft.dryRun, at: draft.at };
        c.keys.set(draft.idempotencyKey, { ...recorded, answer: draft.answer }); // an undefined answer reads as none (`repeated`)
      }
      // Sweep the keys past their lifetime now and then.
      // Stryker disable next-line UpdateOperator,ConditionalExpression,EqualityOperator,BlockStatement: when to sweep is memory only; `recall` refuses a key past its lifetime whether swept or not
      if (++c.appendsSinceSweep >= 1024) {
        c.appendsSinceSweep = 0;
        for (const [key, r] of c.keys) if (!isKeyRemembered(r.at, draft.at)) c.keys.delete(key);
      }
      return seq;
    },
    read(companyId, query) {
      const c = companies.get(companyId);
      const items: JournalEntryShape[] = [];
      let next: number | null = null;
      if (c !== undefined) {
        for (let i = c.start; i < c.entries.length; i++) {
          const e = c.entries[i] as JournalDraft;
          const seq = c.seqs[i] as number;
          if (!matchesJournalQuery(e, seq, e.at, query)) continue;
          if (items.length === query.limit) {
            // Stryker disable next-line OptionalChaining: a page holds at least one entry here (a limit is 1 or more, JRN-2)
            next = items[items.length - 1]?.seq ?? null;
            break;
          }
          items.push(journalEntryShape({ seq, ...e }));
        }
      }
      return { items, next };
    },
    last: (companyId) => companies.get(companyId)?.seq ?? 0,
    changesAfter(companyId, seq, visit) {
      const c = companies.get(companyId);
      // A company with no entry is served from 0 only; one with no entry after `seq` serves it when `seq` is its last.
      if (c === undefined) return seq === 0;
      if (c.seq <= seq) return c.seq === seq;
      // The first kept entry must be the one right after `seq`, or entries in between were dropped.
      // Past the last kept entry `seqs[i]` is undefined: read as beyond any seq, and not `seq + 1`.
      let i = c.start;
      while ((c.seqs[i] ?? Infinity) <= seq) i++;
      if (c.seqs[i] !== seq + 1) return false;
      for (; i < c.entries.length; i++) {
        const e = c.entries[i] as JournalDraft;
        if (e.outcome === "committed") for (const change of e.changes) visit(change);
      }
      return true;
    },
    recall(companyId, key, now) {
      const r = companies.get(companyId)?.keys.get(key);
      if (r === undefined || !isKeyRemembered(r.at, now)) return undefined;
      return r;
    },
  };
}

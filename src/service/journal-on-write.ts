// What a write leaves in the journal (JRN-1) and under its idempotency key (IDM-1, IDM-2): the
// context fixed before the storage runs it, the entry of its decision, and the answer of a
// repeat.
import { journalDraft, type JournalParam } from "../journal/entry.js";
import { idempotentRepeat } from "../journal/idempotency.js";
import type { JournalRecord, RecordedAnswer } from "../journal/memory.js";
import type { Effect } from "../notification/effect.js";
import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";
import { copyJson, refused } from "./answer.js";
import type { ServiceResponse } from "./entry-point.js";
import { recordChanges } from "./journal.js";
import type { Routed } from "./routed.js";
import type { Changes, CompanyState } from "./state.js";

/** One empty list shared by every journal entry that has nothing to list (no GUID drawn, no record found). */
export const NONE: readonly never[] = Object.freeze([]);

/**
 * A request body as JSON text for the journal; `undefined` for a value JSON cannot write (a
 * JavaScript caller's `BigInt` or cycle, which the body's parser refuses anyway).
 * @param value - the body
 * @returns its JSON text, or `undefined`
 */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** What a write's journal entry records besides the decision (JRN-1), fixed before the storage runs it. */
export interface WriteContext {
  /** The API client whose token the request carried. */
  readonly clientId: string | null;
  /** The request's idempotency key (IDM-1). */
  readonly idempotencyKey: string | null;
  /** The request's fingerprint under its key (IDM-2); `null` without a key. */
  readonly fingerprint: string | null;
  /** The body as JSON text, which the journal keeps (the caller may change its own after `handle`); `undefined` when none. */
  readonly bodyText: string | undefined;
}

/** What one decision answers and asks the storage to commit (absent parts: nothing to write). */
export interface Outcome {
  /** The answer to the caller. */
  readonly result: ServiceResponse;
  /** The records to write. */
  readonly changes?: Changes | undefined;
  /** The journal entry, for a write. */
  readonly journal?: JournalRecord | undefined;
}

/** The JSON text of answers whose body the service already wrote (a database storage's writes), by answer. */
const answerTexts = new WeakMap<ServiceResponse, string>();

/**
 * The body of an answer of this service as the JSON text it already wrote, when it wrote it (a
 * write on a database storage, whose journal entry keeps that text): the HTTP adapter sends it
 * instead of writing the body again. `undefined` otherwise: write the body.
 * @param response - an answer of `handle`
 * @returns the body's JSON text, or `undefined`
 * @internal
 */
export function answerText(response: ServiceResponse): string | undefined {
  return answerTexts.get(response);
}

/** A decided operation, as {@link journaled} journals it. */
export interface Decided {
  /** The answer to the caller (its body a copy). */
  readonly result: ServiceResponse;
  /** The answer as decided, which the journal records. */
  readonly answer: { readonly status: number; readonly body?: unknown; readonly effects?: readonly Effect[] };
  /** The records the decision changes, if any. */
  readonly changes: Changes | undefined;
  /** The company it decided on. */
  readonly company: CompanyState;
  /** The request. */
  readonly routed: Routed;
  /** When it was decided. */
  readonly at: Instant;
  /** The write's context; `undefined` for a read or a write nothing journals. */
  readonly write: WriteContext | undefined;
  /** The GUIDs the decision drew, for a replay. */
  readonly drawn: readonly Guid[];
  /** The records the path named. */
  readonly found: readonly { id: Guid; externalId: string | null }[];
}

/**
 * The outcome of a decided operation, with its journal entry when it is a write (JRN-1).
 * @param decided - the decision and its request
 * @param keepText - whether the storage keeps the answer's JSON text (a database: JSON once, issue 33)
 * @returns the outcome
 */
export function journaled(decided: Decided, keepText: boolean): Outcome {
  const { result, answer, changes, company, routed, write } = decided;
  if (write === undefined) return { result, changes };
  const draft = journalDraft({
    companyId: company.id,
    at: decided.at,
    operation: routed.route.operation,
    method: routed.method,
    path: routed.path,
    form: routed.route.form,
    params: routed.params as readonly JournalParam[],
    dryRun: routed.dryRun,
    bodyText: write.bodyText,
    clientId: write.clientId,
    userId: company.apiUser.id,
    idempotencyKey: write.idempotencyKey,
    ids: decided.drawn,
    status: answer.status,
    answer: answer.body,
    effects: answer.effects ?? [],
    changes: changes === undefined ? NONE : recordChanges(company, changes),
    found: decided.found,
  });
  // JSON once (issue 33): a database storage keeps the answer's text in the journal entry, and
  // the HTTP adapter sends the same text (answerText) instead of writing the body again.
  if (!keepText || answer.body === undefined) return { result, changes, journal: { draft, fingerprint: write.fingerprint } };
  const text = JSON.stringify(answer.body);
  // Stryker disable next-line ConditionalExpression: every caller builds the result's body from the answer's (create.ts), so a result without one has an answer without one, which returned above; the guard keeps a body-less reply body-less should a caller ever differ
  if (result.body !== undefined) answerTexts.set(result, text);
  return { result, changes, journal: { draft, fingerprint: write.fingerprint, answerText: text } };
}

/**
 * A write whose key has a recorded answer: that answer again (IDM-1), or 422 for another request (IDM-2).
 * @param recorded - the answer recorded under the key
 * @param fingerprint - this request's fingerprint
 * @returns the answer
 */
export function repeated(recorded: RecordedAnswer, fingerprint: string): ServiceResponse {
  const decided = idempotentRepeat(recorded.fingerprint, fingerprint);
  if (decided.kind === "mismatch") return refused(decided.issues.issues);
  const marker = recorded.dryRun && recorded.status < 400 ? { dryRun: true as const } : {};
  const headers = { "idempotent-replayed": "true" };
  return recorded.answer === undefined
    ? { status: recorded.status, effects: [], headers, ...marker }
    : { status: recorded.status, body: copyJson(recorded.answer), effects: [], headers, ...marker };
}

// The client's words, shared by its hand-written parts and its generated methods
// (operations.generated.ts): the options of a call, the queries, record references, and how
// one operation is called.
import type { OperationKind, Method, QueryKind } from "../api/operation.js";
import type { JournalOutcome } from "../journal/entry.js";
import type { RuleId } from "../shared/rule-id.generated.js";
import type { Result } from "../shared/issue.js";

/** A record named by its external ID: the client then uses the `/externalId/...` path form (GEN-2). */
export interface ExternalIdRef {
  /**
   * The client-assigned external ID. One that no URL path can carry (blank, `.`, `..`, U+0000 or
   * an unpaired surrogate, TXT-2) is refused before anything is sent.
   */
  readonly externalId: string;
}

/**
 * A record reference in a path: its GUID as a string, or `{ externalId }`. One path never mixes
 * the two forms, so an operation with two records takes two GUIDs or two external IDs. A string
 * that is not a GUID is refused before anything is sent (pass `{ externalId }` for an external ID).
 */
export type Ref = string | ExternalIdRef;

/** Options of a read. */
export interface CallOptions {
  /** Validate locally before sending (bodies and the store query); overrides the client's `validate`. */
  readonly validate?: boolean;
  /**
   * Aborts the call, wherever it is: waiting for the login it shares with other calls (which
   * goes on for them), sending, or reading the answer. The call rejects with the signal's
   * `reason` as it is (a `DOMException` named `"AbortError"` unless the caller gave another), as
   * `fetch` does.
   */
  readonly signal?: AbortSignal;
  /**
   * Bounds this call, in milliseconds: login, request and reading the body; overrides the
   * client's `timeout` (`Infinity` for none). Running out rejects with a `DOMException` named
   * `"TimeoutError"`, as `fetch` with `AbortSignal.timeout` does.
   */
  readonly timeout?: number;
}

/** Options of a write. */
export interface WriteOptions extends CallOptions {
  /** Ask for a dry run (`?dryRun=true`): the same answer, nothing committed (docs/service.md "Dry run"). */
  readonly dryRun?: boolean;
  /**
   * The write's `Idempotency-Key` (IDM-1). Left out, the client draws a fresh UUID per call and
   * sends it on every attempt of that call (the retry after a re-login too), so a write whose
   * answer was lost can be sent again by the caller with the same key and is decided once.
   * `false` sends none.
   */
  readonly idempotencyKey?: string | false;
}

/** The query of {@link FieldServiceClient.readJournal} (JRN-2); every field may be left out. */
export interface JournalQueryParams {
  /** The `seq` after which the page starts: the previous page's `next`. */
  readonly after?: number;
  /** Entries per page, 1 to 500 (default 100). */
  readonly limit?: number;
  /** A GUID or external ID the entries name. */
  readonly record?: string;
  /** The operation (`addToStore`, …). */
  readonly operation?: string;
  /** A rule ID among the entries' issues. */
  readonly rule?: RuleId;
  /** How the writes ended. */
  readonly outcome?: JournalOutcome;
  /** Entries decided at or after this instant (ISO 8601 with a zone). */
  readonly from?: string;
  /** Entries decided before this instant. */
  readonly to?: string;
}

/** The query of {@link FieldServiceClient.sync} (SYN-1). */
export interface SyncQueryParams {
  /** `technician:{userId}`: a user's GUID or external ID. */
  readonly scope: string;
  /** First day, `YYYY-MM-DD`. */
  readonly from: string;
  /** Last day, `YYYY-MM-DD` (at most 31 days in all). */
  readonly to: string;
  /** The previous answer's `cursor`; left out, the answer is the whole scope. */
  readonly since?: string;
}

/** The query of {@link FieldServiceClient.orderCandidates} and {@link FieldServiceClient.interventionCandidates} (CND-1). */
export interface CandidatesQueryParams {
  /** The visit's day, `YYYY-MM-DD`, in the company's time zone. */
  readonly day: string;
  /** The visit's length in whole minutes, 1 to 1,440. */
  readonly duration: number;
  /** The window's start, local `HH:MM`; left out, the day's start. */
  readonly from?: string;
  /** The window's end, local `HH:MM` up to `24:00`; left out, the day's end. */
  readonly to?: string;
  /** Minutes between two starts of the grid, 5 to 1,440 (default 15). */
  readonly step?: number;
  /** The technicians to consider, GUIDs or external IDs (at most 100); left out, every active technician. */
  readonly technicians?: readonly string[];
  /** Most candidates, 1 to 200 (default 20). */
  readonly limit?: number;
}

/** How the client calls one operation: its route, how many records its path names, its query, its body's parser. */
export interface ClientOperation {
  /** Upper-case method. */
  readonly method: Method;
  /** Path template; each `{placeholder}` names a record. */
  readonly path: string;
  /** The status of a successful answer. */
  readonly success: 200 | 201 | 204;
  /** How the service routes it (the login is called by the session). */
  readonly kind: OperationKind;
  /** How many records its path names. */
  readonly refs: 0 | 1 | 2;
  /** The query it reads, when it reads one. */
  readonly query?: QueryKind;
  /** The parser that checks its body before sending; left out, it sends no body. */
  readonly parse?: (body: unknown) => Result<unknown>;
  /** Whether the body may be left out. */
  readonly bodyOptional?: true;
}

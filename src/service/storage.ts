import type { HandledOperation } from "./router.js";
import type { IssuedToken } from "../auth/token.js";
import type { SecretHasher } from "../auth/secret.js";
import type { FailureWindow } from "../auth/throttle.js";
import type { PathParamName } from "../api/operation.js";
import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";
import type { Fixture } from "./fixture.js";
import type { OperationLoads } from "./loads.js";
import type { Changes, CompanyState } from "./state.js";
import type { JournalRecord, RecordedAnswer } from "../journal/memory.js";
import type { JournalPage } from "../journal/entry.js";
import type { JournalQuery } from "../journal/query.js";
import type { SyncAnswer, SyncScope } from "../sync/answer.js";
import type { SyncCursor } from "../sync/cursor.js";

/** What a sync asks of a storage (SYN-2, SYN-3): the scope, and the cursor sent, read. */
export interface SyncRequest {
  /** The technician and the days. */
  readonly scope: SyncScope;
  /** The previous answer's cursor, `null` for a first pull (a cursor of another scope or storage makes a full answer). */
  readonly since: SyncCursor | null;
}

/**
 * One operation as a storage runs it: the caller's company, the matched route, what the
 * request sent, and what its decision reads (`loads`, computed by the service from the
 * request it read once), which a database storage loads before the decision runs.
 */
export interface StoredOperation {
  /** GUID of the caller's company (AUTH-4): every read and write of the operation is scoped to it. */
  readonly companyId: Guid;
  /** The route's operation. */
  readonly operation: HandledOperation;
  /** Whether the path names records by GUID or by external ID (GEN-2). */
  readonly form: "id" | "externalId";
  /** The path's placeholders, in path order. */
  readonly params: readonly StoredParam[];
  /** The parsed JSON body, `undefined` when none. */
  readonly body: unknown;
  /** Query parameters, first value of each name. */
  readonly query: ReadonlyMap<string, string>;
  /** `true` for `?dryRun=true`: run everything, persist nothing. */
  readonly dryRun: boolean;
  /** What the decision reads besides the path's records (for the in-memory storage, which holds everything, `NOTHING`: not computed). */
  readonly loads: OperationLoads;
  /** The instant the decision is given (the service's clock, read once per request). */
  readonly at: Instant;
  /**
   * The write's `Idempotency-Key` (IDM-1), `null` when none: the view holds the answer recorded
   * under it, if still remembered at `at` (IDM-4), and the commit claims the key, so two
   * processes racing one key decide once.
   */
  readonly idempotencyKey: string | null;
}

/** One placeholder of a path, as sent. */
export interface StoredParam {
  /** The kind of record it names (`order`, `store`, …). */
  readonly name: PathParamName;
  /** The GUID or the external ID sent (see {@link StoredOperation.form}). */
  readonly value: string;
}

/**
 * A path value as a storage reads it: a GUID in lower case (GEN-1: a GUID is the same in either
 * case), an external ID as sent (two cases are two external IDs). Turn keys, group commits and
 * the records a view reads compare path values through it.
 * @param operation - the operation whose path holds the value (its form)
 * @param value - the value sent
 * @returns the value compared
 * @example
 * pathValue({ form: "id" }, "0A1B2C3D-0000-4000-8000-000000000001") //=> "0a1b2c3d-0000-4000-8000-000000000001"
 */
export function pathValue(operation: Pick<StoredOperation, "form">, value: string): string {
  return operation.form === "id" ? value.toLowerCase() : value;
}

/**
 * What a decision reads, as a storage loaded it (the service's route: prepare, load, decide,
 * commit): a company view holding at least the records the operation reads, the answer
 * recorded under the write's idempotency key (IDM-1), and what the storage needs to check at
 * commit that nothing the decision read has changed since (`stamp`, opaque to the service).
 */
export interface LoadedView {
  /** The caller's company: its configuration and the records the operation reads. */
  readonly view: CompanyState;
  /** The answer remembered under the write's `Idempotency-Key` at the operation's instant, if any (IDM-1, IDM-4). */
  readonly recorded?: RecordedAnswer | undefined;
  /** The versions the view was read at, as the storage keeps them; handed back to {@link FieldStorage.commit}. */
  readonly stamp?: unknown;
}

/**
 * What a storage took before reading a view ({@link FieldStorage.hold}): this process's turn on
 * the resources a write contends on and, after a lost race, the rows it read, locked. Handed to
 * `load`, which reads the view under it and releases it with the view.
 */
export interface ViewHold {
  /** Whether it locked rows (a locked retry, or a hot resource): the view waited for other processes' writers of them. */
  readonly locked: boolean;
  /** What the storage keeps, opaque to the service. */
  readonly held?: unknown;
  /**
   * When it locked, or read whole, more stores than the operation's path names (on PostgreSQL, a
   * company's hot stock locked, or its busy stock read without a lock): the path values of every
   * store it holds (in the operation's form, a GUID in lower case). Writes naming only these may
   * join the view, locked or not ({@link FieldStorage.hold}); absent: only the operation's own
   * stores, and only when it locked.
   */
  readonly stores?: readonly string[] | undefined;
}

/**
 * What a decision asks a storage to commit (JRN-1, GEN-8): the changes of a success (absent for
 * a refusal, and written by no dry run) and the journal entry of a decided write.
 */
export interface DecisionToCommit {
  /** What to write; absent for a refusal. A dry run's changes are never written. */
  readonly changes?: Changes | undefined;
  /** The journal entry (committed, refused or dry run); absent when the service keeps no journal and the write has no key. */
  readonly journal?: JournalRecord | undefined;
  /**
   * The journal entries of the decisions committed together with this one (a group commit, only
   * to a storage that says {@link FieldStorage.groupCommit}), in the order they were decided,
   * after `journal`; `changes` then holds what all of them write.
   */
  readonly grouped?: readonly JournalRecord[] | undefined;
}

/**
 * How a commit ended: `committed`; `stale` when something the decision read changed since its
 * view was loaded (the service decides again on a fresh view); `taken` when a unique external
 * ID refused the write (GEN-4: decided again once, then refused with `error`).
 */
export type CommitVerdict =
  | { readonly kind: "committed" }
  | { readonly kind: "stale" }
  | { readonly kind: "taken"; readonly error: DuplicateExternalIdError };

/** A value now, or a promise of it: what the in-memory storage and a database storage answer alike. */
export type Awaitable<T> = T | Promise<T>;

/**
 * What one request asks of a storage, whichever it is: the in-memory storage answers at once,
 * a database storage ({@link FieldStorage}) with promises. `createFieldService` has one request
 * route over this port: it prepares the operation, loads its view, decides (pure), and commits;
 * the storage does the I/O only and never calls the service.
 * @internal
 */
export interface RequestPort {
  /** The companies' configuration (settings, users, catalogs, clients): what login and authentication read. */
  readonly companies: () => Awaitable<readonly CompanyState[]>;
  /** Keeps a token issued at login (AUTH-2) and, with `clears`, forgets the failures counted under that key in the same write (CRD-2). */
  readonly saveToken: (token: IssuedToken, clears?: string) => Awaitable<void>;
  /** The token with this text while it is valid at `now` (AUTH-3). */
  readonly findToken: (text: string, now: Instant) => Awaitable<IssuedToken | undefined>;
  /** The view one decision reads, with the versions it was read at (one consistent read); `stale`: the previous decision's view, which its commit found stale; `hold`: what `hold` took for it. */
  readonly load: (operation: StoredOperation, stale?: LoadedView, hold?: ViewHold) => Awaitable<LoadedView>;
  /** Takes what a view of the operation waits for before it is read (see {@link FieldStorage.hold}); absent: `load` takes it itself. */
  readonly hold?: (operation: StoredOperation, stale?: LoadedView) => Awaitable<ViewHold>;
  /** Commits a decided write at once, if nothing its view read has changed (GEN-8, JRN-1, IDM-1); releases what the view held. */
  readonly commit: (operation: StoredOperation, loaded: LoadedView, decided: DecisionToCommit) => Awaitable<CommitVerdict>;
  /** Releases what a view holds when its decision commits nothing (a read, a repeat). */
  readonly release: (loaded: LoadedView) => Awaitable<void>;
  /** Most decisions of one request before a storage that keeps answering `stale` is unavailable for it (503). */
  readonly attempts: number;
  /** Whether one commit may hold several decisions' journal entries ({@link DecisionToCommit.grouped}); absent: no. */
  readonly groupCommit?: boolean;
  /** How a group commit's queue starts its first turn (see {@link FieldStorage.startGroupTurn}); absent: at once. */
  readonly startGroupTurn?: (run: () => void) => void;
  /**
   * A store page (STO-3 to STO-6): the listing of the path's store, handed to `page` in the
   * tick it is read (a database storage's listing is its process cache, current only then).
   */
  readonly readListing: <R>(operation: StoredOperation, page: (view: CompanyState) => R) => Awaitable<R>;
  /** One page of a company's journal (JRN-2). */
  readonly readJournal: (companyId: Guid, query: JournalQuery) => Awaitable<JournalPage>;
  /** A sync answer of a company's scope (SYN-2, SYN-3), read in one snapshot. */
  readonly sync: (companyId: Guid, request: SyncRequest) => Awaitable<SyncAnswer>;
  /** The failed-login windows of these keys (CRD-2, CRD-3), in order; `undefined` where a key has none. */
  readonly loginFailures: (keys: readonly string[]) => Awaitable<readonly (FailureWindow | undefined)[]>;
  /** Counts one failed login at `at` under each key (`nextFailureWindow`). */
  readonly recordLoginFailure: (keys: readonly string[], at: Instant, windowMs: number) => Awaitable<void>;
}

/**
 * The storage port of the reference service (docs/service.md "Storage"): where the
 * companies, tokens and records live between requests. The in-memory store is built into
 * `createFieldService` (synchronous, the default); a storage passed in the options makes
 * `handle` asynchronous. The service owns each request's route: it asks the storage for a
 * view shaped like {@link CompanyState} holding the records the operation reads (`load`),
 * decides on it (pure), and asks the storage to commit the decision (`commit`), which writes
 * everything or nothing: a refused or failed request leaves nothing behind (GEN-8), and a
 * decision whose view went stale is decided again.
 */
export interface FieldStorage {
  /**
   * Prepares the storage (creates its tables when absent) and seeds the fixture's companies
   * when it holds none yet. Called once by `createFieldService`, with the fixture already
   * validated and loaded. Rejects with {@link StorageSetupError} when it must not open as it
   * stands (a schema migrated by a newer release), {@link StorageUnavailableError} when the
   * database does not answer; the service then tries again on the next request.
   * @param fixture - the fixture as given
   * @param companies - the fixture loaded (validated) into company states
   */
  readonly open: (fixture: Fixture, companies: readonly CompanyState[]) => Promise<void>;
  /** The companies' configuration (settings, users, catalogs, clients) with empty record tables: what login and authentication read. */
  readonly companies: () => Promise<readonly CompanyState[]>;
  /**
   * Stores a token issued at login, so that every process sharing the storage accepts it
   * (AUTH-2). With `clears` (a successful login of a client that had failures counted, CRD-2),
   * forgets the failures counted under that key in the same atomic write: a login answered 503
   * has neither issued its token nor cleared the count.
   */
  readonly saveToken: (token: IssuedToken, clears?: string) => Promise<void>;
  /**
   * The token with this text, if one was issued and is still valid at `now` (AUTH-3); an
   * expired one is forgotten, so it never comes back even if the clock does.
   */
  readonly findToken: (text: string, now: Instant) => Promise<IssuedToken | undefined>;
  /**
   * Loads the view one decision reads in one consistent read (one statement on PostgreSQL),
   * with the versions of what it read and the answer recorded under the write's
   * `Idempotency-Key` (IDM-1). Given the `stale` view of the request's previous decision, it
   * may hold what that view read until the commit (PostgreSQL locks those rows), so a writer
   * that lost a race does not lose the next one. Given a `hold` (from {@link FieldStorage.hold}
   * for an operation whose path named the same stores or more), it reads the view under what that
   * took instead of taking it again, and releases it with the view, also when it rejects. Rejects
   * with {@link StorageUnavailableError} when the database cannot serve now (answered 503); any
   * other rejection is a bug (500).
   */
  readonly load: (operation: StoredOperation, stale?: LoadedView, hold?: ViewHold) => Promise<LoadedView>;
  /**
   * Optional, with {@link FieldStorage.groupCommit}: the first half of `load`, taken apart so a
   * group commit can grow while it waits. It takes what the view of `operation` waits for before
   * it is read (on PostgreSQL: this process's turn on the operation's stores, and, after a lost
   * race or on a hot store, the rows the lost view read, locked; on a busy stock, that stock read
   * whole) and answers whether it locked rows. The service then calls `load` with it, for
   * `operation` or for a group of writes whose paths name only stores `operation` names or the
   * hold's `stores` list. Rejects as `load` does, holding nothing.
   */
  readonly hold?: (operation: StoredOperation, stale?: LoadedView) => Promise<ViewHold>;
  /**
   * Commits a decided write atomically (one statement on PostgreSQL): checks that every
   * version the view was read at still holds, writes the changes (none for a refusal or a dry
   * run), the journal entry (JRN-1) and the claim of the `Idempotency-Key` (IDM-1). Answers
   * `stale` when a version moved or the key was claimed meanwhile (nothing written: the service
   * decides again on a fresh view), `taken` when a unique external ID refused the write (GEN-4).
   * Releases what the view held, whatever the verdict.
   */
  readonly commit: (operation: StoredOperation, loaded: LoadedView, decided: DecisionToCommit) => Promise<CommitVerdict>;
  /** Releases what a view holds (a connection, a turn) when its decision commits nothing. */
  readonly release: (loaded: LoadedView) => Promise<void>;
  /** Most decisions of one request; past them a request still `stale` is answered 503. */
  readonly attempts: number;
  /**
   * Whether `commit` writes several decisions at once: their changes merged in `changes` and
   * every journal entry (`journal`, then {@link DecisionToCommit.grouped}, in that order), all or
   * nothing. When `true`, the service decides the stock writes one process has queued for one
   * company one after another on one view, and commits them in one commit (a group commit:
   * docs/decisions.md). Absent or `false`: one decision a commit.
   */
  readonly groupCommit?: boolean;
  /**
   * With {@link FieldStorage.groupCommit}: how a queue of writes that may be committed together
   * starts its first turn, when a write finds no queue of its group. The PostgreSQL storage starts
   * it once the event loop's current phase ends (`setImmediate`), so every write whose request
   * was read in that phase goes in the same turn (GRP-1; docs/decisions.md "The first turn after
   * the loop's phase"). Absent: at once, so the first write goes alone and the writes sent after
   * it queue behind its turn.
   */
  readonly startGroupTurn?: (run: () => void) => void;
  /** A store page's view, handed to `page` in the tick it is read (the listing cache is current only then). */
  readonly readListing: <R>(operation: StoredOperation, page: (view: CompanyState) => R) => Promise<R>;
  /** One page of a company's journal, by ascending `seq` (JRN-2). */
  readonly readJournal: (companyId: Guid, query: JournalQuery) => Promise<JournalPage>;
  /** A sync answer of a company's scope (SYN-2, SYN-3), read in one snapshot in at most 2 round trips. */
  readonly sync: (companyId: Guid, request: SyncRequest) => Promise<SyncAnswer>;
  /**
   * The failed-login windows of these keys (CRD-2, CRD-3), in order, `undefined` where a key has
   * none: shared by every process on the storage, so a guesser spreading over processes is
   * counted once.
   */
  readonly loginFailures: (keys: readonly string[]) => Promise<readonly (FailureWindow | undefined)[]>;
  /** Counts one failed login at `at` under each key, atomically per key (`nextFailureWindow`: a window that has ended starts anew). */
  readonly recordLoginFailure: (keys: readonly string[], at: Instant, windowMs: number) => Promise<void>;
  /**
   * The hasher this storage keeps client secrets with (CRD-1), used by the service when its
   * options name none: the PostgreSQL storage's is scrypt.
   */
  readonly secrets?: SecretHasher;
  /** Writes changes outside a request (tests seed records with it). */
  readonly write: (companyId: Guid, changes: Changes) => Promise<void>;
  /** A JSON-comparable snapshot of one company's records and stock (tests prove GEN-8 with it). */
  readonly snapshot: (companyId: Guid) => Promise<string>;
  /** Releases the storage's resources (connections). */
  readonly close: () => Promise<void>;
}

/**
 * The storage cannot serve the request now: the database is down or restarting, out of
 * connections, did not answer within its timeouts, or kept conflicting past the attempts
 * allowed. The service answers 503 `ServiceUnavailable` with a `Retry-After` header (not the
 * 500 of a bug: ERR-2), and the next request tries again. A storage rejects with it; `cause`
 * holds the driver's error for the server log.
 * @example
 * new StorageUnavailableError("connect ECONNREFUSED 127.0.0.1:5432").name //=> "StorageUnavailableError"
 */
export class StorageUnavailableError extends Error {
  /**
   * @param message - what is unavailable, for the server log (clients never see it)
   * @param options - `cause`: the driver's error
   */
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}

/**
 * The storage refuses to open as configured, and waiting will not help: its schema was
 * migrated by a newer release, or a company's locale is one the database cannot collate.
 * The message says what to do; the command prints it as its one line. Requests meanwhile are
 * answered 503, like an unavailable storage.
 * @example
 * new StorageSetupError("schema field_service is at version 3; this build knows up to 2").name //=> "StorageSetupError"
 */
export class StorageSetupError extends Error {
  /**
   * @param message - what is wrong and what to do
   * @param options - `cause`: the underlying error, if any
   */
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = "StorageSetupError";
  }
}

/**
 * A write's external ID is taken (GEN-4), found by the storage rather than by the decision: a
 * unique constraint refused it again after the request was re-run on fresh data, so it is no
 * race with a concurrent commit but a refusal. The service answers 400 `DuplicateExternalId`
 * at `path`, the body field that carried the external ID (`""` when none can be named).
 * @example
 * new DuplicateExternalIdError("externalId", "Another customer has the external ID \"C-1\" (GEN-4).").path //=> "externalId"
 */
export class DuplicateExternalIdError extends Error {
  /** JSON path of the body field whose external ID collided, `""` when none can be named. */
  readonly path: string;

  /**
   * @param path - the body field that carried the external ID, or `""`
   * @param message - the message, citing GEN-4
   * @param options - `cause`: the driver's error
   */
  constructor(path: string, message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = "DuplicateExternalIdError";
    this.path = path;
  }
}

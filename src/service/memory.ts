import { isTokenValid, type IssuedToken } from "../auth/token.js";
import { nextFailureWindow, type FailureWindow } from "../auth/throttle.js";
import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";
import type { JournalPage } from "../journal/entry.js";
import type { JournalQuery } from "../journal/query.js";
import { memoryJournal } from "../journal/memory.js";
import { commit, type CompanyState } from "./state.js";
import type { CommitVerdict, DecisionToCommit, LoadedView, RequestPort, StoredOperation, SyncRequest } from "./storage.js";
import type { SyncAnswer } from "../sync/answer.js";
import { encodeSyncCursor, sameSyncScope, syncCursorServes } from "../sync/cursor.js";
import { addSyncChange, emptySyncChanges, fullSync, incrementalSync } from "../sync/scope.js";

/** The in-memory storage: the request port of a service that holds every company whole, answering synchronously. */
export interface MemoryStorage extends RequestPort {
  /** Every company's state by GUID, changed only by `commit`. */
  readonly states: ReadonlyMap<Guid, CompanyState>;
  /** The companies (their whole state: configuration and records). */
  readonly companies: () => readonly CompanyState[];
  /** Keeps an issued token (AUTH-2); with `clears`, forgets that key's failures (CRD-2). */
  readonly saveToken: (token: IssuedToken, clears?: string) => void;
  /** The token with this text while it is valid at `now` (AUTH-3); an expired one is forgotten. */
  readonly findToken: (text: string, now: Instant) => IssuedToken | undefined;
  /** The caller's whole company (it holds every record) and the answer recorded under the write's key (IDM-1). */
  readonly load: (operation: StoredOperation) => LoadedView;
  /** Commits the changes unless a dry run (GEN-8) and records the journal entry (JRN-1): never stale, one request runs at a time. */
  readonly commit: (operation: StoredOperation, loaded: LoadedView, decided: DecisionToCommit) => CommitVerdict;
  /** Nothing to release: the view is the company itself. */
  readonly release: (loaded: LoadedView) => void;
  /** A store page on the whole company. */
  readonly readListing: <R>(operation: StoredOperation, page: (view: CompanyState) => R) => R;
  /** One page of a company's journal (JRN-2). */
  readonly readJournal: (companyId: Guid, query: JournalQuery) => JournalPage;
  /** A sync answer (SYN-2, SYN-3): incremental from the journal's entries after the cursor's `seq` while they are all kept. */
  readonly sync: (companyId: Guid, request: SyncRequest) => SyncAnswer;
  /** The failed-login windows of these keys (CRD-2, CRD-3). */
  readonly loginFailures: (keys: readonly string[]) => readonly (FailureWindow | undefined)[];
  /** Counts one failed login under each key. */
  readonly recordLoginFailure: (keys: readonly string[], at: Instant, windowMs: number) => void;
}

/** The one verdict of the in-memory storage: requests run one at a time, so no view goes stale. */
const COMMITTED: CommitVerdict = Object.freeze({ kind: "committed" });

/** Failure windows kept before the ended ones are swept: an attacker varying client IDs cannot grow the map without bound for long. */
const FAILURE_SWEEP = 10_000;

/**
 * The in-memory storage over loaded companies: the same request port as a database storage,
 * synchronous, so `handle` answers at once. Expired tokens are dropped when used and swept
 * every 1,024 logins, so memory stays bounded. The journal keeps the newest `retention`
 * entries per company (JRN-3).
 * @param loaded - the fixture's companies, loaded
 * @param retention - journal entries kept per company
 * @returns the storage
 * @internal
 */
export function memoryStorage(loaded: readonly CompanyState[], retention: number): MemoryStorage {
  const journal = memoryJournal(retention);
  const states = new Map<Guid, CompanyState>(loaded.map((c) => [c.id, c]));
  const tokens = new Map<string, IssuedToken>();
  const failures = new Map<string, FailureWindow>();
  let loginsSinceSweep = 0;
  const stateOf = (id: Guid): CompanyState => {
    const company = states.get(id);
    if (company === undefined) throw new Error(`memory storage: no company ${id}`);
    return company;
  };
  return {
    states,
    companies: () => loaded,
    saveToken(token, clears) {
      if (clears !== undefined) failures.delete(clears);
      if (++loginsSinceSweep >= 1024) {
        loginsSinceSweep = 0;
        for (const [k, t] of tokens) if (!isTokenValid(t, token.issuedAt)) tokens.delete(k);
      }
      tokens.set(token.token, token);
    },
    findToken(text, now) {
      const t = tokens.get(text);
      if (t === undefined || isTokenValid(t, now)) return t;
      tokens.delete(text);
      return undefined;
    },
    attempts: 1,
    load(operation) {
      const company = stateOf(operation.companyId);
      const key = operation.idempotencyKey;
      return { view: company, recorded: key === null ? undefined : journal.recall(company.id, key, operation.at) };
    },
    commit(operation, loaded, { changes, journal: entry }) {
      if (!operation.dryRun && changes !== undefined) commit(loaded.view, changes);
      if (entry !== undefined) journal.append(entry);
      return COMMITTED;
    },
    release() {},
    readListing: (operation, page) => page(stateOf(operation.companyId)),
    readJournal: (companyId, query) => journal.read(companyId, query),
    sync(companyId, { scope, since }) {
      const company = stateOf(companyId);
      const here = { kind: "m", position: String(journal.last(companyId)) } as const;
      const cursor = encodeSyncCursor({ scope, ...here });
      if (since !== null && sameSyncScope(since, scope) && syncCursorServes(since, here)) {
        const changes = emptySyncChanges();
        if (journal.changesAfter(companyId, Number(since.position), (c) => addSyncChange(changes, c))) {
          return { cursor, ...incrementalSync(company, scope, changes) };
        }
      }
      return { cursor, ...fullSync(company, scope) };
    },
    loginFailures: (keys) => keys.map((k) => failures.get(k)),
    recordLoginFailure(keys, at, windowMs) {
      if (failures.size >= FAILURE_SWEEP) for (const [k, w] of failures) if (at >= w.start + windowMs) failures.delete(k);
      for (const k of keys) failures.set(k, nextFailureWindow(failures.get(k), at, windowMs));
    },
  };
}

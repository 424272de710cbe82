import { isTokenValid, type IssuedToken } from "../auth/token.js";
import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";
import type { JournalPage } from "../journal/entry.js";
import type { JournalQuery } from "../journal/query.js";
import { memoryJournal } from "../journal/memory.js";
import { commit, type CompanyState } from "./state.js";
import type { OperationWork, RequestPort, StoredOperation, SyncRequest } from "./storage.js";
import type { SyncAnswer } from "../sync/answer.js";
import { encodeSyncCursor, sameSyncScope, syncCursorServes } from "../sync/cursor.js";
import { addSyncChange, emptySyncChanges, fullSync, incrementalSync } from "../sync/scope.js";

/** The in-memory storage: the request port of a service that holds every company whole, answering synchronously. */
export interface MemoryStorage extends RequestPort {
  /** Every company's state by GUID, changed only by `commit`. */
  readonly states: ReadonlyMap<Guid, CompanyState>;
  /** The companies (their whole state: configuration and records). */
  readonly companies: () => readonly CompanyState[];
  /** Keeps an issued token (AUTH-2). */
  readonly saveToken: (token: IssuedToken) => void;
  /** The token with this text while it is valid at `now` (AUTH-3); an expired one is forgotten. */
  readonly findToken: (text: string, now: Instant) => IssuedToken | undefined;
  /** Runs the work on the caller's company, commits its changes unless a dry run (GEN-8), and records its journal entry (JRN-1). */
  readonly run: <R>(operation: StoredOperation, work: OperationWork<R>) => R;
  /** One page of a company's journal (JRN-2). */
  readonly readJournal: (companyId: Guid, query: JournalQuery) => JournalPage;
  /** A sync answer (SYN-2, SYN-3): incremental from the journal's entries after the cursor's `seq` while they are all kept. */
  readonly sync: (companyId: Guid, request: SyncRequest) => SyncAnswer;
}

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
  let loginsSinceSweep = 0;
  return {
    states,
    companies: () => loaded,
    saveToken(token) {
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
    run(operation, work) {
      const company = states.get(operation.companyId);
      if (company === undefined) throw new Error(`memory storage: no company ${operation.companyId}`);
      const key = operation.idempotencyKey;
      const recorded = key === null ? undefined : journal.recall(company.id, key, operation.at);
      const { result, changes, journal: entry } = work(company, recorded);
      if (!operation.dryRun && changes !== undefined) commit(company, changes);
      if (entry !== undefined) journal.append(entry);
      return result;
    },
    readJournal: (companyId, query) => journal.read(companyId, query),
    sync(companyId, { scope, since }) {
      const company = states.get(companyId);
      if (company === undefined) throw new Error(`memory storage: no company ${companyId}`);
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
  };
}

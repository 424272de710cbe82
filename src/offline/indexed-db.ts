import type { SyncReplica } from "../sync/answer.js";
import type { QueuedWrite, QueueStore } from "./queue.js";

/** The part of an IndexedDB request this store uses (the project compiles without the DOM library). */
export interface IdbRequestLike<T> {
  /** The result, once successful. */
  readonly result: T;
  /** The failure, if any. */
  readonly error: unknown;
  /** Called on success. */
  onsuccess: (() => void) | null;
  /** Called on failure. */
  onerror: (() => void) | null;
}

/** The part of an IndexedDB open request this store uses. */
export interface IdbOpenRequestLike extends IdbRequestLike<IdbDatabaseLike> {
  /** Called when the database is created or its version rises. */
  onupgradeneeded: (() => void) | null;
}

/** The part of an IndexedDB object store this store uses. */
export interface IdbObjectStoreLike {
  /** Puts a value (under `key` when the store has no key path). */
  put(value: unknown, key?: string): IdbRequestLike<unknown>;
  /** Deletes the value under `key`. */
  delete(key: string): IdbRequestLike<unknown>;
  /** Reads the value under `key`. */
  get(key: string): IdbRequestLike<unknown>;
  /** Reads every value. */
  getAll(): IdbRequestLike<unknown[]>;
}

/** The part of an IndexedDB transaction this store uses. */
export interface IdbTransactionLike {
  /** The transaction's failure, if any. */
  readonly error: unknown;
  /** An object store of the transaction. */
  objectStore(name: string): IdbObjectStoreLike;
  /** Called once committed. */
  oncomplete: (() => void) | null;
  /** Called on failure. */
  onerror: (() => void) | null;
  /** Called when aborted. */
  onabort: (() => void) | null;
}

/** The part of an IndexedDB database this store uses. */
export interface IdbDatabaseLike {
  /** Creates an object store (during an upgrade). */
  createObjectStore(name: string, options?: { keyPath: string }): unknown;
  /** Starts a transaction. */
  transaction(store: string, mode?: "readonly" | "readwrite"): IdbTransactionLike;
}

/** The part of the IndexedDB factory (`globalThis.indexedDB`) this store uses. */
export interface IdbFactoryLike {
  /** Opens (or creates) a database. */
  open(name: string, version: number): IdbOpenRequestLike;
}

const WRITES = "writes";
const REPLICA = "replica";

function asError(error: unknown, fallback: string): unknown {
  return error ?? new Error(fallback);
}

function done<T>(request: IdbRequestLike<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = (): void => resolve(request.result);
    request.onerror = (): void => reject(asError(request.error, "IndexedDB request failed"));
  });
}

function committed(tx: IdbTransactionLike): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = (): void => resolve();
    tx.onerror = (): void => reject(asError(tx.error, "IndexedDB transaction failed"));
    tx.onabort = (): void => reject(asError(tx.error, "IndexedDB transaction aborted"));
  });
}

/**
 * A queue store in the browser's IndexedDB (OFF-2): the queue and the replica survive a page
 * reload and a closed tab. One database per name, with an object store of writes keyed by
 * idempotency key and one of the replica (the structured clone keeps its maps). Each change is
 * its own transaction, committed before the promise resolves.
 * @param name - the database name (one per technician and device, e.g. `"fsr-offline-<userId>"`)
 * @param factory - the IndexedDB factory; default `globalThis.indexedDB`
 * @returns the store; the database opens on first use
 * @throws Error on first use when no IndexedDB is available
 * @example
 * typeof indexedDbQueueStore("fsr-offline") //=> "object"
 */
export function indexedDbQueueStore(name: string, factory?: IdbFactoryLike): QueueStore {
  let db: Promise<IdbDatabaseLike> | undefined;
  const open = (): Promise<IdbDatabaseLike> => {
    if (db !== undefined) return db;
    const idb = factory ?? (globalThis as { indexedDB?: IdbFactoryLike }).indexedDB;
    if (idb === undefined) return Promise.reject(new Error("indexedDbQueueStore: no IndexedDB in this environment"));
    const request = idb.open(name, 1);
    request.onupgradeneeded = (): void => {
      request.result.createObjectStore(WRITES, { keyPath: "key" });
      request.result.createObjectStore(REPLICA);
    };
    db = done(request);
    return db;
  };
  const change = async (store: string, f: (s: IdbObjectStoreLike) => void): Promise<void> => {
    const tx = (await open()).transaction(store, "readwrite");
    f(tx.objectStore(store));
    await committed(tx);
  };
  return {
    writes: async () => {
      const all = (await done((await open()).transaction(WRITES).objectStore(WRITES).getAll())) as QueuedWrite[];
      return all.sort((a, b) => a.seq - b.seq);
    },
    put: (write) => change(WRITES, (s) => s.put(write)),
    remove: (key) => change(WRITES, (s) => s.delete(key)),
    replica: async () => (await done((await open()).transaction(REPLICA).objectStore(REPLICA).get(REPLICA))) as SyncReplica | undefined,
    saveReplica: (replica) => change(REPLICA, (s) => s.put(replica, REPLICA)),
  };
}

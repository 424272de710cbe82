import type { OfflineAnswer } from "./answer.js";
import type { OfflineOperation } from "./operations.generated.js";
import type { SyncReplica } from "../sync/answer.js";

/**
 * A write waiting to be pushed (OFF-2): exactly the request the server will get, with the
 * idempotency key drawn when it was queued, and the answer decided on the device.
 */
export interface QueuedWrite {
  /** Its `Idempotency-Key` (a UUID), sent on every attempt, so the server decides it once (IDM-1). */
  readonly key: string;
  /** Position in the queue: writes are pushed in ascending `seq`. */
  readonly seq: number;
  /** The operation. */
  readonly operation: OfflineOperation;
  /** HTTP method. */
  readonly method: "PUT";
  /** Path, relative to the base URL. */
  readonly path: string;
  /** The JSON body; absent when none is sent. */
  readonly body?: unknown;
  /** The answer decided on the device (on the latest replica after a rebase). */
  readonly local: OfflineAnswer;
}

/**
 * Where the offline client keeps its queue and its replica, so both survive a reload. Every
 * method may answer at once or with a promise.
 */
export interface QueueStore {
  /**
   * The queued writes, in ascending `seq`.
   * @returns the writes
   */
  readonly writes: () => Promise<QueuedWrite[]>;
  /**
   * Inserts a write, or replaces the one with its key.
   * @param write - the write
   * @returns when stored
   */
  readonly put: (write: QueuedWrite) => Promise<void>;
  /**
   * Removes the write with this key (nothing when there is none).
   * @param key - its idempotency key
   * @returns when removed
   */
  readonly remove: (key: string) => Promise<void>;
  /**
   * The replica last saved, if any.
   * @returns the replica or `undefined`
   */
  readonly replica: () => Promise<SyncReplica | undefined>;
  /**
   * Saves the replica (replacing the last one).
   * @param replica - the replica
   * @returns when stored
   */
  readonly saveReplica: (replica: SyncReplica) => Promise<void>;
}

/**
 * A queue store in memory: the default, lost with the page or process. Writes are kept as
 * given (they are plain JSON data).
 * @returns a fresh, empty store
 * @example
 * const store = memoryQueueStore();
 * await store.put({ key: "k1", seq: 1, operation: "start", method: "PUT", path: "/x", local: { status: 200, issues: [] } });
 * (await store.writes()).length //=> 1
 */
export function memoryQueueStore(): QueueStore {
  const writes = new Map<string, QueuedWrite>();
  let replica: SyncReplica | undefined;
  return {
    writes: () => Promise.resolve([...writes.values()].sort((a, b) => a.seq - b.seq)),
    put: (write) => {
      writes.set(write.key, write);
      return Promise.resolve();
    },
    remove: (key) => {
      writes.delete(key);
      return Promise.resolve();
    },
    replica: () => Promise.resolve(replica),
    saveReplica: (r) => {
      replica = r;
      return Promise.resolve();
    },
  };
}

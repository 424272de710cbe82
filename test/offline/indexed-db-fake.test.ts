// The IndexedDB queue store (OFF-2) against a small IndexedDB in memory that behaves as the
// browser's does where the store relies on it: a store with a key path keys a value by it, one
// without needs the key given, a read-only transaction refuses a change, callbacks fire after
// the call returns, and a failed request or transaction reports its error. The Chromium test
// (indexed-db.test.ts) checks the real thing across a reload; this one runs in every test run,
// a mutation run included (the browser test bundles the source, so no mutant reaches it).
import { describe, expect, it } from "vitest";
import {
  indexedDbQueueStore, type IdbDatabaseLike, type IdbFactoryLike, type IdbObjectStoreLike, type IdbOpenRequestLike, type IdbRequestLike, type IdbTransactionLike,
} from "../../src/offline/indexed-db.js";
import type { QueuedWrite } from "../../src/offline/queue.js";

interface Fault {
  /** The request of this operation fails ("put", "delete", "get", "getAll", "open") with `error`. */
  request?: string;
  /** The transaction fails ("error") or aborts ("abort") with `error`. */
  tx?: "error" | "abort";
  error?: unknown;
}

class FakeRequest<T> implements IdbRequestLike<T> {
  result = undefined as T;
  error: unknown = null;
  onsuccess: (() => void) | null = null;
  onerror: (() => void) | null = null;
  settle(result: T | undefined, error: unknown, failed: boolean): void {
    setTimeout(() => {
      if (failed) {
        this.error = error;
        this.onerror?.();
      } else {
        this.result = result as T;
        this.onsuccess?.();
      }
    }, 0);
  }
}

/** A fake IndexedDB: databases by name, each a map of object stores (with or without a key path). */
function fakeIndexedDb(fault: Fault = {}): { factory: IdbFactoryLike; opened: [string, number][]; created: [string, unknown][]; modes: string[]; data: Map<string, Map<string, Map<string, unknown>>> } {
  const data = new Map<string, Map<string, Map<string, unknown>>>();
  const keyPaths = new Map<string, string | undefined>();
  const opened: [string, number][] = [];
  const created: [string, unknown][] = [];
  const modes: string[] = [];
  const factory: IdbFactoryLike = {
    open(name, version) {
      opened.push([name, version]);
      const request = new FakeRequest<IdbDatabaseLike>() as FakeRequest<IdbDatabaseLike> & IdbOpenRequestLike;
      request.onupgradeneeded = null;
      const fresh = !data.has(name);
      const stores = data.get(name) ?? new Map<string, Map<string, unknown>>();
      data.set(name, stores);
      const db: IdbDatabaseLike = {
        createObjectStore(store, options) {
          created.push([store, options]);
          stores.set(store, new Map());
          keyPaths.set(store, options?.keyPath);
          return {};
        },
        transaction(store, mode) {
          modes.push(`${store}:${mode ?? "readonly"}`);
          const readonly = (mode ?? "readonly") === "readonly";
          const tx: IdbTransactionLike = {
            error: null,
            oncomplete: null, onerror: null, onabort: null,
            objectStore(name2) {
              const s = stores.get(name2);
              if (s === undefined || name2 !== store) throw new Error(`NotFoundError: ${name2}`);
              const op = <T>(kind: string, f: () => T): IdbRequestLike<T> => {
                const r = new FakeRequest<T>();
                if (fault.request === kind) r.settle(undefined, fault.error, true);
                else r.settle(f(), null, false);
                return r;
              };
              const os: IdbObjectStoreLike = {
                put(value, key) {
                  if (readonly) throw new Error("ReadOnlyError");
                  const kp = keyPaths.get(store);
                  const k = kp === undefined ? key : (value as Record<string, unknown>)[kp];
                  if (typeof k !== "string" || (kp !== undefined && key !== undefined)) throw new Error("DataError");
                  return op("put", () => (s.set(k, structuredClone(value)), k));
                },
                delete(key) {
                  if (readonly) throw new Error("ReadOnlyError");
                  return op("delete", () => (s.delete(key), undefined));
                },
                get: (key) => op("get", () => structuredClone(s.get(key))),
                getAll: () => op("getAll", () => [...s.keys()].sort().map((k) => structuredClone(s.get(k)))),
              };
              return os;
            },
          };
          setTimeout(() => {
            if (fault.tx === undefined) tx.oncomplete?.();
            else {
              (tx as { error: unknown }).error = fault.error;
              if (fault.tx === "error") tx.onerror?.();
              else tx.onabort?.();
            }
          }, 5);
          return tx;
        },
      };
      if (fault.request === "open") request.settle(undefined, fault.error, true);
      else {
        setTimeout(() => {
          if (fresh) {
            (request as { result: IdbDatabaseLike }).result = db;
            request.onupgradeneeded?.();
          }
        }, 0);
        request.settle(db, null, false);
      }
      return request;
    },
  };
  return { factory, opened, created, modes, data };
}

const write = (key: string, seq: number): QueuedWrite => ({ key, seq, operation: "start", method: "PUT", path: `/p/${key}`, local: { status: 200, issues: [] } });

describe("indexedDbQueueStore (an IndexedDB in memory)", () => {
  it("OFF-2: writes are kept by key and read back in ascending seq, a put with a known key replaces, a remove forgets; the replica is one value", async () => {
    const fake = fakeIndexedDb();
    const store = indexedDbQueueStore("fsr-offline-u1", fake.factory);
    expect(await store.writes()).toEqual([]);
    expect(await store.replica()).toBeUndefined();
    // Keys sort against seq ("a" < "b" < "c" but seq 3, 1, 2): the order read back is the seq's.
    await store.put(write("a", 3));
    await store.put(write("b", 1));
    await store.put(write("c", 2));
    await store.put(write("d", 4));
    await store.remove("d");
    await store.put({ ...write("b", 1), local: { status: 204, issues: [] } });
    expect((await store.writes()).map((w) => [w.key, w.seq, w.local.status])).toEqual([["b", 1, 204], ["c", 2, 200], ["a", 3, 200]]);
    await store.saveReplica({ cursor: "c-1" } as never);
    await store.saveReplica({ cursor: "c-2" } as never);
    expect((await store.replica())?.cursor).toBe("c-2");
    // One database, opened once at version 1, with a writes store keyed by idempotency key and a replica store.
    expect(fake.opened).toEqual([["fsr-offline-u1", 1]]);
    expect(fake.created).toEqual([["writes", { keyPath: "key" }], ["replica", undefined]]);
    expect([...fake.data.get("fsr-offline-u1")!.get("replica")!.keys()]).toEqual(["replica"]);
    // Reads are read-only, changes read-write.
    expect(new Set(fake.modes)).toEqual(new Set(["writes:readonly", "replica:readonly", "writes:readwrite", "replica:readwrite"]));
    // A second store of the same name (a reload) finds both, without upgrading again.
    const again = indexedDbQueueStore("fsr-offline-u1", fake.factory);
    expect((await again.writes()).map((w) => w.key)).toEqual(["b", "c", "a"]);
    expect((await again.replica())?.cursor).toBe("c-2");
    expect(fake.created).toHaveLength(2);
  });

  it("OFF-2: the default factory is globalThis.indexedDB; without one, first use rejects with a plain reason", async () => {
    await expect(indexedDbQueueStore("x").writes()).rejects.toThrow("indexedDbQueueStore: no IndexedDB in this environment");
    const fake = fakeIndexedDb();
    const g = globalThis as { indexedDB?: IdbFactoryLike };
    g.indexedDB = fake.factory;
    try {
      await indexedDbQueueStore("from-global").put(write("k", 1));
      expect(fake.opened).toEqual([["from-global", 1]]);
    } finally {
      delete g.indexedDB;
    }
  });

  it("OFF-2: a failed request or transaction rejects with its error, or a plain one when IndexedDB gave none; nothing resolves as stored", async () => {
    const boom = new Error("QuotaExceededError");
    const rejection = async (fault: Fault, f: (s: ReturnType<typeof indexedDbQueueStore>) => Promise<unknown>): Promise<unknown> => {
      try {
        await f(indexedDbQueueStore("f", fakeIndexedDb(fault).factory));
      } catch (error) {
        return error;
      }
      return "resolved";
    };
    expect(await rejection({ request: "open", error: boom }, (s) => s.writes())).toBe(boom);
    expect(await rejection({ request: "getAll", error: boom }, (s) => s.writes())).toBe(boom);
    expect(await rejection({ request: "get", error: null }, (s) => s.replica())).toEqual(new Error("IndexedDB request failed"));
    expect(await rejection({ tx: "error", error: boom }, (s) => s.put(write("k", 1)))).toBe(boom);
    expect(await rejection({ tx: "error", error: null }, (s) => s.remove("k"))).toEqual(new Error("IndexedDB transaction failed"));
    expect(await rejection({ tx: "abort", error: boom }, (s) => s.saveReplica({ cursor: "c" } as never))).toBe(boom);
    expect(await rejection({ tx: "abort", error: null }, (s) => s.put(write("k", 1)))).toEqual(new Error("IndexedDB transaction aborted"));
  });
});

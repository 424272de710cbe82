import type { CandidatesQueryParams } from "../client/call-types.js";
import type { FetchLike } from "../client/transport.js";
import { retryAfterMs } from "../client/retry.js";
import type { Intervention } from "../records/intervention.js";
import type { Guid } from "../shared/guid.js";
import type { ProblemIssue } from "../shared/issue.js";
import type { ServiceResponse } from "../service/entry-point.js";
import { amountToText } from "../stock/amount.js";
import type { SyncAnswer, SyncReplica } from "../sync/answer.js";
import { mergeSyncAnswer } from "../sync/merge.js";
import { localCandidates } from "./candidates.js";
import { localDecider, type LocalDecider } from "./decider.js";
import { pushQueue, type OfflineConflict, type PushedWrite } from "./push.js";
import type { OfflineAnswer } from "./answer.js";
import { offlineOperations, type OfflineOperation, type OfflineWrites } from "./operations.generated.js";
import { memoryQueueStore, type QueuedWrite, type QueueStore } from "./queue.js";

/** The integration client's credentials (AUTH-1), as the typed client takes them. */
export interface OfflineCredentials {
  /** Company code. */
  readonly tenantCode: string;
  /** Integration client ID. */
  readonly clientId: string;
  /** Secret key. */
  readonly secret: string;
}

/** Options of {@link createOfflineClient}. */
export interface OfflineClientOptions {
  /** The API's base URL, e.g. `https://api.example.com` (a trailing `/` is fine). */
  readonly baseUrl: string;
  /** What the device logs in with. */
  readonly credentials: OfflineCredentials;
  /** The technician (GUID) and the days (`YYYY-MM-DD`, inclusive) the device holds (SYN-1). */
  readonly scope: { readonly userId: string; readonly from: string; readonly to: string };
  /** Where the queue and the replica are kept; default {@link memoryQueueStore}. */
  readonly store?: QueueStore;
  /** The `fetch` to use; default the global one. */
  readonly fetch?: FetchLike;
  /** The device's clock for local decisions; default the system clock. */
  readonly now?: () => Date;
  /** GUID source of local decisions; default `crypto.randomUUID`. */
  readonly newId?: () => string;
  /** Source of the writes' idempotency keys; default `crypto.randomUUID`. */
  readonly newKey?: () => string;
  /** Bound of each request in milliseconds, so a dead connection stops a sync instead of hanging it; default 30,000. */
  readonly timeoutMs?: number;
}

/** What {@link OfflineClient.sync} did. */
export interface SyncReport {
  /** The writes the server decided, in queue order. */
  readonly pushed: readonly PushedWrite[];
  /** Those of them the server refused where the device had accepted (OFF-3). */
  readonly conflicts: readonly OfflineConflict[];
  /** Writes still queued (the network failed before the server answered them). */
  readonly pending: number;
  /** `true` when the queue was pushed whole and the replica pulled afresh. */
  readonly complete: boolean;
  /**
   * When the sync stopped on a 429 or 503 that carried `Retry-After`: how long to wait, in
   * milliseconds, before the next sync (OFF-6); absent otherwise.
   */
  readonly retryAfterMs?: number;
}

/** The offline client of one technician's device: local decisions, a queue, and reconciliation. */
export interface OfflineClient extends OfflineWrites {
  /**
   * Loads the store's replica and queue (after a reload) and re-decides the queued writes on it;
   * every other method does it first, so calling it is needed only before the synchronous reads.
   * @returns when loaded
   */
  readonly ready: () => Promise<void>;
  /**
   * Fetches the scope from the server (`GET /sync`, the cursor of the last pull), merges it
   * into the replica, saves it, and re-decides the writes still queued on it (rebase).
   * @returns when done
   * @throws OfflineNetworkError when the server cannot be reached or cannot serve now
   * @throws Error when the server refuses the scope (400: a malformed day or user GUID)
   */
  readonly pull: () => Promise<void>;
  /**
   * `GET …/intervention/{id}/candidates` (CND-5), answered on the device: the slots and
   * technicians a replan of the intervention may take on a day of the scope, ranked, as the
   * server would answer on the device's state (the replica with the queued writes applied). A day
   * outside the scope is 400 at `day`.
   * @param order - GUID of the order
   * @param intervention - GUID of the intervention
   * @param query - the day, duration, window, step, technicians and limit
   * @returns the local answer (200 with a `CandidatesShape`, or the refusal)
   */
  readonly interventionCandidates: (order: string, intervention: string, query: CandidatesQueryParams) => Promise<OfflineAnswer>;
  /**
   * An intervention as the device sees it now (the replica with the queued writes applied).
   * @param id - its GUID
   * @returns the stored record, or `undefined` when not in the replica (or before the first pull)
   */
  readonly intervention: (id: string) => Intervention | undefined;
  /**
   * A store's stock as the device sees it now: material GUID to amount (decimal string, `null`
   * unlimited), in the order first stocked.
   * @param storeId - GUID of the store
   * @returns the stock, or `undefined` when the store is not in the replica
   */
  readonly stock: (storeId: string) => ReadonlyMap<Guid, string | null> | undefined;
  /**
   * The replica as last pulled (the server's records for the scope, without queued writes).
   * @returns the replica, or `undefined` before the first pull
   */
  readonly replica: () => SyncReplica | undefined;
  /**
   * The writes still queued, in order.
   * @returns the writes
   */
  readonly pending: () => Promise<readonly QueuedWrite[]>;
  /**
   * Reconciles (OFF-2, OFF-3): pushes the queue in order, each with its idempotency key; each
   * server answer replaces the local one and a refusal of a locally accepted write is a
   * conflict; the later writes are decided by the server on its own state. When the whole queue
   * went through, pulls and rebases. A network failure stops the push: the rest stays queued,
   * and the next sync resends it with the same keys.
   * @returns what happened
   */
  readonly sync: () => Promise<SyncReport>;
}

/**
 * The server could not be reached, or answered that it cannot serve now (a 5xx, or 429 Too Many
 * Requests, OFF-6): nothing is lost, retry later; `retryAfterMs` says when, if the server said.
 * @rule OFF-6
 */
export class OfflineNetworkError extends Error {
  /** The `fetch` failure or the status, for the log. */
  override readonly cause: unknown;
  /** The server's `Retry-After`, in milliseconds, when it answered 429 or 503 with one. */
  readonly retryAfterMs: number | undefined;
  /**
   * @param message - what failed
   * @param cause - the underlying failure
   * @param retryAfterMs - the server's `Retry-After`, in milliseconds, if any
   */
  constructor(message: string, cause: unknown, retryAfterMs?: number) {
    super(message);
    this.name = "OfflineNetworkError";
    this.cause = cause;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Whether an answer means "not now" rather than a decision (OFF-6): a 5xx, or 429 Too Many
 * Requests (RFC 6585). Either way the server decided nothing; the write stays queued and the
 * error carries the server's `Retry-After`.
 * @param method - the request's method, for the message
 * @param path - the request's path, for the message
 * @param response - the answer
 * @param now - the clock, for a `Retry-After` given as a date
 * @returns the error to throw, or `undefined` for an answer to keep
 */
function notNow(method: string, path: string, response: Response, now: () => number): OfflineNetworkError | undefined {
  if (response.status < 500 && response.status !== 429) return undefined;
  const after = retryAfterMs(response.headers.get("retry-after"), now);
  return new OfflineNetworkError(`${method} ${path}: the server answered ${response.status}${after === undefined ? "" : `, retry after ${Math.ceil(after / 1000)} s`}`, response.status, after);
}

/** The answer of a service or a wire response as the offline client reports it. */
function answerOf(status: number, body: unknown): OfflineAnswer {
  // Stryker disable next-line ConditionalExpression: a string, number or boolean body reads `errors` as undefined, no list, so without the typeof test it has no issues either; the test narrows the type
  const issues = status >= 400 && typeof body === "object" && body !== null && Array.isArray((body as { errors?: unknown }).errors) ? ((body as { errors: ProblemIssue[] }).errors) : [];
  return body === undefined ? { status, issues } : { status, body, issues };
}

const segment = (ref: string): string => encodeURIComponent(ref);

/**
 * Creates the offline client of a technician's device. It decides the technician's writes on
 * the device with the service's own code ({@link localDecider}, OFF-1), answers at once, queues
 * the accepted ones with an idempotency key each in the store (OFF-2), and reconciles on
 * {@link OfflineClient.sync} (OFF-3). A write the device refuses is answered and not queued: the
 * server would refuse the same request on the same state, and the technician sees why at once
 * (OFF-4). Every pull rebuilds the decisions from the replica and re-decides the queued writes on
 * it (OFF-5). Call `pull()` once online before the first write; after a reload the store's replica
 * and queue are picked up again.
 * @param options - the server, the credentials, the scope, the store, and injectable `fetch`, clock and sources
 * @returns the client
 * @rule OFF-4
 * @rule OFF-5
 * @example
 * const device = createOfflineClient({
 *   baseUrl: "http://stand-in", credentials: { tenantCode: "demo", clientId: "c", secret: "s" },
 *   scope: { userId: "0d4f0b9e-5c3a-4d52-9a43-4b3b2f3a1c02", from: "2026-11-27", to: "2026-11-27" },
 * });
 * device.replica() //=> undefined
 */
export function createOfflineClient(options: OfflineClientOptions): OfflineClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const store = options.store ?? memoryQueueStore();
  const newKey = options.newKey ?? ((): string => globalThis.crypto.randomUUID());
  const timeoutMs = options.timeoutMs ?? 30_000;
  const clock = (): number => (options.now === undefined ? Date.now() : options.now().getTime());
  // Stryker disable next-line ConditionalExpression: an option given as undefined reads as absent all the way down (createServiceCore takes `options.now ?? …`)
  const deciderOptions = { ...(options.now === undefined ? {} : { now: options.now }), ...(options.newId === undefined ? {} : { newId: options.newId }) };
  let replica: SyncReplica | undefined;
  let decider: LocalDecider | undefined;
  let seq = 0;
  let token: string | undefined;
  // Every operation runs after the previous one: a write cannot slip between a push and a rebase.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const next = chain.then(f, f);
    chain = next.catch(() => undefined);
    return next;
  };

  /** Re-decides the queued writes on a fresh decider of the replica, keeping their new local answers. */
  async function rebase(): Promise<void> {
    if (replica === undefined) return;
    decider = localDecider(replica, deciderOptions);
    for (const w of await store.writes()) {
      const r = decider.decide(w.body === undefined ? { method: w.method, path: w.path } : { method: w.method, path: w.path, body: w.body });
      // Stored again even when unchanged: the queue is short, and a comparison here only saves a write.
      await store.put({ ...w, local: answerOf(r.status, r.body) });
    }
  }

  let opened: Promise<void> | undefined;
  const open = (): Promise<void> =>
    (opened ??= (async () => {
      replica = await store.replica();
      for (const w of await store.writes()) seq = Math.max(seq, w.seq);
      await rebase();
    })());

  async function wire(method: string, path: string, body: unknown, key: string | undefined): Promise<{ answer: OfflineAnswer; replayed: boolean }> {
    const send = async (): Promise<Response> => {
      const headers: Record<string, string> = { accept: "application/json" };
      // Stryker disable next-line ConditionalExpression: wire logs in before the first send and a failed login throws, so the token is always set here; the test only narrows the type
      if (token !== undefined) headers["authorization"] = `Bearer ${token}`;
      if (key !== undefined) headers["idempotency-key"] = key;
      if (body !== undefined) headers["content-type"] = "application/json";
      const signal = AbortSignal.timeout(timeoutMs);
      // Stryker disable next-line ConditionalExpression: JSON.stringify(undefined) is undefined, and fetch sends no body for an undefined one
      const init: RequestInit = body === undefined ? { method, headers, signal } : { method, headers, body: JSON.stringify(body), signal };
      try {
        return await fetchImpl(`${base}${path}`, init);
      } catch (error) {
        throw new OfflineNetworkError(`${method} ${path}: the server could not be reached`, error);
      }
    };
    if (token === undefined) await logIn();
    let response = await send();
    if (response.status === 401) {
      await logIn();
      response = await send();
    }
    const refusedNow = notNow(method, path, response, clock);
    if (refusedNow !== undefined) throw refusedNow;
    let parsed: unknown;
    try {
      const text = await response.text();
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch (error) {
      throw new OfflineNetworkError(`${method} ${path}: the answer was cut`, error);
    }
    return { answer: answerOf(response.status, parsed), replayed: response.headers.get("idempotent-replayed") === "true" };
  }

  async function logIn(): Promise<void> {
    token = undefined;
    const { tenantCode, clientId, secret } = options.credentials;
    const { answer } = await wireLogin({ tenantCode, clientId, secret });
    const t = (answer.body as { accessToken?: unknown } | undefined)?.accessToken;
    if (answer.status !== 200 || typeof t !== "string") throw new OfflineNetworkError(`login answered ${answer.status}`, answer);
    token = t;
  }

  async function wireLogin(body: unknown): Promise<{ answer: OfflineAnswer }> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/auth/login`, {
        method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new OfflineNetworkError("login: the server could not be reached", error);
    }
    // A throttled login (429, issue 39) or an unavailable server decides nothing: the sync stops and keeps the queue.
    const refusedNow = notNow("POST", "/auth/login", response, clock);
    if (refusedNow !== undefined) throw refusedNow;
    try {
      const text = await response.text();
      return { answer: answerOf(response.status, text === "" ? undefined : JSON.parse(text)) };
    } catch (error) {
      throw new OfflineNetworkError("login: the server could not be reached", error);
    }
  }

  async function pullNow(): Promise<void> {
    const { userId, from, to } = options.scope;
    const since = replica === undefined ? "" : `&since=${encodeURIComponent(replica.cursor)}`;
    const { answer } = await wire("GET", `/sync?scope=technician:${encodeURIComponent(userId)}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${since}`, undefined, undefined);
    // A refusal of the scope itself (400: a bad day or user) is no network failure: retrying cannot help.
    if (answer.status !== 200) throw new Error(`GET /sync answered ${answer.status}: ${answer.issues.map((i) => `${i.path} ${i.message}`).join("; ")}`);
    replica = mergeSyncAnswer(replica, answer.body as SyncAnswer);
    await store.saveReplica(replica);
    await rebase();
  }

  function write(operation: OfflineOperation, path: string, body?: unknown): Promise<OfflineAnswer> {
    return serial(async () => {
      await open();
      if (decider === undefined) throw new Error(`${operation}: the device holds no replica yet; pull() once online first`);
      const request = body === undefined ? { method: "PUT", path } : { method: "PUT", path, body };
      const decided: ServiceResponse = decider.decide(request);
      const local = answerOf(decided.status, decided.body);
      if (local.status < 400) {
        const queued: QueuedWrite = body === undefined
          ? { key: newKey(), seq: ++seq, operation, method: "PUT", path, local }
          : { key: newKey(), seq: ++seq, operation, method: "PUT", path, body, local };
        await store.put(queued);
      }
      return local;
    });
  }

  // One method per write the description marks offline: the GUIDs fill its path, then its body if it takes one.
  const writes = {} as Record<OfflineOperation, (...args: unknown[]) => Promise<OfflineAnswer>>;
  for (const operation of Object.keys(offlineOperations) as OfflineOperation[]) {
    const { path, body } = offlineOperations[operation];
    writes[operation] = (...args: unknown[]): Promise<OfflineAnswer> => {
      let i = 0;
      const filled = path.replace(/\{\w+\}/g, () => segment(args[i++] as string));
      return write(operation, filled, body ? args[i] : undefined);
    };
  }

  async function syncNow(): Promise<SyncReport> {
    await open();
    const queue = await store.writes();
    const outcome = await pushQueue(queue, (w) => wire(w.method, w.path, w.body, w.key), (key) => store.remove(key));
    let stopped = outcome.stopped;
    if (stopped === undefined) {
      try {
        await pullNow();
      } catch (error) {
        stopped = error;
      }
    }
    if (stopped !== undefined && !(stopped instanceof OfflineNetworkError)) throw stopped;
    const { pushed, conflicts } = outcome;
    const report = { pushed, conflicts, pending: queue.length - pushed.length, complete: stopped === undefined };
    return stopped instanceof OfflineNetworkError && stopped.retryAfterMs !== undefined ? { ...report, retryAfterMs: stopped.retryAfterMs } : report;
  }

  return {
    ready: () => serial(open),
    pull: () => serial(async () => {
      await open();
      await pullNow();
    }),
    ...writes,
    interventionCandidates: (order, intervention, query) => serial(async () => {
      await open();
      // Stryker disable next-line ConditionalExpression,LogicalOperator: rebase builds the decider exactly when there is a replica, so both are undefined or neither; the second test only narrows the type
      if (decider === undefined || replica === undefined) throw new Error("interventionCandidates: the device holds no replica yet; pull() once online first");
      const r = localCandidates(replica, decider.decide, order, intervention, query);
      return answerOf(r.status, r.body);
    }),
    intervention: (id) => decider?.state.interventions.byId.get(id.toLowerCase() as Guid),
    stock: (storeId) => {
      const s = decider?.state.stock.get(storeId.toLowerCase() as Guid);
      if (s === undefined) return undefined;
      const out = new Map<Guid, string | null>();
      for (const [m, a] of s) out.set(m, amountToText(a));
      return out;
    },
    replica: () => replica,
    pending: () => serial(async () => {
      await open();
      return store.writes();
    }),
    sync: () => serial(syncNow),
  };
}

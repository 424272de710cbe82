// The typed client (`createClient`): one method per operation of the call table generated from
// the description (operations.generated.ts), its path (paths.ts) and body checked before anything
// is sent, sent over the transport (transport.ts) with the session's token (session.ts).
import { problem } from "../api/problem.js";
import { isJournaledWrite } from "../api/operation.js";
import type { OperationId } from "../api/operations.generated.js";
import type { LoginResponse } from "../auth/login.js";
import type { JournalPage } from "../journal/entry.js";
import type { Result } from "../shared/issue.js";
import type { StoreQueryParams } from "../api/bodies.js";
import { parseStoreListingQuery } from "../store/query.js";
import { callBound, checkTimeout } from "./abort.js";
import type { CallOptions, CandidatesQueryParams, JournalQueryParams, Ref, SyncQueryParams, WriteOptions } from "./call-types.js";
import { FieldServiceError } from "./errors.js";
import { clientOperations, operationOfKind, type FieldServiceClientMethods } from "./operations.generated.js";
import { operationPath, queryString } from "./paths.js";
import { createSession } from "./session.js";
import { answer, createTransport, timerSleep, type FetchLike } from "./transport.js";

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The API's base URL, e.g. `http://127.0.0.1:8080` (a trailing `/` is fine). */
  readonly baseUrl: string;
  /** Company code of the login (AUTH-1). */
  readonly tenantCode: string;
  /** Integration client ID. */
  readonly clientId: string;
  /** Secret key of the client. */
  readonly secret: string;
  /** The `fetch` to use; default the global one. Inject one for tests or other runtimes. */
  readonly fetch?: FetchLike;
  /** Validate every body (and the store query) with the library's parser before sending; a refusal throws without sending. Default `false`; a call's option wins. */
  readonly validate?: boolean;
  /** The clock, in milliseconds since the epoch; default `Date.now`. Token expiry is reckoned with it. */
  readonly now?: () => number;
  /** Renew the token this long before it runs out, in milliseconds; default 60,000. */
  readonly renewMarginMs?: number;
  /**
   * Default bound of every call, in milliseconds, login, request and body included; a call's own
   * `timeout` wins. Default none (as with `fetch`). A call that runs out rejects with a
   * `DOMException` named `"TimeoutError"`; a write may then have been committed or not.
   */
  readonly timeout?: number;
  /**
   * How many times to send a call again after no answer at all, a 503 or a 429 (CLT-1); default 0.
   * Only calls that are safe to repeat are retried: reads, the login, and writes carrying an
   * `Idempotency-Key` (which the client adds by itself unless a call passes `idempotencyKey:
   * false`), so a retried write is still decided once (IDM-1). The wait honours the server's
   * `Retry-After` (up to 60 s; a longer one is not waited for), else backs off exponentially
   * with jitter (CLT-2). The call's `signal` and `timeout` bound the waits too.
   */
  readonly maxRetries?: number;
  /** The random source of the backoff's jitter, in [0, 1); default `Math.random`. */
  readonly random?: () => number;
  /**
   * How the client waits between attempts; default a timer. Tests inject one that records the
   * delay and resolves at once. It should reject with the signal's reason when the signal aborts.
   */
  readonly sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}






/**
 * The typed client: one method per operation of the description (`apiOperations`), named
 * after it (their types are generated from it: {@link FieldServiceClientMethods}), and
 * `journalPages`. Record arguments are {@link Ref}s; bodies are typed as the parsers accept
 * them; answers are the read shapes; a 204 resolves to `undefined`. Every refusal rejects with
 * a {@link FieldServiceError}.
 */
export interface FieldServiceClient extends FieldServiceClientMethods {
  /**
   * Every page of the journal from `query.after` on (JRN-2), one `readJournal` per page, each
   * read when the loop asks for it; ends after the page whose `next` is `null`.
   * `for await (const page of client.journalPages({ limit: 100 })) ...`
   */
  readonly journalPages: (query?: JournalQueryParams, options?: CallOptions) => AsyncIterableIterator<JournalPage>;
}

/**
 * Creates a typed client of the field-service API. It logs in on the first call (AUTH-1),
 * keeps the token and renews it before its 60 minutes run out (AUTH-3; `renewMarginMs` early,
 * reckoned from when the login was sent), lets concurrent first calls share one login, and
 * after a 401 (a token the server no longer knows, AUTH-2) logs in once more and retries the
 * call once. A call's `signal` and `timeout` bound all of it, the login it waits for included;
 * an aborted call rejects with the signal's reason (`"AbortError"`, `"TimeoutError"`), as
 * `fetch` does. A record reference that no URL can carry is refused before anything is sent.
 * Runs wherever `fetch` does (browsers, workers, Node); imports no `node:` module.
 * Usage against a running server is in the README ("Walk-through in TypeScript").
 * With `maxRetries`, a call that got no answer, a 503 or a 429 is sent again when it is safe to
 * (CLT-1), after the server's `Retry-After` or an exponential backoff with jitter (CLT-2).
 * @param options - base URL, credentials, and optionally `fetch`, `validate`, `now`, `renewMarginMs`, `timeout`, `maxRetries`, `random`, `sleep`
 * @returns the client, one method per operation, and `journalPages`
 * @throws RangeError when `timeout` is negative or not a number, or `maxRetries` is not a whole number of 0 or more
 * @example
 * const client = createClient({
 *   baseUrl: "http://stand-in", tenantCode: "demo", clientId: "demo-client", secret: "demo-secret",
 *   fetch: inProcessFetch(createFieldService({ fixture: demoFixture })), timeout: 30_000,
 * });
 * (await client.readStore({ externalId: "centralni-sklad" }, { page: 1, pageSize: 5, searchPhrase: "sroub" })).materials.items.map((i) => i.name) //=> ["Šroub M6", "Šroub M8"]
 * (await client.readOrder({ externalId: "NOPE" }, { signal: AbortSignal.abort() }).catch((e) => e.name)) //=> "AbortError"
 */
export function createClient(options: ClientOptions): FieldServiceClient {
  checkTimeout(options.timeout, "createClient");
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const now = options.now ?? Date.now;
  const margin = options.renewMarginMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 0;
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0)) throw new RangeError(`createClient: maxRetries must be a whole number, 0 or more (got ${String(maxRetries)})`);
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? timerSleep;
  const send = createTransport({ base, fetch: doFetch, now, maxRetries, random, sleep });
  const session = createSession(options, send, now, margin);

  async function call(operation: OperationId, path: string, body: unknown, signal: AbortSignal | undefined, key: string | undefined): Promise<unknown> {
    // A read is safe to repeat; a write only with its Idempotency-Key (IDM-1).
    const safe = clientOperations[operation].method === "GET" || key !== undefined;
    let used = await session.validToken(signal);
    let sent = await send(operation, path, body, signal, used.text, key, safe);
    if (sent.status === 401) {
      // The server no longer knows the token (restarted, or our clock ran slow): one new login, one retry.
      session.forget(used);
      used = await session.validToken(signal);
      sent = await send(operation, path, body, signal, used.text, key, safe);
    }
    return answer(operation, sent);
  }

  function checked(operation: OperationId, value: unknown, parse: (v: unknown) => Result<unknown>): void {
    const r = parse(value);
    if (!r.ok) throw new FieldServiceError(operation, problem(400, r.issues), true);
  }

  function method(operation: OperationId): (...args: unknown[]) => Promise<unknown> {
    const shape = clientOperations[operation];
    const isRead = shape.method === "GET";
    const journaled = isJournaledWrite(shape);
    const takesBody = shape.parse !== undefined;
    const queried = shape.query !== undefined;
    return async (...args: unknown[]): Promise<unknown> => {
      const refs = args.slice(0, shape.refs) as Ref[];
      const path = operationPath(operation, refs);
      const rest = args.slice(shape.refs);
      // The query or the body, when the operation reads one (else unused).
      const input = rest[0];
      const opts = ((queried || takesBody ? rest[1] : rest[0]) ?? {}) as WriteOptions;
      const validate = opts.validate ?? options.validate ?? false;
      let target = path;
      if (shape.query === "storeListing") {
        const query = queryString(input as StoreQueryParams);
        if (validate) checked(operation, new URLSearchParams(query), (q) => parseStoreListingQuery(q as URLSearchParams));
        target = `${path}?${query}`;
      } else if (queried) {
        const query = queryString((input ?? {}) as JournalQueryParams & SyncQueryParams & CandidatesQueryParams);
        target = query === "" ? path : `${path}?${query}`;
      } else if (validate && shape.parse !== undefined && !(shape.bodyOptional === true && input === undefined)) {
        checked(operation, input, shape.parse);
      }
      if (!isRead && opts.dryRun === true) target = `${target}?dryRun=true`;
      // One key per call, kept across this call's retries (IDM-1).
      const key = !journaled || opts.idempotencyKey === false ? undefined : (opts.idempotencyKey ?? globalThis.crypto.randomUUID());
      const bound = callBound(opts.signal, opts.timeout ?? options.timeout, operation);
      try {
        return await call(operation, target, takesBody ? input : undefined, bound.signal, key);
      } finally {
        bound.release();
      }
    };
  }

  // The login is the session's: called, it logs in now and keeps the token.
  async function logIn(callOptions?: CallOptions): Promise<LoginResponse> {
    const bound = callBound(callOptions?.signal, callOptions?.timeout ?? options.timeout, session.operation);
    try {
      session.forget();
      return (await session.logIn(bound.signal)).answer;
    } finally {
      bound.release();
    }
  }

  const client: Record<string, unknown> = {};
  for (const operation of Object.keys(clientOperations) as OperationId[]) client[operation] = clientOperations[operation].kind === "authentication" ? logIn : method(operation);
  // The journal's pages, one read of the journal's operation each.
  const readJournal = client[operationOfKind.journal] as (query: JournalQueryParams, options?: CallOptions) => Promise<JournalPage>;
  client["journalPages"] = async function* (query: JournalQueryParams = {}, callOptions?: CallOptions): AsyncGenerator<JournalPage> {
    let after = query.after;
    for (;;) {
      // Stryker disable next-line ConditionalExpression: `{ ...query, after: undefined }` sends the same query (queryString leaves undefined out); the test is for the type (exactOptionalPropertyTypes)
      const page = await readJournal(after === undefined ? query : { ...query, after }, callOptions);
      yield page;
      if (page.next === null) return;
      after = page.next;
    }
  };
  return client as unknown as FieldServiceClient;
}

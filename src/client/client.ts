// The typed client (`createClient`): one method per operation, its path (paths.ts) and body
// checked before anything is sent, sent over the transport (transport.ts) with the session's
// token (session.ts). Over 400 lines because it holds the client's public types: the options and
// `FieldServiceClient`, one typed method per operation, which users read in one place.
import type {
  CancelBody, CustomerAddBody, CustomerAddOrEditBody, InterventionEditBody, InterventionPlanBody, InterventionReplanBody,
  MaterialReplaceBody, OrderAddBody, OrderAddOrEditBody, OrderEditBody, StockAmountBody, StockQuantityBody, StoreQueryParams,
  StoreReplaceBody,
} from "../api/bodies.js";
import { problem } from "../api/problem.js";
import type {
  AddToStoreShape, AllowedActionsShape, CandidatesShape, CreatedShape, CustomerShape, InterventionShape, MaterialShape, OrderShape, ReportDocumentsShape,
} from "../api/read-shapes.js";
import { apiOperations, isJournaledWrite, type OperationId } from "../api/routes.js";
import type { LoginResponse } from "../auth/login.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../customer/request.js";
import type { InterventionAction } from "../intervention/machine.js";
import { parseInterventionCancel, parseInterventionEdit, parseInterventionPlan, parseInterventionReplan } from "../intervention/request.js";
import { parseMaterialReplace } from "../material/request.js";
import { parseOrderCancel } from "../order/cancel.js";
import type { OrderAction } from "../order/machine.js";
import { parseOrderAdd, parseOrderAddOrEdit, parseOrderEdit } from "../order/request.js";
import type { JournalOutcome, JournalPage } from "../journal/entry.js";
import type { SyncAnswer } from "../sync/answer.js";
import type { RuleId } from "../shared/rule-id.generated.js";
import type { Result } from "../shared/issue.js";
import { parseStockAmounts, parseStockQuantities } from "../stock/request.js";
import type { StoreDetail } from "../store-listing/page.js";
import { parseStoreListingQuery } from "../store/query.js";
import { parseStoreReplace } from "../store/replace.js";
import { callBound, checkTimeout } from "./abort.js";
import { FieldServiceError } from "./errors.js";
import { operationPath, queryString, type ExternalIdRef, type Ref } from "./paths.js";
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

/** The candidates of a replan of one order's intervention: two GUIDs, or two external IDs (never a mix, GEN-2). */
export interface InterventionCandidatesRead {
  /**
   * @param order - the order's GUID
   * @param intervention - the intervention's GUID
   * @param query - the day, duration, window, step, technicians and limit
   */
  (order: string, intervention: string, query: CandidatesQueryParams, options?: CallOptions): Promise<CandidatesShape>;
  /**
   * @param order - the order's external ID
   * @param intervention - the intervention's external ID
   * @param query - the day, duration, window, step, technicians and limit
   */
  (order: ExternalIdRef, intervention: ExternalIdRef, query: CandidatesQueryParams, options?: CallOptions): Promise<CandidatesShape>;
}

/** An operation on one order's intervention: two GUIDs, or two external IDs (never a mix, GEN-2). */
export interface InterventionCall<A, B = never> {
  /**
   * @param order - the order's GUID
   * @param intervention - the intervention's GUID
   */
  (order: string, intervention: string, ...rest: [B] extends [never] ? [options?: WriteOptions] : [body: B, options?: WriteOptions]): Promise<A>;
  /**
   * @param order - the order's external ID
   * @param intervention - the intervention's external ID
   */
  (order: ExternalIdRef, intervention: ExternalIdRef, ...rest: [B] extends [never] ? [options?: WriteOptions] : [body: B, options?: WriteOptions]): Promise<A>;
}

/** A read of one order's intervention: two GUIDs, or two external IDs (never a mix, GEN-2). */
export interface InterventionRead<A> {
  /**
   * @param order - the order's GUID
   * @param intervention - the intervention's GUID
   */
  (order: string, intervention: string, options?: CallOptions): Promise<A>;
  /**
   * @param order - the order's external ID
   * @param intervention - the intervention's external ID
   */
  (order: ExternalIdRef, intervention: ExternalIdRef, options?: CallOptions): Promise<A>;
}

/** A move of stock between two stores: two GUIDs, or two external IDs (never a mix, GEN-2). */
export interface MoveStockCall {
  /**
   * @param from - the source store's GUID
   * @param to - the target store's GUID
   */
  (from: string, to: string, items: readonly StockQuantityBody[], options?: WriteOptions): Promise<void>;
  /**
   * @param from - the source store's external ID
   * @param to - the target store's external ID
   */
  (from: ExternalIdRef, to: ExternalIdRef, items: readonly StockQuantityBody[], options?: WriteOptions): Promise<void>;
}

/**
 * The typed client: one method per operation of `apiOperations`, named after it. Record
 * arguments are {@link Ref}s; bodies are typed as the parsers accept them; answers are the read
 * shapes; a 204 resolves to `undefined`. Every refusal rejects with a {@link FieldServiceError}.
 */
export interface FieldServiceClient {
  /** Logs in now (AUTH-1) and keeps the token; other calls log in by themselves when needed. */
  readonly login: (options?: CallOptions) => Promise<LoginResponse>;
  /** `GET /customer/{id}`: the customer read shape. */
  readonly readCustomer: (customer: Ref, options?: CallOptions) => Promise<CustomerShape>;
  /** `GET /order/{id}`: the order read shape. */
  readonly readOrder: (order: Ref, options?: CallOptions) => Promise<OrderShape>;
  /** `GET /order/{id}/allowedActions`: each order action and whether it is allowed now. */
  readonly orderAllowedActions: (order: Ref, options?: CallOptions) => Promise<AllowedActionsShape<OrderAction>>;
  /** `GET …/intervention/{id}`: the InterventionDetail. */
  readonly readIntervention: InterventionRead<InterventionShape>;
  /** `GET …/reportDocuments` (INT-6). */
  readonly readReportDocuments: InterventionRead<ReportDocumentsShape>;
  /** `GET …/intervention/{id}/allowedActions`: each intervention action and whether it is allowed now. */
  readonly interventionAllowedActions: InterventionRead<AllowedActionsShape<InterventionAction>>;
  /** `GET /material/{id}`: the material read shape. */
  readonly readMaterial: (material: Ref, options?: CallOptions) => Promise<MaterialShape>;
  /** `GET /order/{id}/candidates` (CND-1 to CND-4; an extension): the slots and technicians a new plan of the order may take, ranked. */
  readonly orderCandidates: (order: Ref, query: CandidatesQueryParams, options?: CallOptions) => Promise<CandidatesShape>;
  /** `GET …/intervention/{id}/candidates` (CND-1 to CND-4; an extension): the slots and technicians a replan may take (its own allocations do not count). */
  readonly interventionCandidates: InterventionCandidatesRead;
  /** `PUT /order/{id}/cancel` (ORD-11); the body may be left out. */
  readonly cancelOrder: (order: Ref, body?: CancelBody, options?: WriteOptions) => Promise<void>;
  /** `PUT /order/{id}/complete` (ORD-13). */
  readonly completeOrder: (order: Ref, options?: WriteOptions) => Promise<void>;
  /** `POST /order/{id}/PlanIntervention` (INT-1): the new InterventionDetail. */
  readonly planIntervention: (order: Ref, body: InterventionPlanBody, options?: WriteOptions) => Promise<InterventionShape>;
  /** `PUT …/intervention/{id}` (INT-4). */
  readonly editIntervention: InterventionCall<InterventionShape, InterventionEditBody>;
  /** `PUT …/Replan` (INT-3). */
  readonly replanIntervention: InterventionCall<InterventionShape, InterventionReplanBody>;
  /** `PUT …/Cancel` (INT-5); pass `{}` for no reason and no notification. */
  readonly cancelIntervention: InterventionCall<InterventionShape, CancelBody>;
  /** `PUT …/StartDeparture` (INT-7). */
  readonly startDeparture: InterventionCall<InterventionShape>;
  /** `PUT …/Start` (INT-7). */
  readonly start: InterventionCall<InterventionShape>;
  /** `PUT …/RequestSignature` (INT-7). */
  readonly requestSignature: InterventionCall<InterventionShape>;
  /** `PUT …/Complete` (INT-7). */
  readonly complete: InterventionCall<InterventionShape>;
  /** `POST /store/{id}/addToStore` (STK-2): the resulting amounts of the touched materials. */
  readonly addToStore: (store: Ref, items: readonly StockAmountBody[], options?: WriteOptions) => Promise<AddToStoreShape>;
  /** `PUT /store/{id}/removeMaterial` (STK-3). */
  readonly removeMaterial: (store: Ref, items: readonly StockQuantityBody[], options?: WriteOptions) => Promise<void>;
  /** `PUT /store/{id}/setMaterialAmounts` (STK-4). */
  readonly setMaterialAmounts: (store: Ref, items: readonly StockAmountBody[], options?: WriteOptions) => Promise<void>;
  /** `PUT /store/{from}/moveTo/{to}` (STK-5). */
  readonly moveStock: MoveStockCall;
  /** `POST /customer` (CUS-1): the new customer's GUID. */
  readonly addCustomer: (body: CustomerAddBody, options?: WriteOptions) => Promise<CreatedShape>;
  /** `POST /customer/addOrEdit` (UPS-1 to UPS-9). */
  readonly addOrEditCustomer: (body: CustomerAddOrEditBody, options?: WriteOptions) => Promise<void>;
  /** `POST /order` (ORD-1): the new order's GUID. */
  readonly addOrder: (body: OrderAddBody, options?: WriteOptions) => Promise<CreatedShape>;
  /** `POST /order/addOrEdit` (ORD-10). */
  readonly addOrEditOrder: (body: OrderAddOrEditBody, options?: WriteOptions) => Promise<void>;
  /** `PUT /order/{id}` (ORD-6, ORD-7). */
  readonly editOrder: (order: Ref, body: OrderEditBody, options?: WriteOptions) => Promise<void>;
  /** `PUT /material/{id}` (MAT-1). */
  readonly replaceMaterial: (material: Ref, body: MaterialReplaceBody, options?: WriteOptions) => Promise<void>;
  /** `PUT /store/{id}` (STO-1). */
  readonly replaceStore: (store: Ref, body: StoreReplaceBody, options?: WriteOptions) => Promise<void>;
  /** `GET /store/{id}` (STO-3 to STO-6): one page of the store's stock. */
  readonly readStore: (store: Ref, query: StoreQueryParams, options?: CallOptions) => Promise<StoreDetail>;
  /** `GET /journal` (JRN-2; an extension): one page of the company's journal of decisions. */
  readonly readJournal: (query?: JournalQueryParams, options?: CallOptions) => Promise<JournalPage>;
  /** `GET /sync` (SYN-1 to SYN-3; an extension): what a technician's device needs for some days, changed since a cursor; merge it with `mergeSyncAnswer`. */
  readonly sync: (query: SyncQueryParams, options?: CallOptions) => Promise<SyncAnswer>;
  /**
   * Every page of the journal from `query.after` on (JRN-2), one `readJournal` per page, each
   * read when the loop asks for it; ends after the page whose `next` is `null`.
   * `for await (const page of client.journalPages({ limit: 100 })) ...`
   */
  readonly journalPages: (query?: JournalQueryParams, options?: CallOptions) => AsyncIterableIterator<JournalPage>;
}

/** How each operation is called: how many records its path names, its body parser (when it takes a body), whether the body may be left out. */
interface CallShape {
  readonly refs: 0 | 1 | 2;
  readonly parse?: (body: unknown) => Result<unknown>;
  readonly optionalBody?: true;
}

const shapes: { readonly [O in Exclude<OperationId, "login">]: CallShape } = {
  readCustomer: { refs: 1 },
  readOrder: { refs: 1 },
  orderAllowedActions: { refs: 1 },
  readIntervention: { refs: 2 },
  readReportDocuments: { refs: 2 },
  interventionAllowedActions: { refs: 2 },
  readMaterial: { refs: 1 },
  orderCandidates: { refs: 1 },
  interventionCandidates: { refs: 2 },
  cancelOrder: { refs: 1, parse: parseOrderCancel, optionalBody: true },
  completeOrder: { refs: 1 },
  planIntervention: { refs: 1, parse: parseInterventionPlan },
  editIntervention: { refs: 2, parse: parseInterventionEdit },
  replanIntervention: { refs: 2, parse: parseInterventionReplan },
  cancelIntervention: { refs: 2, parse: parseInterventionCancel },
  startDeparture: { refs: 2 },
  start: { refs: 2 },
  requestSignature: { refs: 2 },
  complete: { refs: 2 },
  addToStore: { refs: 1, parse: parseStockAmounts },
  removeMaterial: { refs: 1, parse: parseStockQuantities },
  setMaterialAmounts: { refs: 1, parse: parseStockAmounts },
  moveStock: { refs: 2, parse: parseStockQuantities },
  addCustomer: { refs: 0, parse: parseCustomerAdd },
  addOrEditCustomer: { refs: 0, parse: parseCustomerAddOrEdit },
  addOrder: { refs: 0, parse: parseOrderAdd },
  addOrEditOrder: { refs: 0, parse: parseOrderAddOrEdit },
  editOrder: { refs: 1, parse: parseOrderEdit },
  replaceMaterial: { refs: 1, parse: parseMaterialReplace },
  replaceStore: { refs: 1, parse: parseStoreReplace },
  readStore: { refs: 1 },
  readJournal: { refs: 0 },
  sync: { refs: 0 },
};

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
    const safe = apiOperations[operation].method === "GET" || key !== undefined;
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

  function method(operation: Exclude<OperationId, "login">): (...args: unknown[]) => Promise<unknown> {
    const shape = shapes[operation];
    const isRead = apiOperations[operation].method === "GET";
    const journaled = isJournaledWrite({ method: apiOperations[operation].method, operation });
    const takesBody = shape.parse !== undefined;
    return async (...args: unknown[]): Promise<unknown> => {
      const refs = args.slice(0, shape.refs) as Ref[];
      const path = operationPath(operation, refs);
      const rest = args.slice(shape.refs);
      const queried = operation === "readStore" || operation === "readJournal" || operation === "sync" || operation === "orderCandidates" || operation === "interventionCandidates";
      const input = queried || takesBody ? rest[0] : undefined;
      const opts = ((queried || takesBody ? rest[1] : rest[0]) ?? {}) as WriteOptions;
      const validate = opts.validate ?? options.validate ?? false;
      let target = path;
      if (operation === "readStore") {
        const query = queryString(input as StoreQueryParams);
        if (validate) checked(operation, new URLSearchParams(query), (q) => parseStoreListingQuery(q as URLSearchParams));
        target = `${path}?${query}`;
      } else if (queried) {
        const query = queryString((input ?? {}) as JournalQueryParams & SyncQueryParams & CandidatesQueryParams);
        target = query === "" ? path : `${path}?${query}`;
      } else if (validate && shape.parse !== undefined && !(shape.optionalBody === true && input === undefined)) {
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

  const client: Record<string, unknown> = {
    login: async (callOptions?: CallOptions): Promise<LoginResponse> => {
      const bound = callBound(callOptions?.signal, callOptions?.timeout ?? options.timeout, "login");
      try {
        session.forget();
        return (await session.logIn(bound.signal)).answer;
      } finally {
        bound.release();
      }
    },
  };
  for (const operation of Object.keys(shapes) as Exclude<OperationId, "login">[]) client[operation] = method(operation);
  const readJournal = client["readJournal"] as (query: JournalQueryParams, options?: CallOptions) => Promise<JournalPage>;
  client["journalPages"] = async function* (query: JournalQueryParams = {}, callOptions?: CallOptions): AsyncGenerator<JournalPage> {
    let after = query.after;
    for (;;) {
      const page = await readJournal(after === undefined ? query : { ...query, after }, callOptions);
      yield page;
      if (page.next === null) return;
      after = page.next;
    }
  };
  return client as unknown as FieldServiceClient;
}

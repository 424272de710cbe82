import type {
  CancelBody, CustomerAddBody, CustomerAddOrEditBody, InterventionEditBody, InterventionPlanBody, InterventionReplanBody,
  MaterialReplaceBody, OrderAddBody, OrderAddOrEditBody, OrderEditBody, StockAmountBody, StockQuantityBody, StoreQueryParams,
  StoreReplaceBody,
} from "../api/bodies.js";
import { problem, type ProblemDetails } from "../api/problem.js";
import type {
  AddToStoreShape, AllowedActionsShape, CandidatesShape, CreatedShape, CustomerShape, InterventionShape, MaterialShape, OrderShape, ReportDocumentsShape,
} from "../api/read-shapes.js";
import { apiOperations, isJournaledWrite, type OperationId } from "../api/routes.js";
import type { LoginResponse } from "../auth/login.js";
import { TOKEN_LIFETIME_MS } from "../auth/token.js";
import { parseCustomerAdd, parseCustomerAddOrEdit } from "../customer/request.js";
import type { InterventionAction } from "../intervention/machine.js";
import { parseInterventionCancel, parseInterventionEdit, parseInterventionPlan, parseInterventionReplan } from "../intervention/request.js";
import { parseMaterialReplace } from "../material/request.js";
import { parseOrderCancel } from "../order/cancel.js";
import type { OrderAction } from "../order/machine.js";
import { parseOrderAdd, parseOrderAddOrEdit, parseOrderEdit } from "../order/request.js";
import type { JournalOutcome, JournalPage } from "../journal/entry.js";
import type { SyncAnswer } from "../sync/answer.js";
import { isGuid } from "../shared/guid.js";
import type { RuleId } from "../shared/rule-id.js";
import { issue, type Issue, type ProblemIssue, type Result } from "../shared/issue.js";
import { isAddressableExternalId } from "../shared/text.js";
import { parseStockAmounts, parseStockQuantities } from "../stock/request.js";
import type { StoreDetail } from "../store-listing/page.js";
import { parseStoreListingQuery } from "../store/query.js";
import { parseStoreReplace } from "../store/replace.js";
import { callBound, checkTimeout, raced, throwIfAborted } from "./abort.js";
import { FieldServiceError, FieldServiceNetworkError, FieldServiceUnexpectedResponseError } from "./errors.js";
import { retryAfterMs, retryDelay, shouldRetry } from "./retry.js";

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

/** What the client needs of `fetch`; the global `fetch` of browsers and Node fits. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

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
 * The path of an operation for the records given: GUIDs fill the placeholders of the table's
 * template; external IDs fill those of its `/externalId/...` twin. Each value is
 * percent-encoded, and a URL resolves the path to exactly these segments: a reference that no
 * URL can carry is refused, since `fetch` would remove a `.` or `..` segment (`%2e%2e` too) and
 * address another record (TXT-2). Mixing the two forms is a programmer error (the API has no
 * such path).
 * @param operation - the operation
 * @param refs - one reference per placeholder, in path order
 * @returns the path, relative to the base URL
 * @throws FieldServiceError (`local: true`, status 400) when a string reference is not a GUID
 * (`InvalidGuid`) or an external ID is not addressable (`InvalidExternalId`: blank, `.`, `..`,
 * U+0000 or an unpaired surrogate), one issue per such reference at its placeholder's name
 * @throws TypeError when the references mix the two forms, are not references, or do not match the placeholders
 * @example
 * operationPath("replanIntervention", [{ externalId: "ORD 1" }, { externalId: "V-1" }]) //=> "/order/externalId/ORD%201/intervention/V-1/Replan"
 * operationPath("readOrder", ["3f2504e0-4f89-11d3-9a0c-0305e82c3301"]) //=> "/order/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
 * operationPath("readMaterial", [{ externalId: "a/b?c#d" }]) //=> "/material/externalId/a%2Fb%3Fc%23d"
 * const refusal = (() => { try { return operationPath("cancelIntervention", [{ externalId: "E-O" }, { externalId: ".." }]); } catch (e) { return e; } })();
 * refusal.problem.errors.map((i) => `${i.code}@${i.path}`) //=> ["InvalidExternalId@intervention"]
 */
export function operationPath(operation: OperationId, refs: readonly Ref[]): string {
  const template = apiOperations[operation].path;
  const parts = template.split("/").slice(1);
  const params = parts.filter((p) => p.startsWith("{")).map((p) => p.slice(1, -1));
  if (params.length !== refs.length) throw new TypeError(`${operation} names ${params.length} record(s) in its path, ${refs.length} given`);
  if (refs.length === 0) return template;
  const external = typeof refs[0] !== "string";
  if (refs.some((r) => (typeof r !== "string") !== external)) {
    throw new TypeError(`${operation}: one path takes GUIDs or external IDs, never a mix (GEN-2)`);
  }
  const issues: Issue[] = [];
  const values = refs.map((ref, i) => {
    const name = params[i] as string;
    const value = refValue(operation, name, ref);
    if (external ? !isAddressableExternalId(value) : !isGuid(value)) issues.push(refIssue(external, name));
    return value;
  });
  // Nothing that fails the checks reaches encodeURIComponent, which throws on an unpaired surrogate.
  if (issues.length > 0) throw new FieldServiceError(operation, problem(400, issues), true);
  let i = 0;
  const filled = parts.map((p) => (p.startsWith("{") ? encodeURIComponent(values[i++] as string) : p));
  if (external) filled.splice(1, 0, "externalId");
  return `/${filled.join("/")}`;
}

// Outside the types (a JavaScript caller, a cast): a programmer error, named.
function refValue(operation: OperationId, name: string, ref: unknown): string {
  if (typeof ref === "string") return ref;
  const value: unknown = typeof ref === "object" && ref !== null ? (ref as Record<string, unknown>)["externalId"] : undefined;
  if (typeof value === "string") return value;
  throw new TypeError(`${operation}: ${name} is neither a GUID string nor { externalId: string }`);
}

// The catalog's sentence for an external ID; for a GUID, the usual mistake behind it.
function refIssue(external: boolean, name: string): Issue {
  return external ? issue("InvalidExternalId", name, "TXT-2") : issue("InvalidGuid", name, "GEN-2", "Not a GUID; name a record by its external ID with { externalId } (GEN-2).");
}

function queryString(query: StoreQueryParams | JournalQueryParams | CandidatesQueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params.toString();
}

// The JSON boundary: a problem-details body as the API sends it (ERR-1), checked field by field.
function asProblem(value: unknown, status: number): ProblemDetails | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v["name"] !== "string" || !Array.isArray(v["errors"])) return undefined;
  const errors: ProblemIssue[] = [];
  for (const e of v["errors"] as unknown[]) {
    if (typeof e !== "object" || e === null) return undefined;
    const i = e as Record<string, unknown>;
    if (typeof i["code"] !== "string" || typeof i["path"] !== "string" || typeof i["message"] !== "string") return undefined;
    // The rule passes through as sent (every issue carries one since issue 38; an older server's
    // edge answer, 413 or 500, had none).
    const copy = { code: i["code"], path: i["path"], message: i["message"] } as Record<string, unknown>;
    if (typeof i["rule"] === "string") copy["rule"] = i["rule"];
    errors.push(copy as unknown as ProblemIssue);
  }
  // The HTTP status is the truth about the answer, whatever the body says.
  return { ...(v as unknown as ProblemDetails), status: status as ProblemDetails["status"], errors };
}

interface Token {
  readonly text: string;
  readonly expiresAt: number;
  readonly answer: LoginResponse;
}

interface Sent {
  readonly status: number;
  readonly text: string;
  /** The `Retry-After` header, in milliseconds, when the answer carried a readable one. */
  readonly retryAfter: number | undefined;
}

function timerSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      signal?.removeEventListener("abort", stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/** A login in flight, shared by the calls waiting for it. */
interface Login {
  readonly token: Promise<Token>;
  /** Aborts the login's request once no caller waits for it. */
  readonly controller: AbortController;
  /** How many callers wait for it and may still stop. */
  waiting: number;
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
  let token: Token | undefined;
  let pending: Login | undefined;

  // `signal` bounds the whole exchange. `fetch` honours it itself; the races also end the wait
  // for an injected `fetch` that does not.
  async function send(operation: OperationId, path: string, body: unknown, signal: AbortSignal | undefined, bearer: string | undefined, key?: string): Promise<Sent> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (key !== undefined) headers["idempotency-key"] = key;
    if (bearer !== undefined) headers["authorization"] = `Bearer ${bearer}`;
    const init: RequestInit = { method: apiOperations[operation].method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    if (signal !== undefined) init.signal = signal;
    throwIfAborted(signal);
    let response: Response;
    let text: string;
    try {
      response = await raced(doFetch(`${base}${path}`, init), signal);
      text = await raced(response.text(), signal);
    } catch (error) {
      // An abort is the caller's, not the network's: its reason, as fetch rejects with it.
      throwIfAborted(signal);
      throw new FieldServiceNetworkError(operation, error);
    }
    return { status: response.status, text, retryAfter: retryAfterMs(response.headers.get("retry-after"), now) };
  }

  // CLT-1: sends again, while retries remain, what is safe to repeat after no answer, 503 or 429.
  async function sendRetrying(operation: OperationId, path: string, body: unknown, signal: AbortSignal | undefined, bearer: string | undefined, key: string | undefined, safe: boolean): Promise<Sent> {
    for (let retry = 0; ; retry++) {
      let sent: Sent | undefined;
      let failure: unknown;
      try {
        sent = await send(operation, path, body, signal, bearer, key);
      } catch (error) {
        if (!(error instanceof FieldServiceNetworkError)) throw error;
        failure = error;
      }
      if (!shouldRetry(safe, sent?.status, maxRetries - retry, sent?.retryAfter)) {
        if (sent === undefined) throw failure;
        return sent;
      }
      await raced(sleep(retryDelay(retry, random(), sent?.retryAfter), signal), signal);
    }
  }

  function answer(operation: OperationId, sent: Sent): unknown {
    let json: unknown = undefined;
    let parsed = sent.text === "";
    if (!parsed) {
      try {
        json = JSON.parse(sent.text);
        parsed = true;
      } catch {
        parsed = false;
      }
    }
    const success = apiOperations[operation].success;
    if (sent.status === success && parsed && (success === 204 || json !== undefined)) return success === 204 ? undefined : json;
    const details = parsed && sent.status >= 400 ? asProblem(json, sent.status) : undefined;
    if (details !== undefined) throw new FieldServiceError(operation, details, false, sent.retryAfter);
    throw new FieldServiceUnexpectedResponseError(operation, sent.status, sent.text);
  }

  function fresh(t: Token | undefined): t is Token {
    return t !== undefined && now() < t.expiresAt - margin;
  }

  function startLogin(): Login {
    const controller = new AbortController();
    const sentAt = now();
    const attempt = (async (): Promise<Token> => {
      const body = { tenantCode: options.tenantCode, clientId: options.clientId, secret: options.secret };
      const result = answer("login", await sendRetrying("login", apiOperations.login.path, body, controller.signal, undefined, undefined, true)) as LoginResponse;
      if (typeof result !== "object" || result === null || typeof result.accessToken !== "string") {
        throw new FieldServiceUnexpectedResponseError("login", apiOperations.login.success, JSON.stringify(result));
      }
      // AUTH-3: 60 minutes from issue; an `expiresIn` (seconds) in the answer, if a server sends one, wins.
      const expiresIn = (result as unknown as Record<string, unknown>)["expiresIn"];
      const lifetime = typeof expiresIn === "number" && expiresIn > 0 ? expiresIn * 1000 : TOKEN_LIFETIME_MS;
      return { text: result.accessToken, expiresAt: sentAt + lifetime, answer: result };
    })();
    const login: Login = { token: attempt, controller, waiting: 0 };
    const settle = (): void => {
      if (pending === login) pending = undefined;
    };
    attempt.then((t) => {
      token = t;
      settle();
    }, settle);
    return login;
  }

  // A login shared by concurrent calls takes no caller's signal: one caller aborting must not
  // fail the others' login. Each caller stops waiting when its own signal aborts; the login is
  // aborted once no caller waits for it (a caller without a signal always does), so a login
  // that hangs does not hold up the next call's.
  async function logIn(signal: AbortSignal | undefined): Promise<Token> {
    throwIfAborted(signal);
    const login = pending ?? (pending = startLogin());
    login.waiting += 1;
    return raced(login.token, signal, () => {
      login.waiting -= 1;
      if (login.waiting > 0) return;
      if (pending === login) pending = undefined;
      login.controller.abort(signal?.reason);
    });
  }

  async function validToken(signal: AbortSignal | undefined): Promise<Token> {
    return fresh(token) ? token : logIn(signal);
  }

  async function call(operation: OperationId, path: string, body: unknown, signal: AbortSignal | undefined, key: string | undefined): Promise<unknown> {
    // A read is safe to repeat; a write only with its Idempotency-Key (IDM-1).
    const safe = apiOperations[operation].method === "GET" || key !== undefined;
    let used = await validToken(signal);
    let sent = await sendRetrying(operation, path, body, signal, used.text, key, safe);
    if (sent.status === 401) {
      // The server no longer knows the token (restarted, or our clock ran slow): one new login, one retry.
      if (token === used) token = undefined;
      used = await validToken(signal);
      sent = await sendRetrying(operation, path, body, signal, used.text, key, safe);
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
        token = undefined;
        return (await logIn(bound.signal)).answer;
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

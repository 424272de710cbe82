import { problem, refusal } from "../api/problem.js";
import { compileRoutes, createRouter, dryRunOf, findPathRecord, isJournaledWrite, matchRoute, splitTarget, apiRoutes, type CompiledRoute, type PathParam, type Router } from "../api/routes.js";
import { findLoginClient, login, parseLoginRequest } from "../auth/login.js";
import { digestSecrets, type SecretHasher } from "../auth/secret.js";
import { LOGIN_THROTTLE, loginKeys, loginThrottle, type LoginThrottleLimits } from "../auth/throttle.js";
import { authenticate, bearerToken, defaultNewToken, type RequestHeaders, type TokenTable } from "../auth/token.js";
import { interventionOfOrder } from "../intervention/lifecycle.js";
import type { Effect } from "../notification/effect.js";
import { guid, type Guid } from "../shared/guid.js";
import { edgeIssue, issue, type Issue, type NonEmptyArray } from "../shared/issue.js";
import type { Instant } from "../shared/time.js";
import type { HandlerContext, ParamName, PathRecords, PreparedOperation, Reply } from "./context.js";
import { loadFixture, type Fixture } from "./fixture.js";
import { NOTHING } from "./loads.js";
import { journalDraft, type JournalParam } from "../journal/entry.js";
import { idempotentRepeat, readIdempotencyKey, requestFingerprint } from "../journal/idempotency.js";
import { DEFAULT_JOURNAL_RETENTION, type JournalRecord, type RecordedAnswer } from "../journal/memory.js";
import { parseJournalQuery } from "../journal/query.js";
import { decodeSyncCursor } from "../sync/cursor.js";
import { parseSyncQuery } from "../sync/query.js";
import { recordChanges } from "./journal.js";
import { operationKind, operationOf, type HandledOperation } from "./router.js";
import type { Changes, CompanyState, Table } from "./state.js";
import { memoryStorage } from "./memory.js";
import { DuplicateExternalIdError, StorageSetupError, StorageUnavailableError, type Awaitable, type FieldStorage, type LoadedView, type RequestPort, type StoredOperation } from "./storage.js";

/** A request to the service, as an HTTP adapter or a test builds it (docs/service.md "Entry point"). */
export interface ServiceRequest {
  /** HTTP method, any case. */
  readonly method: string;
  /** Path relative to the base URL, possibly with `?query`. */
  readonly path: string;
  /** Headers; names in any case. */
  readonly headers?: RequestHeaders;
  /** The parsed JSON body; absent when there is none. */
  readonly body?: unknown;
  /**
   * Where the request came from, as the HTTP adapter knows it (`createHttpServer` sets the
   * socket's remote address): failed logins are also counted per address (CRD-3). Absent: the
   * login is counted per tenant and client only (CRD-2).
   */
  readonly remoteAddress?: string;
}

/** The service's answer (docs/service.md "Entry point"). */
export interface ServiceResponse {
  /** HTTP status; never 500 for any input (ERR-2); 503 when the storage cannot serve now. */
  readonly status: number;
  /**
   * JSON body; absent means none (a 204 has none). A fresh value on every answer: changing it
   * never changes what the service holds.
   */
  readonly body?: unknown;
  /**
   * Effects for the embedding server to deliver, in the order they arise; empty on refusal
   * (GEN-8). Frozen (lists of recipients may be shared between the effects of one answer).
   * When {@link ServiceResponse.dryRun} is `true` they are a preview: deliver nothing.
   */
  readonly effects: readonly Effect[];
  /**
   * Response headers the HTTP layer must send besides the content type, lower-case names
   * (`allow` on a 405, as RFC 9110 §15.5.6 asks; `retry-after` in seconds on a 503, RFC 9110
   * §10.2.3). Absent when there are none.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * `true` when the request was a write with `?dryRun=true`: nothing was committed, and the
   * effects are what the write would cause, not something that happened. Absent otherwise.
   */
  readonly dryRun?: true;
}

/** Options of {@link createFieldService}. */
export interface FieldServiceOptions {
  /** What the interface cannot create; checked whole, a broken one throws. */
  readonly fixture: Fixture;
  /** The clock; the service never reads the time otherwise. Default: the system clock. */
  readonly now?: () => Date;
  /** GUID source for new records. Default: the Web Crypto `crypto.randomUUID`. */
  readonly newId?: () => string;
  /** Access-token source (AUTH-5). Default: 32 random bytes from the Web Crypto `crypto.getRandomValues`, base64url. */
  readonly newToken?: () => string;
  /**
   * How client secrets are stored and checked (CRD-1). Default: the storage's (scrypt on
   * PostgreSQL); in memory, a salted SHA-256 digest that keeps no plain secret but is fast
   * (`digestSecrets`): pass `scryptSecrets()` from `field-service-rules/postgres` for scrypt, as
   * the command-line server does.
   */
  readonly secrets?: SecretHasher;
  /** The login throttle's limits (CRD-2, CRD-3). Default {@link LOGIN_THROTTLE}: 10 failures per client, 50 per address, in 15 minutes. */
  readonly loginThrottle?: LoginThrottleLimits;
  /**
   * Told of an internal failure (a bug: ERR-2 says it never happens) with the incident ID the
   * 500 answer carries, so the server log can name it; the client never sees the error text.
   * Default: `console.error` of the incident ID and the stack.
   */
  readonly onInternalError?: (error: unknown, incidentId: string) => void;
  /**
   * Told why a request was answered 503 (the storage rejected with `StorageUnavailableError` or
   * `StorageSetupError`: a database down, out of connections, too slow, or a schema this build
   * must not serve), so the server log says it; the client sees only the 503. Default:
   * `console.error` of one line.
   */
  readonly onUnavailable?: (error: unknown) => void;
  /**
   * Where the records live (docs/service.md "Storage"). Left out: in memory, and `handle`
   * answers at once; given (e.g. `postgresStorage(...)` from `field-service-rules/postgres`):
   * `handle` answers with a promise.
   */
  readonly storage?: FieldStorage | undefined;
  /**
   * The journal of decisions (JRN-1): `retention` is how many entries the in-memory storage
   * keeps per company (JRN-3; default 1,000; 0 keeps none). A database storage keeps every
   * entry.
   */
  readonly journal?: {
    /** Entries kept per company in memory. */
    readonly retention?: number;
  };
}

/**
 * The reference service: one function from request to response. `R` is what `handle`
 * returns: the response itself in memory, a promise of it with a storage (docs/service.md:
 * "handle may return the response or a promise of it").
 */
export interface FieldService<R extends ServiceResponse | Promise<ServiceResponse> = ServiceResponse | Promise<ServiceResponse>> {
  /**
   * Answers one request. Never throws and never answers 500 (ERR-2); a refused request
   * changes nothing and carries no effects (GEN-8). With a storage that cannot serve now (a
   * database down, out of connections, too slow) it answers 503 with `Retry-After`, and
   * serves again once the storage does, without a restart.
   */
  readonly handle: (request: ServiceRequest) => R;
  /**
   * Resolves once the storage is open (tables created, fixture seeded); rejects with the
   * reason when it cannot be (an unreachable database). In memory: resolved at once.
   */
  readonly ready: () => Promise<void>;
  /** Releases the storage (a database pool); any storage. Requests after it are not answered. */
  readonly close: () => Promise<void>;
}

export { defaultNewToken };

/**
 * Seconds a client is told to wait (`Retry-After`) when the storage cannot serve: long enough
 * for a database restart or a burst of load to pass, short enough that a load balancer or a
 * client retrying once does not give up on a service that is back (docs/decisions.md).
 */
const RETRY_AFTER_SECONDS = 5;

/**
 * A deep copy of a JSON value (plain objects, arrays, primitives), 5–10× faster than
 * `structuredClone` on the small bodies the service answers.
 */
function copyJson(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const list: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) list[i] = copyJson(value[i]);
    return list;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = copyJson((value as Record<string, unknown>)[key]);
    if (key === "__proto__") Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}

/** One empty list shared by every journal entry that has nothing to list (no GUID drawn, no record found). */
const NONE: readonly never[] = Object.freeze([]);

/**
 * A request body as JSON text for the journal; `undefined` for a value JSON cannot write (a
 * JavaScript caller's `BigInt` or cycle, which the body's parser refuses anyway).
 */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** Freezes the effects and everything in them, in place; shared parts are frozen once. */
function freezeEffects(effects: readonly Effect[]): readonly Effect[] {
  const seen = new Set<object>();
  const stack: unknown[] = [effects];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    Object.freeze(value);
    for (const v of Object.values(value)) stack.push(v);
  }
  return effects;
}

const records: { readonly [K in ParamName]: (c: CompanyState) => Table<PathRecords[K]> } = {
  customer: (c) => c.customers,
  order: (c) => c.orders,
  intervention: (c) => c.interventions,
  material: (c) => c.materials,
  store: (c) => c.stores,
  toStore: (c) => c.stores,
};

const what: { readonly [K in ParamName]: string } = {
  customer: "customer", order: "order", intervention: "intervention", material: "material", store: "store", toStore: "target store",
};

/** Finds a path's records in the caller's company; a missing one is 404 (GEN-2, AUTH-4), as is an intervention of another order (INT-8). */
function resolveRecords(company: CompanyState, route: CompiledRoute, params: readonly PathParam[]): Partial<Record<ParamName, unknown>> | ServiceResponse {
  const found: Partial<Record<ParamName, unknown>> = {};
  for (const p of params) {
    const order = found.order as PathRecords["order"] | undefined;
    const hit = p.name === "intervention" && order !== undefined
      ? interventionOfOrder(company.interventions, order, p.value, route.form === "externalId")
      : findPathRecord<PathRecords[ParamName]>(records[p.name](company), route.form, p.value);
    if (hit === undefined) {
      const form = route.form === "id" ? "ID" : "external ID";
      const ofOrder = p.name === "intervention" && order !== undefined;
      const of = ofOrder ? " of this order (INT-8)" : " in this company (GEN-2, AUTH-4)";
      return refused([issue("NotFound", "", ofOrder ? "INT-8" : "GEN-2", `No ${what[p.name]} with the ${form} ${JSON.stringify(p.value)}${of}.`)]);
    }
    found[p.name] = hit;
  }
  return found;
}

/** The JSON text of answers whose body the service already wrote (a database storage's writes), by answer. */
const answerTexts = new WeakMap<ServiceResponse, string>();

/**
 * The body of an answer of this service as the JSON text it already wrote, when it wrote it (a
 * write on a database storage, whose journal entry keeps that text): the HTTP adapter sends it
 * instead of writing the body again. `undefined` otherwise: write the body.
 * @param response - an answer of `handle`
 * @returns the body's JSON text, or `undefined`
 * @internal
 */
export function answerText(response: ServiceResponse): string | undefined {
  return answerTexts.get(response);
}

/** What one decision answers and asks the storage to commit (absent parts: nothing to write). */
interface Outcome {
  readonly result: ServiceResponse;
  readonly changes?: Changes | undefined;
  readonly journal?: JournalRecord | undefined;
}

/**
 * Full jitter before deciding again on a fresh view: a random wait below a cap that doubles
 * with each stale decision (2 ms, 4 ms, … up to 200 ms), so writers of one record spread out
 * instead of colliding again.
 */
function pause(attempt: number): Promise<void> {
  const cap = Math.min(200, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * cap));
}

/** Applies `f` to a value now, or once its promise settles: the one route runs synchronously on a synchronous storage. */
function then<T, U>(value: Awaitable<T>, f: (value: T) => Awaitable<U>): Awaitable<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

function refused(issues: NonEmptyArray<Issue>): ServiceResponse {
  const { status, body } = refusal(issues);
  return { status, body, effects: [] };
}

/** The 400 of an external ID that a storage's unique constraint refused again on re-run (GEN-4). */
function duplicateRefusal(error: DuplicateExternalIdError): ServiceResponse {
  return refused([issue("DuplicateExternalId", error.path, "GEN-4", error.message)]);
}


/**
 * Builds the reference service over a fixture: validates and loads the fixture (throwing
 * one error naming every bad place), then answers requests through the API's route table
 * (`apiRoutes`): it composes the owners of AUTH-1 to AUTH-6 (`login`, `authenticate`), GEN-2
 * (`matchRoute`), INT-8 (`interventionOfOrder`) and ERR-1/ERR-2 (`refusal`) around the
 * domain handlers, and commits a handler's changes only when it succeeded (GEN-8). Without
 * `storage`, in memory and synchronous; with one, `handle` answers with a promise.
 * @param options - the fixture, the injectable clock, GUID and token sources, the storage
 * @returns the service
 * @throws Error when the fixture breaks its own rules
 * @example
 * const service = createFieldService({ fixture: demoFixture });
 * service.handle({ method: "GET", path: "/nope" }).status //=> 404
 */
export function createFieldService(options: FieldServiceOptions & { readonly storage?: undefined }): FieldService<ServiceResponse>;
/**
 * The service over a storage: `handle` answers with a promise.
 * @param options - as above, with the storage
 * @returns the service
 */
export function createFieldService(options: FieldServiceOptions & { readonly storage: FieldStorage }): FieldService<Promise<ServiceResponse>>;
/**
 * Either form, when the storage is only known at run time.
 * @param options - as above
 * @returns the service
 */
export function createFieldService(options: FieldServiceOptions): FieldService;
export function createFieldService(options: FieldServiceOptions): FieldService {
  const { handle, ready, close } = createServiceCore(options);
  return { handle, ready, close };
}

/** The service with its companies' state exposed, for tests that seed records or check that nothing changed. */
export interface ServiceCore<R extends ServiceResponse | Promise<ServiceResponse> = ServiceResponse> extends FieldService<R> {
  /** Every company's state by GUID (changed only by `commit`); the configuration only when a storage holds the records. */
  readonly companies: ReadonlyMap<Guid, CompanyState>;
  /** The storage, when one was given. */
  readonly storage: FieldStorage | undefined;
}

/** A request matched to a route, with what every operation reads from it. */
interface Routed {
  readonly route: CompiledRoute;
  readonly params: readonly PathParam[];
  readonly query: ReadonlyMap<string, string>;
  readonly dryRunRead: ReturnType<typeof dryRunOf>;
  readonly dryRun: boolean;
  readonly hasBody: boolean;
  readonly body: unknown;
  readonly method: string;
  readonly path: string;
}

/** What a write's journal entry records besides the decision (JRN-1), fixed before the storage runs it. */
interface WriteContext {
  readonly clientId: string | null;
  readonly idempotencyKey: string | null;
  readonly fingerprint: string | null;
  /** The body as JSON text, which the journal keeps (the caller may change its own after `handle`); `undefined` when none. */
  readonly bodyText: string | undefined;
}

/**
 * {@link createFieldService} with its state exposed: tests seed records with `commit` and
 * compare state before and after a refused request (GEN-8).
 * @param options - as for {@link createFieldService}
 * @returns the service and its companies
 * @throws Error when the fixture breaks its own rules
 * @internal
 */
export function createServiceCore(options: FieldServiceOptions & { readonly storage?: undefined }): ServiceCore;
/**
 * The same over any storage.
 * @param options - as for {@link createFieldService}
 * @returns the service and its companies' configuration
 * @internal
 */
export function createServiceCore(options: FieldServiceOptions): ServiceCore<ServiceResponse | Promise<ServiceResponse>>;
export function createServiceCore(options: FieldServiceOptions): ServiceCore<ServiceResponse | Promise<ServiceResponse>> {
  const secrets = options.secrets ?? options.storage?.secrets ?? digestSecrets();
  const limits = options.loginThrottle ?? LOGIN_THROTTLE;
  const loaded = loadFixture(options.fixture, secrets);
  const clock = options.now ?? ((): Date => new Date());
  const newIdSource = options.newId ?? ((): string => globalThis.crypto.randomUUID());
  const newToken = options.newToken ?? defaultNewToken;
  const router: Router = createRouter(compileRoutes(apiRoutes));
  // The operations a journal holds (JRN-2 filters by them): every write but the login.
  const writeOperations: readonly string[] = apiRoutes.filter(isJournaledWrite).map((r) => r.operation);
  const storage = options.storage;
  // One request route for both storages: the in-memory one answers at once, so `handle` does too.
  const asked = options.journal?.retention ?? DEFAULT_JOURNAL_RETENTION;
  const retention = Number.isSafeInteger(asked) && asked >= 0 ? asked : DEFAULT_JOURNAL_RETENTION;
  const memory = storage === undefined ? memoryStorage(loaded, retention) : undefined;
  // A journal that keeps nothing (in memory, retention 0) is not built, but for a write with an
  // idempotency key, whose answer is remembered (IDM-1).
  const journaling = memory === undefined || retention > 0;
  const port: RequestPort = memory ?? (storage as FieldStorage);
  const companies: ReadonlyMap<Guid, CompanyState> = memory?.states ?? new Map<Guid, CompanyState>(loaded.map((c) => [c.id, c]));
  // Decisions draw GUIDs only once they have succeeded, so a refusal uses none; a dry run
  // uses those of the answer it previews (docs/decisions.md).
  const newId = (): Guid => guid(newIdSource());
  const now = (): Instant => clock().getTime();

  /** Matches the route: an answer when no route takes the request, else what the operation needs. */
  function routeOf(request: ServiceRequest): ServiceResponse | Routed {
    const method = typeof request.method === "string" ? request.method.toUpperCase() : "";
    const target = splitTarget(typeof request.path === "string" ? request.path : "");
    const match = matchRoute(router, method, target.path);
    if (match.kind === "notFound") return refused([issue("NotFound", "", "ERR-2", "No such route (ERR-2), or a path segment that must be a GUID is not one (GEN-2).")]);
    if (match.kind === "methodNotAllowed") {
      const allow = match.allowed.join(", ");
      return { ...refused([issue("MethodNotAllowed", "", "ERR-2", `This path accepts ${allow} only (ERR-2).`)]), headers: { allow } };
    }
    const dryRunRead = dryRunOf(method, target.query);
    return {
      route: match.route,
      params: match.params,
      query: target.query,
      dryRunRead,
      dryRun: dryRunRead.ok && dryRunRead.value,
      hasBody: Object.hasOwn(request, "body"),
      body: Object.hasOwn(request, "body") ? request.body : undefined,
      method,
      path: target.path,
    };
  }

  /**
   * The pure part of an authenticated operation, on a company (the whole in-memory state or
   * a storage's view): finds the path's records, runs the handler, and says what to write and,
   * for a write, what to journal (JRN-1). A write whose idempotency key has a recorded answer
   * is answered from it (IDM-1, IDM-2), decides nothing and journals nothing.
   */
  function work(
    company: CompanyState,
    routed: Routed,
    prepared: PreparedOperation<ParamName>,
    at: Instant,
    write: WriteContext | undefined,
    recorded: RecordedAnswer | undefined,
  ): Outcome {
    if (recorded !== undefined && write !== undefined && write.fingerprint !== null) return { result: repeated(recorded, write.fingerprint) };
    const { route, dryRun } = routed;
    // The GUIDs this decision draws, recorded so that a replay gives it the same ones.
    let drawn: Guid[] | undefined;
    const found = resolveRecords(company, route, routed.params);
    if ("status" in found) return journaled(found as ServiceResponse, found as ServiceResponse, undefined, company, routed, at, write, NONE, NONE);
    const ctx: HandlerContext<ParamName> = {
      company,
      records: found as HandlerContext<ParamName>["records"],
      now: at,
      newId: write === undefined ? newId : (): Guid => {
        const id = newId();
        (drawn ??= []).push(id);
        return id;
      },
      actor: company.apiUser,
    };
    const reply: Reply = prepared.decide(ctx);
    const foundRecords = Object.values(found) as { id: Guid; externalId: string | null }[];
    if (reply.status >= 400) {
      const result: ServiceResponse = Object.hasOwn(reply, "body") ? { status: reply.status, body: reply.body, effects: [] } : { status: reply.status, effects: [] };
      return journaled(result, reply, undefined, company, routed, at, write, drawn ?? NONE, foundRecords);
    }
    // Answers never alias state: the body is a fresh deep copy (bounded by the input limits), the
    // effects are frozen in place (their recipient lists may be shared: copying them would
    // multiply memory by the number of interventions an order cancel touches).
    const effects = freezeEffects(reply.effects ?? []);
    const marker = dryRun ? { dryRun: true as const } : {};
    // The route table says what a success answers (UPS-9: 204 for both add-or-edits).
    const status = route.success;
    const result: ServiceResponse =
      Object.hasOwn(reply, "body") && reply.body !== undefined ? { status, body: copyJson(reply.body), effects, ...marker } : { status, effects, ...marker };
    return journaled(result, { status, body: reply.body, effects }, reply.changes, company, routed, at, write, drawn ?? NONE, foundRecords);
  }

  /** The outcome of a decided operation, with its journal entry when it is a write (JRN-1). */
  function journaled(
    result: ServiceResponse,
    answer: { readonly status: number; readonly body?: unknown; readonly effects?: readonly Effect[] },
    changes: Changes | undefined,
    company: CompanyState,
    routed: Routed,
    at: Instant,
    write: WriteContext | undefined,
    drawn: readonly Guid[],
    found: readonly { id: Guid; externalId: string | null }[],
  ): Outcome {
    if (write === undefined) return { result, changes };
    const draft = journalDraft({
      companyId: company.id,
      at,
      operation: routed.route.operation,
      method: routed.method,
      path: routed.path,
      form: routed.route.form,
      params: routed.params as readonly JournalParam[],
      dryRun: routed.dryRun,
      bodyText: write.bodyText,
      clientId: write.clientId,
      userId: company.apiUser.id,
      idempotencyKey: write.idempotencyKey,
      ids: drawn,
      status: answer.status,
      answer: answer.body,
      effects: answer.effects ?? [],
      changes: changes === undefined ? NONE : recordChanges(company, changes),
      found,
    });
    // JSON once (issue 33): a database storage keeps the answer's text in the journal entry, and
    // the HTTP adapter sends the same text (answerText) instead of writing the body again.
    if (memory !== undefined || answer.body === undefined) return { result, changes, journal: { draft, fingerprint: write.fingerprint } };
    const text = JSON.stringify(answer.body);
    if (result.body !== undefined) answerTexts.set(result, text);
    return { result, changes, journal: { draft, fingerprint: write.fingerprint, answerText: text } };
  }

  /** A write whose key has a recorded answer: that answer again (IDM-1), or 422 for another request (IDM-2). */
  function repeated(recorded: RecordedAnswer, fingerprint: string): ServiceResponse {
    const decided = idempotentRepeat(recorded.fingerprint, fingerprint);
    if (decided.kind === "mismatch") return refused(decided.issues.issues);
    const marker = recorded.dryRun && recorded.status < 400 ? { dryRun: true as const } : {};
    const headers = { "idempotent-replayed": "true" };
    return recorded.answer === undefined
      ? { status: recorded.status, effects: [], headers, ...marker }
      : { status: recorded.status, body: copyJson(recorded.answer), effects: [], headers, ...marker };
  }

  /**
   * A login: the throttle first (CRD-2, CRD-3: a blocked login is answered 429 without hashing),
   * then the configuration decides (AUTH-1) with the secret checked against the stored form
   * (CRD-1: off the event loop on a storage, when the hasher can); a failure is counted under
   * the login's keys, a success clears its client's count and the storage keeps the token,
   * unless a dry run. A dry run is throttled and counted like any login (a guesser could
   * otherwise use it), but changes nothing when it succeeds.
   */
  function logIn(request: ServiceRequest, routed: Routed, configs: readonly CompanyState[], at: Instant): Awaitable<ServiceResponse> {
    if (!routed.dryRunRead.ok) return refused(routed.dryRunRead.issues);
    const parsed = parseLoginRequest(routed.body);
    if (!parsed.ok) return refused(parsed.issues);
    const credentials = parsed.value;
    const address = typeof request.remoteAddress === "string" ? request.remoteAddress : undefined;
    const keys = loginKeys(credentials, address);
    const counted = keys.address === undefined ? [keys.client] : [keys.client, keys.address];
    return then(port.loginFailures(counted), (windows) => {
      const blocked = loginThrottle(windows[0], windows[1], at, limits);
      if (blocked !== undefined) return { ...refused(blocked.issues), headers: { "retry-after": String(blocked.retryAfter) } };
      const candidate = findLoginClient(configs, credentials);
      const check = candidate === undefined ? false : memory === undefined && secrets.verifyAsync !== undefined
        ? secrets.verifyAsync(credentials.secret, candidate.client.secretHash)
        : secrets.verify(credentials.secret, candidate.client.secretHash);
      return then(check, (verdict) => {
        // The verdict on the one client that can match, computed above (maybe asynchronously).
        const decision = login(configs, routed.body, at, newToken, (_secret, stored) => verdict && stored === candidate?.client.secretHash);
        if (!decision.ok) {
          const answer = refused(decision.issues);
          return then(port.recordLoginFailure(counted, at, limits.windowMs), () => answer);
        }
        const answer: ServiceResponse = { status: routed.route.success, body: decision.value, effects: [] };
        if (routed.dryRun) return answer;
        const saved = (): Awaitable<ServiceResponse> => then(port.saveToken(decision.token), () => answer);
        // Only a client with failures counted has anything to clear: a plain login costs no write for it.
        return windows[0] === undefined ? saved() : then(port.clearLoginFailures(keys.client), saved);
      });
    });
  }

  /** Any other operation: authenticate (AUTH-2 to AUTH-4), then one storage run of the pure work. */
  function operate(request: ServiceRequest, routed: Routed, configs: readonly CompanyState[], at: Instant): Awaitable<ServiceResponse> {
    const text = bearerToken(request.headers);
    return then(text === undefined ? undefined : port.findToken(text, at), (found) => {
      const table: TokenTable<CompanyState> = {
        token: (t) => (t === text ? found : undefined),
        company: (id) => (memory === undefined ? configs.find((c) => c.id === id) : companies.get(id)),
      };
      const auth = authenticate(request.headers, table, at);
      if (!auth.ok) return refused(auth.issues);
      if (!routed.dryRunRead.ok) return refused(routed.dryRunRead.issues);
      const companyId = auth.value.company.id;
      const operation = routed.route.operation as Exclude<typeof routed.route.operation, "login">;
      const kind = operationKind(operation);
      if (kind === "journal") {
        const query = parseJournalQuery(routed.query, writeOperations);
        if (!query.ok) return refused(query.issues);
        return then(port.readJournal(companyId, query.value), (page): ServiceResponse => ({ status: 200, body: page, effects: [] }));
      }
      if (kind === "sync") {
        const query = parseSyncQuery(routed.query, auth.value.company.users);
        if (!query.ok) return refused(query.issues);
        const { scope, since } = query.value;
        const cursor = since === null ? null : decodeSyncCursor(since);
        if (cursor === undefined) return refused([issue("InvalidText", "since", "SYN-1", "since is not a cursor this service wrote: send the cursor of a previous answer as given, or leave it out for a full answer (SYN-1).")]);
        return then(port.sync(companyId, { scope, since: cursor }), (answer): ServiceResponse => ({ status: 200, body: answer, effects: [] }));
      }
      const handled = operation as HandledOperation;
      let write: WriteContext | undefined;
      if (isJournaledWrite(routed.route)) {
        const key = readIdempotencyKey(request.headers);
        if (!key.ok) return refused(key.issues);
        if (journaling || key.value !== undefined) {
          // The body's JSON text, once: the journal keeps it and the key's fingerprint reads it.
          const bodyText = routed.hasBody ? jsonText(routed.body) : undefined;
          write = {
            clientId: auth.value.token.clientId ?? null,
            idempotencyKey: key.value ?? null,
            fingerprint: key.value === undefined ? null : requestFingerprint({ operation: handled, form: routed.route.form, params: routed.params, dryRun: routed.dryRun, bodyText }),
            bodyText,
          };
        }
      }
      // The request's body and query are read once, here: the decision and what it loads both
      // come from that reading.
      const prepared = operationOf(handled).prepare({ body: routed.body, query: routed.query }, auth.value.company);
      const stored: StoredOperation = {
        companyId,
        operation: handled,
        form: routed.route.form,
        params: routed.params,
        body: routed.body,
        query: routed.query,
        dryRun: routed.dryRun,
        // The in-memory storage holds every record and reads no loads: not computed for it.
        loads: memory === undefined ? prepared.loads() : NOTHING,
        at,
        idempotencyKey: write?.idempotencyKey ?? null,
      };
      if (kind === "listing") return port.readListing(stored, (view) => work(view, routed, prepared, at, undefined, undefined).result);
      return decideAndCommit(stored, (view, recorded) => work(view, routed, prepared, at, write, recorded), (view, recorded, error) => {
        // A GEN-4 refusal that only a database's unique constraint found (after a second
        // decision) is a decision too: journaled with no changes (JRN-1), and remembered under
        // the write's key like any answer (IDM-1).
        if (recorded !== undefined && write !== undefined && write.fingerprint !== null) return { result: repeated(recorded, write.fingerprint) };
        const refusal = duplicateRefusal(error);
        const found = resolveRecords(view, routed.route, routed.params);
        const named = "status" in found ? NONE : (Object.values(found) as { id: Guid; externalId: string | null }[]);
        return journaled(refusal, refusal, undefined, view, routed, at, write, NONE, named);
      });
    });
  }

  /**
   * The route of a decision, top-down: load the view (with the versions it was read at), decide
   * (pure), commit. A read, and a repeat answered from an idempotency key, commit nothing. A
   * commit that finds the view stale (a concurrent write changed what the decision read) is
   * decided again on a fresh view after a short jittered wait, at most `port.attempts` times
   * (then 503); an external ID that a unique constraint refused (GEN-4) is decided once more,
   * and refused by `taken` if the constraint refuses it again.
   */
  function decideAndCommit(
    stored: StoredOperation,
    decide: (view: CompanyState, recorded: RecordedAnswer | undefined) => Outcome,
    taken: (view: CompanyState, recorded: RecordedAnswer | undefined, error: DuplicateExternalIdError) => Outcome,
  ): Awaitable<ServiceResponse> {
    // The first unique refusal seen, then (seen twice) the one the answer refuses with.
    let duplicate: DuplicateExternalIdError | undefined;
    let refusing: DuplicateExternalIdError | undefined;
    const attempt = (n: number, stale: LoadedView | undefined): Awaitable<ServiceResponse> =>
      then(port.load(stored, stale), (loaded) => {
        let outcome: Outcome;
        try {
          outcome = refusing === undefined ? decide(loaded.view, loaded.recorded) : taken(loaded.view, loaded.recorded, refusing);
        } catch (error) {
          // A decision that throws is a bug (500); what the view holds (a connection) is still released.
          return then(port.release(loaded), () => Promise.reject(error));
        }
        if (outcome.changes === undefined && outcome.journal === undefined) return then(port.release(loaded), () => outcome.result);
        return then(port.commit(stored, loaded, outcome), (verdict): Awaitable<ServiceResponse> => {
          if (verdict.kind === "committed") return outcome.result;
          if (verdict.kind === "taken") {
            // Once: a concurrent commit took the key, and the next decision sees that record and
            // refuses by the rules. Twice: the rules do not see what the constraint does (two keys
            // the decision tells apart and the database does not): GEN-4's refusal, journaled.
            if (duplicate !== undefined) refusing = verdict.error;
            duplicate = verdict.error;
          }
          if (n >= port.attempts) throw new StorageUnavailableError(`${n} decisions of one request found their view stale: concurrent writes kept changing what it reads`);
          return pause(n).then(() => attempt(n + 1, loaded));
        });
      });
    return attempt(1, undefined);
  }

  // With a storage: open it once (tables, seeding); every request waits for it. A failed open
  // is forgotten, so the next request tries again: a database that comes back is served
  // without a restart.
  let opened: Promise<void> | undefined;
  const open = (): Promise<void> => {
    if (opened !== undefined) return opened;
    const attempt = storage === undefined ? Promise.resolve() : storage.open(options.fixture, loaded);
    opened = attempt;
    attempt.catch(() => {
      if (opened === attempt) opened = undefined;
    });
    return attempt;
  };

  function dispatch(request: ServiceRequest): Awaitable<ServiceResponse> {
    return then(storage === undefined ? undefined : open(), () => {
      const routed = routeOf(request);
      if ("status" in routed) return routed;
      const at = now();
      // The configuration (clients, users, catalogs) is what login and authentication read.
      return then(port.companies(), (configs) => (routed.route.operation === "login" ? logIn(request, routed, configs, at) : operate(request, routed, configs, at)));
    });
  }

  const onInternalError = options.onInternalError ?? ((error: unknown, incidentId: string): void => {
    console.error(`field-service-rules: internal error, incident ${incidentId}:`, error instanceof Error ? error.stack : error);
  });

  function internal(error: unknown): ServiceResponse {
    // Unreachable by design (the totality property checks it): a handler that throws is a
    // bug, or the storage failed. The client gets an opaque incident ID; the error itself goes
    // to the server log.
    const incidentId = globalThis.crypto.randomUUID();
    try {
      onInternalError(error, incidentId);
    } catch {
      // A failing logger must not turn a 500 into a throw.
    }
    return {
      status: 500,
      body: { ...problem(500, [edgeIssue("InternalError", `Internal error, incident ${incidentId}; the server log has the details.`)]), incidentId },
      effects: [],
    };
  }

  const onUnavailable = options.onUnavailable ?? ((error: unknown): void => {
    console.error(`field-service-rules: storage unavailable, answered 503: ${error instanceof Error ? error.message : String(error)}`);
  });

  /**
   * What a storage's rejection answers: 400 for an external ID a unique constraint refused
   * again on re-run (GEN-4), 503 with `Retry-After` when the storage cannot serve now (not the
   * input's fault, not a bug), 500 for anything else (a bug).
   */
  function failed(error: unknown): ServiceResponse {
    if (error instanceof DuplicateExternalIdError) return duplicateRefusal(error);
    if (error instanceof StorageUnavailableError || error instanceof StorageSetupError) {
      try {
        onUnavailable(error);
      } catch {
        // A failing logger must not turn a 503 into a throw.
      }
      return {
        status: 503,
        body: problem(503, [edgeIssue("Unavailable", `The service cannot reach its storage right now; nothing is wrong with the request: retry after ${RETRY_AFTER_SECONDS} s.`)]),
        effects: [],
        headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
      };
    }
    return internal(error);
  }

  // A JavaScript caller may pass anything; treat a non-object as an empty request (404).
  const requestOf = (request: unknown): ServiceRequest => (typeof request === "object" && request !== null ? (request as ServiceRequest) : { method: "", path: "" });

  return {
    companies,
    storage,
    handle(request: ServiceRequest): ServiceResponse | Promise<ServiceResponse> {
      try {
        const answer = dispatch(requestOf(request));
        return answer instanceof Promise ? answer.catch(failed) : answer;
      } catch (error) {
        return internal(error);
      }
    },
    ready: open,
    close: async (): Promise<void> => {
      if (storage !== undefined) await storage.close();
    },
  };
}

// The service's composition: `createFieldService` and `createServiceCore` wire the route table,
// the login, authentication and the handlers over one storage port. The pieces it composes have
// their own rooms: the answers it writes itself (answer.ts), the path's records
// (path-records.ts), the journal of a write (journal-on-write.ts), the load-decide-commit loop
// (decide-and-commit.ts), the routed request (routed.ts) and the entry point's types
// (entry-point.ts).
import { isJournaledWrite } from "../api/operation.js";
import { compileRoutes, createRouter, apiRoutes, type Router } from "../api/routes.js";
import { findLoginClient, login, parseLoginRequest } from "../auth/login.js";
import { digestSecrets } from "../auth/secret.js";
import { LOGIN_THROTTLE, loginKeys, loginThrottle } from "../auth/throttle.js";
import { authenticate, bearerToken, defaultNewToken, type TokenTable } from "../auth/token.js";
import { readIdempotencyKey, requestFingerprint } from "../journal/idempotency.js";
import { DEFAULT_JOURNAL_RETENTION, type RecordedAnswer } from "../journal/memory.js";
import { parseJournalQuery } from "../journal/query.js";
import { guid, type Guid } from "../shared/guid.js";
import { issue } from "../shared/issue.js";
import type { Instant } from "../shared/time.js";
import { decodeSyncCursor } from "../sync/cursor.js";
import { parseSyncQuery } from "../sync/query.js";
import { copyJson, duplicateRefusal, failedAnswer, freezeEffects, internalAnswer, refused, type FailureListeners } from "./answer.js";
import type { HandlerContext, ParamName, PreparedOperation, Reply } from "./context.js";
import { andThen, decideAndCommit } from "./decide-and-commit.js";
import { groupCommitter, groupKey, type Decide, type Taken } from "./group-commit.js";
import type { FieldService, FieldServiceOptions, ServiceRequest, ServiceResponse } from "./entry-point.js";
import { loadFixture } from "./fixture.js";
import { journaled, jsonText, NONE, repeated, type Outcome, type WriteContext } from "./journal-on-write.js";
import { NOTHING } from "./loads.js";
import { memoryStorage } from "./memory.js";
import { resolveRecords } from "./path-records.js";
import { routeOf, type Routed } from "./routed.js";
import { operationOf, type HandledOperation } from "./router.js";
import type { CompanyState } from "./state.js";
import type { Awaitable, FieldStorage, RequestPort, StoredOperation } from "./storage.js";

export { defaultNewToken };

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
  // JSON once (issue 33): a database storage keeps each write's answer as text.
  const keepText = memory === undefined;
  const port: RequestPort = memory ?? (storage as FieldStorage);
  const group = port.groupCommit === true ? groupCommitter(port, (stored, decide, taken) => decideAndCommit(port, stored, decide, taken)) : undefined;
  const companies: ReadonlyMap<Guid, CompanyState> = memory?.states ?? new Map<Guid, CompanyState>(loaded.map((c) => [c.id, c]));
  // Decisions draw GUIDs only once they have succeeded, so a refusal uses none; a dry run
  // uses those of the answer it previews (docs/decisions.md).
  const newId = (): Guid => guid(newIdSource());
  const now = (): Instant => clock().getTime();

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
    if ("status" in found) return journaled({ result: found as ServiceResponse, answer: found as ServiceResponse, changes: undefined, company, routed, at, write, drawn: NONE, found: NONE }, keepText);
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
      return journaled({ result, answer: reply, changes: undefined, company, routed, at, write, drawn: drawn ?? NONE, found: foundRecords }, keepText);
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
    return journaled({ result, answer: { status, body: reply.body, effects }, changes: reply.changes, company, routed, at, write, drawn: drawn ?? NONE, found: foundRecords }, keepText);
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
    return andThen(port.loginFailures(counted), (windows) => {
      const blocked = loginThrottle(windows[0], windows[1], at, limits);
      if (blocked !== undefined) return { ...refused(blocked.issues), headers: { "retry-after": String(blocked.retryAfter) } };
      const candidate = findLoginClient(configs, credentials);
      const check = candidate === undefined ? false : memory === undefined && secrets.verifyAsync !== undefined
        ? secrets.verifyAsync(credentials.secret, candidate.client.secretHash)
        : secrets.verify(credentials.secret, candidate.client.secretHash);
      return andThen(check, (verdict) => {
        // The verdict on the one client that can match, computed above (maybe asynchronously).
        const decision = login(configs, routed.body, at, newToken, (_secret, stored) => verdict && stored === candidate?.client.secretHash);
        if (!decision.ok) {
          const answer = refused(decision.issues);
          return andThen(port.recordLoginFailure(counted, at, limits.windowMs), () => answer);
        }
        const answer: ServiceResponse = { status: routed.route.success, body: decision.value, effects: [] };
        if (routed.dryRun) return answer;
        // Only a client with failures counted has anything to clear (CRD-2), in the token's own
        // write: a login answered 503 has done neither.
        return andThen(port.saveToken(decision.token, windows[0] === undefined ? undefined : keys.client), () => answer);
      });
    });
  }

  /** Any other operation: authenticate (AUTH-2 to AUTH-4), then one storage run of the pure work. */
  function operate(request: ServiceRequest, routed: Routed, configs: readonly CompanyState[], at: Instant): Awaitable<ServiceResponse> {
    const text = bearerToken(request.headers);
    return andThen(text === undefined ? undefined : port.findToken(text, at), (found) => {
      const table: TokenTable<CompanyState> = {
        token: (t) => (t === text ? found : undefined),
        company: (id) => (memory === undefined ? configs.find((c) => c.id === id) : companies.get(id)),
      };
      const auth = authenticate(request.headers, table, at);
      if (!auth.ok) return refused(auth.issues);
      if (!routed.dryRunRead.ok) return refused(routed.dryRunRead.issues);
      const companyId = auth.value.company.id;
      const operation = routed.route.operation;
      const kind = routed.route.kind;
      if (kind === "journal") {
        const query = parseJournalQuery(routed.query, writeOperations);
        if (!query.ok) return refused(query.issues);
        return andThen(port.readJournal(companyId, query.value), (page): ServiceResponse => ({ status: 200, body: page, effects: [] }));
      }
      if (kind === "deviceSync") {
        const query = parseSyncQuery(routed.query, auth.value.company.users);
        if (!query.ok) return refused(query.issues);
        const { scope, since } = query.value;
        const cursor = since === null ? null : decodeSyncCursor(since);
        if (cursor === undefined) return refused([issue("InvalidText", "since", "SYN-1", "since is not a cursor this service wrote: send the cursor of a previous answer as given, or leave it out for a full answer (SYN-1).")]);
        return andThen(port.sync(companyId, { scope, since: cursor }), (answer): ServiceResponse => ({ status: 200, body: answer, effects: [] }));
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
      const decide: Decide = (view, recorded) => work(view, routed, prepared, at, write, recorded);
      const taken: Taken = (view, recorded, error) => {
        // A GEN-4 refusal that only a database's unique constraint found (after a second
        // decision) is a decision too: journaled with no changes (JRN-1), and remembered under
        // the write's key like any answer (IDM-1).
        if (recorded !== undefined && write !== undefined && write.fingerprint !== null) return { result: repeated(recorded, write.fingerprint) };
        const refusal = duplicateRefusal(error);
        const found = resolveRecords(view, routed.route, routed.params);
        const named = "status" in found ? NONE : (Object.values(found) as { id: Guid; externalId: string | null }[]);
        return journaled({ result: refusal, answer: refusal, changes: undefined, company: view, routed, at, write, drawn: NONE, found: named }, keepText);
      };
      // A stock write or a customer add may wait for the writes of its company under way in this
      // process, and be committed with the others that waited (a group commit, on a storage that
      // allows it).
      const key = group === undefined ? undefined : groupKey(stored);
      return group === undefined || key === undefined ? decideAndCommit(port, stored, decide, taken) : group(key, stored, decide, taken);
    });
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
    return andThen(storage === undefined ? undefined : open(), () => {
      const routed = routeOf(router, request);
      if ("status" in routed) return routed;
      const at = now();
      // The configuration (clients, users, catalogs) is what login and authentication read.
      return andThen(port.companies(), (configs) => (routed.route.kind === "authentication" ? logIn(request, routed, configs, at) : operate(request, routed, configs, at)));
    });
  }

  const onInternalError = options.onInternalError ?? ((error: unknown, incidentId: string): void => {
    console.error(`field-service-rules: internal error, incident ${incidentId}:`, error instanceof Error ? error.stack : error);
  });

  const onUnavailable = options.onUnavailable ?? ((error: unknown): void => {
    console.error(`field-service-rules: storage unavailable, answered 503: ${error instanceof Error ? error.message : String(error)}`);
  });
  const listeners: FailureListeners = { onInternalError, onUnavailable };

  // A JavaScript caller may pass anything; treat a non-object as an empty request (404).
  const requestOf = (request: unknown): ServiceRequest => (typeof request === "object" && request !== null ? (request as ServiceRequest) : { method: "", path: "" });

  // The answers not given yet (a request on an asynchronous storage): `close` waits for them
  // before it releases the storage, so a request finishes even when its client hung up meanwhile
  // (the HTTP server's `close` callback then comes before the answer).
  const inFlight = new Set<Promise<ServiceResponse>>();

  return {
    companies,
    storage,
    handle(request: ServiceRequest): ServiceResponse | Promise<ServiceResponse> {
      try {
        const answer = dispatch(requestOf(request));
        if (!(answer instanceof Promise)) return answer;
        const settled: Promise<ServiceResponse> = answer.then(
          (response) => {
            inFlight.delete(settled);
            return response;
          },
          (error: unknown) => {
            inFlight.delete(settled);
            return failedAnswer(error, listeners);
          },
        );
        inFlight.add(settled);
        return settled;
      } catch (error) {
        return internalAnswer(error, listeners);
      }
    },
    ready: open,
    close: async (): Promise<void> => {
      // The requests in flight now finish first (each is bounded by the storage's own waits).
      await Promise.allSettled(inFlight);
      if (storage !== undefined) await storage.close();
    },
  };
}

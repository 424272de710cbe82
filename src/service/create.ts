import { problem, refusal } from "../api/problem.js";
import { compileRoutes, createRouter, dryRunOf, findPathRecord, matchRoute, splitTarget, apiRoutes, type CompiledRoute, type PathParam, type Router } from "../api/routes.js";
import { login } from "../auth/login.js";
import { authenticate, defaultNewToken, isTokenValid, type IssuedToken, type RequestHeaders, type TokenTable } from "../auth/token.js";
import { interventionOfOrder } from "../intervention/lifecycle.js";
import type { Effect } from "../notification/effect.js";
import { guid, type Guid } from "../shared/guid.js";
import { issue, type Issue, type NonEmptyArray } from "../shared/issue.js";
import type { Instant } from "../shared/time.js";
import type { HandlerContext, ParamName, PathRecords, Reply } from "./context.js";
import { loadFixture, type Fixture } from "./fixture.js";
import { handlerOf } from "./router.js";
import { commit, type CompanyState, type Table } from "./state.js";

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
}

/** The service's answer (docs/service.md "Entry point"). */
export interface ServiceResponse {
  /** HTTP status; never 500 for any input (ERR-2). */
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
   * (`allow` on a 405, as RFC 9110 §15.5.6 asks). Absent when there are none.
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
   * Told of an internal failure (a bug: ERR-2 says it never happens) with the incident ID the
   * 500 answer carries, so the server log can name it; the client never sees the error text.
   * Default: `console.error` of the incident ID and the stack.
   */
  readonly onInternalError?: (error: unknown, incidentId: string) => void;
}

/** The reference service: one function from request to response. */
export interface FieldService {
  /**
   * Answers one request. Never throws and never answers 500 (ERR-2); a refused request
   * changes nothing and carries no effects (GEN-8).
   */
  readonly handle: (request: ServiceRequest) => ServiceResponse;
}

export { defaultNewToken };

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
      const of = p.name === "intervention" && order !== undefined ? " of this order (INT-8)" : " in this company (GEN-2, AUTH-4)";
      return refused([issue("NotFound", "", `No ${what[p.name]} with the ${form} ${JSON.stringify(p.value)}${of}.`)]);
    }
    found[p.name] = hit;
  }
  return found;
}

function refused(issues: NonEmptyArray<Issue>): ServiceResponse {
  const { status, body } = refusal(issues);
  return { status, body, effects: [] };
}


/**
 * Builds the reference service over a fixture: validates and loads the fixture (throwing
 * one error naming every bad place), then answers requests through the API's route table
 * (`apiRoutes`): it composes the owners of AUTH-1 to AUTH-6 (`login`, `authenticate`), GEN-2
 * (`matchRoute`), INT-8 (`interventionOfOrder`) and ERR-1/ERR-2 (`refusal`) around the
 * domain handlers, and commits a handler's changes only when it succeeded (GEN-8).
 * @param options - the fixture and the injectable clock, GUID and token sources
 * @returns the service
 * @throws Error when the fixture breaks its own rules
 * @example
 * const service = createFieldService({ fixture: demoFixture });
 * service.handle({ method: "GET", path: "/nope" }).status //=> 404
 */
export function createFieldService(options: FieldServiceOptions): FieldService {
  const { handle } = createServiceCore(options);
  return { handle };
}

/** The service with its companies' state exposed, for tests that seed records or check that nothing changed. */
export interface ServiceCore extends FieldService {
  /** Every company's state by GUID (changed only by `commit`). */
  readonly companies: ReadonlyMap<Guid, CompanyState>;
}

/**
 * {@link createFieldService} with its state exposed: tests seed records with `commit` and
 * compare state before and after a refused request (GEN-8).
 * @param options - as for {@link createFieldService}
 * @returns the service and its companies
 * @throws Error when the fixture breaks its own rules
 * @internal
 */
export function createServiceCore(options: FieldServiceOptions): ServiceCore {
  const companies = new Map<Guid, CompanyState>(loadFixture(options.fixture).map((c) => [c.id, c]));
  const clock = options.now ?? ((): Date => new Date());
  const newIdSource = options.newId ?? ((): string => globalThis.crypto.randomUUID());
  const newToken = options.newToken ?? defaultNewToken;
  const router: Router = createRouter(compileRoutes(apiRoutes));
  const tokens = new Map<string, IssuedToken>();
  let loginsSinceSweep = 0;
  // Decisions draw GUIDs only once they have succeeded, so a refusal uses none; a dry run
  // uses those of the answer it previews (docs/decisions.md).
  const newId = (): Guid => guid(newIdSource());
  const now = (): Instant => clock().getTime();
  // An expired token is dropped when it is used, so the map holds only live ones between sweeps.
  const tokenTable = (at: Instant): TokenTable<CompanyState> => ({
    token: (text) => {
      const t = tokens.get(text);
      if (t !== undefined && !isTokenValid(t, at)) tokens.delete(text);
      return t;
    },
    company: (id) => companies.get(id),
  });

  function register(token: IssuedToken, at: Instant): void {
    // Expired tokens can never come back to life: sweep them now and then so memory stays bounded.
    if (++loginsSinceSweep >= 1024) {
      loginsSinceSweep = 0;
      for (const [k, t] of tokens) if (!isTokenValid(t, at)) tokens.delete(k);
    }
    tokens.set(token.token, token);
  }

  function dispatch(request: ServiceRequest): ServiceResponse {
    const method = typeof request.method === "string" ? request.method.toUpperCase() : "";
    const target = splitTarget(typeof request.path === "string" ? request.path : "");
    const match = matchRoute(router, method, target.path);
    if (match.kind === "notFound") return refused([issue("NotFound", "", "No such route (ERR-2), or a path segment that must be a GUID is not one (GEN-2).")]);
    if (match.kind === "methodNotAllowed") {
      const allow = match.allowed.join(", ");
      return { ...refused([issue("MethodNotAllowed", "", `This path accepts ${allow} only (ERR-2).`)]), headers: { allow } };
    }
    const dryRunRead = dryRunOf(method, target.query);
    const dryRun = dryRunRead.ok && dryRunRead.value;
    const body = Object.hasOwn(request, "body") ? request.body : undefined;
    const at = now();
    const { route } = match;

    if (route.operation === "login") {
      if (!dryRunRead.ok) return refused(dryRunRead.issues);
      const decision = login(companies.values(), body, at, newToken);
      if (!decision.ok) return refused(decision.issues);
      if (!dryRun) register(decision.token, at);
      return { status: route.success, body: decision.value, effects: [] };
    }

    const auth = authenticate(request.headers, tokenTable(at), at);
    if (!auth.ok) return refused(auth.issues);
    const company = auth.value.company;
    if (!dryRunRead.ok) return refused(dryRunRead.issues);

    const found = resolveRecords(company, route, match.params);
    if ("status" in found) return found as ServiceResponse;

    const ctx: HandlerContext<ParamName> = {
      company,
      records: found as HandlerContext<ParamName>["records"],
      query: target.query,
      body,
      now: at,
      newId,
      actor: company.apiUser,
    };
    const reply: Reply = handlerOf(route.operation)(ctx);
    if (reply.status >= 400) return Object.hasOwn(reply, "body") ? { status: reply.status, body: reply.body, effects: [] } : { status: reply.status, effects: [] };
    if (!dryRun && reply.changes !== undefined) commit(company, reply.changes);
    // Answers never alias state: the body is a fresh deep copy (bounded by the input limits), the
    // effects are frozen in place (their recipient lists may be shared: copying them would
    // multiply memory by the number of interventions an order cancel touches).
    const effects = freezeEffects(reply.effects ?? []);
    const marker = dryRun ? { dryRun: true as const } : {};
    // The route table says what a success answers (UPS-9: 204 for both add-or-edits).
    const status = route.success;
    return Object.hasOwn(reply, "body") && reply.body !== undefined ? { status, body: copyJson(reply.body), effects, ...marker } : { status, effects, ...marker };
  }

  const onInternalError = options.onInternalError ?? ((error: unknown, incidentId: string): void => {
    console.error(`field-service-rules: internal error, incident ${incidentId}:`, error instanceof Error ? error.stack : error);
  });

  return {
    companies,
    handle(request: ServiceRequest): ServiceResponse {
      try {
        // A JavaScript caller may pass anything; treat a non-object as an empty request (404).
        return dispatch(typeof request === "object" && request !== null ? request : { method: "", path: "" });
      } catch (error) {
        // Unreachable by design (the totality property checks it): a handler that throws is a
        // bug. The client gets an opaque incident ID; the error itself goes to the server log.
        const incidentId = globalThis.crypto.randomUUID();
        try {
          onInternalError(error, incidentId);
        } catch {
          // A failing logger must not turn a 500 into a throw.
        }
        return {
          status: 500,
          body: { ...problem(500, [issue("InternalError", "", `Internal error, incident ${incidentId}; the server log has the details.`)]), incidentId },
          effects: [],
        };
      }
    },
  };
}

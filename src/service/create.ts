import { bearerToken, isTokenValid, type IssuedToken, type RequestHeaders } from "../auth/token.js";
import type { Effect } from "../notification/effect.js";
import { guid, toGuid, type Guid } from "../shared/guid.js";
import { issue } from "../shared/issue.js";
import type { Instant } from "../shared/time.js";
import type { HandlerContext, ParamName, PathRecords, Reply } from "./context.js";
import { loadFixture, type Fixture } from "./fixture.js";
import { login } from "./handlers/auth.js";
import { problem, simpleProblem } from "./problem.js";
import { compileRoutes, createRouter, matchRoute, routes, splitTarget, type CompiledRoute, type PathParam, type Router } from "./router.js";
import { commit, type CompanyState, type Table } from "./state.js";

/** A request to the service, as an HTTP adapter or a test builds it (SERVICE.md "Entry point"). */
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

/** The service's answer (SERVICE.md "Entry point"). */
export interface ServiceResponse {
  /** HTTP status; never 500 (ERR-2). */
  readonly status: number;
  /** JSON body; absent means none (a 204 has none). */
  readonly body?: unknown;
  /** Effects for the embedding server to deliver; empty on refusal (GEN-8). */
  readonly effects: readonly Effect[];
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
}

/** The reference service: one function from request to response. */
export interface FieldService {
  /**
   * Answers one request. Never throws and never answers 500 (ERR-2); a refused request
   * changes nothing and carries no effects (GEN-8).
   */
  readonly handle: (request: ServiceRequest) => ServiceResponse;
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * The default token source: 32 bytes (256 bits) from the Web Crypto generator
 * (`globalThis.crypto`, in Node, browsers and workers alike), base64url without padding.
 * Implements AUTH-5.
 * @returns a fresh token
 * @example
 * defaultNewToken().length //=> 43
 */
export function defaultNewToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += BASE64URL[(n >> (18 - 6 * c)) & 63];
  }
  return out;
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

/** Finds a path's records in the caller's company; a missing one is 404, as is an intervention of another order (INT-8). */
function resolveRecords(company: CompanyState, route: CompiledRoute, params: readonly PathParam[]): Partial<Record<ParamName, unknown>> | ServiceResponse {
  const found: Partial<Record<ParamName, unknown>> = {};
  for (const p of params) {
    const table: Table<PathRecords[ParamName]> = records[p.name](company);
    const hit = route.form === "id" ? table.byId.get(toGuid(p.value) as Guid) : table.byKey.get(p.value);
    if (hit === undefined) {
      const form = route.form === "id" ? "ID" : "external ID";
      return notFound(`No ${what[p.name]} with the ${form} ${JSON.stringify(p.value)} in this company (GEN-2, AUTH-4).`);
    }
    found[p.name] = hit;
  }
  const order = found.order as PathRecords["order"] | undefined;
  const intervention = found.intervention as PathRecords["intervention"] | undefined;
  if (order !== undefined && intervention !== undefined && intervention.orderId !== order.id) {
    return notFound("The intervention does not belong to the order in the path (INT-8).");
  }
  return found;
}

function notFound(message: string): ServiceResponse {
  return { status: 404, body: simpleProblem(404, "NotFound", message), effects: [] };
}

const DRY_RUN = /^(true|false)$/i;

/**
 * Builds the reference service over a fixture: validates and loads the fixture (throwing
 * one error naming every bad place), then answers requests through the route table.
 * Implements AUTH-1 to AUTH-6, GEN-2, GEN-8, ERR-1 and ERR-2 around the domain handlers.
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
  const router: Router = createRouter(compileRoutes(routes));
  const tokens = new Map<string, IssuedToken>();
  let loginsSinceSweep = 0;

  // GUIDs drawn by a request that commits nothing (refused, dry run) go back here and are
  // handed out first, so such a request leaves even the ID sequence as it was (GEN-8), and a
  // dry run shows the GUID the real write will get.
  const unused: Guid[] = [];
  const newId = (): Guid => unused.shift() ?? guid(newIdSource());
  const now = (): Instant => clock().getTime();

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
    if (match.kind === "notFound") return notFound("No such route (ERR-2), or a path segment that must be a GUID is not one (GEN-2).");
    if (match.kind === "methodNotAllowed") {
      return { status: 405, body: simpleProblem(405, "MethodNotAllowed", `This path accepts ${match.allowed.join(", ")} only (ERR-2).`), effects: [] };
    }
    const isWrite = method !== "GET";
    const dryRunText = isWrite ? target.query.get("dryRun") : undefined;
    const badDryRun = dryRunText !== undefined && !DRY_RUN.test(dryRunText);
    const dryRun = dryRunText !== undefined && dryRunText.toLowerCase() === "true";
    const refuseDryRun = (): ServiceResponse => ({ status: 400, body: problem(400, [issue("InvalidEnum", "dryRun", "dryRun is true or false.")]), effects: [] });
    const body = Object.hasOwn(request, "body") ? request.body : undefined;
    const at = now();
    const { route } = match;

    if (route.handler === "login") {
      if (badDryRun) return refuseDryRun();
      const reply = login(companies.values(), body, at, newToken);
      if (reply.token !== undefined && !dryRun) register(reply.token, at);
      return { status: reply.status, body: reply.body, effects: [] };
    }

    const tokenText = bearerToken(request.headers);
    const token = tokenText === undefined ? undefined : tokens.get(tokenText);
    if (token === undefined || !isTokenValid(token, at)) {
      if (token !== undefined) tokens.delete(token.token);
      const why = tokenText === undefined ? "Missing or malformed authorization header; send `authorization: Bearer <token>` (AUTH-2)." : "Unknown or expired token; log in again (AUTH-2, AUTH-3).";
      return { status: 401, body: simpleProblem(401, "NotAuthenticated", why), effects: [] };
    }
    const company = companies.get(token.companyId);
    if (company === undefined) return { status: 401, body: simpleProblem(401, "NotAuthenticated"), effects: [] };
    if (badDryRun) return refuseDryRun();

    const found = resolveRecords(company, route, match.params);
    if ("status" in found) return found as ServiceResponse;

    const drawn: Guid[] = [];
    const ctx: HandlerContext<ParamName> = {
      company,
      records: found as HandlerContext<ParamName>["records"],
      query: target.query,
      body,
      now: at,
      newId: (): Guid => {
        const id = newId();
        drawn.push(id);
        return id;
      },
      actor: company.apiUser,
    };
    const reply: Reply = route.handler(ctx);
    if (reply.status >= 400 || dryRun) unused.unshift(...drawn);
    if (reply.status >= 400) return Object.hasOwn(reply, "body") ? { status: reply.status, body: reply.body, effects: [] } : { status: reply.status, effects: [] };
    if (!dryRun && reply.changes !== undefined) commit(company, reply.changes);
    const effects = reply.effects ?? [];
    return Object.hasOwn(reply, "body") && reply.body !== undefined ? { status: reply.status, body: reply.body, effects } : { status: reply.status, effects };
  }

  return {
    companies,
    handle(request: ServiceRequest): ServiceResponse {
      try {
        // A JavaScript caller may pass anything; treat a non-object as an empty request (404).
        return dispatch(typeof request === "object" && request !== null ? request : { method: "", path: "" });
      } catch (error) {
        // Unreachable by design (the totality property checks it): a handler that throws is a bug.
        return { status: 500, body: { type: "about:blank", title: "Internal Server Error", status: 500, detail: String(error) }, effects: [] };
      }
    },
  };
}

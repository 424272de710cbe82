import { isGuid, toGuid, type Guid } from "../shared/guid.js";
import { fail, issue, ok, type Result } from "../shared/issue.js";
import type { RefIndex } from "../shared/reference.js";
import { isAddressableExternalId } from "../shared/text.js";
import type { Method, OperationKind, ParamsOf, PathParamName } from "./operation.js";
import { apiOperations } from "./operations.js";
import type { ApiOperations, OperationId } from "./operations.generated.js";

/** The path placeholders of an operation (`"order" | "intervention"` for `"replanIntervention"`). */
export type OperationParams<O extends OperationId> = ParamsOf<ApiOperations[O]["path"]> & PathParamName;

/**
 * {@link apiOperations} as a list of route definitions, in table order.
 * @example
 * apiRoutes.find((r) => r.operation === "addOrEditCustomer")?.success //=> 204
 */
export const apiRoutes: readonly RouteDef[] = (Object.keys(apiOperations) as OperationId[]).map((operation) => {
  const { method, path, success, kind } = apiOperations[operation];
  return { operation, method, path, success, kind };
});

/** A route definition as the route compiler (`compileRoutes`) reads it. */
export interface RouteDef {
  /** Upper-case method. */
  readonly method: Method;
  /** Path template, e.g. `/order/{order}/intervention/{intervention}/Replan`. */
  readonly path: string;
  /** The operation it answers. */
  readonly operation: OperationId;
  /** The status of a successful answer. */
  readonly success: 200 | 201 | 204;
  /** How the service routes it. */
  readonly kind: OperationKind;
}

/** One segment of a compiled path: a literal (lower-cased) or a placeholder. 
 * @internal
 */
export type Segment =
  | {
      /** A literal segment, lower-cased (literals match in any case). */
      readonly literal: string;
    }
  | {
      /** A placeholder. */
      readonly param: PathParamName;
    };

/** A compiled route: one ID form of one route definition. 
 * @internal
 */
export interface CompiledRoute {
  /** Upper-case method. */
  readonly method: Method;
  /** The template it came from (the GUID form), for reports. */
  readonly template: string;
  /** `id`: placeholders take GUIDs; `externalId`: they take external IDs (GEN-2). */
  readonly form: "id" | "externalId";
  /** The segments. */
  readonly segments: readonly Segment[];
  /** The operation it answers. */
  readonly operation: OperationId;
  /** The status of a successful answer. */
  readonly success: 200 | 201 | 204;
  /** How the service routes it. */
  readonly kind: OperationKind;
}

const PARAM = /^\{(customer|order|intervention|material|store|toStore)\}$/;

function compile(def: RouteDef): CompiledRoute[] {
  const parts = def.path.split("/").slice(1);
  const segments = parts.map((p): Segment => {
    const m = PARAM.exec(p);
    if (m !== null) return { param: m[1] as PathParamName };
    if (p.includes("{")) throw new Error(`Unknown placeholder in route ${def.path}`);
    return { literal: p.toLowerCase() };
  });
  const base = { method: def.method, template: def.path, operation: def.operation, success: def.success, kind: def.kind };
  const out: CompiledRoute[] = [{ ...base, form: "id", segments }];
  if (segments.some((s) => "param" in s)) {
    const twin: Segment[] = [segments[0] as Segment, { literal: "externalid" }];
    for (let i = 1; i < segments.length; i++) twin.push(segments[i] as Segment);
    out.push({ ...base, form: "externalId", segments: twin });
  }
  return out;
}

/**
 * Compiles route definitions into matchable routes, each with its external-ID twin (one
 * path never mixes the two forms, so the twin takes external IDs for every placeholder).
 * @param defs - the routes
 * @returns the compiled routes
 * @throws Error when a route is declared twice or names an unknown placeholder (a programmer error)
 * @example
 * compileRoutes([{ method: "GET", path: "/order/{order}", operation: "readOrder", success: 200, kind: "decision" }]).length //=> 2
 * @internal
 */
export function compileRoutes(defs: readonly RouteDef[]): CompiledRoute[] {
  const out: CompiledRoute[] = [];
  const seen = new Set<string>();
  for (const def of defs) {
    const key = `${def.method} ${def.path.toLowerCase()}`;
    if (seen.has(key)) throw new Error(`Route declared twice: ${key}`);
    seen.add(key);
    for (const r of compile(def)) out.push(r);
  }
  return out;
}

/** A path placeholder's value as sent, with its form. 
 * @internal
 */
export interface PathParam {
  /** The placeholder. */
  readonly name: PathParamName;
  /** The decoded segment: a GUID (form `id`) or an external ID (form `externalId`). */
  readonly value: string;
}

/** The outcome of routing a request. 
 * @internal
 */
export type RouteMatch =
  | {
      /** A route answers this method and path. */
      readonly kind: "route";
      /** The route. */
      readonly route: CompiledRoute;
      /** Its placeholders' values, in path order. */
      readonly params: readonly PathParam[];
    }
  | {
      /** The path is known but not with this method (405). */
      readonly kind: "methodNotAllowed";
      /** The methods the path accepts. */
      readonly allowed: readonly Method[];
    }
  | {
      /** No route has this path, or an `{id}` segment is not a GUID (404, GEN-2). */
      readonly kind: "notFound";
    };

/** A router: routes grouped by segment count for quick matching. 
 * @internal
 */
export interface Router {
  /** Compiled routes by number of segments. */
  readonly byLength: ReadonlyMap<number, readonly CompiledRoute[]>;
}

/**
 * Builds a router over compiled routes.
 * @param compiled - the routes
 * @returns the router
 * @example
 * matchRoute(createRouter(compileRoutes(apiRoutes)), "GET", "/order/nope").kind //=> "notFound"
 * @internal
 */
export function createRouter(compiled: readonly CompiledRoute[]): Router {
  const byLength = new Map<number, CompiledRoute[]>();
  for (const r of compiled) {
    const list = byLength.get(r.segments.length) ?? [];
    list.push(r);
    byLength.set(r.segments.length, list);
  }
  return { byLength };
}

function decodeSegments(path: string): string[] | undefined {
  let p = path.startsWith("/") ? path.slice(1) : path;
  if (p.endsWith("/")) p = p.slice(0, -1);
  const out: string[] = [];
  for (const s of p.split("/")) {
    try {
      out.push(decodeURIComponent(s));
    } catch {
      return undefined;
    }
  }
  return out;
}

/**
 * Matches a method and path (without query) to a route. Literal segments match in any
 * case; a placeholder of the GUID form matches only a GUID, one of the external-ID form any
 * segment that an external ID can be (TXT-2: so `..`, U+0000 or a blank one finds nothing);
 * a path that matches no route is 404 and a known path with another
 * method 405 (ERR-2). Percent-encoding is decoded per segment; a malformed one is 404.
 * Never throws.
 * @param router - the router
 * @param method - the method, upper-case
 * @param path - the path, without its query
 * @returns the route and its placeholders, or why none answers
 * @rule GEN-2
 * @example
 * const router = createRouter(compileRoutes(apiRoutes));
 * matchRoute(router, "DELETE", "/order/3f2504e0-4f89-11d3-9a0c-0305e82c3301").kind //=> "methodNotAllowed"
 * matchRoute(router, "GET", "/order/externalId/ORD-1").kind //=> "route"
 * @internal
 */
export function matchRoute(router: Router, method: string, path: string): RouteMatch {
  const segments = decodeSegments(path);
  if (segments === undefined) return { kind: "notFound" };
  const candidates = router.byLength.get(segments.length) ?? [];
  // In table order, each method once.
  const allowed = new Set<Method>();
  for (const r of candidates) {
    const params: PathParam[] = [];
    let matches = true;
    for (let i = 0; i < segments.length && matches; i++) {
      const s = segments[i] as string;
      const t = r.segments[i] as Segment;
      if ("literal" in t) matches = s.toLowerCase() === t.literal;
      else if (r.form === "id" ? isGuid(s) : isAddressableExternalId(s)) params.push({ name: t.param, value: s });
      else matches = false;
    }
    if (!matches) continue;
    if (r.method === method) return { kind: "route", route: r, params };
    allowed.add(r.method);
  }
  return allowed.size > 0 ? { kind: "methodNotAllowed", allowed: Array.from(allowed) } : { kind: "notFound" };
}

/**
 * Finds the record a path placeholder names, in the form the route uses: by GUID for the
 * `id` form, by external ID for the `externalId` form (never a mix, GEN-2 through
 * {@link matchRoute}). Not found means 404.
 * @param index - the caller's company's records of that kind
 * @param form - the route's form
 * @param value - the placeholder's decoded value
 * @returns the record, or `undefined` (404)
 * @example
 * const orders = refIndex([openOrder], (o) => o.id, (o) => o.externalId);
 * findPathRecord(orders, "externalId", "ORD-1") === openOrder //=> true
 * findPathRecord(orders, "id", "ORD-1") //=> undefined
 * @internal
 */
export function findPathRecord<T>(index: RefIndex<T>, form: CompiledRoute["form"], value: string): T | undefined {
  return form === "id" ? index.byId.get(toGuid(value) as Guid) : index.byKey.get(value);
}

/** A request target split into its path and its query. 
 * @internal
 */
export interface RequestTarget {
  /** The path, without query or fragment. */
  readonly path: string;
  /** The query parameters: the first value of each name, decoded. */
  readonly query: ReadonlyMap<string, string>;
}

/**
 * Splits a request path into the path and its query, parsing the query once: the first
 * value of each name, decoded (`+` is a space). Never throws.
 * @param target - the request path, possibly with `?query`
 * @returns the path and the query parameters
 * @example
 * splitTarget("/store/x?page=1&page=2").query.get("page") //=> "1"
 * @internal
 */
export function splitTarget(target: string): RequestTarget {
  const hash = target.indexOf("#");
  const t = hash < 0 ? target : target.slice(0, hash);
  const q = t.indexOf("?");
  const query = new Map<string, string>();
  if (q < 0) return { path: t, query };
  for (const [k, v] of new URLSearchParams(t.slice(q + 1))) {
    if (!query.has(k)) query.set(k, v);
  }
  return { path: t.slice(0, q), query };
}

/**
 * Reads the `dryRun` query parameter of a request: on a write, `true` or `false` in any
 * case (left out: `false`), anything else `InvalidEnum` at `dryRun`; a GET ignores it. A
 * dry run answers what the write would answer and commits nothing (docs/service.md).
 * @param method - the request method, upper-case
 * @param query - the parsed query
 * @returns whether the request is a dry run, or the issue
 * @example
 * dryRunOf("POST", new Map([["dryRun", "TRUE"]])) //=> { ok: true, value: true }
 * dryRunOf("GET", new Map([["dryRun", "maybe"]])) //=> { ok: true, value: false }
 * @internal
 */
export function dryRunOf(method: string, query: ReadonlyMap<string, string>): Result<boolean> {
  const text = method === "GET" ? undefined : query.get("dryRun");
  if (text === undefined) return ok(false);
  if (!DRY_RUN.test(text)) return fail([issue("InvalidEnum", "dryRun", "ERR-2", "dryRun is true or false.")]);
  return ok(text.toLowerCase() === "true");
}

const DRY_RUN = /^(true|false)$/i;

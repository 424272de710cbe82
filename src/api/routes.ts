import { isGuid, toGuid, type Guid } from "../shared/guid.js";
import type { RefIndex } from "../shared/reference.js";

/** The placeholder names a route path may hold (`/order/{order}`), one per kind of record. */
export type PathParamName = "customer" | "order" | "intervention" | "material" | "store" | "toStore";

/** The placeholder names of a route path template, as a union (`"order" | "intervention"`). */
export type ParamsOf<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | ParamsOf<Rest> : never;

/** HTTP methods the API routes. */
export type Method = "GET" | "POST" | "PUT";

/**
 * Every route of the HTTP interface as data: method, path template and operation name.
 * Each route with placeholders also answers its external-ID twin (`/order/externalId/{…}/…`),
 * added by {@link compileRoutes}. A server binds each operation to its handler; a client or
 * an OpenAPI generator reads the same table.
 */
export const apiRoutes = [
  { method: "POST", path: "/auth/login", operation: "login" },
  { method: "GET", path: "/customer/{customer}", operation: "readCustomer" },
  { method: "GET", path: "/order/{order}", operation: "readOrder" },
  { method: "GET", path: "/order/{order}/allowedActions", operation: "orderAllowedActions" },
  { method: "GET", path: "/order/{order}/intervention/{intervention}", operation: "readIntervention" },
  { method: "GET", path: "/order/{order}/intervention/{intervention}/reportDocuments", operation: "readReportDocuments" },
  { method: "GET", path: "/order/{order}/intervention/{intervention}/allowedActions", operation: "interventionAllowedActions" },
  { method: "GET", path: "/material/{material}", operation: "readMaterial" },
  { method: "PUT", path: "/order/{order}/cancel", operation: "cancelOrder" },
  { method: "PUT", path: "/order/{order}/complete", operation: "completeOrder" },
  { method: "POST", path: "/order/{order}/PlanIntervention", operation: "planIntervention" },
  { method: "PUT", path: "/order/{order}/intervention/{intervention}", operation: "editIntervention" },
  { method: "PUT", path: "/order/{order}/intervention/{intervention}/Replan", operation: "replanIntervention" },
  { method: "PUT", path: "/order/{order}/intervention/{intervention}/Cancel", operation: "cancelIntervention" },
  { method: "PUT", path: "/order/{order}/intervention/{intervention}/StartDeparture", operation: "startDeparture" },
  { method: "PUT", path: "/order/{order}/intervention/{intervention}/Start", operation: "start" },
  { method: "PUT", path: "/order/{order}/intervention/{intervention}/RequestSignature", operation: "requestSignature" },
  { method: "PUT", path: "/order/{order}/intervention/{intervention}/Complete", operation: "complete" },
  { method: "POST", path: "/store/{store}/addToStore", operation: "addToStore" },
  { method: "PUT", path: "/store/{store}/removeMaterial", operation: "removeMaterial" },
  { method: "PUT", path: "/store/{store}/setMaterialAmounts", operation: "setMaterialAmounts" },
  { method: "PUT", path: "/store/{store}/moveTo/{toStore}", operation: "moveStock" },
  { method: "POST", path: "/customer", operation: "addCustomer" },
  { method: "POST", path: "/customer/addOrEdit", operation: "addOrEditCustomer" },
  { method: "POST", path: "/order", operation: "addOrder" },
  { method: "POST", path: "/order/addOrEdit", operation: "addOrEditOrder" },
  { method: "PUT", path: "/order/{order}", operation: "editOrder" },
  { method: "PUT", path: "/material/{material}", operation: "replaceMaterial" },
  { method: "PUT", path: "/store/{store}", operation: "replaceStore" },
  { method: "GET", path: "/store/{store}", operation: "readStore" },
] as const;

/** One route of {@link apiRoutes}. */
export type ApiRoute = (typeof apiRoutes)[number];

/** The name of an operation of the API (`"planIntervention"`). */
export type OperationId = ApiRoute["operation"];

/** The path placeholders of an operation (`"order" | "intervention"` for `"replanIntervention"`). */
export type OperationParams<O extends OperationId> = ParamsOf<Extract<ApiRoute, { readonly operation: O }>["path"]> & PathParamName;

/** A route definition as {@link compileRoutes} reads it. */
export interface RouteDef {
  /** Upper-case method. */
  readonly method: Method;
  /** Path template, e.g. `/order/{order}/intervention/{intervention}/Replan`. */
  readonly path: string;
  /** The operation it answers. */
  readonly operation: OperationId;
}

/** One segment of a compiled path: a literal (lower-cased) or a placeholder. */
type Segment = { readonly literal: string } | { readonly param: PathParamName };

/** A compiled route: one ID form of one route definition. */
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
  const base = { method: def.method, template: def.path, operation: def.operation };
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
 * compileRoutes([{ method: "GET", path: "/order/{order}", operation: "readOrder" }]).length //=> 2
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

/** A path placeholder's value as sent, with its form. */
export interface PathParam {
  /** The placeholder. */
  readonly name: PathParamName;
  /** The decoded segment: a GUID (form `id`) or an external ID (form `externalId`). */
  readonly value: string;
}

/** The outcome of routing a request. */
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

/** A router: routes grouped by segment count for quick matching. */
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
 * non-empty segment; a path that matches no route is 404 and a known path with another
 * method 405 (ERR-2). Percent-encoding is decoded per segment; a malformed one is 404.
 * Never throws.
 * @param router - the router
 * @param method - the method, upper-case
 * @param path - the path, without its query
 * @returns the route and its placeholders, or why none answers
 * @rule GEN-2
 * @example
 * matchRoute(router, "DELETE", "/order/3f2504e0-4f89-11d3-9a0c-0305e82c3301").kind //=> "methodNotAllowed"
 */
export function matchRoute(router: Router, method: string, path: string): RouteMatch {
  const segments = decodeSegments(path);
  if (segments === undefined) return { kind: "notFound" };
  const candidates = router.byLength.get(segments.length) ?? [];
  const allowed: Method[] = [];
  for (const r of candidates) {
    const params: PathParam[] = [];
    let matches = true;
    for (let i = 0; i < segments.length && matches; i++) {
      const s = segments[i] as string;
      const t = r.segments[i] as Segment;
      if ("literal" in t) matches = s.toLowerCase() === t.literal;
      else if (r.form === "id" ? isGuid(s) : s !== "") params.push({ name: t.param, value: s });
      else matches = false;
    }
    if (!matches) continue;
    if (r.method === method) return { kind: "route", route: r, params };
    if (!allowed.includes(r.method)) allowed.push(r.method);
  }
  return allowed.length > 0 ? { kind: "methodNotAllowed", allowed } : { kind: "notFound" };
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
 * findPathRecord(orders, "externalId", "ORD-1")?.externalId //=> "ORD-1"
 */
export function findPathRecord<T>(index: RefIndex<T>, form: CompiledRoute["form"], value: string): T | undefined {
  return form === "id" ? index.byId.get(toGuid(value) as Guid) : index.byKey.get(value);
}

/**
 * Splits a request path into the path and its query, parsing the query once: the first
 * value of each name, decoded (`+` is a space). Never throws.
 * @param target - the request path, possibly with `?query`
 * @returns the path and the query parameters
 * @example
 * splitTarget("/store/x?page=1&page=2").query.get("page") //=> "1"
 */
export function splitTarget(target: string): { readonly path: string; readonly query: ReadonlyMap<string, string> } {
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

import { isGuid } from "../shared/guid.js";
import type { Handler, ParamName } from "./context.js";
import {
  interventionAllowedActions, orderAllowedActions, readCustomer, readIntervention, readMaterial, readOrder, readReportDocuments,
} from "./handlers/reads.js";
import {
  handleCancelIntervention, handleComplete, handleEditIntervention, handlePlanIntervention, handleReplanIntervention, handleRequestSignature,
  handleStart, handleStartDeparture,
} from "./handlers/interventions.js";
import { handleCancelOrder, handleCompleteOrder } from "./handlers/order-lifecycle.js";
import { handleAddToStore, handleMoveStock, handleRemoveMaterial, handleSetMaterialAmounts } from "./handlers/stock.js";
import { handleAddCustomer, handleAddOrEditCustomer } from "./handlers/customers.js";
import { handleAddOrder, handleAddOrEditOrder, handleEditOrder } from "./handlers/orders.js";
import { handleReplaceMaterial } from "./handlers/materials.js";
import { handleReadStore, handleReplaceStore } from "./handlers/stores.js";

/** The placeholder names of a route path template, as a union (`"order" | "intervention"`). */
export type ParamsOf<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | ParamsOf<Rest> : never;

/** HTTP methods the service routes. */
export type Method = "GET" | "POST" | "PUT";

/** A route as written in the table: method, path template with `{placeholders}`, handler. */
export interface RouteDef {
  /** Upper-case method. */
  readonly method: Method;
  /** Path template, e.g. `/order/{order}/intervention/{intervention}/Replan`. */
  readonly path: string;
  /** What answers it; `"login"` is the one route without a token. */
  readonly handler: Handler<ParamName> | "login";
}

/**
 * Declares a route; the handler's type is checked against the placeholders of the path,
 * so a handler reading `records.intervention` cannot sit on a path without `{intervention}`.
 * @param method - the method
 * @param path - the path template
 * @param handler - the handler
 * @returns the route
 * @example
 * route("GET", "/order/{order}", readOrder).path //=> "/order/{order}"
 */
export function route<const S extends string>(method: Method, path: S, handler: Handler<ParamsOf<S> & ParamName>): RouteDef {
  // The router only hands a handler the records its own path names; the wider type is internal.
  return { method, path, handler: handler as unknown as Handler<ParamName> };
}

/**
 * Every implemented route. Each route with placeholders also answers its external-ID twin
 * (`/order/externalId/{…}/…`), added by {@link compileRoutes}.
 */
export const routes: readonly RouteDef[] = [
  { method: "POST", path: "/auth/login", handler: "login" },
  route("GET", "/customer/{customer}", readCustomer),
  route("GET", "/order/{order}", readOrder),
  route("GET", "/order/{order}/allowedActions", orderAllowedActions),
  route("GET", "/order/{order}/intervention/{intervention}", readIntervention),
  route("GET", "/order/{order}/intervention/{intervention}/reportDocuments", readReportDocuments),
  route("GET", "/order/{order}/intervention/{intervention}/allowedActions", interventionAllowedActions),
  route("GET", "/material/{material}", readMaterial),
  route("PUT", "/order/{order}/cancel", handleCancelOrder),
  route("PUT", "/order/{order}/complete", handleCompleteOrder),
  route("POST", "/order/{order}/PlanIntervention", handlePlanIntervention),
  route("PUT", "/order/{order}/intervention/{intervention}", handleEditIntervention),
  route("PUT", "/order/{order}/intervention/{intervention}/Replan", handleReplanIntervention),
  route("PUT", "/order/{order}/intervention/{intervention}/Cancel", handleCancelIntervention),
  route("PUT", "/order/{order}/intervention/{intervention}/StartDeparture", handleStartDeparture),
  route("PUT", "/order/{order}/intervention/{intervention}/Start", handleStart),
  route("PUT", "/order/{order}/intervention/{intervention}/RequestSignature", handleRequestSignature),
  route("PUT", "/order/{order}/intervention/{intervention}/Complete", handleComplete),
  route("POST", "/store/{store}/addToStore", handleAddToStore),
  route("PUT", "/store/{store}/removeMaterial", handleRemoveMaterial),
  route("PUT", "/store/{store}/setMaterialAmounts", handleSetMaterialAmounts),
  route("PUT", "/store/{store}/moveTo/{toStore}", handleMoveStock),
  route("POST", "/customer", handleAddCustomer),
  route("POST", "/customer/addOrEdit", handleAddOrEditCustomer),
  route("POST", "/order", handleAddOrder),
  route("POST", "/order/addOrEdit", handleAddOrEditOrder),
  route("PUT", "/order/{order}", handleEditOrder),
  route("PUT", "/material/{material}", handleReplaceMaterial),
  route("PUT", "/store/{store}", handleReplaceStore),
  route("GET", "/store/{store}", handleReadStore),
];

/** One segment of a compiled path: a literal (lower-cased) or a placeholder. */
type Segment = { readonly literal: string } | { readonly param: ParamName };

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
  /** The handler; `"login"` for the login. */
  readonly handler: Handler<ParamName> | "login";
}

const PARAM = /^\{(customer|order|intervention|material|store|toStore)\}$/;

function compile(def: { readonly method: Method; readonly path: string }, handler: CompiledRoute["handler"]): CompiledRoute[] {
  const parts = def.path.split("/").slice(1);
  const segments = parts.map((p): Segment => {
    const m = PARAM.exec(p);
    if (m !== null) return { param: m[1] as ParamName };
    if (p.includes("{")) throw new Error(`Unknown placeholder in route ${def.path}`);
    return { literal: p.toLowerCase() };
  });
  const out: CompiledRoute[] = [{ method: def.method, template: def.path, form: "id", segments, handler }];
  if (segments.some((s) => "param" in s)) {
    const twin = [segments[0] as Segment, { literal: "externalid" }, ...segments.slice(1)];
    out.push({ method: def.method, template: def.path, form: "externalId", segments: twin, handler });
  }
  return out;
}

/**
 * Compiles route definitions into matchable routes, each with its external-ID twin
 * (GEN-2: one path never mixes the two forms, so the twin takes external IDs for every
 * placeholder).
 * @param defs - the routes
 * @returns the compiled routes
 * @example
 * compileRoutes([route("GET", "/order/{order}", readOrder)]).length //=> 2
 */
export function compileRoutes(defs: readonly RouteDef[]): CompiledRoute[] {
  const out: CompiledRoute[] = [];
  const seen = new Set<string>();
  for (const def of defs) {
    const key = `${def.method} ${def.path.toLowerCase()}`;
    if (seen.has(key)) throw new Error(`Route declared twice: ${key}`);
    seen.add(key);
    out.push(...compile(def, def.handler));
  }
  return out;
}

/** A path placeholder's value as sent, with its form. */
export interface PathParam {
  /** The placeholder. */
  readonly name: ParamName;
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
 * matchRoute(createRouter(compileRoutes(routes)), "GET", "/order/nope").kind //=> "notFound"
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
  const raw = p.split("/");
  const out: string[] = [];
  for (const s of raw) {
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
 * case; a placeholder of the GUID form matches only a GUID (else 404, GEN-2), one of the
 * external-ID form any non-empty segment. Percent-encoding is decoded per segment; a
 * malformed one is 404. Never throws.
 * @param router - the router
 * @param method - the method, upper-case
 * @param path - the path, without its query
 * @returns the route and its placeholders, or why none answers
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

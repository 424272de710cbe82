// Cross-origin requests (CORS, WHATWG Fetch §3.2) for the node:http adapter: which origins may
// call the API from a browser page, the preflight answer, and the headers of every answer.
import { apiOperations } from "./operations.js";

/** Which page origins may call the server from a browser: any (`"*"`), or these exactly (`https://app.example`). */
export type CorsOrigins = "*" | readonly string[];

/** Request headers a page may send beside the safelisted ones (COR-1). */
export const CORS_ALLOWED_HEADERS: readonly string[] = ["Authorization", "Content-Type", "Idempotency-Key", "If-None-Match"];

/** Answer headers a page may read beside the safelisted ones (COR-2). */
export const CORS_EXPOSED_HEADERS: readonly string[] = ["Location", "Retry-After", "ETag", "Idempotent-Replayed"];

/** How long a browser may keep a preflight's answer: 10 minutes (Chromium keeps at most 2 hours). */
export const CORS_MAX_AGE_S = 600;

/** The methods of the API's routes, with OPTIONS (the methods a preflight allows). */
const METHODS = [...new Set(Object.values(apiOperations).map((o) => o.method)), "OPTIONS"].join(", ");

/**
 * Reads `--cors` or `CORS_ORIGINS`: `*` for any origin, `none` for no cross-origin access, or
 * origins separated by commas, each `scheme://host[:port]` with no path (`http://localhost:5173`).
 * @param text - the value given
 * @param source - the setting it came from, for the message
 * @returns the origins (`[]` for none), or the usage error's message under `usage`
 * @example
 * parseCorsOrigins("*", "--cors") //=> "*"
 * parseCorsOrigins("none", "--cors") //=> []
 * parseCorsOrigins("http://localhost:5173, https://App.example", "--cors") //=> ["http://localhost:5173", "https://app.example"]
 * parseCorsOrigins("localhost:5173", "CORS_ORIGINS") //=> { usage: "CORS_ORIGINS must be *, none, or origins such as http://localhost:5173 separated by commas; \"localhost:5173\" is not an origin" }
 */
export function parseCorsOrigins(text: string, source: string): CorsOrigins | { readonly usage: string } {
  const value = text.trim();
  if (value === "*") return "*";
  if (value.toLowerCase() === "none") return [];
  const origins: string[] = [];
  for (const part of value.split(",").map((p) => p.trim()).filter((p) => p !== "")) {
    let origin: string | undefined;
    try {
      const url = new URL(part);
      // An origin is scheme, host and port only: no user, path, query or fragment.
      const bare = url.username === "" && url.password === "" && url.pathname === "/" && url.search === "" && url.hash === "" && !/^[a-z]+:\/\/[^/]*\/./i.test(part);
      if ((url.protocol === "http:" || url.protocol === "https:") && bare) origin = url.origin;
    } catch {
      origin = undefined;
    }
    if (origin === undefined) return { usage: `${source} must be *, none, or origins such as http://localhost:5173 separated by commas; ${JSON.stringify(part)} is not an origin` };
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length === 0) return { usage: `${source} must be *, none, or origins such as http://localhost:5173 separated by commas; none given` };
  return origins;
}

/**
 * Whether a page of `origin` may call the server (COR-2).
 * @param origins - the allowed origins
 * @param origin - the request's `Origin` header, if any
 * @returns whether the answer lets the page read it
 * @example
 * corsAllows("*", "http://localhost:5173") //=> true
 * corsAllows(["http://localhost:5173"], "http://localhost:5174") //=> false
 * corsAllows("*", undefined) //=> false
 * corsAllows("*", "null") //=> false
 */
export function corsAllows(origins: CorsOrigins, origin: string | undefined): origin is string {
  // `Origin: null` (a file:// page, a sandboxed frame) is never allowed: any page can send it.
  if (origin === undefined || origin === "" || origin === "null") return false;
  return origins === "*" || origins.includes(origin.toLowerCase());
}

/**
 * The headers of an answer to a request from `origin` (COR-2): `Access-Control-Allow-Origin`
 * naming the origin (never `*`, so an answer cached for one page is not served to another)
 * with `Access-Control-Expose-Headers`, when the origin is allowed; `Vary: Origin` always, since
 * the answer depends on it. A page of another origin gets no CORS header: its browser then hides
 * the answer from it.
 * @param origins - the allowed origins
 * @param origin - the request's `Origin` header, if any
 * @returns the headers to set
 * @rule COR-2
 * @example
 * corsHeaders(["http://localhost:5173"], "http://localhost:5173")["access-control-allow-origin"] //=> "http://localhost:5173"
 * corsHeaders(["http://localhost:5173"], "http://evil.example") //=> { vary: "Origin" }
 */
export function corsHeaders(origins: CorsOrigins, origin: string | undefined): Record<string, string> {
  if (!corsAllows(origins, origin)) return { vary: "Origin" };
  return { vary: "Origin", "access-control-allow-origin": origin, "access-control-expose-headers": CORS_EXPOSED_HEADERS.join(", ") };
}

/**
 * Whether a request is a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`.
 * @param method - the request's method
 * @param headers - its headers, names lower-cased
 * @returns whether it is one
 * @example
 * isPreflight("OPTIONS", { origin: "http://localhost:5173", "access-control-request-method": "POST" }) //=> true
 * isPreflight("OPTIONS", {}) //=> false
 */
export function isPreflight(method: string | undefined, headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  return method === "OPTIONS" && typeof headers["origin"] === "string" && typeof headers["access-control-request-method"] === "string";
}

/**
 * The answer to a preflight (COR-1), whatever its path: 204, and for an allowed origin the
 * API's methods, the headers a call sends (`Authorization`, `Content-Type`, `Idempotency-Key`,
 * `If-None-Match`) and how long to keep it; for another origin only `Vary`, so the browser
 * refuses the call without sending it.
 * @param origins - the allowed origins
 * @param origin - the request's `Origin` header
 * @returns the headers of the 204
 * @rule COR-1
 * @example
 * preflightHeaders("*", "http://localhost:5173")["access-control-allow-headers"] //=> "Authorization, Content-Type, Idempotency-Key, If-None-Match"
 * preflightHeaders([], "http://localhost:5173") //=> { vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers" }
 */
export function preflightHeaders(origins: CorsOrigins, origin: string | undefined): Record<string, string> {
  const vary = "Origin, Access-Control-Request-Method, Access-Control-Request-Headers";
  if (!corsAllows(origins, origin)) return { vary };
  return {
    vary,
    "access-control-allow-origin": origin,
    "access-control-allow-methods": METHODS,
    "access-control-allow-headers": CORS_ALLOWED_HEADERS.join(", "),
    "access-control-max-age": String(CORS_MAX_AGE_S),
  };
}

/**
 * The command's CORS default (COR-3): in memory the stand-in is a development tool with
 * throwaway records and published demo credentials, so any page may call it (as Prism and
 * json-server do); on PostgreSQL the records last and may be real, and a page the developer
 * happens to visit could otherwise read and write them through a server on their machine, so
 * no origin is allowed until `--cors` names the app's.
 * @param databaseUrl - the database the command serves from, if any
 * @returns the default origins
 * @rule COR-3
 * @example
 * defaultCors(undefined) //=> "*"
 * defaultCors("postgres://localhost/fsr") //=> []
 */
export function defaultCors(databaseUrl: string | undefined): CorsOrigins {
  return databaseUrl === undefined ? "*" : [];
}

import type { Guid } from "../shared/guid.js";
import { fail, issue, ok, type Result } from "../shared/issue.js";
import type { Instant } from "../shared/time.js";
import { base64url } from "./secret.js";

/** How long a token stays valid: 60 minutes (AUTH-3). */
export const TOKEN_LIFETIME_MS = 3_600_000;

/** A token issued at login, bound to one company (AUTH-4). */
export interface IssuedToken {
  /** The opaque bearer token. */
  readonly token: string;
  /** GUID of the company whose records the token sees (AUTH-4). */
  readonly companyId: Guid;
  /** When it was issued. */
  readonly issuedAt: Instant;
  /** The integration client that logged in (the journal names it, JRN-1); absent on tokens issued before it was kept. */
  readonly clientId?: string;
}

/** Headers of a request: names in any case, values as Node gives them. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

const BEARER = /^bearer[ \t]+([^\s]+)[ \t]*$/i;

/**
 * Extracts the bearer token from request headers: the `authorization` header, name in
 * any case, holding `Bearer <token>` with the scheme in any case. A header sent twice, a
 * different scheme or an empty token: `undefined` (a 401 by {@link authenticate}).
 * @param headers - the request headers (may be `undefined` or any value)
 * @returns the token, or `undefined` when missing or malformed (401)
 * @example
 * bearerToken({ Authorization: "bearer abc" }) //=> "abc"
 * bearerToken({ authorization: "Basic abc" }) //=> undefined
 */
export function bearerToken(headers: unknown): string | undefined {
  if (typeof headers !== "object" || headers === null) return undefined;
  let found: unknown = undefined;
  let count = 0;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() !== "authorization") continue;
    found = (headers as Record<string, unknown>)[name];
    count++;
  }
  if (count !== 1) return undefined;
  if (Array.isArray(found)) found = found.length === 1 ? found[0] : undefined;
  if (typeof found !== "string") return undefined;
  return BEARER.exec(found)?.[1];
}

/**
 * Whether a token is still valid at `now`: valid while `now < issuedAt + 60 min`,
 * expired from that very millisecond on.
 * @param token - the issued token
 * @param now - the current instant, from the injected clock
 * @returns whether the token may be used
 * @rule AUTH-3
 * @example
 * isTokenValid({ token: "t", companyId, issuedAt: 0 }, 3_599_999) //=> true
 * isTokenValid({ token: "t", companyId, issuedAt: 0 }, 3_600_000) //=> false
 */
export function isTokenValid(token: IssuedToken, now: Instant): boolean {
  return now < token.issuedAt + TOKEN_LIFETIME_MS;
}

/** What {@link authenticate} reads: the tokens issued so far and the companies they belong to. */
export interface TokenTable<C> {
  /** The issued token with this text, if any. */
  readonly token: (text: string) => IssuedToken | undefined;
  /** The company with this GUID, if any. */
  readonly company: (id: Guid) => C | undefined;
}

/** A request allowed through: its token and the one company it sees (AUTH-4). */
export interface Authenticated<C> {
  /** The token. */
  readonly token: IssuedToken;
  /** The token's company: the request sees and changes this company's records only. */
  readonly company: C;
}

/**
 * Authenticates a request: it needs `authorization: Bearer <token>` ({@link bearerToken})
 * naming a token that was issued and is still valid ({@link isTokenValid}); the request
 * then sees the token's company only, so a record of another company is as unknown as one
 * that does not exist. Missing, malformed, unknown or expired: `NotAuthenticated` (401).
 * @param headers - the request headers
 * @param table - the issued tokens and the companies
 * @param now - the current instant
 * @returns the token and its company, or the `NotAuthenticated` issue
 * @rule AUTH-2
 * @rule AUTH-4
 * @example
 * authenticate({}, noTokens, now) //=> { ok: false, issues: [{ code: "NotAuthenticated", path: "", message: expect.any(String), rule: "AUTH-2" }] }
 */
export function authenticate<C>(headers: unknown, table: TokenTable<C>, now: Instant): Result<Authenticated<C>> {
  const text = bearerToken(headers);
  if (text === undefined) {
    return fail([issue("NotAuthenticated", "", "AUTH-2", "Missing or malformed authorization header; send `authorization: Bearer <token>` (AUTH-2).")]);
  }
  const token = table.token(text);
  if (token !== undefined && isTokenValid(token, now)) {
    const company = table.company(token.companyId);
    if (company !== undefined) return ok({ token, company });
  }
  return fail([issue("NotAuthenticated", "", "AUTH-2", "Unknown or expired token; log in again (AUTH-2, AUTH-3).")]);
}

/**
 * The default token source: 32 bytes (256 bits) from the Web Crypto generator
 * (`globalThis.crypto`, in Node, browsers and workers alike), base64url without padding.
 * @returns a fresh token
 * @rule AUTH-5
 * @example
 * defaultNewToken().length //=> 43
 */
export function defaultNewToken(): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";

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
}

/** Headers of a request: names in any case, values as Node gives them. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

const BEARER = /^bearer[ \t]+([^\s]+)[ \t]*$/i;

/**
 * Extracts the bearer token from request headers: the `authorization` header, name in
 * any case, holding `Bearer <token>` with the scheme in any case. A header sent twice, a
 * different scheme or an empty token: `undefined`. Implements AUTH-2.
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
 * expired from that very millisecond on. Implements AUTH-3.
 * @param token - the issued token
 * @param now - the current instant, from the injected clock
 * @returns whether the token may be used
 * @example
 * isTokenValid({ token: "t", companyId, issuedAt: 0 }, 3_599_999) //=> true
 * isTokenValid({ token: "t", companyId, issuedAt: 0 }, 3_600_000) //=> false
 */
export function isTokenValid(token: IssuedToken, now: Instant): boolean {
  return now < token.issuedAt + TOKEN_LIFETIME_MS;
}

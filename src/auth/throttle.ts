import { fail, issue, type Fail, type Issue } from "../shared/issue.js";
import type { Instant } from "../shared/time.js";

/**
 * The login throttle's parameters (CRD-2, CRD-3; docs/decisions.md "Login throttle"): after
 * `client` failed logins for one tenant code and client ID, or `address` failed logins from one
 * source address, within `windowMs` of the first of them, logins for that key are answered 429
 * until the window ends.
 */
export interface LoginThrottleLimits {
  /** Failures per tenant code and client ID within a window. */
  readonly client: number;
  /** Failures per source address within a window. */
  readonly address: number;
  /** The window's length in milliseconds, from its first failure. */
  readonly windowMs: number;
}

/** The default limits: 10 failures per client, 50 per address, in a 15-minute window. */
export const LOGIN_THROTTLE: LoginThrottleLimits = { client: 10, address: 50, windowMs: 15 * 60_000 };

/** The failures counted under one key: when the window began (its first failure) and how many since. */
export interface FailureWindow {
  /** The instant of the window's first failure. */
  readonly start: Instant;
  /** Failures counted in the window. */
  readonly failures: number;
}

/** The keys one login is counted under: its tenant code and client ID as sent, and its source address when known. */
export interface LoginKeys {
  /** `client:` and the JSON of `[tenantCode, clientId]`. */
  readonly client: string;
  /** `address:` and the address, or `undefined` when the adapter did not say where the request came from. */
  readonly address: string | undefined;
}

/**
 * The keys a login is counted under (CRD-2, CRD-3): the tenant code and client ID exactly as sent
 * (an unknown tenant or client is counted too, so guessing client IDs is throttled like guessing
 * secrets), and the source address when the HTTP adapter gave one.
 * @param credentials - the parsed login body
 * @param address - the request's source address, if known
 * @returns the keys
 * @example
 * loginKeys({ tenantCode: "acme", clientId: "demo" }, "10.0.0.1") //=> { client: 'client:["acme","demo"]', address: "address:10.0.0.1" }
 */
export function loginKeys(credentials: { readonly tenantCode: string; readonly clientId: string }, address: string | undefined): LoginKeys {
  return { client: `client:${JSON.stringify([credentials.tenantCode, credentials.clientId])}`, address: address === undefined || address === "" ? undefined : `address:${address}` };
}

/**
 * The window after one more failure at `at`: a new window from `at` when there is none or the
 * last one has ended, else one more failure in it.
 * @param window - the key's window, if any
 * @param at - the failure's instant
 * @param windowMs - the window's length
 * @returns the updated window
 * @example
 * nextFailureWindow(undefined, 1000, 900_000) //=> { start: 1000, failures: 1 }
 * nextFailureWindow({ start: 0, failures: 3 }, 1000, 900_000) //=> { start: 0, failures: 4 }
 */
export function nextFailureWindow(window: FailureWindow | undefined, at: Instant, windowMs: number): FailureWindow {
  return window === undefined || at >= window.start + windowMs ? { start: at, failures: 1 } : { start: window.start, failures: window.failures + 1 };
}

/** A login refused by the throttle: the 429 issues and the seconds to wait. */
export interface Throttled extends Fail {
  /** Whole seconds until the latest window that blocks ends (at least 1): the `Retry-After`. */
  readonly retryAfter: number;
}

/**
 * Decides whether a login may be checked at all (CRD-2, CRD-3): a key whose window is still open
 * at `at` and holds `limit` failures or more blocks it, whatever the secret (a guesser learns
 * nothing from a correct one). Runs before any hashing, so a blocked login costs no hash.
 * @param client - the window of the login's tenant code and client ID
 * @param address - the window of its source address (`undefined`: none, or address unknown)
 * @param at - the instant of the login, from the service's clock
 * @param limits - the limits
 * @returns `undefined` when the login may proceed, else the 429 issues (`TooManyLoginFailures`, naming CRD-2 or CRD-3) with the seconds to wait
 * @rule CRD-2
 * @rule CRD-3
 * @example
 * loginThrottle({ start: 0, failures: 10 }, undefined, 60_000, LOGIN_THROTTLE)?.retryAfter //=> 840
 * loginThrottle({ start: 0, failures: 9 }, undefined, 60_000, LOGIN_THROTTLE) //=> undefined
 */
export function loginThrottle(client: FailureWindow | undefined, address: FailureWindow | undefined, at: Instant, limits: LoginThrottleLimits): Throttled | undefined {
  const open = (w: FailureWindow | undefined, limit: number): w is FailureWindow => w !== undefined && at < w.start + limits.windowMs && w.failures >= limit;
  const byClient = open(client, limits.client);
  const byAddress = open(address, limits.address);
  if (!byClient && !byAddress) return undefined;
  const end = Math.max(byClient ? client.start + limits.windowMs : 0, byAddress ? address.start + limits.windowMs : 0);
  const retryAfter = Math.max(1, Math.ceil((end - at) / 1000));
  const minutes = Math.round(limits.windowMs / 60_000);
  const found = [
    ...(byClient ? [issue("TooManyLoginFailures", "", "CRD-2", `${limits.client} failed logins for this tenant and client within ${minutes} minutes: logins for it are refused for ${retryAfter} s (CRD-2).`)] : []),
    ...(byAddress ? [issue("TooManyLoginFailures", "", "CRD-3", `${limits.address} failed logins from this address within ${minutes} minutes: logins from it are refused for ${retryAfter} s (CRD-3).`)] : []),
  ];
  const issues = fail(found as [Issue, ...Issue[]]);
  return { ...issues, retryAfter };
}

// When and how long the typed client waits before it sends a call again (CLT-1, CLT-2), and
// what a network failure says (CLT-3). Pure but for the injected clock, random source and sleep.

/** First delay of the backoff, in milliseconds: 0.5 s, doubling per retry. */
export const RETRY_BASE_MS = 500;

/** Longest delay the backoff itself picks: 8 s. */
export const RETRY_MAX_DELAY_MS = 8_000;

/** Longest `Retry-After` the client waits for; a longer one is not retried but surfaced (CLT-2). */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Reads a `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
 * @param value - the header, or `null` when absent
 * @param now - the clock, in milliseconds since the epoch (for a date)
 * @returns the wait in milliseconds (0 for a date already past), or `undefined` when absent or unreadable
 * @example
 * retryAfterMs("3", () => 0) //=> 3000
 * retryAfterMs("Thu, 01 Jan 1970 00:00:10 GMT", () => 4000) //=> 6000
 * retryAfterMs("soon", () => 0) //=> undefined
 */
export function retryAfterMs(value: string | null, now: () => number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month; a bare number that is not whole is no date.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now());
}

/**
 * The wait before retry number `retry` (0 for the first): the server's `Retry-After` when it
 * sent one, else exponential backoff with jitter: `min(0.5 s × 2^retry, 8 s)`, less up to a
 * quarter drawn at random, so clients that failed together do not come back together.
 * @param retry - how many retries were made already
 * @param random - a number in [0, 1)
 * @param after - the server's `Retry-After`, in milliseconds, if any
 * @returns milliseconds to wait
 * @rule CLT-2
 * @example
 * retryDelay(0, 0, undefined) //=> 500
 * retryDelay(3, 0.5, undefined) //=> 3500
 * retryDelay(10, 0, undefined) //=> 8000
 * retryDelay(0, 0.9, 2000) //=> 2000
 */
export function retryDelay(retry: number, random: number, after: number | undefined): number {
  if (after !== undefined) return after;
  return Math.round(Math.min(RETRY_BASE_MS * 2 ** retry, RETRY_MAX_DELAY_MS) * (1 - random / 4));
}

/**
 * Whether an attempt's outcome may be sent again (CLT-1): only a call that is safe to repeat
 * (a read, a login, or a write carrying an `Idempotency-Key`, IDM-1), only after no answer at
 * all (`status` undefined), 503 or 429, only while retries remain, and only when the server's
 * `Retry-After` is at most {@link MAX_RETRY_AFTER_MS}.
 * @param safe - whether the call may be repeated
 * @param status - the answer's status, `undefined` when none came
 * @param retriesLeft - how many retries remain
 * @param after - the server's `Retry-After` in milliseconds, if any
 * @returns whether to retry
 * @rule CLT-1
 * @example
 * shouldRetry(true, 503, 1, undefined) //=> true
 * shouldRetry(true, 429, 1, 120_000) //=> false
 * shouldRetry(false, undefined, 2, undefined) //=> false
 * shouldRetry(true, 400, 2, undefined) //=> false
 */
export function shouldRetry(safe: boolean, status: number | undefined, retriesLeft: number, after: number | undefined): boolean {
  return safe && retriesLeft > 0 && (status === undefined || status === 503 || status === 429) && (after === undefined || after <= MAX_RETRY_AFTER_MS);
}

// Node's codes for the usual ways a connection fails, in words.
const PLAIN: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_SOCKET: "connection closed",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
};

/**
 * What a failed `fetch` says, down to its innermost cause: Node's `fetch` rejects with
 * `TypeError("fetch failed")` whose `cause` (or the first error of an `AggregateError`) holds
 * the reason; the message names each layer and the plain words for a known code.
 * @param error - what `fetch` threw
 * @returns one line
 * @rule CLT-3
 * @example
 * const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
 * networkReason(new TypeError("fetch failed", { cause: refused })) //=> "fetch failed: connection refused (connect ECONNREFUSED 127.0.0.1:9)"
 * networkReason(new TypeError("Failed to fetch")) //=> "Failed to fetch"
 */
export function networkReason(error: unknown): string {
  const parts: string[] = [];
  let at: unknown = error;
  let code: string | undefined;
  for (let depth = 0; depth < 8 && at !== undefined && at !== null; depth++) {
    const e = at as { message?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === "string") code = e.code;
    const message = typeof e.message === "string" ? e.message : typeof at === "object" ? "" : String(at);
    if (message !== "" && !parts.includes(message)) parts.push(message);
    at = e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
  }
  // Stryker disable next-line ConditionalExpression: PLAIN has no key "undefined", so looking up an undefined code gives undefined too
  const words = code === undefined ? undefined : PLAIN[code];
  if (words === undefined || parts.length === 0) return parts.join(": ") || "no reason given";
  const last = parts.pop() as string;
  return [...parts, `${words} (${last})`].join(": ");
}

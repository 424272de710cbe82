// One exchange with the server: the request sent with its headers (token, Idempotency-Key), bounded
// by the call's signal, sent again when that is safe (CLT-1, CLT-2), and the answer read: the
// operation's success, the problem details of a refusal (ERR-1), or an unexpected answer.
import type { ProblemDetails } from "../api/problem.js";
import type { OperationId } from "../api/operations.generated.js";
import { clientOperations } from "./operations.generated.js";
import type { ProblemIssue } from "../shared/issue.js";
import { raced, throwIfAborted } from "./abort.js";
import { FieldServiceError, FieldServiceNetworkError, FieldServiceUnexpectedResponseError } from "./errors.js";
import { retryAfterMs, retryDelay, shouldRetry } from "./retry.js";

/** What the client needs of `fetch`; the global `fetch` of browsers and Node fits. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * An answer as it came: status, text and `Retry-After`.
 * @internal
 */
export interface Sent {
  readonly status: number;
  readonly text: string;
  /** The `Retry-After` header, in milliseconds, when the answer carried a readable one. */
  readonly retryAfter: number | undefined;
}

/**
 * How the client sends: to which server, with which `fetch`, clock, retries and waits.
 * @internal
 */
export interface TransportOptions {
  /** The base URL, without a trailing `/`. */
  readonly base: string;
  /** Sends a request. */
  readonly fetch: FetchLike;
  /** The clock, in milliseconds (reads `Retry-After` dates). */
  readonly now: () => number;
  /** How many times a call is sent again at most (CLT-1). */
  readonly maxRetries: number;
  /** Draws the jitter of a backoff, in [0, 1). */
  readonly random: () => number;
  /** Waits between tries; rejects with the signal's reason when it aborts. */
  readonly sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

/**
 * Sends one call: `bearer` and `key` go as the `Authorization` and `Idempotency-Key` headers;
 * `safe` says whether it may be sent again after no answer, a 503 or a 429 (CLT-1).
 * @internal
 */
export type Transport = (operation: OperationId, path: string, body: unknown, signal: AbortSignal | undefined, bearer: string | undefined, key: string | undefined, safe: boolean) => Promise<Sent>;

/**
 * The client's way of sending, over the options' `fetch`.
 * @param o - server, fetch, clock, retries and waits
 * @returns the transport
 * @internal
 */
export function createTransport(o: TransportOptions): Transport {
  const { base, now, maxRetries, random, sleep } = o;
  const doFetch = o.fetch;

  // `signal` bounds the whole exchange. `fetch` honours it itself; the races also end the wait
  // for an injected `fetch` that does not.
  async function send(operation: OperationId, path: string, body: unknown, signal: AbortSignal | undefined, bearer: string | undefined, key?: string): Promise<Sent> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (key !== undefined) headers["idempotency-key"] = key;
    if (bearer !== undefined) headers["authorization"] = `Bearer ${bearer}`;
    const init: RequestInit = { method: clientOperations[operation].method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    if (signal !== undefined) init.signal = signal;
    throwIfAborted(signal);
    let response: Response;
    let text: string;
    try {
      response = await raced(doFetch(`${base}${path}`, init), signal);
      text = await raced(response.text(), signal);
    } catch (error) {
      // An abort is the caller's, not the network's: its reason, as fetch rejects with it.
      throwIfAborted(signal);
      throw new FieldServiceNetworkError(operation, error);
    }
    return { status: response.status, text, retryAfter: retryAfterMs(response.headers.get("retry-after"), now) };
  }

  // CLT-1: sends again, while retries remain, what is safe to repeat after no answer, 503 or 429.
  async function sendRetrying(operation: OperationId, path: string, body: unknown, signal: AbortSignal | undefined, bearer: string | undefined, key: string | undefined, safe: boolean): Promise<Sent> {
    for (let retry = 0; ; retry++) {
      let sent: Sent | undefined;
      let failure: unknown;
      try {
        sent = await send(operation, path, body, signal, bearer, key);
      } catch (error) {
        // Stryker disable next-line ConditionalExpression: `send` throws only a network error or the signal's reason (throwIfAborted); the reason, kept as a failure, is thrown by the aborted wait or at once with no retry left, as here
        if (!(error instanceof FieldServiceNetworkError)) throw error;
        failure = error;
      }
      if (!shouldRetry(safe, sent?.status, maxRetries - retry, sent?.retryAfter)) {
        if (sent === undefined) throw failure;
        return sent;
      }
      await raced(sleep(retryDelay(retry, random(), sent?.retryAfter), signal), signal);
    }
  }

  return sendRetrying;
}

/**
 * What an answer means for `operation`: its value on the operation's success status (`undefined`
 * for a 204), else a {@link FieldServiceError} with the problem details the server sent, or a
 * {@link FieldServiceUnexpectedResponseError} when the answer is neither.
 * @param operation - the operation called
 * @param sent - the answer
 * @returns the answer's JSON value
 * @throws FieldServiceError or FieldServiceUnexpectedResponseError, as said
 * @internal
 */
export function answer(operation: OperationId, sent: Sent): unknown {
  let json: unknown = undefined;
  // No body reads as parsed (a 204's); a body is parsed if it is JSON.
  let parsed = sent.text === "";
  try {
    json = JSON.parse(sent.text);
    parsed = true;
  } catch {
    // Not JSON (or no body): `parsed` stays as it is.
  }
  const success = clientOperations[operation].success;
  if (sent.status === success && parsed && (success === 204 || json !== undefined)) return success === 204 ? undefined : json;
  const details = parsed && sent.status >= 400 ? asProblem(json, sent.status) : undefined;
  if (details !== undefined) throw new FieldServiceError(operation, details, false, sent.retryAfter);
  throw new FieldServiceUnexpectedResponseError(operation, sent.status, sent.text);
}

// The JSON boundary: a problem-details body as the API sends it (ERR-1), checked field by field.
function asProblem(value: unknown, status: number): ProblemDetails | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v["name"] !== "string" || !Array.isArray(v["errors"])) return undefined;
  const errors: ProblemIssue[] = [];
  for (const e of v["errors"] as unknown[]) {
    if (typeof e !== "object" || e === null) return undefined;
    const i = e as Record<string, unknown>;
    if (typeof i["code"] !== "string" || typeof i["path"] !== "string" || typeof i["message"] !== "string") return undefined;
    // The rule passes through as sent (every issue carries one since issue 38; an older server's
    // edge answer, 413 or 500, had none).
    const copy = { code: i["code"], path: i["path"], message: i["message"] } as Record<string, unknown>;
    if (typeof i["rule"] === "string") copy["rule"] = i["rule"];
    errors.push(copy as unknown as ProblemIssue);
  }
  // The HTTP status is the truth about the answer, whatever the body says.
  return { ...(v as unknown as ProblemDetails), status: status as ProblemDetails["status"], errors };
}

/**
 * Waits `ms` with a timer, or until `signal` aborts (rejecting with its reason).
 * @param ms - how long
 * @param signal - stops the wait
 * @returns when the time is up
 * @internal
 */
export function timerSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      signal?.removeEventListener("abort", stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = (): void => {
      clearTimeout(timer);
      // Stryker disable next-line OptionalChaining: `stop` listens to the signal, so it runs only when there is one; `?.` is for the type
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}

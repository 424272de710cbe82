// How the client bounds a call: the caller's signal and the timeout as one signal, and every
// await raced against it. Read at call time, never at load time, so the bundle loads where
// AbortSignal is missing (docs/decisions.md "Timeouts and aborts in the client").

/** The longest delay timers keep (2^31 - 1 ms, about 24.8 days); a longer one fires at once in Node. */
const LONGEST_DELAY = 2_147_483_647;

/** One call's bound: the signal to pass on, and what to release when the call is over. */
export interface CallBound {
  /** Aborts when the caller's signal does or the timeout runs out; `undefined` when neither was given. */
  readonly signal: AbortSignal | undefined;
  /** Clears the fallback timer and listeners, if any were needed; idempotent. */
  readonly release: () => void;
}

/**
 * Checks a `timeout` option: a number of milliseconds, 0 or more (`Infinity` for none).
 * @param timeout - the option, or `undefined` when left out
 * @param where - what to name in the error
 * @throws RangeError for a negative number or NaN (a programmer error)
 */
export function checkTimeout(timeout: number | undefined, where: string): void {
  if (timeout !== undefined && !(typeof timeout === "number" && timeout >= 0)) {
    throw new RangeError(`${where}: timeout must be 0 ms or more, or Infinity (got ${String(timeout)})`);
  }
}

/**
 * Combines the caller's signal with a timeout into the one signal a call honours. Uses
 * `AbortSignal.timeout` and `AbortSignal.any` where the platform has them (Node 20.3+, current
 * browsers) and a timer and listeners otherwise, so the abort reasons are the same either way:
 * the caller's own reason, or a `DOMException` named `"TimeoutError"`.
 * @param signal - the caller's signal, if any
 * @param timeout - milliseconds, if any; `Infinity` or more than 2^31 - 1 means no bound
 * @param where - what to name when the timeout is invalid
 * @returns the signal and its release
 * @throws RangeError for an invalid timeout
 */
export function callBound(signal: AbortSignal | undefined, timeout: number | undefined, where: string): CallBound {
  checkTimeout(timeout, where);
  const cleanups: (() => void)[] = [];
  const release = (): void => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const signals: AbortSignal[] = signal === undefined ? [] : [signal];
  // Stryker disable next-line ConditionalExpression: `undefined <= LONGEST_DELAY` is false, so without the first test an undefined timeout still adds no bound
  if (timeout !== undefined && timeout <= LONGEST_DELAY) signals.push(timeoutSignal(Math.ceil(timeout), cleanups));
  if (signals.length < 2) return { signal: signals[0], release };
  return { signal: anySignal(signals, cleanups), release };
}

function timeoutSignal(ms: number, cleanups: (() => void)[]): AbortSignal {
  // Stryker disable next-line ConditionalExpression,StringLiteral: the fallback below aborts with the same TimeoutError after the same delay (test/client/parts.test.ts); the platform's own is only preferred
  if (typeof AbortSignal.timeout === "function") return AbortSignal.timeout(ms);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")), ms);
  cleanups.push(() => clearTimeout(timer));
  return controller.signal;
}

function anySignal(signals: AbortSignal[], cleanups: (() => void)[]): AbortSignal {
  // Stryker disable next-line ConditionalExpression,StringLiteral: the fallback below aborts with the first reason as AbortSignal.any does (test/client/parts.test.ts); the platform's own is only preferred
  if (typeof AbortSignal.any === "function") return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    const onAbort = (): void => controller.abort(s.reason);
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal fires "abort" at most once, so the listener runs at most once with or without `once`
    s.addEventListener("abort", onAbort, { once: true });
    cleanups.push(() => s.removeEventListener("abort", onAbort));
  }
  return controller.signal;
}

/**
 * Throws the signal's reason once it has aborted, as `signal.throwIfAborted()` does (which
 * older browsers lack).
 * @param signal - the bound, if any
 * @throws the signal's reason, as it is
 */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal !== undefined && signal.aborted) throw signal.reason;
}

/**
 * Waits for a promise, but no longer than the signal allows: when the signal aborts first, the
 * result rejects with the signal's reason (as `fetch` does), and `onAbort` runs once. For the
 * awaits that a `fetch` given its own signal would not end: a shared login, or an injected
 * `fetch` that ignores the signal. The promise itself runs on; its rejection stays handled.
 * @param promise - what to wait for
 * @param signal - the bound, if any
 * @param onAbort - runs when the signal ends the wait
 * @returns the promise's outcome, or the signal's reason
 */
export function raced<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort?: () => void): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort?.();
      reject(signal.reason);
    };
    if (signal.aborted) abort();
    else {
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal fires "abort" at most once, so the listener runs at most once with or without `once`
      signal.addEventListener("abort", abort, { once: true });
    }
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

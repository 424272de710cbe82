// The typed client's parts on their own (issue 40: each rule the mutation slice of src/client
// showed untested): how a call is bounded (callBound, raced, checkTimeout, and the fallbacks for
// platforms without AbortSignal.any or AbortSignal.timeout), what a network failure says
// (networkReason, CLT-3), how long a Retry-After is (CLT-2), the error classes, and the
// in-process fetch (inProcessFetch answers as the HTTP server would).
import { afterEach, describe, expect, it, vi } from "vitest";
import { callBound, checkTimeout, raced } from "../../src/client/abort.js";
import { FieldServiceError, FieldServiceNetworkError, FieldServiceUnexpectedResponseError } from "../../src/client/errors.js";
import { inProcessFetch, type InProcessAnswer, type InProcessRequest } from "../../src/client/in-process.js";
import { MAX_RETRY_AFTER_MS, networkReason, retryAfterMs, shouldRetry } from "../../src/client/retry.js";

/** Runs `f` as on a platform without AbortSignal.any and AbortSignal.timeout (the fallbacks). */
function withoutStatics<T>(f: () => T): T {
  const statics = AbortSignal as unknown as Record<"any" | "timeout", unknown>;
  const saved = { any: statics.any, timeout: statics.timeout };
  Object.defineProperty(AbortSignal, "any", { value: undefined, configurable: true, writable: true });
  Object.defineProperty(AbortSignal, "timeout", { value: undefined, configurable: true, writable: true });
  try {
    return f();
  } finally {
    Object.defineProperty(AbortSignal, "any", { value: saved.any, configurable: true, writable: true });
    Object.defineProperty(AbortSignal, "timeout", { value: saved.timeout, configurable: true, writable: true });
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("callBound and checkTimeout", () => {
  it("CLT-2: a timeout is 0 ms or more, or Infinity; anything else is a RangeError naming the call and the value", () => {
    for (const ok of [undefined, 0, 1, 2_147_483_647, Number.POSITIVE_INFINITY]) expect(() => checkTimeout(ok, "readOrder")).not.toThrow();
    for (const bad of [-1, Number.NaN, "5", null]) {
      expect(() => checkTimeout(bad as never, "readOrder")).toThrow(new RangeError(`readOrder: timeout must be 0 ms or more, or Infinity (got ${String(bad)})`));
    }
  });

  it("CLT-2: no timeout or one past the longest timer (Infinity) adds no bound; the caller's signal alone is the call's signal; up to the longest timer is a bound", () => {
    expect(callBound(undefined, undefined, "w").signal).toBeUndefined();
    expect(callBound(undefined, Number.POSITIVE_INFINITY, "w").signal).toBeUndefined();
    expect(callBound(undefined, 2_147_483_648, "w").signal).toBeUndefined();
    const own = new AbortController().signal;
    expect(callBound(own, undefined, "w").signal).toBe(own);
    const longest = callBound(undefined, 2_147_483_647, "w");
    expect([longest.signal instanceof AbortSignal, longest.signal?.aborted]).toEqual([true, false]);
    const both = callBound(own, 1000, "w").signal;
    expect([both instanceof AbortSignal, both === own]).toEqual([true, false]);
  });

  it("CLT-2: without AbortSignal.timeout the timeout aborts with the same TimeoutError, and release stops its timer", () => {
    vi.useFakeTimers();
    const native = AbortSignal.timeout(0);
    const [fired, released] = withoutStatics(() => [callBound(undefined, 1000, "w"), callBound(undefined, 1000, "w")]);
    released!.release();
    vi.advanceTimersByTime(1000);
    expect(fired!.signal?.aborted).toBe(true);
    const reason = fired!.signal?.reason as DOMException;
    expect([reason.name, reason.message]).toEqual(["TimeoutError", "The operation was aborted due to timeout"]);
    expect(native.reason === undefined || (native.reason as DOMException).message === reason.message).toBe(true);
    expect(released!.signal?.aborted).toBe(false);
  });

  it("CLT-2: without AbortSignal.any the caller's signal, already aborted or aborted later, aborts the call with its reason; after release it no longer does", () => {
    vi.useFakeTimers();
    const early = AbortSignal.abort("stopped before");
    const later = new AbortController();
    const gone = new AbortController();
    const [a, b, c] = withoutStatics(() => [callBound(early, 60_000, "w"), callBound(later.signal, 60_000, "w"), callBound(gone.signal, 60_000, "w")]);
    expect([a!.signal?.aborted, a!.signal?.reason]).toEqual([true, "stopped before"]);
    expect(b!.signal?.aborted).toBe(false);
    later.abort("stopped later");
    expect([b!.signal?.aborted, b!.signal?.reason]).toEqual([true, "stopped later"]);
    c!.release();
    gone.abort("too late");
    expect(c!.signal?.aborted).toBe(false);
  });
});

describe("raced", () => {
  it("CLT-2: an already aborted signal rejects at once with its reason and calls onAbort; once the promise settled, a later abort calls nothing", async () => {
    const calls: string[] = [];
    const never = new Promise<number>(() => undefined);
    await expect(raced(never, AbortSignal.abort("gone"), () => calls.push("early"))).rejects.toBe("gone");
    const controller = new AbortController();
    expect(await raced(Promise.resolve(7), controller.signal, () => calls.push("late"))).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the listener goes in a finally after the answer
    controller.abort("after");
    expect(calls).toEqual(["early"]);
    expect(await raced(Promise.resolve(8), undefined)).toBe(8);
  });
});

describe("networkReason (CLT-3)", () => {
  it("CLT-3: each known code of a failed connection is named in plain words, after the messages, with the innermost message in brackets", () => {
    const words: Record<string, string> = {
      ECONNREFUSED: "connection refused", ECONNRESET: "connection reset", ENOTFOUND: "host not found", EAI_AGAIN: "host name lookup failed",
      ETIMEDOUT: "connection timed out", EHOSTUNREACH: "host unreachable", ENETUNREACH: "network unreachable", UND_ERR_SOCKET: "connection closed",
      UND_ERR_CONNECT_TIMEOUT: "connection timed out",
    };
    for (const [code, plain] of Object.entries(words)) {
      const error = new TypeError("fetch failed", { cause: Object.assign(new Error(`inner ${code}`), { code }) });
      expect(networkReason(error)).toBe(`fetch failed: ${plain} (inner ${code})`);
    }
  });

  it("CLT-3: the outermost string code counts when an inner one is not a string; a code without any message says no reason; eight layers at most; thrown text is its own message", () => {
    const inner = Object.assign(new Error("socket"), { code: 7 });
    expect(networkReason(Object.assign(new Error("fetch failed", { cause: inner }), { code: "ECONNRESET" }))).toBe("fetch failed: connection reset (socket)");
    expect(networkReason({ code: "ECONNREFUSED" })).toBe("no reason given");
    expect(networkReason(null)).toBe("no reason given");
    expect(networkReason({})).toBe("no reason given");
    expect(networkReason("boom")).toBe("boom");
    let deep: Error = new Error("m9");
    for (let i = 8; i >= 0; i--) deep = new Error(`m${i}`, { cause: deep });
    expect(networkReason(deep)).toBe("m0: m1: m2: m3: m4: m5: m6: m7");
  });
});

describe("Retry-After (CLT-2)", () => {
  it("CLT-2: whole seconds, with white space around them, or an HTTP date; a number with letters after it is neither; a minute exactly is still waited for", () => {
    const now = () => Date.parse("2026-11-23T08:00:00Z");
    expect(retryAfterMs(" 5 ", now)).toBe(5_000);
    expect(retryAfterMs("5s", now)).toBeUndefined();
    expect(retryAfterMs("1.5", now)).toBeUndefined();
    expect(retryAfterMs("Mon, 23 Nov 2026 07:59:00 GMT", now)).toBe(0);
    expect(shouldRetry(true, 503, 1, MAX_RETRY_AFTER_MS)).toBe(true);
    expect(shouldRetry(true, 503, 1, MAX_RETRY_AFTER_MS + 1)).toBe(false);
  });
});

describe("the error classes", () => {
  it("ERR-1: the errors are named for their class; an issue at the root reads without a path; an unexpected answer keeps 500 characters of its body", () => {
    const root = new FieldServiceError("readOrder", { type: "about:blank", title: "Bad Request", status: 400, name: "BadRequest", errors: [{ code: "InvalidJson", path: "", message: "Not JSON.", rule: "ERR-2" }] }, false);
    expect([root.name, root.message]).toEqual(["FieldServiceError", "readOrder: 400 BadRequest: Not JSON."]);
    const problem = { type: "about:blank" as const, title: "Bad Request", status: 400 as const, name: "BadRequest" as const };
    expect(new FieldServiceError("readOrder", { ...problem, errors: [] }, true).message).toBe("readOrder: 400 BadRequest");
    const two = [{ code: "Required" as const, path: "name", message: "Missing.", rule: "GEN-1" as const }, { code: "Required" as const, path: "day", message: "Missing.", rule: "GEN-1" as const }];
    expect(new FieldServiceError("readOrder", { ...problem, errors: two }, true).message).toBe("readOrder: 400 BadRequest: name: Missing. (and 1 more)");
    const network = new FieldServiceNetworkError("login", new Error("down"));
    expect([network.name, network.message, network.operation]).toEqual(["FieldServiceNetworkError", "login: no answer from the API (down)", "login"]);
    const odd = new FieldServiceUnexpectedResponseError("readOrder", 502, "x".repeat(600));
    expect([odd.name, odd.message, odd.status, odd.body.length]).toEqual(["FieldServiceUnexpectedResponseError", "readOrder: unexpected answer 502 from the API", 502, 500]);
  });
});

describe("inProcessFetch", () => {
  const handler = (answer: InProcessAnswer, seen: InProcessRequest[] = []) => inProcessFetch({ handle: (r) => (seen.push(r), answer) });

  it("ERR-2: the request reaches the service with its method in upper case (GET by default), its path and query, its headers and its JSON body; invalid JSON is a 400 problem the service never sees", async () => {
    const seen: InProcessRequest[] = [];
    const f = handler({ status: 200, body: { ok: true } }, seen);
    await f("http://x/order/1?dryRun=true", { method: "put", headers: { "X-A": "1" }, body: "{\"a\":1}" });
    await f("http://x/a", {});
    await f("http://x/b", { method: "POST", body: "" });
    expect(seen).toEqual([
      { method: "PUT", path: "/order/1?dryRun=true", headers: { "x-a": "1" }, body: { a: 1 } },
      { method: "GET", path: "/a", headers: {} },
      { method: "POST", path: "/b", headers: {} },
    ]);
    const bad = await f("http://x/c", { method: "POST", body: "{" });
    expect(seen).toHaveLength(3);
    expect([bad.status, bad.headers.get("content-type"), await bad.json()]).toEqual([400, "application/problem+json; charset=utf-8", {
      type: "about:blank", title: "Bad Request", status: 400, name: "BadRequest", errors: [{ code: "InvalidJson", path: "", message: "The body is not valid JSON.", rule: "ERR-2" }],
    }]);
  });

  it("ERR-1: an answer is JSON with its headers kept, a refusal problem+json, and no body at all when there is none or the status is 204", async () => {
    const ok = await handler({ status: 200, body: { a: 1 }, headers: { "idempotent-replayed": "true" } })("http://x/", {});
    expect([ok.headers.get("content-type"), ok.headers.get("idempotent-replayed"), await ok.json()]).toEqual(["application/json; charset=utf-8", "true", { a: 1 }]);
    const refused = await handler({ status: 400, body: { errors: [] } })("http://x/", {});
    expect(refused.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    const fine = await handler({ status: 399, body: {} })("http://x/", {});
    expect(fine.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const empty = await handler({ status: 200, headers: { etag: "e" } })("http://x/", {});
    expect([empty.status, empty.headers.get("content-type"), empty.headers.get("etag"), await empty.text()]).toEqual([200, null, "e", ""]);
    const none = await handler({ status: 204, body: { ignored: true } })("http://x/", {});
    expect([none.status, await none.text()]).toEqual([204, ""]);
  });
});

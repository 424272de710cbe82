// Retries of the typed client (issue 34 item 5, issue 39 item 4): CLT-1 which calls are sent
// again (no answer, 503, 429; reads, the login, writes with an Idempotency-Key), CLT-2 how long
// it waits (Retry-After, else exponential backoff with jitter), CLT-3 what a network failure
// says. Time and randomness are injected: no test sleeps.
import { createServer } from "node:http";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createClient, FieldServiceError, FieldServiceNetworkError, inProcessFetch, type FetchLike } from "../../src/client/index.js";
import { MAX_RETRY_AFTER_MS, RETRY_BASE_MS, RETRY_MAX_DELAY_MS, networkReason, retryAfterMs, retryDelay } from "../../src/client/retry.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { demo } from "./support.js";

const NOW = Date.parse("2026-11-23T08:00:00Z");

/** A scripted answer: a status with optional headers, or `"drop"` (the request reached the service, the answer was lost) or `"refuse"` (no connection). */
type Step = { readonly status: number; readonly headers?: Record<string, string> } | "drop" | "refuse";

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly key: string | undefined;
  readonly outcome: string;
}

/**
 * A fetch in front of the in-memory service: each request to a path matching `where` takes the
 * next scripted step (a 503/429 problem answer, a dropped answer, a refused connection) until the
 * script runs out; every other request goes to the service.
 */
function scripted(where: RegExp, steps: Step[], seen: Seen[], service = createFieldService({ fixture: demoFixture, now: () => new Date(NOW) })): FetchLike {
  const real = inProcessFetch(service);
  return async (url, init) => {
    const u = new URL(url);
    const headers = new Headers(init.headers);
    const record = (outcome: string): void => {
      seen.push({ method: init.method ?? "GET", path: u.pathname, key: headers.get("idempotency-key") ?? undefined, outcome });
    };
    const step = where.test(u.pathname) ? steps.shift() : undefined;
    if (step === "refuse") {
      record("refused");
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }) });
    }
    if (step === "drop") {
      const answer = await real(url, init);
      record(`dropped ${answer.status}`);
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) });
    }
    if (step !== undefined) {
      record(String(step.status));
      const name = step.status === 429 ? "TooManyRequests" : "ServiceUnavailable";
      const body = { type: "about:blank", title: name, status: step.status, name, errors: [{ code: name, path: "", message: "Not now." }] };
      return new Response(JSON.stringify(body), { status: step.status, headers: { "content-type": "application/problem+json", ...step.headers } });
    }
    const answer = await real(url, init);
    record(String(answer.status));
    return answer;
  };
}

/** A client whose waits are recorded, not slept. */
function client(fetch: FetchLike, maxRetries: number | undefined, waits: number[], random = (): number => 0) {
  return createClient({
    baseUrl: "http://stand-in", ...demo, fetch, now: () => NOW, random,
    ...(maxRetries === undefined ? {} : { maxRetries }),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

describe("which calls the client sends again (CLT-1)", () => {
  it("CLT-1: a read answered 503 twice is sent again after backoff and then succeeds", async () => {
    const seen: Seen[] = [];
    const waits: number[] = [];
    const c = client(scripted(/^\/material\//, [{ status: 503 }, { status: 503 }], seen), 2, waits);
    expect((await c.readMaterial({ externalId: "MAT-001" })).externalId).toBe("MAT-001");
    expect(seen.filter((s) => s.path.startsWith("/material")).map((s) => s.outcome)).toEqual(["503", "503", "200"]);
    expect(waits).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS]);
  });

  it("CLT-1, IDM-1: a write whose answer was lost is sent again with the same Idempotency-Key and decided once", async () => {
    const seen: Seen[] = [];
    const waits: number[] = [];
    const service = createFieldService({ fixture: demoFixture, now: () => new Date(NOW) });
    const c = client(scripted(/addToStore$/, ["drop"], seen, service), 1, waits);
    const added = await c.addToStore({ externalId: "auto-2" }, [{ materialId: "MAT-001", amount: 10 }]);
    // Decided once: the repeat is the recorded answer, so the store holds 10, not 20.
    expect(added.items.map((i) => i.amount)).toEqual([10]);
    const writes = seen.filter((s) => s.path.endsWith("addToStore"));
    expect(writes.map((s) => s.outcome)).toEqual(["dropped 201", "201"]);
    expect(writes[0]?.key).toBeDefined();
    expect(writes[1]?.key).toBe(writes[0]?.key);
    const journal = await c.readJournal({ operation: "addToStore" });
    expect(journal.items.map((e) => e.outcome)).toEqual(["committed"]);
  });

  it("CLT-1: a write sent without an Idempotency-Key is never sent again: the network error surfaces after one attempt", async () => {
    const seen: Seen[] = [];
    const waits: number[] = [];
    const c = client(scripted(/addToStore$/, ["drop"], seen), 3, waits);
    const e = await c.addToStore({ externalId: "auto-2" }, [{ materialId: "MAT-001", amount: 10 }], { idempotencyKey: false }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FieldServiceNetworkError);
    expect(seen.filter((s) => s.path.endsWith("addToStore")).map((s) => s.outcome)).toEqual(["dropped 201"]);
    expect(waits).toEqual([]);
  });

  it("CLT-1: a 429 with Retry-After is waited for as the server says; the login is retried too", async () => {
    const seen: Seen[] = [];
    const waits: number[] = [];
    const c = client(scripted(/^\/auth\/login$/, [{ status: 429, headers: { "retry-after": "7" } }], seen), 2, waits, () => 0.99);
    await c.readOrder({ externalId: "O-1" }).catch(() => undefined);
    expect(seen.filter((s) => s.path === "/auth/login").map((s) => s.outcome)).toEqual(["429", "200"]);
    expect(waits).toEqual([7_000]);
  });

  it("CLT-1: without maxRetries nothing is sent again, and a 429 surfaces as a FieldServiceError with its Retry-After", async () => {
    const seen: Seen[] = [];
    const waits: number[] = [];
    const c = client(scripted(/^\/material\//, [{ status: 429, headers: { "retry-after": "30" } }], seen), undefined, waits);
    const e = (await c.readMaterial({ externalId: "MAT-001" }).catch((x: unknown) => x)) as FieldServiceError;
    expect(e).toBeInstanceOf(FieldServiceError);
    expect([e.status, e.problem.name, e.retryAfterMs]).toEqual([429, "TooManyRequests", 30_000]);
    expect(waits).toEqual([]);
  });

  it("CLT-1: when the retries run out, the last 503 surfaces with its Retry-After (an HTTP date read with the injected clock)", async () => {
    const seen: Seen[] = [];
    const waits: number[] = [];
    const date = new Date(NOW + 5_000).toUTCString();
    const steps: Step[] = [1, 2, 3].map(() => ({ status: 503, headers: { "retry-after": date } }));
    const c = client(scripted(/^\/material\//, steps, seen), 2, waits);
    const e = (await c.readMaterial({ externalId: "MAT-001" }).catch((x: unknown) => x)) as FieldServiceError;
    expect([e.status, e.retryAfterMs]).toEqual([503, 5_000]);
    expect(waits).toEqual([5_000, 5_000]);
  });

  it("CLT-1: a Retry-After longer than a minute is not waited for; 400s and 500s are never retried", async () => {
    const seen: Seen[] = [];
    const waits: number[] = [];
    const c = client(scripted(/^\/material\//, [{ status: 429, headers: { "retry-after": String(MAX_RETRY_AFTER_MS / 1000 + 1) } }, { status: 500 }], seen), 5, waits);
    const first = (await c.readMaterial({ externalId: "MAT-001" }).catch((x: unknown) => x)) as FieldServiceError;
    expect([first.status, first.retryAfterMs]).toEqual([429, MAX_RETRY_AFTER_MS + 1_000]);
    const second = (await c.readMaterial({ externalId: "MAT-001" }).catch((x: unknown) => x)) as FieldServiceError;
    expect(second.status).toBe(500);
    expect(waits).toEqual([]);
  });

  it("CLT-1: a refused connection is retried for a read; the call's signal ends the wait with its reason", async () => {
    const seen: Seen[] = [];
    const waits: number[] = [];
    const c = client(scripted(/^\/material\//, ["refuse"], seen), 1, waits);
    expect((await c.readMaterial({ externalId: "MAT-002" })).externalId).toBe("MAT-002");
    expect(waits).toEqual([RETRY_BASE_MS]);

    const controller = new AbortController();
    const stalled = createClient({
      baseUrl: "http://stand-in", ...demo, maxRetries: 3, fetch: scripted(/^\/material\//, [{ status: 503 }], []),
      sleep: (_ms, signal) => new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason))),
    });
    const pending = stalled.readMaterial({ externalId: "MAT-002" }, { signal: controller.signal }).catch((x: unknown) => x);
    setTimeout(() => controller.abort(new Error("user gave up")), 10);
    expect(((await pending) as Error).message).toBe("user gave up");
  });

  it("CLT-1: maxRetries must be a whole number of 0 or more", () => {
    expect(() => createClient({ baseUrl: "http://x", ...demo, maxRetries: -1 })).toThrow(RangeError);
    expect(() => createClient({ baseUrl: "http://x", ...demo, maxRetries: 1.5 })).toThrow(RangeError);
  });
});

describe("how long the client waits (CLT-2)", () => {
  it("CLT-2: the backoff doubles from 0.5 s up to 8 s, less at most a quarter of jitter; a Retry-After wins", () => {
    fc.assert(
      fc.property(fc.nat(40), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.option(fc.nat(MAX_RETRY_AFTER_MS), { nil: undefined }), (retry, random, after) => {
        const delay = retryDelay(retry, random, after);
        if (after !== undefined) return delay === after;
        const ceiling = Math.min(RETRY_BASE_MS * 2 ** retry, RETRY_MAX_DELAY_MS);
        return delay <= ceiling && delay >= Math.floor(ceiling * 0.75);
      }),
    );
    expect([0, 1, 2, 3, 4, 5].map((n) => retryDelay(n, 0, undefined))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it("CLT-2: Retry-After is read as seconds or as an HTTP date; anything else is ignored", () => {
    fc.assert(fc.property(fc.nat(100_000), (s) => retryAfterMs(String(s), () => NOW) === s * 1000 && retryAfterMs(` ${s} `, () => NOW) === s * 1000));
    fc.assert(fc.property(fc.integer({ min: -100_000, max: 100_000 }), (s) => retryAfterMs(new Date(NOW + s * 1000).toUTCString(), () => NOW) === Math.max(0, s * 1000)));
    expect([retryAfterMs(null, () => NOW), retryAfterMs("soon", () => NOW), retryAfterMs("-5", () => NOW)]).toEqual([undefined, undefined, undefined]);
  });
});

describe("what a network failure says (CLT-3)", () => {
  it("CLT-3: a refused connection names its innermost cause, not only 'fetch failed'", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    await new Promise((resolve) => blocker.close(resolve));
    const c = createClient({ baseUrl: `http://127.0.0.1:${port}`, ...demo });
    const e = (await c.readOrder({ externalId: "O-1" }).catch((x: unknown) => x)) as FieldServiceNetworkError;
    expect(e).toBeInstanceOf(FieldServiceNetworkError);
    expect(e.message).toMatch(/^login: no answer from the API \(fetch failed: connection refused \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\)$/);
  });

  it("CLT-3: each layer is quoted once, an AggregateError by its first error, an unknown code by its message", () => {
    const inner = Object.assign(new Error("connect ECONNREFUSED ::1:9"), { code: "ECONNREFUSED" });
    const aggregate = Object.assign(new AggregateError([inner], ""), { code: "ECONNREFUSED" });
    expect(networkReason(new TypeError("fetch failed", { cause: aggregate }))).toBe("fetch failed: connection refused (connect ECONNREFUSED ::1:9)");
    expect(networkReason(new TypeError("fetch failed", { cause: Object.assign(new Error("weird"), { code: "EWEIRD" }) }))).toBe("fetch failed: weird");
    expect(networkReason("plain")).toBe("plain");
  });
});

describe("journal pages", () => {
  it("JRN-2: journalPages walks every page by its next cursor, and ends after the page whose next is null", async () => {
    const c = createClient({ baseUrl: "http://stand-in", ...demo, fetch: inProcessFetch(createFieldService({ fixture: demoFixture, now: () => new Date(NOW) })) });
    for (let i = 1; i <= 5; i++) await c.addToStore({ externalId: "auto-2" }, [{ materialId: "MAT-001", amount: i }]);
    const whole = await c.readJournal({ limit: 500 });
    expect(whole.items.length).toBe(5);
    const pages = [];
    for await (const page of c.journalPages({ limit: 2 })) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.items)).toEqual(whole.items);
    const rest = [];
    for await (const page of c.journalPages({ limit: 2, after: whole.items[2]?.seq as number })) rest.push(...page.items);
    expect(rest).toEqual(whole.items.slice(3));
  });
});

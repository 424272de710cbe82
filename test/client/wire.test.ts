// The typed client on the wire, against a scripted fetch (issue 40: what the mutation slice of
// src/client/client.ts, paths.ts, transport.ts and session.ts showed untested): the exact
// request each kind of call sends, which options a call reads, the login's answer and lifetime
// (AUTH-1, AUTH-3), how an answer is read (ERR-1), the path's checks (GEN-2, TXT-2), the query
// string, and the default timer of the retries (CLT-2).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient } from "../../src/client/client.js";
import { FieldServiceError, FieldServiceUnexpectedResponseError } from "../../src/client/errors.js";
import { operationPath, queryString } from "../../src/client/paths.js";
import { timerSleep } from "../../src/client/transport.js";
import type { FetchLike } from "../../src/client/transport.js";

const ORDER = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
const STORE = "7e570000-0000-4000-8000-000000000001";

/** A request as the scripted fetch saw it. */
interface Sent {
  readonly url: string;
  readonly init: RequestInit;
  readonly headers: Record<string, string>;
}

/** One scripted answer: status, body text, headers. */
type Scripted = [number, string, Record<string, string>?];

/**
 * A fetch that records each request and answers from `answers` in order; the login (`/auth/login`)
 * answers from `logins` in order (default: a token `t1`, `t2`, …).
 */
function scripted(answers: Scripted[], logins?: Scripted[]): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  let login = 0;
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, init, headers: { ...(init.headers as Record<string, string>) } });
    const next = url.endsWith("/auth/login") ? (logins?.[login] ?? [200, JSON.stringify({ accessToken: `t${login + 1}` })]) : answers.shift();
    if (url.endsWith("/auth/login")) login++;
    if (next === undefined) throw new Error(`no scripted answer for ${url}`);
    // A plain answer, not a Response: the platform's refuses a body on a 204, which a server may still send.
    const [status, text, headers] = next;
    return { status, text: async () => text, headers: new Headers(headers ?? {}) } as unknown as Response;
  };
  return { fetch, sent };
}

const credentials = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" };

afterEach(() => {
  vi.useRealTimers();
});

describe("the request on the wire", () => {
  it("AUTH-1: the login sends the credentials as JSON without a token; a read sends accept and the bearer, no body, no content type, no key, no signal unbounded", async () => {
    const { fetch, sent } = scripted([[200, JSON.stringify({ id: ORDER })]]);
    const client = createClient({ baseUrl: "http://api.test///", ...credentials, fetch });
    await client.readOrder(ORDER);
    const [login, read] = sent;
    expect(login?.url).toBe("http://api.test/auth/login");
    expect(login?.init.method).toBe("POST");
    expect(login?.headers).toEqual({ accept: "application/json", "content-type": "application/json" });
    expect(JSON.parse(login?.init.body as string)).toEqual(credentials);
    expect(read?.url).toBe(`http://api.test/order/${ORDER}`);
    expect(read?.init.method).toBe("GET");
    expect(read?.headers).toEqual({ accept: "application/json", authorization: "Bearer t1" });
    expect("body" in (read?.init ?? {})).toBe(false);
    expect("signal" in (read?.init ?? {})).toBe(false);
  });

  it("IDM-1: a write sends its JSON body with its content type and a key; the options of a write without a body are read from its last argument", async () => {
    const { fetch, sent } = scripted([[204, ""], [204, ""]]);
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
    await client.setMaterialAmounts(STORE, [{ materialId: "MAT-1", amount: 2 }], { idempotencyKey: "k-body" });
    await client.completeOrder(ORDER, { idempotencyKey: "k-none", dryRun: true });
    const [, set, complete] = sent;
    expect(set?.headers).toEqual({ accept: "application/json", "content-type": "application/json", "idempotency-key": "k-body", authorization: "Bearer t1" });
    expect(JSON.parse(set?.init.body as string)).toEqual([{ materialId: "MAT-1", amount: 2 }]);
    expect(complete?.url).toBe(`http://api.test/order/${ORDER}/complete?dryRun=true`);
    expect(complete?.headers["idempotency-key"]).toBe("k-none");
    expect("body" in (complete?.init ?? {})).toBe(false);
  });

  it("a read is never a dry run, whatever its options say; a query left empty adds no `?`", async () => {
    const { fetch, sent } = scripted([[200, "{}"], [200, JSON.stringify({ entries: [], next: null })]]);
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
    await client.readOrder(ORDER, { dryRun: true } as never);
    await client.readJournal();
    expect(sent[1]?.url).toBe(`http://api.test/order/${ORDER}`);
    expect(sent[2]?.url).toBe("http://api.test/journal");
  });

  it("STO-3: without validation a store query the parser refuses is sent as given (the server refuses it); with it, refused before sending", async () => {
    const problem = { type: "about:blank", title: "Bad Request", status: 400, name: "ValidationError", errors: [{ code: "OutOfRange", path: "page", message: "page (STO-3).", rule: "STO-3" }] };
    const { fetch, sent } = scripted([[400, JSON.stringify(problem)]]);
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
    const remote = await client.readStore(STORE, { page: 0, pageSize: 5 }).catch((e: unknown) => e);
    expect([remote instanceof FieldServiceError, (remote as FieldServiceError).local]).toEqual([true, false]);
    expect(sent.map((s) => s.url)).toEqual(["http://api.test/auth/login", `http://api.test/store/${STORE}?page=0&pageSize=5`]);
    const local = await client.readStore(STORE, { page: 0, pageSize: 5 }, { validate: true }).catch((e: unknown) => e);
    expect([local instanceof FieldServiceError, (local as FieldServiceError).local]).toEqual([true, true]);
    expect(sent).toHaveLength(2);
  });

  it("ORD-11: an optional body that is sent is validated like any other; one left out is not", async () => {
    const { fetch, sent } = scripted([[204, ""]]);
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch, validate: true });
    const refused = await client.cancelOrder(ORDER, { reason: 5 } as never).catch((e: unknown) => e);
    expect([refused instanceof FieldServiceError, (refused as FieldServiceError).local]).toEqual([true, true]);
    expect(sent).toHaveLength(0);
    await expect(client.cancelOrder(ORDER)).resolves.toBeUndefined();
    expect(sent.map((s) => s.url)).toEqual(["http://api.test/auth/login", `http://api.test/order/${ORDER}/cancel`]);
  });

  it("CLT-2: a call bounded by a timeout leaves no timer behind once answered, the login's included (the timer of a platform without AbortSignal.timeout)", async () => {
    vi.useFakeTimers();
    const statics = AbortSignal as unknown as Record<"timeout", unknown>;
    const saved = statics.timeout;
    Object.defineProperty(AbortSignal, "timeout", { value: undefined, configurable: true, writable: true });
    try {
      const { fetch } = scripted([[200, "{}"]]);
      const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch, timeout: 30_000 });
      await client.login();
      expect(vi.getTimerCount()).toBe(0);
      await client.readOrder(ORDER);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      Object.defineProperty(AbortSignal, "timeout", { value: saved, configurable: true, writable: true });
    }
  });

  it("createClient's own refusals name it", () => {
    expect(() => createClient({ baseUrl: "http://api.test", ...credentials, timeout: -1 })).toThrow(/^createClient: timeout/);
    expect(() => createClient({ baseUrl: "http://api.test", ...credentials, maxRetries: 1.5 })).toThrow(new RangeError("createClient: maxRetries must be a whole number, 0 or more (got 1.5)"));
  });
});

describe("how an answer is read (ERR-1)", () => {
  it("a 200 without a body is no answer of the operation; a 204 with a body is still done", async () => {
    const { fetch } = scripted([[200, ""], [204, "{\"ignored\":true}"]]);
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
    const empty = await client.readOrder(ORDER).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(FieldServiceUnexpectedResponseError);
    await expect(client.completeOrder(ORDER)).resolves.toBeUndefined();
  });

  it("a success whose body is not JSON is no answer of the operation, a 204 included", async () => {
    const { fetch } = scripted([[204, "<html>done</html>"]]);
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
    const error = await client.completeOrder(ORDER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldServiceUnexpectedResponseError);
  });
});

describe("the login's answer (AUTH-1, AUTH-3)", () => {
  it("AUTH-1: a login answer without a string token is an unexpected answer, whatever else it holds", async () => {
    for (const body of ["null", "[]", "{}", JSON.stringify({ accessToken: 5 }), JSON.stringify("token")]) {
      const { fetch } = scripted([], [[200, body]]);
      const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
      const error = await client.login().catch((e: unknown) => e);
      expect(error, body).toBeInstanceOf(FieldServiceUnexpectedResponseError);
    }
  });

  it("AUTH-3: a positive number of seconds in `expiresIn` sets the token's lifetime; zero, a negative number or text leaves the 60 minutes", async () => {
    const start = Date.parse("2026-11-23T08:00:00Z");
    const cases: [unknown, number, number][] = [
      [120, 119_000, 2],
      [120, 121_000, 3],
      ["120", 121_000, 2],
      [0, 1_000, 2],
      [-5, 1_000, 2],
    ];
    for (const [expiresIn, later, logins] of cases) {
      let now = start;
      const { fetch, sent } = scripted([[200, "{}"], [200, "{}"]], [[200, JSON.stringify({ accessToken: "a", expiresIn })], [200, JSON.stringify({ accessToken: "b" })]]);
      const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch, now: () => now, renewMarginMs: 0 });
      await client.readOrder(ORDER);
      now = start + later;
      await client.readOrder(ORDER);
      expect(sent.length, `expiresIn ${JSON.stringify(expiresIn)} after ${later} ms`).toBe(logins + 1);
    }
  });
});

describe("the path and the query", () => {
  it("GEN-2: a path given more or fewer records than it names is a programmer's error, named", () => {
    expect(() => operationPath("readOrder", [])).toThrow(new TypeError("readOrder names 1 record(s) in its path, 0 given"));
    expect(() => operationPath("readOrder", [ORDER, ORDER])).toThrow(new TypeError("readOrder names 1 record(s) in its path, 2 given"));
  });

  it("GEN-2: a reference that is neither a GUID string nor an object with an external ID is refused, a function with one included", () => {
    const fn = Object.assign(() => undefined, { externalId: "ORD-1" });
    expect(() => operationPath("readOrder", [fn as never])).toThrow(TypeError);
    expect(() => operationPath("readOrder", [null as never])).toThrow(TypeError);
  });

  it("TXT-2: an external ID no URL can carry is refused under TXT-2", () => {
    const error = (() => {
      try {
        return operationPath("readOrder", [{ externalId: ".." }]);
      } catch (e) {
        return e;
      }
    })() as FieldServiceError;
    expect(error.problem.errors.map((i) => [i.code, i.path, i.rule])).toEqual([["InvalidExternalId", "order", "TXT-2"]]);
  });

  it("a parameter left undefined is not sent; a list is joined with commas", () => {
    expect(queryString({ a: undefined, b: 1, c: ["x", "y"] })).toBe("b=1&c=x%2Cy");
    expect(queryString({ a: undefined })).toBe("");
  });
});

describe("the default wait between attempts (CLT-2)", () => {
  it("waits the time given, then resolves and stops listening to the signal", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, "removeEventListener");
    let done = false;
    const waited = timerSleep(1000, controller.signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waited;
    expect(done).toBe(true);
    expect(remove).toHaveBeenCalledWith("abort", expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an abort ends the wait with the signal's reason and clears the timer; a second abort is not heard", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, "addEventListener");
    const waited = timerSleep(60_000, controller.signal);
    expect(add).toHaveBeenCalledWith("abort", expect.any(Function), { once: true });
    controller.abort(new Error("stop"));
    await expect(waited).rejects.toThrow("stop");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("without a signal the wait is a plain timer", async () => {
    vi.useFakeTimers();
    const waited = timerSleep(10, undefined);
    await vi.advanceTimersByTimeAsync(10);
    await expect(waited).resolves.toBeUndefined();
  });
});

/** A promise and its resolve, for answers the test releases in its own order. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const answerOf = (status: number, text: string): Response => ({ status, text: async () => text, headers: new Headers() }) as unknown as Response;
const ticks = async (n = 5): Promise<void> => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe("one token, one login at a time (AUTH-2, AUTH-3)", () => {
  it("AUTH-2: a call whose 401 comes back after another call already logged in anew keeps the new token: one new login for both", async () => {
    const reads: { resolve: (r: Response) => void; auth: string }[] = [];
    let logins = 0;
    const fetch: FetchLike = (url, init) => {
      if (url.endsWith("/auth/login")) return Promise.resolve(answerOf(200, JSON.stringify({ accessToken: `t${++logins}` })));
      const d = deferred<Response>();
      reads.push({ resolve: d.resolve, auth: (init.headers as Record<string, string>)["authorization"] ?? "" });
      return d.promise;
    };
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
    await client.login();
    const first = client.readOrder(ORDER);
    const second = client.readOrder(ORDER);
    await ticks(20);
    expect(reads.map((r) => r.auth)).toEqual(["Bearer t1", "Bearer t1"]);
    reads[0]?.resolve(answerOf(401, ""));
    await ticks(20);
    expect(reads[2]?.auth).toBe("Bearer t2");
    reads[2]?.resolve(answerOf(200, "{}"));
    await first;
    reads[1]?.resolve(answerOf(401, ""));
    await ticks(20);
    expect(reads[3]?.auth).toBe("Bearer t2");
    reads[3]?.resolve(answerOf(200, "{}"));
    await second;
    expect(logins).toBe(2);
  });

  it("AUTH-1: a login called again forgets the kept token: when that login is refused, the next call logs in", async () => {
    let logins = 0;
    const fetch: FetchLike = async (url) => {
      if (!url.endsWith("/auth/login")) return answerOf(200, "{}");
      logins++;
      return logins === 2 ? answerOf(403, JSON.stringify({ type: "about:blank", title: "Forbidden", status: 403, name: "Forbidden", errors: [{ code: "InvalidCredentials", path: "", message: "No (AUTH-1).", rule: "AUTH-1" }] })) : answerOf(200, JSON.stringify({ accessToken: `t${logins}` }));
    };
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
    await client.login();
    await expect(client.login()).rejects.toBeInstanceOf(FieldServiceError);
    await client.readOrder(ORDER);
    expect(logins).toBe(3);
  });

  it("a login every caller stopped waiting for is given up: the next call starts its own, and the one given up, settling late, does not end it", async () => {
    const logins: { signal: AbortSignal | undefined; answer: ReturnType<typeof deferred<Response>> }[] = [];
    const fetch: FetchLike = (url, init) => {
      if (!url.endsWith("/auth/login")) return Promise.resolve(answerOf(200, "{}"));
      const answer = deferred<Response>();
      const signal = init.signal ?? undefined;
      logins.push({ signal, answer });
      return new Promise<Response>((resolve, reject) => {
        signal?.addEventListener("abort", () => setTimeout(() => reject(signal.reason), 0), { once: true });
        void answer.promise.then(resolve);
      });
    };
    const client = createClient({ baseUrl: "http://api.test", ...credentials, fetch });
    const stop = new AbortController();
    const abandoned = client.readOrder(ORDER, { signal: stop.signal }).catch((e: unknown) => e);
    await ticks(10);
    expect(logins).toHaveLength(1);
    stop.abort(new Error("caller gone"));
    const second = client.readOrder(ORDER);
    await ticks(10);
    expect(logins).toHaveLength(2);
    expect((await abandoned) as Error).toEqual(new Error("caller gone"));
    // The first login's own end (its fetch aborted) comes after the second started.
    await new Promise((r) => setTimeout(r, 5));
    const third = client.readOrder(ORDER);
    await ticks(10);
    expect(logins).toHaveLength(2);
    logins[1]?.answer.resolve(answerOf(200, JSON.stringify({ accessToken: "t2" })));
    await Promise.all([second, third]);
    expect(logins).toHaveLength(2);
  });
});

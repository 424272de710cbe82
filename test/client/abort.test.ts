// Timeouts and aborts: a call's signal and timeout bound the whole call, the login it waits for
// included, and it then rejects with the signal's reason as fetch does ("AbortError",
// "TimeoutError"). Against servers that never answer, each test only asks that the call rejects
// at all within the test's own time limit.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient, FieldServiceNetworkError, type FetchLike } from "../../src/client/index.js";
import { demo, recordingFetch, startServer, type Seen, type Started } from "./support.js";

const LIMIT = { timeout: 10_000 };

/** A node:http server whose answers each test decides; it records every request's method and path. */
interface Stub {
  readonly baseUrl: string;
  readonly received: string[];
  /** How to answer; by default never. */
  answer: (req: IncomingMessage, res: ServerResponse) => void;
  /** Resolves once a request whose "METHOD path" starts with `prefix` has arrived. */
  readonly arrived: (prefix: string) => Promise<void>;
}

/** Starts a stub on an ephemeral port of 127.0.0.1 (one per test: no connection outlives its test). */
async function startStub(): Promise<Stub & { readonly close: () => Promise<void> }> {
  const received: string[] = [];
  const waiters: { prefix: string; resolve: () => void }[] = [];
  const stub = {
    received,
    answer: (_req: IncomingMessage, _res: ServerResponse): void => {},
    arrived: (prefix: string): Promise<void> =>
      received.some((r) => r.startsWith(prefix)) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ prefix, resolve })),
  };
  const server: Server = createServer((req, res) => {
    const line = `${req.method} ${req.url}`;
    received.push(line);
    for (const w of waiters.splice(0)) {
      if (line.startsWith(w.prefix)) w.resolve();
      else waiters.push(w);
    }
    stub.answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return Object.assign(stub, { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close });
}

let stub: Stub & { readonly close: () => Promise<void> };
let real: Started;
beforeAll(async () => {
  real = await startServer();
});
beforeEach(async () => {
  stub = await startStub();
});
afterEach(async () => {
  await stub.close();
});
afterAll(async () => {
  await real.close();
});

/** What a promise rejected with (it must reject). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (v) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(v)}`);
    },
    (e: unknown) => e,
  );
}

function expectDomError(e: unknown, name: "AbortError" | "TimeoutError"): void {
  expect(e).toBeInstanceOf(DOMException);
  expect((e as DOMException).name).toBe(name);
  expect(e).not.toBeInstanceOf(FieldServiceNetworkError);
}

/** A fetch that hands every login to `login` and everything else to the real server. */
function splitFetch(seen: Seen[], login: FetchLike): FetchLike {
  const rest = recordingFetch(seen);
  return (url, init) => (url.endsWith("/auth/login") ? login(url, init) : rest(url, init));
}

/** A promise and the function that resolves it. */
function gate(): { readonly opened: Promise<void>; readonly open: () => void } {
  let open = (): void => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A client whose login request waits until `release` opens (`requested` opens when it is sent); other requests reach the real server. */
function heldLogin() {
  const seen: Seen[] = [];
  const requested = gate();
  const release = gate();
  const held = splitFetch(seen, async (url, init) => {
    requested.open();
    await release.opened;
    return recordingFetch(seen)(url, init);
  });
  return { seen, requested, release, c: createClient({ baseUrl: real.baseUrl, ...demo, fetch: held }) };
}

describe("timeout: the whole call, login included", () => {
  it("against a server that never answers the login, a call with timeout rejects with a TimeoutError, not a network error", LIMIT, async () => {
    const c = createClient({ baseUrl: stub.baseUrl, ...demo });
    expectDomError(await rejection(c.readOrder({ externalId: "O-1" }, { timeout: 50 })), "TimeoutError");
    expect(stub.received.filter((r) => r !== "POST /auth/login")).toEqual([]);
  });

  it("the client's timeout is the default of every call, login() included; a call's own timeout wins over a longer one", LIMIT, async () => {
    const short = createClient({ baseUrl: stub.baseUrl, ...demo, timeout: 50 });
    expectDomError(await rejection(short.readMaterial({ externalId: "MAT-001" })), "TimeoutError");
    expectDomError(await rejection(short.login()), "TimeoutError");
    const long = createClient({ baseUrl: stub.baseUrl, ...demo, timeout: 3_600_000 });
    expectDomError(await rejection(long.readMaterial({ externalId: "MAT-001" }, { timeout: 50 })), "TimeoutError");
  });

  it("the caller's signal and the timeout bound reading a body that never ends", LIMIT, async () => {
    stub.answer = (req, res) => {
      if (req.url === "/auth/login") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ accessToken: "t" }));
      } else {
        res.writeHead(200, { "content-type": "application/json" }).write("{\"id\":"); // and never the rest
      }
    };
    const headers = gate();
    const watching: FetchLike = async (url, init) => {
      const response = await fetch(url, init);
      if (!url.endsWith("/auth/login")) headers.open();
      return response;
    };
    const c = createClient({ baseUrl: stub.baseUrl, ...demo, fetch: watching });
    const controller = new AbortController();
    const call = rejection(c.readOrder({ externalId: "O-1" }, { signal: controller.signal }));
    await headers.opened; // the answer's head is in: the client is reading its body
    controller.abort();
    expectDomError(await call, "AbortError");
    expectDomError(await rejection(c.readMaterial({ externalId: "MAT-001" }, { timeout: 200 })), "TimeoutError");
  });

  it("an injected fetch that ignores the signal and never settles cannot hold a call past its timeout", LIMIT, async () => {
    const never: FetchLike = () => new Promise<Response>(() => {});
    const c = createClient({ baseUrl: "http://stand-in", ...demo, fetch: never, timeout: 50 });
    expectDomError(await rejection(c.readOrder({ externalId: "O-1" })), "TimeoutError");
  });

  it("a timeout that is negative or not a number is a RangeError, and nothing is sent", LIMIT, async () => {
    expect(() => createClient({ baseUrl: stub.baseUrl, ...demo, timeout: -1 })).toThrow(RangeError);
    expect(() => createClient({ baseUrl: stub.baseUrl, ...demo, timeout: Number.NaN })).toThrow(RangeError);
    const c = createClient({ baseUrl: stub.baseUrl, ...demo });
    await expect(c.readOrder({ externalId: "O-1" }, { timeout: -5 })).rejects.toThrow(RangeError);
    expect(stub.received).toEqual([]);
  });
});

describe("signal: the caller's abort ends its own wait", () => {
  it("a signal aborted mid-login rejects the call with the signal's reason (AbortError, or the caller's own reason)", LIMIT, async () => {
    const c = createClient({ baseUrl: stub.baseUrl, ...demo });
    const controller = new AbortController();
    const call = rejection(c.readOrder({ externalId: "O-1" }, { signal: controller.signal }));
    await stub.arrived("POST /auth/login");
    controller.abort();
    const e = await call;
    expectDomError(e, "AbortError");
    expect(e).toBe(controller.signal.reason);

    stub.received.length = 0; // the next call logs in afresh: the login nobody waits for was aborted
    const own = new AbortController();
    const reason = new Error("the user left the page");
    const second = rejection(c.readMaterial({ externalId: "MAT-001" }, { signal: own.signal }));
    await stub.arrived("POST /auth/login");
    own.abort(reason);
    expect(await second).toBe(reason);
  });

  it("AUTH-1: one caller aborting mid-login stops its own wait only; the shared login goes on and the others get its token", LIMIT, async () => {
    const { seen, requested, release, c } = heldLogin();
    const controller = new AbortController();
    const aborted = rejection(c.readMaterial({ externalId: "MAT-001" }, { signal: controller.signal }));
    const other = c.readMaterial({ externalId: "MAT-002" });
    await requested.opened;
    controller.abort();
    expectDomError(await aborted, "AbortError");
    release.open();
    expect((await other).externalId).toBe("MAT-002");
    expect(seen.map((s) => `${s.operation} ${s.status}`)).toEqual(["login 200", "readMaterial 200"]);
  });

  it("AUTH-1: login({ signal }) aborted mid-login does not fail a call that shares that login", LIMIT, async () => {
    const { seen, requested, release, c } = heldLogin();
    const controller = new AbortController();
    const login = rejection(c.login({ signal: controller.signal }));
    const other = c.readMaterial({ externalId: "MAT-003" });
    await requested.opened;
    controller.abort();
    expectDomError(await login, "AbortError");
    release.open();
    expect((await other).externalId).toBe("MAT-003");
  });

  it("AUTH-1: a login that no caller waits for any more is aborted, so the next call logs in afresh instead of waiting on it", LIMIT, async () => {
    const seen: Seen[] = [];
    const loginSignals: (AbortSignal | undefined)[] = [];
    const passOn = recordingFetch(seen);
    // The first login hangs (it honours its signal, as fetch does); later ones reach the server.
    const firstHangs = splitFetch(seen, (url, init) => {
      loginSignals.push(init.signal ?? undefined);
      if (loginSignals.length > 1) return passOn(url, init);
      return new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    });
    const c = createClient({ baseUrl: real.baseUrl, ...demo, fetch: firstHangs });
    const [a, b] = [new AbortController(), new AbortController()];
    const first = rejection(c.readMaterial({ externalId: "MAT-001" }, { signal: a.signal }));
    const second = rejection(c.readMaterial({ externalId: "MAT-002" }, { signal: b.signal }));
    a.abort();
    expectDomError(await first, "AbortError");
    expect(loginSignals[0]?.aborted).toBe(false); // another caller still waits for it
    b.abort();
    expectDomError(await second, "AbortError");
    expect(loginSignals[0]?.aborted).toBe(true);
    expect((await c.readMaterial({ externalId: "MAT-004" })).externalId).toBe("MAT-004");
    expect(loginSignals).toHaveLength(2);
    expect(seen.map((s) => `${s.operation} ${s.status}`)).toEqual(["login 200", "readMaterial 200"]);
  });

  it("a network failure that is not an abort stays a FieldServiceNetworkError, with what fetch threw as its cause", LIMIT, async () => {
    const cause = new TypeError("fetch failed");
    const c = createClient({ baseUrl: "http://stand-in", ...demo, fetch: () => Promise.reject(cause), timeout: 60_000 });
    const e = await rejection(c.readOrder({ externalId: "O-1" }, { signal: new AbortController().signal }));
    expect(e).toBeInstanceOf(FieldServiceNetworkError);
    expect((e as FieldServiceNetworkError).cause).toBe(cause);
  });
});

describe("platforms without AbortSignal.any or AbortSignal.timeout", () => {
  it("the timeout and the caller's signal still bound the call, with the same reasons", LIMIT, async () => {
    const statics = AbortSignal as unknown as Record<"any" | "timeout", unknown>;
    const saved = { any: statics.any, timeout: statics.timeout };
    Object.defineProperty(AbortSignal, "any", { value: undefined, configurable: true, writable: true });
    Object.defineProperty(AbortSignal, "timeout", { value: undefined, configurable: true, writable: true });
    try {
      const c = createClient({ baseUrl: stub.baseUrl, ...demo });
      const controller = new AbortController();
      expectDomError(await rejection(c.readOrder({ externalId: "O-1" }, { signal: controller.signal, timeout: 50 })), "TimeoutError");
      const call = rejection(c.readOrder({ externalId: "O-1" }, { signal: controller.signal, timeout: 3_600_000 }));
      await stub.arrived("POST /auth/login");
      controller.abort();
      expect(await call).toBe(controller.signal.reason);
    } finally {
      Object.defineProperty(AbortSignal, "any", { value: saved.any, configurable: true, writable: true });
      Object.defineProperty(AbortSignal, "timeout", { value: saved.timeout, configurable: true, writable: true });
    }
    expect(typeof AbortSignal.any).toBe("function");
  });
});

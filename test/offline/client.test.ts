// Hand-picked sessions of the offline client against the reference service in the same process
// (inProcessFetch), with a network the test cuts: a visit completed offline, a stock move offline,
// an ASN-5 conflict, stock taken elsewhere meanwhile, an answer lost after delivery, a locally
// refused write, a reload.
import { describe, expect, it } from "vitest";
import { inProcessFetch } from "../../src/client/in-process.js";
import { createOfflineClient, OfflineNetworkError, type OfflineClient } from "../../src/offline/client.js";
import { memoryQueueStore, type QueueStore } from "../../src/offline/queue.js";
import { createServiceCore, type ServiceCore } from "../../src/service/create.js";
import { commit } from "../../src/service/state.js";
import type { Guid } from "../../src/shared/guid.js";
import { ids, testCustomer, testFixture, testIntervention, testOrder } from "../../src/testing/arbitraries/records/fixture.js";
import { counter, cuttable, slot, upNetwork, type TestNetwork } from "./support.js";

const A = ids(0);
const day = "2026-05-04";
const clock = { t: Date.parse("2026-05-04T06:00:00Z") };

/** A server with two visits of technician 1 (8:00 and 10:00 UTC) and, with `collisions` off, ASN-5 on. */
function server(disableCollisions = false): { core: ServiceCore; visits: ReturnType<typeof testIntervention>[]; token: string } {
  const fixture = testFixture();
  fixture.companies[0]!.settings = { ...fixture.companies[0]!.settings, disableCollisions };
  // Both stores are technician 1's, so a move between them is in the device's scope (STO-2).
  fixture.companies[0]!.stores[1]!.availableFor = ["t1"];
  const core = createServiceCore({ fixture, now: () => new Date(clock.t), newId: counter(0, "00000000-0000-4000-9000-").next });
  const customer = testCustomer(0, 1, "CUST-1");
  const order = testOrder(customer, 1, "ORD-1");
  const visits = [8, 10].map((hour, n) => {
    const i = testIntervention(order, n + 1, `V-${n + 1}`);
    const s = slot(A.tech1, hour, 60);
    return { ...i, assignations: [{ userId: A.tech1, plannedStart: Date.parse(s.plannedStart), plannedEnd: Date.parse(s.plannedEnd) }] };
  });
  commit(core.companies.get(A.company)!, { customers: [customer], orders: [order], interventions: visits });
  const r = core.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
  return { core, visits, token: (r.body as { accessToken: string }).accessToken };
}

function device(core: ServiceCore, net: TestNetwork, store: QueueStore = memoryQueueStore()): OfflineClient {
  return createOfflineClient({
    baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
    scope: { userId: A.tech1, from: day, to: day }, store, fetch: cuttable(inProcessFetch(core), net), now: () => new Date(clock.t),
  });
}

const ivPath = (v: { orderId: Guid; id: Guid }) => `/order/${v.orderId}/intervention/${v.id}`;

describe("createOfflineClient", () => {
  it("OFF-2: a visit started, signed and completed offline is answered at once, queued, and applied once on the server when back online", async () => {
    const s = server();
    const net = upNetwork();
    const d = device(s.core, net);
    await d.pull();
    net.down = true;
    const v = s.visits[0]!;
    const answers = [await d.start(v.orderId, v.id), await d.requestSignature(v.orderId, v.id), await d.complete(v.orderId, v.id)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(d.intervention(v.id)?.state).toBe("Completed");
    expect((await d.pending()).map((w) => w.operation)).toEqual(["start", "requestSignature", "complete"]);
    expect((await d.sync()).complete).toBe(false);
    net.down = false;
    const report = await d.sync();
    expect(report).toMatchObject({ complete: true, pending: 0, conflicts: [] });
    expect(report.pushed.map((p) => p.server.status)).toEqual([200, 200, 200]);
    expect(s.core.companies.get(A.company)!.interventions.byId.get(v.id)?.state).toBe("Completed");
    expect(d.replica()?.interventions.get(v.id)?.state).toBe("Completed");
    expect(await d.pending()).toEqual([]);
  });

  it("OFF-4: a write the device refuses answers the server's refusal with its rule ID and is not queued", async () => {
    const s = server();
    const d = device(s.core, upNetwork());
    await d.pull();
    const v = s.visits[0]!;
    const local = await d.complete(v.orderId, v.id);
    const remote = s.core.handle({ method: "PUT", path: `${ivPath(v)}/Complete`, headers: { authorization: `Bearer ${s.token}` } });
    expect(local).toEqual({ status: remote.status, body: remote.body, issues: (remote.body as { errors: unknown[] }).errors });
    expect(local.issues.map((i) => i.rule)).toContain("INT-7");
    expect(await d.pending()).toEqual([]);
  });

  it("OFF-1: a stock move offline changes the device's stock at once; after sync the server and the replica hold the same amounts", async () => {
    const s = server();
    const net = upNetwork();
    const d = device(s.core, net);
    await d.pull();
    net.down = true;
    expect((await d.moveStock(A.store(1), A.store(2), [{ materialId: "M1", amount: 4 }])).status).toBe(204);
    expect(d.stock(A.store(1))?.get(A.material(1))).toBe("6");
    expect(d.stock(A.store(2))?.get(A.material(1))).toBe("4");
    expect(d.replica()?.stock.get(A.store(1))?.get(A.material(1))).toBe("10");
    net.down = false;
    expect(await d.sync()).toMatchObject({ complete: true, conflicts: [] });
    const stock = s.core.companies.get(A.company)!.stock;
    expect(stock.get(A.store(1))?.get(A.material(1))).toEqual({ kind: "finite", value: expect.anything() });
    expect(String((stock.get(A.store(1))?.get(A.material(1)) as { value: { toString(): string } }).value)).toBe("6");
    expect(Number(d.replica()?.stock.get(A.store(1))?.get(A.material(1)))).toBe(6);
    expect(Number(d.replica()?.stock.get(A.store(2))?.get(A.material(1)))).toBe(4);
  });

  it("OFF-3: a dispatcher books the technician's slot meanwhile: the offline replan is a conflict carrying ASN-5 and both answers, and the write queued after it is decided on the server's state", async () => {
    const s = server(true);
    const net = upNetwork();
    const d = device(s.core, net);
    await d.pull();
    net.down = true;
    const [first, second] = s.visits as [(typeof s.visits)[0], (typeof s.visits)[0]];
    const into13 = { primaryAssigneeId: A.tech1, day, categoryId: "revize", assignations: [slot(A.tech1, 13, 60)] };
    const mine = await d.replanIntervention(first.orderId, first.id, into13);
    expect(mine.status).toBe(200);
    expect((await d.start(second.orderId, second.id)).status).toBe(200);
    // Meanwhile a dispatcher, online, replans the second visit into the same slot.
    const theirs = s.core.handle({ method: "PUT", path: `${ivPath(second)}/Replan`, headers: { authorization: `Bearer ${s.token}` }, body: { ...into13, assignations: [slot(A.tech1, 13, 30)] } });
    expect(theirs.status).toBe(200);
    net.down = false;
    const report = await d.sync();
    expect(report.complete).toBe(true);
    expect(report.conflicts).toHaveLength(1);
    const [conflict] = report.conflicts;
    expect(conflict).toMatchObject({ rules: ["ASN-5"], local: mine, server: { status: 400 } });
    expect(conflict!.write.operation).toBe("replanIntervention");
    expect(report.pushed.map((p) => [p.write.operation, p.server.status])).toEqual([["replanIntervention", 400], ["start", 200]]);
    // The device now shows the server's state: the first visit where it was, the second one running at 13:00.
    expect(d.intervention(first.id)?.assignations[0]?.plannedStart).toBe(first.assignations[0]!.plannedStart);
    expect(d.intervention(second.id)?.state).toBe("Running");
  });

  it("OFF-3: stock taken elsewhere meanwhile is no conflict: the server moves what is left (STK-5 floors the source at 0) and its answer and amounts replace the device's", async () => {
    const s = server();
    const net = upNetwork();
    const d = device(s.core, net);
    await d.pull();
    net.down = true;
    expect((await d.moveStock(A.store(1), A.store(2), [{ materialId: "M1", amount: 8 }])).status).toBe(204);
    const taken = s.core.handle({ method: "PUT", path: `/store/${A.store(1)}/removeMaterial`, headers: { authorization: `Bearer ${s.token}` }, body: [{ materialId: "M1", amount: 7 }] });
    expect(taken.status).toBe(204);
    net.down = false;
    const report = await d.sync();
    expect(report).toMatchObject({ complete: true, conflicts: [] });
    expect(report.pushed.map((p) => p.server.status)).toEqual([204]);
    expect(Number(d.stock(A.store(1))?.get(A.material(1)))).toBe(0);
    expect(Number(d.stock(A.store(2))?.get(A.material(1)))).toBe(8);
  });

  it("OFF-2: an answer lost after delivery is resent with the same key and replayed: the journal holds one committed entry for it", async () => {
    const s = server();
    const net = upNetwork();
    const d = device(s.core, net);
    await d.pull();
    const v = s.visits[0]!;
    net.down = true;
    await d.start(v.orderId, v.id);
    const [queued] = await d.pending();
    net.down = false;
    let calls = 0;
    net.fate = () => (++calls === 1 ? "after" : "ok");
    const cut = await d.sync();
    expect(cut).toMatchObject({ complete: false, pending: 1, pushed: [] });
    const again = await d.sync();
    expect(again.complete).toBe(true);
    expect(again.pushed.map((p) => [p.write.key, p.server.status, p.replayed])).toEqual([[queued!.key, 200, true]]);
    const journal = s.core.handle({ method: "GET", path: "/journal?limit=500", headers: { authorization: `Bearer ${s.token}` } });
    const entries = (journal.body as { items: { idempotencyKey: string | null; outcome: string }[] }).items.filter((e) => e.idempotencyKey === queued!.key);
    expect(entries.map((e) => e.outcome)).toEqual(["committed"]);
    expect(s.core.companies.get(A.company)!.interventions.byId.get(v.id)?.state).toBe("Running");
  });

  it("OFF-6: a 429 on a pushed write or on the login is 'not now', as a 503: the write stays queued, the report carries Retry-After, the next sync decides it once", async () => {
    const s = server();
    const net = upNetwork();
    let throttle: RegExp | undefined;
    const real = cuttable(inProcessFetch(s.core), net);
    const d = createOfflineClient({
      baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
      scope: { userId: A.tech1, from: day, to: day }, now: () => new Date(clock.t),
      fetch: async (url, init) => {
        if (throttle?.test(new URL(url).pathname) === true) {
          const name = "TooManyRequests";
          return new Response(JSON.stringify({ status: 429, name, errors: [{ code: name, path: "", message: "Slow down." }] }), { status: 429, headers: { "retry-after": "42" } });
        }
        return real(url, init);
      },
    });
    await d.pull();
    const v = s.visits[0]!;
    await d.start(v.orderId, v.id);
    throttle = /\/Start$/;
    expect(await d.sync()).toEqual({ pushed: [], conflicts: [], pending: 1, complete: false, retryAfterMs: 42_000 });
    expect((await d.pending()).length).toBe(1);
    expect(s.core.companies.get(A.company)!.interventions.byId.get(v.id)?.state).not.toBe("Running");
    // A throttled login (issue 39) is no refusal of the write either; pull() rejects with the typed error.
    throttle = /^\/auth\/login$/;
    const fresh = createOfflineClient({
      baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
      scope: { userId: A.tech1, from: day, to: day }, fetch: async (url, init) => (throttle?.test(new URL(url).pathname) === true ? new Response("{}", { status: 429, headers: { "retry-after": new Date(clock.t + 9_000).toUTCString() } }) : real(url, init)),
      now: () => new Date(clock.t),
    });
    const e = (await fresh.pull().catch((x: unknown) => x)) as OfflineNetworkError;
    expect(e).toBeInstanceOf(OfflineNetworkError);
    expect([e.retryAfterMs, e.message]).toEqual([9_000, "POST /auth/login: the server answered 429, retry after 9 s"]);
    throttle = undefined;
    const done = await d.sync();
    expect(done.complete).toBe(true);
    expect(done.pushed.map((p) => p.server.status)).toEqual([200]);
    expect("retryAfterMs" in done).toBe(false);
    expect(s.core.companies.get(A.company)!.interventions.byId.get(v.id)?.state).toBe("Running");
  });

  it("OFF-5: a reload resumes from the store: the queue and the replica are there, the queued writes re-decided on it", async () => {
    const s = server();
    const net = upNetwork();
    const store = memoryQueueStore();
    const before = device(s.core, net, store);
    await before.pull();
    net.down = true;
    const v = s.visits[0]!;
    await before.start(v.orderId, v.id);
    const after = device(s.core, net, store);
    await after.ready();
    expect(after.intervention(v.id)?.state).toBe("Running");
    expect((await after.requestSignature(v.orderId, v.id)).status).toBe(200);
    expect((await after.pending()).map((w) => [w.seq, w.operation])).toEqual([[1, "start"], [2, "requestSignature"]]);
    net.down = false;
    expect(await after.sync()).toMatchObject({ complete: true, conflicts: [] });
    expect(s.core.companies.get(A.company)!.interventions.byId.get(v.id)?.state).toBe("WaitingForSignature");
  });

  it("OFF-4: a write before the first pull is a programmer's error, not a guess", async () => {
    const s = server();
    const d = device(s.core, upNetwork());
    await expect(d.start(A.store(1), A.store(2))).rejects.toThrow(/pull\(\) once online first/);
  });
});

/** A fetch over the in-process server that records every request as the wire would carry it. */
function recording(core: ServiceCore): { fetch: (url: string, init: RequestInit) => Promise<Response>; sent: { url: string; method: string; headers: Record<string, string>; body: unknown; signal: boolean }[] } {
  const inner = inProcessFetch(core);
  const sent: { url: string; method: string; headers: Record<string, string>; body: unknown; signal: boolean }[] = [];
  return {
    sent,
    fetch: (url, init) => {
      const headers = { ...(init.headers as Record<string, string>) };
      sent.push({ url, method: init.method ?? "GET", headers, body: typeof init.body === "string" ? JSON.parse(init.body) : init.body, signal: init.signal instanceof AbortSignal });
      return inner(url, init);
    },
  };
}

describe("createOfflineClient on the wire", () => {
  it("OFF-2: the login, the pull (with the cursor of the last one) and a pushed write carry the base URL, the headers, the body and the write's own key", async () => {
    const s = server();
    const wire = recording(s.core);
    let n = 0;
    const d = createOfflineClient({
      baseUrl: "http://stand-in//", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
      scope: { userId: A.tech1, from: day, to: day }, fetch: wire.fetch, now: () => new Date(clock.t), newKey: () => `key-${++n}`,
    });
    await d.pull();
    const cursor = d.replica()!.cursor;
    await d.moveStock(A.store(1), A.store(2), [{ materialId: "M1", amount: 1 }]);
    const v = s.visits[0]!;
    await d.start(v.orderId.toUpperCase(), v.id);
    const report = await d.sync();
    expect(report).toMatchObject({ complete: true, pending: 0, conflicts: [] });
    expect(report.pushed.map((p) => [p.server.status, p.replayed])).toEqual([[204, false], [200, false]]);
    const auth = wire.sent[1]!.headers["authorization"];
    expect(auth).toMatch(/^Bearer \S+$/);
    const scope = `scope=technician:${A.tech1}&from=${day}&to=${day}`;
    expect(wire.sent.map((r) => ({ ...r, headers: { ...r.headers, ...(r.headers["authorization"] === undefined ? {} : { authorization: r.headers["authorization"] === auth ? "auth" : "other" }) } }))).toEqual([
      { url: "http://stand-in/auth/login", method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" }, signal: true },
      { url: `http://stand-in/sync?${scope}`, method: "GET", headers: { accept: "application/json", authorization: "auth" }, body: undefined, signal: true },
      { url: `http://stand-in/store/${A.store(1)}/moveTo/${A.store(2)}`, method: "PUT", headers: { accept: "application/json", authorization: "auth", "idempotency-key": "key-1", "content-type": "application/json" }, body: [{ materialId: "M1", amount: 1 }], signal: true },
      { url: `http://stand-in/order/${v.orderId.toUpperCase()}/intervention/${v.id}/Start`, method: "PUT", headers: { accept: "application/json", authorization: "auth", "idempotency-key": "key-2" }, body: undefined, signal: true },
      { url: `http://stand-in/sync?${scope}&since=${encodeURIComponent(cursor)}`, method: "GET", headers: { accept: "application/json", authorization: "auth" }, body: undefined, signal: true },
    ]);
    // No header is sent empty: a pull carries no key and no content type.
    expect(wire.sent.map((r) => Object.keys(r.headers).sort().join(" "))).toEqual([
      "accept content-type", "accept authorization", "accept authorization content-type idempotency-key", "accept authorization idempotency-key", "accept authorization",
    ]);
  });

  it("OFF-2: a token the server no longer takes (401) is renewed by one login and the request sent again", async () => {
    const s = server();
    const wire = recording(s.core);
    const d = createOfflineClient({
      baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
      scope: { userId: A.tech1, from: day, to: day }, fetch: wire.fetch, now: () => new Date(clock.t),
    });
    const at = clock.t;
    try {
      await d.pull();
      clock.t += 2 * 3_600_000; // past the token's lifetime (AUTH-2)
      const v = s.visits[0]!;
      expect((await d.start(v.orderId, v.id)).status).toBe(200);
      expect(await d.sync()).toMatchObject({ complete: true, conflicts: [], pending: 0 });
      expect(wire.sent.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
        "POST /auth/login", "GET /sync", "PUT " + `${ivPath(v)}/Start`, "POST /auth/login", "PUT " + `${ivPath(v)}/Start`, "GET /sync",
      ]);
      expect(s.core.companies.get(A.company)!.interventions.byId.get(v.id)?.state).toBe("Running");
    } finally {
      clock.t = at;
    }
  });

  it("OFF-6: a server that cannot be reached, answers 5xx, cuts its answer or refuses the login is an OfflineNetworkError saying which; a refused scope is a plain Error, from pull and from sync", async () => {
    const s = server();
    const inner = inProcessFetch(s.core);
    let fault: ((url: string) => Response | "throw" | undefined) | undefined;
    const make = (secret = "secret-a", userId: string = A.tech1) => createOfflineClient({
      baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret },
      scope: { userId, from: day, to: day }, now: () => new Date(clock.t),
      fetch: async (url, init) => {
        const f = fault?.(new URL(url).pathname);
        if (f === "throw") throw new TypeError("fetch failed");
        return f ?? inner(url, init);
      },
    });
    const failure = async (p: Promise<unknown>): Promise<[string, string, unknown]> => {
      const e = (await p.then(() => new Error("resolved"), (x: unknown) => x)) as Error & { retryAfterMs?: unknown };
      return [e.name, e.message, e.retryAfterMs];
    };
    const syncPath = `/sync?scope=technician:${A.tech1}&from=${day}&to=${day}`;
    fault = (p) => (p === "/auth/login" ? "throw" : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", "login: the server could not be reached", undefined]);
    fault = (p) => (p === "/auth/login" ? new Response("{", { status: 200 }) : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", "login: the server could not be reached", undefined]);
    fault = undefined;
    expect(await failure(make("wrong").pull())).toEqual(["OfflineNetworkError", "login answered 403", undefined]);
    fault = (p) => (p === "/auth/login" ? new Response(JSON.stringify({ accessToken: 7 }), { status: 200 }) : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", "login answered 200", undefined]);
    fault = (p) => (p === "/auth/login" ? new Response("", { status: 200 }) : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", "login answered 200", undefined]);
    fault = (p) => (p === "/auth/login" ? new Response(JSON.stringify({ accessToken: "t" }), { status: 201 }) : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", "login answered 201", undefined]);
    fault = (p) => (p === "/sync" ? new Response("null", { status: 400 }) : p === "/auth/login" ? undefined : undefined);
    expect(await failure(make().pull())).toEqual(["Error", "GET /sync answered 400: ", undefined]);
    fault = (p) => (p === "/sync" ? new Response("{}", { status: 400 }) : undefined);
    expect(await failure(make().pull())).toEqual(["Error", "GET /sync answered 400: ", undefined]);
    fault = (p) => (p === "/sync" ? new Response(JSON.stringify({ errors: [{ path: "from", message: "a" }, { path: "to", message: "b" }] }), { status: 400 }) : undefined);
    expect(await failure(make().pull())).toEqual(["Error", "GET /sync answered 400: from a; to b", undefined]);
    fault = (p) => (p === "/sync" ? "throw" : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", `GET ${syncPath}: the server could not be reached`, undefined]);
    fault = (p) => (p === "/sync" ? new Response("", { status: 500 }) : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", `GET ${syncPath}: the server answered 500`, undefined]);
    fault = (p) => (p === "/sync" ? new Response("", { status: 503, headers: { "retry-after": "1" } }) : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", `GET ${syncPath}: the server answered 503, retry after 1 s`, 1000]);
    fault = (p) => (p === "/sync" ? new Response("{\"cursor\":", { status: 200 }) : undefined);
    expect(await failure(make().pull())).toEqual(["OfflineNetworkError", `GET ${syncPath}: the answer was cut`, undefined]);
    // 499 is an answer, not "not now": the scope's refusal path reads it.
    fault = (p) => (p === "/sync" ? new Response(JSON.stringify({ errors: [{ path: "scope", message: "no" }] }), { status: 499 }) : undefined);
    expect(await failure(make().pull())).toEqual(["Error", "GET /sync answered 499: scope no", undefined]);
    fault = undefined;
    const bad = make("secret-a", "not-a-guid");
    const refused = await failure(bad.pull());
    expect(refused.slice(0, 1)).toEqual(["Error"]);
    expect(refused[1]).toMatch(/^GET \/sync answered 400: scope /);
    expect(await failure(bad.sync())).toEqual(refused);
    // A failed call does not block the next one (the calls run one after another).
    const d = make();
    await expect(d.start(A.store(1), A.store(2))).rejects.toThrow(/pull\(\) once online first/);
    await expect(d.interventionCandidates(A.store(1), A.store(2), { day, duration: 60 })).rejects.toThrow("interventionCandidates: the device holds no replica yet; pull() once online first");
    await d.pull();
    expect(d.replica()).toBeDefined();
  });

  it("OFF-6: each request is bounded by timeoutMs: a server that never answers stops the pull with an OfflineNetworkError", async () => {
    const d = createOfflineClient({
      baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
      scope: { userId: A.tech1, from: day, to: day }, timeoutMs: 20,
      fetch: (_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    });
    await expect(d.pull()).rejects.toThrow("login: the server could not be reached");
  });

  it("OFF-1: the device's reads take a GUID in any case; a store or visit it does not hold is undefined; a refusal's issues are kept, a success has none", async () => {
    const s = server();
    const d = device(s.core, upNetwork());
    expect([d.intervention(s.visits[0]!.id), d.stock(A.store(1))]).toEqual([undefined, undefined]);
    await d.pull();
    const v = s.visits[0]!;
    expect(d.intervention(v.id.toUpperCase())?.id).toBe(v.id);
    expect(d.stock(A.store(1).toUpperCase())?.get(A.material(1))).toBe("10");
    expect(d.stock(A.store(1))?.get(A.material(2))).toBeNull();
    expect(d.stock(A.material(1))).toBeUndefined();
    const ok = await d.start(v.orderId, v.id);
    expect(ok).toEqual({ status: 200, body: expect.anything(), issues: [] });
    const moved = await d.moveStock(A.store(1), A.store(2), [{ materialId: "M1", amount: 1 }]);
    expect(moved).toEqual({ status: 204, issues: [] });
    expect("body" in moved).toBe(false);
  });
});

describe("createOfflineClient rebase", () => {
  it("OFF-5: a pull re-decides each queued write on the new replica and keeps its new local answer, a changed body as well as a changed status", async () => {
    const s = server();
    const d = device(s.core, upNetwork());
    await d.pull();
    const [first, second] = s.visits as [(typeof s.visits)[0], (typeof s.visits)[0]];
    expect((await d.start(first.orderId, first.id)).status).toBe(200);
    expect((await d.start(second.orderId, second.id)).status).toBe(200);
    expect((await d.moveStock(A.store(1), A.store(2), [{ materialId: "M1", amount: 3 }])).status).toBe(204);
    // Meanwhile a dispatcher notes something on the first visit and cancels the second.
    const auth = { authorization: `Bearer ${s.token}` };
    expect(s.core.handle({ method: "PUT", path: ivPath(first), headers: auth, body: { internalNote: "gate code 1234" } }).status).toBe(200);
    expect(s.core.handle({ method: "PUT", path: `${ivPath(second)}/Cancel`, headers: auth, body: {} }).status).toBe(200);
    await d.pull();
    const [one, two, three] = (await d.pending()) as [QueuedWriteOf, QueuedWriteOf, QueuedWriteOf];
    expect([three.operation, three.local]).toEqual(["moveStock", { status: 204, issues: [] }]);
    expect(d.stock(A.store(1))?.get(A.material(1))).toBe("7");
    expect([one.local.status, (one.local.body as { internalNote?: unknown }).internalNote]).toEqual([200, "gate code 1234"]);
    expect([two.local.status, two.local.issues.length > 0]).toEqual([400, true]);
    expect(d.intervention(first.id)?.state).toBe("Running");
    expect(d.intervention(second.id)?.state).toBe("Cancelled");
  });
});

type QueuedWriteOf = Awaited<ReturnType<OfflineClient["pending"]>>[number];

describe("createOfflineClient, more of the rules", () => {
  it("OFF-2: each operation is queued under its name and path; a failed push does not pull, and a plain network failure reports no Retry-After", async () => {
    const s = server();
    const wire = recording(s.core);
    let down = false;
    const d = createOfflineClient({
      baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
      scope: { userId: A.tech1, from: day, to: day }, now: () => new Date(clock.t),
      fetch: async (url, init) => {
        if (down && new URL(url).pathname !== "/sync") throw new TypeError("fetch failed");
        return wire.fetch(url, init);
      },
    });
    await d.pull();
    const v = s.visits[0]!;
    expect((await d.startDeparture(v.orderId, v.id)).status).toBe(200);
    expect((await d.editIntervention(v.orderId, v.id, { priority: "High" })).status).toBe(200);
    expect((await d.moveStock(A.store(1), A.store(2), [{ materialId: "M1", amount: 1 }])).status).toBe(204);
    expect((await d.pending()).map((w) => `${w.operation} ${w.path}`)).toEqual([
      `startDeparture ${ivPath(v)}/StartDeparture`, `editIntervention ${ivPath(v)}`, `moveStock /store/${A.store(1)}/moveTo/${A.store(2)}`,
    ]);
    down = true;
    const before = wire.sent.length;
    const report = await d.sync();
    expect(report).toEqual({ pushed: [], conflicts: [], pending: 3, complete: false });
    expect("retryAfterMs" in report).toBe(false);
    expect(wire.sent.length).toBe(before); // the /sync it could have reached was not asked
  });

  it("OFF-3: a server success has no issues even when its body holds an errors list; a refusal's issues are its errors", async () => {
    const s = server();
    const inner = inProcessFetch(s.core);
    const d = createOfflineClient({
      baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
      scope: { userId: A.tech1, from: day, to: day }, now: () => new Date(clock.t),
      fetch: async (url, init) => (new URL(url).pathname.endsWith("/Start") ? new Response(JSON.stringify({ errors: [{ code: "X", path: "", message: "m", rule: "INT-7" }] }), { status: 200 }) : inner(url, init)),
    });
    await d.pull();
    const v = s.visits[0]!;
    await d.start(v.orderId, v.id);
    const report = await d.sync();
    expect(report.pushed.map((p) => [p.server.status, p.server.issues])).toEqual([[200, []]]);
  });

  it("OFF-1: the device decides with its own clock and GUID source (a completion's report documents), and without fetch or now uses the platform's", async () => {
    const s = server();
    const ids = counter(0, "dddddddd-0000-4000-9000-");
    const at = Date.parse("2026-05-04T07:30:00Z");
    const d = createOfflineClient({
      baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" },
      scope: { userId: A.tech1, from: day, to: day }, fetch: inProcessFetch(s.core), now: () => new Date(at), newId: ids.next,
    });
    await d.pull();
    const v = s.visits[0]!;
    for (const step of [d.start, d.requestSignature, d.complete]) expect((await step(v.orderId, v.id)).status).toBe(200);
    const docs = d.intervention(v.id)?.reportDocuments ?? [];
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) expect([doc.id.startsWith("dddddddd-"), new Date(doc.createdAt as never).getTime()]).toEqual([true, at]);
    // No fetch given: the global one; no clock given: the system's (a Retry-After date is read against it).
    const when = new Date(Date.now() + 120_000).toUTCString();
    const real = globalThis.fetch;
    globalThis.fetch = (async () => new Response("", { status: 503, headers: { "retry-after": when } })) as typeof fetch;
    try {
      const plain = createOfflineClient({ baseUrl: "http://stand-in", credentials: { tenantCode: "alpha", clientId: "client", secret: "secret-a" }, scope: { userId: A.tech1, from: day, to: day } });
      const e = (await plain.pull().catch((x: unknown) => x)) as OfflineNetworkError;
      expect(e).toBeInstanceOf(OfflineNetworkError);
      expect(e.retryAfterMs).toBeGreaterThan(60_000);
      expect(e.retryAfterMs).toBeLessThanOrEqual(120_000);
    } finally {
      globalThis.fetch = real;
    }
  });
});

import type { AddressInfo } from "node:net";
import { request as rawRequest } from "node:http";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceCore } from "../../src/service/create.js";
import { commit } from "../../src/service/state.js";
import { createHttpServer } from "../../src/server/http.js";
import type { Effect } from "../../src/notification/effect.js";
import { ids, testCustomer, testFixture, testOrder } from "../../src/testing/arbitraries/records/fixture.js";

let server: Server;
let base: string;
const logged: string[] = [];
const effect: Effect = { type: "cancelReminder", interventionId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301" };

beforeAll(async () => {
  const core = createServiceCore({ fixture: testFixture() });
  const c = core.companies.get(ids(0).company)!;
  const customer = testCustomer(0, 1, "CUST-1");
  commit(c, { customers: [customer], orders: [testOrder(customer, 1, "ORD-1")] });
  // A service wrapper that adds an effect to one path, to see the adapter log it.
  const service = {
    handle: (r: Parameters<typeof core.handle>[0]) => {
      if (r.path === "/effect") return { status: 204, effects: [effect, effect] };
      if (r.path === "/dry") return { status: 204, effects: [effect], dryRun: true as const };
      if (r.path === "/boom") throw new Error("secret detail: db password is hunter2");
      return core.handle(r);
    },
  };
  server = createHttpServer(service, { log: (line) => logged.push(line) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = { "content-type": "application/json" };
const login = async (): Promise<string> => {
  const r = await fetch(`${base}/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ tenantCode: "alpha", clientId: "client", secret: "secret-a" }) });
  return ((await r.json()) as { accessToken: string }).accessToken;
};

describe("HTTP adapter", () => {
  it("AUTH-1: a full happy path: log in, then read a record with the token", async () => {
    const r = await fetch(`${base}/auth/login`, { method: "POST", headers: { "Content-Type": "application/json; charset=utf-8" }, body: JSON.stringify({ tenantCode: "alpha", clientId: "client", secret: "secret-a" }) });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await r.json()) as { accessToken: string; user: { companyId: string } };
    expect(body.user.companyId).toBe(ids(0).company);
    const order = await fetch(`${base}/order/externalId/ORD-1`, { headers: { Authorization: `Bearer ${body.accessToken}` } });
    expect(order.status).toBe(200);
    expect(await order.json()).toMatchObject({ externalId: "ORD-1", state: "Open" });
  });

  it("AUTH-2: no token is 401 with a NotAuthenticated problem body", async () => {
    const r = await fetch(`${base}/order/externalId/ORD-1`);
    expect(r.status).toBe(401);
    expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await r.json()).toMatchObject({ status: 401, name: "NotAuthenticated" });
  });

  it("ERR-2: malformed JSON is 400 with a problem body", async () => {
    const r = await fetch(`${base}/auth/login`, { method: "POST", headers: json, body: "{ nope" });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ name: "BadRequest", errors: [{ code: "InvalidJson", path: "" }] });
    const bad = await fetch(`${base}/auth/login`, { method: "POST", headers: json, body: new Uint8Array([0x7b, 0xff, 0x7d]) });
    expect(bad.status).toBe(400);
  });

  it("HTTP-1: a body with another media type is 415 citing HTTP-1; an empty body needs no media type", async () => {
    const r = await fetch(`${base}/auth/login`, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(r.status).toBe(415);
    expect(await r.json()).toMatchObject({ name: "UnsupportedMediaType", errors: [{ code: "UnsupportedMediaType", rule: "HTTP-1" }] });
    const empty = await fetch(`${base}/auth/login`, { method: "POST" });
    expect(empty.status).toBe(400); // reached the service: the login body is required (AUTH-1)
  });

  it("HTTP-1: a body over 1 MiB is 413 citing HTTP-1 and the connection is closed, not left hanging", async () => {
    const big = JSON.stringify({ tenantCode: "x".repeat(1_048_600) });
    const r = await fetch(`${base}/auth/login`, { method: "POST", headers: json, body: big });
    expect(r.status).toBe(413);
    expect(r.headers.get("connection")).toBe("close");
    expect(await r.json()).toMatchObject({ name: "PayloadTooLarge", errors: [{ code: "PayloadTooLarge", path: "", rule: "HTTP-1" }] });
  });

  it("a chunked body that grows over 1 MiB is 413 as well, and the server still answers afterwards", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = rawRequest(`${base}/auth/login`, { method: "POST", headers: { ...json, "transfer-encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 40) {
          sent++;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it("prints one log line per effect and one per request, and a 204 has no body", async () => {
    logged.length = 0;
    const r = await fetch(`${base}/effect`, { method: "PUT" });
    expect(r.status).toBe(204);
    expect(await r.text()).toBe("");
    expect(logged.slice(0, 2)).toEqual([`effect ${JSON.stringify(effect)}`, `effect ${JSON.stringify(effect)}`]);
    expect(logged[2]).toMatch(/^PUT \/effect 204 \d+\.\dms$/);
  });

  it("GEN-8: a dry run's effects are a preview, never delivered: no effect line is logged", async () => {
    logged.length = 0;
    const r = await fetch(`${base}/dry`, { method: "PUT" });
    expect(r.status).toBe(204);
    expect(logged.filter((l) => l.startsWith("effect "))).toEqual([]);
    expect(logged[0]).toBe("dry run: 1 effect(s) previewed, none delivered");
  });

  it("ERR-1: the request log never shows the query string (it may carry secrets)", async () => {
    logged.length = 0;
    await (await fetch(`${base}/nope?token=s3cret&dryRun=true`)).arrayBuffer();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^GET \/nope 404 \d+\.\dms$/);
  });

  it("ERR-2, HTTP-2: a failure inside the service is a problem-details 500 citing HTTP-2 with an opaque incident ID; the stack goes to the log only", async () => {
    logged.length = 0;
    const r = await fetch(`${base}/boom`);
    expect(r.status).toBe(500);
    const text = await r.text();
    expect(text).not.toContain("hunter2");
    const body = JSON.parse(text) as { name: string; incidentId: string; errors: { code: string }[] };
    expect(body).toMatchObject({ status: 500, name: "InternalServerError", errors: [{ code: "InternalError", path: "", rule: "HTTP-2" }] });
    expect(body.incidentId).toMatch(/^[0-9a-f-]{36}$/);
    const line = logged.find((l) => l.startsWith("internal error"));
    expect(line).toContain(body.incidentId);
    expect(line).toContain("hunter2");
    expect(line).toContain("at "); // the stack
  });

  it("ERR-1: a 405 carries an Allow header and a problem body", async () => {
    const r = await fetch(`${base}/order/externalId/ORD-1`, { method: "POST", headers: json, body: "{}" });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET, PUT");
    expect(await r.json()).toMatchObject({ name: "MethodNotAllowed" });
  });

  it("ERR-1, HTTP-1: a 20 KB URL is 414 and 40 KB of headers 431, both with problem-details bodies citing HTTP-1", async () => {
    const long = await fetch(`${base}/order/externalId/${"x".repeat(20_000)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toMatchObject({ status: 414, name: "UriTooLong", errors: [{ code: "UriTooLong", path: "", rule: "HTTP-1" }] });
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = rawRequest(`${base}/nope`, { headers: { "x-big": "y".repeat(40_000) } }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(status.status).toBe(431);
    expect(JSON.parse(status.body)).toMatchObject({ status: 431, name: "RequestHeaderFieldsTooLarge", errors: [{ code: "HeadersTooLarge", rule: "HTTP-1" }] });
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it("survives 1,000 requests with 50 in flight", async () => {
    const token = await login();
    let next = 0;
    const statuses: number[] = [];
    const worker = async (): Promise<void> => {
      while (next < 1000) {
        const n = next++;
        const r = n % 3 === 0
          ? await fetch(`${base}/order/externalId/ORD-1`, { headers: { authorization: `Bearer ${token}` } })
          : n % 3 === 1
            ? await fetch(`${base}/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ tenantCode: "alpha", clientId: "client", secret: "wrong" }) })
            : await fetch(`${base}/order/nope`);
        await r.arrayBuffer();
        statuses.push(r.status);
      }
    };
    await Promise.all(Array.from({ length: 50 }, worker));
    expect(statuses).toHaveLength(1000);
    // 333 wrong secrets for one client: the first 10 are 403, the rest 429 (CRD-2).
    expect(new Set(statuses)).toEqual(new Set([200, 403, 404, 429]));
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
  }, 30_000);
});

describe("HTTP adapter and the login throttle", () => {
  it("CRD-2, CRD-3: the adapter passes the socket's address to the service, and a throttled login is 429 with Retry-After and a problem body naming the rule", async () => {
    const core = createServiceCore({ fixture: testFixture() });
    const seen: (string | undefined)[] = [];
    const own = createHttpServer({ handle: (r: Parameters<typeof core.handle>[0]) => (seen.push(r.remoteAddress), core.handle(r)) }, { log: () => {} });
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/auth/login`;
    try {
      const send = (secret: string) => fetch(url, { method: "POST", headers: json, body: JSON.stringify({ tenantCode: "beta", clientId: "client", secret }) });
      for (let i = 0; i < 10; i++) expect((await send(`wrong-${i}`)).status).toBe(403);
      const r = await send("secret-b");
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      const body = (await r.json()) as { status: number; name: string; errors: { code: string; rule: string }[] };
      expect(body).toMatchObject({ status: 429, name: "TooManyRequests", errors: [{ code: "TooManyLoginFailures", rule: "CRD-2" }] });
      expect(new Set(seen)).toEqual(new Set(["127.0.0.1"]));
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });
});

describe("HTTP adapter: the headers the service is handed", () => {
  it("IDM-3: an Idempotency-Key sent on several lines, its name in any case, reaches the service as every value in order; once, as its text; other headers as Node reads them", async () => {
    const seen: Readonly<Record<string, string | readonly string[] | undefined>>[] = [];
    const own = createHttpServer({ handle: (r) => (seen.push(r.headers ?? {}), { status: 204, effects: [] }) }, { log: () => {} });
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const port = (own.address() as AddressInfo).port;
    // Raw header lines, as a proxy may write them: names in any case, one name on several lines.
    const send = (headers: string[]) =>
      new Promise<number>((resolve, reject) => {
        // Node adds no Host to raw header lines, and its server refuses a request without one.
        const req = rawRequest({ host: "127.0.0.1", port, method: "GET", path: "/", headers: ["Host", `127.0.0.1:${port}`, ...headers] }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      expect(await send(["Idempotency-Key", "K", "X-Trace", "t", "IDEMPOTENCY-KEY", "K-other", "idempotency-key", "K"])).toBe(204);
      expect(seen[0]?.["idempotency-key"]).toEqual(["K", "K-other", "K"]);
      expect(seen[0]?.["x-trace"]).toBe("t");
      expect(await send(["Idempotency-KEY", "only", "Authorization", "Bearer x"])).toBe(204);
      expect(seen[1]?.["idempotency-key"]).toBe("only");
      expect(seen[1]?.["authorization"]).toBe("Bearer x");
      expect(await send(["X-Other", "a"])).toBe(204);
      expect(seen[2]?.["idempotency-key"]).toBeUndefined();
      expect(seen[2]?.["x-other"]).toBe("a");
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });

  it("ERR-2: one decoder serves every body: a body that is not UTF-8 is 400, and the next body decodes as if it were the first; a leading byte order mark is skipped", async () => {
    const bodies: unknown[] = [];
    const own = createHttpServer({ handle: (r) => (bodies.push(r.body), { status: 200, body: { ok: true }, effects: [] }) }, { log: () => {} });
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/`;
    const post = (body: Uint8Array | string) => fetch(url, { method: "POST", headers: json, body });
    try {
      // A body cut in the middle of a three-byte sequence.
      expect((await post(new Uint8Array([0x7b, 0x22, 0xe2, 0x82]))).status).toBe(400);
      // Its unfinished bytes do not prefix the next body: a lone continuation byte is refused as such,
      // and a whole body reads as sent.
      expect((await post(new Uint8Array([0xac, 0x7b, 0x7d]))).status).toBe(400);
      expect((await post(JSON.stringify({ name: "Nováková €" }))).status).toBe(200);
      expect((await post("\ufeff[1]")).status).toBe(200);
      // A byte that is not UTF-8 inside a string: JSON either way, were it read as U+FFFD.
      expect((await post(new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]))).status).toBe(400);
      // A body of many chunks reads whole.
      const long = "é".repeat(200_000);
      expect((await post(JSON.stringify([long]))).status).toBe(200);
      expect(bodies).toEqual([{ name: "Nováková €" }, [1], [long]]);
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });
});

// CORS of the HTTP adapter and the command (issue 34 item 1), over plain node fetch: preflights
// (COR-1), the headers of every answer (COR-2), the command's setting and default (COR-3).
// The same in a real browser: test/server/cors-browser.test.ts.
import type { Server } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCliArgs, startCli } from "../../src/server/cli.js";
import { corsAllows, parseCorsOrigins } from "../../src/api/cors.js";
import { createHttpServer } from "../../src/server/http.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { closeServer, listenOnLoopback } from "../chromium.js";

const APP = "http://localhost:5173";
const login = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" };

let open: Server;
let openBase: string;
let listed: Server;
let listedBase: string;
let closed: Server;
let closedBase: string;

beforeAll(async () => {
  const service = createFieldService({ fixture: demoFixture });
  open = createHttpServer(service, { log: () => {}, cors: "*", docs: { version: "0.0.0-test" } });
  listed = createHttpServer(service, { log: () => {}, cors: [APP] });
  closed = createHttpServer(service, { log: () => {} });
  [openBase, listedBase, closedBase] = await Promise.all([listenOnLoopback(open), listenOnLoopback(listed), listenOnLoopback(closed)]);
});

afterAll(async () => {
  await Promise.all([closeServer(open), closeServer(listed), closeServer(closed)]);
});

function preflight(base: string, path: string, origin: string, method = "POST"): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": "authorization, content-type, idempotency-key" },
  });
}

async function token(base: string): Promise<string> {
  const r = await fetch(`${base}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(login) });
  return ((await r.json()) as { accessToken: string }).accessToken;
}

describe("preflights (COR-1)", () => {
  it("COR-1: a preflight from an allowed origin is 204 with the methods, the four request headers and a max age, on any path", async () => {
    for (const path of ["/auth/login", "/store/externalId/auto-2/addToStore", "/no/such/route"]) {
      const r = await preflight(openBase, path, APP);
      expect(r.status).toBe(204);
      expect(await r.text()).toBe("");
      expect(r.headers.get("access-control-allow-origin")).toBe(APP);
      expect(r.headers.get("access-control-allow-methods")?.split(", ").sort()).toEqual(["GET", "OPTIONS", "POST", "PUT"]);
      expect(r.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type, Idempotency-Key, If-None-Match");
      expect(r.headers.get("access-control-max-age")).toBe("600");
      expect(r.headers.get("vary")).toBe("Origin, Access-Control-Request-Method, Access-Control-Request-Headers");
    }
  });

  it("COR-1: a preflight from an origin not allowed is 204 with no CORS header; without CORS an OPTIONS stays 405; an OPTIONS that is no preflight is 405", async () => {
    const other = await preflight(listedBase, "/auth/login", "http://evil.example");
    expect([other.status, other.headers.get("access-control-allow-origin"), other.headers.get("access-control-allow-methods")]).toEqual([204, null, null]);
    const listedOk = await preflight(listedBase, "/auth/login", APP);
    expect(listedOk.headers.get("access-control-allow-origin")).toBe(APP);
    expect((await preflight(closedBase, "/auth/login", APP)).status).toBe(405);
    const plain = await fetch(`${openBase}/auth/login`, { method: "OPTIONS", headers: { origin: APP } });
    expect(plain.status).toBe(405);
  });

  it("COR-1: a preflight decides nothing: the journal is unchanged after preflights of every write", async () => {
    const t = await token(openBase);
    const read = async (): Promise<number> => ((await (await fetch(`${openBase}/journal?limit=500`, { headers: { authorization: `Bearer ${t}` } })).json()) as { items: unknown[] }).items.length;
    const before = await read();
    await preflight(openBase, "/store/externalId/auto-2/addToStore", APP);
    await preflight(openBase, "/customer", APP, "PUT");
    expect(await read()).toBe(before);
  });
});

describe("the headers of every answer (COR-2)", () => {
  it("COR-2: a success, a refusal with its issues, and an edge answer to an allowed origin name it and expose Location, Retry-After, ETag, Idempotent-Replayed", async () => {
    const t = await token(openBase);
    const headers = { origin: APP, authorization: `Bearer ${t}`, "content-type": "application/json" };
    const ok = await fetch(`${openBase}/store/externalId/auto-2/addToStore`, { method: "POST", headers: { ...headers, "idempotency-key": "k-cors-1" }, body: JSON.stringify([{ materialId: "MAT-001", amount: 1 }]) });
    const refused = await fetch(`${openBase}/store/externalId/auto-2/addToStore`, { method: "POST", headers, body: JSON.stringify([{ materialId: "NOPE", amount: -1 }]) });
    const edge = await fetch(`${openBase}/customer`, { method: "POST", headers: { ...headers, "content-type": "text/plain" }, body: "x" });
    const docs = await fetch(`${openBase}/docs/scalar.js`, { method: "HEAD", headers: { origin: APP, "accept-encoding": "gzip" } });
    expect([ok.status, refused.status, edge.status, docs.status]).toEqual([201, 400, 415, 200]);
    expect(((await refused.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
    for (const r of [ok, refused, edge, docs]) {
      expect(r.headers.get("access-control-allow-origin")).toBe(APP);
      expect(r.headers.get("access-control-expose-headers")).toBe("Location, Retry-After, ETag, Idempotent-Replayed");
      expect(r.headers.get("vary")?.split(", ")[0]).toBe("Origin");
    }
    // The documentation keeps its own Vary beside Origin.
    expect(docs.headers.get("vary")).toBe("Origin, accept-encoding");
  });

  it("COR-2: an origin not allowed, Origin: null and no Origin get no CORS header, only Vary: Origin; without CORS nothing changes", async () => {
    const t = await token(listedBase);
    for (const origin of ["http://evil.example", "null", undefined]) {
      const r = await fetch(`${listedBase}/material/externalId/MAT-001`, { headers: { authorization: `Bearer ${t}`, ...(origin === undefined ? {} : { origin }) } });
      expect([r.status, r.headers.get("access-control-allow-origin"), r.headers.get("access-control-expose-headers"), r.headers.get("vary")]).toEqual([200, null, null, "Origin"]);
    }
    const none = await fetch(`${closedBase}/material/externalId/MAT-001`, { headers: { authorization: `Bearer ${await token(closedBase)}`, origin: APP } });
    expect([none.headers.get("access-control-allow-origin"), none.headers.get("vary")]).toEqual([null, null]);
  });

  it("COR-2: an allowed origin is matched exactly (scheme, host, port); any listed origin matches itself, any other does not", () => {
    const origin = fc.webUrl({ withFragments: false, withQueryParameters: false }).map((u) => new URL(u).origin);
    fc.assert(
      fc.property(fc.uniqueArray(origin, { minLength: 1, maxLength: 4 }), origin, (allowed, asked) => {
        expect(corsAllows(allowed, asked)).toBe(allowed.includes(asked));
        for (const a of allowed) expect(corsAllows(allowed, a)).toBe(true);
        expect(corsAllows("*", asked)).toBe(true);
      }),
    );
  });
});

describe("the command's setting (COR-3)", () => {
  it("COR-3: --cors, then CORS_ORIGINS; default any origin in memory and none on PostgreSQL; a bad value is a usage error", () => {
    expect(parseCliArgs([], {})).toMatchObject({ cors: "*" });
    expect(parseCliArgs(["--database-url", "postgres://localhost/x"], {})).toMatchObject({ cors: [] });
    expect(parseCliArgs([], { DATABASE_URL: "postgres://localhost/x", CORS_ORIGINS: "*" })).toMatchObject({ cors: "*" });
    expect(parseCliArgs(["--cors", "none"], { CORS_ORIGINS: "*" })).toMatchObject({ cors: [] });
    expect(parseCliArgs(["--cors=http://localhost:5173,https://App.Example:443/"], {})).toMatchObject({ cors: [APP, "https://app.example"] });
    for (const bad of ["localhost:5173", "http://localhost:5173/app", "ftp://x", ",", "http://u:p@x"]) {
      expect(parseCliArgs(["--cors", bad], {})).toMatchObject({ kind: "usage", message: expect.stringMatching(/^--cors must be \*, none, or origins/) });
    }
    expect(parseCorsOrigins("http://a.example?x", "CORS_ORIGINS")).toEqual({ usage: expect.stringMatching(/^CORS_ORIGINS must be/) });
  });

  it("COR-3: the command serves the CORS it says it serves, and says so at start", async () => {
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    const open = await startCli(["--port", "0"], {}, io, "0");
    const restricted = await startCli(["--port", "0", "--cors", "none"], {}, io, "0");
    if (typeof open === "number" || typeof restricted === "number") throw new Error("did not start");
    try {
      expect((await preflight(open.baseUrl, "/auth/login", APP)).headers.get("access-control-allow-origin")).toBe(APP);
      expect((await preflight(restricted.baseUrl, "/auth/login", APP)).status).toBe(405);
      expect(out.join("\n")).toContain("Browser pages allowed to call it (CORS): any origin");
      expect(out.join("\n")).toContain("Browser pages allowed to call it (CORS): none (--cors ORIGINS allows some)");
    } finally {
      await Promise.all([open.stop(), restricted.stop()]);
    }
  });
});

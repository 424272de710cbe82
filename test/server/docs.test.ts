// The documentation routes of the HTTP adapter (issue 13): GET /openapi.json, the Scalar page
// at GET /docs and Scalar's bundle at GET /docs/scalar.js, read from node_modules, never a CDN.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import { openApiDocument } from "../../src/service/openapi.js";
import { scalarBundlePath } from "../../src/server/docs.js";
import { createHttpServer } from "../../src/server/http.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { answerViolations, checkContract } from "../contract/openapi-contract.js";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createHttpServer(createFieldService({ fixture: demoFixture }), { log: () => {}, docs: { version: "9.9.9" } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("documentation routes", () => {
  it("ERR-1: GET /openapi.json serves the OpenAPI document with the server's version and a relative server", async () => {
    const r = await fetch(`${base}/openapi.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    const doc = (await r.json()) as { info: { version: string }; servers: { url: string }[] };
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument("9.9.9"))));
    expect(doc.servers[0]?.url).toBe("/");
    // The document describes its own path too, and this answer matches that description.
    expect(answerViolations("/openapi.json", "get", 200, doc)).toEqual([]);
    expect(answerViolations("/openapi.json", "get", 200, { openapi: "3.0.3" })).not.toEqual([]);
  });

  it("ERR-1: GET /docs serves the Scalar page, which loads only this origin", async () => {
    const r = await fetch(`${base}/docs`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await r.text();
    expect(html).toContain('<script src="/docs/scalar.js"></script>');
    expect(html).toContain('"url":"/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("ERR-1: GET /docs/scalar.js is the installed package's standalone bundle, gzipped when accepted; HEAD has no body", async () => {
    const file = readFileSync(scalarBundlePath());
    // fetch asks for gzip and decodes it; the decoded bytes are the file's.
    const r = await fetch(`${base}/docs/scalar.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-encoding")).toBe("gzip");
    expect(Buffer.from(await r.arrayBuffer()).equals(file)).toBe(true);
    const head = await fetch(`${base}/docs/scalar.js`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
    expect(head.headers.get("content-length")).toBe(String(file.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("ERR-2: another method on a path the server serves itself is 405 with Allow and a problem body, not the service's 404", async () => {
    for (const path of ["/openapi.json", "/docs", "/docs/", "/docs/scalar.js", "/openapi.json?x=1"]) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
        const r = await fetch(`${base}${path}`, { method, ...(method === "POST" || method === "PUT" ? { headers: { "content-type": "application/json" }, body: "{}" } : {}) });
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD");
        expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(await r.json()).toMatchObject({ type: "about:blank", status: 405, name: "MethodNotAllowed", errors: [{ code: "MethodNotAllowed", path: "" }] });
      }
    }
    // The documented 405 of the document's own path, checked like every other answer.
    const r = await fetch(`${base}/openapi.json`, { method: "POST" });
    expect(answerViolations("/openapi.json", "get", 405, await r.json())).toEqual([]);
  });

  it("ERR-2: paths the server does not serve itself, and every API route, still reach the service", async () => {
    for (const path of ["/docs/other.js", "/openapi.yaml", "/docsx"]) expect((await fetch(`${base}${path}`, { method: "POST" })).status, path).toBe(404);
    const login = await fetch(`${base}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }) });
    expect(login.status).toBe(200);
  });

  it("ERR-1: the adapter's own refusals (413, 414, 415) match the documented problem body", async () => {
    const answers: [string, RequestInit, number][] = [
      ["/customer", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" }, 415],
      [`/customer/externalId/${"x".repeat(9000)}`, { method: "GET" }, 414],
      ["/customer", { method: "POST", headers: { "content-type": "application/json" }, body: `"${"x".repeat(1_100_000)}"` }, 413],
    ];
    for (const [path, init, status] of answers) {
      const r = await fetch(`${base}${path}`, init);
      expect(r.status).toBe(status);
      // Routed as the service would route it, checked against that operation's documented answer.
      const body = (await r.json()) as unknown;
      expect(() => checkContract({ method: init.method ?? "GET", path }, { status, body, effects: [] })).not.toThrow();
    }
  });
});

describe("caching of the documentation routes", () => {
  const sha = (bytes: Buffer): string => `"${createHash("sha256").update(bytes).digest("base64url")}"`;
  const raw = async (path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> => {
    // identity: the tag must be the one of the bytes on the wire, which fetch would decode.
    const r = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
    return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
  };

  for (const path of ["/openapi.json", "/docs", "/docs/scalar.js"]) {
    it(`ERR-1: GET ${path} carries a strong ETag of the bytes sent and Cache-Control: no-cache; If-None-Match with it is 304 without a body`, async () => {
      const first = await raw(path);
      expect(first.status).toBe(200);
      const tag = first.headers.get("etag");
      expect(tag).toBe(sha(first.bytes));
      expect(first.headers.get("cache-control")).toBe("no-cache");
      for (const ifNoneMatch of [tag as string, `W/${tag as string}`, `"other", ${tag as string}`, "*"]) {
        const again = await raw(path, { "if-none-match": ifNoneMatch });
        expect(again.status, ifNoneMatch).toBe(304);
        expect(again.bytes.length).toBe(0);
        expect(again.headers.get("etag")).toBe(tag);
        expect(again.headers.get("cache-control")).toBe("no-cache");
      }
      const stale = await raw(path, { "if-none-match": '"stale"' });
      expect(stale.status).toBe(200);
      expect(stale.bytes.equals(first.bytes)).toBe(true);
      const head = await fetch(`${base}${path}`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe(tag);
      expect(head.headers.get("content-length")).toBe(String(first.bytes.length));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      const headNotModified = await fetch(`${base}${path}`, { method: "HEAD", headers: { "accept-encoding": "identity", "if-none-match": tag as string } });
      expect(headNotModified.status).toBe(304);
    });
  }

  it("ERR-1: the gzipped bundle is other bytes, so it has its own tag, and each revalidates only itself", async () => {
    const plain = await raw("/docs/scalar.js");
    const r = await fetch(`${base}/docs/scalar.js`, { headers: { "accept-encoding": "gzip" } });
    const gzipTag = r.headers.get("etag");
    await r.arrayBuffer();
    expect(gzipTag).toBe(sha(gzipSync(readFileSync(scalarBundlePath()))));
    expect(gzipTag).not.toBe(plain.headers.get("etag"));
    expect((await raw("/docs/scalar.js", { "if-none-match": gzipTag as string })).status).toBe(200);
    const gz = await fetch(`${base}/docs/scalar.js`, { headers: { "accept-encoding": "gzip", "if-none-match": gzipTag as string } });
    expect(gz.status).toBe(304);
    expect(gz.headers.get("vary")).toBe("accept-encoding");
  });

  it("ERR-1: the document's tag follows its bytes: another version is another tag", async () => {
    const other = createHttpServer(createFieldService({ fixture: demoFixture }), { log: () => {}, docs: { version: "9.9.10" } });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const r = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/openapi.json`);
      const bytes = Buffer.from(await r.arrayBuffer());
      expect(r.headers.get("etag")).toBe(sha(bytes));
      expect(r.headers.get("etag")).not.toBe((await raw("/openapi.json")).headers.get("etag"));
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe("without the optional renderer", () => {
  it("ERR-1: GET /docs says how to install @scalar/api-reference and links the document; GET /docs/scalar.js is the service's 404", async () => {
    const bare = createHttpServer(createFieldService({ fixture: demoFixture }), { log: () => {}, docs: { version: "9.9.9", rendererBundle: null } });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const at = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    try {
      const page = await fetch(`${at}/docs`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("npm install @scalar/api-reference@1.72.1");
      expect(html).toContain('href="/openapi.json"');
      expect(html).not.toContain("/docs/scalar.js");
      expect((await fetch(`${at}/docs/scalar.js`)).status).toBe(404);
      expect((await fetch(`${at}/openapi.json`)).status).toBe(200);
    } finally {
      bare.closeAllConnections();
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});

// The documentation routes of the HTTP adapter (issue 13): GET /openapi.json, the Scalar page
// at GET /docs and Scalar's bundle at GET /docs/scalar.js, read from node_modules, never a CDN.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import { openApiDocument } from "../../src/service/openapi.js";
import { scalarBundlePath } from "../../src/server/docs.js";
import { createHttpServer } from "../../src/server/http.js";
import { demoFixture } from "../../src/testing/demo-fixture.js";
import { checkContract } from "../contract/openapi-contract.js";

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

  it("ERR-2: other methods on the doc paths, and every API route, still reach the service", async () => {
    const post = await fetch(`${base}/docs`, { method: "POST" });
    expect(post.status).toBe(404);
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

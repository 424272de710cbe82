// A third-party judge of the OpenAPI document: Stoplight Prism (`@stoplight/prism-cli`, a
// devDependency) runs as a validating proxy in front of the HTTP server,
// `prism proxy docs/openapi.json http://127.0.0.1:PORT --errors`, and the README walk-through,
// the model suite's requests and the documentation paths go through it. With `--errors`
// Prism answers a request the document refuses (422), a response it refuses (500), and
// anything it cannot route (401 without a token, 405) itself, with a body whose `type` is one
// of Prism's error URIs, and lists what it found wrong in `sl-violations`. Every answer is
// watched for both; the test fails on any. The in-process contract check
// (openapi-contract.ts) is the ajv twin of this one, on every test's answers.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import type { Server } from "node:http";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import { createHttpServer } from "../../src/server/http.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { runModelSuite } from "../../src/testing/model/run.js";

interface WalkthroughModule { runWalkthrough: (base: string) => Promise<Array<{ step: string; status: number; problems: string[] }>> }

const PRISM_ERROR = "https://stoplight.io/prism/errors#";
const demo = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" };

let server: Server;
let prism: ChildProcess;
let proxy: string;
let prismOutput = "";
/** Every answer that came through Prism: what was asked, the status, and what Prism said of it. */
const seen: Array<{ request: string; status: number; violations: string | null; prismError: string | undefined }> = [];
const realFetch = globalThis.fetch;

/** A fetch that records what Prism said of each answer before handing it on unread. */
async function watchedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await realFetch(input, init);
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith(proxy)) {
    const text = await response.clone().text();
    const prismError = text.includes(PRISM_ERROR) ? text : undefined;
    seen.push({ request: `${init?.method ?? "GET"} ${url.slice(proxy.length)}`, status: response.status, violations: response.headers.get("sl-violations"), prismError });
  }
  return response;
}

/** What Prism objected to since the last call, one line each. */
function objections(): string[] {
  const out = seen.filter((s) => s.violations !== null || s.prismError !== undefined).map((s) => `${s.request} -> ${s.status}: ${s.violations ?? s.prismError ?? ""}`);
  seen.length = 0;
  return out;
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  // Fixed clock before the README's December 2026 dates, as in test/readme/walkthrough.test.ts.
  const service = createFieldService({ fixture: demoFixture, now: () => new Date("2026-11-23T08:00:00Z") });
  server = createHttpServer(service, { log: () => {}, docs: { version: "prism" } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const port = await freePort();
  proxy = `http://127.0.0.1:${port}`;
  const pkg = createRequire(import.meta.url).resolve("@stoplight/prism-cli/package.json");
  // Scarf is Prism's install-time telemetry; it stays off even where install scripts run.
  prism = spawn(process.execPath, [join(dirname(pkg), "dist", "index.js"), "proxy", "docs/openapi.json", upstream, "--errors", "-p", String(port), "-h", "127.0.0.1"], {
    env: { ...process.env, SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in 30 s:\n${prismOutput}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      prismOutput += chunk.toString();
      if (prismOutput.includes("Prism is listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout?.on("data", onData);
    prism.stderr?.on("data", onData);
    prism.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${prismOutput}`));
    });
  });
  globalThis.fetch = watchedFetch;
}, 40_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  prism?.removeAllListeners("exit");
  prism?.kill();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe("Prism, a third-party validating proxy, in front of the server", () => {
  // A test that failed half-way leaves its objections unread: they are its own, not the next one's.
  beforeEach(() => {
    seen.length = 0;
  });

  it("ERR-1: Prism itself objects to an answer the document does not allow, so the watch can fail", async () => {
    // A request the document refuses never reaches the server: Prism answers 422 itself.
    const r = await fetch(`${proxy}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tenantCode: "demo" }) });
    expect(r.status).toBe(422);
    expect(objections()).toEqual([expect.stringContaining("POST /auth/login -> 422")]);
  });

  it("AUTH-1, CUS-1, ORD-1, INT-1, ASN-5, STK-5, STO-4: the README walk-through passes through Prism without a violation", async () => {
    const { runWalkthrough } = (await import(new URL("../../scripts/walkthrough.mjs", import.meta.url).href)) as WalkthroughModule;
    const results = await runWalkthrough(proxy);
    expect(objections()).toEqual([]);
    expect(results.filter((r) => r.problems.length > 0)).toEqual([]);
  });

  it("GEN-8, INT-7, ORD-11, ORD-13, STK-2, STK-3, STK-4, STK-5, STK-6: the model suite's requests and answers pass through Prism without a violation", async () => {
    const report = await runModelSuite({ baseUrl: proxy }, { fixture: demoFixture, credentials: demo, numRuns: 4, maxCommands: 25, seed: 21, firstDay: "2033-03-01" });
    expect(report.numRuns).toBe(4);
    expect(objections()).toEqual([]);
  }, 60_000);

  it("ERR-1 AUTH-2 GEN-2: refusals the server gives (401, 404, 400) pass through Prism as documented", async () => {
    const login = await fetch(`${proxy}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(demo) });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const json = { "content-type": "application/json" };
    const answers: Array<[string, RequestInit, number]> = [
      ["/auth/login", { method: "POST", headers: json, body: JSON.stringify({ ...demo, secret: "wrong" }) }, 403],
      ["/order/externalId/ORD-1", { headers: { authorization: "Bearer not-a-token" } }, 401],
      ["/order/externalId/no-such-order", { headers: { authorization: `Bearer ${accessToken}` } }, 404],
      ["/order/3f2504e0-4f89-11d3-9a0c-0305e82c3301/intervention/3f2504e0-4f89-11d3-9a0c-0305e82c3302/Start", { method: "PUT", headers: { ...json, authorization: `Bearer ${accessToken}` }, body: "{}" }, 404],
      ["/store/externalId/centralni-sklad/addToStore", { method: "POST", headers: { ...json, authorization: `Bearer ${accessToken}` }, body: JSON.stringify([{ materialId: "no-such-material", amount: 1 }]) }, 400],
      ["/store/externalId/centralni-sklad?page=1&pageSize=2", { headers: { authorization: `Bearer ${accessToken}` } }, 200],
    ];
    for (const [path, init, status] of answers) {
      const r = await fetch(`${proxy}${path}`, init);
      await r.arrayBuffer();
      expect(r.status, path).toBe(status);
    }
    expect(objections()).toEqual([]);
  });

  it("STK-6: a material listed twice is a body the document allows, and added twice", async () => {
    const login = await fetch(`${proxy}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(demo) });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { "content-type": "application/json", authorization: `Bearer ${accessToken}` };
    const set = await fetch(`${proxy}/store/externalId/auto-1/setMaterialAmounts`, { method: "PUT", headers, body: JSON.stringify([{ materialId: "MAT-005", amount: 0 }]) });
    expect(set.status).toBe(204);
    const r = await fetch(`${proxy}/store/externalId/auto-1/addToStore`, { method: "POST", headers, body: JSON.stringify([{ materialId: "MAT-005", amount: 1 }, { materialId: "MAT-005", amount: 1 }]) });
    expect(r.status).toBe(201);
    expect(((await r.json()) as { items: Array<{ amount: number | null }> }).items.map((i) => i.amount)).toEqual([2]);
    expect(objections()).toEqual([]);
  });

  it("ERR-1 ERR-2: the documentation paths answer as documented through Prism: 200, 304 on If-None-Match, 405 on another method", async () => {
    for (const path of ["/openapi.json", "/docs"]) {
      const r = await fetch(`${proxy}${path}`);
      await r.arrayBuffer();
      expect(r.status, path).toBe(200);
      const tag = r.headers.get("etag");
      expect(tag, path).toMatch(/^"[\w-]{43}"$/);
      const again = await fetch(`${proxy}${path}`, { headers: { "if-none-match": tag as string } });
      await again.arrayBuffer();
      expect(again.status, path).toBe(304);
    }
    expect(objections()).toEqual([]);
    // Another method: Prism answers 405 itself (the document lists GET only) without asking the
    // server, which the HTTP tests check directly (test/server/docs.test.ts).
    const post = await fetch(`${proxy}/openapi.json`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(objections()).toEqual([expect.stringContaining("POST /openapi.json -> 405")]);
  });
});

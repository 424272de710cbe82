// CORS in a real browser (issue 34 item 1): headless Chromium opens a page served from one
// loopback port; the page runs the typed client (bundled for the browser by esbuild) against the
// stand-in on another port: it logs in, makes a write (with the client's Idempotency-Key, so the
// preflight must allow it), repeats it by hand and reads the exposed replay header, and shows a
// refused write's issues with their rule IDs. A stand-in that allows another origin only is
// unreachable from the page: the browser hides the answer (COR-1, COR-2). Skipped with a note
// without Chromium, as the other browser tests are; CI always has it.
import { createServer, type Server } from "node:http";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "../../src/server/http.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { CHROMIUM, chromiumPresent, closeServer, launchChromium, listenOnLoopback } from "../chromium.js";

const present = chromiumPresent;
if (!present) console.warn(`cors-browser.test.ts: no Chromium at ${CHROMIUM}; the CORS browser test is skipped (apt-get install -y chromium, as .ci/run does).`);

let app: Server;
let appBase: string;
let api: Server;
let apiBase: string;
let elsewhere: Server;
let elsewhereBase: string;
let browser: Browser | undefined;
const apiLog: string[] = [];

// What the page runs: every step's outcome lands in window.results, for the test to read.
const PAGE_SCRIPT = `
import { createClient, FieldServiceError, FieldServiceNetworkError } from "/client.js";
const params = new URLSearchParams(location.search);
const baseUrl = params.get("api");
const results = {};
try {
  const client = createClient({ baseUrl, tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" });
  const login = await client.login();
  results.login = typeof login.accessToken === "string";
  const added = await client.addToStore({ externalId: "auto-2" }, [{ materialId: "MAT-001", amount: 3 }], { idempotencyKey: "browser-key-1" });
  results.added = added.items.map((i) => i.amount);
  const again = await fetch(baseUrl + "/store/externalId/auto-2/addToStore", {
    method: "POST",
    headers: { authorization: "Bearer " + login.accessToken, "content-type": "application/json", "idempotency-key": "browser-key-1" },
    body: JSON.stringify([{ materialId: "MAT-001", amount: 3 }]),
  });
  results.replayed = [again.status, again.headers.get("idempotent-replayed")];
  try {
    await client.addToStore({ externalId: "auto-2" }, [{ materialId: "NO-SUCH", amount: -1 }]);
    results.refused = "accepted";
  } catch (e) {
    results.refused = e instanceof FieldServiceError ? { status: e.status, rules: e.problem.errors.map((i) => i.path + " " + i.rule) } : String(e);
    document.body.textContent = e.message;
  }
} catch (e) {
  results.failure = e instanceof FieldServiceNetworkError ? "network: " + e.message : String(e);
}
window.results = results;
`;

beforeAll(async () => {
  if (!present) return;
  const bundled = await build({ entryPoints: ["src/client/index.ts"], bundle: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
  const clientJs = bundled.outputFiles[0]?.text ?? "";
  app = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/client.js") res.writeHead(200, { "content-type": "text/javascript" }).end(clientJs);
    else if (path === "/page.js") res.writeHead(200, { "content-type": "text/javascript" }).end(PAGE_SCRIPT);
    else res.writeHead(200, { "content-type": "text/html" }).end('<!doctype html><title>app</title><body>waiting</body><script type="module" src="/page.js"></script>');
  });
  appBase = await listenOnLoopback(app);
  const service = createFieldService({ fixture: demoFixture });
  api = createHttpServer(service, { log: (line) => apiLog.push(line), cors: [appBase] });
  elsewhere = createHttpServer(service, { log: () => {}, cors: ["http://127.0.0.1:1"] });
  [apiBase, elsewhereBase] = await Promise.all([listenOnLoopback(api), listenOnLoopback(elsewhere)]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (!present) return;
  await Promise.all([closeServer(app), closeServer(api), closeServer(elsewhere)]);
});

async function run(apiUrl: string): Promise<Record<string, unknown>> {
  const page = await (browser as Browser).newPage();
  try {
    await page.goto(`${appBase}/?api=${encodeURIComponent(apiUrl)}`);
    await page.waitForFunction(() => (globalThis as unknown as { results?: unknown }).results !== undefined, undefined, { timeout: 30_000 });
    return (await page.evaluate(() => (globalThis as unknown as { results: Record<string, unknown> }).results));
  } finally {
    await page.close();
  }
}

describe.skipIf(!present)("a browser page of another origin", () => {
  it("COR-1, COR-2: logs in, writes, reads the replay header, and shows a refused write's issues with their rule IDs", async () => {
    expect(new URL(appBase).port).not.toBe(new URL(apiBase).port);
    const results = await run(apiBase);
    expect(results).toEqual({
      login: true,
      added: [3],
      replayed: [201, "true"],
      refused: { status: 400, rules: expect.arrayContaining([expect.stringMatching(/^\[0\]\.\w+ [A-Z]+-\d+$/)]) },
    });
    // The browser asked before the write with custom headers; the preflight was answered 204.
    expect(apiLog.some((line) => /^OPTIONS \/store\/externalId\/auto-2\/addToStore 204 /.test(line))).toBe(true);
    expect(apiLog.some((line) => /^POST \/store\/externalId\/auto-2\/addToStore 400 /.test(line))).toBe(true);
  });

  it("COR-2: a stand-in that allows another origin only is out of the page's reach: the client reports a network error", async () => {
    const results = await run(elsewhereBase);
    expect(results["failure"]).toMatch(/^network: login: no answer from the API \(Failed to fetch\)$/);
  });
});

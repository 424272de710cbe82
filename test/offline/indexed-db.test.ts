// The IndexedDB queue store in a real browser: headless Chromium (Debian's package) driven by
// playwright-core loads the store bundled by esbuild for the browser into a page served from
// 127.0.0.1 (IndexedDB needs an origin), queues writes and a replica, reloads the page, and
// finds both again. Skipped with a note when Chromium is not on the machine.
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { CHROMIUM, chromiumPresent, closeServer, launchChromium, listenOnLoopback } from "../chromium.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const present = chromiumPresent;
if (!present) console.warn(`indexed-db.test.ts: no Chromium at ${CHROMIUM}; the IndexedDB queue test is skipped.`);

let server: Server;
let base: string;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!present) return;
  const bundled = await build({
    entryPoints: [join(import.meta.dirname, "..", "..", "src", "offline", "indexed-db.ts")],
    bundle: true, platform: "browser", format: "iife", globalName: "offlineStore", write: false, logLevel: "silent",
  });
  const script = bundled.outputFiles[0]!.text;
  server = createServer((request, response) => {
    if (request.url === "/store.js") {
      response.writeHead(200, { "content-type": "text/javascript" }).end(script);
      return;
    }
    response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>queue</title><script src="/store.js"></script>`);
  });
  base = await listenOnLoopback(server);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (!present) return;
  await closeServer(server);
});

describe.skipIf(!present)("indexedDbQueueStore in Chromium", () => {
  it("OFF-2: the queue keeps its writes in order with their keys, and the replica with its maps, across a page reload", async () => {
    const page = await (browser as Browser).newPage();
    await page.goto(`${base}/`);
    await page.evaluate(async () => {
      const w = (globalThis as unknown as { offlineStore: { indexedDbQueueStore: (name: string) => import("../../src/offline/queue.js").QueueStore } }).offlineStore;
      const store = w.indexedDbQueueStore("fsr-offline-test");
      const local = { status: 200, issues: [] };
      await store.put({ key: "k-3", seq: 3, operation: "complete", method: "PUT", path: "/order/o/intervention/i/Complete", local });
      await store.put({ key: "k-1", seq: 1, operation: "start", method: "PUT", path: "/order/o/intervention/i/Start", local });
      await store.put({ key: "k-2", seq: 2, operation: "moveStock", method: "PUT", path: "/store/a/moveTo/b", body: [{ materialId: "M1", amount: 2 }], local: { status: 204, issues: [] } });
      await store.put({ key: "k-4", seq: 4, operation: "start", method: "PUT", path: "/gone", local });
      await store.remove("k-4");
      await store.saveReplica({ cursor: "c-7", stock: new Map([["s1", new Map([["m1", "2.5"], ["m2", null]])]]) } as never);
    });
    await page.reload();
    const found = await page.evaluate(async () => {
      const w = (globalThis as unknown as { offlineStore: { indexedDbQueueStore: (name: string) => import("../../src/offline/queue.js").QueueStore } }).offlineStore;
      const store = w.indexedDbQueueStore("fsr-offline-test");
      const writes = await store.writes();
      const replica = (await store.replica()) as unknown as { cursor: string; stock: Map<string, Map<string, string | null>> };
      return { writes: writes.map((x) => [x.seq, x.key, x.operation, JSON.stringify(x.body ?? null)]), cursor: replica.cursor, stock: [...replica.stock].map(([s, m]) => [s, [...m]]) };
    });
    expect(found).toEqual({
      writes: [[1, "k-1", "start", "null"], [2, "k-2", "moveStock", JSON.stringify([{ materialId: "M1", amount: 2 }])], [3, "k-3", "complete", "null"]],
      cursor: "c-7",
      stock: [["s1", [["m1", "2.5"], ["m2", null]]]],
    });
    await page.close();
  });
});

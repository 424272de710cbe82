// The reference page in a real browser (issue 13): headless Chromium (Debian's package, which
// .ci/run installs) driven by playwright-core opens /docs served by the HTTP adapter, finds the
// operations, and logs in through Scalar's "try it". Without Chromium on the machine the test is
// skipped with a note; CI always has it. A screenshot goes to reports/screenshots/ (git-ignored).
import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { CHROMIUM, chromiumPresent, closeServer, launchChromium, listenOnLoopback } from "../chromium.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import { createHttpServer } from "../../src/server/http.js";
import { demoFixture } from "../../src/service/demo-fixture.js";

const present = chromiumPresent;
if (!present) console.warn(`docs-browser.test.ts: no Chromium at ${CHROMIUM}; the browser test of /docs is skipped (apt-get install -y chromium, as .ci/run does).`);

let server: Server;
let base: string;
let browser: Browser | undefined;
const log: string[] = [];

beforeAll(async () => {
  if (!present) return;
  server = createHttpServer(createFieldService({ fixture: demoFixture }), { log: (line) => log.push(line), docs: { version: "0.0.0-test" } });
  base = await listenOnLoopback(server);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (!present) return;
  await closeServer(server);
});

describe.skipIf(!present)("the reference page in Chromium", () => {
  it("AUTH-1: /docs renders every tag and the operations, and its try-it logs in against this server", async () => {
    const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
    const foreign: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith("data:")) foreign.push(r.url());
    });
    await page.goto(`${base}/docs`);
    for (const tag of ["Authentication", "Customers", "Orders", "Interventions", "Materials", "Stores", "Stock"]) {
      await page.getByRole("button", { name: new RegExp(`Group - ${tag}$`) }).waitFor({ timeout: 30_000 });
    }
    await page.getByRole("button", { name: "Open Group - Interventions" }).click();
    await page.getByText("Plan an intervention").first().click();
    await page.getByText("PlanIntervention").first().waitFor({ state: "visible", timeout: 30_000 });

    // Try it: Scalar's client opens with the documented example (the demo credentials) and
    // sends it to the serving origin (the document's server is relative).
    await page.getByRole("button", { name: /Test Request.*\/auth\/login/ }).click();
    await page.locator("button", { hasText: "Send Request" }).first().click();
    await page.getByText("accessToken").first().waitFor({ timeout: 30_000 });
    mkdirSync(join("reports", "screenshots"), { recursive: true });
    await page.screenshot({ path: join("reports", "screenshots", "docs-try-it-login.png") });
    expect(log.some((line) => line.startsWith("POST /auth/login 200"))).toBe(true);
    expect(foreign).toEqual([]);
    await page.close();
  });
});

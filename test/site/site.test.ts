// Issue 16: the built API reference site, opened in headless Chromium the way a reader uses it:
// the landing page is the README, search finds the stock rules, a function page links its rules
// to their rows in the rule catalog, and the state diagrams render with no request leaving the
// machine. Screenshots go to reports/screenshots/ (git-ignored) for a person to look at.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(fileURLToPath(import.meta.url), "..", "..", "..");
const site = join(root, "docs", "site");
const shots = join(root, "reports", "screenshots");

function findChromium(): string | undefined {
  for (const name of ["chromium", "chromium-browser"]) {
    try {
      const path = execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
      if (path !== "") return path;
    } catch {
      // not on PATH: try the next name
    }
  }
  return undefined;
}

const executablePath = findChromium();
if (executablePath === undefined) {
  console.warn("SKIPPED test/site/site.test.ts: no Chromium on PATH (CI installs Debian's `chromium`; `apt-get install -y chromium`).");
}
if (!existsSync(join(site, "index.html"))) throw new Error("docs/site/ is not built: run `node tools/run.mjs api-reference` (npm run docs:check does)");

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json", ".md": "text/plain; charset=utf-8" };

describe.skipIf(executablePath === undefined)("API reference site in Chromium (issue 16)", () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let base: string;
  const foreign: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(/^([/\\])+/, "");
      const file = join(site, path === "" ? "index.html" : path);
      if (!file.startsWith(site) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: executablePath as string,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("request", (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith("data:")) foreign.push(r.url());
    });
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  });

  it("lands on the README, with the entry points and guides in the navigation", async () => {
    await page.goto(base);
    await expect(page.locator("h1").first().textContent()).resolves.toContain("field-service-rules");
    await expect(page.getByText("A short tour").first().isVisible()).resolves.toBe(true);
    // The sidebar is filled by the site's own script from assets/navigation.js.
    await page.locator("#tsd-nav-container a", { hasText: "Rule catalog" }).first().waitFor();
    const nav = (await page.locator("#tsd-nav-container").textContent()) ?? "";
    for (const entry of ["field-service-rules/service", "field-service-rules/server", "field-service-rules/testing", "Rule catalog", "State machines"]) {
      expect(nav).toContain(entry);
    }
    await page.screenshot({ path: join(shots, "landing.png") });
  });

  it("searches for stock, opens a function page and follows a rule link to its catalog row", async () => {
    await page.goto(base);
    await page.click("#tsd-search-trigger");
    // "addToStock": plain "stock" now ranks the offline entry's names (its `stock` read, `SyncStock`,
    // `moveStock` of the device) above the rules entry's functions within the shown results.
    await page.fill("#tsd-search-input", "addToStock");
    // The first hit that is a function of the rules entry.
    const result = page.locator('#tsd-search-results li a[href*="functions/field-service-rules."]').first();
    await result.waitFor({ state: "visible" });
    const name = /field-service-rules\.(\w+)\.html/.exec((await result.getAttribute("href")) ?? "")?.[1] ?? "";
    expect(name.toLowerCase()).toContain("stock");
    await result.click();
    await page.waitForURL(new RegExp(`functions/field-service-rules\\.${name}\\.html`));
    await expect(page.locator("h1").first().textContent()).resolves.toContain(name);
    await page.screenshot({ path: join(shots, "function-page.png"), fullPage: true });

    const ruleLink = page.locator('a[href*="Rule_catalog.html#stk-"]').first();
    const href = (await ruleLink.getAttribute("href")) ?? "";
    const anchor = href.slice(href.indexOf("#") + 1);
    await ruleLink.click();
    await page.waitForURL(new RegExp(`Rule_catalog\\.html#${anchor}$`));
    const row = page.locator(`tr:has(a[id="${anchor}"])`);
    await expect(row.textContent()).resolves.toContain(anchor.toUpperCase());
    await expect(row.isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(shots, "catalog-row.png") });
    // The row links back to the owner's page and names the tests that check the rule.
    await expect(row.locator('a[href*="../functions/"]').count()).resolves.toBeGreaterThan(0);
    await expect(row.textContent()).resolves.toMatch(/test\/\S+\.test\.ts/);
  });

  it("groups the rules entry by domain", async () => {
    await page.goto(`${base}modules/field-service-rules.html`);
    const headings = await page.locator("h2, h3").allTextContents();
    for (const category of ["Customers", "Orders", "Interventions", "Assignations", "Stock", "Store listing", "Parsing and issues", "Shared values"]) {
      expect(headings.map((h) => h.trim())).toContain(category);
    }
  });

  it("renders the guides (embedding, offline, quality) as pages the README links to, with inline code kept in their headings' list (issue 34)", async () => {
    await page.goto(base);
    const nav = page.locator("#tsd-nav-container");
    await nav.locator("a", { hasText: "Offline" }).first().waitFor();
    for (const title of ["Embedding", "Offline", "Quality"]) await expect(nav.locator("a", { hasText: title }).count()).resolves.toBeGreaterThan(0);
    // The README's relative link to docs/offline.md leads to the page, not to a raw copy.
    const link = page.locator('a[href$="documents/Offline.html"]').first();
    await link.click();
    await page.waitForURL(/documents\/Offline\.html$/);
    await expect(page.locator("h1").first().textContent()).resolves.toContain("Offline: the same rules");
    await page.goto(`${base}documents/Quality.html`);
    const onThisPage = (await page.locator(".tsd-page-navigation").first().textContent()) ?? "";
    expect(onThisPage).toContain("The store listing (src/store/)");
    expect(onThisPage).toContain("src/shared, first measurement");
    // The heading itself still shows its code as code, and its anchor carries the code's text.
    await expect(page.locator('h2[id="the-store-listing-srcstore"] code').textContent()).resolves.toBe("src/store/");
    // A guide's relative link to a source file resolves inside the site.
    await page.goto(`${base}documents/Embedding.html`);
    const source = (await page.locator('a:has-text("src/service/loads.ts")').first().getAttribute("href")) ?? "";
    const answer = await page.request.get(new URL(source, page.url()).href);
    expect(answer.status()).toBe(200);
    await page.screenshot({ path: join(shots, "guide-quality.png") });
  });

  it("draws the state machines as inline SVG, fetching nothing from outside the site", async () => {
    await page.goto(`${base}documents/State_machines.html`);
    await expect(page.locator("figure.state-machine svg").count()).resolves.toBe(2);
    await expect(page.locator("figure.state-machine svg").first().textContent()).resolves.toContain("WaitingForSignature");
    expect(foreign).toEqual([]);
  });
});

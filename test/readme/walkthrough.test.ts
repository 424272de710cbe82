// The README's walk-through is executed: its curl commands must send exactly the requests of
// scripts/walkthrough.mjs (`npm run demo`), and those requests, run against a started server
// with the demo fixture, must get the answers the README shows. Its TypeScript twin (the typed
// client) must type-check, send the same requests and get the same answers.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, FieldServiceError, type ClientOptions } from "../../src/client/index.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { snippetDiagnostics } from "./typecheck.js";
import { createHttpServer } from "../../src/server/http.js";

interface Step { title: string; method: string; path: string; body?: unknown; status: number }
interface Outcome { step: string; status: number; body: unknown; problems: string[] }
interface WalkthroughModule { steps: Step[]; runWalkthrough: (base: string) => Promise<Outcome[]> }

const modulePath: string = new URL("../../scripts/walkthrough.mjs", import.meta.url).href;
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The curl commands of the README's walk-through block, with the comment lines above each. */
function readmeCurls(): Array<{ comment: string; method: string; path: string; body: unknown }> {
  const block = /```sh\n(B=http:\/\/127\.0\.0\.1:8080[\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error("README has no walk-through block starting with B=http://127.0.0.1:8080");
  const out: Array<{ comment: string; method: string; path: string; body: unknown }> = [];
  let comment = "";
  const commands = block.replace(/\\\n/g, " ").split(/\n(?=\S)/);
  for (const command of commands) {
    if (command.startsWith("#")) {
      comment += command;
      continue;
    }
    if (!command.includes("curl ")) continue;
    const method = /-X (\w+)/.exec(command)?.[1] ?? "GET";
    const path = /\$B(\/[^\s"']*)/.exec(command)?.[1];
    const data = /-d '([\s\S]*?)'/.exec(command)?.[1];
    if (path === undefined) throw new Error(`a curl command without $B/path: ${command}`);
    out.push({ comment, method, path, body: data === undefined ? undefined : JSON.parse(data) });
    comment = "";
  }
  return out;
}

let server: Server;
let base: string;
const log: string[] = [];
let walkthrough: WalkthroughModule;

beforeAll(async () => {
  walkthrough = (await import(modulePath)) as WalkthroughModule;
  // The README's dates are in December 2026: pin the clock before them, so the reminder rule
  // (NOT-6) answers as the README says whatever day the test runs.
  const service = createFieldService({ fixture: demoFixture, now: () => new Date("2026-11-23T08:00:00Z") });
  server = createHttpServer(service, { log: (line) => log.push(line) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the README walk-through", () => {
  it("its curl commands send exactly the requests of npm run demo, and each comment shows the step's status", () => {
    const curls = readmeCurls();
    expect(curls.map(({ method, path, body }) => ({ method, path, body }))).toEqual(
      walkthrough.steps.map(({ method, path, body }) => ({ method, path, body })),
    );
    curls.forEach((c, i) => expect(c.comment, `comment of step ${i + 1}`).toContain(String(walkthrough.steps[i]!.status)));
  });

  it("AUTH-1, CUS-1, ORD-1, INT-1, ASN-5, STK-5, STO-4: every answer is what the README shows", async () => {
    const results = await walkthrough.runWalkthrough(base);
    expect(results.filter((r) => r.problems.length > 0)).toEqual([]);
    expect(results).toHaveLength(walkthrough.steps.length);
  });

  it("NOT-2, NOT-3, NOT-6: the plan of step 4 logs one customer notification to jana's e-mail and SMS and the customer's e-mail, and a reminder for the day before", () => {
    const effects = log.filter((l) => l.includes('"type":')).map((l) => JSON.parse(l.slice(l.indexOf("{"))) as { type: string; recipients?: unknown; sendOn?: string });
    expect(effects.map((e) => e.type)).toEqual(["notifyCustomer", "scheduleReminder"]);
    expect(effects[0]!.recipients).toEqual([
      { channel: "email", address: "jana@pekarna.cz" },
      { channel: "sms", address: "+420601234567" },
      { channel: "email", address: "provoz@pekarna.cz" },
    ]);
    expect(effects[1]!.sendOn).toBe("2026-12-02");
    expect(readme).toContain("notifyCustomer effect to jana's e-mail, SMS and the customer's notification e-mail");
  });
});

/** The README's TypeScript walk-through block (the typed client). */
function readmeClientBlock(): string {
  const block = /```ts\n(import \{ createClient[\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error("README has no TypeScript walk-through block starting with import { createClient");
  return block;
}

describe("the README walk-through in TypeScript (the typed client)", () => {
  it("type-checks against the client entry under the project's strict settings", () => {
    const text = readmeClientBlock().replace('from "field-service-rules/client"', 'from "../../src/client/index.js"');
    expect(snippetDiagnostics("readme-client-walkthrough.ts", text)).toEqual([]);
  }, 60_000);

  it("AUTH-1, CUS-1, ORD-1, INT-1, ASN-5, STK-5, STO-4: it sends the requests of the curl steps and gets the answers the README shows", async () => {
    // A fresh server: the curl test above already created CUST-1 and ORD-1 on its own.
    const service = createFieldService({ fixture: demoFixture, now: () => new Date("2026-11-23T08:00:00Z") });
    const own = createHttpServer(service, { log: () => {} });
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const ownBase = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
    const sent: Array<{ method: string; path: string; body: unknown; status: number; answer: unknown }> = [];
    const recording = async (url: string, init: RequestInit): Promise<Response> => {
      const response = await fetch(url, init);
      const text = await response.clone().text();
      const u = new URL(url);
      sent.push({
        method: init.method ?? "GET", path: `${u.pathname}${u.search}`, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
        status: response.status, answer: text === "" ? undefined : JSON.parse(text),
      });
      return response;
    };
    const printed: unknown[][] = [];
    const js = ts.transpileModule(readmeClientBlock().replace(/^import .*\n/m, ""), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
    const run = new Function("createClient", "FieldServiceError", "console", `return (async () => {\n${js}\n})();`) as (...args: unknown[]) => Promise<void>;
    try {
      await run(
        (options: ClientOptions) => createClient({ ...options, baseUrl: options.baseUrl.replace("http://127.0.0.1:8080", ownBase), fetch: recording }),
        FieldServiceError,
        { log: (...args: unknown[]) => printed.push(args) },
      );
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual(walkthrough.steps.map(({ method, path, body }) => ({ method, path, body })));
    const steps = walkthrough.steps as Array<Step & { check?: (body: unknown) => string[] }>;
    const problems = sent.flatMap((s, i) => [
      ...(s.status === steps[i]!.status ? [] : [`step ${i + 1}: status ${s.status}, the README shows ${steps[i]!.status}`]),
      ...(steps[i]!.check?.(s.answer) ?? []),
    ]);
    expect(problems).toEqual([]);
    // What the block prints is what its comments say.
    expect(printed[2]).toEqual(["Planned", "2026-12-03"]);
    expect(printed[3]?.slice(0, 2)).toEqual([400, "BadRequest"]);
    expect(printed[3]?.[2]).toMatchObject({ code: "Collision", path: "assignations[0]" });
    expect(printed[4]).toEqual([["Šroub M8 (20)", "Šroub M6 (5)"]]);
  });
});

// The README's "What you get in one minute" (issue 34 item 6) is executed: its shell lines (the
// `npm start &` aside, which the test replaces with a started server) run in `sh` with curl
// against the stand-in, and the refusal must carry the issues, paths and rule IDs the README shows.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "../../src/server/http.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { closeServer, listenOnLoopback } from "../chromium.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

function block(): string {
  const found = /### What you get in one minute\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (found === undefined) throw new Error('README has no "What you get in one minute" shell block');
  return found;
}

let server: Server;
let base: string;

beforeAll(async () => {
  server = createHttpServer(createFieldService({ fixture: demoFixture }), { log: () => {} });
  base = await listenOnLoopback(server);
});

afterAll(async () => {
  await closeServer(server);
});

describe("the README's first minute", () => {
  it("is ten lines or fewer, starts the stand-in with npm start, and each issue it shows is one the refusal carries", async () => {
    const lines = block().trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(lines[0]).toMatch(/^npm start &/);
    const shown = [...block().matchAll(/\{"code":"(\w+)","path":"([^"]*)","rule":"([A-Z]+-\d+)"/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(shown.length).toBeGreaterThan(0);
    const script = block().replace(/^npm start &.*\n/, "").replaceAll("http://127.0.0.1:8080", base);
    // Asynchronously: the server answers from this process.
    const { stdout: out } = await promisify(execFile)("sh", ["-c", `set -e\n${script}`], { encoding: "utf8", timeout: 15_000 });
    const answer = JSON.parse(out) as { status: number; errors: { code: string; path: string; rule: string }[] };
    expect(answer.status).toBe(400);
    expect(answer.errors.map((i) => `${i.code} ${i.path} ${i.rule}`)).toEqual(shown);
  });
});

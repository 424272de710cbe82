// The README's offline session runs: its printed values are the ones its comments show, and it
// type-checks against the entries it imports under the project's strict settings.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inProcessFetch } from "../../src/client/in-process.js";
import { createOfflineClient } from "../../src/offline/client.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { runnableBlock, snippetDiagnostics, withSourceImports } from "./typecheck.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

function offlineBlock(): string {
  const block = /```ts\n(import \{ inProcessFetch \} from "field-service-rules\/client";\nimport \{ createOfflineClient \}[\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error("README has no offline block starting with the inProcessFetch and createOfflineClient imports");
  return block;
}

describe("the README's offline session", () => {
  it("type-checks against the client, offline, service and testing entries under the project's strict settings", () => {
    const text = withSourceImports(offlineBlock());
    expect(snippetDiagnostics("readme-offline.ts", text)).toEqual([]);
  }, 60_000);

  it("OFF-1, OFF-2, OFF-3, ASN-5: it prints what its comments say: a visit completed and stock moved offline, one conflict with its rule ID", async () => {
    const block = offlineBlock();
    const js = runnableBlock(block);
    const printed: string[] = [];
    const log = (...args: unknown[]): void => {
      printed.push(args.map((a) => JSON.stringify(a)).join(" "));
    };
    const run = new Function("inProcessFetch", "createOfflineClient", "createFieldService", "demoFixture", "console", `return (async () => {\n${js}\n})();`) as (...args: unknown[]) => Promise<void>;
    await run(inProcessFetch, createOfflineClient, createFieldService, demoFixture, { log });
    const comments = [...block.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => (m[1] as string).replaceAll("'", '"').replaceAll(/\s+/g, ""));
    expect(comments).toHaveLength(4);
    expect(printed.map((p) => p.replaceAll(/\s+/g, ""))).toEqual(comments);
  });
});

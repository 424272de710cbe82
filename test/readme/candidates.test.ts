// The README's candidates session runs: its printed values are the ones its comments show, and it
// type-checks against the entries it imports under the project's strict settings.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createClient, FieldServiceError, inProcessFetch } from "../../src/client/index.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { runnableBlock, snippetDiagnostics, withSourceImports } from "./typecheck.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

function candidatesBlock(): string {
  const block = /```ts\n(import \{ FieldServiceError, createClient, inProcessFetch \} from "field-service-rules\/client";\n[\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error("README has no candidates block starting with the createClient, FieldServiceError and inProcessFetch import");
  return block;
}

describe("the README's candidates session", () => {
  it("type-checks against the client, service and testing entries under the project's strict settings", () => {
    const text = withSourceImports(candidatesBlock());
    expect(snippetDiagnostics("readme-candidates.ts", text)).toEqual([]);
  }, 60_000);

  it("CND-2, CND-3, ASN-5: it prints what its comments say: three candidates, the first refused once another device took it, tech-1's next slot", async () => {
    const block = candidatesBlock();
    const js = runnableBlock(block);
    const printed: string[] = [];
    const log = (...args: unknown[]): void => {
      printed.push(args.map((a) => JSON.stringify(a)).join(" "));
    };
    const run = new Function("createClient", "FieldServiceError", "inProcessFetch", "createFieldService", "demoFixture", "console", `return (async () => {\n${js}\n})();`) as (...args: unknown[]) => Promise<void>;
    await run(createClient, FieldServiceError, inProcessFetch, createFieldService, demoFixture, { log });
    const comments = [...block.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => (m[1] as string).replaceAll("'", '"').replaceAll(/\s+/g, ""));
    expect(comments).toHaveLength(3);
    expect(printed.map((p) => p.replaceAll(/\s+/g, ""))).toEqual(comments);
  });
});

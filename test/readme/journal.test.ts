// The README's journal example runs: its printed values are the ones its comments show, and it
// type-checks against the entries it imports under the project's strict settings.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { replayJournal } from "../../src/service/replay.js";
import { runnableBlock, snippetDiagnostics, withSourceImports } from "./typecheck.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

function journalBlock(): string {
  const block = /```ts\n(import \{ createFieldService, demoFixture \} from "field-service-rules\/service";\nimport \{ replayJournal \}[\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error("README has no journal block starting with the createFieldService and replayJournal imports");
  return block;
}

describe("the README's journal example", () => {
  it("type-checks against the service and testing entries under the project's strict settings", () => {
    const text = withSourceImports(journalBlock());
    expect(snippetDiagnostics("readme-journal.ts", text)).toEqual([]);
  }, 60_000);

  it("JRN-1, JRN-2, RPL-1, ASN-5: it prints what its comments say", async () => {
    const block = journalBlock();
    const js = runnableBlock(block);
    const printed: string[] = [];
    const log = (...args: unknown[]): void => {
      printed.push(args.map((a) => JSON.stringify(a)).join(" "));
    };
    const run = new Function("createFieldService", "demoFixture", "replayJournal", "console", `return (async () => {\n${js}\n})();`) as (...args: unknown[]) => Promise<void>;
    await run(createFieldService, demoFixture, replayJournal, { log });
    // The comments, as JSON: `200 400`, `[ [ 4, 400, [ 'ASN-5' ] ] ]`, `4 [ [ 'ASN-5', [ 4 ] ] ]`.
    const comments = [...block.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => (m[1] as string).replaceAll("'", '"').replaceAll(/\s+/g, ""));
    expect(printed.map((p) => p.replaceAll(/\s+/g, ""))).toEqual(comments);
  });
});

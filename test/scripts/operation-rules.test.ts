// RPL-3: the rules each operation declares, derived from the code (tools/operation-rules.ts;
// `npm run docs:check` fails when the committed table is not what the derivation gives now).
import { describe, expect, it } from "vitest";
import { isJournaledWrite } from "../../src/api/operation.js";
import { apiRoutes } from "../../src/api/routes.js";
import { rulesApplied } from "../../src/journal/entry.js";
import { operationRuleTable } from "../../src/journal/operation-rules.generated.js";

describe("the rules each operation applies", () => {
  // That the committed table is the one derived now is `npm run docs:check` (`node tools/run.mjs operation-rules --check`): a TypeScript program, too slow for a unit test here.
  it("RPL-3: the table lists every journaled write and nothing else", () => {
    const writes = apiRoutes.filter((r) => isJournaledWrite(r)).map((r) => r.operation).sort();
    expect(Object.keys(operationRuleTable).sort()).toEqual(writes);
  });

  it("RPL-3: moveStock applies STK-5, STK-6, GEN-3 and GEN-7; each write applies its own rule; a read applies none", () => {
    expect(rulesApplied("moveStock")).toEqual(expect.arrayContaining(["STK-5", "STK-6", "GEN-3", "GEN-7"]));
    expect(rulesApplied("addToStore")).toContain("STK-2");
    expect(rulesApplied("removeMaterial")).toContain("STK-3");
    expect(rulesApplied("setMaterialAmounts")).toContain("STK-4");
    expect(rulesApplied("planIntervention")).toEqual(expect.arrayContaining(["INT-1", "ASN-5"]));
    expect(rulesApplied("cancelOrder")).toContain("ORD-11");
    expect(rulesApplied("replaceStore")).toContain("STO-1");
    expect(rulesApplied("readOrder")).toEqual([]);
    expect(rulesApplied("toString")).toEqual([]);
    for (const rules of Object.values(operationRuleTable)) expect(rules.some((r) => r.startsWith("ERR-"))).toBe(false);
  });
});

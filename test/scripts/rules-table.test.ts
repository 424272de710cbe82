import { describe, expect, it } from "vitest";
import { catalogProblems, parseOwners, parseTests, readRulesText, renderRuleIds } from "../../scripts/rules-table.mjs";

const spec = "- GEN-1 A GUID is hex.\n- STK-5 Move from one store to another.\n";
const rules = readRulesText(spec);
const domain = (tags: string, name = "moveStock", path = "src/stock/move.ts") => ({
  path,
  text: `/**\n * Moves stock.\n${tags}\n */\nexport function ${name}(): void {}\n`,
});
const guidOwner = domain(" * @rule GEN-1", "isGuid", "src/shared/guid.ts");
// Titles are built from variables so this file's own source names no rule ID.
const [GUID_RULE, MOVE_RULE] = rules.map((r) => r.id);
const titled = (...ids: string[]) => ids.map((id) => `it("${id}: a", () => {});`).join("\n");
const tests = parseTests([{ path: "test/x.test.ts", text: titled(GUID_RULE as string, MOVE_RULE as string) }]);
const problemsOf = (files: { path: string; text: string }[], t = tests) => catalogProblems(rules, parseOwners(files), t);

describe("rule catalog check", () => {
  it("holds when every rule has one domain owner and a test", () => {
    expect(problemsOf([guidOwner, domain(" * @rule STK-5")])).toEqual([]);
  });

  it("fails on a rule with no owner", () => {
    expect(problemsOf([guidOwner])).toEqual(["STK-5 has no owner (no export carries @rule STK-5)"]);
  });

  it("fails on a rule with several owners", () => {
    const problems = problemsOf([guidOwner, domain(" * @rule STK-5"), domain(" * @rule STK-5", "moveAmounts")]);
    expect(problems).toEqual([expect.stringMatching(/^STK-5 has 2 owners: moveStock .*, moveAmounts/)]);
  });

  it("fails on an owner under src/service/ or src/server/", () => {
    for (const path of ["src/service/handlers/stock.ts", "src/server/http.ts"]) {
      expect(problemsOf([guidOwner, domain(" * @rule STK-5", "handleMoveStock", path)])).toEqual([
        `STK-5 is owned by handleMoveStock (${path}): service and server code compose rules and may own none`,
      ]);
    }
  });

  it("fails on a @rule naming an ID that RULES.md lacks", () => {
    expect(problemsOf([guidOwner, domain(" * @rule STK-5\n * @rule STK-99")])).toEqual([
      "@rule STK-99 on moveStock (src/stock/move.ts) names no rule of RULES.md",
    ]);
  });

  it("fails on a rule named by no test", () => {
    const onlyGuid = parseTests([{ path: "test/x.test.ts", text: titled(GUID_RULE as string) }]);
    expect(problemsOf([guidOwner, domain(" * @rule STK-5")], onlyGuid)).toEqual(["STK-5 is named by no test"]);
  });

  it("fails on a @rule outside an export's TSDoc and on a leftover Implements claim", () => {
    const hidden = { path: "src/stock/x.ts", text: "/**\n * @rule STK-5\n */\nfunction hidden(): void {}\n" };
    const legacy = domain(" * Implements STK-5.", "moveAmounts");
    expect(problemsOf([guidOwner, domain(" * @rule STK-5"), hidden, legacy])).toEqual([
      "src/stock/x.ts: 1 @rule tag(s) not in the TSDoc of an export",
      expect.stringMatching(/^"Implements <ID>" is retired/),
    ]);
  });
});

describe("rule IDs as a type (issue 24)", () => {
  it("writes the catalog's IDs as the RuleId union and the ruleIds list, in catalog order", () => {
    const text = renderRuleIds(rules);
    expect(text).toContain(`export type RuleId =\n  | "${GUID_RULE}"\n  | "${MOVE_RULE}";`);
    expect(text).toContain(`export const ruleIds: readonly RuleId[] = [\n  "${GUID_RULE}", "${MOVE_RULE}",\n];`);
  });
});

describe("rule IDs mentioned in TSDoc (issue 16: each becomes a link to the catalog)", () => {
  it("fails on a mention of an ID the catalog lacks, but not on an external ID with a leading zero", () => {
    const mention = { path: "src/stock/y.ts", text: "/**\n * Like STK-77, for MAT-001.\n */\nexport const y = 1;\n" };
    expect(problemsOf([guidOwner, domain(" * @rule STK-5"), mention])).toEqual(["TSDoc mentions rule STK-77 (src/stock/y.ts), which RULES.md lacks"]);
  });
});

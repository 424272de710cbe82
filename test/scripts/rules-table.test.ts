import { describe, expect, it } from "vitest";
import { catalogProblems, fieldProblems, namedKeys, parseOwners, parseTests, readFieldTable, readRuleTexts, readRulesText, renderRuleIds } from "../../tools/rules-table.js";

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

describe("fields the catalog names (issue 38)", () => {
  // A catalog of two rules, built so that this file's own source names no rule ID in a title.
  const [NAME_RULE, KIND_RULE] = ["CUS", "CUS"].map((p, i) => `${p}-${i + 1}`) as [string, string];
  const texts = readRuleTexts(`- ${NAME_RULE} Add: \`name\` required; \`contactPeople\` at least one; a path \`/x/{id}\`.\n- ${KIND_RULE} Kinds: \`Company\` or \`Household\`.\n`);
  const known = new Set([NAME_RULE, KIND_RULE]);
  const fields = [
    { object: "CustomerInput", key: "name", rule: NAME_RULE },
    { object: "CustomerInput", key: "contactPeople", rule: NAME_RULE },
    { object: "CustomerInput", key: "kind", rule: KIND_RULE, values: ["Company", "Household"] },
    { object: "CustomerInput", key: "id", rule: undefined },
  ];
  const table = (rows: string) => readFieldTable(`# x\n\n## Fields the catalog names\n\n| rule | object | fields | why |\n|---|---|---|---|\n${rows}\n## Next\n| ${NAME_RULE} | — | id | not here |\n`);
  const whole = `| ${NAME_RULE} | CustomerInput | name, contactPeople | |\n| ${KIND_RULE} | CustomerInput | kind | |\n`;

  it("a rule names a field by quoting its key outside a path, or by quoting every value of a field of fixed values", () => {
    expect([...namedKeys(texts.get(NAME_RULE) as string, fields)]).toEqual(["name", "contactPeople"]);
    expect([...namedKeys(texts.get(KIND_RULE) as string, fields)]).toEqual(["kind"]);
    expect([...namedKeys("Only `Company`.", fields)]).toEqual([]);
  });

  it("reads the table's rows, that section only, with — for a field left unattached", () => {
    expect(table(`| ${NAME_RULE} | — | name | a reason |\n`)).toEqual([{ rule: NAME_RULE, object: undefined, keys: ["name"], why: "a reason" }]);
  });

  it("holds when every named field is attached as the table says", () => {
    expect(fieldProblems(texts, table(whole), fields, known)).toEqual([]);
  });

  it("fails on a field a rule names that the table leaves out, and on an attachment the table does not list", () => {
    expect(fieldProblems(texts, table(`| ${KIND_RULE} | CustomerInput | kind | |\n| ${NAME_RULE} | CustomerInput | name | |\n`), fields, known)).toEqual([
      `${NAME_RULE} names the body field contactPeople, which docs/rules-project.md "Fields the catalog names" neither attaches to it nor says why not`,
      `CustomerInput.contactPeople is attached to ${NAME_RULE} in its description, but docs/rules-project.md "Fields the catalog names" does not list it`,
    ]);
  });

  it("fails when a description attaches another rule, or none, than the table says", () => {
    const unattached = fields.map((f) => (f.key === "kind" ? { ...f, rule: undefined } : f));
    expect(fieldProblems(texts, table(whole), unattached, known)).toEqual([
      `CustomerInput.kind is attached to no rule in its description, but docs/rules-project.md "Fields the catalog names" attaches it to ${KIND_RULE}`,
    ]);
  });

  it("fails on a row whose rule does not quote the field and says nothing, a field no description declares, an unknown rule, and an unattached row without a reason", () => {
    const rows = `${whole}| ${KIND_RULE} | CustomerInput | name | |\n| ${NAME_RULE} | OrderInput | name | named in prose |\n| ${NAME_RULE.replace("1", "99")} | — | name | x |\n| ${KIND_RULE} | — | kind | |\n`;
    expect(fieldProblems(texts, table(rows), fields, known)).toEqual([
      `docs/rules-project.md "Fields the catalog names" lists name under ${KIND_RULE}, whose text does not quote it, and does not say how it names it`,
      `CustomerInput.name is attached to ${NAME_RULE} in its description, but docs/rules-project.md "Fields the catalog names" attaches it to ${KIND_RULE}`,
      `docs/rules-project.md "Fields the catalog names" attaches OrderInput.name to ${NAME_RULE}, but no description declares that field`,
      `docs/rules-project.md "Fields the catalog names" lists ${NAME_RULE.replace("1", "99")}, which no catalog has`,
      `docs/rules-project.md "Fields the catalog names": the row of ${KIND_RULE} that attaches nothing says no reason`,
    ]);
  });

  it("holds on this checkout: every field the catalogs name is attached to its rule or said not to be", async () => {
    const { checkoutFieldProblems } = await import("../../tools/rules-table.js");
    expect(await checkoutFieldProblems()).toEqual([]);
  }, 60_000);
});

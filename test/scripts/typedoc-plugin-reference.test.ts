// Issue 16: the pieces of the API reference's typedoc plugin that decide its shape.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exportedNames, readRulesText } from "../../tools/rules-table.js";
import { CATEGORIES, catalogIds, categoryOf, entryNames, mermaidToDot, splitRuleIds } from "../../tools/typedoc-plugin-reference.js";

const root = join(fileURLToPath(import.meta.url), "..", "..", "..");
const read = (path: string): string => readFileSync(join(root, path), "utf8");

describe("categories of the rules entry", () => {
  it("maps domain folders and shared files, and no unknown path", () => {
    expect(categoryOf("src/stock/move.ts")).toBe("Stock");
    expect(categoryOf("src/store-listing/build.ts")).toBe("Store listing");
    expect(categoryOf("src/store/query.ts")).toBe("Store listing");
    expect(categoryOf("src/shared/issue.ts")).toBe("Parsing and issues");
    expect(categoryOf("src/shared/guid.ts")).toBe("Shared values");
    expect(categoryOf("src/shared/new-file.ts")).toBeUndefined();
    expect(categoryOf("src/elsewhere/x.ts")).toBeUndefined();
  });

  it("puts every module the rules entry re-exports from in exactly one category", () => {
    const index = read("src/index.ts");
    const modules = [...index.matchAll(/from "\.\/([^"]+)\.js"/g)].map((m) => `src/${m[1] as string}.ts`);
    expect(modules.length).toBeGreaterThan(10);
    for (const path of modules) {
      const holders = CATEGORIES.filter((c) => c.paths.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p)));
      expect([path, holders.length]).toEqual([path, 1]);
    }
  });
});

describe("modules named after package entries", () => {
  const exportsField = {
    ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
    "./service": { types: "./dist/service/index.d.ts", default: "./dist/service/index.js" },
    "./package.json": "./package.json",
  };

  it("names each entry point after its export", () => {
    const { names, problems } = entryNames(exportsField, ["src/index.ts", "src/service/index.ts"], "pkg");
    expect(problems).toEqual([]);
    expect([...names]).toEqual([
      ["src/index.ts", "pkg"],
      ["src/service/index.ts", "pkg/service"],
    ]);
  });

  it("fails on an entry point that is no export, and on an export with no entry point", () => {
    expect(entryNames(exportsField, ["src/index.ts", "src/client/index.ts"], "pkg").problems).toEqual([
      'typedoc entry point src/client/index.ts is no entry of package.json "exports"',
      'package.json export pkg/service has no typedoc entry point: add "src/service/index.ts" to typedoc.json entryPoints',
    ]);
  });

  it("holds for this package: typedoc.json's entry points are exactly package.json's exports", () => {
    const pkg = JSON.parse(read("package.json")) as { name: string; exports: Record<string, unknown> };
    const typedoc = JSON.parse(read("typedoc.json")) as { entryPoints: string[] };
    expect(entryNames(pkg.exports, typedoc.entryPoints, pkg.name).problems).toEqual([]);
  });
});

describe("rule links", () => {
  it("splits prose into text and rule IDs, leaving IDs inside Markdown links and external IDs alone", () => {
    expect(splitRuleIds("Applies STK-4 and STK-6.")).toEqual([{ text: "Applies " }, { id: "STK-4" }, { text: " and " }, { id: "STK-6" }, { text: "." }]);
    expect(splitRuleIds("see [STK-4](docs/rules.md#stk-4) now")).toEqual([{ text: "see [STK-4](docs/rules.md#stk-4) now" }]);
    expect(splitRuleIds("material MAT-001")).toEqual([{ text: "material MAT-001" }]);
  });

  it("reads the catalog's row anchors, one per rule of RULES.md", () => {
    const ids = catalogIds(read("docs/rules.md"));
    expect(ids.has("STK-5")).toBe(true);
    const committedRows = [...read("docs/rules.md").matchAll(/^\| <a id="/gm)].length;
    expect(ids.size).toBe(committedRows);
    expect(readRulesText("- STK-5 Move.\n").map((r) => r.id)).toEqual(["STK-5"]);
  });

  it("knows what the rules entry exports, so the catalog links only pages that exist", () => {
    expect([...exportedNames('export { a, b as c } from "./x.js";\nexport type { T } from "./t.js";\nexport function f(): void {}')]).toEqual(["a", "c", "T", "f"]);
  });
});

describe("state diagrams drawn without a CDN", () => {
  it("turns the generated Mermaid subset into Graphviz DOT", () => {
    const dot = mermaidToDot("stateDiagram-v2\n  Open : Open (Otevřená)\n  [*] --> Open : add (ORD-3)\n  Open --> Open : edit\n");
    expect(dot).toContain('"Open" [label="Open\\n(Otevřená)"];');
    expect(dot).toContain('"start" -> "Open" [label="add (ORD-3)"];');
    expect(dot).toContain('"Open" -> "Open" [label="edit"];');
  });

  it("refuses a line it does not understand rather than drawing a wrong machine", () => {
    expect(() => mermaidToDot("stateDiagram-v2\n  state Fork <<fork>>\n")).toThrow(/unsupported line/);
  });
});

import { readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./support.js";

// Issue 23: no two top-level folders of src/ import each other, directly or through others
// (docs/decisions.md, "Folders without cycles"). The graph is read from the source text, so a
// type-only import counts as much as a value import: both tie the folders together.

const src = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "src");

/** Folder → imported folder → the first `file imports specifier` seen for that edge. */
type FolderGraph = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The top-level folder of a path under src/ (`order`), or the file's own name for a file directly in src/ (`index.ts`). */
function topOf(path: string): string {
  return relative(src, path).split(sep)[0] ?? path;
}

/**
 * The graph of imports between the top-level folders of `root`: every relative specifier of
 * every `.ts` file (static, `export … from`, type-only and dynamic `import()`), comments ignored.
 */
function folderGraph(root: string): FolderGraph {
  const graph = new Map<string, Map<string, string>>();
  for (const file of tsFiles(root)) {
    const from = topOf(file);
    const imports = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles;
    for (const { fileName: specifier } of imports) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      if (relative(root, target).startsWith("..")) continue;
      const to = topOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `src/${relative(root, file).split(sep).join("/")} imports ${specifier}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/**
 * The cycles among folders: in each group of folders that import each other (a strongly
 * connected component of more than one folder, Tarjan's algorithm), the shortest cycle through
 * each member, the same cycle found from two members kept once. A cycle is the folders along
 * it from its alphabetically first, repeated at the end: `["intervention", "order",
 * "intervention"]`. Empty when the graph has no cycle.
 */
function folderCycles(graph: FolderGraph): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((e) => [...e.keys()])])].sort();
  const next = (n: string): string[] => [...(graph.get(n)?.keys() ?? [])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (n: string): void => {
    index.set(n, index.size);
    low.set(n, index.get(n) ?? 0);
    stack.push(n);
    onStack.add(n);
    for (const m of next(n)) {
      if (!index.has(m)) {
        visit(m);
        low.set(n, Math.min(low.get(n) ?? 0, low.get(m) ?? 0));
      } else if (onStack.has(m)) {
        low.set(n, Math.min(low.get(n) ?? 0, index.get(m) ?? 0));
      }
    }
    if (low.get(n) === index.get(n)) {
      const component: string[] = [];
      let m: string | undefined;
      do {
        m = stack.pop();
        if (m === undefined) break;
        onStack.delete(m);
        component.push(m);
      } while (m !== n);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  const shortestCycle = (start: string, inside: ReadonlySet<string>): string[] => {
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const n = queue[i] ?? "";
      for (const m of next(n).filter((x) => inside.has(x))) {
        if (m === start) {
          const path = [n];
          for (let p = cameFrom.get(n); p !== undefined; p = cameFrom.get(p)) path.unshift(p);
          return [...path, start];
        }
        if (!cameFrom.has(m)) {
          cameFrom.set(m, n);
          queue.push(m);
        }
      }
    }
    // Unreachable: every member of a strongly connected component lies on a cycle inside it.
    return [start, start];
  };
  const cycles = new Map<string, string[]>();
  for (const component of components) {
    const inside = new Set(component);
    for (const start of component) {
      const ring = shortestCycle(start, inside).slice(1);
      const first = ring.indexOf([...ring].sort()[0] ?? "");
      const rotated = [...ring.slice(first), ...ring.slice(0, first)];
      cycles.set(rotated.join(), [...rotated, rotated[0] ?? ""]);
    }
  }
  return [...cycles.values()].sort((a, b) => (a.join() < b.join() ? -1 : 1));
}

/** A cycle as one line per import along it: `order → intervention (src/order/cancel.ts imports ../intervention/cancel.js)`. */
function describeCycle(graph: FolderGraph, cycle: readonly string[]): string {
  return cycle
    .slice(1)
    .map((to, i) => `${cycle[i] ?? ""} → ${to} (${graph.get(cycle[i] ?? "")?.get(to) ?? "?"})`)
    .join("\n  ");
}

function graphOf(edges: Record<string, readonly string[]>): FolderGraph {
  return new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from}/x.ts imports ../${to}/y.js`]))]));
}

describe("the cycle finder", () => {
  it("finds nothing in a graph whose imports all point down", () => {
    expect(folderCycles(graphOf({ service: ["order", "intervention", "shared"], order: ["intervention", "records"], intervention: ["records"], records: ["shared"] }))).toEqual([]);
  });

  it("finds two folders that import each other", () => {
    expect(folderCycles(graphOf({ order: ["intervention", "shared"], intervention: ["order"] }))).toEqual([["intervention", "order", "intervention"]]);
  });

  it("finds a cycle through several folders, and only its members", () => {
    const graph = graphOf({ a: ["b"], b: ["c"], c: ["a", "d"], d: [], e: ["a"] });
    expect(folderCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(describeCycle(graph, ["a", "b", "c", "a"])).toBe("a → b (a/x.ts imports ../b/y.js)\n  b → c (b/x.ts imports ../c/y.js)\n  c → a (c/x.ts imports ../a/y.js)");
  });

  it("names the shortest cycle through each folder of a group, and each separate group", () => {
    const graph = graphOf({ a: ["b", "c"], b: ["a"], c: ["b"], x: ["y"], y: ["x"] });
    expect(folderCycles(graph)).toEqual([["a", "b", "a"], ["a", "c", "b", "a"], ["x", "y", "x"]]);
  });

  it("names both cycles of a folder that sits on two (the tree before issue 23)", () => {
    const graph = graphOf({ assignation: ["intervention"], intervention: ["assignation", "order"], order: ["intervention"], service: ["testing"], testing: ["service"] });
    expect(folderCycles(graph)).toEqual([
      ["assignation", "intervention", "assignation"],
      ["intervention", "order", "intervention"],
      ["service", "testing", "service"],
    ]);
  });
});

describe("folders of src/", () => {
  const graph = folderGraph(src);

  it("reads the imports between folders, type-only and dynamic ones included", () => {
    expect(graph.get("order")?.has("records")).toBe(true);
    expect(graph.get("assignation")?.has("records")).toBe(true);
    expect(graph.get("server")?.has("postgres")).toBe(true);
  });

  it("no folder imports a folder that (through any others) imports it back", () => {
    const cycles = folderCycles(graph).map((c) => `${c.join(" → ")}:\n  ${describeCycle(graph, c)}`);
    expect(cycles, `folder cycles in src/:\n${cycles.join("\n")}`).toEqual([]);
  });
});

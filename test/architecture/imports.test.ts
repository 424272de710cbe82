import { readdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./support.js";

// The import graph of src/, read from the source text (a type-only or dynamic import counts as
// much as a value import: both tie two files together):
// - issue 23: no two top-level folders import each other, directly or through others
//   (docs/decisions.md, "Folders without cycles");
// - issue 35: no two files import each other, directly or through others, and no folder imports
//   a folder on a floor above its own (docs/decisions.md, "The import graph's own check").

const src = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "src");

/** Folder → imported folder → the first `file imports specifier` seen for that edge. */
type FolderGraph = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The top-level folder of a path under src/ (`order`), or the file's own name for a file directly in src/ (`index.ts`). */
function topOf(path: string): string {
  return relative(src, path).split(sep)[0] ?? path;
}

/** A path under src/ as the graph names it: `/`-separated, `.ts` for the `.js` a specifier names. */
function fileOf(path: string): string {
  return relative(src, path).split(sep).join("/").replace(/\.js$/, ".ts");
}

/**
 * The graph of imports between the nodes `nodeOf` makes of the files of `root` (their top-level
 * folders, or the files themselves): every relative specifier of every `.ts` file (static,
 * `export … from`, type-only and dynamic `import()`), comments ignored.
 */
function importGraph(root: string, nodeOf: (path: string) => string): FolderGraph {
  const graph = new Map<string, Map<string, string>>();
  for (const file of tsFiles(root)) {
    const from = nodeOf(file);
    const imports = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles;
    for (const { fileName: specifier } of imports) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      if (relative(root, target).startsWith("..")) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `src/${relative(root, file).split(sep).join("/")} imports ${specifier}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The graph of imports between the top-level folders of `root`. */
function folderGraph(root: string): FolderGraph {
  return importGraph(root, topOf);
}

/** The graph of imports between the files of src/. */
function fileGraph(): FolderGraph {
  return importGraph(src, fileOf);
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

/**
 * The floors of src/, lowest first (docs/decisions.md, "The import graph's own check"): a folder
 * imports folders on floors below its own, never one above, nor one beside it on its floor but
 * on the domains' floor, whose folders the cycle check keeps in a tree. Every folder of src/ (and
 * `index.ts`, the rules entry) is on one floor: a new folder fails until it is given one.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["shared"],
  ["records"],
  ["auth", "customer", "material", "stock", "store", "notification", "assignation", "intervention", "order", "store-listing"],
  ["journal", "sync"],
  ["api", "index.ts"],
  ["service"],
  ["client", "testing"],
  ["offline", "postgres"],
  ["server"],
];
/** The floor whose folders may import each other. */
const DOMAINS = 2;

/** Each import that goes to a folder above its own floor, or beside it off the domains' floor: `from → to (file imports specifier)`. */
function importsUp(graph: FolderGraph, floors: readonly (readonly string[])[], domains: number): string[] {
  const floorOf = new Map(floors.flatMap((folders, floor) => folders.map((f) => [f, floor] as const)));
  const out: string[] = [];
  for (const [from, edges] of [...graph].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    for (const [to, why] of [...edges].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const a = floorOf.get(from);
      const b = floorOf.get(to);
      if (a === undefined || b === undefined) out.push(`${a === undefined ? from : to} is on no floor (${why})`);
      else if (b > a || (b === a && a !== domains)) out.push(`${from} → ${to}: ${b > a ? "a floor above" : "beside it"} (${why})`);
    }
  }
  return out;
}

describe("the floor check", () => {
  const floors = [["shared"], ["order", "intervention"], ["api", "journal"], ["service"]];
  it("passes imports that point down, and imports between folders of the domains' floor", () => {
    expect(importsUp(graphOf({ service: ["api", "order"], api: ["order", "shared"], order: ["intervention", "shared"] }), floors, 1)).toEqual([]);
  });
  it("names an import of a floor above, one beside off the domains' floor, and a folder on no floor", () => {
    expect(importsUp(graphOf({ shared: ["service"], api: ["journal"], extra: ["shared"], order: ["intervention"] }), floors, 1)).toEqual([
      "api → journal: beside it (api/x.ts imports ../journal/y.js)",
      "extra is on no floor (extra/x.ts imports ../shared/y.js)",
      "shared → service: a floor above (shared/x.ts imports ../service/y.js)",
    ]);
  });
});

describe("files and floors of src/", () => {
  it("reads the imports between files, by the .ts file a .js specifier names", () => {
    const graph = fileGraph();
    expect(graph.get("server/journal-command.ts")?.has("server/command.ts")).toBe(true);
    expect(graph.get("client/index.ts")?.has("client/paths.ts")).toBe(true);
  });

  it("no file imports a file that (through any others) imports it back", () => {
    const graph = fileGraph();
    const cycles = folderCycles(graph).map((c) => `${c.join(" → ")}:\n  ${describeCycle(graph, c)}`);
    expect(cycles, `file cycles in src/:\n${cycles.join("\n")}`).toEqual([]);
  });

  it("every folder is on a floor, and no folder imports one above its own or beside it (but on the domains' floor)", () => {
    const graph = folderGraph(src);
    const folders = readdirSync(src, { withFileTypes: true }).map((e) => e.name).filter((n) => !n.includes(".") || n === "index.ts");
    const floored = new Set(FLOORS.flat());
    expect(folders.filter((f) => !floored.has(f))).toEqual([]);
    expect(importsUp(graph, FLOORS, DOMAINS)).toEqual([]);
  });
});

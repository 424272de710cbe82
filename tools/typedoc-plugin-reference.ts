// A local typedoc plugin that shapes the API reference like the product (issue 16), without
// touching the source files other branches edit:
// - names each module after its package entry (`field-service-rules`, `field-service-rules/service`, ...)
//   from package.json `exports`, and fails when an entry point and an export disagree;
// - puts every export of the rules entry in one category per domain, from its source folder
//   (CATEGORIES below; an explicit `@category` in the TSDoc wins), and fails on an export
//   whose folder maps to none;
// - turns every rule ID in TSDoc (`@rule STK-2` and plain mentions) into a link to that rule's
//   row in the catalog (docs/rules.md, a project document), and fails on an ID the catalog lacks;
// - resolves the catalog's owner links (forge URLs of docs/api/.../<name>.md, the Markdown
//   reference) to the reflection's own page in the site, and fails on one that names no page;
// - writes no copies of the guides into the Markdown output (its links point at docs/*.md);
// - renders the Mermaid state diagrams of docs/state-machines.md to inline SVG at build time
//   (Graphviz compiled to WebAssembly, @viz-js/viz), so the HTML site needs no CDN and no script.
// The pure pieces are exported for test/scripts/typedoc-plugin-reference.test.ts. typedoc loads a
// plugin by importing its path, which Node 20 cannot do for a .ts file: tools/api-reference.ts,
// the one typedoc run, hands `load` to typedoc as a function (typedoc.json lists only the
// Markdown plugin).
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import type { Viz } from "@viz-js/viz";
import { type Application, type CommentDisplayPart, CommentTag, type DeclarationReflection, type FileId, type NormalizedPath, normalizePath, type Reflection, ReflectionKind } from "typedoc";
import { API_BASE, RULE_PREFIXES } from "./rules-table.js";
import { root } from "./root.js";

/** The rules entry's categories, in navigation order, with the source paths they hold (first match wins). */
export const CATEGORIES: readonly { readonly title: string; readonly paths: readonly string[] }[] = [
  { title: "Customers", paths: ["src/customer/"] },
  // The records both domains read live below both (src/records/, docs/decisions.md "Folders
  // without cycles"), and so does the allowed-actions entry; the reference still files them
  // under their domain.
  { title: "Orders", paths: ["src/order/", "src/records/order.ts", "src/shared/allowed-action.ts"] },
  { title: "Interventions", paths: ["src/intervention/", "src/records/intervention.ts"] },
  { title: "Assignations", paths: ["src/assignation/"] },
  { title: "Notifications", paths: ["src/notification/"] },
  { title: "Stock", paths: ["src/stock/"] },
  { title: "Store listing", paths: ["src/store/", "src/store-listing/"] },
  { title: "Materials", paths: ["src/material/"] },
  { title: "Authentication", paths: ["src/auth/"] },
  // The HTTP interface as data (src/api/) is exported by `/service` since issue 23.
  {
    title: "Parsing and issues",
    paths: ["src/shared/issue.ts", "src/shared/rule-id.generated.ts", "src/shared/read.ts", "src/shared/standard-schema.ts", "src/shared/json-schema.ts", "src/shared/field.ts", "src/shared/upsert.ts", "src/shared/limits.ts"],
  },
  {
    title: "Shared values",
    paths: ["src/shared/guid.ts", "src/shared/decimal.ts", "src/shared/text.ts", "src/shared/time.ts", "src/shared/reference.ts", "src/shared/catalog.ts", "src/shared/settings.ts"],
  },
];

/**
 * The category of an export of the rules entry, from the repository-relative path of the file
 * that declares it; undefined when no category holds that path.
 * @param path - repository-relative
 * @returns the category's title
 */
export function categoryOf(path: string): string | undefined {
  return CATEGORIES.find((c) => c.paths.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p)))?.title;
}

/**
 * The module name of each typedoc entry file, from package.json `exports` (types `./dist/X.d.ts`
 * is the build of `src/X.ts`), plus the problems: an entry that is no export, an export with no entry.
 * @param exportsField - package.json `exports`
 * @param entryFiles - repository-relative entry point paths
 * @param packageName - package.json `name`
 * @returns each entry file's module name, and the problems
 */
export function entryNames(exportsField: Readonly<Record<string, unknown>>, entryFiles: readonly string[], packageName: string): { names: Map<string, string>; problems: string[] } {
  const bySource = new Map<string, string>();
  for (const [key, value] of Object.entries(exportsField)) {
    const types = typeof value === "object" && value !== null && "types" in value ? value.types : undefined;
    if (typeof types !== "string") continue;
    const source = types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts");
    bySource.set(source, key === "." ? packageName : `${packageName}/${key.replace(/^\.\//, "")}`);
  }
  const names = new Map<string, string>();
  const problems: string[] = [];
  for (const file of entryFiles) {
    const name = bySource.get(file);
    if (name === undefined) problems.push(`typedoc entry point ${file} is no entry of package.json "exports"`);
    else names.set(file, name);
  }
  for (const [source, name] of bySource) {
    if (!entryFiles.includes(source)) problems.push(`package.json export ${name} has no typedoc entry point: add "${source}" to typedoc.json entryPoints`);
  }
  return { names, problems };
}

/** A rule ID in prose; rule numbers have no leading zero ("MAT-001" is an external ID, not a rule). */
export const RULE_ID: RegExp = new RegExp(`\\b(?:${RULE_PREFIXES})-[1-9]\\d*\\b`, "g");

/**
 * Splits a text into pieces, each either plain text or a rule ID to link. IDs inside a Markdown
 * link label (`[... STK-2 ...](...)`) or already followed by `](` stay text.
 * @param text - a comment's text
 * @returns its pieces, in order
 */
export function splitRuleIds(text: string): ({ text: string } | { id: string })[] {
  const out: ({ text: string } | { id: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(RULE_ID)) {
    const before = text.slice(0, m.index);
    const insideLabel = before.lastIndexOf("[") > before.lastIndexOf("]");
    const insideUrl = before.lastIndexOf("](") > before.lastIndexOf(")");
    if (insideLabel || insideUrl) continue;
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ id: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/**
 * The rule IDs of the catalog: the row anchors of docs/rules.md.
 * @param rulesMd - docs/rules.md's text
 * @returns the IDs
 */
export function catalogIds(rulesMd: string): Set<string> {
  return new Set([...rulesMd.matchAll(/^\| <a id="[a-z]+-\d+"><\/a>([A-Z]+-\d+) \|/gm)].map((m) => m[1] ?? ""));
}

/**
 * The anchor of a rule's row in docs/rules.md.
 * @param id - the rule ID
 * @returns the anchor, without `#`
 */
export const ruleAnchor = (id: string): string => id.toLowerCase();

/**
 * Graphviz DOT for the Mermaid `stateDiagram-v2` subset that src/order/diagram.ts writes:
 * `State : label`, `[*] --> State : action`, `From --> To : actions`.
 * @param mermaid - the diagram
 * @returns the DOT text
 */
export function mermaidToDot(mermaid: string): string {
  const lines = mermaid.split("\n").map((l) => l.trim()).filter((l) => l !== "" && l !== "stateDiagram-v2");
  const q = (s: string): string => JSON.stringify(s);
  const out = [
    "digraph {",
    '  rankdir=TB; bgcolor="transparent"; nodesep=0.6; ranksep=0.6;',
    '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", color="#4a6fa5", fontname="Helvetica", fontsize=12];',
    '  edge [color="#555555", fontname="Helvetica", fontsize=10];',
    '  start [shape=circle, label="", width=0.18, style=filled, fillcolor="#333333", color="#333333"];',
  ];
  for (const line of lines) {
    const edge = /^(\[\*\]|\w+) --> (\w+)(?: : (.*))?$/.exec(line);
    if (edge !== null) {
      const from = edge[1] === "[*]" ? "start" : (edge[1] ?? "");
      out.push(`  ${q(from)} -> ${q(edge[2] ?? "")} [label=${q(edge[3] ?? "")}];`);
      continue;
    }
    const state = /^(\w+) : (.*)$/.exec(line);
    if (state !== null) {
      out.push(`  ${q(state[1] ?? "")} [label=${q((state[2] ?? "").replace(/ \(/, "\n("))}];`);
      continue;
    }
    throw new Error(`mermaidToDot: unsupported line ${JSON.stringify(line)}`);
  }
  out.push("}");
  return out.join("\n");
}

const decodeHtml = (s: string): string => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

/** The guides, as project documents, with the titles the site shows. */
const DOCUMENT_TITLES = new Map([
  ["docs/rules.md", "Rule catalog"],
  ["docs/decisions.md", "Decisions"],
  ["docs/state-machines.md", "State machines"],
  ["docs/performance.md", "Performance"],
  ["docs/service.md", "Service contract"],
  ["docs/embedding.md", "Embedding"],
  ["docs/offline.md", "Offline"],
  ["docs/quality.md", "Quality"],
]);

/** Markdown-output slug of each guide's title (typedoc-plugin-markdown names document pages after them) -> its file in docs/. */
const documentFiles = new Map([...DOCUMENT_TITLES].map(([file, title]) => [title.replace(/ /g, "-"), file.replace(/^docs\//, "")]));

/** A markdown-it token, as far as the heading rule reads and writes it. */
interface MarkdownToken {
  readonly type: string;
  readonly content: string;
  children: MarkdownToken[] | null;
}

/** The state a markdown-it core rule receives. */
interface MarkdownState {
  readonly tokens: readonly MarkdownToken[];
  readonly Token: new (type: string, tag: string, nesting: number) => MarkdownToken;
}

/** The part of a markdown-it parser that `markdownItLoader` adds a core rule with. */
interface MarkdownParser {
  readonly core: { readonly ruler: { push(name: string, rule: (state: MarkdownState) => void): void } };
}

/**
 * The plugin: typedoc calls it once, before reading the project.
 * @param app - the typedoc application
 */
export function load(app: Application): void {
  // Headings keep their inline code in the "On this page" list and in their anchors: typedoc
  // reads a heading's text from its text tokens only, so each inline code token of a heading
  // also carries its text as a child (markdown-it renders code from `content`, not children).
  // Set once the options are read (bootstrap reads them again after loading plugins).
  app.on("bootstrapEnd", () => {
    const loader = app.options.getValue("markdownItLoader");
    app.options.setValue("markdownItLoader", (parser: MarkdownParser) => {
      loader(parser);
      parser.core.ruler.push("heading-code-text", (state) => {
        state.tokens.forEach((token, i) => {
          if (token.type !== "inline" || state.tokens[i - 1]?.type !== "heading_open") return;
          for (const child of token.children ?? []) {
            if (child.type === "code_inline" && child.children == null) child.children = [Object.assign(new state.Token("text", "", 0), { content: child.content })];
          }
        });
      });
    });
  });
  /** reflection id -> declaring file, repository-relative */
  const declaredIn = new Map<number, string>();
  const rel = (file: string): string => relative(root, file).split("\\").join("/");
  const apiDir = join(root, "docs", "api").split("\\").join("/") + "/";

  app.converter.on("createDeclaration", (context, reflection) => {
    const symbol = context.getSymbolFromReflection(reflection);
    const decl = symbol?.declarations?.[0];
    if (decl !== undefined) declaredIn.set(reflection.id, rel(decl.getSourceFile().fileName));
  });

  app.converter.on("createDocument", (_context, reflection) => {
    for (const [file, title] of DOCUMENT_TITLES) {
      if (reflection.name === file.replace(/^docs\//, "").replace(/\.md$/, "")) reflection.name = title;
    }
  });

  app.converter.on(
    "resolveBegin",
    (context) => {
      const project = context.project;
      const log = app.logger;
      const pkg: unknown = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
      if (typeof pkg !== "object" || pkg === null || !("exports" in pkg) || !("name" in pkg) || typeof pkg.exports !== "object" || pkg.exports === null || typeof pkg.name !== "string") {
        log.error("package.json has no exports or no name");
        return;
      }
      const modules = project.children ?? [];
      const files = new Map(modules.map((m) => [m, declaredIn.get(m.id)]));
      const { names, problems } = entryNames({ ...pkg.exports }, [...files.values()].filter((f) => f !== undefined), pkg.name);
      for (const p of problems) log.error(p);
      for (const [m, file] of files) {
        const name = file === undefined ? undefined : names.get(file);
        if (name !== undefined) m.name = name;
      }

      // Categories of the rules entry.
      const rulesModule = modules.find((m) => files.get(m) === "src/index.ts");
      const titles = new Set(CATEGORIES.map((c) => c.title));
      for (const child of rulesModule?.children ?? []) {
        const file = declaredIn.get(child.id) ?? "(unknown file)";
        const comment = child.comment ?? child.signatures?.[0]?.comment;
        const explicit = comment?.getTag("@category");
        if (explicit !== undefined) {
          const title = explicit.content.map((p) => p.text).join("").trim();
          if (!titles.has(title)) log.error(`${child.name} (${file}): @category "${title}" is none of the rules entry's categories (${[...titles].join(", ")})`);
          continue;
        }
        const title = categoryOf(file);
        if (title === undefined) {
          log.error(`${child.name} (${file}) is in no category: add its folder or file to CATEGORIES in tools/typedoc-plugin-reference.ts, or tag it @category`);
          continue;
        }
        addCategory(child, title);
      }

      // Rule links.
      const rulesPath = join(root, "docs", "rules.md");
      const known = existsSync(rulesPath) ? catalogIds(readFileSync(rulesPath, "utf8")) : new Set<string>();
      const rulesFile = project.files.registerAbsolute(normalized(rulesPath)).target;
      for (const reflection of Object.values(project.reflections)) {
        const comment = reflection.comment;
        if (comment === undefined) continue;
        const where = `${reflection.getFriendlyFullName()}`;
        comment.summary = linkParts(comment.summary, known, rulesFile, (id) => log.error(`${where}: rule ${id} is not in the catalog (docs/rules.md)`));
        for (const tag of comment.blockTags) {
          if (tag.tag === "@example") continue;
          tag.content = linkParts(tag.content, known, rulesFile, (id) => log.error(`${where}: rule ${id} is not in the catalog (docs/rules.md)`));
        }
      }

      // The catalog's owner links (the forge URL of docs/api/<module>/<kind>/<name>.md) resolve to
      // the reflection's page: each becomes a relative link to that path, which maps to the reflection.
      for (const reflection of Object.values(project.reflections)) {
        const page = markdownPagePath(reflection);
        if (page !== undefined) project.files.registerReflectionPath(normalized(join(root, "docs", page)), reflection);
      }
      for (const doc of project.getReflectionsByKind(ReflectionKind.Document)) {
        if (!doc.isDocument()) continue;
        doc.content = doc.content.flatMap((part): CommentDisplayPart[] => {
          if (part.kind !== "text" || !part.text.includes(`](${API_BASE}`)) return [part];
          const out: CommentDisplayPart[] = [];
          let last = 0;
          for (const m of part.text.matchAll(new RegExp(`\\]\\((${API_BASE.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}([^)#\\s]+\\.md))`, "g"))) {
            const [, url = "", page = ""] = m;
            const start = (m.index ?? 0) + 2;
            out.push({ kind: "text", text: part.text.slice(last, start) });
            const absolute = `${apiDir}${page}`;
            out.push({ kind: "relative-link", text: url, target: project.files.registerAbsolute(normalized(absolute)).target, targetAnchor: undefined });
            last = start + url.length;
          }
          out.push({ kind: "text", text: part.text.slice(last) });
          return out;
        });
      }
      for (const path of project.files.getMediaPaths()) {
        if (path.startsWith(apiDir)) log.error(`docs/rules.md links ${relative(root, path)}, which is no page of the API reference`);
      }
    },
    100,
  );

  app.renderer.on("endPage", (page) => {
    if (page.contents === undefined) return;
    // typedoc validates link anchors against the headings it slugged; the catalog's rows carry
    // raw `<a id>` anchors, so declare those it actually rendered (a missing one still fails).
    const model = page.model;
    // A page's model is a reflection, or a plain router target with neither method.
    const isDocument = "isDocument" in model && model.isDocument();
    if (isDocument) {
      const slugger = app.renderer.router?.getSlugger(model);
      for (const m of page.contents.matchAll(/<a id="([a-z]+-\d+)"><\/a>/g)) if (m[1] !== undefined && slugger?.hasAnchor(m[1]) !== true) slugger?.slug(m[1]);
    }
    if (page.url.endsWith(".md")) {
      // The Markdown reference sits beside the guides (docs/api/ in docs/): link to them, not to
      // copies, and write no copies (removed once the output is written).
      if (isDocument) {
        markdownCopies.push(page.filename);
        return;
      }
      const up = "../".repeat(page.url.split("/").length - 1);
      page.contents = page.contents.replace(/\]\((?:\.\.\/)*documents\/([A-Za-z-]+)\.md(#[^)]*)?\)/g, (all, slug: string, anchor: string | undefined) => {
        const file = documentFiles.get(slug);
        return file === undefined ? all : `](${up}../${file}${anchor ?? ""})`;
      });
      return;
    }
    if (!page.url.endsWith(".html")) return;
    // The landing page is the README, whose own first heading is the package name: drop the
    // theme's identical title above it rather than show the name twice.
    if (page.url === "index.html" && "isProject" in model && model.isProject()) {
      const contents = page.contents;
      page.contents = contents.replace(/<div class="tsd-page-title">\s*<h1>([^<]*)<\/h1><\/div>/, (all, title: string) => (contents.includes(`<h1 id="${title.toLowerCase()}"`) ? "" : all));
    }
    if (!page.contents.includes('<code class="mermaid">')) return;
    page.contents = page.contents.replace(
      /<pre><code class="mermaid">([\s\S]*?)<\/code><button[^>]*>[\s\S]*?<\/button><\/pre>|<pre><code class="mermaid">([\s\S]*?)<\/code><\/pre>/g,
      (_all, a: string | undefined, b: string | undefined) => {
        if (vizInstance === undefined) throw new Error("the diagram renderer is not loaded");
        const svg = vizInstance.renderString(mermaidToDot(decodeHtml(a ?? b ?? "")), { format: "svg" });
        // Scale to the column (the SVG keeps its viewBox), never wider than drawn.
        const inline = svg.replace(/^[\s\S]*?(<svg)/, "$1").replace(/<svg width="([\d.]+)pt" height="[\d.]+pt"/, '<svg style="width:100%;max-width:$1pt;height:auto"');
        return `<figure class="state-machine" style="margin:1em 0">${inline}</figure>`;
      },
    );
  });

  const markdownCopies: string[] = [];
  app.renderer.on("endRender", () => {
    for (const file of markdownCopies.splice(0)) {
      rmSync(file, { force: true });
      const dir = join(file, "..");
      if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
    }
  });
  let vizInstance: Viz | undefined;
  app.renderer.preRenderAsyncJobs.push(async () => {
    if (vizInstance === undefined) vizInstance = await (await import("@viz-js/viz")).instance();
  });
}

/** A path with `/` separators, as typedoc's file registry keys them. */
const normalized = (path: string): NormalizedPath => normalizePath(path);

/** The path under docs/ of a reflection's page in the Markdown reference (typedoc-plugin-markdown's layout). */
const KIND_DIRS = new Map<ReflectionKind, string>([
  [ReflectionKind.Function, "functions"],
  [ReflectionKind.Interface, "interfaces"],
  [ReflectionKind.TypeAlias, "type-aliases"],
  [ReflectionKind.Variable, "variables"],
  [ReflectionKind.Class, "classes"],
  [ReflectionKind.Enum, "enumerations"],
]);

/**
 * The path under docs/ of a reflection's page in the Markdown reference (typedoc-plugin-markdown's layout).
 * @param reflection - a reflection of the project
 * @returns the path, or undefined when it has no page of its own
 */
export function markdownPagePath(reflection: Reflection): string | undefined {
  const dir = KIND_DIRS.get(reflection.kind);
  const parent = reflection.parent;
  if (dir === undefined || parent === undefined || parent.kind !== ReflectionKind.Module) return undefined;
  return `api/${parent.name}/${dir}/${reflection.name}.md`;
}

/** Files a reflection under a category of the rules entry (an explicit `@category` tag on its comment). */
function addCategory(reflection: DeclarationReflection, title: string): void {
  const host = reflection.comment ?? reflection.signatures?.[0]?.comment;
  if (host === undefined) return;
  host.blockTags.push(new CommentTag("@category", [{ kind: "text", text: title }]));
}

/** Links each rule ID of a comment's text parts to its row in docs/rules.md; `unknown` hears of an ID the catalog lacks. */
function linkParts(parts: readonly CommentDisplayPart[], known: ReadonlySet<string>, rulesFile: FileId, unknown: (id: string) => void): CommentDisplayPart[] {
  const out: CommentDisplayPart[] = [];
  for (const part of parts) {
    if (part.kind !== "text") {
      out.push(part);
      continue;
    }
    for (const piece of splitRuleIds(part.text)) {
      if ("text" in piece) {
        out.push({ kind: "text", text: piece.text });
        continue;
      }
      if (!known.has(piece.id)) {
        unknown(piece.id);
        out.push({ kind: "text", text: piece.id });
        continue;
      }
      out.push({ kind: "text", text: `[${piece.id}](` });
      // The anchor goes in the text, not in targetAnchor, so the Markdown output keeps it too
      // (typedoc-plugin-markdown drops targetAnchor); catalogIds() already proved the row exists.
      out.push({ kind: "relative-link", text: "docs/rules.md", target: rulesFile, targetAnchor: undefined });
      out.push({ kind: "text", text: `#${ruleAnchor(piece.id)})` });
    }
  }
  return out;
}

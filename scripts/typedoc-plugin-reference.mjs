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
// The pure pieces are exported for test/scripts/typedoc-plugin-reference.test.ts.
import { readFileSync, existsSync, rmSync, readdirSync, rmdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { CommentTag, ReflectionKind } from "typedoc";
import { API_BASE } from "./rules-table.mjs";

const root = join(fileURLToPath(import.meta.url), "..", "..");

/** The rules entry's categories, in navigation order, with the source paths they hold (first match wins). */
export const CATEGORIES = [
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
 * @param {string} path
 * @returns {string | undefined}
 */
export function categoryOf(path) {
  return CATEGORIES.find((c) => c.paths.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p)))?.title;
}

/**
 * The module name of each typedoc entry file, from package.json `exports` (types `./dist/X.d.ts`
 * is the build of `src/X.ts`), plus the problems: an entry that is no export, an export with no entry.
 * @param {Record<string, unknown>} exportsField
 * @param {string[]} entryFiles repository-relative entry point paths
 * @param {string} packageName
 * @returns {{ names: Map<string, string>, problems: string[] }}
 */
export function entryNames(exportsField, entryFiles, packageName) {
  const bySource = new Map();
  for (const [key, value] of Object.entries(exportsField)) {
    const types = typeof value === "object" && value !== null ? /** @type {Record<string, unknown>} */ (value).types : undefined;
    if (typeof types !== "string") continue;
    const source = types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts");
    bySource.set(source, key === "." ? packageName : `${packageName}/${key.replace(/^\.\//, "")}`);
  }
  const names = new Map();
  const problems = [];
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
export const RULE_ID = /\b(?:GEN|AUTH|CUS|UPS|ORD|INT|ASN|NOT|MAT|STO|STK|ERR|TXT|LIM|JRN|IDM|RPL|SYN|OFF|CRD|HTTP|CND|COR|CLT)-[1-9]\d*\b/g;

/**
 * Splits a text into pieces, each either plain text or a rule ID to link. IDs inside a Markdown
 * link label (`[... STK-2 ...](...)`) or already followed by `](` stay text.
 * @param {string} text
 * @returns {({ text: string } | { id: string })[]}
 */
export function splitRuleIds(text) {
  const out = [];
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
 * @param {string} rulesMd
 * @returns {Set<string>}
 */
export function catalogIds(rulesMd) {
  return new Set([...rulesMd.matchAll(/^\| <a id="[a-z]+-\d+"><\/a>([A-Z]+-\d+) \|/gm)].map((m) => m[1]));
}

/** The anchor of a rule's row in docs/rules.md. */
export const ruleAnchor = (/** @type {string} */ id) => id.toLowerCase();

/**
 * Graphviz DOT for the Mermaid `stateDiagram-v2` subset that src/order/diagram.ts writes:
 * `State : label`, `[*] --> State : action`, `From --> To : actions`.
 * @param {string} mermaid
 * @returns {string}
 */
export function mermaidToDot(mermaid) {
  const lines = mermaid.split("\n").map((l) => l.trim()).filter((l) => l !== "" && l !== "stateDiagram-v2");
  const q = (/** @type {string} */ s) => JSON.stringify(s);
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
      const from = edge[1] === "[*]" ? "start" : edge[1];
      out.push(`  ${q(from)} -> ${q(edge[2])} [label=${q(edge[3] ?? "")}];`);
      continue;
    }
    const state = /^(\w+) : (.*)$/.exec(line);
    if (state !== null) {
      out.push(`  ${q(state[1])} [label=${q(state[2].replace(/ \(/, "\n("))}];`);
      continue;
    }
    throw new Error(`mermaidToDot: unsupported line ${JSON.stringify(line)}`);
  }
  out.push("}");
  return out.join("\n");
}

const decodeHtml = (/** @type {string} */ s) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

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

/** @param {import("typedoc").Application} app */
export function load(app) {
  // Headings keep their inline code in the "On this page" list and in their anchors: typedoc
  // reads a heading's text from its text tokens only, so each inline code token of a heading
  // also carries its text as a child (markdown-it renders code from `content`, not children).
  // Set once the options are read (bootstrap reads them again after loading plugins).
  app.on("bootstrapEnd", () => {
    const loader = app.options.getValue("markdownItLoader");
    app.options.setValue("markdownItLoader", (/** @type {any} */ parser) => {
      loader(parser);
      parser.core.ruler.push("heading-code-text", (/** @type {any} */ state) => {
        state.tokens.forEach((/** @type {any} */ token, /** @type {number} */ i) => {
          if (token.type !== "inline" || state.tokens[i - 1]?.type !== "heading_open") return;
          for (const child of token.children ?? []) {
            if (child.type === "code_inline" && child.children == null) child.children = [Object.assign(new state.Token("text", "", 0), { content: child.content })];
          }
        });
      });
    });
  });
  /** @type {Map<number, string>} reflection id -> declaring file, repository-relative */
  const declaredIn = new Map();
  const rel = (/** @type {string} */ file) => relative(root, file).split("\\").join("/");
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
      const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
      const modules = project.children ?? [];
      const files = new Map(modules.map((m) => [m, declaredIn.get(m.id)]));
      const { names, problems } = entryNames(pkg.exports, [...files.values()].filter((f) => f !== undefined), pkg.name);
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
          log.error(`${child.name} (${file}) is in no category: add its folder or file to CATEGORIES in scripts/typedoc-plugin-reference.mjs, or tag it @category`);
          continue;
        }
        addCategory(child, title);
      }

      // Rule links.
      const rulesPath = join(root, "docs", "rules.md");
      const known = existsSync(rulesPath) ? catalogIds(readFileSync(rulesPath, "utf8")) : new Set();
      const rulesFile = project.files.registerAbsolute(rulesPath.split("\\").join("/")).target;
      for (const reflection of Object.values(project.reflections)) {
        for (const comment of [reflection.comment].filter(Boolean)) {
          const where = `${reflection.getFriendlyFullName()}`;
          comment.summary = linkParts(comment.summary, known, rulesFile, (id) => log.error(`${where}: rule ${id} is not in the catalog (docs/rules.md)`));
          for (const tag of comment.blockTags) {
            if (tag.tag === "@example") continue;
            tag.content = linkParts(tag.content, known, rulesFile, (id) => log.error(`${where}: rule ${id} is not in the catalog (docs/rules.md)`));
          }
        }
      }

      // The catalog's owner links (the forge URL of docs/api/<module>/<kind>/<name>.md) resolve to
      // the reflection's page: each becomes a relative link to that path, which maps to the reflection.
      for (const reflection of Object.values(project.reflections)) {
        const page = markdownPagePath(reflection);
        if (page !== undefined) project.files.registerReflectionPath(join(root, "docs", page).split("\\").join("/"), reflection);
      }
      for (const doc of project.getReflectionsByKind(ReflectionKind.Document)) {
        doc.content = doc.content.flatMap((part) => {
          if (part.kind !== "text" || !part.text.includes(`](${API_BASE}`)) return [part];
          const out = [];
          let last = 0;
          for (const m of part.text.matchAll(new RegExp(`\\]\\((${API_BASE.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}([^)#\\s]+\\.md))`, "g"))) {
            const start = (m.index ?? 0) + 2;
            out.push({ kind: "text", text: part.text.slice(last, start) });
            const absolute = `${apiDir}${m[2]}`;
            out.push({ kind: "relative-link", text: m[1], target: project.files.registerAbsolute(absolute).target, targetAnchor: undefined });
            last = start + m[1].length;
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
    if (page.model.isDocument?.()) {
      const slugger = app.renderer.router?.getSlugger(page.model);
      for (const m of page.contents.matchAll(/<a id="([a-z]+-\d+)"><\/a>/g)) if (!slugger?.hasAnchor(m[1])) slugger?.slug(m[1]);
    }
    if (page.url.endsWith(".md")) {
      // The Markdown reference sits beside the guides (docs/api/ in docs/): link to them, not to
      // copies, and write no copies (removed once the output is written).
      if (page.model.isDocument?.()) {
        markdownCopies.push(page.filename);
        return;
      }
      const up = "../".repeat(page.url.split("/").length - 1);
      page.contents = page.contents.replace(/\]\((?:\.\.\/)*documents\/([A-Za-z-]+)\.md(#[^)]*)?\)/g, (all, slug, anchor) => {
        const file = documentFiles.get(slug);
        return file === undefined ? all : `](${up}../${file}${anchor ?? ""})`;
      });
      return;
    }
    if (!page.url.endsWith(".html")) return;
    // The landing page is the README, whose own first heading is the package name: drop the
    // theme's identical title above it rather than show the name twice.
    if (page.url === "index.html" && page.model.isProject?.()) {
      page.contents = page.contents.replace(/<div class="tsd-page-title">\s*<h1>([^<]*)<\/h1><\/div>/, (all, title) => (page.contents.includes(`<h1 id="${title.toLowerCase()}"`) ? "" : all));
    }
    if (!page.contents.includes('<code class="mermaid">')) return;
    page.contents = page.contents.replace(/<pre><code class="mermaid">([\s\S]*?)<\/code><button[^>]*>[\s\S]*?<\/button><\/pre>|<pre><code class="mermaid">([\s\S]*?)<\/code><\/pre>/g, (_all, a, b) => {
      const svg = vizInstance.renderString(mermaidToDot(decodeHtml(a ?? b)), { format: "svg" });
      // Scale to the column (the SVG keeps its viewBox), never wider than drawn.
      const inline = svg.replace(/^[\s\S]*?(<svg)/, "$1").replace(/<svg width="([\d.]+)pt" height="[\d.]+pt"/, '<svg style="width:100%;max-width:$1pt;height:auto"');
      return `<figure class="state-machine" style="margin:1em 0">${inline}</figure>`;
    });
  });

  /** @type {string[]} */
  const markdownCopies = [];
  app.renderer.on("endRender", () => {
    for (const file of markdownCopies.splice(0)) {
      rmSync(file, { force: true });
      const dir = join(file, "..");
      if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
    }
  });
  /** @type {any} */
  let vizInstance;
  app.renderer.preRenderAsyncJobs.push(async () => {
    if (vizInstance === undefined) vizInstance = await (await import("@viz-js/viz")).instance();
  });
}

/** The path under docs/ of a reflection's page in the Markdown reference (typedoc-plugin-markdown's layout). */
const KIND_DIRS = new Map([
  [64, "functions"], // Function
  [256, "interfaces"], // Interface
  [2097152, "type-aliases"], // TypeAlias
  [32, "variables"], // Variable
  [128, "classes"], // Class
  [8, "enumerations"], // Enum
]);

/** @param {any} reflection */
export function markdownPagePath(reflection) {
  const dir = KIND_DIRS.get(reflection.kind);
  const parent = reflection.parent;
  if (dir === undefined || parent === undefined || parent.kind !== 2) return undefined; // 2: Module
  return `api/${parent.name}/${dir}/${reflection.name}.md`;
}

/** @param {any} reflection @param {string} title */
function addCategory(reflection, title) {
  const host = reflection.comment ?? reflection.signatures?.[0]?.comment;
  if (host === undefined) return;
  host.blockTags.push(new CommentTag("@category", [{ kind: "text", text: title }]));
}

/**
 * @param {any[]} parts
 * @param {Set<string>} known
 * @param {number} rulesFile
 * @param {(id: string) => void} unknown
 */
function linkParts(parts, known, rulesFile, unknown) {
  const out = [];
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

// Generates docs/rules.md: every rule ID of shared/spec/RULES.md, traced to the one exported
// function (or const) whose TSDoc carries `@rule <ID>` (its owner) and to the test files whose
// test names cite it. `--check` exits 1 when docs/rules.md is stale or the catalog is broken:
// a rule with no owner or several, an owner under src/service/ or src/server/ (they compose,
// they decide nothing), a `@rule` naming an ID RULES.md lacks, a `@rule` not on an export, a
// leftover "Implements <ID>" claim, a rule named by no test, or a rule ID mentioned anywhere in
// TSDoc that RULES.md lacks. Each row anchors its rule (`#stk-2`, the target of the reference's
// rule links) and links its owner's page in the Markdown reference (docs/api/...), which the
// HTML site resolves to the owner's own page (tools/typedoc-plugin-reference.ts).
// It also writes src/shared/rule-id.generated.ts, the catalog's IDs as the `RuleId` type that every issue's
// `rule` has (and `--check` fails when that file is stale).
// The pure pieces (readRulesText, parseOwners, parseTests, catalogProblems, renderTable, renderRuleIds) are
// exported so test/scripts/rules-table.test.ts can feed them synthetic inputs; readRules (the
// catalogs as read here) is exported for the tests that check issues against them.
// Run: node tools/run.mjs rules-table [--check].
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { root } from "./root.js";

/** One rule of a catalog: its ID and a one-line summary. */
export interface RuleEntry {
  /** The rule ID (`STK-2`). */
  readonly id: string;
  /** Its text's first sentence, shortened, with `|` escaped for a table. */
  readonly summary: string;
}

/** A source file: its repository-relative path and its text. */
export interface SourceFile {
  /** Repository-relative, `/`-separated. */
  readonly path: string;
  /** Its text. */
  readonly text: string;
}

/** One `@rule` tag on an export. */
export interface Claim {
  /** The ID the tag names (empty when it names none). */
  readonly id: string;
  /** The export's name. */
  readonly name: string;
  /** The file it is in. */
  readonly path: string;
  /** The kind of declaration (`function`, `const`, ...). */
  readonly kind?: string;
}

/** Every `@rule` claim in source files, plus the claims the catalog cannot accept as written. */
export interface Owners {
  /** The tags on exports. */
  readonly claims: readonly Claim[];
  /** One line per file with tags not on an export. */
  readonly stray: readonly string[];
  /** One line per retired "Implements <ID>" claim. */
  readonly implementsLines: readonly string[];
  /** Every rule ID any TSDoc comment mentions. */
  readonly mentions?: readonly { readonly id: string; readonly path: string }[];
}
const specCandidates = [join(root, "..", "shared", "spec", "RULES.md")];
/** The project's own rules (new prefixes for behaviour its features add), read after RULES.md. */
const projectCatalog = join(root, "docs", "rules-project.md");
/** The prefixes of the catalogs' rule IDs (RULES.md's, then docs/rules-project.md's): a new prefix is added here only. */
export const RULE_PREFIXES = "GEN|AUTH|CUS|UPS|ORD|INT|ASN|NOT|MAT|STO|STK|ERR|TXT|LIM|JRN|IDM|RPL|SYN|OFF|CRD|HTTP|CND|COR|CLT|GRP|MCA";
const ID = new RegExp(`\\b(?:${RULE_PREFIXES})-\\d+\\b`, "g");
/** A rule ID as prose mentions it (rule numbers have no leading zero: "MAT-001" is an external ID). */
const MENTION = new RegExp(`\\b(?:${RULE_PREFIXES})-[1-9]\\d*\\b`, "g");
/** An "Implements <ID>" claim left in a comment. */
const IMPLEMENTS = new RegExp(`\\bImplements\\s+(?:[^.]*?)\\b(?:${RULE_PREFIXES})-\\d+`, "g");
/** Folders whose code composes rules and so may not own one. */
const COMPOSERS = ["src/service/", "src/server/"];

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

function readSources(dir: string): SourceFile[] {
  return walk(join(root, dir)).map((file) => ({ path: relative(root, file).split("\\").join("/"), text: readFileSync(file, "utf8") }));
}

/**
 * The rules of a RULES.md text, in order, with a one-line summary each.
 * @param text - a catalog's text
 * @returns its rules
 */
export function readRulesText(text: string): RuleEntry[] {
  const rules: RuleEntry[] = [];
  for (const line of text.split("\n")) {
    const m = /^- ([A-Z]+-\d+) (.*)$/.exec(line);
    if (m === null) continue;
    const [, id = "", rest = ""] = m;
    let summary = rest.replace(/\*\*\(decided[^)]*\)\*\*/g, "").replace(/`/g, "").trim();
    const cut = summary.search(/[.:;](\s|$)/);
    if (cut > 20) summary = summary.slice(0, cut);
    if (summary.length > 110) summary = `${summary.slice(0, 107).trimEnd()}…`;
    rules.push({ id, summary: summary.replace(/\|/g, "\\|") });
  }
  return rules;
}

/**
 * The rules of the catalogs, RULES.md then docs/rules-project.md; outside the workspace (no
 * shared/ beside the checkout) the committed docs/rules.md.
 * @returns the rules of the catalogs
 */
export function readRules(): RuleEntry[] {
  const spec = specCandidates.find((p) => existsSync(p));
  // Outside the workspace (no shared/ beside the checkout) the committed table is the catalog.
  if (spec === undefined) return readCommittedRules();
  const project = existsSync(projectCatalog) ? readRulesText(readFileSync(projectCatalog, "utf8")) : [];
  return [...readRulesText(readFileSync(spec, "utf8")), ...project];
}

function readCommittedRules(): RuleEntry[] {
  const table = join(root, "docs", "rules.md");
  if (!existsSync(table)) throw new Error("Neither ../shared/spec/RULES.md nor docs/rules.md exists");
  const rules: RuleEntry[] = [];
  for (const line of readFileSync(table, "utf8").split("\n")) {
    const m = /^\| (?:<a id="[a-z]+-\d+"><\/a>)?([A-Z]+-\d+) \| (.*?) \| /.exec(line);
    if (m !== null) rules.push({ id: m[1] ?? "", summary: m[2] ?? "" });
  }
  return rules;
}

const DOC = /\/\*\*([\s\S]*?)\*\/\s*export\s+(?:declare\s+)?(?:async\s+)?(function\*?|const|let|class|type|interface|enum)\s+([A-Za-z0-9_$]+)/g;
/** typedoc-plugin-markdown's folder for each kind of declaration. */
const KIND_DIRS: Readonly<Record<string, string>> = { function: "functions", "function*": "functions", const: "variables", let: "variables", class: "classes", type: "type-aliases", interface: "interfaces", enum: "enumerations" };
/**
 * The Markdown reference's folder of the rules entry (its module is named after the package), as
 * an absolute forge URL: docs/rules.md ships in the package, docs/api/ does not (the README links
 * it the same way). The site's typedoc plugin maps these URLs to the reflections' own pages.
 */
export const API_BASE: string = "https://github.com/field-service-rules/field-service-rules/blob/main/docs/api/";
const RULES_MODULE_DIR = `${API_BASE}field-service-rules`;
const RULE_TAG = /(?:^|\n)\s*\*?\s*@rule\b[ \t]*([^\s*]*)/g;

/**
 * Every `@rule` claim in source files, plus the claims the catalog cannot accept as written.
 * @param files - the source files
 * @returns the claims, and what is wrong with them
 */
export function parseOwners(files: readonly SourceFile[]): Owners {
  const claims: Claim[] = [];
  const stray: string[] = [];
  const implementsLines: string[] = [];
  const mentions: { id: string; path: string }[] = [];
  for (const { path, text } of files) {
    let attached = 0;
    for (const m of text.matchAll(DOC)) {
      // The regex is lazy but may still span several comments; only the last one documents the export.
      const [, body = "", kind = "", name = ""] = m;
      const comment = body.slice(body.lastIndexOf("/**") + 1);
      for (const t of comment.matchAll(RULE_TAG)) {
        attached++;
        claims.push({ id: t[1] ?? "", name, path, kind });
      }
    }
    // Every rule ID in any TSDoc comment: the reference links each, so each must be in the catalog.
    for (const c of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
      for (const id of c[0].match(MENTION) ?? []) mentions.push({ id, path });
    }
    const all = [...text.matchAll(RULE_TAG)].length;
    if (all !== attached) stray.push(`${path}: ${all - attached} @rule tag(s) not in the TSDoc of an export`);
    for (const m of text.matchAll(IMPLEMENTS)) {
      implementsLines.push(`${path}: "${m[0].slice(0, 60)}"`);
    }
  }
  return { claims, stray, implementsLines, mentions };
}

/**
 * The test files naming each rule ID in a test or suite title.
 * @param files - the test files
 * @returns the paths of the files naming each rule ID
 */
export function parseTests(files: readonly SourceFile[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const TITLE = /\b(?:it|test|describe|bench)(?:\.\w+)*\s*\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g;
  for (const { path, text } of files) {
    for (const m of text.matchAll(TITLE)) {
      for (const id of (m[2] ?? "").match(ID) ?? []) {
        const set = out.get(id) ?? new Set<string>();
        set.add(path);
        out.set(id, set);
      }
    }
  }
  return out;
}

/**
 * Everything wrong with the catalog: each string is one problem; none means it holds.
 * @param rules - the catalogs' rules
 * @param owners - the claims ({@link parseOwners})
 * @param tests - the test files naming each rule ({@link parseTests})
 * @returns the problems
 */
export function catalogProblems(rules: readonly { readonly id: string }[], owners: Owners, tests: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const problems: string[] = [];
  const known = new Set(rules.map((r) => r.id));
  const byId = new Map<string, Claim[]>();
  for (const c of owners.claims) {
    if (!known.has(c.id)) {
      problems.push(`@rule ${c.id || "(no ID)"} on ${c.name} (${c.path}) names no rule of RULES.md`);
      continue;
    }
    const list = byId.get(c.id) ?? [];
    list.push(c);
    byId.set(c.id, list);
    if (COMPOSERS.some((dir) => c.path.startsWith(dir))) {
      problems.push(`${c.id} is owned by ${c.name} (${c.path}): service and server code compose rules and may own none`);
    }
  }
  for (const { id } of rules) {
    const list = byId.get(id) ?? [];
    if (list.length === 0) problems.push(`${id} has no owner (no export carries @rule ${id})`);
    if (list.length > 1) problems.push(`${id} has ${list.length} owners: ${list.map((c) => `${c.name} (${c.path})`).join(", ")}`);
    if ((tests.get(id)?.size ?? 0) === 0) problems.push(`${id} is named by no test`);
  }
  // A @rule with an unknown ID is reported above; its comment's mention of that ID is the same fault.
  const claimed = new Set(owners.claims.map((c) => c.id));
  const unknownMentions = new Set((owners.mentions ?? []).filter((m) => !known.has(m.id) && !claimed.has(m.id)).map((m) => `${m.id} (${m.path})`));
  for (const m of unknownMentions) problems.push(`TSDoc mentions rule ${m}, which RULES.md lacks`);
  for (const s of owners.stray) problems.push(s);
  for (const s of owners.implementsLines) problems.push(`"Implements <ID>" is retired, use @rule on the owner or prose elsewhere: ${s}`);
  return problems;
}

/**
 * The docs/rules.md text.
 * @param rules - the catalogs' rules
 * @param owners - the claims ({@link parseOwners})
 * @param tests - the test files naming each rule ({@link parseTests})
 * @param exported - the names the rules entry exports: only those have a page to link
 * @param serviceExported - the names `field-service-rules/service` exports (the HTTP and
 *   token plumbing since issue 23): an owner the rules entry lacks links to its page there
 * @returns the table's text
 */
export function renderTable(
  rules: readonly RuleEntry[],
  owners: Owners,
  tests: ReadonlyMap<string, ReadonlySet<string>>,
  exported: ReadonlySet<string> = new Set(),
  serviceExported: ReadonlySet<string> = new Set(),
): string {
  const rows = rules.map(({ id, summary }) => {
    const fns = owners.claims.filter((c) => c.id === id).map((c) => {
      const dir = c.kind === undefined ? undefined : KIND_DIRS[c.kind];
      const name = `\`${c.name}\``;
      if (dir !== undefined && exported.has(c.name)) return `[${name}](${RULES_MODULE_DIR}/${dir}/${c.name}.md) (${c.path})`;
      if (dir !== undefined && serviceExported.has(c.name)) return `[${name}](${RULES_MODULE_DIR}/service/${dir}/${c.name}.md) (${c.path}, \`/service\`)`;
      return `${name} (${c.path}, internal)`;
    });
    const files = [...(tests.get(id) ?? [])].sort();
    return `| <a id="${id.toLowerCase()}"></a>${id} | ${summary} | ${fns.join("<br>") || "—"} | ${files.map((f) => `\`${f}\``).join("<br>") || "—"} |`;
  });
  return [
    "# Rule catalog: the one owner of each rule and the tests that check it",
    "",
    "Generated by `node tools/run.mjs rules-table` (part of `npm run docs`) from `shared/spec/RULES.md` and the project's own rules in",
    "[`docs/rules-project.md`](rules-project.md) (new prefixes for behaviour the project adds, such as TXT and LIM),",
    "the `@rule <ID>` tags in the TSDoc of exported functions in `src/`, and the rule IDs in test names under `test/`.",
    "",
    "- **Owner**: the one export (a function, or a const or type where the rule is data) that decides the rule",
    "  and carries `@rule <ID>` in its TSDoc.",
    "  It lives in a domain folder or `src/shared/`; the service and the server only call owners.",
    "  Where a rule is a composition, the owner is the function the composition calls last.",
    "  Other functions may cite the rule in prose but do not claim it.",
    "  An owner the rules entry exports links to its page in the API reference; one that `field-service-rules/service`",
    "  exports instead (the route table and the token plumbing) links to its page there, marked `/service`; an internal one",
    "  (called by exported functions, not exported itself) names its file.",
    "- **Tests**: the test files with a test or suite whose name cites the rule ID.",
    "- Every rule ID in the TSDoc links here (in the API reference, `npm run docs`), and each owner links to its page there.",
    "",
    "`npm test` fails when this file is stale, or when a rule has no owner or several, an owner sits under",
    "`src/service/` or `src/server/`, a rule ID in TSDoc (a `@rule` or a mention) names an ID RULES.md lacks,",
    "or a rule is named by no test.",
    "",
    `${rules.length} rules.`,
    "",
    "| ID | Rule | Owner | Tests |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** The generated module of rule IDs, beside the issue types that carry them. */
const RULE_ID_MODULE = join(root, "src", "shared", "rule-id.generated.ts");

/**
 * The src/shared/rule-id.generated.ts text: the catalog's rule IDs as a union type and as a list, so an
 * issue's `rule` with a typo fails to compile and the OpenAPI document can enumerate them.
 * @param rules - the catalogs' rules
 * @returns the module's text
 */
export function renderRuleIds(rules: readonly { readonly id: string }[]): string {
  const quoted = rules.map((r) => JSON.stringify(r.id));
  const rows: string[] = [];
  for (let i = 0; i < quoted.length; i += 10) rows.push(`  ${quoted.slice(i, i + 10).join(", ")},`);
  return [
    "// @generated by tools/rules-table.ts (`npm run docs`) from the rule catalogs (the spec's",
    "// and docs/rules-project.md); `npm run docs:check` fails when it is stale. Do not edit.",
    "",
    "/**",
    " * The ID of a rule of the catalog (docs/rules.md lists each with its owner and its tests):",
    " * what an issue carries as `rule`. A union of the IDs, so a rule ID with a typo fails to",
    " * compile.",
    " */",
    "export type RuleId =",
    ...quoted.map((q, i) => `  | ${q}${i === quoted.length - 1 ? ";" : ""}`),
    "",
    "/**",
    " * Every rule ID of the catalog, in its order: the values of {@link RuleId}.",
    " * @example",
    ` * ruleIds.length //=> ${rules.length}`,
    ` * ruleIds[0] //=> ${quoted[0] ?? ""}`,
    " */",
    "export const ruleIds: readonly RuleId[] = [",
    ...rows,
    "];",
    "",
  ].join("\n");
}

/**
 * The names a module exports by name (`export { a, b as c } from`, `export type { T }`, `export function f`, ...).
 * @param text - the module's source
 * @returns the names
 */
export function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const item of (m[1] ?? "").split(",")) {
      const name = item.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  for (const m of text.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([A-Za-z0-9_$]+)/g)) names.add(m[1] ?? "");
  return names;
}

// ---- Fields the catalog names (issue 38): every body field a rule names as required, bounded,
// enumerated or formatted is attached to that rule in a description (`required(nonBlank(),
// "CUS-1")`), so its issues cite the rule. What "a rule names a field" means, mechanically: the
// rule's text quotes the field's key (an identifier inside backticks: `name`, `{ prefix, phone }`),
// or quotes every value of a field of fixed values (`Low`, `Normal`, `High`). Each such pair is
// classified once in the table of docs/rules-project.md "Fields the catalog names": attached to a
// described object's field, or not (—) with the reason. The check compares the three: the rules'
// texts, the table and the descriptions (tools/body-types.ts `describedFields`).

/** A row of the table "Fields the catalog names". */
export interface FieldRow {
  /** The rule. */
  readonly rule: string;
  /** The described object the keys are attached in; none (—): not attached. */
  readonly object: string | undefined;
  /** The field keys. */
  readonly keys: readonly string[];
  /** Why not attached, or how the rule names a key its text does not quote. */
  readonly why: string;
}

/** A field of a described body, as the check reads it (tools/body-types.ts `fieldsOf`). */
export interface BodyField {
  /** The command type of the object that declares it. */
  readonly object: string;
  /** Its key. */
  readonly key: string;
  /** The rule its description attaches to it. */
  readonly rule?: string | undefined;
  /** The strings it takes, for a field of a fixed set of them. */
  readonly values?: readonly string[] | undefined;
}

/**
 * The full text of each rule of a catalog text (`- ID text` lines).
 * @param text - a catalog's text
 * @returns each rule's text, by ID
 */
export function readRuleTexts(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^- ([A-Z]+-\d+) (.*)$/.exec(line);
    if (m !== null) out.set(m[1] ?? "", m[2] ?? "");
  }
  return out;
}

/**
 * The rows of the table "Fields the catalog names" of a docs/rules-project.md text.
 * @param text - the project catalog's text
 * @returns the rows
 */
export function readFieldTable(text: string): FieldRow[] {
  const start = text.indexOf("\n## Fields the catalog names");
  if (start < 0) return [];
  const end = text.indexOf("\n## ", start + 1);
  const rows: FieldRow[] = [];
  for (const line of text.slice(start, end < 0 ? undefined : end).split("\n")) {
    const m = /^\|\s*([A-Z]+-\d+)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|$/.exec(line.trim());
    if (m === null) continue;
    const [, rule = "", objectCell = "", keys = "", why = ""] = m;
    const object = objectCell.trim();
    rows.push({ rule, object: object === "—" ? undefined : object.replace(/`/g, ""), keys: keys.split(",").map((k) => k.trim().replace(/`/g, "")).filter((k) => k !== ""), why: why.trim() });
  }
  return rows;
}

/**
 * The field keys a rule's text names: a key quoted among its backticked identifiers (outside a
 * quoted path), or the key of a field of fixed values all of which it quotes.
 * @param ruleText - the rule's text
 * @param fields - the described fields
 * @returns the keys it names
 */
export function namedKeys(ruleText: string, fields: readonly { readonly key: string; readonly values?: readonly string[] | undefined }[]): Set<string> {
  // A quoted path (`PUT /order/{id}`) names a route, not a body field.
  const quoted = [...ruleText.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "").filter((q) => !q.includes("/"));
  const words = new Set(quoted.flatMap((q) => q.match(/[A-Za-z_]\w*/g) ?? []));
  const out = new Set<string>();
  for (const f of fields) {
    if (words.has(f.key)) out.add(f.key);
    if (f.values !== undefined && f.values.length > 0 && f.values.every((v) => words.has(v))) out.add(f.key);
  }
  return out;
}

/**
 * Everything wrong between the rules' texts, the table and the descriptions; none means every
 * field a rule names is attached to it or said not to be, and every attachment is in the table.
 * @param texts - each rule's text; a rule without one (the spec
 *   absent, outside the workspace) is checked against the descriptions only
 * @param rows - the table's rows ({@link readFieldTable})
 * @param fields - the described fields
 * @param known - every rule ID of the catalogs
 * @returns the problems
 */
export function fieldProblems(texts: ReadonlyMap<string, string>, rows: readonly FieldRow[], fields: readonly BodyField[], known: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const where = 'docs/rules-project.md "Fields the catalog names"';
  for (const [rule, text] of texts) {
    const covered = new Set(rows.filter((r) => r.rule === rule).flatMap((r) => r.keys));
    for (const key of namedKeys(text, fields)) if (!covered.has(key)) problems.push(`${rule} names the body field ${key}, which ${where} neither attaches to it nor says why not`);
  }
  const attached = new Set<string>();
  for (const row of rows) {
    if (!known.has(row.rule)) {
      problems.push(`${where} lists ${row.rule}, which no catalog has`);
      continue;
    }
    const text = texts.get(row.rule);
    const named = text === undefined ? undefined : namedKeys(text, fields);
    for (const key of row.keys) {
      // A rule may name a field in prose ("the external ID"): its row then says how.
      if (named !== undefined && !named.has(key) && row.why === "") problems.push(`${where} lists ${key} under ${row.rule}, whose text does not quote it, and does not say how it names it`);
      if (row.object === undefined) continue;
      const field = fields.find((f) => f.object === row.object && f.key === key);
      if (field === undefined) problems.push(`${where} attaches ${row.object}.${key} to ${row.rule}, but no description declares that field`);
      else if (field.rule !== row.rule) problems.push(`${row.object}.${key} is attached to ${field.rule ?? "no rule"} in its description, but ${where} attaches it to ${row.rule}`);
      attached.add(`${row.object}.${key}`);
    }
    if (row.object === undefined && row.why === "") problems.push(`${where}: the row of ${row.rule} that attaches nothing says no reason`);
  }
  for (const f of fields) {
    if (f.rule !== undefined && !attached.has(`${f.object}.${f.key}`)) problems.push(`${f.object}.${f.key} is attached to ${f.rule} in its description, but ${where} does not list it`);
  }
  return problems;
}

/**
 * The field problems of this checkout: the catalogs' texts, the project catalog's table and the
 * described bodies (loaded by tools/body-types.ts).
 * @returns the problems
 */
export async function checkoutFieldProblems(): Promise<string[]> {
  const { describedFields } = await import("./body-types.js");
  const spec = specCandidates.find((p) => existsSync(p));
  const projectText = existsSync(projectCatalog) ? readFileSync(projectCatalog, "utf8") : "";
  // Outside the workspace the spec's texts are not here: its rules are checked against the descriptions only.
  const texts = new Map([...(spec === undefined ? [] : readRuleTexts(readFileSync(spec, "utf8"))), ...readRuleTexts(projectText)]);
  return fieldProblems(texts, readFieldTable(projectText), await describedFields(), new Set(readRules().map((r) => r.id)));
}

/**
 * The catalog of this checkout.
 * @returns docs/rules.md's text, src/shared/rule-id.generated.ts's, the problems and the number of rules
 */
export function rulesTable(): { text: string; ruleIds: string; problems: string[]; count: number } {
  const rules = readRules();
  const owners = parseOwners(readSources("src"));
  const tests = parseTests(readSources("test"));
  const exported = exportedNames(readFileSync(join(root, "src", "index.ts"), "utf8"));
  const serviceExported = exportedNames(readFileSync(join(root, "src", "service", "index.ts"), "utf8"));
  return { text: renderTable(rules, owners, tests, exported, serviceExported), ruleIds: renderRuleIds(rules), problems: catalogProblems(rules, owners, tests), count: rules.length };
}

/**
 * Writes docs/rules.md and src/shared/rule-id.generated.ts, or with `--check` says what is stale
 * or broken.
 * @param args - the command line's arguments
 * @returns the exit code: 1 when `--check` finds a stale file or a broken catalog
 */
export async function main(args: readonly string[]): Promise<number> {
  const { text, ruleIds, problems, count } = rulesTable();
  problems.push(...(await checkoutFieldProblems()));
  const target = join(root, "docs", "rules.md");
  if (args.includes("--check")) {
    if (!existsSync(target) || readFileSync(target, "utf8") !== text) problems.push("docs/rules.md is stale: run `npm run docs`");
    if (!existsSync(RULE_ID_MODULE) || readFileSync(RULE_ID_MODULE, "utf8") !== ruleIds) problems.push("src/shared/rule-id.generated.ts is stale: run `npm run docs`");
    if (problems.length > 0) {
      console.error(problems.join("\n"));
      return 1;
    }
    console.log(`docs/rules.md and src/shared/rule-id.generated.ts are current; ${count} rules, each with one owner and named by a test.`);
  } else {
    writeFileSync(target, text);
    writeFileSync(RULE_ID_MODULE, ruleIds);
    if (problems.length > 0) console.error(`wrote docs/rules.md (${count} rules), but the catalog is broken:\n${problems.join("\n")}`);
    else console.log(`wrote docs/rules.md (${count} rules)`);
  }
  return 0;
}

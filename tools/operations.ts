// Writes what is derived as text from the description of the operations (src/api/operations.ts,
// docs/decisions.md "One description per operation"): `isolatedDeclarations` forbids exporting a
// type inferred from a const (TS9010), so the literal types of the table and the client's typed
// methods are generated text:
// - src/api/operations.generated.ts: `ApiOperations` (each operation's method, path, status and
//   kind as literal types, with the TSDoc written on its entry) and `OperationId`;
// - src/client/operations.generated.ts: the client's call table (`clientOperations`: the route,
//   the records its path names, its query and its body's parser, without the reference's texts,
//   so a browser bundle of the client carries none) and `FieldServiceClientMethods`, one typed
//   method per operation.
// The description is loaded with esbuild (Node 20 cannot run .ts files) and its TSDoc and parser
// imports read with the TypeScript parser. Run: node tools/run.mjs operations [--check];
// `--check` (run by `npm run docs:check`) exits 1 when a file is not what this tool would write.
import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import type { QueryKind } from "../src/api/operation.js";
import type { OperationDescription } from "../src/api/operations.js";
import { writeGenerated } from "./generated-files.js";
import { root } from "./root.js";

/** The description of the operations, by name, as the tool reads it. */
export type OperationTable = Readonly<Record<string, OperationDescription>>;

const SOURCE = "src/api/operations.ts";
const API_OUT = "src/api/operations.generated.ts";
const CLIENT_OUT = "src/client/operations.generated.ts";
const OFFLINE_OUT = "src/offline/operations.generated.ts";

/** The TypeScript type of each answer schema of the reference, and where it is declared. */
const ANSWERS: Readonly<Record<string, readonly [type: string, module: string, extra?: readonly [type: string, module: string]]>> = {
  LoginResponse: ["LoginResponse", "../auth/login.js"],
  Customer: ["CustomerShape", "../api/read-shapes.js"],
  Created: ["CreatedShape", "../api/read-shapes.js"],
  Order: ["OrderShape", "../api/read-shapes.js"],
  OrderAllowedActions: ["AllowedActionsShape<OrderAction>", "../api/read-shapes.js", ["OrderAction", "../order/machine.js"]],
  InterventionDetail: ["InterventionShape", "../api/read-shapes.js"],
  InterventionAllowedActions: ["AllowedActionsShape<InterventionAction>", "../api/read-shapes.js", ["InterventionAction", "../intervention/machine.js"]],
  ReportDocuments: ["ReportDocumentsShape", "../api/read-shapes.js"],
  Candidates: ["CandidatesShape", "../api/read-shapes.js"],
  Material: ["MaterialShape", "../api/read-shapes.js"],
  StoreDetail: ["StoreDetail", "../store-listing/page.js"],
  AddToStoreResult: ["AddToStoreShape", "../api/read-shapes.js"],
  JournalPage: ["JournalPage", "../journal/entry.js"],
  SyncAnswer: ["SyncAnswer", "../sync/answer.js"],
};
/** The TypeScript type of each body schema a client sends; `EmptyBody` is sent as no body. */
const BODIES: Readonly<Record<string, string>> = {
  CustomerAddBody: "CustomerAddBody", CustomerAddOrEditBody: "CustomerAddOrEditBody", OrderAddBody: "OrderAddBody",
  OrderAddOrEditBody: "OrderAddOrEditBody", OrderEditBody: "OrderEditBody", CancelBody: "CancelBody",
  InterventionPlanBody: "InterventionPlanBody", InterventionEditBody: "InterventionEditBody", InterventionReplanBody: "InterventionReplanBody",
  MaterialReplaceBody: "MaterialReplaceBody", StoreReplaceBody: "StoreReplaceBody",
  StockAmounts: "readonly StockAmountBody[]", StockQuantities: "readonly StockQuantityBody[]",
};
/** The client's type of each kind of query, and whether it may be left out. */
const QUERIES: Readonly<Record<QueryKind, readonly [type: string, module: string, optional: boolean]>> = {
  storeListing: ["StoreQueryParams", "../api/bodies.js", false],
  journal: ["JournalQueryParams", "./call-types.js", true],
  deviceSync: ["SyncQueryParams", "./call-types.js", false],
  candidates: ["CandidatesQueryParams", "./call-types.js", false],
};

/** Whether a value is one operation's description, as far as this tool reads it. */
function isDescription(v: unknown): v is OperationDescription {
  if (typeof v !== "object" || v === null) return false;
  const o: { readonly [key: string]: unknown } = { ...v };
  return typeof o["method"] === "string" && typeof o["path"] === "string" && typeof o["success"] === "number" && typeof o["kind"] === "string" && typeof o["summary"] === "string" && typeof o["description"] === "string";
}

/** The description, loaded. */
async function load(): Promise<OperationTable> {
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(join(root, SOURCE))};`, resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const dir = mkdtempSync(join(tmpdir(), "operations-"));
  const file = join(dir, "operations.mjs");
  const bundle = result.outputFiles[0];
  if (bundle === undefined) throw new Error(`esbuild wrote no bundle of ${SOURCE}`);
  writeFileSync(file, bundle.text);
  try {
    const module: { readonly apiOperations?: unknown } = await import(pathToFileURL(file).href);
    const table = module.apiOperations;
    if (typeof table !== "object" || table === null) throw new Error(`${SOURCE} exports no apiOperations`);
    const out: Record<string, OperationDescription> = {};
    for (const [name, op] of Object.entries(table)) {
      if (!isDescription(op)) throw new Error(`${SOURCE}: apiOperations.${name} is no operation description`);
      out[name] = op;
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** What the description's source says beside the values. */
export interface SourceFacts {
  /** Each entry's TSDoc, on one line. */
  readonly docs: ReadonlyMap<string, string | undefined>;
  /** Each entry's body parser, by name. */
  readonly parsers: ReadonlyMap<string, string>;
  /** The module each imported name comes from. */
  readonly imports: ReadonlyMap<string, string>;
}

/**
 * What the source says beside the values: each entry's TSDoc, the name of its body parser, and
 * the module each imported name comes from.
 * @param text - the description's source
 * @returns each entry's TSDoc and parser, and each imported name's module
 */
export function readSource(text: string): SourceFacts {
  const sf = ts.createSourceFile(SOURCE, text, ts.ScriptTarget.Latest, true);
  const docs = new Map<string, string | undefined>();
  const parsers = new Map<string, string>();
  const imports = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && node.importClause?.namedBindings !== undefined && ts.isNamedImports(node.importClause.namedBindings) && ts.isStringLiteral(node.moduleSpecifier)) {
      for (const e of node.importClause.namedBindings.elements) imports.set(e.name.text, node.moduleSpecifier.text);
    }
    if (ts.isVariableDeclaration(node) && node.name.getText() === "apiOperations" && node.initializer !== undefined && ts.isObjectLiteralExpression(node.initializer)) {
      for (const p of node.initializer.properties) {
        if (!ts.isPropertyAssignment(p)) continue;
        const name = p.name.getText();
        const doc = ts.getJSDocCommentsAndTags(p).filter(ts.isJSDoc).at(-1);
        docs.set(name, doc === undefined ? undefined : oneLine(ts.getTextOfJSDocComment(doc.comment) ?? ""));
        if (ts.isObjectLiteralExpression(p.initializer)) {
          for (const q of p.initializer.properties) if (ts.isPropertyAssignment(q) && q.name.getText() === "parse") parsers.set(name, q.initializer.getText());
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { docs, parsers, imports };
}

const HEADER = (what: string): string[] => [
  `// @generated by tools/operations.ts (\`npm run docs\`) from the description of the operations`,
  `// (src/api/operations.ts): ${what}; \`npm run docs:check\` fails when it is stale. Do not edit.`,
];

/** The placeholders of a path, in order. */
const paramsOf = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");

/**
 * src/api/operations.generated.ts.
 * @param table - the description
 * @param docs - each entry's TSDoc
 * @returns the file's text
 */
export function renderApi(table: OperationTable, docs: ReadonlyMap<string, string | undefined>): string {
  const lines = [
    ...HEADER("each operation's method, path, status and kind as literal types"),
    'import type { Operation } from "./operation.js";',
    "",
    "/** Every operation of the HTTP interface, by name, as described in `apiOperations` (src/api/operations.ts). */",
    "export interface ApiOperations {",
  ];
  for (const [name, op] of Object.entries(table)) {
    const doc = docs.get(name);
    if (doc === undefined || doc === "") throw new Error(`operations: ${name} has no TSDoc in ${SOURCE}`);
    lines.push(`  /** ${doc} */`);
    lines.push(`  readonly ${name}: Operation<${JSON.stringify(op.method)}, ${JSON.stringify(op.path)}, ${op.success}, ${JSON.stringify(op.kind)}>;`);
  }
  lines.push("}", "", "/** The name of an operation of the API (`\"planIntervention\"`). */", "export type OperationId = keyof ApiOperations;", "");
  return lines.join("\n");
}

/**
 * One method's type: the records its path names (GUIDs, or external IDs: two records are
 * two of one form, GEN-2), its query or body, the call's options, the answer.
 */
function methodType(name: string, op: OperationDescription): { single: string } | { pair: [string, string]; params: string[] } {
  if (op.kind === "authentication") return { single: "(options?: CallOptions) => Promise<LoginResponse>" };
  const read = op.method === "GET";
  const answer = op.success === 204 ? "void" : op.answer === undefined ? undefined : ANSWERS[op.answer]?.[0];
  if (answer === undefined) throw new Error(`operations: ${name}'s answer ${op.answer ?? "undefined"} has no client type`);
  const rest: string[] = [];
  if (op.query !== undefined) {
    const [type, , optional] = QUERIES[op.query];
    rest.push(`query${optional ? "?" : ""}: ${type}`);
  }
  if (op.body !== undefined && op.body !== "EmptyBody") {
    const type = BODIES[op.body];
    if (type === undefined) throw new Error(`operations: ${name}'s body ${op.body} has no client type`);
    rest.push(`${type.endsWith("[]") ? "items" : "body"}${op.bodyOptional === true ? "?" : ""}: ${type}`);
  }
  rest.push(`options?: ${read ? "CallOptions" : "WriteOptions"}`);
  const params = paramsOf(op.path);
  if (params.length < 2) return { single: `(${[...params.map((p) => `${p}: Ref`), ...rest].join(", ")}) => Promise<${answer}>` };
  return {
    pair: [
      `(${[...params.map((p) => `${p}: string`), ...rest].join(", ")}): Promise<${answer}>`,
      `(${[...params.map((p) => `${p}: ExternalIdRef`), ...rest].join(", ")}): Promise<${answer}>`,
    ],
    params,
  };
}

/**
 * src/client/operations.generated.ts.
 * @param table - the description
 * @param source - what the description's source names
 * @returns the file's text
 */
export function renderClient(table: OperationTable, source: Pick<SourceFacts, "parsers" | "imports">): string {
  const typeImports = new Map<string, Set<string>>([["./call-types.js", new Set(["CallOptions", "ClientOperation", "ExternalIdRef", "Ref", "WriteOptions"])], ["../api/operations.generated.js", new Set(["OperationId"])], ["../auth/login.js", new Set(["LoginResponse"])]]);
  const valueImports = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, module: string, name: string): void => {
    const names = map.get(module) ?? new Set<string>();
    names.add(name);
    map.set(module, names);
  };
  const entries: string[] = [];
  const methods: string[] = [];
  for (const [name, op] of Object.entries(table)) {
    const params = paramsOf(op.path);
    const parse = source.parsers.get(name);
    if (parse !== undefined) {
      const module = source.imports.get(parse);
      if (module === undefined) throw new Error(`operations: ${name}'s parser ${parse} is not imported by name in ${SOURCE}`);
      add(valueImports, module, parse);
    }
    const fields = [`method: ${JSON.stringify(op.method)}`, `path: ${JSON.stringify(op.path)}`, `success: ${op.success}`, `kind: ${JSON.stringify(op.kind)}`, `refs: ${params.length}`];
    if (op.query !== undefined) fields.push(`query: ${JSON.stringify(op.query)}`);
    if (parse !== undefined) fields.push(`parse: ${parse}`);
    if (op.bodyOptional === true && parse !== undefined) fields.push("bodyOptional: true");
    entries.push(`  ${name}: { ${fields.join(", ")} },`);
    const answer = op.answer === undefined ? undefined : ANSWERS[op.answer];
    if (answer !== undefined && op.success !== 204 && op.kind !== "authentication") {
      const [type, module, extra] = answer;
      add(typeImports, module, type.replace(/<.*$/, ""));
      if (extra !== undefined) add(typeImports, extra[1], extra[0]);
    }
    if (op.query !== undefined) add(typeImports, QUERIES[op.query][1], QUERIES[op.query][0]);
    const bodyType = op.body === undefined ? undefined : BODIES[op.body];
    if (bodyType !== undefined) add(typeImports, "../api/bodies.js", bodyType.replace(/^readonly /, "").replace(/\[\]$/, ""));
    const t = methodType(name, op);
    methods.push(`  /** \`${op.method} ${op.path}\`: ${op.summary}. ${op.description} */`);
    if ("single" in t) methods.push(`  readonly ${name}: ${t.single};`);
    else {
      methods.push(`  readonly ${name}: {`);
      methods.push("    /**", "     * By GUIDs.", ...t.params.map((p) => `     * @param ${p} - the ${p === "toStore" ? "target store" : p}'s GUID`), "     */");
      methods.push(`    ${t.pair[0]};`);
      methods.push("    /**", "     * By external IDs (GEN-2).", ...t.params.map((p) => `     * @param ${p} - the ${p === "toStore" ? "target store" : p}'s external ID`), "     */");
      methods.push(`    ${t.pair[1]};`);
      methods.push("  };");
    }
  }
  const importLines = (map: ReadonlyMap<string, ReadonlySet<string>>, type: boolean): string[] =>
    [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([module, names]) => `import ${type ? "type " : ""}{ ${[...names].sort().join(", ")} } from ${JSON.stringify(module)};`);
  return [
    ...HEADER("the client's call table and its typed methods"),
    ...importLines(typeImports, true),
    ...importLines(valueImports, false),
    "",
    "/**",
    " * How the client calls each operation: its route, how many records its path names, the query it",
    " * reads, and the parser that checks its body before sending (when it takes one).",
    " */",
    "export const clientOperations: { readonly [O in OperationId]: ClientOperation } = {",
    ...entries,
    "};",
    "",
    "/** The one operation of each kind the client calls apart from the others: the login (the session's) and the journal read (`journalPages`). */",
    "export const operationOfKind: { readonly authentication: OperationId; readonly journal: OperationId } = {",
    ...(["authentication", "journal"] as const).map((kind) => {
      const ids = Object.keys(table).filter((name) => table[name]?.kind === kind);
      if (ids.length !== 1) throw new Error(`operations: ${ids.length} operations of kind ${kind}; the client needs exactly one`);
      return `  ${kind}: ${JSON.stringify(ids[0])},`;
    }),
    "};",
    "",
    "/**",
    " * The typed client's methods, one per operation, named after it. Record arguments are `Ref`s; two",
    " * records are two GUIDs or two external IDs (GEN-2); bodies are typed as the parsers accept them;",
    " * answers are the read shapes; a 204 resolves to `undefined`.",
    " */",
    "export interface FieldServiceClientMethods {",
    ...methods,
    "}",
    "",
  ].join("\n");
}

/**
 * src/offline/operations.generated.ts: the writes the technician's device decides offline
 * (`offline: true` in the description), as a type, a list and the offline client's methods.
 * @param table - the description
 * @returns the file's text
 */
export function renderOffline(table: OperationTable): string {
  const offline = Object.entries(table).filter(([, op]) => op.offline === true);
  const names = offline.map(([name]) => name);
  const bodies = new Set<string>();
  const methods: string[] = [];
  for (const [name, op] of offline) {
    const params = paramsOf(op.path).map((p) => `${p}: string`);
    const type = op.body === undefined || op.body === "EmptyBody" ? undefined : BODIES[op.body];
    if (op.body !== undefined && op.body !== "EmptyBody") {
      if (type === undefined) throw new Error(`operations: ${name}'s body ${op.body} has no client type`);
      bodies.add(type.replace(/^readonly /, "").replace(/\[\]$/, ""));
      params.push(`${type.endsWith("[]") ? "items" : "body"}${op.bodyOptional === true ? "?" : ""}: ${type}`);
    }
    methods.push("  /**", `   * \`${op.method} ${op.path}\`, decided on the device and queued when accepted: ${op.summary.toLowerCase()}. ${op.description}`);
    for (const p of paramsOf(op.path)) methods.push(`   * @param ${p} - GUID of the ${p === "toStore" ? "target store" : p}`);
    if (type !== undefined) methods.push(`   * @param ${type.endsWith("[]") ? "items" : "body"} - the ${type.endsWith("[]") ? "batch" : "body"}`);
    methods.push("   * @returns the local answer, as the server would give it on the replica's state", "   */");
    methods.push(`  readonly ${name}: (${params.join(", ")}) => Promise<OfflineAnswer>;`);
  }
  return [
    ...HEADER("the writes the device decides offline"),
    `import type { ${[...bodies].sort().join(", ")} } from "../api/bodies.js";`,
    'import type { OfflineAnswer } from "./answer.js";',
    "",
    "/** The writes a technician performs offline, by the API operation each one is. */",
    `export type OfflineOperation = ${names.map((n) => JSON.stringify(n)).join(" | ")};`,
    "",
    "/** Each write a technician performs offline: its path template and whether it sends a body (the call table's, without the parsers a device does not need). */",
    "export const offlineOperations: { readonly [O in OfflineOperation]: { readonly path: string; readonly body: boolean } } = {",
    ...offline.map(([n, op]) => `  ${n}: { path: ${JSON.stringify(op.path)}, body: ${op.body !== undefined && op.body !== "EmptyBody"} },`),
    "};",
    "",
    "/** The offline client's writes, one per operation it decides on the device (OFF-1, OFF-2). */",
    "export interface OfflineWrites {",
    ...methods,
    "}",
    "",
  ].join("\n");
}

/**
 * Writes the generated files, or with `--check` says which are stale.
 * @param args - the command line's arguments
 * @returns the exit code: 1 when `--check` finds a stale file
 */
export async function main(args: readonly string[]): Promise<number> {
  const check = args.includes("--check");
  const table = await load();
  const source = readSource(readFileSync(join(root, SOURCE), "utf8"));
  return writeGenerated([[API_OUT, renderApi(table, source.docs)], [CLIENT_OUT, renderClient(table, source)], [OFFLINE_OUT, renderOffline(table)]], check, "generated operation types");
}

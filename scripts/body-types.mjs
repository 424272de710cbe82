#!/usr/bin/env node
// Writes what is derived as text from the described request bodies (src/shared/description/)
// into a checked-in file beside each description (docs/decisions.md "One description per body"):
// - the parsed command's interfaces and the JSON body's interfaces, with their TSDoc:
//   `isolatedDeclarations` forbids exporting a type inferred from a const (TS9010), so the types
//   are generated text, and the module holding the descriptions asserts at compile time that each
//   generated command interface is the type the description reads (`SameType`). An object and its
//   edit (`edit()`) share a name: the interface of that name holds the edit's field states, which
//   take what both read; an extension redeclares the base fields it narrows; the edit that is a
//   body's root is an interface of its own, named by the body's `command`;
// - per body, the JSON Schema descriptions (`…BodyDocs`), taken from the TSDoc written in the
//   description, so a bundle that only parses carries no documentation;
// - per body, the record makers (`…BodyRecords`): one object literal per command type, the
//   parser's fast path.
// The descriptions are loaded with esbuild (Node 20 cannot run .ts files) and their TSDoc read
// with the TypeScript parser. `--check` (run by `npm run docs:check`) exits 1 when a file is not
// what this script would write.
import { build } from "esbuild";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const root = join(fileURLToPath(import.meta.url), "..", "..");

/** Each module whose exported `DescribedBody` lists get types, and the file they go to. */
export const SOURCES = [
  { source: "src/customer/request.ts", out: "src/customer/request-types.generated.ts" },
  { source: "src/material/request.ts", out: "src/material/request-types.generated.ts" },
  { source: "src/store/replace.ts", out: "src/store/replace-types.generated.ts" },
  { source: "src/intervention/request.ts", out: "src/intervention/request-types.generated.ts" },
  { source: "src/auth/login.ts", out: "src/auth/login-types.generated.ts" },
  { source: "src/stock/request.ts", out: "src/stock/request-types.generated.ts" },
  { source: "src/order/request.ts", out: "src/order/request-types.generated.ts" },
];

const MODES = ["add", "upsert", "edit"];
const isBody = (d) => typeof d === "object" && d !== null && typeof d.mode === "string" && typeof d.value?.shape === "object";

/** The `DescribedBody` entries a module exports (in lists), in export order. */
export function bodiesOf(module) {
  const out = [];
  for (const v of Object.values(module)) if (Array.isArray(v) && v.length > 0 && v.every(isBody)) for (const d of v) out.push(d);
  return out;
}

const oneLine = (text) => text.replace(/\s+/g, " ").trim();

/**
 * A field's text naming its rule: unchanged when it names it already, else with ` (ID)` before
 * its final period (or at its end).
 * @param {string} text
 * @param {string | undefined} rule
 * @returns {string}
 */
export function withRule(text, rule) {
  if (rule === undefined || new RegExp(`\\b${rule}\\b`).test(text)) return text;
  return text.endsWith(".") ? `${text.slice(0, -1)} (${rule}).` : `${text} (${rule})`;
}

/** The text and the `@add`/`@upsert` tags of the TSDoc of a node, or undefined. */
function docOf(node) {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const doc = docs.at(-1);
  if (doc === undefined) return undefined;
  const out = { text: oneLine(ts.getTextOfJSDocComment(doc.comment) ?? "") };
  for (const tag of doc.tags ?? []) {
    const name = tag.tagName.text;
    if (MODES.includes(name) || name === "fields") out[name] = oneLine(ts.getTextOfJSDocComment(tag.comment) ?? "");
  }
  return out;
}

/**
 * The documentation written in a description module: per object (by command type name) its TSDoc
 * and its fields', and the TSDoc of each command alias (`command: "…"`).
 * @param {string} text - the module's source
 * @returns {{ objects: Map<string, { doc: object | undefined, fields: Map<string, object | undefined> }>, commands: Map<string, string> }}
 */
export function readDocs(text) {
  const file = ts.createSourceFile("description.ts", text, ts.ScriptTarget.Latest, true);
  const objects = new Map();
  const commands = new Map();
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === "object" || node.expression.text === "extend")) {
      const at = node.expression.text === "object" ? 0 : 1;
      const name = node.arguments[at];
      const fields = node.arguments[at + 1];
      if (name !== undefined && ts.isStringLiteral(name) && fields !== undefined && ts.isObjectLiteralExpression(fields)) {
        let holder = node.parent;
        while (holder !== undefined && !ts.isVariableDeclaration(holder)) holder = holder.parent;
        const fieldDocs = new Map();
        for (const p of fields.properties) if (p.name !== undefined && ts.isIdentifier(p.name)) fieldDocs.set(p.name.text, docOf(p));
        objects.set(name.text, { doc: holder === undefined ? undefined : docOf(holder), fields: fieldDocs });
      }
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "command" && ts.isStringLiteral(node.initializer)) {
      commands.set(node.initializer.text, docOf(node)?.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { objects, commands };
}

function tsdoc(text, indent = "") {
  if (text.includes("*/")) throw new Error(`a doc must not hold "*/": ${text}`);
  return `${indent}/** ${text} */\n`;
}

const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);

/** The fields of an object description, its bases' first (the shape holds them all). */
const allFields = (value) => value.shape.fields;


/**
 * The text of the generated file for the bodies of one module.
 * @param {readonly object[]} bodies - the module's described bodies
 * @param {ReturnType<typeof readDocs>} docs - the module's documentation
 * @param {string} source - the module, relative to the repository (for the header)
 * @param {string} out - the generated file, relative to the repository (for import paths)
 * @returns {string}
 */
export function renderBodyTypes(bodies, docs, source, out) {
  const imports = new Map();
  const decls = [];
  const seen = new Set();
  const need = (type) => {
    if (type.from === undefined) return;
    let spec = relative(dirname(out), join("src", type.from)).split("\\").join("/");
    if (!spec.startsWith(".")) spec = `./${spec}`;
    const names = imports.get(`${spec}.js`) ?? new Set();
    names.add(type.name);
    imports.set(`${spec}.js`, names);
  };
  const array = (t) => `readonly ${/[ |&]/.test(t) ? `(${t})` : t}[]`;
  const objectDocs = (name) => {
    const d = docs.objects.get(name);
    if (d === undefined) throw new Error(`${source}: no object("${name}", …) or extend(…, "${name}", …) found to read docs from`);
    return d;
  };
  /**
   * The TSDoc of a field, in the command (mode undefined) or in a body of a mode, naming the rule
   * the description attaches to the field (`required(nonBlank(), "CUS-1")`): a text that does
   * not name it already gets it appended, so the rule is stated once, beside the field.
   */
  const fieldDoc = (objectName, key, mode, field) => {
    const d = objectDocs(objectName).fields.get(key);
    if (d === undefined || d.text === "") throw new Error(`${source}: field ${key} of ${objectName} has no TSDoc`);
    return withRule((mode === undefined ? undefined : d[mode]) ?? d.text, field.rule);
  };
  /** The name and TSDoc of an object's body type in a mode (`@add Name Text`). */
  const bodyName = (name, mode) => {
    const tag = objectDocs(name).doc?.[mode];
    if (tag === undefined) return undefined;
    const m = /^(\w+)\s+(.+)$/.exec(tag);
    if (m === null) throw new Error(`${source}: @${mode} of ${name} must be "@${mode} BodyTypeName What it is."`);
    return { name: m[1], doc: m[2] };
  };
  /** The body type of an object in a mode, else the one it names for another mode (a nested object documented once). */
  const someBodyName = (name, mode) => bodyName(name, mode) ?? MODES.map((m) => bodyName(name, m)).find((b) => b !== undefined);
  /** Each field of an object in reading order, with the name of the object (itself or a base) that declares it. */
  const ownedFields = (value) => {
    const chain = [];
    for (let v = value; v !== undefined; v = v.shape.base) chain.unshift(v);
    return Object.entries(allFields(value)).map(([k, f]) => [k, f, chain.find((v) => Object.hasOwn(v.shape.fields, k)).shape.name]);
  };

  // The edit that is a body's root is its own command type; every other object is the interface of
  // its name, in the edit's field states when an edit of it is read (they take the plain object's too).
  const commandOf = new Map();
  for (const body of bodies) {
    if (body.value.shape.edits === undefined) continue;
    if (body.command === undefined) throw new Error(`${source}: the edit of ${body.value.shape.name} is read as a body: name its command type (command: "…")`);
    commandOf.set(body.value, body.command);
  }
  const nameOf = (value) => commandOf.get(value) ?? value.shape.name;
  const interfaceOf = new Map();
  const register = (value) => {
    const s = value.shape;
    if (s.kind === "array") return register(s.item);
    if (s.kind !== "object") return;
    const current = interfaceOf.get(nameOf(value));
    if (current === value) return;
    if (current === undefined || (s.edits !== undefined && current.shape.edits === undefined)) interfaceOf.set(nameOf(value), value);
    for (const f of Object.values(s.fields)) register(f.value);
    if (s.base !== undefined) register(s.base);
  };
  for (const body of bodies) register(body.value);
  /** The field types each written interface holds, its bases' included, by interface name. */
  const written = new Map();

  function outputType(value) {
    const s = value.shape;
    if (s.kind === "leaf") {
      need(s.output);
      return s.output.name;
    }
    if (s.kind === "array") return array(outputType(s.item));
    emitOutput(value);
    return s.name;
  }
  function fieldOutput(f) {
    const t = outputType(f.value);
    switch (f.presence) {
      case "required":
      case "list":
      case "addList":
        return t;
      case "optional":
        need({ name: "Tri", from: "shared/field" });
        return `Tri<${t}>`;
      case "ident":
      case "upsertOnly":
      case "notNull":
        need({ name: "Absent", from: "shared/field" });
        return `Absent | ${t}`;
      case "orDefault":
        return f.fallback === null ? `${t} | null` : t;
      default:
        throw new Error(`unknown presence ${f.presence}`);
    }
  }
  function emitOutput(value) {
    const name = nameOf(value);
    if (value.shape.from !== undefined) return need({ name, from: value.shape.from });
    if (seen.has(`output ${name}`)) return;
    seen.add(`output ${name}`);
    const v = interfaceOf.get(name);
    const { base, edits } = v.shape;
    const doc = commandOf.has(v) ? docs.commands.get(name) : objectDocs(name).doc?.text;
    if (doc === undefined || doc === "") throw new Error(`${source}: ${name} has no TSDoc`);
    let extend = "";
    let inherited = new Map();
    if (base !== undefined) {
      emitOutput(base);
      extend = ` extends ${nameOf(base)}`;
      // A type generated elsewhere (`from`): its fields are taken as they are.
      inherited = written.get(nameOf(base)) ?? new Map(Object.keys(base.shape.fields).map((k) => [k, undefined]));
    }
    const types = new Map(inherited);
    const lines = [];
    for (const [k, f, owner] of ownedFields(v)) {
      const t = fieldOutput(f);
      if (inherited.has(k) && (inherited.get(k) === undefined || inherited.get(k) === t)) continue;
      // An edit's interface says what its fields say in an edit (`@edit`).
      lines.push(`${tsdoc(fieldDoc(owner, k, edits === undefined ? undefined : "edit", f), "  ")}  readonly ${k}: ${t};\n`);
      types.set(k, t);
    }
    written.set(name, types);
    decls.push(`${tsdoc(doc)}export interface ${name}${extend} {\n${lines.join("")}}\n`);
  }

  function bodyType(value, mode) {
    const s = value.shape;
    if (s.kind === "leaf") {
      need(s.body);
      return s.body.name;
    }
    if (s.kind === "array") return array(bodyType(s.item, mode));
    return emitBody(value, mode);
  }
  /** A field's lines in a body of a mode (its TSDoc and its declaration), or undefined when that body has no such field. */
  function bodyLine(owner, key, f, mode) {
    if (f.presence === "upsertOnly" && mode === "add") return undefined;
    const doc = tsdoc(fieldDoc(owner, key, mode, f), "  ");
    const t = bodyType(f.value, mode);
    const required = f.presence === "required" || (f.presence === "addList" && mode === "add");
    if (required) return `${doc}  readonly ${key}: ${t};\n`;
    return f.presence === "notNull" ? `${doc}  readonly ${key}?: ${t};\n` : `${doc}  readonly ${key}?: ${t} | null;\n`;
  }
  const linesOf = (value, mode) => ownedFields(value).map(([k, f, owner]) => [k, bodyLine(owner, k, f, mode)]).filter(([, l]) => l !== undefined);
  /** The interface of the body lines the bodies of every mode reading an object share (`@fields Name Text`): its name and keys. */
  function emitFieldsGroup(value) {
    const tag = objectDocs(value.shape.name).doc?.fields;
    const m = /^(\w+)\s+(.+)$/.exec(tag);
    if (m === null) throw new Error(`${source}: @fields of ${value.shape.name} must be "@fields TypeName What it is."`);
    const [first, ...others] = [...readIn.get(value.shape.name)].map((mode) => linesOf(value, mode));
    const rest = others.map((lines) => new Map(lines));
    const common = first.filter(([k, l]) => rest.every((r) => r.get(k) === l));
    if (!seen.has(`body ${m[1]}`)) {
      seen.add(`body ${m[1]}`);
      decls.push(`${tsdoc(m[2])}export interface ${m[1]} {\n${common.map(([, l]) => l).join("")}}\n`);
    }
    return { name: m[1], keys: new Set(common.map(([k]) => k)) };
  }
  /**
   * Writes the body interface of an object in a mode. Lines the bodies of both modes share are
   * written once: in the `@fields` interface of the object or of a base, else, when the upsert
   * body is the add body plus fields, by extending the add body.
   */
  function emitBody(value, mode) {
    const named = someBodyName(value.shape.name, mode);
    if (named === undefined) throw new Error(`${source}: ${value.shape.name} is read in ${mode} mode but its TSDoc names no body type (@${mode} Name …)`);
    if (seen.has(`body ${named.name}`)) return named.name;
    seen.add(`body ${named.name}`);
    let lines = linesOf(value, mode);
    let extend = "";
    let group;
    for (let v = value; v !== undefined && group === undefined; v = v.shape.base) if (objectDocs(v.shape.name).doc?.fields !== undefined) group = v;
    if (group !== undefined) {
      const shared = emitFieldsGroup(group);
      extend = ` extends ${shared.name}`;
      lines = lines.filter(([k]) => !shared.keys.has(k));
    } else if (mode === "upsert") {
      const add = bodyName(value.shape.name, "add");
      if (add !== undefined && add.name !== named.name) {
        const addLines = linesOf(value, "add");
        const mine = new Map(lines);
        if (addLines.every(([k, l]) => mine.get(k) === l)) {
          extend = ` extends ${emitBody(value, "add")}`;
          const inAdd = new Set(addLines.map(([k]) => k));
          lines = lines.filter(([k]) => !inAdd.has(k));
        }
      }
    }
    decls.push(`${tsdoc(named.doc)}export interface ${named.name}${extend} {\n${lines.map(([, l]) => l).join("")}}\n`);
    return named.name;
  }

  // The record makers (one object literal per command type, an extension's with its base's fields) and
  // the JSON Schema texts: each field's text once, and per body what its mode says instead.
  const makers = new Map();
  function objectsOf(value, out = new Map()) {
    const s = value.shape;
    if (s.kind === "array") return objectsOf(s.item, out);
    if (s.kind !== "object" || out.has(s.name)) return out;
    out.set(s.name, value);
    for (const f of Object.values(allFields(value))) objectsOf(f.value, out);
    return out;
  }
  function maker(value) {
    const name = value.shape.name;
    const constName = `${lowerFirst(name)}Record`;
    if (makers.has(name)) return constName;
    const keys = Object.keys(allFields(value));
    for (const k of keys) if (!/^[A-Za-z_$][\w$]*$/.test(k)) throw new Error(`${name}: field ${JSON.stringify(k)} is not an identifier`);
    // An extension lists its base's fields too: spreading the base's object into the literal
    // made the intervention plan parse 2.5x slower (docs/performance.md).
    const props = keys.map((k, j) => `    ${k}: (r[${j}] as FieldReader)(o.${k}, i),\n`).join("");
    makers.set(name, `const ${constName}: RecordMaker = {\n  size: ${keys.length},\n  make: (o, r, i) => ({\n${props}  }),\n};\n`);
    return constName;
  }
  // Which modes read each object, and each field's text in each of them (none: not in that body).
  const readIn = new Map();
  for (const body of bodies) for (const v of objectsOf(body.value).values()) for (let b = v; b !== undefined; b = b.shape.base) readIn.set(b.shape.name, new Set([...(readIn.get(b.shape.name) ?? []), body.mode]));
  const textIn = (owner, k, f, mode) => (f.presence === "upsertOnly" && mode === "add" ? undefined : fieldDoc(owner, k, mode, f));
  /** A field's text goes in the shared table when every body that reads its object says the same. */
  const isShared = (owner, k, f) => {
    const texts = [...readIn.get(owner)].map((m) => textIn(owner, k, f, m));
    return texts.every((t) => t !== undefined && t === texts[0]);
  };
  const shared = new Map();
  const tables = [];
  // A body that is a list (STK-6) is named after its element.
  const rootObject = (value) => (value.shape.kind === "array" ? value.shape.item : value);
  for (const body of bodies) {
    const rootName = rootObject(body.value).shape.name;
    const rootBody = bodyName(rootName, body.mode);
    if (rootBody === undefined) throw new Error(`${source}: ${rootName} is a ${body.mode} body but its TSDoc names no body type (@${body.mode} Name …)`);
    const prefix = lowerFirst(rootBody.name);
    const objects = [...objectsOf(body.value).values()];
    const modeRows = [];
    for (const v of objects) {
      const named = someBodyName(v.shape.name, body.mode);
      if (named !== undefined) modeRows.push(`  ${v.shape.name}: ${JSON.stringify(named.doc)},\n`);
      for (const [k, f, owner] of ownedFields(v)) {
        if (isShared(owner, k, f)) {
          const rows = shared.get(owner) ?? new Map();
          rows.set(k, `    ${k}: ${JSON.stringify(textIn(owner, k, f, body.mode))},\n`);
          shared.set(owner, rows);
        } else {
          const text = textIn(owner, k, f, body.mode);
          if (text !== undefined) modeRows.push(`  ${JSON.stringify(`${owner}.${k}`)}: ${JSON.stringify(text)},\n`);
        }
      }
    }
    const recordRows = objects.map((v) => `  ${v.shape.name}: ${maker(v)},\n`).join("");
    tables.push(
      `${tsdoc(`How the parser of {@link ${rootBody.name}} builds each object (its fast path, src/shared/description/compile.ts).`)}export const ${prefix}Records: RecordMakers = {\n${recordRows}};\n`,
      `${tsdoc(`The JSON Schema texts of {@link ${rootBody.name}}, from the description's TSDoc.`)}export const ${prefix}Docs: BodyDocs = {\n  fields: fieldTexts,\n  mode: {\n${modeRows.map((r) => `  ${r}`).join("")}  },\n};\n`,
    );
  }
  const fieldTexts = `${tsdoc("The JSON Schema text of each field that every body reading it says the same.")}const fieldTexts: BodyDocs["fields"] = {\n${[...shared.entries()].map(([name, rows]) => `  ${name}: {\n${[...rows.values()].join("")}  },\n`).join("")}};\n`;

  for (const body of bodies) {
    outputType(body.value);
    if (body.command !== undefined && !commandOf.has(body.value)) {
      const doc = docs.commands.get(body.command);
      if (doc === undefined || doc === "") throw new Error(`${source}: command ${body.command} has no TSDoc`);
      decls.push(`${tsdoc(doc)}export type ${body.command} = ${body.value.shape.name};\n`);
    }
    bodyType(body.value, body.mode);
  }
  need({ name: "BodyDocs", from: "shared/description/index" });
  need({ name: "FieldReader", from: "shared/description/index" });
  need({ name: "RecordMaker", from: "shared/description/index" });
  need({ name: "RecordMakers", from: "shared/description/index" });
  const head = [...imports.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([spec, names]) => `import type { ${[...names].sort().join(", ")} } from "${spec}";\n`)
    .join("");
  return (
    `// @generated by scripts/body-types.mjs from the body descriptions of ${source}: do not edit.\n` +
    "// `npm run docs` rewrites it; `npm run docs:check` fails when it is stale.\n" +
    `${head}\n${decls.join("\n")}\n${[...makers.values()].join("\n")}\n${fieldTexts}\n${tables.join("\n")}`
  );
}

async function load(source, out) {
  // The generated file itself is replaced by a stub whose every export is an empty object: the
  // descriptions are read without it (no record makers, no docs), so a stale or missing file
  // never stands in the way of writing a new one.
  const generated = join(root, out);
  const names = new Set();
  const from = `./${out.split("/").at(-1).replace(/\.ts$/, ".js")}`;
  for (const m of readFileSync(join(root, source), "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    if (m[2] !== from) continue;
    for (const part of m[1].split(",")) {
      const name = part.trim();
      if (name !== "" && !name.startsWith("type ")) names.add(name);
    }
  }
  const contents = [...names].map((n) => `export const ${n} = ${n.endsWith("Docs") ? "{ fields: {}, mode: {} }" : "{}"};`).join("\n");
  const stub = {
    name: "generated-stub",
    setup(b) {
      // Resolved even when the file does not exist yet (a new description).
      b.onResolve({ filter: /-types\.generated\.js$/ }, (args) => (join(args.resolveDir, args.path.replace(/\.js$/, ".ts")) === generated ? { path: generated } : undefined));
      b.onLoad({ filter: /\.ts$/ }, (args) => (args.path === generated ? { contents, loader: "js" } : undefined));
    },
  };
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(join(root, source))};`, resolveDir: root, loader: "ts" },
    plugins: [stub],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const dir = mkdtempSync(join(tmpdir(), "body-types-"));
  const file = join(dir, "descriptions.mjs");
  writeFileSync(file, result.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every field of every described body object, with the rule its description attaches to it and,
 * for a field of one of a fixed set of strings, those strings: what the rules table's check
 * (scripts/rules-table.mjs) compares with the catalog (issue 38). An object read by several
 * bodies is listed once, each field under the object that declares it (an extension's base
 * declares its fields); an edit (same name) adds nothing.
 * @param {readonly object[]} bodies - described bodies
 * @returns {{ object: string, key: string, rule: string | undefined, values: string[] | undefined }[]}
 */
export function fieldsOf(bodies) {
  const out = [];
  const seen = new Set();
  const visit = (value) => {
    const s = value.shape;
    if (s.kind === "array") return visit(s.item);
    if (s.kind !== "object" || seen.has(s.name)) return;
    seen.add(s.name);
    // An extension lists the fields it adds; its base, visited too, lists its own.
    if (s.base !== undefined) visit(s.base);
    for (const [key, f] of Object.entries(s.fields)) {
      if (s.base !== undefined && Object.hasOwn(s.base.shape.fields, key)) continue;
      const leaf = f.value.shape.kind === "leaf" ? f.value.shape.json() : undefined;
      out.push({ object: s.name, key, rule: f.rule, values: Array.isArray(leaf?.enum) ? leaf.enum : undefined });
      visit(f.value);
    }
  };
  for (const body of bodies) visit(body.value);
  return out;
}

/**
 * The fields of every described body of the checkout ({@link fieldsOf} over {@link SOURCES}).
 * @returns {Promise<ReturnType<typeof fieldsOf>>}
 */
export async function describedFields() {
  const out = [];
  for (const { source, out: generated } of SOURCES) out.push(...fieldsOf(bodiesOf(await load(source, generated))));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const stale = [];
  for (const { source, out } of SOURCES) {
    const bodies = bodiesOf(await load(source, out));
    if (bodies.length === 0) throw new Error(`${source} exports no described bodies`);
    const text = renderBodyTypes(bodies, readDocs(readFileSync(join(root, source), "utf8")), source, out);
    const file = join(root, out);
    const current = existsSync(file) ? readFileSync(file, "utf8") : "";
    if (current === text) continue;
    if (check) stale.push(out);
    else writeFileSync(file, text);
  }
  if (stale.length > 0) {
    console.error(`Stale generated body types (run npm run docs): ${stale.join(", ")}`);
    process.exit(1);
  }
}

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
// with the TypeScript parser. Run: node tools/run.mjs body-types [--check]; `--check` (run by
// `npm run docs:check`) exits 1 when a file is not what this tool would write.
import { build, type Plugin } from "esbuild";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import type { BodyMode, DescribedBody, Field, ObjectShape, TypeName, Value } from "../src/shared/description/types.js";
import { writeGenerated } from "./generated-files.js";
import { root } from "./root.js";

/** Each module whose exported `DescribedBody` lists get types, and the file they go to. */
export const SOURCES: readonly { readonly source: string; readonly out: string }[] = [
  { source: "src/customer/request.ts", out: "src/customer/request-types.generated.ts" },
  { source: "src/material/request.ts", out: "src/material/request-types.generated.ts" },
  { source: "src/store/replace.ts", out: "src/store/replace-types.generated.ts" },
  { source: "src/intervention/request.ts", out: "src/intervention/request-types.generated.ts" },
  { source: "src/auth/login.ts", out: "src/auth/login-types.generated.ts" },
  { source: "src/stock/request.ts", out: "src/stock/request-types.generated.ts" },
  { source: "src/order/request.ts", out: "src/order/request-types.generated.ts" },
];

const MODES: readonly BodyMode[] = ["add", "upsert", "edit"];
/** A described value as a module exports it: an object with a string `mode` and a `value` whose `shape` is an object. */
const isBody = (d: unknown): d is DescribedBody =>
  typeof d === "object" && d !== null && "mode" in d && typeof d.mode === "string" && "value" in d && typeof d.value === "object" && d.value !== null && "shape" in d.value && typeof d.value.shape === "object";

/**
 * The `DescribedBody` entries a module exports (in lists), in export order.
 * @param module - the module's exports
 * @returns its described bodies
 */
export function bodiesOf(module: Readonly<Record<string, unknown>>): DescribedBody[] {
  const out: DescribedBody[] = [];
  for (const v of Object.values(module)) if (Array.isArray(v) && v.length > 0 && v.every(isBody)) for (const d of v) out.push(d);
  return out;
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** The text of a TSDoc comment and of its `@add`, `@upsert`, `@edit` and `@fields` tags. */
export interface DocText {
  /** The comment's text, on one line. */
  readonly text: string;
  /** `@add`: what an add body says instead (an object's: `BodyTypeName What it is.`). */
  readonly add?: string;
  /** `@upsert`: what an add-or-edit body says instead. */
  readonly upsert?: string;
  /** `@edit`: what an edit says instead. */
  readonly edit?: string;
  /** `@fields`: the interface of the body lines every mode shares (`TypeName What it is.`). */
  readonly fields?: string;
}

/** The documentation of one described object: its own TSDoc and each field's. */
export interface ObjectDocs {
  /** The TSDoc of the variable holding the object. */
  readonly doc: DocText | undefined;
  /** Each field's TSDoc, by key. */
  readonly fields: ReadonlyMap<string, DocText | undefined>;
}

/** The documentation written in a description module. */
export interface SourceDocs {
  /** Per object (by command type name) its TSDoc and its fields'. */
  readonly objects: ReadonlyMap<string, ObjectDocs>;
  /** The TSDoc of each command alias (`command: "…"`). */
  readonly commands: ReadonlyMap<string, string | undefined>;
}

/**
 * A field's text naming its rule: unchanged when it names it already, else with ` (ID)` before
 * its final period (or at its end).
 * @param text - the field's text
 * @param rule - the rule the description attaches to the field
 * @returns the text naming the rule
 */
export function withRule(text: string, rule: string | undefined): string {
  if (rule === undefined || new RegExp(`\\b${rule}\\b`).test(text)) return text;
  return text.endsWith(".") ? `${text.slice(0, -1)} (${rule}).` : `${text} (${rule})`;
}

/** The text and the `@add`/`@upsert`/`@edit`/`@fields` tags of the TSDoc of a node, or undefined. */
function docOf(node: ts.Node): DocText | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const doc = docs.at(-1);
  if (doc === undefined) return undefined;
  const out: { -readonly [K in keyof DocText]: DocText[K] } = { text: oneLine(ts.getTextOfJSDocComment(doc.comment) ?? "") };
  for (const tag of doc.tags ?? []) {
    const name = tag.tagName.text;
    if (name === "add" || name === "upsert" || name === "edit" || name === "fields") out[name] = oneLine(ts.getTextOfJSDocComment(tag.comment) ?? "");
  }
  return out;
}

/**
 * The documentation written in a description module: per object (by command type name) its TSDoc
 * and its fields', and the TSDoc of each command alias (`command: "…"`).
 * @param text - the module's source
 * @returns its documentation
 */
export function readDocs(text: string): SourceDocs {
  const file = ts.createSourceFile("description.ts", text, ts.ScriptTarget.Latest, true);
  const objects = new Map<string, ObjectDocs>();
  const commands = new Map<string, string | undefined>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === "object" || node.expression.text === "extend")) {
      const at = node.expression.text === "object" ? 0 : 1;
      const name = node.arguments[at];
      const fields = node.arguments[at + 1];
      if (name !== undefined && ts.isStringLiteral(name) && fields !== undefined && ts.isObjectLiteralExpression(fields)) {
        let holder: ts.Node | undefined = node.parent;
        while (holder !== undefined && !ts.isVariableDeclaration(holder)) holder = holder.parent;
        const fieldDocs = new Map<string, DocText | undefined>();
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

function tsdoc(text: string, indent = ""): string {
  if (text.includes("*/")) throw new Error(`a doc must not hold "*/": ${text}`);
  return `${indent}/** ${text} */\n`;
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** The shape of an object description; a value of another kind is a fault of the caller. */
function objectShape(value: Value<unknown>): ObjectShape {
  if (value.shape.kind !== "object") throw new Error(`expected an object description, got a ${value.shape.kind}`);
  return value.shape;
}

/** The fields of an object description, its bases' first (the shape holds them all). */
const allFields = (value: Value<unknown>): ObjectShape["fields"] => objectShape(value).fields;

/** The two groups of a `Name Text` tag, or null. */
function nameAndText(tag: string | undefined): { name: string; doc: string } | null {
  const m = /^(\w+)\s+(.+)$/.exec(tag ?? "");
  return m === null || m[1] === undefined || m[2] === undefined ? null : { name: m[1], doc: m[2] };
}

/**
 * The text of the generated file for the bodies of one module.
 * @param bodies - the module's described bodies
 * @param docs - the module's documentation ({@link readDocs})
 * @param source - the module, relative to the repository (for the header)
 * @param out - the generated file, relative to the repository (for import paths)
 * @returns the generated file's text
 */
export function renderBodyTypes(bodies: readonly DescribedBody[], docs: SourceDocs, source: string, out: string): string {
  const imports = new Map<string, Set<string>>();
  const decls: string[] = [];
  const seen = new Set<string>();
  const need = (type: TypeName): void => {
    if (type.from === undefined) return;
    let spec = relative(dirname(out), join("src", type.from)).split("\\").join("/");
    if (!spec.startsWith(".")) spec = `./${spec}`;
    const names = imports.get(`${spec}.js`) ?? new Set<string>();
    names.add(type.name);
    imports.set(`${spec}.js`, names);
  };
  const array = (t: string): string => `readonly ${/[ |&]/.test(t) ? `(${t})` : t}[]`;
  const objectDocs = (name: string): ObjectDocs => {
    const d = docs.objects.get(name);
    if (d === undefined) throw new Error(`${source}: no object("${name}", …) or extend(…, "${name}", …) found to read docs from`);
    return d;
  };
  /**
   * The TSDoc of a field, in the command (mode undefined) or in a body of a mode, naming the rule
   * the description attaches to the field (`required(nonBlank(), "CUS-1")`): a text that does
   * not name it already gets it appended, so the rule is stated once, beside the field.
   */
  const fieldDoc = (objectName: string, key: string, mode: BodyMode | undefined, field: Field): string => {
    const d = objectDocs(objectName).fields.get(key);
    if (d === undefined || d.text === "") throw new Error(`${source}: field ${key} of ${objectName} has no TSDoc`);
    return withRule((mode === undefined ? undefined : d[mode]) ?? d.text, field.rule);
  };
  /** The name and TSDoc of an object's body type in a mode (`@add Name Text`). */
  const bodyName = (name: string, mode: BodyMode): { name: string; doc: string } | undefined => {
    const tag = objectDocs(name).doc?.[mode];
    if (tag === undefined) return undefined;
    const m = nameAndText(tag);
    if (m === null) throw new Error(`${source}: @${mode} of ${name} must be "@${mode} BodyTypeName What it is."`);
    return m;
  };
  /** The body type of an object in a mode, else the one it names for another mode (a nested object documented once). */
  const someBodyName = (name: string, mode: BodyMode): { name: string; doc: string } | undefined =>
    bodyName(name, mode) ?? MODES.map((m) => bodyName(name, m)).find((b) => b !== undefined);
  /** Each field of an object in reading order, with the name of the object (itself or a base) that declares it. */
  const ownedFields = (value: Value<unknown>): [string, Field, string][] => {
    const chain: ObjectShape[] = [];
    for (let v: Value<unknown> | undefined = value; v !== undefined; v = objectShape(v).base) chain.unshift(objectShape(v));
    return Object.entries(allFields(value)).map(([k, f]): [string, Field, string] => {
      const owner = chain.find((s) => Object.hasOwn(s.fields, k));
      if (owner === undefined) throw new Error(`${source}: no object declares field ${k}`);
      return [k, f, owner.name];
    });
  };

  // The edit that is a body's root is its own command type; every other object is the interface of
  // its name, in the edit's field states when an edit of it is read (they take the plain object's too).
  const commandOf = new Map<Value<unknown>, string>();
  for (const body of bodies) {
    const s = body.value.shape;
    if (s.kind !== "object" || s.edits === undefined) continue;
    if (body.command === undefined) throw new Error(`${source}: the edit of ${s.name} is read as a body: name its command type (command: "…")`);
    commandOf.set(body.value, body.command);
  }
  const nameOf = (value: Value<unknown>): string => commandOf.get(value) ?? objectShape(value).name;
  const interfaceOf = new Map<string, Value<unknown>>();
  const register = (value: Value<unknown>): void => {
    const s = value.shape;
    if (s.kind === "array") return register(s.item);
    if (s.kind !== "object") return;
    const current = interfaceOf.get(nameOf(value));
    if (current === value) return;
    if (current === undefined || (s.edits !== undefined && objectShape(current).edits === undefined)) interfaceOf.set(nameOf(value), value);
    for (const f of Object.values(s.fields)) register(f.value);
    if (s.base !== undefined) register(s.base);
  };
  for (const body of bodies) register(body.value);
  /** The field types each written interface holds, its bases' included, by interface name. */
  const written = new Map<string, Map<string, string | undefined>>();

  function outputType(value: Value<unknown>): string {
    const s = value.shape;
    if (s.kind === "leaf") {
      need(s.output);
      return s.output.name;
    }
    if (s.kind === "array") return array(outputType(s.item));
    emitOutput(value);
    return s.name;
  }
  function fieldOutput(f: Field): string {
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
        throw new Error(`unknown presence ${String(f.presence)}`);
    }
  }
  function emitOutput(value: Value<unknown>): void {
    const name = nameOf(value);
    const from = objectShape(value).from;
    if (from !== undefined) return need({ name, from });
    if (seen.has(`output ${name}`)) return;
    seen.add(`output ${name}`);
    const v = interfaceOf.get(name);
    if (v === undefined) throw new Error(`${source}: ${name} was never registered`);
    const { base, edits } = objectShape(v);
    const doc = commandOf.has(v) ? docs.commands.get(name) : objectDocs(name).doc?.text;
    if (doc === undefined || doc === "") throw new Error(`${source}: ${name} has no TSDoc`);
    let extend = "";
    let inherited = new Map<string, string | undefined>();
    if (base !== undefined) {
      emitOutput(base);
      extend = ` extends ${nameOf(base)}`;
      // A type generated elsewhere (`from`): its fields are taken as they are.
      inherited = written.get(nameOf(base)) ?? new Map(Object.keys(allFields(base)).map((k) => [k, undefined]));
    }
    const types = new Map(inherited);
    const lines: string[] = [];
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

  function bodyType(value: Value<unknown>, mode: BodyMode): string {
    const s = value.shape;
    if (s.kind === "leaf") {
      need(s.body);
      return s.body.name;
    }
    if (s.kind === "array") return array(bodyType(s.item, mode));
    return emitBody(value, mode);
  }
  /** A field's lines in a body of a mode (its TSDoc and its declaration), or undefined when that body has no such field. */
  function bodyLine(owner: string, key: string, f: Field, mode: BodyMode): string | undefined {
    if (f.presence === "upsertOnly" && mode === "add") return undefined;
    const doc = tsdoc(fieldDoc(owner, key, mode, f), "  ");
    const t = bodyType(f.value, mode);
    const required = f.presence === "required" || (f.presence === "addList" && mode === "add");
    if (required) return `${doc}  readonly ${key}: ${t};\n`;
    return f.presence === "notNull" ? `${doc}  readonly ${key}?: ${t};\n` : `${doc}  readonly ${key}?: ${t} | null;\n`;
  }
  const linesOf = (value: Value<unknown>, mode: BodyMode): [string, string][] =>
    ownedFields(value).flatMap(([k, f, owner]): [string, string][] => {
      const line = bodyLine(owner, k, f, mode);
      return line === undefined ? [] : [[k, line]];
    });
  /** The modes that read an object (or a base of one read), by object name. */
  const modesOf = (name: string): Set<BodyMode> => {
    const modes = readIn.get(name);
    if (modes === undefined) throw new Error(`${source}: ${name} is read by no body`);
    return modes;
  };
  /** The interface of the body lines the bodies of every mode reading an object share (`@fields Name Text`): its name and keys. */
  function emitFieldsGroup(value: Value<unknown>): { name: string; keys: Set<string> } {
    const { name } = objectShape(value);
    const m = nameAndText(objectDocs(name).doc?.fields);
    if (m === null) throw new Error(`${source}: @fields of ${name} must be "@fields TypeName What it is."`);
    const [first = [], ...others] = [...modesOf(name)].map((mode) => linesOf(value, mode));
    const rest = others.map((lines) => new Map(lines));
    const common = first.filter(([k, l]) => rest.every((r) => r.get(k) === l));
    if (!seen.has(`body ${m.name}`)) {
      seen.add(`body ${m.name}`);
      decls.push(`${tsdoc(m.doc)}export interface ${m.name} {\n${common.map(([, l]) => l).join("")}}\n`);
    }
    return { name: m.name, keys: new Set(common.map(([k]) => k)) };
  }
  /**
   * Writes the body interface of an object in a mode. Lines the bodies of both modes share are
   * written once: in the `@fields` interface of the object or of a base, else, when the upsert
   * body is the add body plus fields, by extending the add body.
   */
  function emitBody(value: Value<unknown>, mode: BodyMode): string {
    const objectName = objectShape(value).name;
    const named = someBodyName(objectName, mode);
    if (named === undefined) throw new Error(`${source}: ${objectName} is read in ${mode} mode but its TSDoc names no body type (@${mode} Name …)`);
    if (seen.has(`body ${named.name}`)) return named.name;
    seen.add(`body ${named.name}`);
    let lines = linesOf(value, mode);
    let extend = "";
    let group: Value<unknown> | undefined;
    for (let v: Value<unknown> | undefined = value; v !== undefined && group === undefined; v = objectShape(v).base) if (objectDocs(objectShape(v).name).doc?.fields !== undefined) group = v;
    if (group !== undefined) {
      const shared = emitFieldsGroup(group);
      extend = ` extends ${shared.name}`;
      lines = lines.filter(([k]) => !shared.keys.has(k));
    } else if (mode === "upsert") {
      const add = bodyName(objectName, "add");
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
  const makers = new Map<string, string>();
  function objectsOf(value: Value<unknown>, out = new Map<string, Value<unknown>>()): Map<string, Value<unknown>> {
    const s = value.shape;
    if (s.kind === "array") return objectsOf(s.item, out);
    if (s.kind !== "object" || out.has(s.name)) return out;
    out.set(s.name, value);
    for (const f of Object.values(allFields(value))) objectsOf(f.value, out);
    return out;
  }
  function maker(value: Value<unknown>): string {
    const name = objectShape(value).name;
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
  const readIn = new Map<string, Set<BodyMode>>();
  for (const body of bodies) {
    for (const v of objectsOf(body.value).values()) {
      for (let b: Value<unknown> | undefined = v; b !== undefined; b = objectShape(b).base) {
        const name = objectShape(b).name;
        readIn.set(name, new Set([...(readIn.get(name) ?? []), body.mode]));
      }
    }
  }
  const textIn = (owner: string, k: string, f: Field, mode: BodyMode): string | undefined => (f.presence === "upsertOnly" && mode === "add" ? undefined : fieldDoc(owner, k, mode, f));
  /** A field's text goes in the shared table when every body that reads its object says the same. */
  const isShared = (owner: string, k: string, f: Field): boolean => {
    const texts = [...modesOf(owner)].map((m) => textIn(owner, k, f, m));
    return texts.every((t) => t !== undefined && t === texts[0]);
  };
  const shared = new Map<string, Map<string, string>>();
  const tables: string[] = [];
  // A body that is a list (STK-6) is named after its element.
  const rootObject = (value: Value<unknown>): Value<unknown> => (value.shape.kind === "array" ? value.shape.item : value);
  for (const body of bodies) {
    const rootName = objectShape(rootObject(body.value)).name;
    const rootBody = bodyName(rootName, body.mode);
    if (rootBody === undefined) throw new Error(`${source}: ${rootName} is a ${body.mode} body but its TSDoc names no body type (@${body.mode} Name …)`);
    const prefix = lowerFirst(rootBody.name);
    const objects = [...objectsOf(body.value).values()];
    const modeRows: string[] = [];
    for (const v of objects) {
      const named = someBodyName(objectShape(v).name, body.mode);
      if (named !== undefined) modeRows.push(`  ${objectShape(v).name}: ${JSON.stringify(named.doc)},\n`);
      for (const [k, f, owner] of ownedFields(v)) {
        if (isShared(owner, k, f)) {
          const rows = shared.get(owner) ?? new Map<string, string>();
          rows.set(k, `    ${k}: ${JSON.stringify(textIn(owner, k, f, body.mode))},\n`);
          shared.set(owner, rows);
        } else {
          const text = textIn(owner, k, f, body.mode);
          if (text !== undefined) modeRows.push(`  ${JSON.stringify(`${owner}.${k}`)}: ${JSON.stringify(text)},\n`);
        }
      }
    }
    const recordRows = objects.map((v) => `  ${objectShape(v).name}: ${maker(v)},\n`).join("");
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
      decls.push(`${tsdoc(doc)}export type ${body.command} = ${objectShape(body.value).name};\n`);
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
    `// @generated by tools/body-types.ts from the body descriptions of ${source}: do not edit.\n` +
    "// `npm run docs` rewrites it; `npm run docs:check` fails when it is stale.\n" +
    `${head}\n${decls.join("\n")}\n${[...makers.values()].join("\n")}\n${fieldTexts}\n${tables.join("\n")}`
  );
}

/** The exports of a description module, loaded with esbuild (Node 20 runs no .ts file). */
async function load(source: string, out: string): Promise<Record<string, unknown>> {
  // The generated file itself is replaced by a stub whose every export is an empty object: the
  // descriptions are read without it (no record makers, no docs), so a stale or missing file
  // never stands in the way of writing a new one.
  const generated = join(root, out);
  const names = new Set<string>();
  const from = `./${(out.split("/").at(-1) ?? out).replace(/\.ts$/, ".js")}`;
  for (const m of readFileSync(join(root, source), "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    if (m[2] !== from) continue;
    for (const part of (m[1] ?? "").split(",")) {
      const name = part.trim();
      if (name !== "" && !name.startsWith("type ")) names.add(name);
    }
  }
  const contents = [...names].map((n) => `export const ${n} = ${n.endsWith("Docs") ? "{ fields: {}, mode: {} }" : "{}"};`).join("\n");
  const stub: Plugin = {
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
  const bundle = result.outputFiles[0];
  if (bundle === undefined) throw new Error(`esbuild wrote no bundle of ${source}`);
  const dir = mkdtempSync(join(tmpdir(), "body-types-"));
  const file = join(dir, "descriptions.mjs");
  writeFileSync(file, bundle.text);
  try {
    const module: Record<string, unknown> = await import(pathToFileURL(file).href);
    return module;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One field of a described body object, as the rules table's check reads it. */
export interface DescribedField {
  /** The command type of the object that declares it. */
  readonly object: string;
  /** Its key. */
  readonly key: string;
  /** The rule its description attaches to it. */
  readonly rule: string | undefined;
  /** The strings it takes, for a field of a fixed set of them. */
  readonly values: readonly string[] | undefined;
}

/**
 * Every field of every described body object, with the rule its description attaches to it and,
 * for a field of one of a fixed set of strings, those strings: what the rules table's check
 * (tools/rules-table.ts) compares with the catalog (issue 38). An object read by several
 * bodies is listed once, each field under the object that declares it (an extension's base
 * declares its fields); an edit (same name) adds nothing.
 * @param bodies - described bodies
 * @returns their fields
 */
export function fieldsOf(bodies: readonly DescribedBody[]): DescribedField[] {
  const out: DescribedField[] = [];
  const seen = new Set<string>();
  const visit = (value: Value<unknown>): void => {
    const s = value.shape;
    if (s.kind === "array") return visit(s.item);
    if (s.kind !== "object" || seen.has(s.name)) return;
    seen.add(s.name);
    // An extension lists the fields it adds; its base, visited too, lists its own.
    if (s.base !== undefined) visit(s.base);
    for (const [key, f] of Object.entries(s.fields)) {
      if (s.base !== undefined && Object.hasOwn(allFields(s.base), key)) continue;
      const leaf = f.value.shape.kind === "leaf" ? f.value.shape.json() : undefined;
      const values = leaf?.["enum"];
      out.push({ object: s.name, key, rule: f.rule, values: Array.isArray(values) && values.every((v) => typeof v === "string") ? values : undefined });
      visit(f.value);
    }
  };
  for (const body of bodies) visit(body.value);
  return out;
}

/**
 * The fields of every described body of the checkout ({@link fieldsOf} over {@link SOURCES}).
 * @returns their fields
 */
export async function describedFields(): Promise<DescribedField[]> {
  const out: DescribedField[] = [];
  for (const { source, out: generated } of SOURCES) out.push(...fieldsOf(bodiesOf(await load(source, generated))));
  return out;
}

/**
 * Writes each generated file, or with `--check` says which are stale.
 * @param args - the command line's arguments
 * @returns the exit code: 1 when `--check` finds a stale file
 */
export async function main(args: readonly string[]): Promise<number> {
  const check = args.includes("--check");
  const files: (readonly [string, string])[] = [];
  for (const { source, out } of SOURCES) {
    const bodies = bodiesOf(await load(source, out));
    if (bodies.length === 0) throw new Error(`${source} exports no described bodies`);
    files.push([out, renderBodyTypes(bodies, readDocs(readFileSync(join(root, source), "utf8")), source, out)]);
  }
  return writeGenerated(files, check, "generated body types");
}

// The parser of a body description: `compileBody` turns a description into closures, once per
// module load and mode, that read with the shared readers of read.ts (same codes, paths, rules
// and messages); the generated record makers build each object (`recordsByKey` stands in for them
// where there is no generated file).
import { ABSENT as ABSENT_BINDING } from "../field.js";
import { collect as collectBinding, joinPath, type Issue, type Result } from "../issue.js";
import { readArray, requiredValue as requiredValueBinding, wrongType, type JsonObject, type ValueReader } from "../read.js";
import { arrayOf } from "./fields.js";
import type { BodyMode, CompileContext, Field, FieldReader, Fields, RecordMaker, RecordMakers, Value } from "./types.js";

// Module-local copies of the imported bindings the compiled closures use on every field: some
// loaders (vitest's module runner) turn each use of an imported binding into a getter call.
const ABSENT: typeof ABSENT_BINDING = ABSENT_BINDING;
const requiredValue: typeof requiredValueBinding = requiredValueBinding;
const collect: typeof collectBinding = collectBinding;

const notAnObject = wrongType("an object");

/**
 * Settles the issues pushed since `before` by an object's fields: each moves under the object's
 * `path` (objects are read with the root path `""`, so only a failing object pays for its full
 * path), and one its field's reader cites as ERR-2 cites the rule the field names instead, when
 * it names one (an issue at the field itself or at an element of it, `emails[2]`; one deeper
 * down, with a `.` in its relative path, is its nested object's, settled there already).
 */
function settle(issues: Issue[], before: number, path: string, fields: Fields): void {
  for (let i = before; i < issues.length; i++) {
    const it = issues[i] as Issue;
    const rule = it.rule === "ERR-2" && !it.path.includes(".") ? fields[it.path.split("[")[0] as string]?.rule : undefined;
    issues[i] = { ...it, path: joinPath(path, it.path), rule: rule ?? it.rule };
  }
}


function fieldReader(key: string, field: Field, ctx: CompileContext): FieldReader {
  const add = ctx.mode === "add";
  const presence = field.presence;
  if (presence === "required") {
    const read = field.value.reader(ctx);
    return (v, issues) => requiredValue(v, "", key, issues, read);
  }
  if (presence === "optional") {
    const read = field.value.reader(ctx);
    const emptyIsNull = field.emptyIsNull === true;
    return (v, issues) => {
      if (v === undefined) return ABSENT;
      if (v === null) return add ? ABSENT : null;
      if (emptyIsNull && v === "") return null;
      return read(v, "", key, issues) ?? ABSENT;
    };
  }
  if (presence === "orDefault") {
    const read = field.value.reader(ctx);
    const fallback = field.fallback;
    return (v, issues) => (v === undefined || v === null ? fallback : (read(v, "", key, issues) ?? fallback));
  }
  if (field.compile !== undefined) return field.compile(key, ctx);
  if (presence === "ident" || presence === "upsertOnly") {
    if (presence === "upsertOnly" && add) return () => ABSENT;
    const read = field.value.reader(ctx);
    return (v, issues) => (v === undefined || v === null ? ABSENT : (read(v, "", key, issues) ?? ABSENT));
  }
  const { item: element, max } = arrayOf(field);
  const item = element.reader(ctx);
  if (presence === "addList" && add) {
    const read = readArray(item, field.addMin ?? 0, max);
    // Undefined only after an issue was pushed, which fails the parse: never read then.
    return (v, issues) => requiredValue(v, "", key, issues, read);
  }
  const read = readArray(item, 0, max);
  // Nothing is ever deleted (UPS-6), so a list left out or null adds nothing. A failed read
  // pushed an issue, which fails the parse: the list is never read then.
  return (v, issues) => (v === undefined || v === null ? [] : read(v, "", key, issues));
}

/**
 * The reader of an object description in a mode: its fields' readers, compiled here, and the
 * generated record maker of its command type.
 * @param fields - the object's fields
 * @param name - its command type's name
 * @param ctx - the mode and the record makers
 * @returns the reader
 * @internal
 */
export function objectReader(fields: Fields, name: string, ctx: CompileContext): ValueReader<unknown> {
  const keys = Object.keys(fields);
  const n = keys.length;
  const readers = keys.map((k) => fieldReader(k, fields[k] as Field, ctx));
  // Fields are loaded by name (`o.key`), which on a plain object finds an own property or one of
  // Object.prototype's: no field may be named like one of those.
  const inherited = keys.find((k) => k in Object.prototype);
  if (inherited !== undefined) throw new Error(`field-service-rules: ${name}.${inherited} is named like a property of Object.prototype`);
  const maker = ctx.records[name];
  // No maker, or one of another size: the description changed and `npm run docs` was not run
  // (the type check and `npm run docs:check` refuse that too). Said when a body is read, not
  // here, so that the generator can load a description whose generated file is stale.
  const make =
    maker !== undefined && maker.size === n
      ? maker.make
      : () => {
          throw new Error(`field-service-rules: the generated record maker of ${name} is missing or stale: run npm run docs`);
        };
  /*
   * Hot path: one object literal (the generated maker), each field loaded by name (a load site
   * per type, so the loads stay monomorphic) and read by its closure, in the description's order.
   * Unknown keys are never read (ERR-3). A body whose prototype is not Object.prototype (or null)
   * is first copied into a plain object of its own enumerable keys, so an inherited property
   * never counts. Paths are built only when an issue is reported.
   */
  return (value, parent, key, issues) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return notAnObject(value, parent, key, issues);
    const before = issues.length;
    const proto: unknown = Object.getPrototypeOf(value);
    const out = make(proto === Object.prototype || proto === null ? (value as JsonObject) : { ...value }, readers, issues);
    if (issues.length === before) return out;
    settle(issues, before, joinPath(parent, key), fields);
    return undefined;
  };
}

/**
 * Memoizes a builder per mode and record makers, so each object is compiled once however often it is nested.
 * @param build - compiles for one mode
 * @returns the memoized builder
 * @internal
 */
export function perMode<T>(build: (ctx: CompileContext) => T): (ctx: CompileContext) => T {
  const cache = new WeakMap<RecordMakers, { [M in BodyMode]?: T }>();
  return (ctx) => {
    const byMode = cache.get(ctx.records) ?? {};
    cache.set(ctx.records, byMode);
    return (byMode[ctx.mode] ??= build(ctx));
  };
}

/**
 * The parser of a described body in a mode: reads with closures compiled here, once; never
 * throws; every issue with its JSON path and rule (GEN-9).
 * @param body - the body's description
 * @param mode - how it is read
 * @param records - the module's generated record makers
 * @returns the parser
 * @example
 * const x = object("X", { name: required(nonBlank()) });
 * const parse = compileBody(x, "add", recordsByKey(x));
 * parse({ name: " " }).issues.map((i) => `${i.code}@${i.path}`) //=> ["Blank@name"]
 * @internal
 */
export function compileBody<T>(body: Value<T>, mode: BodyMode, records: RecordMakers): (value: unknown) => Result<T> {
  const read = body.reader({ mode, records });
  return (value) => {
    const issues: Issue[] = [];
    const v = read(value, "", "", issues);
    return collect(issues, () => v as T);
  };
}

/**
 * Record makers that fill each object key by key, for a description that has no generated file
 * (the tests' own descriptions); several times slower than the generated ones.
 * @param body - the description
 * @returns a maker for every object it reads
 * @example
 * const x = object("X", { name: required(nonBlank()) });
 * compileBody(x, "add", recordsByKey(x))({ name: "a" }).value.name //=> "a"
 * @internal
 */
export function recordsByKey(body: Value<unknown>): RecordMakers {
  const out: Record<string, RecordMaker> = {};
  const visit = (value: Value<unknown>): void => {
    const shape = value.shape;
    if (shape.kind === "array") visit(shape.item);
    if (shape.kind !== "object" || Object.hasOwn(out, shape.name)) return;
    const keys = Object.keys(shape.fields);
    out[shape.name] = {
      size: keys.length,
      make: (o, read, issues) => {
        const made: Record<string, unknown> = {};
        keys.forEach((k, i) => (made[k] = (read[i] as FieldReader)(o[k], issues)));
        return made;
      },
    };
    for (const f of Object.values(shape.fields)) visit(f.value);
  };
  visit(body);
  return out;
}

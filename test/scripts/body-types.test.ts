// The type generator of the body descriptions (tools/body-types.ts), on a description written
// here: the TSDoc of the description's source becomes the interfaces' TSDoc and the JSON Schema
// texts, each body mode gets its interface, and a missing text is refused.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { SOURCES, bodiesOf, readDocs, renderBodyTypes } from "../../tools/body-types.js";
import { date, dateTime, edit as editOf, extend, guid, ident, nonBlank, object, optional, orDefault, required, text, upsertOnly } from "../../src/shared/description/index.js";

// The source the docs are read from, and the same description built as values.
const source = `
/**
 * A widget as sent.
 * @add WidgetBody A widget to add.
 * @upsert WidgetUpsertBody A widget to add or edit.
 */
const widget = object("WidgetInput", {
  /** Its GUID. */
  id: upsertOnly(guid()),
  /**
   * Its external ID.
   * @upsert How an existing widget is found.
   */
  code: ident(nonBlank()),
  /** Its name. */
  name: required(nonBlank()),
  /** A note. */
  note: optional(text()),
  /** A colour; left out: grey. */
  colour: orDefault(text(), "grey"),
});
/**
 * A parsed edit.
 * @upsert WidgetEditBody An edit.
 */
const edit = extend(widget, "WidgetEdit", {
  /** The reason. */
  reason: optional(text()),
});
const bodies = [
  {
    value: widget,
    mode: "add",
    /** A parsed add. */
    command: "WidgetAdd",
  },
  { value: edit, mode: "upsert" },
];
`;
const widget = object("WidgetInput", {
  id: upsertOnly(guid()),
  code: ident(nonBlank()),
  name: required(nonBlank()),
  note: optional(text()),
  colour: orDefault(text(), "grey"),
});
const edit = extend(widget, "WidgetEdit", { reason: optional(text()) });
const bodies = bodiesOf({ bodies: [{ value: widget, mode: "add", command: "WidgetAdd" }, { value: edit, mode: "upsert" }], other: 5 });
const out = renderBodyTypes(bodies, readDocs(source), "src/widget/request.ts", "src/widget/request-types.generated.ts");

describe("body type generator", () => {
  it("GEN-5: the command type holds each field in the state its presence gives, with its TSDoc", () => {
    expect(out).toContain("/** A widget as sent. */\nexport interface WidgetInput {\n  /** Its GUID. */\n  readonly id: Absent | Guid;\n");
    expect(out).toContain("  readonly note: Tri<string>;\n");
    expect(out).toContain("  readonly colour: string;\n");
    expect(out).toContain("/** A parsed add. */\nexport type WidgetAdd = WidgetInput;\n");
    expect(out).toContain("export interface WidgetEdit extends WidgetInput {\n  /** The reason. */\n  readonly reason: Tri<string>;\n}");
    expect(out).toContain('import type { Absent, Tri } from "../shared/field.js";\nimport type { Guid } from "../shared/guid.js";\n');
  });

  it("GEN-5 UPS-6: a body takes null on every optional field, leaves an add-or-edit-only field out of an add, and says what its mode says", () => {
    expect(out).toContain("/** A widget to add. */\nexport interface WidgetBody {\n  /** Its external ID. */\n  readonly code?: string | null;\n  /** Its name. */\n  readonly name: string;\n");
    expect(out).not.toMatch(/interface WidgetBody \{[^}]*readonly id/);
    expect(out).toContain("export interface WidgetEditBody {\n  /** Its GUID. */\n  readonly id?: string | null;\n  /** How an existing widget is found. */\n  readonly code?: string | null;\n");
  });

  it("GEN-9: per body, one record maker per object and the JSON Schema texts of its mode", () => {
    // An extension's maker lists its base's fields in one literal (a spread base is slower: docs/performance.md).
    expect(out).toContain("const widgetEditRecord: RecordMaker = {\n  size: 6,\n  make: (o, r, i) => ({\n    id: (r[0] as FieldReader)(o.id, i),\n");
    expect(out).toContain("    colour: (r[4] as FieldReader)(o.colour, i),\n    reason: (r[5] as FieldReader)(o.reason, i),\n  }),\n};");
    // code says something else in each mode, so each body's table holds its text; name is shared.
    expect(out).toContain('export const widgetBodyDocs: BodyDocs = {\n  fields: fieldTexts,\n  mode: {\n    WidgetInput: "A widget to add.",\n    "WidgetInput.code": "Its external ID.",\n  },\n};');
    expect(out).toContain('    name: "Its name.",\n');
    expect(out).toContain('    "WidgetInput.code": "How an existing widget is found.",\n');
  });

  it("GEN-6: a date and a date-time are an IsoDate and an Instant in the command, strings in the body", () => {
    const slotSource = `
/**
 * A slot.
 * @add SlotBody A slot to book.
 */
const slot = object("Slot", {
  /** Its day. */
  day: required(date()),
  /** Its start. */
  at: optional(dateTime()),
});
`;
    const slot = object("Slot", { day: required(date()), at: optional(dateTime()) });
    const text = renderBodyTypes([{ value: slot, mode: "add" }], readDocs(slotSource), "src/slot/request.ts", "src/slot/request-types.generated.ts");
    expect(text).toContain('import type { Instant, IsoDate } from "../shared/time.js";\n');
    expect(text).toContain("export interface Slot {\n  /** Its day. */\n  readonly day: IsoDate;\n  /** Its start. */\n  readonly at: Tri<Instant>;\n}");
    expect(text).toContain("export interface SlotBody {\n  /** Its day. */\n  readonly day: string;\n  /** Its start. */\n  readonly at?: string | null;\n}");
  });

  it("GEN-9: a field or an object without TSDoc is refused, naming it", () => {
    expect(() => renderBodyTypes(bodies, readDocs(source.replace("  /** A note. */\n", "")), "src/w.ts", "src/w-types.ts")).toThrow("field note of WidgetInput has no TSDoc");
    expect(() => renderBodyTypes(bodies, readDocs(source.replace(" * @add WidgetBody A widget to add.\n", "")), "src/w.ts", "src/w-types.ts")).toThrow(/WidgetInput is a add body but its TSDoc names no body type/);
  });
});

// An edit (ORD-7): one description read by an add, an add-or-edit and an edit, as the order bodies are.
const editSource = `
/**
 * Its optional fields.
 * @fields GadgetFieldsBody The lines every gadget body shares.
 */
const fields = object("GadgetOptional", {
  /** A note. */
  note: optional(text()),
});
/** The changes any gadget body asks for. */
const changes = extend(fields, "GadgetChanges", {
  /** Its owner. */
  ownerId: required(nonBlank()),
}, "first");
/**
 * A parsed add.
 * @add GadgetAddBody A new gadget.
 * @edit GadgetEditBody Only the fields sent change.
 */
const gadget = extend(changes, "GadgetAdd", {
  /**
   * Its code.
   * @edit Its code; it may only repeat the current one.
   */
  code: ident(nonBlank()),
}, "first");
/**
 * A parsed add-or-edit.
 * @upsert GadgetUpsertBody A gadget added or edited.
 */
const upsert = extend(gadget, "GadgetUpsert", {
  /** Its GUID. */
  id: ident(guid()),
});
const bodies = [
  { value: gadget, mode: "add" },
  {
    value: edit(gadget),
    mode: "edit",
    /** A parsed edit. */
    command: "GadgetEdit",
  },
  { value: upsert, mode: "upsert" },
];
`;
const gadgetFields = object("GadgetOptional", { note: optional(text()) });
const gadgetChanges = extend(gadgetFields, "GadgetChanges", { ownerId: required(nonBlank()) }, "first");
const gadget = extend(gadgetChanges, "GadgetAdd", { code: ident(nonBlank()) }, "first");
const gadgetUpsert = extend(gadget, "GadgetUpsert", { id: ident(guid()) });
const gadgetBodies = bodiesOf({
  bodies: [
    { value: gadget, mode: "add" },
    { value: editOf(gadget), mode: "edit", command: "GadgetEdit" },
    { value: gadgetUpsert, mode: "upsert" },
  ],
});
const edited = renderBodyTypes(gadgetBodies, readDocs(editSource), "src/gadget/request.ts", "src/gadget/request-types.generated.ts");

describe("body type generator: an edit", () => {
  it("ORD-7 GEN-5: a base an edit reads is written in the edit's states, which take the add's; the add redeclares what it narrows", () => {
    expect(edited).toContain("/** The changes any gadget body asks for. */\nexport interface GadgetChanges extends GadgetOptional {\n  /** Its owner. */\n  readonly ownerId: Absent | string;\n}");
    expect(edited).toContain("/** A parsed add. */\nexport interface GadgetAdd extends GadgetChanges {\n  /** Its code. */\n  readonly code: Absent | string;\n  /** Its owner. */\n  readonly ownerId: string;\n}");
    // The add-or-edit reads its base as the add does: nothing to redeclare.
    expect(edited).toContain("export interface GadgetUpsert extends GadgetAdd {\n  /** Its GUID. */\n  readonly id: Absent | Guid;\n}");
  });

  it("ORD-7 ORD-8: the edit is its own command type, with the texts of the edit, and its body may leave out what the add requires", () => {
    expect(edited).toContain("/** A parsed edit. */\nexport interface GadgetEdit extends GadgetChanges {\n  /** Its code; it may only repeat the current one. */\n  readonly code: Tri<string>;\n}");
    expect(edited).not.toContain("export type GadgetEdit");
    expect(edited).toContain("/** Only the fields sent change. */\nexport interface GadgetEditBody extends GadgetFieldsBody {\n  /** Its code; it may only repeat the current one. */\n  readonly code?: string | null;\n  /** Its owner. */\n  readonly ownerId?: string;\n}");
    expect(edited).toContain("/** A new gadget. */\nexport interface GadgetAddBody extends GadgetFieldsBody {\n  /** Its code. */\n  readonly code?: string | null;\n  /** Its owner. */\n  readonly ownerId: string;\n}");
    // The shared lines are those of all three modes.
    expect(edited).toContain("/** The lines every gadget body shares. */\nexport interface GadgetFieldsBody {\n  /** A note. */\n  readonly note?: string | null;\n}");
  });

  it("GEN-9: the edit is read with the add's record maker, and its JSON Schema texts are the edit's", () => {
    expect(edited).toContain("export const gadgetEditBodyRecords: RecordMakers = {\n  GadgetAdd: gadgetAddRecord,\n};");
    expect(edited.match(/const gadgetAddRecord: RecordMaker/g)).toHaveLength(1);
    expect(edited).toContain("const gadgetAddRecord: RecordMaker = {\n  size: 3,\n  make: (o, r, i) => ({\n    code: (r[0] as FieldReader)(o.code, i),\n    ownerId: (r[1] as FieldReader)(o.ownerId, i),\n    note: (r[2] as FieldReader)(o.note, i),\n");
    expect(edited).toContain('export const gadgetEditBodyDocs: BodyDocs = {\n  fields: fieldTexts,\n  mode: {\n    GadgetAdd: "Only the fields sent change.",\n    "GadgetAdd.code": "Its code; it may only repeat the current one.",\n  },\n};');
  });

  it("GEN-9: an edit read as a body must name its command type", () => {
    const unnamed = bodiesOf({ bodies: [{ value: editOf(gadget), mode: "edit" }] });
    expect(() => renderBodyTypes(unnamed, readDocs(editSource), "src/g.ts", "src/g-types.ts")).toThrow("the edit of GadgetAdd is read as a body: name its command type");
  });
});

// In a Stryker sandbox a mutated source is instrumented: every mutable expression becomes
// `stryMutAct_…("n") ? mutant : (stryCov_…("n"), original)`, which hides the object names and
// field literals the TSDoc is read from. The TSDoc itself is kept, and no mutant changes a
// comment, so the source as written is that text with each original put back. The descriptions
// themselves are imported as the sandbox runs them (active mutant included), so a changed mode,
// body list, type name or `from` module fails here as it fails `npm run docs:check`.
const isInstrumentation = (node: ts.Node): node is ts.ConditionalExpression =>
  ts.isConditionalExpression(node) && ts.isCallExpression(node.condition) && ts.isIdentifier(node.condition.expression) && node.condition.expression.text.startsWith("stryMutAct_");

// A Stryker sandbox also marks every TypeScript file, mutated or not, `// @ts-nocheck` on a first
// line of its own (its `disableTypeChecks`); the generator never writes that line.
const TYPE_CHECKS_DISABLED = "// @ts-nocheck\n";

/** The text of a file as written, from its text as a Stryker sandbox may hold it. */
function asWritten(sandboxed: string): string {
  const text = sandboxed.startsWith(TYPE_CHECKS_DISABLED) ? sandboxed.slice(TYPE_CHECKS_DISABLED.length) : sandboxed;
  if (!text.includes("stryMutAct_")) return text;
  const file = ts.createSourceFile("instrumented.ts", text, ts.ScriptTarget.Latest, true);
  const cuts: (readonly [number, number])[] = [];
  const visit = (node: ts.Node): void => {
    if (!isInstrumentation(node)) return ts.forEachChild(node, visit);
    // Several mutants of one expression chain their tests: `a ? m1 : b ? m2 : (cov, original)`.
    let rest: ts.Expression = node;
    while (isInstrumentation(rest)) rest = rest.whenFalse;
    if (!ts.isParenthesizedExpression(rest) || !ts.isBinaryExpression(rest.expression) || rest.expression.operatorToken.kind !== ts.SyntaxKind.CommaToken) {
      throw new Error(`not an instrumented expression: ${node.getText(file).slice(0, 80)}`);
    }
    const original = rest.expression.right;
    cuts.push([node.getStart(file), original.getStart(file)], [original.end, node.end]);
    visit(original);
  };
  visit(file);
  let out = text;
  for (const [from, to] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, from) + out.slice(to);
  return out;
}

describe("the checked-in generated body types", () => {
  it("a source instrumented by Stryker reads as written", () => {
    const written = 'const x = object("X", {\n  /** Its name. */\n  name: required(nonBlank()),\n}, "a/b");\n';
    const instrumented =
      'const x = object(stryMutAct_9fa48("3") ? "" : (stryCov_9fa48("3"), "X"), stryMutAct_9fa48("4") ? {} : (stryCov_9fa48("4"), {\n  /** Its name. */\n  name: required(nonBlank()),\n}), stryMutAct_9fa48("5") ? "" : stryMutAct_9fa48("6") ? "Stryker was here!" : (stryCov_9fa48("5", "6"), "a/b"));\n';
    expect(asWritten(instrumented)).toBe(written);
    expect(readDocs(asWritten(instrumented))).toEqual(readDocs(written));
    expect(asWritten(written)).toBe(written);
    expect(asWritten(`// @ts-nocheck\n${written}`)).toBe(written);
  });

  // Each description module, imported by a literal path: a mutation run then counts this file as
  // a test of the module (Stryker's vitest runner runs only the test files that import a mutated
  // file, and a computed path imports nothing it can see). Imported inside the tests, so a module
  // that fails to load fails them.
  const modules: { readonly [source: string]: () => Promise<Record<string, unknown>> } = {
    "src/customer/request.ts": () => import("../../src/customer/request.js"),
    "src/material/request.ts": () => import("../../src/material/request.js"),
    "src/store/replace.ts": () => import("../../src/store/replace.js"),
    "src/intervention/request.ts": () => import("../../src/intervention/request.js"),
    "src/auth/login.ts": () => import("../../src/auth/login.js"),
    "src/stock/request.ts": () => import("../../src/stock/request.js"),
    "src/order/request.ts": () => import("../../src/order/request.js"),
  };

  // The descriptions as the modules load them (their modes, lists and type names), rendered again:
  // a description changed without `npm run docs` fails here as it fails `npm run docs:check`.
  for (const { source, out: generated } of SOURCES) {
    it(`GEN-9: ${generated} is what the generator writes from the descriptions of ${source}`, async () => {
      const load = modules[source];
      if (load === undefined) throw new Error(`${source} is not imported by this test`);
      const module = await load();
      const text = renderBodyTypes(bodiesOf(module), readDocs(asWritten(readFileSync(source, "utf8"))), source, generated);
      expect(text).toBe(asWritten(readFileSync(generated, "utf8")));
    });
  }
});

// The body description combinators (src/shared/description/): one description gives the parser
// and the JSON Schema, so the two are checked against each other (ajv, draft 2020-12) on values
// drawn around a description that uses every combinator, in both modes; the parser never throws
// on any value; and the generated record makers (the fast path) give the same answers as filling
// the object key by key.
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customerBodies, parseCustomerAdd, parseCustomerAddOrEdit } from "../../src/customer/request.js";
import { interventionBodies, parseInterventionEdit, parseInterventionPlan, parseInterventionReplan } from "../../src/intervention/request.js";
import { orderBodies, parseOrderAdd, parseOrderAddOrEdit, parseOrderEdit } from "../../src/order/request.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import {
  addList,
  array,
  boolean,
  compileBody as compileWith,
  date,
  dateTime,
  describedJsonSchema,
  edit,
  email,
  extend,
  externalId,
  guid,
  ident,
  integer,
  map,
  list,
  nonBlank,
  notNull,
  numberIn,
  object,
  oneOf,
  optional,
  orDefault,
  recordsByKey,
  refuse,
  required,
  rootList,
  text,
  upsertOnly,
  type BodyMode,
  type DescribedOutput,
  type EditFields,
  type SameType,
  type Value,
} from "../../src/shared/description/index.js";
import { ABSENT, type Absent, type Tri } from "../../src/shared/field.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Issue, Result } from "../../src/shared/issue.js";
import { customerAddBody, customerAddOrEditBody, kitContext, orderAddBody, orderAddOrEditBody, orderEditBody } from "../../src/testing/index.js";

const G = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

// Every combinator once, nested two levels deep, with a base extended by an add-or-edit.
const point = object("Point", { x: required(numberIn(-1, 1, "CUS-10")), label: optional(text(5)) });
const item = object("Item", {
  id: upsertOnly(guid()),
  code: ident(externalId()),
  name: optional(nonBlank()),
  mail: optional(email()),
  flag: optional(boolean()),
  color: optional(oneOf(["red", "blue"], { name: "Color" })),
  point: optional(point),
  ref: optional(nonBlank(), undefined, "emptyIsNull"),
});
const thing = object("Thing", {
  key: ident(externalId()),
  title: required(nonBlank()),
  tags: optional(array(text(3), 2)),
  items: addList(array(item, 3), 1),
  extras: list(array(item, 2)),
});
const thingEdit = extend(thing, "ThingEdit", { id: upsertOnly(guid()) });
/** The edit of a thing (a PUT): read in the edit mode. */
const thingPut = edit(thing);
const docs = { fields: {}, mode: {} };
/** The test's descriptions have no generated file: their objects are filled key by key. */
const compileBody = <T,>(body: Value<T>, mode: BodyMode): ((value: unknown) => Result<T>) => compileWith(body, mode, recordsByKey(body));
const modes: readonly BodyMode[] = ["add", "upsert"];
/** The description each mode reads in the differential tests. */
const bodyOf = { add: thing, upsert: thingEdit, edit: thingPut } as const;

// The types the description reads (what the generator writes as interfaces), checked here by hand.
interface Item {
  readonly id: Absent | Guid;
  readonly code: Absent | string;
  readonly name: Tri<string>;
  readonly mail: Tri<string>;
  readonly flag: Tri<boolean>;
  readonly color: Tri<"red" | "blue">;
  readonly point: Tri<{ readonly x: number; readonly label: Tri<string> }>;
  readonly ref: Tri<string>;
}
const typesMatch: [SameType<DescribedOutput<typeof item.fields>, Item>, SameType<DescribedOutput<typeof thingEdit.fields>["id"], Absent | Guid>] = [true, true];
void typesMatch;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
// Independent of the parsers: a date exists when the UTC calendar gives it back unchanged.
ajv.addFormat("date", (s: string) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s));

// Values near the description: a valid body (each optional field left out, null or valid), then
// half the time one site of it replaced by another JSON value or deleted, so both acceptance and
// every kind of refusal are drawn often.
const opt = <T,>(a: fc.Arbitrary<T>): fc.Arbitrary<T | null | undefined> =>
  fc.oneof({ arbitrary: a, weight: 4 }, { arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: fc.constant(null), weight: 1 });
const word = fc.constantFrom("a", "abc", "Žluť", " x ");
const pointArb = fc.record({ x: fc.double({ min: -1, max: 1, noNaN: true }), label: opt(fc.constantFrom("", "ab", "abcde")) });
const itemArb = fc.record({
  id: opt(fc.constantFrom(G, G.toUpperCase())),
  code: opt(fc.constantFrom("C-1", "x")),
  name: opt(word),
  mail: opt(fc.constantFrom("a@b.cz", "x.y@z.org")),
  flag: opt(fc.boolean()),
  color: opt(fc.constantFrom("red", "blue")),
  point: opt(pointArb),
  ref: opt(fc.constantFrom("", "r")),
  other: fc.jsonValue({ maxDepth: 1 }),
});
const thingArb = fc.record({
  key: opt(fc.constantFrom("K", "k-2")),
  title: word,
  tags: opt(fc.array(fc.constantFrom("", "ab", "abc"), { maxLength: 2 })),
  items: fc.array(itemArb, { minLength: 1, maxLength: 3 }),
  extras: opt(fc.array(itemArb, { maxLength: 2 })),
  id: opt(fc.constant(G)),
});
const replacement: fc.Arbitrary<Json | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<Json>(null, true, 0, 1.5, -2, "", " ", ".", "..", "abcdef", "not mail", "green", "3f2504e0", [], {}, ["abcd"]),
  fc.array(fc.constant({}), { minLength: 3, maxLength: 4 }),
);
/** JSON has no `undefined`: a key drawn as undefined is left out. */
const json = (v: unknown): Json => JSON.parse(JSON.stringify(v)) as Json;
/** Every place of a JSON value: an object's key or an array's index. */
function sites(v: Json, out: [Json[] | { [k: string]: Json }, string | number][] = []): [Json[] | { [k: string]: Json }, string | number][] {
  if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i]), sites(x, out)));
  else if (typeof v === "object" && v !== null) for (const [k, x] of Object.entries(v)) out.push([v, k]), sites(x, out);
  return out;
}
const nearby: fc.Arbitrary<Json> = fc.tuple(thingArb, fc.option(fc.tuple(fc.nat(), replacement), { freq: 2 })).map(([drawn, fault]) => {
  const value = json(drawn);
  if (fault === null) return value;
  const all = sites(value);
  const [parent, key] = all[fault[0] % all.length] as [Record<string | number, Json>, string | number];
  if (fault[1] === undefined && !Array.isArray(parent)) delete parent[key];
  else parent[key] = fault[1] ?? null;
  return value;
});

describe("body descriptions: parser and JSON Schema from one description", () => {
  for (const mode of [...modes, "edit"] as const) {
    const body: Value<unknown> = bodyOf[mode];
    const parse = compileBody(body, mode);
    const schema = describedJsonSchema(body, mode, docs);
    const validate = ajv.compile(schema);

    it(`GEN-9 ERR-3: ${mode}: the parser accepts exactly what the JSON Schema accepts`, () => {
      let accepted = 0;
      let refused = 0;
      fc.assert(
        fc.property(nearby, (value) => {
          const ok = parse(value).ok;
          if (ok) accepted++;
          else refused++;
          expect({ value, parser: ok }).toEqual({ value, parser: validate(value) });
        }),
        { numRuns: 1500 },
      );
      // Both answers are drawn often: a generator that mostly refuses (or accepts) would check little.
      expect(Math.min(accepted, refused)).toBeGreaterThan(150);
    });

    it(`GEN-9: ${mode}: the parser is total on arbitrary JSON and any value, and does not change it`, () => {
      fc.assert(
        fc.property(fc.oneof(fc.jsonValue(), fc.anything({ withNullPrototype: true, withObjectString: true }), nearby), (value) => {
          const before = JSON.stringify(value);
          const r = parse(value);
          expect(typeof r.ok).toBe("boolean");
          if (!r.ok) for (const i of r.issues) expect(typeof i.rule).toBe("string");
          expect(JSON.stringify(value)).toBe(before);
        }),
        { numRuns: 500 },
      );
    });
  }

  it("GEN-5: null on an optional field is left out on an add and null on an add-or-edit; left out is ABSENT in both", () => {
    const sent = { title: "T", items: [{ name: null, mail: "a@b.cz" }], key: null };
    const add = compileBody(thing, "add")(sent);
    const upsert = compileBody(thingEdit, "upsert")(sent);
    expect(add.ok && add.value.items[0]).toMatchObject({ name: ABSENT, mail: "a@b.cz", flag: ABSENT, id: ABSENT });
    expect(upsert.ok && upsert.value.items[0]).toMatchObject({ name: null, mail: "a@b.cz", flag: ABSENT, id: ABSENT });
    // An identifier sent as null is not sent, in both modes.
    expect(add.ok && add.value.key).toBe(ABSENT);
    expect(upsert.ok && upsert.value.key).toBe(ABSENT);
  });

  it("CUS-4: an empty string where emptyIsNull is asked reads as null in both modes", () => {
    for (const [body, mode] of [[thing, "add"], [thingEdit, "upsert"]] as const) {
      const r = compileBody(body, mode)({ title: "T", items: [{ ref: "" }] });
      expect(r.ok && r.value.items[0]?.ref).toBe(null);
    }
  });

  it("UPS-6 ERR-3: an upsertOnly field is read on an add-or-edit and ignored on an add", () => {
    const sent = { title: "T", id: "nope", items: [{ id: G.toUpperCase() }] };
    const add = compileBody(thing, "add")(sent);
    expect(add.ok && add.value.items[0]?.id).toBe(ABSENT);
    const upsert = compileBody(thingEdit, "upsert")(sent);
    expect(upsert.ok ? [] : upsert.issues.map((i) => `${i.code}@${i.path}:${i.rule}`)).toEqual(["InvalidGuid@id:GEN-1"]);
    const fixed = compileBody(thingEdit, "upsert")({ ...sent, id: G });
    expect(fixed.ok && [fixed.value.id, fixed.value.items[0]?.id]).toEqual([G, G]);
  });

  it("GEN-9 LIM-1 CUS-1: every issue, in the description's order, each at its JSON path with its rule", () => {
    const r = compileBody(thing, "add")({
      title: " ",
      tags: ["abcd", 5, "ok"],
      items: [{ point: { x: 2, label: "toolong" }, mail: "x", color: "green" }, "no"],
      extras: null,
    });
    expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}:${i.rule}`)).toEqual([
      "Blank@title:ERR-2",
      "TooMany@tags:LIM-1",
      "InvalidEmail@items[0].mail:ERR-2",
      "InvalidEnum@items[0].color:ERR-2",
      "OutOfRange@items[0].point.x:CUS-10",
      "TooLong@items[0].point.label:LIM-1",
      "InvalidType@items[1]:ERR-2",
    ]);
    const missing = compileBody(thing, "add")({ title: null });
    expect(missing.ok ? [] : missing.issues.map((i) => `${i.code}@${i.path}:${i.rule}`)).toEqual(["Required@title:GEN-5", "Required@items:ERR-2"]);
    // On an add-or-edit the list is optional and may be empty.
    expect(compileBody(thingEdit, "upsert")({ title: "T" }).ok).toBe(true);
    expect(compileBody(thing, "add")({ title: "T", items: [] }).ok).toBe(false);
  });

  it("ERR-3: only own enumerable keys count; an inherited field is never read", () => {
    const proto = { title: "inherited", items: [{}] };
    const value: unknown = Object.create(proto);
    const r = compileBody(thing, "add")(value);
    expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["Required@title", "Required@items"]);
    const own = Object.assign(Object.create(proto) as object, { title: "own", items: [{}] });
    expect(compileBody(thing, "add")(own)).toMatchObject({ ok: true, value: { title: "own" } });
    // A JSON `__proto__` key is an own property like any other: unknown, so ignored.
    expect(compileBody(thing, "add")(JSON.parse('{"title":"T","items":[{}],"__proto__":{"key":"x"}}'))).toMatchObject({ ok: true, value: { key: ABSENT } });
  });

  it("ERR-2: a field named like a property of Object.prototype is refused when the description is compiled", () => {
    expect(() => compileBody(object("Bad", { constructor: optional(text()) }), "add")).toThrow(/Bad\.constructor/);
  });

  it("ERR-2: a description read without its record makers (npm run docs not run) says so when a body is read", () => {
    const parse = compileWith(thing, "add", {});
    expect(() => parse({ title: "T", items: [{}] })).toThrow(/record maker of Thing is missing or stale/);
    const stale = compileWith(thing, "add", { ...recordsByKey(thing), Item: { size: 2, make: () => ({}) } });
    expect(() => stale({ title: "T", items: [{}] })).toThrow(/record maker of Item is missing or stale/);
  });

  it("GEN-5: the JSON Schema marks what is required in each mode and leaves upsertOnly fields out of an add", () => {
    const add = describedJsonSchema(thing, "add", { fields: { Thing: { title: "Its title.", key: "Key." } }, mode: { Thing: "A thing.", "Thing.key": "Its key on an add." } }) as { required: string[]; properties: Record<string, { description?: string }>; description: string };
    expect(add.required).toEqual(["title", "items"]);
    expect(add.description).toBe("A thing.");
    expect(add.properties.title?.description).toBe("Its title.");
    expect(add.properties.key?.description).toBe("Its key on an add.");
    expect(Object.keys((describedJsonSchema(item, "add", docs) as { properties: object }).properties)).not.toContain("id");
    const upsert = describedJsonSchema(thingEdit, "upsert", docs) as { required: string[]; properties: Record<string, unknown> };
    expect(upsert.required).toEqual(["title"]);
    expect(Object.keys(upsert.properties)).toEqual(["key", "title", "tags", "items", "extras", "id"]);
  });
});

describe("the generated record makers of the customer bodies", () => {
  const ctx = kitContext(demoFixture, "demo");
  const [addBody, upsertBody] = customerBodies;
  // The same descriptions compiled with makers that fill objects key by key.
  const plainAdd = compileBody(addBody!.value, "add");
  const plainUpsert = compileBody(upsertBody!.value, "upsert");

  it("CUS-1 UPS-6: parseCustomerAdd and parseCustomerAddOrEdit answer as the descriptions read key by key", () => {
    const anyBody = fc.oneof(customerAddBody(ctx), customerAddOrEditBody(ctx, ["C-1"]), fc.jsonValue(), fc.anything({ withNullPrototype: true }));
    fc.assert(
      fc.property(anyBody, (value) => {
        expect(parseCustomerAdd(value)).toEqual(plainAdd(value));
        expect(parseCustomerAddOrEdit(value)).toEqual(plainUpsert(value));
      }),
      { numRuns: 300 },
    );
  });
});

// The combinators the intervention bodies brought: dates, date-times, a field that may be left
// out but not cleared, and keys refused even as null.
const slot = object("Slot", { day: required(date()), at: notNull(dateTime()), note: optional(text(3)) });
const booking = refuse(object("Booking", { slots: required(array(slot, 2)), who: notNull(nonBlank()) }), ["old", "legacy"], "UseReplan", "INT-4", (k) => `${k} is refused.`);

const issuesOf = (r: Result<unknown>): readonly Issue[] => (r.ok ? [] : r.issues);
const valueOf = <T,>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  return r.value;
};

describe("dates, values that cannot be cleared and refused keys", () => {
  // Mostly good values, so that acceptance is drawn often too.
  const mostly = <T,>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>): fc.Arbitrary<T> => fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: bad, weight: 1 });
  const rare = <T,>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, { arbitrary: a, weight: 1 });
  const slotArb = fc.record({
    day: mostly(fc.constantFrom<Json>("2026-03-12", "2024-02-29"), fc.constantFrom<Json>("2026-02-29", "12.3.2026", 5, null)),
    at: opt(mostly(fc.constantFrom<Json>("2026-03-12T09:00:00+01:00", "2026-03-12T09:00:00Z"), fc.constantFrom<Json>("2026-03-12T09:00:00", "2026-13-01T00:00:00Z", 1))),
    note: opt(mostly(fc.constantFrom<Json>("", "abc"), fc.constantFrom<Json>("abcd", 2))),
  });
  const bookingArb = fc.record({
    slots: mostly(fc.array(slotArb, { maxLength: 2 }), fc.oneof(fc.array(slotArb, { minLength: 3, maxLength: 3 }), fc.constantFrom<Json>(null, "x"))),
    who: opt(mostly(fc.constant<Json>("ann"), fc.constantFrom<Json>(" ", 3))),
    old: rare(fc.constantFrom<Json>(1, "x", null)),
    legacy: rare(fc.constant<Json>(true)),
    other: fc.jsonValue({ maxDepth: 1 }),
  }).map(json);

  for (const mode of modes) {
    it(`GEN-6 GEN-5 INT-4: ${mode}: the parser accepts exactly what the JSON Schema accepts`, () => {
      const parse = compileBody(booking, mode);
      const validate = ajv.compile(describedJsonSchema(booking, mode, docs));
      let accepted = 0;
      fc.assert(
        fc.property(bookingArb, (value) => {
          const ok = parse(value).ok;
          if (ok) accepted++;
          expect({ value, parser: ok }).toEqual({ value, parser: validate(value) });
        }),
        { numRuns: 1500 },
      );
      expect(accepted).toBeGreaterThan(20);
    });
  }

  it("GEN-5: a notNull field left out is ABSENT, null is Required in both modes, and a value is read", () => {
    for (const mode of modes) {
      const parse = compileBody(slot, mode);
      expect(parse({ day: "2026-03-12" })).toEqual({ ok: true, value: { day: "2026-03-12", at: ABSENT, note: ABSENT } });
      expect(valueOf(parse({ day: "2026-03-12", at: "2026-03-12T09:00:00Z" })).at).toBe(Date.UTC(2026, 2, 12, 9));
      const r = parse({ day: "2026-03-12", at: null });
      expect(issuesOf(r).map((i) => [i.code, i.path, i.rule, i.message])).toEqual([["Required", "at", "GEN-5", "at is required and cannot be cleared with null (GEN-5)."]]);
    }
  });

  it("GEN-6: a date and a date-time are read as the shared readers read them, at their paths", () => {
    const r = compileBody(booking, "add")({ slots: [{ day: "2026-02-29", at: "2026-03-12T09:00:00" }], who: "a" });
    expect(issuesOf(r).map((i) => `${i.code}@${i.path}:${i.rule}`)).toEqual(["InvalidDate@slots[0].day:GEN-6", "InvalidDateTime@slots[0].at:GEN-6"]);
  });

  it("INT-4: each refused key sent, even as null, is one issue at its key before the object's own, in the order given", () => {
    const r = compileBody(booking, "upsert")({ legacy: null, who: null, old: 1, slots: [] });
    expect(issuesOf(r).map((i) => [i.code, i.path, i.rule, i.message])).toEqual([
      ["UseReplan", "old", "INT-4", "old is refused."],
      ["UseReplan", "legacy", "INT-4", "legacy is refused."],
      ["Required", "who", "GEN-5", "who is required and cannot be cleared with null (GEN-5)."],
    ]);
    const nested = compileBody(object("Outer", { inner: required(booking) }), "add")({ inner: { slots: [], old: 1 } });
    expect(issuesOf(nested).map((i) => `${i.code}@${i.path}`)).toEqual(["UseReplan@inner.old"]);
    expect(issuesOf(compileBody(booking, "add")([])).map((i) => `${i.code}@${i.path}`)).toEqual(["InvalidType@"]);
    expect(describedJsonSchema(booking, "add", docs).properties).toMatchObject({ old: false, legacy: false });
  });
});

describe("the generated record makers of the intervention bodies", () => {
  const [planBody, replanBody, editBody] = interventionBodies;
  const plainPlan = compileBody(planBody!.value, "add");
  const plainReplan = compileBody(replanBody!.value, "upsert");
  const plainEdit = compileBody(editBody!.value, "upsert");
  const assignation = fc.record({ userId: fc.constantFrom<Json>("t-1", " ", null), plannedStart: fc.constantFrom<Json>("2026-03-12T09:00:00Z", "x"), plannedEnd: fc.constantFrom<Json>("2026-03-12T10:00:00+01:00", 3) });
  const interventionish = fc.record(
    {
      externalId: opt(fc.constantFrom<Json>("I-1", "..", 2)),
      primaryAssigneeId: opt(fc.constantFrom<Json>("t-1", "")),
      day: opt(fc.constantFrom<Json>("2026-03-12", "2026-02-30")),
      assignations: opt(fc.array(assignation, { maxLength: 2 })),
      categoryId: opt(fc.constantFrom<Json>("repair", 1)),
      customStateId: opt(fc.constantFrom<Json>("s", " ")),
      priority: opt(fc.constantFrom<Json>("High", "Urgent!")),
      internalNote: opt(fc.constantFrom<Json>("n", 4)),
      ownerId: opt(fc.constantFrom<Json>("o", false)),
      sendByPost: opt(fc.constantFrom<Json>(true, "yes")),
      sendNotificationNow: opt(fc.constantFrom<Json>(false, 0)),
      sendReminderOneDayBefore: opt(fc.constantFrom<Json>(true, "no")),
    },
    { requiredKeys: [] },
  ).map(json);

  it("INT-1 INT-3 INT-4: the plan, replan and edit parsers answer as their descriptions read key by key", () => {
    fc.assert(
      fc.property(fc.oneof(interventionish, fc.jsonValue(), fc.anything({ withNullPrototype: true })), (value) => {
        expect(parseInterventionPlan(value)).toEqual(plainPlan(value));
        expect(parseInterventionReplan(value)).toEqual(plainReplan(value));
        expect(parseInterventionEdit(value)).toEqual(plainEdit(value));
      }),
      { numRuns: 300 },
    );
  });
});

// A list at the root of a body (the stock batches, STK-6), whose elements map a leaf.
const entry = object("Entry", { id: required(nonBlank()), size: orDefault(map(numberIn(0, 9, "GEN-7"), (n) => ({ n }), { name: "Size" }), "none") });
const entries = rootList(entry, 3, "STK-6", "entries");

describe("a list at the root and a mapped leaf", () => {
  const parse = compileBody(entries, "add");
  it("STK-6: anything but an array is one InvalidType citing the list's rule, alone", () => {
    for (const body of [{}, null, "x", 3, { 0: { id: "a" } }]) {
      expect(issuesOf(parse(body)).map((i) => [i.code, i.path, i.rule, i.message])).toEqual([["InvalidType", "", "STK-6", "The body must be a JSON array of entries (STK-6)."]]);
    }
  });

  it("LIM-1: more than the most elements is one TooMany, before any element is read", () => {
    expect(issuesOf(parse([1, 2, 3, 4])).map((i) => [i.code, i.path, i.rule, i.message])).toEqual([["TooMany", "", "LIM-1", "At most 3 entries in one body (4 sent)."]]);
    expect(parse([]).ok).toBe(true);
  });

  it("GEN-9: every bad element is reported at its index; good elements are read in order, the leaf mapped", () => {
    expect(issuesOf(parse([{ id: "a" }, 5, { size: 12 }])).map((i) => `${i.code}@${i.path}:${i.rule}`)).toEqual([
      "InvalidType@[1]:ERR-2",
      "Required@[2].id:ERR-2",
      "OutOfRange@[2].size:GEN-7",
    ]);
    expect(valueOf(parse([{ id: "a", size: 2 }, { id: "b", size: null }, { id: "c" }]))).toEqual([
      { id: "a", size: { n: 2 } },
      { id: "b", size: "none" },
      { id: "c", size: "none" },
    ]);
  });

  it("ERR-2: map takes a leaf; anything else is a programmer error, said when described", () => {
    expect(() => map(entry, (x) => x, { name: "X" })).toThrow("field-service-rules: map takes a leaf");
  });

  it("GEN-9: the root list's JSON Schema is the element's in an array of at most max, with the description given", () => {
    const schema = describedJsonSchema(entries, "add", docs, "Entries.");
    expect(schema).toMatchObject({ type: "array", maxItems: 3, description: "Entries.", items: { type: "object", required: ["id"] } });
    expect(schema).not.toHaveProperty("minItems");
    const validate = ajv.compile(schema);
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.array(fc.record({ id: fc.constantFrom<Json>("a", " ", 1), size: fc.constantFrom<Json>(0, 9, 10, -1, null, "1") }, { requiredKeys: [] }), { maxLength: 4 })), (value) => {
        expect({ value, parser: parse(value).ok }).toEqual({ value, parser: validate(value) });
      }),
      { numRuns: 500 },
    );
  });
});

// An edit: a PUT of the record its path names (ORD-7), read from the description of the add.
const editTypes: [
  SameType<DescribedOutput<EditFields<typeof thing.fields>>["title"], Absent | string>,
  SameType<DescribedOutput<EditFields<typeof thing.fields>>["key"], Tri<string>>,
  SameType<DescribedOutput<EditFields<typeof thing.fields>>["tags"], Tri<readonly string[]>>,
  SameType<DescribedOutput<typeof thingPut.fields>, DescribedOutput<EditFields<typeof thing.fields>>>,
] = [true, true, true, true];
void editTypes;

describe("an edit of a described object", () => {
  const parse = compileBody(thingPut, "edit");
  const at = (r: Result<unknown>): string[] => issuesOf(r).map((i) => `${i.code}@${i.path}:${i.rule}`);

  it("ORD-7 GEN-5: every field may be left out; null on a required field is Required, on an identifier and an optional field it is kept", () => {
    expect(parse({})).toEqual({ ok: true, value: { key: ABSENT, title: ABSENT, tags: ABSENT, items: [], extras: [] } });
    expect(valueOf(parse({ key: null, tags: null, title: "T" }))).toMatchObject({ key: null, tags: null, title: "T" });
    expect(valueOf(parse({ key: "K-1" })).key).toBe("K-1");
    expect(issuesOf(parse({ key: ".", title: null })).map((i) => [i.code, i.path, i.rule, i.message])).toEqual([
      ["InvalidExternalId", "key", "TXT-2", 'An external ID must not be "." or "..": no URL path can carry it (TXT-2).'],
      ["Required", "title", "GEN-5", "title is required and cannot be cleared with null (GEN-5)."],
    ]);
    expect(at(parse({ title: " " }))).toEqual(["Blank@title:ERR-2"]);
  });

  it("ORD-7: nested objects are read as they are described: their required fields stay required, their identifiers take null as not sent", () => {
    expect(at(parse({ items: [{ point: { label: "a" } }] }))).toEqual(["Required@items[0].point.x:ERR-2"]);
    expect(valueOf(parse({ items: [{ code: null }] })).items[0]?.code).toBe(ABSENT);
  });

  it("GEN-5: the JSON Schema of an edit requires nothing, refuses null on a required field and takes it on an identifier", () => {
    const schema = describedJsonSchema(thingPut, "edit", docs) as { required?: unknown; properties: Record<string, { type?: unknown }> };
    expect(schema).not.toHaveProperty("required");
    expect(schema.properties.title?.type).toBe("string");
    expect(schema.properties.key?.type).toEqual(["string", "null"]);
    expect(Object.keys(schema.properties)).toEqual(["key", "title", "tags", "items", "extras"]);
  });

  it("ORD-7: an edit keeps the object's name and keys (so its record maker), says what it edits, and makes each base its edit", () => {
    expect(thingPut.shape).toMatchObject({ kind: "object", name: "Thing", edits: thing });
    expect(thingPut.shape).not.toHaveProperty("base");
    expect(thingPut.fields.title.presence).toBe("notNull");
    expect(thingPut.fields.key.presence).toBe("optional");
    // Fields an edit reads as the add does are the add's own.
    expect(thingPut.fields.items).toBe(thing.fields.items);
    const put = edit(thingEdit);
    expect(Object.keys(put.fields)).toEqual(Object.keys(thingEdit.fields));
    expect(put.fields.id).toBe(thingEdit.fields.id);
    expect(put.shape).toMatchObject({ name: "ThingEdit", edits: thingEdit, base: { shape: { name: "Thing", edits: thing } } });
    expect(compileWith(put, "edit", recordsByKey(thingEdit))({ id: G.toUpperCase() })).toMatchObject({ ok: true, value: { id: G, title: ABSENT } });
  });
});

// Fields added to a base, read before its own ("first") or after.
const base = object("Base", { a: required(nonBlank()), b: optional(text(2)) });
const ahead = extend(base, "Ahead", { z: required(nonBlank()) }, "first");
const behind = extend(base, "Behind", { z: required(nonBlank()) });

describe("fields read before a base's", () => {
  it("GEN-9: fields added first are read, reported and listed before the base's; otherwise after", () => {
    const at = (r: Result<unknown>): string[] => issuesOf(r).map((i) => `${i.code}@${i.path}`);
    expect(at(compileBody(ahead, "add")({ b: "abc" }))).toEqual(["Required@z", "Required@a", "TooLong@b"]);
    expect(at(compileBody(behind, "add")({ b: "abc" }))).toEqual(["Required@a", "TooLong@b", "Required@z"]);
    expect(Object.keys(valueOf(compileBody(ahead, "add")({ a: "x", z: "y" })))).toEqual(["z", "a", "b"]);
    expect(Object.keys(valueOf(compileBody(behind, "add")({ a: "x", z: "y" })))).toEqual(["a", "b", "z"]);
    expect(Object.keys((describedJsonSchema(ahead, "add", docs) as { properties: object }).properties)).toEqual(["z", "a", "b"]);
    expect(ahead.shape).toMatchObject({ name: "Ahead", base });
  });
});

describe("whole numbers", () => {
  const counts = object("Counts", { count: optional(integer(0)), level: optional(integer(1, 5)) });
  const parse = compileBody(counts, "upsert");
  const at = (r: Result<unknown>): string[] => issuesOf(r).map((i) => `${i.code}@${i.path}:${i.rule}`);

  it("ORD-5: not a whole number is NotInteger, below a minimum of 0 Negative, any other bound broken OutOfRange", () => {
    expect(at(parse({ count: 1.5, level: 0 }))).toEqual(["NotInteger@count:ERR-2", "OutOfRange@level:ERR-2"]);
    expect(at(parse({ count: -1, level: 6 }))).toEqual(["Negative@count:ERR-2", "OutOfRange@level:ERR-2"]);
    expect(at(parse({ count: "1" }))).toEqual(["InvalidType@count:ERR-2"]);
    expect(valueOf(parse({ count: 0, level: 5 }))).toEqual({ count: 0, level: 5 });
    expect(valueOf(parse({ count: Number.MAX_SAFE_INTEGER })).count).toBe(Number.MAX_SAFE_INTEGER);
    expect(at(parse({ count: Number.MAX_SAFE_INTEGER + 1 }))).toEqual(["NotInteger@count:ERR-2"]);
  });

  it("ORD-5: the JSON Schema of a whole number is an integer within the bounds (the largest safe one when none is given), and accepts what the parser accepts", () => {
    const schema = describedJsonSchema(counts, "upsert", { fields: { Counts: { count: "How many." } }, mode: {} }) as { properties: Record<string, unknown> };
    expect(schema.properties.count).toEqual({ type: ["integer", "null"], minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: "How many." });
    expect(schema.properties.level).toEqual({ type: ["integer", "null"], minimum: 1, maximum: 5 });
    const validate = ajv.compile(schema);
    const n = fc.oneof(fc.integer({ min: -3, max: 8 }), fc.constantFrom<Json>(0.5, -0.5, 2 ** 53, 1e300, "1", null, true));
    fc.assert(
      fc.property(fc.record({ count: n, level: n }, { requiredKeys: [] }), (value) => {
        expect({ value, parser: parse(value).ok }).toEqual({ value, parser: validate(value) });
      }),
      { numRuns: 500 },
    );
  });
});

describe("the generated record makers of the order bodies", () => {
  const ctx = kitContext(demoFixture, "demo");
  const customer = { customerId: "c-1", addressIds: ["a-1"], contactPersonIds: ["p-1"], serviceObjectIds: ["d-1"] };
  it("ORD-1 ORD-7 ORD-10: the bodies the generator reads are the ones the parsers read: parseOrderAdd, parseOrderEdit and parseOrderAddOrEdit answer as them, filled key by key", () => {
    expect(orderBodies).toHaveLength(3);
    // Each body as the list the generator reads gives it (description and mode), compiled with makers that fill objects key by key.
    const [plainAdd, plainEdit, plainUpsert] = orderBodies.map((b) => compileBody(b.value, b.mode));
    // GEN-5: the add's null counts as left out, the edit's and the add-or-edit's is kept.
    const nulls = { customerId: "C1", addressId: "A1", contactPersonId: "P3", categoryId: "repair", name: null };
    expect([plainAdd!(nulls), plainEdit!(nulls), plainUpsert!(nulls)].map((r) => r.ok && (r.value as { name: unknown }).name)).toEqual([ABSENT, null, null]);
    const anyBody = fc.oneof(orderAddBody(ctx, customer), orderEditBody(ctx, customer), orderAddOrEditBody(ctx, customer, ["O-1"]), fc.jsonValue(), fc.anything({ withNullPrototype: true }));
    fc.assert(
      fc.property(anyBody, (value) => {
        expect(parseOrderAdd(value)).toEqual(plainAdd!(value));
        expect(parseOrderEdit(value)).toEqual(plainEdit!(value));
        expect(parseOrderAddOrEdit(value)).toEqual(plainUpsert!(value));
      }),
      { numRuns: 300 },
    );
  });
});

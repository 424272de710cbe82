import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { ABSENT, applyPatch, patchOf, readTri, type Patch } from "../../src/shared/field.js";

interface Rec {
  readonly name: string;
  readonly count: number;
  readonly note: string | null;
  readonly tag: string | null;
}
const REQUIRED = ["name", "count"] as const;
const recArb = fc.record({ name: fc.string(), count: fc.integer(), note: fc.option(fc.string(), { nil: null }), tag: fc.option(fc.string(), { nil: null }) });
const patchArb: fc.Arbitrary<Patch<Rec>> = fc.record(
  { name: fc.string(), count: fc.integer(), note: fc.option(fc.string(), { nil: null }), tag: fc.option(fc.string(), { nil: null }) },
  { requiredKeys: [] },
);

describe("GEN-5: omitted is not null", () => {
  it("GEN-5: readTri keeps absent, null and value apart with own-property semantics", () => {
    expect(readTri({}, "a")).toBe(ABSENT);
    expect(readTri({ a: null }, "a")).toBeNull();
    expect(readTri({ a: 0 }, "a")).toBe(0);
    expect(readTri(JSON.parse('{"__proto__": 1}') as Record<string, unknown>, "constructor")).toBe(ABSENT);
  });
  it("GEN-5: null on a required field is refused with Required at its path", () => {
    const r = applyPatch<Rec>({ name: "a", count: 1, note: null, tag: null }, { name: null as unknown as string }, REQUIRED, "order");
    expect(!r.ok && r.issues[0]).toMatchObject({ code: "Required", path: "order.name" });
  });
  it("GEN-5: a patch cannot clear a required field at compile time", () => {
    // @ts-expect-error name is required: null is not assignable
    const bad: Patch<Rec> = { name: null };
    expectTypeOf<Patch<Rec>["note"]>().toEqualTypeOf<string | null | undefined>();
    expect(bad).toBeDefined();
  });
  it("the empty patch is the identity", () => {
    fc.assert(fc.property(recArb, (r) => {
      const out = applyPatch<Rec>(r, {}, REQUIRED);
      return out.ok && JSON.stringify(out.value) === JSON.stringify(r);
    }));
  });
  it("applying a patch twice equals applying it once", () => {
    fc.assert(fc.property(recArb, patchArb, (r, p) => {
      const once = applyPatch<Rec>(r, p, REQUIRED);
      const twice = once.ok ? applyPatch<Rec>(once.value, p, REQUIRED) : once;
      return once.ok && twice.ok && JSON.stringify(once.value) === JSON.stringify(twice.value);
    }));
  });
  it("a null clears exactly the optional fields it names; nothing else changes", () => {
    fc.assert(fc.property(recArb, patchArb, (r, p) => {
      const out = applyPatch<Rec>(r, p, REQUIRED);
      if (!out.ok) return false;
      return (Object.keys(r) as (keyof Rec)[]).every((k) => (Object.hasOwn(p, k) ? out.value[k] === p[k] : out.value[k] === r[k]));
    }));
  });
  it("keys the record does not have never appear; inputs are never mutated", () => {
    const r = Object.freeze({ name: "a", count: 1, note: null, tag: "x" });
    const p = Object.freeze({ tag: null, colour: "red" }) as Patch<Rec>;
    const out = applyPatch<Rec>(r, p, REQUIRED);
    expect(out.ok && out.value).toEqual({ name: "a", count: 1, note: null, tag: null });
  });
  it("patchOf keeps exactly the fields that were sent", () => {
    expect(patchOf<{ a: number; b: string | null; c: number }>({ a: ABSENT, b: null, c: 2 })).toEqual({ b: null, c: 2 });
  });
});

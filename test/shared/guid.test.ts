import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guid, isGuid, toGuid } from "../../src/shared/guid.js";

describe("GEN-1: GUIDs", () => {
  it("GEN-1: 8-4-4-4-12 hex digits are a GUID in any case, normalised to lowercase", () => {
    expect(isGuid("3F2504E0-4F89-11D3-9A0C-0305E82C3301")).toBe(true);
    expect(toGuid("3F2504E0-4F89-11D3-9A0C-0305E82C3301")).toBe("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
  });
  it("GEN-1: other shapes are not GUIDs", () => {
    for (const s of ["", "abc", "3F2504E04F8911D39A0C0305E82C3301", "{3F2504E0-4F89-11D3-9A0C-0305E82C3301}", "3F2504E0-4F89-11D3-9A0C-0305E82C330G", " 3f2504e0-4f89-11d3-9a0c-0305e82c3301"]) {
      expect(isGuid(s)).toBe(false);
    }
    expect(isGuid(42)).toBe(false);
    expect(() => guid("nope")).toThrow(/Not a GUID/);
  });
  it("GEN-1: a GUID is the whole text: nothing before or after it, and a JSON array or object holding one is not a GUID", () => {
    const g = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
    for (const s of [`${g} `, `x${g}`, `${g}0`, `0${g}`, `${g}\n`]) expect([s, isGuid(s), toGuid(s)]).toEqual([s, false, undefined]);
    for (const v of [[g], { toString: () => g }, [g.toUpperCase()]]) expect([isGuid(v), toGuid(v)]).toEqual([false, undefined]);
    fc.assert(fc.property(fc.uuid(), fc.string({ minLength: 1, maxLength: 3 }), fc.boolean(), (u, junk, before) => !isGuid(before ? junk + u : u + junk)));
  });
  it("GEN-1: guid() brands trusted text in lowercase", () => {
    expect(guid("3F2504E0-4F89-11D3-9A0C-0305E82C3301")).toBe("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
    fc.assert(fc.property(fc.uuid(), (u) => guid(u.toUpperCase()) === u.toLowerCase()));
  });
  it("GEN-1: every generated UUID is recognised, and normalising is idempotent", () => {
    fc.assert(fc.property(fc.uuid(), fc.boolean(), (u, upper) => {
      const text = upper ? u.toUpperCase() : u;
      const g = toGuid(text);
      return g === u.toLowerCase() && toGuid(g) === g;
    }));
  });
});

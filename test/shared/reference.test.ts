import { describe, expect, it } from "vitest";
import { guid } from "../../src/shared/guid.js";
import { findReference, refIndex, resolveReference } from "../../src/shared/reference.js";

const a = { id: guid("11111111-1111-4111-8111-111111111111"), ext: "22222222-2222-4222-8222-222222222222" };
const b = { id: guid("22222222-2222-4222-8222-222222222222"), ext: "B" };
const c = { id: guid("33333333-3333-4333-8333-333333333333"), ext: "44444444-4444-4444-8444-444444444444" };
const index = refIndex([a, b, c], (r) => r.id, (r) => r.ext);

describe("GEN-3: references", () => {
  it("GEN-3: a GUID matching a record's GUID picks it, in any case", () => {
    expect(findReference(a.id.toUpperCase(), index)).toBe(a);
  });
  it("GEN-3: a GUID match wins over an external ID that looks like another record's GUID", () => {
    expect(findReference("22222222-2222-4222-8222-222222222222", index)).toBe(b);
  });
  it("GEN-3: a GUID-shaped value matching no GUID is looked up as external ID", () => {
    expect(findReference("44444444-4444-4444-8444-444444444444", index)).toBe(c);
    expect(findReference("B", index)).toBe(b);
  });
  it("GEN-3: nothing found is UnknownReference on the field's path", () => {
    const r = resolveReference("nope", index, "assignations[0].userId", "user");
    expect(!r.ok && r.issues[0]).toMatchObject({ code: "UnknownReference", path: "assignations[0].userId" });
    expect(resolveReference("B", index, "x", "user")).toEqual({ ok: true, value: b });
  });
});

import { describe, expect, it } from "vitest";
import { guid } from "../../src/shared/guid.js";
import { externalIdIssue, findReference, refIndex, reportReference, resolveReference } from "../../src/shared/reference.js";
import type { Issue } from "../../src/shared/issue.js";

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
  it("GEN-3: a record without an external ID or slug is found by GUID only, never under a null or undefined key", () => {
    const none = { id: guid("55555555-5555-4555-8555-555555555555"), ext: null };
    const absent = { id: guid("66666666-6666-4666-8666-666666666666"), ext: undefined };
    const idx = refIndex([none, absent, b], (r) => r.id, (r) => r.ext);
    expect([...idx.byKey]).toEqual([["B", b]]);
    expect([...idx.byId.keys()]).toEqual([none.id, absent.id, b.id]);
  });
  it("GEN-3: a miss is reported as the whole UnknownReference issue, naming the record kind and the value sent", () => {
    const issues: Issue[] = [];
    expect(reportReference("nope", index, "assignations[0].userId", "user", issues)).toBeUndefined();
    expect(reportReference("B", index, "assignations[1].userId", "user", issues)).toBe(b);
    const expected = { code: "UnknownReference", path: "assignations[0].userId", message: 'No user has the ID, external ID or slug "nope" (GEN-3).', rule: "GEN-3" };
    expect(issues).toEqual([expected]);
    expect(resolveReference("nope", index, "assignations[0].userId", "user")).toEqual({ ok: false, issues: [expected] });
  });
  it("GEN-4: an external ID another record has is the whole DuplicateExternalId issue; a free one or none is no issue", () => {
    const taken = new Set(["C-1"]);
    expect(externalIdIssue(taken, "C-1", "contactPeople[0].externalId", "contact person")).toEqual({
      code: "DuplicateExternalId",
      path: "contactPeople[0].externalId",
      message: 'Another contact person has the external ID "C-1" (GEN-4).', rule: "GEN-4",
    });
    expect(externalIdIssue(taken, "C-2", "externalId", "customer")).toBeUndefined();
    // None is never a duplicate, even against a set that holds every key.
    expect(externalIdIssue({ has: () => true }, null, "externalId", "customer")).toBeUndefined();
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT } from "../../src/shared/field.js";
import type { Guid } from "../../src/shared/guid.js";
import { refIndex } from "../../src/shared/reference.js";
import { decideUpsert, optionalField, requiredField, upsertRow, upsertTable } from "../../src/shared/upsert.js";
import type { Issue } from "../../src/shared/issue.js";
import { gid } from "../arbitraries/customer.js";

interface Rec {
  readonly id: Guid;
  readonly externalId: string | null;
}
const a: Rec = { id: gid(1), externalId: "A" };
const b: Rec = { id: gid(2), externalId: null };
const index = refIndex([a, b], (r) => r.id, (r) => r.externalId);

describe("upsert identifier table", () => {
  it("UPS-1: neither id nor externalId always creates", () => {
    expect(decideUpsert(ABSENT, ABSENT, index)).toEqual({ ok: true, value: { action: "create", externalId: null } });
  });
  it("UPS-2: only externalId edits the record that has it", () => {
    expect(decideUpsert(ABSENT, "A", index)).toEqual({ ok: true, value: { action: "edit", record: a } });
  });
  it("UPS-2: only an unknown externalId creates a record carrying it", () => {
    expect(decideUpsert(ABSENT, "Z", index)).toEqual({ ok: true, value: { action: "create", externalId: "Z" } });
  });
  it("UPS-3: id and externalId of the same record edit it", () => {
    expect(decideUpsert(a.id, "A", index)).toEqual({ ok: true, value: { action: "edit", record: a } });
  });
  it("UPS-3: an unknown id with an externalId is refused at id", () => {
    const r = decideUpsert(gid(9), "A", index, "contactPeople[0]");
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["UnknownReference", "contactPeople[0].id"]]);
  });
  it("UPS-3: an externalId that would change or set the record's external ID is refused", () => {
    for (const [id, ext] of [
      [a.id, "Z"],
      [b.id, "B"],
      [b.id, "A"],
    ] as const) {
      const r = decideUpsert(id, ext, index);
      expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["IdMismatch", "externalId"]]);
    }
  });
  it("UPS-4: only a known id edits that record", () => {
    expect(decideUpsert(b.id, ABSENT, index)).toEqual({ ok: true, value: { action: "edit", record: b } });
  });
  it("UPS-4: only an unknown id is refused with UnknownReference", () => {
    const r = decideUpsert(gid(9), ABSENT, index);
    expect(r.ok ? [] : r.issues.map((i) => i.code)).toEqual(["UnknownReference"]);
  });
  it("every row of the table is reachable from upsertRow", () => {
    expect(new Set([upsertRow(ABSENT, ABSENT), upsertRow(ABSENT, "x"), upsertRow(gid(1), "x"), upsertRow(gid(1), ABSENT)])).toEqual(
      new Set(Object.keys(upsertTable)),
    );
  });

  it("the outcome follows the UPS table for random records and identifiers", () => {
    const records = fc.uniqueArray(
      fc.record({ n: fc.integer({ min: 1, max: 6 }), ext: fc.option(fc.constantFrom("E1", "E2", "E3"), { nil: null }) }),
      { selector: (r) => r.n, maxLength: 5 },
    );
    fc.assert(
      fc.property(
        records.map((rs) => {
          const seen = new Set<string>();
          return rs.map((r) => {
            const ext = r.ext !== null && !seen.has(r.ext) ? r.ext : null;
            if (ext !== null) seen.add(ext);
            return { id: gid(r.n), externalId: ext };
          });
        }),
        fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
        fc.option(fc.constantFrom("E1", "E2", "E3", "E4"), { nil: undefined }),
        (recs, n, ext) => {
          const idx = refIndex(recs, (r) => r.id, (r) => r.externalId);
          const id = n === undefined ? undefined : gid(n);
          const byId = recs.find((r) => r.id === id);
          const byExt = recs.find((r) => r.externalId === ext);
          const r = decideUpsert(id ?? ABSENT, ext ?? ABSENT, idx);
          // The model: written from RULES.md, not from the implementation.
          if (id === undefined && ext === undefined) expect(r).toEqual({ ok: true, value: { action: "create", externalId: null } });
          else if (id === undefined) {
            expect(r).toEqual(byExt ? { ok: true, value: { action: "edit", record: byExt } } : { ok: true, value: { action: "create", externalId: ext } });
          } else if (ext === undefined) expect(r.ok).toBe(byId !== undefined);
          else expect(r.ok).toBe(byId !== undefined && byId.externalId === ext);
          // An edit never names a record whose external ID differs from the one sent.
          if (r.ok && r.value.action === "edit" && ext !== undefined) expect(r.value.record.externalId).toBe(ext);
        },
      ),
    );
  });
});

describe("three-state merge helpers", () => {
  it("GEN-5: left out keeps, null clears, a value replaces an optional field", () => {
    expect(optionalField(ABSENT, "x")).toBe("x");
    expect(optionalField(null, "x")).toBeNull();
    expect(optionalField("y", "x")).toBe("y");
  });
  it("GEN-5: null on a required field is Required on an edit and the default on a create", () => {
    const issues: Issue[] = [];
    expect(requiredField(null, undefined, () => "Normal", "priority", issues)).toBe("Normal");
    expect(issues).toEqual([]);
    expect(requiredField(null, "High", () => "Normal", "priority", issues)).toBe("High");
    expect(issues.map((i) => [i.code, i.path])).toEqual([["Required", "priority"]]);
  });
});

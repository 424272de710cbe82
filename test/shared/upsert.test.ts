import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT } from "../../src/shared/field.js";
import type { Guid } from "../../src/shared/guid.js";
import { refIndex } from "../../src/shared/reference.js";
import { decideUpsert, optionalField, requiredField, upsertRow, upsertTable } from "../../src/shared/upsert.js";
import type { Issue } from "../../src/shared/issue.js";
import { gid } from "../../src/testing/arbitraries/records/customer.js";

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

describe("upsert refusals and three-state fields, whole answers", () => {
  it("UPS-3, UPS-4: each refusal is the whole issue at the identifiers' object path", () => {
    const unknown = gid(9);
    const missing = { ok: false, issues: [{ code: "UnknownReference", path: "devices[1].id", message: `No record has the ID, external ID or slug "${unknown}" (GEN-3).`, rule: "GEN-3" }] };
    expect(decideUpsert(unknown, "A", index, "devices[1]")).toEqual(missing);
    expect(decideUpsert(unknown, ABSENT, index, "devices[1]")).toEqual(missing);
    expect(decideUpsert(b.id, "A", index, "devices[1]")).toEqual({
      ok: false,
      issues: [
        {
          code: "IdMismatch",
          path: "devices[1].externalId",
          message: "The ID and the external ID do not name the same record; the external ID cannot be set or changed by add-or-edit (UPS-3).", rule: "UPS-3",
        },
      ],
    });
    // Without a path the identifiers are the body's own fields.
    expect(decideUpsert(unknown, ABSENT, index)).toEqual({ ...missing, issues: [{ ...missing.issues[0], path: "id" }] });
  });

  it("UPS-5, UPS-7, GEN-5: every field state on create and on edit gives the model's value and issues", () => {
    const state = fc.oneof(fc.constant<typeof ABSENT>(ABSENT), fc.constant(null), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(state, fc.option(fc.string({ maxLength: 3 }), { nil: undefined }), fc.string({ minLength: 1, maxLength: 3 }), (tri, current, fallback) => {
        const issues: Issue[] = [];
        let called = 0;
        const got = requiredField(tri, current, () => ((called += 1), `default:${fallback}`), "items[0].name", issues);
        // The model, from RULES.md: left out keeps (default on create), null is the default on
        // create and Required on an edit, a value replaces; the default is computed only when used.
        const creating = current === undefined;
        const expected = tri === ABSENT || tri === null ? (creating ? `default:${fallback}` : current) : tri;
        expect(got).toBe(expected);
        expect(called).toBe(creating && (tri === ABSENT || tri === null) ? 1 : 0);
        expect(issues).toEqual(
          tri === null && !creating
            ? [{ code: "Required", path: "items[0].name", message: "items[0].name is required and cannot be cleared with null (GEN-5).", rule: "GEN-5" }]
            : [],
        );
        expect(optionalField(tri, current ?? null)).toBe(tri === ABSENT ? (current ?? null) : tri);
      }),
    );
  });
});

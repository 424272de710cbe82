import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadFixture } from "../../src/service/fixture.js";
import type { CompanyState } from "../../src/service/state.js";
import { MAX_SYNC_DAYS, parseSyncQuery } from "../../src/sync/query.js";
import { addDays, type IsoDate } from "../../src/shared/time.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";

const state = loadFixture(testFixture())[0] as CompanyState;
const A = ids(0);
const query = (entries: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(entries));

describe("parseSyncQuery", () => {
  it("SYN-1: a user by GUID or external ID, two days and an optional cursor", () => {
    for (const ref of [A.tech1, A.tech1.toUpperCase(), "t1"]) {
      expect(parseSyncQuery(query({ scope: `technician:${ref}`, from: "2026-05-04", to: "2026-05-10" }), state.users)).toEqual({
        ok: true, value: { scope: { userId: A.tech1, from: "2026-05-04", to: "2026-05-10" }, since: null },
      });
    }
    const r = parseSyncQuery(query({ scope: "technician:t1", from: "2026-05-04", to: "2026-05-04", since: "abc_-1" }), state.users);
    expect(r.ok && r.value.since).toBe("abc_-1");
  });

  it("SYN-1: spans of 1 to 31 days are read, longer or reversed ones are refused at to", () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), (delta) => {
        const from = "2026-02-20" as IsoDate;
        const to = addDays(from, delta);
        const r = parseSyncQuery(query({ scope: "technician:t1", from, to }), state.users);
        const days = delta + 1;
        if (days >= 1 && days <= MAX_SYNC_DAYS) expect(r.ok).toBe(true);
        else expect(r.ok ? [] : r.issues.map((i) => [i.path, i.code, i.rule])).toEqual([["to", "OutOfRange", "SYN-1"]]);
      }),
    );
  });

  it("SYN-1: every issue at once, at its parameter, never a throw", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("scope", "from", "to", "since", "other"), fc.string({ maxLength: 600 })), (entries) => {
        const r = parseSyncQuery(query(entries), state.users);
        if (!r.ok) for (const i of r.issues) expect(["scope", "from", "to", "since"]).toContain(i.path);
      }),
    );
    const r = parseSyncQuery(query({ scope: "technician:nobody", since: "x".repeat(513) }), state.users);
    expect(r.ok ? [] : r.issues.map((i) => `${i.path}:${i.code}`)).toEqual(["scope:UnknownReference", "from:Required", "to:Required", "since:InvalidText"]);
  });
});

describe("parseSyncQuery's refusals, whole (SYN-1)", () => {
  const refused = (entries: Record<string, string>) => {
    const r = parseSyncQuery(query(entries), state.users);
    return r.ok ? [] : r.issues;
  };
  const days = { from: "2026-05-04", to: "2026-05-10" };

  it("SYN-1: each refusal names its parameter, its code and the rule, and says what was expected", () => {
    expect(refused(days)).toEqual([{ code: "Required", path: "scope", rule: "SYN-1", message: "scope is required: technician:{userId} (SYN-1)." }]);
    expect(refused({ ...days, scope: `customer:${"c".repeat(60)}` })).toEqual([
      { code: "InvalidText", path: "scope", rule: "SYN-1", message: `Expected technician:{userId or external ID}, got ${JSON.stringify(`customer:${"c".repeat(31)}`)} (SYN-1).` },
    ]);
    expect(refused({ ...days, scope: `technician:${"n".repeat(50)}` })).toEqual([
      { code: "UnknownReference", path: "scope", rule: "SYN-1", message: `No user ${JSON.stringify("n".repeat(40))} in the caller's company (SYN-1).` },
    ]);
    expect(refused({ scope: "technician:t1" })).toEqual([
      { code: "Required", path: "from", rule: "SYN-1", message: "from is required: a day, YYYY-MM-DD (SYN-1)." },
      { code: "Required", path: "to", rule: "SYN-1", message: "to is required: a day, YYYY-MM-DD (SYN-1)." },
    ]);
    expect(refused({ scope: "technician:t1", from: `2026-02-30${"x".repeat(50)}`, to: "2026-05-10" })).toEqual([
      { code: "InvalidDate", path: "from", rule: "SYN-1", message: `Expected a day, YYYY-MM-DD, got ${JSON.stringify(`2026-02-30${"x".repeat(30)}`)} (SYN-1).` },
    ]);
    expect(refused({ scope: "technician:t1", from: "2026-05-10" })).toEqual([
      { code: "Required", path: "to", rule: "SYN-1", message: "to is required: a day, YYYY-MM-DD (SYN-1)." },
    ]);
    expect(refused({ scope: "technician:t1", from: "2026-05-10", to: "2026-05-09" })).toEqual([
      { code: "OutOfRange", path: "to", rule: "SYN-1", message: "to must not be before from (SYN-1)." },
    ]);
    expect(refused({ scope: "technician:t1", from: "2026-05-01", to: "2026-06-01" })).toEqual([
      { code: "OutOfRange", path: "to", rule: "SYN-1", message: "A sync spans at most 31 days; this one spans 32 (SYN-1)." },
    ]);
    for (const since of ["", "x".repeat(513), "abc=", "a b", "a+b", "a/b"]) {
      expect(refused({ scope: "technician:t1", ...days, since }), since).toEqual([
        { code: "InvalidText", path: "since", rule: "SYN-1", message: "since must be the cursor of a previous answer, as given (SYN-1)." },
      ]);
    }
  });

  it("SYN-1: a reference of 1 to 255 characters, any of them, is looked up; a longer or empty one, or text around the scope, is refused as text", () => {
    for (const ref of ["x", "y".repeat(255), "a\nb", "t1 "]) expect(refused({ ...days, scope: `technician:${ref}` }).map((i) => i.code), ref).toEqual(["UnknownReference"]);
    for (const scope of ["technician:", `technician:${"z".repeat(256)}`, " technician:t1", "xtechnician:t1", "Technician:t1"]) expect(refused({ ...days, scope }).map((i) => i.code), scope).toEqual(["InvalidText"]);
    // The longest cursor text is read as given.
    const r = parseSyncQuery(query({ scope: "technician:t1", ...days, since: "A".repeat(512) }), state.users);
    expect(r.ok && r.value.since).toBe("A".repeat(512));
  });
});

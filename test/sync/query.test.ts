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

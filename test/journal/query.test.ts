import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_JOURNAL_PAGE, MAX_JOURNAL_PAGE, matchesJournalQuery, parseJournalQuery, type JournalQuery } from "../../src/journal/query.js";
import type { Guid } from "../../src/shared/guid.js";
import { openApiDocument } from "../../src/service/openapi.js";

const ops = ["addToStore", "editOrder"];
const all: JournalQuery = { after: 0, limit: 100, record: null, operation: null, rule: null, outcome: null, from: null, to: null };

describe("the journal query", () => {
  it("JRN-2: every parameter left out takes its default", () => {
    expect(parseJournalQuery(new Map(), ops)).toEqual({ ok: true, value: { ...all, limit: DEFAULT_JOURNAL_PAGE } });
  });

  it("JRN-2: each parameter is read; the bounds of limit and after hold", () => {
    const q = new Map([["after", "7"], ["limit", String(MAX_JOURNAL_PAGE)], ["record", "ORD-1"], ["operation", "editOrder"], ["rule", "ASN-5"], ["outcome", "dryRun"], ["from", "2026-01-01T00:00:00Z"], ["to", "2026-01-02T00:00:00+01:00"]]);
    expect(parseJournalQuery(q, ops)).toEqual({ ok: true, value: { after: 7, limit: 500, record: "ORD-1", operation: "editOrder", rule: "ASN-5", outcome: "dryRun", from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 0, 1, 23) } });
    expect(parseJournalQuery(new Map([["limit", "501"]]), ops)).toMatchObject({ ok: false, issues: [{ code: "OutOfRange", path: "limit", rule: "JRN-2" }] });
    expect(parseJournalQuery(new Map([["limit", "1.5"]]), ops)).toMatchObject({ ok: false, issues: [{ code: "InvalidNumber", path: "limit" }] });
    expect(parseJournalQuery(new Map([["record", "x".repeat(256)]]), ops)).toMatchObject({ ok: false, issues: [{ code: "TooLong", path: "record", rule: "LIM-1" }] });
    expect(parseJournalQuery(new Map([["record", "a\u0000"]]), ops)).toMatchObject({ ok: false, issues: [{ code: "InvalidText", path: "record", rule: "TXT-1" }] });
  });

  it("JRN-2: after takes every whole number up to the largest the message names, and one beyond it is out of range", () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(parseJournalQuery(new Map([["after", String(max)]]), ops)).toMatchObject({ ok: true, value: { after: max } });
    expect(parseJournalQuery(new Map([["after", "0009"]]), ops)).toMatchObject({ ok: true, value: { after: 9 } });
    for (const beyond of [String(max + 1), "9007199254740993", "99999999999999999999", "9".repeat(400)]) {
      const r = parseJournalQuery(new Map([["after", beyond]]), ops);
      expect(r, beyond).toMatchObject({ ok: false, issues: [{ code: "OutOfRange", path: "after", rule: "JRN-2" }] });
      if (!r.ok) expect(r.issues[0]!.message).toContain(`from 0 to ${max}`);
    }
    for (const bad of ["-1", "1e3", "", " 1", "0x10"]) expect(parseJournalQuery(new Map([["after", bad]]), ops), bad).toMatchObject({ ok: false, issues: [{ code: "InvalidNumber", path: "after" }] });
    // The bound the parser holds is the one the OpenAPI document states.
    const doc = openApiDocument("0.0.0") as unknown as { paths: Record<string, { get: { parameters: { name: string; schema: { maximum?: number } }[] } }> };
    const after = doc.paths["/journal"]?.get.parameters.find((p) => p.name === "after");
    expect(after?.schema.maximum).toBe(max);
  });

  it("JRN-2: total on any query: a value, or issues each at a parameter's name", () => {
    const names = ["after", "limit", "record", "operation", "rule", "outcome", "from", "to", "other"];
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom(...names), fc.string({ maxLength: 40 }))), (pairs) => {
      const r = parseJournalQuery(new Map(pairs), ops);
      if (!r.ok) for (const i of r.issues) expect(names).toContain(i.path);
    }));
  });

  it("JRN-2: the filters match what the entry is and names", () => {
    const entry = { operation: "editOrder", outcome: "refused" as const, rules: ["ORD-6" as const], form: "externalId" as const, params: [{ name: "order", value: "ORD-1" }], changes: [], found: [{ id: "aa" as Guid, externalId: "ORD-1" }] };
    expect(matchesJournalQuery(entry, 3, 1000, all)).toBe(true);
    expect(matchesJournalQuery(entry, 3, 1000, { ...all, after: 3 })).toBe(false);
    expect(matchesJournalQuery(entry, 3, 1000, { ...all, record: "AA" })).toBe(true);
    expect(matchesJournalQuery(entry, 3, 1000, { ...all, record: "ORD-2" })).toBe(false);
    expect(matchesJournalQuery(entry, 3, 1000, { ...all, rule: "ORD-6", outcome: "refused", operation: "editOrder", from: 1000, to: 1001 })).toBe(true);
    for (const q of [{ rule: "ORD-7" as const }, { outcome: "committed" as const }, { operation: "addToStore" }, { from: 1001 }, { to: 1000 }]) expect(matchesJournalQuery(entry, 3, 1000, { ...all, ...q })).toBe(false);
  });
});

describe("the journal query's refusals, whole (JRN-2)", () => {
  const refused = (entries: [string, string][]) => {
    const r = parseJournalQuery(new Map(entries), ops);
    return r.ok ? [] : r.issues;
  };

  it("JRN-2: each refusal names its parameter, its code and the rule, and says what was expected", () => {
    expect(refused([["limit", "0"], ["after", `x${"9".repeat(50)}`]])).toEqual([
      { code: "InvalidNumber", path: "after", rule: "JRN-2", message: `Expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${JSON.stringify(`x${"9".repeat(39)}`)} (JRN-2).` },
      { code: "OutOfRange", path: "limit", rule: "JRN-2", message: `Expected a whole number from 1 to ${MAX_JOURNAL_PAGE}, got "0" (JRN-2).` },
    ]);
    expect(refused([["record", " \t"], ["operation", "nope"], ["outcome", "done"], ["rule", "XYZ-1"], ["from", "2026-01-01"], ["to", "yesterday"]])).toEqual([
      { code: "Blank", path: "record", rule: "JRN-2", message: "record must not be blank; leave it out for any (JRN-2)." },
      { code: "InvalidEnum", path: "operation", rule: "JRN-2", message: "Expected one of addToStore, editOrder (JRN-2)." },
      { code: "InvalidEnum", path: "rule", rule: "JRN-2", message: "Expected one of the rule IDs of docs/rules.md (JRN-2)." },
      { code: "InvalidEnum", path: "outcome", rule: "JRN-2", message: "Expected one of committed, refused, dryRun (JRN-2)." },
      { code: "InvalidDateTime", path: "from", rule: "JRN-2", message: "Expected an ISO 8601 date-time with a zone, such as 2026-11-27T08:00:00Z (JRN-2)." },
      { code: "InvalidDateTime", path: "to", rule: "JRN-2", message: "Expected an ISO 8601 date-time with a zone, such as 2026-11-27T08:00:00Z (JRN-2)." },
    ]);
  });

  it("JRN-2: a filter text of 255 characters is read; the smallest page is one entry", () => {
    expect(parseJournalQuery(new Map([["record", "r".repeat(255)], ["limit", "1"]]), ops)).toMatchObject({ ok: true, value: { record: "r".repeat(255), limit: 1 } });
    // Twelve operations or fewer are listed by name in the message.
    const twelve = Array.from({ length: 12 }, (_, i) => `op${i}`);
    const r = parseJournalQuery(new Map([["operation", "x"]]), twelve);
    expect(r.ok ? "" : r.issues[0]!.message).toBe(`Expected one of ${twelve.join(", ")} (JRN-2).`);
  });
});

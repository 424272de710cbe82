import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { journalDraft, type JournalDraft } from "../../src/journal/entry.js";
import { memoryJournal } from "../../src/journal/memory.js";
import type { JournalQuery } from "../../src/journal/query.js";
import type { Guid } from "../../src/shared/guid.js";

const company = "00000000-0000-4000-8000-000000000001" as Guid;
const other = "00000000-0000-4000-8000-000000000002" as Guid;
const all: JournalQuery = { after: 0, limit: 500, record: null, operation: null, rule: null, outcome: null, from: null, to: null };

function draft(n: number, companyId: Guid = company, key: string | null = null): JournalDraft {
  return journalDraft({
    companyId, at: n, operation: "addToStore", method: "POST", path: "/store/s/addToStore", form: "id", params: [], dryRun: false, bodyText: String(n),
    clientId: "c", userId: company, idempotencyKey: key, ids: [], status: 201, answer: { n }, effects: [], changes: [], found: [],
  });
}

describe("the in-memory journal", () => {
  it("JRN-3: keeps the newest `retention` entries of each company, numbered from 1, and pages partition them", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 50 }), (retention, appends, limit) => {
      const j = memoryJournal(retention);
      for (let n = 1; n <= appends; n++) {
        expect(j.append({ draft: draft(n), fingerprint: null })).toBe(n);
        j.append({ draft: draft(n, other), fingerprint: null });
      }
      const kept = Math.min(retention, appends);
      const seen: number[] = [];
      let after = 0;
      for (let pages = 0; pages <= appends + 1; pages++) {
        const page = j.read(company, { ...all, after, limit });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        for (const e of page.items) {
          expect(e.companyId).toBe(company);
          expect(e.body).toBe(e.seq);
          seen.push(e.seq);
        }
        if (page.next === null) break;
        after = page.next;
      }
      expect(seen).toEqual(Array.from({ length: kept }, (_, i) => appends - kept + i + 1));
    }));
  });

  it("JRN-3, IDM-1: a key outlives its entry's retention; IDM-4: it is forgotten a day after", () => {
    const j = memoryJournal(1);
    j.append({ draft: draft(5, company, "k"), fingerprint: "f" });
    j.append({ draft: draft(6), fingerprint: null });
    expect(j.read(company, all).items.map((e) => e.seq)).toEqual([2]);
    expect(j.recall(company, "k", 10)).toMatchObject({ fingerprint: "f", status: 201, answer: { n: 5 }, dryRun: false });
    expect(j.recall(other, "k", 10)).toBeUndefined();
    expect(j.recall(company, "k", 5 + 86_400_000)).toBeUndefined();
  });

  it("IDM-1: a key still within its lifetime is remembered after the journal sweeps forgotten keys (every 1,024 appends); IDM-4: one past it is not", () => {
    const j = memoryJournal(0);
    j.append({ draft: draft(0, company, "old"), fingerprint: "f" });
    j.append({ draft: draft(86_400_000, company, "kept"), fingerprint: "g" });
    for (let n = 0; n < 1100; n++) j.append({ draft: draft(86_400_001 + n), fingerprint: null });
    expect(j.recall(company, "kept", 86_400_000 + 5_000)).toMatchObject({ fingerprint: "g", status: 201 });
    expect(j.recall(company, "old", 86_400_000 + 5_000)).toBeUndefined();
    // A retention of 0 keeps no entry, and still its keys.
    expect(j.read(company, all)).toEqual({ items: [], next: null });
  });

  it("IDM-1: only a request that carried a key and its fingerprint is remembered under the key", () => {
    const j = memoryJournal(5);
    j.append({ draft: draft(1, company, "k"), fingerprint: null });
    expect(j.recall(company, "k", 2)).toBeUndefined();
    j.append({ draft: draft(2, company, "k"), fingerprint: "f" });
    expect(j.recall(company, "k", 3)).toMatchObject({ fingerprint: "f", answer: { n: 2 } });
  });

  it("SYN-3: the changes after a seq are those of the committed entries after it, while every entry after it is kept; a seq beyond the last, or dropped entries, cannot be served", () => {
    const j = memoryJournal(3);
    const change = (n: number) => ({ kind: "stock" as const, storeId: company, materialId: other, before: null, after: { kind: "finite" as const, value: n } }) as never;
    const write = (n: number, outcome: "committed" | "refused") => ({ ...draft(n), outcome, changes: [change(n)] });
    const seen = (seq: number) => {
      const out: unknown[] = [];
      return [j.changesAfter(company, seq, (c) => out.push((c as unknown as { after: { value: number } }).after.value)), out];
    };
    expect(seen(0)).toEqual([true, []]);
    expect(seen(1)).toEqual([false, []]);
    j.append({ draft: write(1, "committed"), fingerprint: null });
    j.append({ draft: write(2, "refused"), fingerprint: null });
    j.append({ draft: write(3, "committed"), fingerprint: null });
    expect(seen(0)).toEqual([true, [1, 3]]);
    expect(seen(1)).toEqual([true, [3]]);
    expect(seen(3)).toEqual([true, []]);
    expect(seen(4)).toEqual([false, []]);
    expect(j.changesAfter(other, 0, () => undefined)).toBe(true);
    j.append({ draft: write(4, "committed"), fingerprint: null });
    // Entry 1 is dropped (retention 3): after 0 cannot be served any more, after 1 still can.
    expect(seen(0)).toEqual([false, []]);
    expect(seen(1)).toEqual([true, [3, 4]]);
  });

  it("JRN-2: an entry read is a fresh JSON value: changing it changes nothing held", () => {
    const j = memoryJournal(5);
    j.append({ draft: draft(1), fingerprint: null });
    const first = j.read(company, all).items[0] as { answer: { n: number } };
    first.answer.n = 99;
    expect(j.read(company, all).items[0]).toMatchObject({ answer: { n: 1 }, at: "1970-01-01T00:00:00.001Z" });
  });
});

import { describe, expect, it } from "vitest";
import { journalDraft, namedRecords, rulesApplied, rulesOf, type DecidedWrite } from "../../src/journal/entry.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite } from "../../src/stock/amount.js";

const g = (n: number): Guid => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}` as Guid;
const store = { id: g(1), externalId: "S1", name: "Sklad", availableFor: [] };
const write: DecidedWrite = {
  companyId: g(9), at: 0, operation: "addToStore", method: "POST", path: "/store/externalId/S1/addToStore", form: "externalId", params: [{ name: "store", value: "S1" }],
  dryRun: false, bodyText: "[]", clientId: "c", userId: g(8), idempotencyKey: null, ids: [], status: 201, answer: { items: [] }, effects: [],
  changes: [{ kind: "stock", storeId: g(1), materialId: g(2), before: null, after: finite(1) }], found: [store],
};

describe("a journal entry", () => {
  it("JRN-1: a success is committed with its changes; a refusal keeps its rules and drops its changes; a dry run says so", () => {
    expect(journalDraft(write)).toMatchObject({ outcome: "committed", rules: rulesApplied("addToStore"), changes: write.changes, bodyText: "[]", answer: { items: [] } });
    const refused = journalDraft({ ...write, status: 400, answer: { errors: [{ rule: "STK-3" }, { rule: "GEN-3" }, { rule: "STK-3" }] } });
    expect(refused).toMatchObject({ outcome: "refused", rules: ["STK-3", "GEN-3"], changes: [] });
    expect(journalDraft({ ...write, dryRun: true })).toMatchObject({ outcome: "dryRun", changes: write.changes });
    expect(journalDraft({ ...write, dryRun: true, status: 404, answer: { errors: [{ rule: "GEN-2" }] } })).toMatchObject({ outcome: "dryRun", rules: ["GEN-2"], changes: [] });
    const none = journalDraft({ ...write, bodyText: undefined, answer: undefined, status: 204 });
    expect(Object.hasOwn(none, "bodyText") || Object.hasOwn(none, "answer")).toBe(false);
  });

  it("JRN-2: an entry names its path's records, the values sent, and what it changed", () => {
    expect(namedRecords(journalDraft(write))).toEqual({ recordIds: [g(1), g(2)], recordKeys: ["S1"] });
    const order = { id: g(3), externalId: "O-2" } as never;
    const edited = journalDraft({ ...write, form: "id", params: [{ name: "order", value: g(3).toUpperCase() }], found: [], changes: [{ kind: "order", before: { ...(order as object), externalId: "O-1" } as never, after: order }] });
    expect(namedRecords(edited)).toEqual({ recordIds: [g(3)], recordKeys: ["O-2", "O-1"] });
    // A record that had no external ID before names none: no null among the keys.
    const named = journalDraft({ ...write, form: "id", params: [], found: [], changes: [{ kind: "order", before: { ...(order as object), externalId: null } as never, after: order }] });
    expect(namedRecords(named)).toEqual({ recordIds: [g(3)], recordKeys: ["O-2"] });
  });

  it("JRN-2: the rules of an answer are its issues' rules, each once; a body without issues has none", () => {
    expect(rulesOf({ errors: [{ rule: "A-1" }, {}, null, { rule: 5 }, { rule: "A-1" }, { rule: "B-2" }] })).toEqual(["A-1", "B-2"]);
    // An answer built in code may hold a hole: skipped, not a crash.
    expect(rulesOf({ errors: [undefined, "C-3", 7, { rule: "B-2" }] })).toEqual(["B-2"]);
    for (const v of [undefined, null, 5, "x", [], {}, { errors: "x" }]) expect(rulesOf(v)).toEqual([]);
  });
});

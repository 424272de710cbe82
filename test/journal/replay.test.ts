import { describe, expect, it } from "vitest";
import { rulesApplied } from "../../src/journal/entry.js";
import { compareDecision as compare, ReplayCollector, type ReplayAnswer, type ReplayDifference } from "../../src/journal/replay.js";

/** compareDecision on loosely written entries (plain strings for GUIDs, an answer that may be left out). */
const compareDecision = (e: Record<string, unknown>, replayed: ReplayAnswer): ReplayDifference | undefined =>
  compare(Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as unknown as Parameters<typeof compare>[0], replayed);

const entry = {
  seq: 7, companyId: "c", operation: "planIntervention", method: "POST", path: "/order/o/PlanIntervention", dryRun: false,
  status: 400, answer: { errors: [{ code: "Collision", rule: "ASN-5" }, { code: "Collision", rule: "ASN-5" }] }, effects: [],
} as const;

describe("comparing a recorded decision with its replay", () => {
  it("RPL-1: the same status, body and effects are no difference, whatever the key order", () => {
    expect(compareDecision({ ...entry, status: 201, answer: { a: 1, b: [1, { c: 2, d: 3 }] } }, { status: 201, body: { b: [1, { d: 3, c: 2 }], a: 1 }, effects: [] })).toBeUndefined();
    expect(compareDecision({ ...entry, status: 204, answer: undefined }, { status: 204, effects: [] })).toBeUndefined();
  });

  it("RPL-1: a lifted refusal names the rule that refused; a new refusal names the rule that now refuses; two successes name none", () => {
    expect(compareDecision(entry, { status: 200, body: { id: "i" }, effects: [] })?.rules).toEqual(["ASN-5"]);
    expect(compareDecision({ ...entry, status: 200, answer: { id: "i" } }, { status: 400, body: { errors: [{ rule: "STK-3" }] }, effects: [] })?.rules).toEqual(["STK-3"]);
    // RPL-3: two successes that differ are reported under the rules the operation applies.
    expect(compareDecision({ ...entry, status: 200, answer: { id: "i" } }, { status: 200, body: { id: "j" }, effects: [] })?.rules).toEqual(rulesApplied("planIntervention"));
    expect(compareDecision({ ...entry, status: 200, answer: { id: "i" } }, { status: 200, body: { id: "i" }, effects: [{ kind: "x" }] })?.rules).toContain("ASN-5");
    expect(compareDecision({ ...entry, operation: "readOrder", status: 200, answer: { id: "i" } }, { status: 200, body: { id: "j" }, effects: [] })?.rules).toEqual([]);
    // A refusal by other rules: the rules in one and not the other, each once.
    expect(compareDecision(entry, { status: 400, body: { errors: [{ rule: "ASN-4" }, { rule: "ASN-5" }] }, effects: [] })?.rules).toEqual(["ASN-4"]);
  });

  it("RPL-1: a difference keeps the request as sent, the dry-run flag in its path", () => {
    const d = compareDecision({ ...entry, dryRun: true, body: { day: "2026-05-04" } }, { status: 200, effects: [] });
    expect(d).toMatchObject({ seq: 7, operation: "planIntervention", request: { method: "POST", path: "/order/o/PlanIntervention?dryRun=true", body: { day: "2026-05-04" } } });
    expect(d?.recorded).toEqual({ status: 400, body: entry.answer, effects: [] });
  });

  it("RPL-1: the report counts each difference once per rule it names, keeps the first examples, the most frequent rule first", () => {
    const c = new ReplayCollector(2);
    const diff = (seq: number, rules: string[]) => ({ seq, companyId: "c", operation: "o", request: { method: "PUT", path: "/" }, recorded: { status: 400, effects: [] }, replayed: { status: 200, effects: [] }, rules, state: [], follows: [] }) as never;
    c.add(undefined);
    c.add(diff(1, ["STK-3"]));
    c.add(diff(2, ["ASN-5"]));
    c.add(diff(3, ["ASN-5", "STK-3"]));
    c.add(diff(4, ["ASN-5"]));
    c.add(diff(5, []));
    const report = c.report();
    expect([report.replayed, report.differing, report.causes]).toEqual([6, 5, 5]);
    expect(report.groups.map((g) => [g.rule, g.count, g.examples.map((e) => e.seq)])).toEqual([["ASN-5", 3, [2, 3]], ["STK-3", 2, [1, 3]], [null, 1, [5]]]);
  });
});

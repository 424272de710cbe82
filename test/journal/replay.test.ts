import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rulesApplied, type RecordChangeShape } from "../../src/journal/entry.js";
import { compareDecision as compare, compareState, describeStateDifference, ReplayCollector, ReplayComparer, type ReplayAnswer, type ReplayDifference } from "../../src/journal/replay.js";

/** compareDecision on loosely written entries (plain strings for GUIDs, an answer that may be left out). */
const compareDecision = (e: object, replayed: ReplayAnswer): ReplayDifference | undefined =>
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

/** A JSON value with every object's keys in another order (what a replay's answer may look like). */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reordered(v)]));
}

/** JSON text with sorted keys: equal exactly when two JSON values are. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "undefined";
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

const stock = (store: string, material: string, before: number | null | undefined, after: number | null): RecordChangeShape =>
  before === undefined ? { kind: "stock", storeId: store, materialId: material, after } as RecordChangeShape : { kind: "stock", storeId: store, materialId: material, before, after } as RecordChangeShape;
const order = (id: string, before: unknown, after: Record<string, unknown>): RecordChangeShape => ({ kind: "order", before, after: { id, ...after } });

describe("comparing what a decision wrote (RPL-2)", () => {
  it("RPL-2: a stock amount written otherwise reads `recorded 10, replayed 4`; a record names the fields that differ; one written by one side only says so", () => {
    const [d] = compareState([stock("s", "m", 4, 10)], [stock("s", "m", 4, 4)], (id) => ({ s: "auto-2", m: "MAT-012" })[id] ?? id);
    expect(d).toEqual({ kind: "stock", key: "s/m", name: "stock auto-2 / MAT-012", recorded: { before: 4, after: 10 }, replayed: { before: 4, after: 4 } });
    expect(describeStateDifference(d!)).toBe("stock auto-2 / MAT-012: recorded 10, replayed 4");
    const [u] = compareState([stock("s", "m", undefined, null)], [stock("s", "m", 0, null)]);
    expect(describeStateDifference(u!)).toBe("stock s / m: before recorded not stocked, replayed 0");
    const [o] = compareState([order("o", null, { externalId: "O-1", state: "Completed", name: "a", note: "x" })], [order("o", null, { externalId: "O-1", state: "Cancelled", name: "b", note: "y" })]);
    expect(describeStateDifference(o!)).toBe('order O-1: state recorded "Completed", replayed "Cancelled"; name recorded "a", replayed "b"; and 1 more fields');
    const [b] = compareState([order("o", { id: "o", state: "Open" }, { state: "Done" })], [order("o", { id: "o", state: "Planned" }, { state: "Done" })]);
    expect(describeStateDifference(b!)).toBe('order o: before state recorded "Open", replayed "Planned"');
    const [only, other] = compareState([order("o", null, { state: "Open" })], [stock("s", "m", 1, 2)]);
    expect(describeStateDifference(only!)).toBe("order o: recorded written, replayed not written");
    expect(describeStateDifference(other!)).toBe("stock s / m: recorded not written, replayed 2");
    expect(compareState([stock("s", "m", 1, 2), order("o", null, { a: [1, { b: 2, c: 3 }] })], [order("o", null, { a: [1, { c: 3, b: 2 }] }), stock("s", "m", 1, 2)])).toEqual([]);
    // A different stock of the same store, or of the same material elsewhere, is another record.
    expect(compareState([stock("s", "m", 1, 2)], [stock("s", "n", 1, 2)]).map((x) => x.key)).toEqual(["s/m", "s/n"]);
    expect(compareState([stock("s", "m", 1, 2)], [stock("t", "m", 1, 2)]).map((x) => x.key)).toEqual(["s/m", "t/m"]);
  });

  it("RPL-2: a decision that answers alike but writes otherwise differs, under the rules its operation applies (RPL-3); an entry without changes (an older export) is compared by its answer", () => {
    const move = { ...entry, operation: "moveStock", method: "PUT", path: "/store/a/moveTo/b", status: 204, answer: undefined, changes: [stock("a", "m", 4, 0), stock("b", "m", 0, 10)] };
    const d = compareDecision(move, { status: 204, effects: [], changes: [stock("a", "m", 4, 0), stock("b", "m", 0, 4)] });
    expect(d?.rules).toEqual(rulesApplied("moveStock"));
    expect(d?.rules).toEqual(expect.arrayContaining(["STK-5", "STK-6", "GEN-3", "GEN-7"]));
    expect(d?.state.map((s) => s.key)).toEqual(["b/m"]);
    expect(d?.follows).toEqual([]);
    expect(compareDecision(move, { status: 204, effects: [], changes: [stock("b", "m", 0, 10), stock("a", "m", 4, 0)] })).toBeUndefined();
    // Unknown replayed changes, or a recorded entry without them, compare the answer only.
    expect(compareDecision(move, { status: 204, effects: [] })).toBeUndefined();
    expect(compareDecision({ ...move, changes: undefined }, { status: 204, effects: [], changes: [] })).toBeUndefined();
  });

  it("RPL-2: a later difference that read what an earlier one left different follows from it; the report counts and lists the causes first", () => {
    const comparer = new ReplayComparer([["b", "auto-2"], ["m", "MAT-012"]]);
    type Compared = Parameters<ReplayComparer["compare"]>[0];
    const move = (seq: number, changes: RecordChangeShape[]): Compared => ({ ...entry, seq, operation: "moveStock", method: "PUT", path: "/store/a/moveTo/b", status: 204, answer: undefined, changes, recordIds: ["a", "b", "m"] }) as unknown as Compared;
    // seq 1: the cause (the target credited 4, not 10).
    const first = comparer.compare(move(1, [stock("a", "m", 4, 0), stock("b", "m", 0, 10)]), { status: 204, effects: [], changes: [stock("a", "m", 4, 0), stock("b", "m", 0, 4)] });
    expect(first?.follows).toEqual([]);
    // seq 2: the same move again on the target: recorded before 10, replayed before 4: follows from 1.
    const second = comparer.compare(move(2, [stock("b", "m", 10, 5)]), { status: 204, effects: [], changes: [stock("b", "m", 4, 0)] });
    expect(second?.follows).toEqual([1]);
    expect(second && describeStateDifference(second.state[0]!)).toBe("stock auto-2 / MAT-012: recorded 5, replayed 0");
    // seq 3: a refusal now, of a write naming the diverged store: follows from 1 too.
    const third = comparer.compare({ ...move(3, [stock("b", "m", 5, 4)]) }, { status: 400, body: { errors: [{ rule: "STK-4" }] }, effects: [], changes: [] });
    expect(third?.follows).toEqual([1]);
    // seq 4: both write the amount alike: the record converges, no difference.
    expect(comparer.compare(move(4, [stock("b", "m", 5, 7)]), { status: 204, effects: [], changes: [stock("b", "m", 0, 7)] })).toMatchObject({ follows: [1] });
    expect(comparer.compare(move(5, [stock("b", "m", 7, 8)]), { status: 204, effects: [], changes: [stock("b", "m", 7, 8)] })).toBeUndefined();
    // seq 6: a new difference on the converged record is a cause of its own.
    expect(comparer.compare(move(6, [stock("b", "m", 8, 9)]), { status: 204, effects: [], changes: [stock("b", "m", 8, 1)] })?.follows).toEqual([]);
    const c = new ReplayCollector(2);
    for (const d of [second, third, first]) c.add(d);
    const report = c.report();
    expect([report.differing, report.causes]).toEqual([3, 1]);
    const group = report.groups.find((g) => g.rule === "STK-5");
    expect([group?.count, group?.causes, group?.examples.map((e) => e.seq)]).toEqual([2, 1, [1, 2]]);
    // The group of the new refusal (no cause) comes after those with causes.
    expect(report.groups.at(-1)).toMatchObject({ rule: "STK-4", count: 1, causes: 0 });
  });

  it("RPL-2: a property: a replay reports a difference exactly when a recorded field differs (status, body, effects, a change's before or after, a change more or less), whatever the key order", () => {
    const change = fc.oneof(
      fc.record({ store: fc.constantFrom("s1", "s2"), material: fc.constantFrom("m1", "m2"), before: fc.option(fc.integer({ min: 0, max: 20 })), after: fc.option(fc.integer({ min: 0, max: 20 })) }).map((c) => stock(c.store, c.material, c.before, c.after)),
      fc.record({ id: fc.constantFrom("o1", "o2"), before: fc.option(fc.dictionary(fc.constantFrom("state", "name"), fc.jsonValue({ maxDepth: 2 }))), after: fc.dictionary(fc.constantFrom("state", "name"), fc.jsonValue({ maxDepth: 2 })) }).map((c) => order(c.id, c.before, c.after)),
    );
    const changes = fc.uniqueArray(change, { selector: (c) => (c.kind === "stock" ? `${c.storeId}/${c.materialId}` : (c.after as { id: string }).id), maxLength: 4 });
    const recordedEntry = fc.record({ status: fc.constantFrom(200, 201, 204, 400, 409), answer: fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }), effects: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }), changes });
    const edit = fc.oneof(
      fc.record({ field: fc.constant("status" as const), value: fc.constantFrom(200, 201, 204, 400, 409) }),
      fc.record({ field: fc.constant("answer" as const), value: fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }) }),
      fc.record({ field: fc.constant("effects" as const), value: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }) }),
      fc.record({ field: fc.constant("changes" as const), value: changes }),
    );
    fc.assert(
      fc.property(recordedEntry, fc.option(edit, { nil: undefined }), (rec, e) => {
        const recorded = { ...entry, operation: "moveStock", status: rec.status, answer: rec.answer, effects: rec.effects, changes: rec.changes };
        const replayedEntry = e === undefined ? rec : { ...rec, [e.field]: e.value };
        const replayed: ReplayAnswer = { status: replayedEntry.status, effects: reordered(replayedEntry.effects) as unknown[], changes: reordered([...replayedEntry.changes].reverse()) as RecordChangeShape[], ...(replayedEntry.answer === undefined ? {} : { body: reordered(replayedEntry.answer) }) };
        const sameChanges = canonical([...rec.changes].sort((a, b) => canonical(a).localeCompare(canonical(b)))) === canonical([...replayedEntry.changes].sort((a, b) => canonical(a).localeCompare(canonical(b))));
        const same = rec.status === replayedEntry.status && canonical(rec.answer) === canonical(replayedEntry.answer) && canonical(rec.effects) === canonical(replayedEntry.effects) && sameChanges;
        const d = compareDecision(recorded, replayed);
        expect(d === undefined).toBe(same);
        if (d !== undefined) expect(d.state.length === 0).toBe(sameChanges);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the report's text and order (RPL-2)", () => {
  it("RPL-2: values read as a person reads them: unlimited, not stocked, JSON cut at 60 characters; a before that differs where no field can be named", () => {
    const [u] = compareState([stock("s", "m", 1, null)], [stock("s", "m", 1, 3)]);
    expect(describeStateDifference(u!)).toBe("stock s / m: recorded unlimited, replayed 3");
    const long = "x".repeat(80);
    const [l] = compareState([order("o", null, { name: long })], [order("o", null, { name: "y" })]);
    expect(describeStateDifference(l!)).toBe(`order o: name recorded "${"x".repeat(56)}…, replayed "y"`);
    const [n] = compareState([order("o", null, { state: "A" })], [order("o", { id: "o", state: "Z" }, { state: "A" })]);
    expect(describeStateDifference(n!)).toBe('order o: before recorded null, replayed {"id":"o","state":"Z"}');
    // A record's external ID names it; a record without one, its GUID through the names given.
    const [e] = compareState([order("o", null, { externalId: "O-9", state: "A" })], [order("o", null, { externalId: "O-9", state: "B" })], () => "never");
    expect(e?.name).toBe("order O-9");
    const [g] = compareState([order("o", null, { state: "A" })], [order("o", null, { state: "B" })], (id) => `<${id}>`);
    expect(g?.name).toBe("order <o>");
    // A field present on one side only differs too.
    const [f] = compareState([order("o", null, { state: "A", note: "n" })], [order("o", null, { state: "A" })]);
    expect(describeStateDifference(f!)).toBe('order o: note recorded "n", replayed absent');
  });

  it("RPL-2: the comparer names stores and materials by the fixture's external IDs and records by the journal's changes; a store left different makes a refusal that names it follow", () => {
    type Compared = Parameters<ReplayComparer["compare"]>[0];
    const at = (seq: number, changes: RecordChangeShape[], recordIds: string[] = []): Compared =>
      ({ ...entry, seq, operation: "addOrder", method: "POST", path: "/order", status: 201, answer: undefined, changes, recordIds }) as unknown as Compared;
    const comparer = new ReplayComparer([["S", "auto-1"]]);
    // seq 1 writes order o with external ID O-1: it differs (a cause), and names the record O-1.
    const first = comparer.compare(at(1, [order("o", null, { externalId: "O-1", state: "A" })]), { status: 201, effects: [], changes: [order("o", null, { externalId: "O-1", state: "B" })] });
    expect([first?.state[0]?.name, first?.follows]).toEqual(["order O-1", []]);
    // seq 2: a stock write of store S, answered alike but written otherwise: a cause, named by the fixture's external ID.
    const second = comparer.compare(at(2, [stock("S", "M", 1, 2)]), { status: 201, effects: [], changes: [stock("S", "M", 1, 3)] });
    expect([second?.state[0]?.name, second?.follows]).toEqual(["stock auto-1 / M", []]);
    // seq 3: another material of store S refused now: it names S, which seq 2 left different.
    const third = comparer.compare(at(3, [], ["S", "N"]), { status: 400, body: { errors: [{ rule: "STK-3" }] }, effects: [], changes: [] });
    expect(third?.follows).toEqual([2]);
    // seq 4: answers alike and writes another record alike, naming S: no difference at all.
    expect(comparer.compare(at(4, [stock("S", "N", 0, 1)], ["S"]), { status: 201, effects: [], changes: [stock("S", "N", 0, 1)] })).toBeUndefined();
    // seq 5: a difference in what it wrote, with the same before: a cause, though it names S.
    expect(comparer.compare(at(5, [stock("S", "N", 1, 2)], ["S"]), { status: 201, effects: [], changes: [stock("S", "N", 1, 5)] })?.follows).toEqual([]);
    // seq 6: reads order o (left different by seq 1) and its answer differs: follows from 1.
    expect(comparer.compare(at(6, [], ["o"]), { status: 400, body: { errors: [{ rule: "ORD-6" }] }, effects: [] })?.follows).toEqual([1]);
    // With declared rules given, they are used.
    const own = new ReplayComparer([], () => ["STK-5"]);
    expect(own.compare(at(1, [stock("S", "M", 1, 2)]), { status: 201, effects: [], changes: [stock("S", "M", 1, 3)] })?.rules).toEqual(["STK-5"]);
  });

  it("RPL-2: groups with causes first, then the most frequent, ties by rule ID, no rule last; examples causes first, then those that follow", () => {
    const c = new ReplayCollector(2);
    const diff = (seq: number, rules: string[], follows: number[] = []) => ({ seq, companyId: "c", operation: "o", request: { method: "PUT", path: "/" }, recorded: { status: 204, effects: [] }, replayed: { status: 204, effects: [] }, rules, state: [], follows }) as never;
    c.add(diff(1, ["B-1"], [9]));
    c.add(diff(2, ["B-1"], [9]));
    c.add(diff(3, ["B-1"], [9]));
    c.add(diff(4, ["C-1"]));
    c.add(diff(5, ["A-1"]));
    c.add(diff(6, ["A-1"], [5]));
    c.add(diff(7, [], [5]));
    c.add(diff(8, ["C-1"], [4]));
    c.add(diff(9, ["A-1"], [5]));
    c.add(diff(10, ["A-1"]));
    c.add(diff(11, ["D-1"]));
    c.add(diff(12, ["D-1"]));
    const report = c.report();
    expect([report.replayed, report.differing, report.causes]).toEqual([12, 12, 5]);
    expect(report.groups.map((g) => [g.rule, g.count, g.causes, g.examples.map((e) => e.seq)])).toEqual([
      ["A-1", 4, 2, [5, 10]],
      ["D-1", 2, 2, [11, 12]],
      ["C-1", 2, 1, [4, 8]],
      ["B-1", 3, 0, [1, 2]],
      [null, 1, 0, [7]],
    ]);
  });
});

describe("JSON equality of a replay (RPL-1)", () => {
  it("RPL-1: an array is not an object with index keys; a key whose value is undefined counts as absent, on either side; a malformed change does not crash the comparison", () => {
    expect(compareDecision({ ...entry, status: 200, answer: { 0: "a" } }, { status: 200, body: ["a"], effects: [] })).toBeDefined();
    expect(compareDecision({ ...entry, status: 200, answer: ["a"] }, { status: 200, body: { 0: "a" }, effects: [] })).toBeDefined();
    expect(compareDecision({ ...entry, status: 200, answer: { a: 1, b: undefined } }, { status: 200, body: { a: 1 }, effects: [] })).toBeUndefined();
    expect(compareDecision({ ...entry, status: 200, answer: { a: 1 } }, { status: 200, body: { a: 1, b: undefined }, effects: [] })).toBeUndefined();
    expect(compareDecision({ ...entry, status: 200, answer: { a: 1 } }, { status: 200, body: { b: 1 }, effects: [] })).toBeDefined();
    const broken = { kind: "order", before: null, after: null } as unknown as RecordChangeShape;
    expect(compareState([broken], []).map((d) => d.name)).toEqual(["order undefined"]);
  });
});

describe("the report's order, from the reverse order (RPL-2)", () => {
  it("RPL-2: groups inserted in the reverse of the report's order come out causes first, then the most frequent, then by rule ID, no rule last", () => {
    const diff = (seq: number, rules: string[], follows: number[] = []) => ({ seq, companyId: "c", operation: "o", request: { method: "PUT", path: "/" }, recorded: { status: 204, effects: [] }, replayed: { status: 204, effects: [] }, rules, state: [], follows }) as never;
    for (const examples of [1, 3]) {
      const c = new ReplayCollector(examples);
      c.add(diff(1, [], [0]));
      c.add(diff(2, ["B-1"], [0]));
      c.add(diff(3, ["A-2"], [0]));
      c.add(diff(4, ["A-1"], [0]));
      c.add(diff(5, ["C-1"], [0]));
      c.add(diff(6, ["C-1"], [0]));
      c.add(diff(7, ["D-1"]));
      c.add(diff(8, ["E-1"]));
      c.add(diff(9, ["E-1"]));
      expect(c.report().groups.map((g) => [g.rule, g.count, g.causes])).toEqual([["E-1", 2, 2], ["D-1", 1, 1], ["C-1", 2, 0], ["A-1", 1, 0], ["A-2", 1, 0], ["B-1", 1, 0], [null, 1, 0]]);
      expect(c.report().groups.find((g) => (g.rule as string | null) === "C-1")?.examples.map((e) => e.seq)).toEqual([5, 6].slice(0, examples));
    }
  });
});

/** compareDecision on a loosely written entry, with a context. */
const compareWith = (e: object, replayed: ReplayAnswer, context: Parameters<typeof compare>[2] = {}): ReplayDifference | undefined =>
  compare(e as unknown as Parameters<typeof compare>[0], replayed, context);

describe("a difference, field by field (RPL-1, RPL-2)", () => {
  it("RPL-1: a difference holds the recorded and replayed answers as they were: no body where none was answered, the request without a body where none was sent", () => {
    const d = compareWith({ ...entry, answer: undefined, status: 204 }, { status: 409, effects: [] });
    expect(d?.recorded).toStrictEqual({ status: 204, effects: [] });
    expect(d?.replayed).toStrictEqual({ status: 409, effects: [] });
    expect(d?.request).toStrictEqual({ method: "POST", path: "/order/o/PlanIntervention" });
    const withBody = compareWith(entry, { status: 200, body: { id: "i" }, effects: [{ kind: "e" }] });
    expect(withBody?.replayed).toStrictEqual({ status: 200, effects: [{ kind: "e" }], body: { id: "i" } });
  });

  it("RPL-1: only a refusal's issues name rules: a success whose body holds `errors` names none of them", () => {
    // The recorded refusal by ASN-5 is lifted; the success happens to carry an `errors` list naming ASN-5.
    expect(compareWith(entry, { status: 200, body: { errors: [{ rule: "ASN-5" }] }, effects: [] })?.rules).toEqual(["ASN-5"]);
  });

  it("RPL-2: a difference follows from the earlier ones that left a record it wrote with another before, in seq order; one whose befores agree, or that no earlier one left different, is a cause", () => {
    const diverged = new Map<string, readonly number[]>([["s/m", [10]], ["s/n", [9]], ["s/o", [3]]]);
    const base = { ...entry, operation: "moveStock", status: 204, answer: undefined };
    // Both befores differ: it follows from 10 and 9, in seq order.
    const both = compareWith({ ...base, changes: [stock("s", "m", 1, 2), stock("s", "n", 1, 2)] }, { status: 204, effects: [], changes: [stock("s", "m", 5, 2), stock("s", "n", 5, 2)] }, { diverged });
    expect(both?.follows).toEqual([9, 10]);
    // The befores agree (only the after differs): the record was not read otherwise.
    const same = compareWith({ ...base, changes: [stock("s", "o", 1, 2)] }, { status: 204, effects: [], changes: [stock("s", "o", 1, 3)] }, { diverged });
    expect(same?.follows).toEqual([]);
    // The before differs on a record no earlier difference left: a cause.
    const fresh = compareWith({ ...base, changes: [stock("t", "m", 1, 2)] }, { status: 204, effects: [], changes: [stock("t", "m", 4, 2)] }, { diverged });
    expect(fresh?.follows).toEqual([]);
  });

  it("RPL-2: a difference of the answer alone (the status, the body or the effects) follows from the earlier ones that left a record it names different", () => {
    const diverged = new Map<string, readonly number[]>([["o", [4]]]);
    const refused = { ...entry, recordIds: ["o"] };
    expect(compareWith(refused, { status: 409, body: entry.answer, effects: [] }, { diverged, reads: ["o"] })?.follows).toEqual([4]);
    expect(compareWith(refused, { status: 400, body: { errors: [{ rule: "ASN-4" }] }, effects: [] }, { diverged, reads: ["o"] })?.follows).toEqual([4]);
    expect(compareWith(refused, { status: 400, body: entry.answer, effects: [{ kind: "e" }] }, { diverged, reads: ["o"] })?.follows).toEqual([4]);
    // Without the names of what it read, only what it wrote can make it follow.
    expect(compareWith(refused, { status: 409, body: entry.answer, effects: [] }, { diverged })?.follows).toEqual([]);
  });
});

describe("the comparer's names and what it remembers (RPL-2)", () => {
  type Compared = Parameters<ReplayComparer["compare"]>[0];
  const at = (seq: number, changes: RecordChangeShape[], recordIds: string[] = []): Compared =>
    ({ ...entry, seq, operation: "addOrder", method: "POST", path: "/order", status: 201, answer: undefined, changes, recordIds }) as unknown as Compared;
  const material = (id: string, externalId: unknown): RecordChangeShape => ({ kind: "material", before: null, after: { id, externalId } });

  it("RPL-2: without a fixture's names, a record is named by its GUID; a record the journal wrote with an external ID names it from then on, whatever the GUID's case", () => {
    const comparer = new ReplayComparer();
    expect(comparer.compare(at(1, [stock("s", "m", 1, 2)]), { status: 201, effects: [], changes: [stock("s", "m", 1, 3)] })?.state[0]?.name).toBe("stock s / m");
    // seq 2 writes material M (upper case) alike on both sides: no difference, but its external ID is learnt.
    expect(comparer.compare(at(2, [material("M", "MAT-7")]), { status: 201, effects: [], changes: [material("M", "MAT-7")] })).toBeUndefined();
    expect(comparer.compare(at(3, [stock("s", "m", 2, 3)]), { status: 201, effects: [], changes: [stock("s", "m", 3, 5)] })?.state[0]?.name).toBe("stock s / MAT-7");
  });

  it("RPL-2: a record written without an external ID keeps the name it had; a record without an `after` or without an `id` names nothing and does not stop the comparison", () => {
    const comparer = new ReplayComparer([["S", "auto-1"]]);
    const store = (externalId: unknown): RecordChangeShape => ({ kind: "store", before: null, after: { id: "S", externalId } });
    expect(comparer.compare(at(1, [store(null), { kind: "order", before: null, after: null } as RecordChangeShape, { kind: "order", before: null, after: { externalId: "O-1" } } as RecordChangeShape]), { status: 201, effects: [], changes: [store(null)] })).toBeDefined();
    expect(comparer.compare(at(2, [stock("S", "m", 1, 2)]), { status: 201, effects: [], changes: [stock("S", "m", 1, 3)] })?.state[0]?.name).toBe("stock auto-1 / m");
  });

  it("RPL-2: a record a differing decision wrote alike is not left different: what reads it later does not follow", () => {
    const comparer = new ReplayComparer();
    // seq 1 writes o1 otherwise and o2 alike.
    const first = comparer.compare(at(1, [order("o1", null, { state: "A" }), order("o2", null, { state: "A" })]), { status: 201, effects: [], changes: [order("o1", null, { state: "B" }), order("o2", null, { state: "A" })] });
    expect(first?.state.map((s) => s.key)).toEqual(["o1"]);
    // seq 2 reads o2 and is refused now: a cause; seq 3 reads o1: follows from 1.
    expect(comparer.compare(at(2, [], ["o2"]), { status: 400, body: { errors: [{ rule: "ORD-6" }] }, effects: [] })?.follows).toEqual([]);
    expect(comparer.compare(at(3, [], ["o1"]), { status: 400, body: { errors: [{ rule: "ORD-6" }] }, effects: [] })?.follows).toEqual([1]);
  });
});

describe("the report's order and text, at their bounds (RPL-1, RPL-2)", () => {
  it("RPL-1: groups tied by causes and count come out by rule ID whatever order they were added in, no rule last", () => {
    const diff = (seq: number, rules: string[]) => ({ seq, companyId: "c", operation: "o", request: { method: "PUT", path: "/" }, recorded: { status: 204, effects: [] }, replayed: { status: 204, effects: [] }, rules, state: [], follows: [] }) as never;
    for (const order of [["A-1", "B-1", "C-1", null], [null, "C-1", "B-1", "A-1"], ["B-1", null, "A-1", "C-1"]]) {
      const c = new ReplayCollector(1);
      order.forEach((rule, i) => c.add(diff(i, rule === null ? [] : [rule])));
      expect(c.report().groups.map((g) => g.rule)).toEqual(["A-1", "B-1", "C-1", null]);
    }
  });

  it("RPL-2: JSON of 60 characters is shown whole; two differing fields are named without `and 0 more`", () => {
    const sixty = "x".repeat(58);
    const [w] = compareState([order("o", null, { name: sixty })], [order("o", null, { name: "y" })]);
    expect(describeStateDifference(w!)).toBe(`order o: name recorded "${sixty}", replayed "y"`);
    const [two] = compareState([order("o", null, { state: "A", name: "a" })], [order("o", null, { state: "B", name: "b" })]);
    expect(describeStateDifference(two!)).toBe('order o: state recorded "A", replayed "B"; name recorded "a", replayed "b"');
  });

  it("RPL-2: a record's before that is null or left out on one side is shown whole, not by fields", () => {
    const doc = { id: "o", state: "Open" };
    const [nul] = compareState([order("o", doc, { state: "A" })], [order("o", null, { state: "A" })]);
    expect(describeStateDifference(nul!)).toBe('order o: before recorded {"id":"o","state":"Open"}, replayed null');
    const without = { kind: "order", after: { id: "o", state: "A" } } as unknown as RecordChangeShape;
    const [left] = compareState([without], [order("o", doc, { state: "A" })]);
    expect(describeStateDifference(left!)).toBe('order o: before recorded absent, replayed {"id":"o","state":"Open"}');
    const [right] = compareState([order("o", doc, { state: "A" })], [without]);
    expect(describeStateDifference(right!)).toBe('order o: before recorded {"id":"o","state":"Open"}, replayed absent');
  });
});

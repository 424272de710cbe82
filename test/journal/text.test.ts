// JSON once (issue 33): the journal entry's text, written in one pass from the body and answer
// texts the request holds, is the JSON of the entry's shape (JRN-2) without its seq.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { journalDraft, journalEntryShape, namedRecords, rulesApplied, type JournalParam, type RecordChange } from "../../src/journal/entry.js";
import { journalEntryText } from "../../src/journal/text.js";
import { formatInstant } from "../../src/shared/time.js";
import { amountToJson } from "../../src/stock/amount.js";
import type { JournalDraft } from "../../src/journal/entry.js";
import type { Guid } from "../../src/shared/guid.js";
import { UNLIMITED, finite, type Amount } from "../../src/stock/amount.js";
import type { Effect } from "../../src/notification/effect.js";

const guid = fc.uuid({ version: 4 }) as fc.Arbitrary<Guid>;
const amount: fc.Arbitrary<Amount> = fc.oneof(fc.constant(UNLIMITED), fc.integer({ min: 0, max: 10 ** 9 }).map((n) => finite(n / 1000)));
const doc = fc.record({ id: guid, externalId: fc.option(fc.string(), { nil: null }), name: fc.string(), extra: fc.jsonValue() });
const change: fc.Arbitrary<RecordChange> = fc.oneof(
  fc.record({ kind: fc.constantFrom("customer", "order", "intervention", "store", "material"), before: fc.option(doc, { nil: null }), after: doc }) as unknown as fc.Arbitrary<RecordChange>,
  fc.record({ kind: fc.constant("stock" as const), storeId: guid, materialId: guid, before: fc.option(amount, { nil: null }), after: amount }),
);
const write = fc.record({
  companyId: guid,
  at: fc.integer({ min: 0, max: 4102444800000 }),
  operation: fc.constantFrom("addCustomer", "moveStock", "planIntervention"),
  method: fc.constantFrom("POST", "PUT"),
  path: fc.string(),
  form: fc.constantFrom("id" as const, "externalId" as const),
  params: fc.array(fc.record({ name: fc.constantFrom("order", "store", "toStore"), value: fc.string() }), { maxLength: 2 }) as fc.Arbitrary<JournalParam[]>,
  dryRun: fc.boolean(),
  body: fc.option(fc.jsonValue(), { nil: undefined }),
  clientId: fc.option(fc.string(), { nil: null }),
  userId: guid,
  idempotencyKey: fc.option(fc.string(), { nil: null }),
  ids: fc.array(guid, { maxLength: 3 }),
  status: fc.constantFrom(200, 201, 204, 400, 404, 409),
  answer: fc.option(fc.jsonValue(), { nil: undefined }),
  effects: fc.array(fc.record({ kind: fc.constant("email"), to: fc.array(fc.string()), data: fc.jsonValue() }), { maxLength: 2 }) as unknown as fc.Arbitrary<Effect[]>,
  changes: fc.array(change, { maxLength: 4 }),
  found: fc.array(fc.record({ id: guid, externalId: fc.option(fc.string(), { nil: null }) }), { maxLength: 2 }),
});

/**
 * The entry's text as JSON.stringify writes it, in three calls (the writer until 1 December): the
 * oracle the member-by-member writer is held to, byte for byte.
 */
function stringifiedEntryText(draft: JournalDraft, answerText: string | undefined): string {
  const named = namedRecords(draft);
  const head = JSON.stringify({
    companyId: draft.companyId, operation: draft.operation, method: draft.method, path: draft.path, form: draft.form, params: draft.params,
    dryRun: draft.dryRun, clientId: draft.clientId, userId: draft.userId, idempotencyKey: draft.idempotencyKey, ids: draft.ids,
    outcome: draft.outcome, status: draft.status, rules: draft.rules, effects: draft.effects,
  });
  const names = JSON.stringify({ recordIds: named.recordIds, recordKeys: named.recordKeys });
  const changes = draft.changes.map((c) => {
    if (c.kind !== "stock") return { kind: c.kind, before: c.before, after: c.after };
    const after = amountToJson(c.after);
    return c.before === null ? { kind: "stock", storeId: c.storeId, materialId: c.materialId, after } : { kind: "stock", storeId: c.storeId, materialId: c.materialId, after, before: amountToJson(c.before) };
  });
  const tail = JSON.stringify({ at: new Date(draft.at).toISOString(), changes });
  const answer = draft.answer === undefined ? "" : `,"answer":${answerText ?? JSON.stringify(draft.answer)}`;
  const body = draft.bodyText === undefined ? "" : `,"body":${draft.bodyText}`;
  return `${head.slice(0, -1)}${answer},${names.slice(1, -1)}${body},${tail.slice(1)}`;
}

// Any UTF-16 text where a request puts text (the path, its values, the client, the key, external IDs).
const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 10 }), fc.string(), fc.constantFrom('a"b', "a\\b", "\u0000", "é", "\ud800"));
const anyDoc = fc.record({ id: guid, externalId: fc.option(anyText, { nil: null }), name: anyText, extra: fc.jsonValue() });
const anyChange: fc.Arbitrary<RecordChange> = fc.oneof(
  fc.record({ kind: fc.constantFrom("customer", "order", "intervention", "store", "material"), before: fc.option(anyDoc, { nil: null }), after: anyDoc }) as unknown as fc.Arbitrary<RecordChange>,
  fc.record({ kind: fc.constant("stock" as const), storeId: guid, materialId: guid, before: fc.option(amount, { nil: null }), after: amount }),
);
const anyWrite = write.chain((w) =>
  fc.record({ path: anyText, params: fc.array(fc.record({ name: fc.constantFrom("order", "store", "toStore"), value: anyText }), { maxLength: 2 }), clientId: fc.option(anyText, { nil: null }),
    idempotencyKey: fc.option(anyText, { nil: null }), changes: fc.array(anyChange, { maxLength: 4 }), at: fc.integer({ min: -62135596800000, max: 253402300799999 }),
    found: fc.array(fc.record({ id: guid, externalId: fc.option(anyText, { nil: null }) }), { maxLength: 2 }) }).map((more) => ({ ...w, ...more })),
);

describe("a journal entry as JSON text (issue 33: JSON once)", () => {
  it("JRN-2: the text is byte for byte what JSON.stringify writes for the entry, over any text a request carries, refusals and operations of the rule table alike (property)", () => {
    fc.assert(
      fc.property(anyWrite, fc.boolean(), fc.boolean(), (w, given, applied) => {
        const { body, ...rest } = w;
        const draft = journalDraft({ ...rest, bodyText: body === undefined ? undefined : JSON.stringify(body) });
        // A committed entry's rules are its operation's array, whose text is kept: hold both forms.
        const entry = applied ? { ...draft, rules: rulesApplied(draft.operation) } : { ...draft, rules: [...draft.rules] };
        const answerText = given && entry.answer !== undefined ? JSON.stringify(entry.answer) : undefined;
        expect(journalEntryText(entry, answerText)).toBe(stringifiedEntryText(entry, answerText));
        // Twice: the kept text of a rule table's array and the kept day of formatInstant give the same.
        expect(journalEntryText(entry, answerText)).toBe(stringifiedEntryText(entry, answerText));
      }),
      { numRuns: 300 },
    );
    expect(formatInstant(0)).toBe("1970-01-01T00:00:00.000Z");
  });

  it("JRN-2: JSON.parse of the text equals the entry's shape without seq, with the answer's text given or written here (property)", () => {
    fc.assert(
      fc.property(write, fc.boolean(), (w, given) => {
        const { body, ...rest } = w;
        const draft = journalDraft({ ...rest, bodyText: body === undefined ? undefined : JSON.stringify(body) });
        const { seq: _seq, ...shape } = journalEntryShape({ seq: 1, ...draft });
        const text = journalEntryText(draft, given && draft.answer !== undefined ? JSON.stringify(draft.answer) : undefined);
        expect(JSON.parse(text)).toEqual(shape);
      }),
      { numRuns: 300 },
    );
  });

  it("JRN-2: the answer's text is kept as given (the HTTP reply's bytes); a body sent is kept as sent; U+0000 stays an escape", () => {
    const draft = journalDraft({
      companyId: "00000000-0000-4000-8000-000000000001" as Guid, at: 0, operation: "addCustomer", method: "POST", path: "/customer", form: "id", params: [], dryRun: false,
      bodyText: '{"name":"a\\u0000b"}', clientId: null, userId: "00000000-0000-4000-8000-000000000002" as Guid, idempotencyKey: null, ids: [], status: 201,
      answer: { id: "x" }, effects: [], changes: [], found: [],
    });
    const text = journalEntryText(draft, '{"id":"x"}');
    expect(text).toContain(',"answer":{"id":"x"},');
    expect(text).toContain(',"body":{"name":"a\\u0000b"},');
    expect(JSON.parse(text).body).toEqual({ name: "a\u0000b" });
    // An entry without an answer (a 204) has no answer member, whatever text the caller holds.
    expect(JSON.parse(journalEntryText({ ...draft, answer: undefined }, '{"id":"x"}'))).not.toHaveProperty("answer");
  });
});

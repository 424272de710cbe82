// A group commit's journal rows as one JSON parameter (src/postgres/journal.ts `journalRowsJson`),
// which the commit reads with `json_to_recordset` and JOURNAL_ROW_COLUMNS: without a database,
// the text parses back to the rows, the entry as the JSON it was; on PostgreSQL, every column
// reads back as the value the row holds, arrays and nulls included, the entry as its own text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JOURNAL_ROW_COLUMNS, journalRowsJson, type JournalRow } from "../../src/postgres/journal.js";
import { databaseUrl, describeClient } from "./support.js";

// Text as the service stores it (TXT-1: no U+0000), with the characters JSON and array literals
// treat specially.
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: "grapheme", maxLength: 4 }), fc.constantFrom("", "NULL", "a\"b", "a\\b", "{x,y}", "é", "\u2028")).filter((t) => !t.includes("\u0000"));
const guid = fc.uuid();
// Entries may hold any text a body or an answer held, U+0000 and unpaired surrogates included
// (written as \u escapes), which the row then carries as a JSON string.
const entryValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: "binary", maxLength: 6 }), fc.constantFrom("\u0000", "a\ud800b", "\udc00", "é", "\\u0000"));

const journalRowArb: fc.Arbitrary<JournalRow> = fc.record({
  at: fc.integer({ min: 0, max: 253_402_300_799_999 }),
  operation: text,
  outcome: fc.constantFrom("committed", "refused", "dryRun"),
  rules: fc.array(text, { maxLength: 4 }),
  records: fc.array(text, { maxLength: 4 }),
  changedKinds: fc.array(text, { maxLength: 3 }),
  changedIds: fc.array(guid, { maxLength: 3 }),
  changedMaterials: fc.array(fc.option(guid, { nil: null }), { maxLength: 3 }),
  idempotencyKey: fc.option(text, { nil: null }),
  fingerprint: fc.option(text, { nil: null }),
  status: fc.constantFrom(200, 201, 204, 400, 404, 409),
  dryRun: fc.boolean(),
  // The entry as journalEntryText writes it: JSON text, here with or without white space.
  entry: fc.tuple(fc.dictionary(text, entryValue, { maxKeys: 3 }), fc.boolean()).map(([v, spaced]) => JSON.stringify(v, null, spaced ? 1 : undefined)),
});

/** Whether a row's entry travels as a JSON string: it holds a \u escape. */
const asText = (row: JournalRow): boolean => row.entry.includes("\\u");

/** What a row's object in the JSON holds: the columns, then the entry parsed, or its text. */
const asParsed = (row: JournalRow): Record<string, unknown> => ({
  at: row.at, operation: row.operation, outcome: row.outcome, rules: row.rules, records: row.records, idempotency_key: row.idempotencyKey,
  fingerprint: row.fingerprint, status: row.status, dry_run: row.dryRun, changed_kinds: row.changedKinds, changed_ids: row.changedIds,
  changed_materials: row.changedMaterials, ...(asText(row) ? { entry_text: row.entry } : { entry: JSON.parse(row.entry) as unknown }),
});

const columnNames = JOURNAL_ROW_COLUMNS.split(", ").map((c) => c.split(" ")[0] as string);
/** The keys of a row's object: every column but the entry's other form. */
const keysOf = (row: JournalRow): string[] => columnNames.filter((c) => c !== (asText(row) ? "entry" : "entry_text"));

describe("journalRowsJson, without a database", () => {
  it("JRN-1: the text parses to one object a row, in order, with the columns JOURNAL_ROW_COLUMNS names, the entry as the JSON it was, or as its text when it holds a \\u escape", () => {
    fc.assert(
      fc.property(fc.array(journalRowArb, { maxLength: 5 }), (rows) => {
        const parsed = JSON.parse(journalRowsJson(rows)) as Record<string, unknown>[];
        expect(parsed).toEqual(rows.map(asParsed));
        parsed.forEach((object, i) => expect(Object.keys(object)).toEqual(keysOf(rows[i]!)));
      }),
    );
  });

  it("JRN-1: no rows is an empty array; an entry's text is spliced in as it is", () => {
    expect(journalRowsJson([])).toBe("[]");
    const row: JournalRow = {
      at: 1, operation: "addCustomer", outcome: "refused", rules: ["GEN-7"], records: ["key:a\"b"], changedKinds: [], changedIds: [], changedMaterials: [],
      idempotencyKey: null, fingerprint: null, status: 400, dryRun: false, entry: '{ "body" : [1, 2] }',
    };
    expect(journalRowsJson([row])).toBe(
      '[{"at":1,"operation":"addCustomer","outcome":"refused","rules":["GEN-7"],"records":["key:a\\"b"],"idempotency_key":null,"fingerprint":null,"status":400,"dry_run":false,"changed_kinds":[],"changed_ids":[],"changed_materials":[],"entry":{ "body" : [1, 2] }}]',
    );
    // A body sent with U+0000 (TXT-1 refuses it, and the refusal journals the body as sent).
    expect(journalRowsJson([{ ...row, entry: '{"body":{"name":"a\\u0000"}}' }])).toContain(',"entry_text":"{\\"body\\":{\\"name\\":\\"a\\\\u0000\\"}}"}]');
  });
});

describe.runIf(databaseUrl !== undefined)("journalRowsJson on PostgreSQL", () => {
  const client = describeClient();

  it("JRN-1: json_to_recordset with JOURNAL_ROW_COLUMNS reads every column back as the row holds it, in order; the entry keeps its text, \\u0000 and unpaired surrogates included", async () => {
    const names = columnNames.join(", ");
    const selected = columnNames.filter((c) => !c.startsWith("entry")).join(", ");
    await fc.assert(
      fc.asyncProperty(fc.array(journalRowArb, { minLength: 1, maxLength: 4 }), async (rows) => {
        const result = await client().query(
          `SELECT ${selected}, COALESCE(entry, entry_text::json)::text AS entry FROM ROWS FROM (json_to_recordset($1::json) AS (${JOURNAL_ROW_COLUMNS})) WITH ORDINALITY AS x(${names}, ord) ORDER BY x.ord`,
          [journalRowsJson(rows)],
        );
        expect(result.rows).toEqual(
          rows.map((row) => ({
            // bigint reads back as text through the driver.
            at: String(row.at), operation: row.operation, outcome: row.outcome, rules: row.rules, records: row.records, idempotency_key: row.idempotencyKey,
            fingerprint: row.fingerprint, status: row.status, dry_run: row.dryRun, changed_kinds: row.changedKinds, changed_ids: row.changedIds,
            changed_materials: row.changedMaterials, entry: row.entry,
          })),
        );
      }),
      { numRuns: 60 },
    );
  });
});

// A group commit's journal rows as one JSON parameter (src/postgres/journal.ts `journalRowsJson`),
// which the commit reads with `json_to_recordset` and JOURNAL_ROW_COLUMNS: without a database,
// the text parses back to the rows, the entry as the JSON it was; on PostgreSQL, every column
// reads back as the value the row holds, arrays and nulls included, the entry as its own text.
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNAL_ROW_COLUMNS, journalRowsJson, type JournalRow } from "../../src/postgres/journal.js";
import { databaseUrl } from "./support.js";

// Text as the service stores it (TXT-1: no U+0000), with the characters JSON and array literals
// treat specially.
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: "grapheme", maxLength: 4 }), fc.constantFrom("", "NULL", "a\"b", "a\\b", "{x,y}", "é", "\u2028")).filter((t) => !t.includes("\u0000"));
const guid = fc.uuid();
const entryValue = fc.jsonValue({ maxDepth: 2 }).filter((v) => !JSON.stringify(v).includes("\\u0000"));

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

/** What a row's object in the JSON holds: the columns, the entry parsed. */
const asParsed = (row: JournalRow): Record<string, unknown> => ({
  at: row.at, operation: row.operation, outcome: row.outcome, rules: row.rules, records: row.records, idempotency_key: row.idempotencyKey,
  fingerprint: row.fingerprint, status: row.status, dry_run: row.dryRun, changed_kinds: row.changedKinds, changed_ids: row.changedIds,
  changed_materials: row.changedMaterials, entry: JSON.parse(row.entry) as unknown,
});

const columnNames = JOURNAL_ROW_COLUMNS.split(", ").map((c) => c.split(" ")[0]);

describe("journalRowsJson, without a database", () => {
  it("JRN-1: the text parses to one object a row, in order, with exactly the columns JOURNAL_ROW_COLUMNS names, the entry as the JSON it was", () => {
    fc.assert(
      fc.property(fc.array(journalRowArb, { maxLength: 5 }), (rows) => {
        const parsed = JSON.parse(journalRowsJson(rows)) as Record<string, unknown>[];
        expect(parsed).toEqual(rows.map(asParsed));
        for (const object of parsed) expect(Object.keys(object)).toEqual(columnNames);
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
  });
});

describe.runIf(databaseUrl !== undefined)("journalRowsJson on PostgreSQL", () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it("JRN-1: json_to_recordset with JOURNAL_ROW_COLUMNS reads every column back as the row holds it, in order; the entry keeps its text", async () => {
    const names = columnNames.join(", ");
    await fc.assert(
      fc.asyncProperty(fc.array(journalRowArb, { minLength: 1, maxLength: 4 }), async (rows) => {
        const result = await client.query(
          `SELECT ${names.replace("entry", "entry::text AS entry")} FROM ROWS FROM (json_to_recordset($1::json) AS (${JOURNAL_ROW_COLUMNS})) WITH ORDINALITY AS x(${names}, ord) ORDER BY x.ord`,
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

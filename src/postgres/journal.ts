import type { JournalEntryShape, JournalPage } from "../journal/entry.js";
import type { JournalRecord } from "../journal/memory.js";
import { namedRecords } from "../journal/entry.js";
import { journalEntryText, rulesJson } from "../journal/text.js";
import { jsonNumber, jsonString, jsonStringOrNull, jsonStrings } from "../shared/json-text.js";
import type { JournalQuery } from "../journal/query.js";
import { isGuid } from "../shared/guid.js";
import type { Guid } from "../shared/guid.js";
import { quoteSchema, type SqlExecutor } from "./sql.js";

/**
 * The journal's table (JRN-1) and the client of each token, version 4 of the schema. `seq`
 * comes from one identity sequence: increasing with every entry, with gaps between a company's
 * entries. The columns beside `entry` (the entry as `GET /journal` answers it) are what the
 * filters and the idempotency lookup read; the key index holds only keyed entries.
 * @param schema - the schema
 * @returns the migration's SQL
 */
export function journalMigration(schema: string): string {
  const s = quoteSchema(schema);
  return `
ALTER TABLE ${s}.tokens ADD COLUMN client_id text;
CREATE TABLE ${s}.journal (
  company_id uuid NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  at bigint NOT NULL,
  operation text NOT NULL,
  outcome text NOT NULL,
  rules text[] NOT NULL,
  record_ids uuid[] NOT NULL,
  record_keys text[] NOT NULL,
  idempotency_key text,
  fingerprint text,
  status integer NOT NULL,
  dry_run boolean NOT NULL,
  entry json NOT NULL,
  PRIMARY KEY (company_id, seq)
);
CREATE INDEX journal_idempotency ON ${s}.journal (company_id, idempotency_key, seq) WHERE idempotency_key IS NOT NULL;
CREATE INDEX journal_record_ids ON ${s}.journal USING gin (record_ids);
CREATE INDEX journal_record_keys ON ${s}.journal USING gin (record_keys);
`;
}

/** The columns of one journal row (JRN-1), as the commit statement binds them. */
export interface JournalRow {
  /** Instant of the decision. */
  readonly at: number;
  /** The operation. */
  readonly operation: string;
  /** `committed`, `refused` or `dryRun`. */
  readonly outcome: string;
  /** The rule IDs of the entry. */
  readonly rules: readonly string[];
  /** The records it names, for `?record=` (JRN-2): `id:` and the GUID, `key:` and the external ID. */
  readonly records: readonly string[];
  /** Each change's kind (`customer` … `stock`), in order: what a sync reads (SYN-3). */
  readonly changedKinds: readonly string[];
  /** Each change's record GUID (the store's, for stock). */
  readonly changedIds: readonly string[];
  /** Each change's material GUID (stock), else `null`. */
  readonly changedMaterials: readonly (string | null)[];
  /** The write's `Idempotency-Key`, `null` when none. */
  readonly idempotencyKey: string | null;
  /** The request's fingerprint under its key, `null` without a key. */
  readonly fingerprint: string | null;
  /** The answer's status. */
  readonly status: number;
  /** Whether the write was a dry run. */
  readonly dryRun: boolean;
  /** The entry as `GET /journal` answers it, without its `seq` (the column), as JSON text. */
  readonly entry: string;
}

/**
 * The columns of one journal entry's row (JRN-1). The entry is stored as `GET /journal`
 * answers it, without its `seq` (the column), written once by `journalEntryText`.
 * @param record - the entry and the request's fingerprint
 * @returns the row
 */
export function journalRow(record: JournalRecord): JournalRow {
  const { draft, fingerprint } = record;
  const named = namedRecords(draft);
  const { recordIds, recordKeys } = named;
  const records: string[] = [];
  for (const id of recordIds) records.push(`id:${id}`);
  for (const key of recordKeys) records.push(`key:${key}`);
  const changedKinds: string[] = [];
  const changedIds: string[] = [];
  const changedMaterials: (string | null)[] = [];
  for (const c of draft.changes) {
    changedKinds.push(c.kind);
    changedIds.push(c.kind === "stock" ? c.storeId : c.after.id);
    changedMaterials.push(c.kind === "stock" ? c.materialId : null);
  }
  return {
    at: draft.at, operation: draft.operation, outcome: draft.outcome, rules: draft.rules, records, changedKinds, changedIds, changedMaterials,
    idempotencyKey: draft.idempotencyKey, fingerprint: draft.idempotencyKey === null ? null : fingerprint, status: draft.status, dryRun: draft.dryRun,
    // Written once from the text the request holds (the body sent, the answer sent): JSON once.
    entry: journalEntryText(draft, record.answerText, named),
  };
}

/**
 * The columns {@link journalRowsJson} writes, with their types: the column definition list of
 * the commit's `json_to_recordset`, which turns each JSON array into a PostgreSQL array (a JSON
 * `null` element into `NULL`) and keeps the `entry` as the JSON text it was sent as. A row has
 * `entry` or `entry_text`, never both: `entry_text` is the entry as a JSON string, for the
 * statement to cast back to `json` (see {@link journalRowsJson}).
 */
export const JOURNAL_ROW_COLUMNS =
  "at bigint, operation text, outcome text, rules text[], records text[], idempotency_key text, fingerprint text, status integer, dry_run boolean, changed_kinds text[], changed_ids uuid[], changed_materials uuid[], entry json, entry_text text";

/**
 * Journal rows as one JSON text, for the commit to insert in one parameter (`json_to_recordset`
 * with {@link JOURNAL_ROW_COLUMNS}): an array of one object a row, the columns as keys, and
 * each row's entry spliced in as the text `journalEntryText` wrote (JSON once). One parameter
 * for every entry of a group commit, instead of thirteen an entry, which the driver prepared
 * and wrote one by one; the statement keeps one text whatever the group's size.
 *
 * PostgreSQL's JSON reader refuses, inside a document it takes apart, a `\u0000` escape and an
 * unpaired surrogate's, though a `json` value holds both (a refusal journals the body as sent).
 * So an entry with any `\u` escape travels as a JSON string instead (`entry_text`), which
 * the statement casts back to `json`: the same text, as the entry bound alone was.
 * @param rows - the rows, in the order their `seq` follows
 * @returns the JSON text of the array
 * @example
 * JSON.parse(journalRowsJson([{ at: 1, operation: "addCustomer", outcome: "refused", rules: ["GEN-7"], records: [], changedKinds: [], changedIds: [], changedMaterials: [], idempotencyKey: null, fingerprint: null, status: 400, dryRun: false, entry: "{}" }]))[0].entry //=> {}
 * JSON.parse(journalRowsJson([{ at: 1, operation: "addCustomer", outcome: "refused", rules: ["TXT-1"], records: [], changedKinds: [], changedIds: [], changedMaterials: [], idempotencyKey: null, fingerprint: null, status: 400, dryRun: false, entry: '{"body":"\\u0000"}' }]))[0].entry_text //=> '{"body":"\\u0000"}'
 */
export function journalRowsJson(rows: readonly JournalRow[]): string {
  let out = "[";
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as JournalRow;
    // The columns written member by member (`jsonString`: the same text as `JSON.stringify`, for less).
    const entry = row.entry.includes("\\u") ? `"entry_text":${JSON.stringify(row.entry)}` : `"entry":${row.entry}`;
    out +=
      `${i > 0 ? "," : ""}{"at":${jsonNumber(row.at)},"operation":${jsonString(row.operation)},"outcome":${jsonString(row.outcome)},` +
      `"rules":${rulesJson(row.operation, row.rules)},"records":${jsonStrings(row.records)},"idempotency_key":${jsonStringOrNull(row.idempotencyKey)},` +
      `"fingerprint":${jsonStringOrNull(row.fingerprint)},"status":${jsonNumber(row.status)},"dry_run":${row.dryRun ? "true" : "false"},` +
      `"changed_kinds":${jsonStrings(row.changedKinds)},"changed_ids":${jsonStrings(row.changedIds)},"changed_materials":${jsonStrings(row.changedMaterials)},${entry}}`;
  }
  return `${out}]`;
}

/**
 * One page of a company's journal (JRN-2): one statement, by ascending `seq`, with the
 * query's filters; one row past the limit says whether a next page exists.
 * @param db - where to run it
 * @param schema - the schema
 * @param companyId - the caller's company
 * @param query - the parsed query
 * @returns the page
 */
export async function readJournalPage(db: SqlExecutor, schema: string, companyId: Guid, query: JournalQuery): Promise<JournalPage> {
  const values: unknown[] = [companyId, query.after, query.limit + 1];
  const bind = (value: unknown, type: string): string => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const where = ["company_id = $1", "seq > $2"];
  if (query.operation !== null) where.push(`operation = ${bind(query.operation, "text")}`);
  if (query.outcome !== null) where.push(`outcome = ${bind(query.outcome, "text")}`);
  if (query.rule !== null) where.push(`rules @> ARRAY[${bind(query.rule, "text")}]`);
  if (query.from !== null) where.push(`at >= ${bind(query.from, "bigint")}`);
  if (query.to !== null) where.push(`at < ${bind(query.to, "bigint")}`);
  if (query.record !== null) {
    // An external ID as sent, or a GUID in any case (JRN-2): one GIN lookup of the entry's terms.
    const terms = isGuid(query.record) ? [`key:${query.record}`, `id:${query.record.toLowerCase()}`] : [`key:${query.record}`];
    where.push(`records && ${bind(terms, "text[]")}`);
  }
  const result = await db.query(`SELECT seq, entry FROM ${quoteSchema(schema)}.journal WHERE ${where.join(" AND ")} ORDER BY seq LIMIT $3`, values);
  const rows = result.rows as { seq: string; entry: Omit<JournalEntryShape, "seq"> }[];
  const items: JournalEntryShape[] = [];
  for (let i = 0; i < rows.length && i < query.limit; i++) {
    const row = rows[i] as { seq: string; entry: Omit<JournalEntryShape, "seq"> };
    items.push({ seq: Number(row.seq), ...row.entry });
  }
  return { items, next: rows.length > query.limit ? (items[items.length - 1]?.seq ?? null) : null };
}

/**
 * The optimistic commit of one decision on PostgreSQL (issue 33): one statement that checks
 * the versions the decision's view was read at, writes its records, stock, allocations and
 * materials, inserts its journal entry and claims its `Idempotency-Key`, all or nothing. No
 * transaction stays open across the decision: the view was one statement, this is the other.
 *
 * How it checks: every compare-and-set is a data-modifying CTE whose `WHERE` names the version
 * read (`version = read`), and `RETURNING` counts the rows it moved. At READ COMMITTED a
 * concurrent writer of one of those rows makes the statement wait for it and then re-check the
 * row as that writer left it: a moved version no longer matches, the CTE returns one row
 * fewer, and the statement's last expression calls `stale_view()`, which raises SQLSTATE 40001
 * and so undoes every CTE of the statement. The storage answers `stale`, and the service decides
 * again on a fresh view. docs/decisions.md "What guards each invariant" says what each check
 * protects.
 */
import type { Intervention } from "../records/intervention.js";
import type { Guid } from "../shared/guid.js";
import type { Changes, CompanyState } from "../service/state.js";
import type { JournalRecord } from "../journal/memory.js";
import { IDEMPOTENCY_KEY_LIFETIME_MS } from "../journal/idempotency.js";
import { JOURNAL_ROW_COLUMNS, journalRow, journalRowsJson } from "./journal.js";
import { materialRowsJson, materialUpsertCte } from "./materials.js";
import { arrayParam, quoteSchema } from "./sql.js";
import { customerRow, storedKey, type ViewStamp } from "./records.js";
import type { Instant } from "../shared/time.js";

/** What one commit writes, as the storage hands it over. */
export interface CommitInput {
  /** The caller's company. */
  readonly companyId: Guid;
  /** The view the decision read (allocations are rewritten only where assignations changed). */
  readonly view: CompanyState;
  /** The versions the view was read at. */
  readonly stamp: ViewStamp;
  /** The changes to write; `undefined` for a refusal or a dry run (journal only). */
  readonly changes: Changes | undefined;
  /** The journal entries (JRN-1), in the order decided: one a decision (several for a group commit), none when none is kept. */
  readonly journals: readonly JournalRecord[];
  /** The path's order, when the path names one: the aggregate of its interventions, whose version a write under it moves. */
  readonly pathOrder: Guid | undefined;
  /** The write's `Idempotency-Key` (IDM-1) and the instant of the decision. */
  readonly idempotencyKey: string | null;
  /** The instant the decision was given. */
  readonly at: Instant;
}

/** One statement and the number of rows its compare-and-sets must move. */
export interface CommitStatement {
  /** The SQL text (its shape depends only on which parts are present: it is prepared by name). */
  readonly text: string;
  /** The bound values. */
  readonly values: readonly unknown[];
}

/** The names of the columns {@link JOURNAL_ROW_COLUMNS} defines, in order: what the rows' alias lists. */
const JOURNAL_READ = JOURNAL_ROW_COLUMNS.split(", ").map((c) => c.split(" ")[0] as string);
/** The journal's columns a commit inserts besides `company_id`: those read, less `entry_text`, which is `entry` as a string. */
const JOURNAL_COLUMNS = JOURNAL_READ.filter((c) => c !== "entry_text");
/** {@link JOURNAL_COLUMNS} as the insert lists them. */
const JOURNAL_INSERTED = JOURNAL_COLUMNS.join(", ");
/** The values inserted, read from the rows (`x`): the entry as sent, or its text cast back to `json`. */
const JOURNAL_SELECTED = JOURNAL_COLUMNS.map((c) => (c === "entry" ? "COALESCE(x.entry, x.entry_text::json)" : `x.${c}`)).join(", ");

function keyOrNull(key: string | null): string | null {
  return key === null ? null : storedKey(key);
}

/**
 * The statement that commits one decision (see the module's comment).
 * @param schema - the schema
 * @param input - the company, the view and its stamp, the changes, the journal entry, the key
 * @returns the statement, or `undefined` when there is nothing to write
 */
export function commitStatement(schema: string, input: CommitInput): CommitStatement | undefined {
  const s = quoteSchema(schema);
  const { companyId, view, stamp, changes } = input;
  const values: unknown[] = [companyId];
  const bind = (value: unknown, type: string): string => {
    // An array parameter travels as the literal `arrayParam` writes when its elements are plain.
    values.push(type.endsWith("[]") ? arrayParam(value as readonly (string | number | null)[]) : value);
    return `$${values.length}::${type}`;
  };
  const ctes: string[] = [];
  /** CTEs whose rows count against `expected`. */
  const checked: string[] = [];
  let expected = 0;
  // A refusal or a dry run answers what its view showed: its commit share-locks every record
  // the view read at the version read, and holds each stock and booking version read (moving it
  // by 0; a row inserted at the version read where there is none yet). A concurrent write of
  // any of them is then either seen by the view, or committed after this statement and given
  // a later `seq`; otherwise the statement is stale and decided again. Records this commit
  // writes are compared by their own update (docs/decisions.md "Refusals across processes").
  const answersView = input.journals.some((j) => j.draft.outcome !== "committed");
  const written = new Set<Guid>();
  const shareRead = (table: string, name: string, read: ReadonlyMap<Guid, number>): void => {
    if (!answersView) return;
    const rest = new Map([...read].filter(([id]) => !written.has(id)));
    if (rest.size === 0) return;
    ctes.push(versionShare(s, table, name, rest, bind));
    checked.push(name);
    expected += rest.size;
  };
  /** Moves each version read by `step` ({@link versionBump}), counted; nothing when none was read. */
  const moveVersions = (table: string, column: string, name: string, read: ReadonlyMap<Guid, number>, step: 0 | 1): void => {
    if (read.size === 0) return;
    ctes.push(versionBump(s, table, column, name, read, bind, step));
    checked.push(name);
    expected += read.size;
  };

  if (changes === undefined) {
    shareRead("customers", "rc", stamp.customers);
    shareRead("orders", "ro", stamp.orders);
    shareRead("interventions", "ri", stamp.interventions);
    shareRead("stores", "rs", stamp.stores);
    if (answersView) {
      moveVersions("technician_versions", "user_id", "tv", stamp.technicians, 0);
      moveVersions("stock_versions", "store_id", "sv", stamp.stock, 0);
    }
  } else {
    // Records: a record the view held is updated only at the version it was read at; a new one is
    // inserted only if its GUID is still free. One JSON array per table, as the rows travel.
    type TableRows = { name: string; table: string; columns: string; types: string; rows: Record<string, unknown>[]; versions: Map<Guid, number>; ordered?: boolean };
    const customers = (changes.customers ?? []).map((x) => ({ ...customerRow(x), version: stamp.customers.get(x.id) ?? null }));
    const customerTable: TableRows = { name: "c", table: "customers", columns: "external_id, element_ids, element_keys, doc", types: "external_id text, element_ids uuid[], element_keys text[], doc json", rows: customers, versions: stamp.customers };
    const orders = (changes.orders ?? []).map((x) => ({ id: x.id, version: stamp.orders.get(x.id) ?? null, external_id: keyOrNull(x.externalId), customer_id: x.customerId, doc: x }));
    const orderTable: TableRows = { name: "o", table: "orders", columns: "external_id, customer_id, doc", types: "external_id text, customer_id uuid, doc json", rows: orders, versions: stamp.orders };
    const interventions: Record<string, unknown>[] = [];
    const reallocated: Guid[] = [];
    const allocations: Record<string, unknown>[] = [];
    for (const x of changes.interventions ?? []) {
      interventions.push({ id: x.id, version: stamp.interventions.get(x.id) ?? null, external_id: keyOrNull(x.externalId), order_id: x.orderId, doc: x });
      const old: Intervention | undefined = view.interventions.byId.get(x.id);
      // Lifecycle moves and edits keep the same assignations: their allocations stay as they are.
      if (old !== undefined && old.assignations === x.assignations && (old.state === "Cancelled") === (x.state === "Cancelled")) continue;
      reallocated.push(x.id);
      if (x.state === "Cancelled") continue;
      for (const a of x.assignations) allocations.push({ intervention_id: x.id, user_id: a.userId, start_at: a.plannedStart, end_at: a.plannedEnd });
    }
    const interventionTable: TableRows = { name: "i", table: "interventions", columns: "external_id, order_id, doc", types: "external_id text, order_id uuid, doc json", rows: interventions, versions: stamp.interventions, ordered: true };
    const stores = (changes.stores ?? []).map((x) => ({ id: x.id, version: stamp.stores.get(x.id) ?? null, external_id: keyOrNull(x.externalId), doc: x }));
    const storeTable: TableRows = { name: "st", table: "stores", columns: "external_id, doc", types: "external_id text, doc json", rows: stores, versions: stamp.stores };

    // The path's order written by the decision itself moves by its own compare-and-set.
    const orderWritten = (changes.orders ?? []).some((o) => o.id === input.pathOrder);
    // The path's order is the aggregate of its interventions (ORD-6, ORD-11, ORD-13 read them):
    // a write under it that leaves the order's document as it is still moves its version, so a
    // concurrent decision on the order and its interventions sees one or the other. Its row is
    // taken with the orders, before the interventions: the order of a locked retry's locks
    // (contention.ts), so a commit and a locked retry never wait on each other in a circle.
    const pathOrderBump = (): void => {
      const pathVersion = input.pathOrder === undefined ? undefined : stamp.orders.get(input.pathOrder);
      if (orderWritten || pathVersion === undefined) return;
      ctes.push(`po AS (UPDATE ${s}.orders SET version = version + 1 WHERE company_id = $1 AND id = ${bind(input.pathOrder, "uuid")} AND version = ${bind(pathVersion, "bigint")} RETURNING 1)`);
      checked.push("po");
      expected += 1;
      written.add(input.pathOrder as Guid);
    };
    const writeTable = (t: TableRows): void => {
      const updated = t.rows.filter((r) => r["version"] !== null);
      const added = t.rows.filter((r) => r["version"] === null);
      for (const r of updated) written.add(r["id"] as Guid);
      const cols = t.columns.split(", ");
      if (updated.length > 0) {
        const rows = bind(JSON.stringify(updated), "json");
        ctes.push(`u${t.name} AS (UPDATE ${s}.${t.table} t SET ${cols.map((c) => `${c} = x.${c}`).join(", ")}, version = t.version + 1
  FROM json_to_recordset(${rows}) AS x(id uuid, version bigint, ${t.types})
  WHERE t.company_id = $1 AND t.id = x.id AND t.version = x.version RETURNING 1)`);
        checked.push(`u${t.name}`);
        expected += updated.length;
      }
      if (added.length > 0) {
        const rows = bind(JSON.stringify(added), "json");
        // Interventions keep the order they were decided in (their planning position, `seq`).
        const source = t.ordered === true
          ? `ROWS FROM (json_to_recordset(${rows}) AS (id uuid, ${t.types})) WITH ORDINALITY AS x(id, ${t.columns}, ord)`
          : `json_to_recordset(${rows}) AS x(id uuid, ${t.types})`;
        ctes.push(`a${t.name} AS (INSERT INTO ${s}.${t.table} (company_id, id, ${t.columns}, version)
  SELECT $1::uuid, x.id, ${cols.map((c) => `x.${c}`).join(", ")}, 1 FROM ${source}${t.ordered === true ? " ORDER BY x.ord" : ""}
  ON CONFLICT (company_id, id) DO NOTHING RETURNING 1)`);
        checked.push(`a${t.name}`);
        expected += added.length;
      }
    };
    // Rows are taken table by table in the order a locked retry locks them (contention.ts); the
    // records a refusal in the group read and the group does not write, with their table.
    writeTable(customerTable);
    shareRead("customers", "rc", stamp.customers);
    writeTable(orderTable);
    pathOrderBump();
    shareRead("orders", "ro", stamp.orders);
    writeTable(interventionTable);
    shareRead("interventions", "ri", stamp.interventions);
    writeTable(storeTable);
    shareRead("stores", "rs", stamp.stores);
    if (reallocated.length > 0) {
      ctes.push(`n AS (SELECT t.intervention_id, t.user_id, t.start_at, t.end_at FROM json_to_recordset(${bind(JSON.stringify(allocations), "json")}) AS t(intervention_id uuid, user_id uuid, start_at bigint, end_at bigint))`);
      ctes.push(`d AS (DELETE FROM ${s}.allocations a WHERE a.company_id = $1 AND a.intervention_id = ANY(${bind(reallocated, "uuid[]")})
    AND NOT EXISTS (SELECT 1 FROM n WHERE n.intervention_id = a.intervention_id AND n.user_id = a.user_id))`);
      ctes.push(`na AS (INSERT INTO ${s}.allocations (company_id, intervention_id, user_id, start_at, end_at) SELECT $1::uuid, n.intervention_id, n.user_id, n.start_at, n.end_at FROM n
  ON CONFLICT (company_id, intervention_id, user_id) DO UPDATE SET start_at = EXCLUDED.start_at, end_at = EXCLUDED.end_at)`);
    }
    // ASN-5: the technicians whose bookings the decision read move to a new version, each only
    // from the version read: of two overlapping plans for one technician, one commits.
    moveVersions("technician_versions", "user_id", "tv", stamp.technicians, 1);
    // STK-6: every path store whose stock was read moves to a new stock version from the one read,
    // and the rows written carry it (the listing caches read the rows changed since a version).
    const rows: { store: Guid; id: Guid; amount: string | null }[] = [];
    for (const [store, amounts] of changes.stock ?? []) {
      // A decision writes the stock of the stores it read, and only those (stockLoads).
      if (!stamp.stock.has(store)) throw new Error(`PostgreSQL commit: stock of store ${store} written without its stock read`);
      for (const [id, amount] of amounts) rows.push({ store, id, amount: amount.kind === "unlimited" ? null : amount.value.toString() });
    }
    moveVersions("stock_versions", "store_id", "sv", stamp.stock, 1);
    // Rows are written only to stores read (checked above), so `sv` holds each row's store.
    if (rows.length > 0) {
      ctes.push(`k AS (INSERT INTO ${s}.stock (company_id, store_id, material_id, amount, version)
  SELECT $1::uuid, r.store, r.id, r.amount, sv.version
  FROM ROWS FROM (json_to_recordset(${bind(JSON.stringify(rows), "json")}) AS (store uuid, id uuid, amount numeric)) WITH ORDINALITY AS r(store, id, amount, ord)
  JOIN sv ON sv.id = r.store ORDER BY r.ord
  ON CONFLICT (company_id, store_id, material_id) DO UPDATE SET amount = EXCLUDED.amount, version = EXCLUDED.version)`);
    }
    const materials = changes.materials ?? [];
    if (materials.length > 0) {
      // Materials carry their writing transaction (the listing caches read the rows committed since).
      ctes.push(materialUpsertCte(s, bind(materialRowsJson(materials), "json")));
    }
  }
  if (input.journals.length > 0) {
    // One row a decision, in the order decided: `seq` follows the array's order. Every entry
    // travels in one JSON parameter (journalRowsJson), so the text is one whatever the group's size.
    ctes.push(`j AS (INSERT INTO ${s}.journal (company_id, ${JOURNAL_INSERTED})
  SELECT $1::uuid, ${JOURNAL_SELECTED} FROM ROWS FROM (json_to_recordset(${bind(journalRowsJson(input.journals.map((record) => journalRow(record))), "json")}) AS (${JOURNAL_ROW_COLUMNS}))
    WITH ORDINALITY AS x(${JOURNAL_READ.join(", ")}, ord) ORDER BY x.ord)`);
  }
  if (input.idempotencyKey !== null) {
    // IDM-1: the key is claimed unless a decision still remembered holds it (IDM-4); a concurrent
    // holder makes this wait for it, then find the key taken: stale, and the next view reads the
    // holder's answer.
    ctes.push(`ik AS (INSERT INTO ${s}.idempotency_keys AS ik (company_id, key, at) VALUES ($1::uuid, ${bind(input.idempotencyKey, "text")}, ${bind(input.at, "bigint")})
  ON CONFLICT (company_id, key) DO UPDATE SET at = EXCLUDED.at WHERE ik.at <= ${bind(input.at - IDEMPOTENCY_KEY_LIFETIME_MS, "bigint")} RETURNING 1)`);
    checked.push("ik");
    expected += 1;
  }
  if (ctes.length === 0) return undefined;
  const moved = checked.length === 0 ? "0" : checked.map((c) => `(SELECT count(*) FROM ${c})`).join(" + ");
  return {
    text: `WITH ${ctes.join(",\n")}\nSELECT CASE WHEN ${moved} = ${bind(expected, "bigint")} THEN 1 ELSE ${s}.stale_view() END AS ok`,
    values,
  };
}

/**
 * A CTE moving each key's version `step` up from the version read (`0`: no row yet, inserted
 * at `step`), in key order so two commits take the rows in one order; its rows are those moved.
 * A write moves by 1; a refusal or a dry run by 0, which only locks the row, or creates it at 0.
 */
function versionBump(s: string, table: string, column: string, name: string, read: ReadonlyMap<Guid, number>, bind: (value: unknown, type: string) => string, step: 0 | 1): string {
  const keys = [...read.keys()].sort();
  const versions = keys.map((k) => read.get(k) as number);
  return `${name} AS (INSERT INTO ${s}.${table} AS ${name}t (company_id, ${column}, version)
  SELECT $1::uuid, x.id, x.version + ${step} FROM unnest(${bind(keys, "uuid[]")}, ${bind(versions, "bigint[]")}) AS x(id, version) ORDER BY x.id
  ON CONFLICT (company_id, ${column}) DO UPDATE SET version = ${name}t.version + ${step} WHERE ${name}t.version = EXCLUDED.version - ${step}
  RETURNING ${name}t.${column} AS id, ${name}t.version)`;
}

/**
 * A CTE that share-locks each record the view read at the version read, in GUID order; its rows
 * are those still at that version (a concurrent writer of one makes it wait, then drops the row).
 */
function versionShare(s: string, table: string, name: string, read: ReadonlyMap<Guid, number>, bind: (value: unknown, type: string) => string): string {
  const keys = [...read.keys()].sort();
  const versions = keys.map((k) => read.get(k) as number);
  return `${name} AS (SELECT t.id FROM ${s}.${table} t JOIN unnest(${bind(keys, "uuid[]")}, ${bind(versions, "bigint[]")}) AS x(id, version) ON t.id = x.id AND t.version = x.version
  WHERE t.company_id = $1 ORDER BY t.id FOR SHARE OF t)`;
}

/**
 * Version 7 of the schema (issue 33): what the optimistic commit compares and sets, and what it
 * no longer maintains.
 * - A `version` on every customer, order, intervention and store row (1 for rows already there).
 * - `technician_versions`: one row per technician whose bookings a decision checked (ASN-5).
 * - `idempotency_keys`: one row per key a write claimed (IDM-1), filled from the journal.
 * - `stale_view()`, which the commit calls to undo itself when a version moved (SQLSTATE 40001).
 * - The journal as the sync reads it: each entry's changes as three parallel arrays (kind, record,
 *   material), so a pull no longer parses the entries' JSON; the records an entry names in one
 *   array (`id:` GUIDs, `key:` external IDs) under one GIN index instead of two.
 * - The SQL listing's indexes go (trigram search, price, stock order and amount, the text orders
 *   of each collation): no request reads them, since the listing caches answer pages, and every
 *   write paid for them. The listing SQL stays the test oracle (`test/postgres/`).
 * @param schema - the schema
 * @returns the migration's SQL
 */
export function optimisticMigration(schema: string): string {
  const s = quoteSchema(schema);
  return `
ALTER TABLE ${s}.customers ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE ${s}.orders ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE ${s}.interventions ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE ${s}.stores ADD COLUMN version bigint NOT NULL DEFAULT 1;
CREATE TABLE ${s}.technician_versions (
  company_id uuid NOT NULL,
  user_id uuid NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (company_id, user_id)
);
CREATE TABLE ${s}.idempotency_keys (
  company_id uuid NOT NULL,
  key text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (company_id, key)
);
INSERT INTO ${s}.idempotency_keys (company_id, key, at)
  SELECT company_id, idempotency_key, max(at) FROM ${s}.journal WHERE idempotency_key IS NOT NULL GROUP BY company_id, idempotency_key;
CREATE FUNCTION ${s}.stale_view() RETURNS integer LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
  RAISE EXCEPTION 'field-service-rules: a version the decision read has moved' USING ERRCODE = '40001';
END
$fn$;
ALTER TABLE ${s}.journal ADD COLUMN records text[], ADD COLUMN changed_kinds text[], ADD COLUMN changed_ids uuid[], ADD COLUMN changed_materials uuid[];
UPDATE ${s}.journal SET
  records = ARRAY(SELECT 'id:' || x FROM unnest(record_ids) x) || ARRAY(SELECT 'key:' || x FROM unnest(record_keys) x),
  changed_kinds = ARRAY(SELECT c->>'kind' FROM json_array_elements(entry->'changes') c),
  changed_ids = ARRAY(SELECT COALESCE(c->'after'->>'id', c->>'storeId')::uuid FROM json_array_elements(entry->'changes') c),
  changed_materials = ARRAY(SELECT (c->>'materialId')::uuid FROM json_array_elements(entry->'changes') c);
ALTER TABLE ${s}.journal ALTER COLUMN records SET NOT NULL, ALTER COLUMN changed_kinds SET NOT NULL, ALTER COLUMN changed_ids SET NOT NULL,
  ALTER COLUMN changed_materials SET NOT NULL;
DROP INDEX ${s}.journal_record_ids, ${s}.journal_record_keys;
ALTER TABLE ${s}.journal DROP COLUMN record_ids, DROP COLUMN record_keys;
CREATE INDEX journal_records ON ${s}.journal USING gin (records);
DROP INDEX IF EXISTS ${s}.materials_search_trgm, ${s}.stock_store_seq, ${s}.stock_store_amount, ${s}.materials_price;
ALTER TABLE ${s}.materials DROP COLUMN search;
DO $drop$
DECLARE r record;
BEGIN
  FOR r IN SELECT indexname FROM pg_indexes WHERE schemaname = '${schema}' AND (indexname LIKE 'materials\\_name\\_%' OR indexname LIKE 'materials\\_code\\_%') LOOP
    EXECUTE format('DROP INDEX %I.%I', '${schema}', r.indexname);
  END LOOP;
END
$drop$;
`;
}

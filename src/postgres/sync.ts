import type { Customer } from "../customer/customer.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { Guid } from "../shared/guid.js";
import { putRecord, type CompanyState } from "../service/state.js";
import type { SyncScope } from "../sync/answer.js";
import { syncCursorMark, syncCursorServes, type SyncCursor } from "../sync/cursor.js";
import { addSyncChange, emptySyncChanges, type SyncChanges } from "../sync/scope.js";
import { emptyView } from "./records.js";
import type { PreparingExecutor, StoreListingCache } from "./store-listing-cache.js";
import { quoteSchema } from "./sql.js";

/**
 * Version 5 of the schema (issue 25, SYN-3): each journal entry records the transaction that
 * wrote it (`xact_id`), so a sync reads the entries its previous snapshot could not see, even
 * those with a smaller `seq` committed later; and interventions are found by day.
 * @param schema - the schema
 * @returns the migration's SQL
 */
export function syncMigration(schema: string): string {
  const s = quoteSchema(schema);
  return `
ALTER TABLE ${s}.journal ADD COLUMN xact_id xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX journal_xact ON ${s}.journal (company_id, xact_id);
CREATE INDEX interventions_day ON ${s}.interventions (company_id, (doc->>'day'));
`;
}

/** What {@link loadSyncView} answers: what `answer` made of the view, and the next position. */
export interface SyncView<R> {
  /** What `answer` returned. */
  readonly result: R;
  /** The snapshot's oldest running transaction: the next cursor's position. */
  readonly xmin: string;
  /** The next cursor's history (SYN-4): the cluster, and the newest journal entry the snapshot holds. */
  readonly history: string;
}

/**
 * Makes the answer from the view a sync read: called synchronously, before anything else in the
 * process can change the store-listing cache the view's stock and materials are read from (a
 * page read or another pull that applies a delta uses up the listing a stock view reads).
 * @param view - the company view holding the scope's records, the days' interventions and the changed interventions
 * @param changes - what the committed entries of transactions from the cursor's `xmin` on changed; `undefined` when no cursor was given
 * @returns the answer
 */
export type SyncAnswerOf<R> = (view: CompanyState, changes: SyncChanges | undefined) => R;

/**
 * Loads what a sync reads (SYN-2, SYN-3) in one statement, so one round trip and one snapshot:
 * the days' interventions (by the day index), the orders the technician is assigned on those
 * days with every intervention of theirs and their customers, the stores the technician may
 * use, and, given a cursor position, the changes of the committed journal entries whose
 * transaction is not older than it (`xact_id >= xmin`: every transaction the previous snapshot
 * could not see, re-sending a few it could), with the changed interventions; and the
 * snapshot's `xmin`, the next cursor. The stores' stock and the materials come from the
 * process's store-listing cache, brought up to date by the same statement (only the rows
 * changed since the versions it holds travel), so a pull does not ship a van's whole stock
 * and catalog each time. The cache may be newer than the snapshot in those parts (a
 * concurrent read of this process): whatever it holds beyond the snapshot was written by a
 * transaction the next cursor does not pass, so the next incremental answer sends it again.
 * @param db - where to run it: the statement is sent prepared, by name (its four texts are planned once per
 *   connection, not once per pull: planning it took longer than running it)
 * @param schema - the schema
 * @param config - the company's configuration
 * @param listings - the process's store-listing cache of this schema
 * @param scope - the technician and the days
 * @param since - the cursor of the same scope, `null` for a full answer
 * @param answer - makes the answer from the view, synchronously
 * @returns the answer and the next position; `undefined`, with `answer` not called, when the
 * cursor is not of this database's history (SYN-4): the caller asks again for a full answer
 */
export async function loadSyncView<R>(
  db: PreparingExecutor,
  schema: string,
  config: CompanyState,
  listings: StoreListingCache,
  scope: SyncScope,
  since: SyncCursor | null,
  answer: SyncAnswerOf<R>,
): Promise<SyncView<R> | undefined> {
  const after = since?.position ?? null;
  const s = quoteSchema(schema);
  const user = config.users.byId.get(scope.userId);
  // STO-2: an Administrator uses every store; anyone else those that list them.
  const everyStore = user?.roles.includes("Administrator") === true;
  const values: unknown[] = [config.id, scope.from, scope.to, scope.userId];
  const ctes = [
    `dv AS (SELECT id, order_id, doc FROM ${s}.interventions WHERE company_id = $1 AND (doc->>'day') >= $2::text AND (doc->>'day') <= $3::text)`,
    // The text search only spares parsing the documents that cannot name the technician.
    `o AS (SELECT id, customer_id, doc FROM ${s}.orders WHERE company_id = $1 AND id IN (
     SELECT dv.order_id FROM dv WHERE strpos(dv.doc::text, $4::text) > 0 AND EXISTS (SELECT 1 FROM json_array_elements(dv.doc->'assignations') a WHERE a->>'userId' = $4::text)))`,
    `us AS (SELECT id, doc FROM ${s}.stores WHERE company_id = $1${everyStore ? "" : ` AND EXISTS (SELECT 1 FROM json_array_elements_text(doc->'availableFor') x WHERE x = $4::text)`})`,
  ];
  // Stryker disable next-line ConditionalExpression: over a null cursor the CTE reads nothing, and no column of a full pull names it
  if (after !== null) {
    values.push(after);
    // The changes as the journal keeps them for a pull: three arrays, no JSON parsed (migration 7).
    ctes.push(`jc AS (SELECT c.kind, c.id, c.material
     FROM ${s}.journal j, unnest(j.changed_kinds, j.changed_ids, j.changed_materials) AS c(kind, id, material)
     WHERE j.company_id = $1 AND j.xact_id >= $5::text::xid8 AND j.outcome = 'committed')`);
  }
  // SYN-4: where this database's history stands, and whether it still holds the cursor's newest entry.
  const columns = [
    "pg_snapshot_xmin(pg_current_snapshot())::text AS xmin",
    "(SELECT system_identifier::text FROM pg_control_system()) AS cluster",
    `(SELECT seq::text || '.' || xact_id::text FROM ${s}.journal WHERE company_id = $1 ORDER BY seq DESC LIMIT 1) AS mark`,
    "(SELECT json_agg(doc) FROM o) AS orders",
    `(SELECT json_agg(doc ORDER BY seq) FROM ${s}.interventions WHERE company_id = $1 AND order_id IN (SELECT id FROM o)) AS of_orders`,
    `(SELECT json_agg(doc) FROM ${s}.customers WHERE company_id = $1 AND id = ANY(ARRAY(SELECT customer_id FROM o UNION SELECT (doc->>'invoiceCustomerId')::uuid FROM o))) AS customers`,
  ];
  const mark = since === null ? undefined : syncCursorMark(since);
  if (mark !== undefined) {
    values.push(mark.seq, mark.xact);
    columns.push(`EXISTS (SELECT 1 FROM ${s}.journal WHERE company_id = $1 AND seq = $${values.length - 1}::bigint AND xact_id = $${values.length}::text::xid8) AS mark_held`);
  }
  const delta = listings.deltaColumns(config, "us", values.length + 1);
  for (const v of delta.values) values.push(v);
  for (const c of delta.columns) columns.push(c);
  if (after === null) columns.push("(SELECT json_agg(doc) FROM dv) AS days");
  else {
    columns.push("(SELECT json_agg(json_build_array(kind, id, material)) FROM jc) AS changes");
    columns.push(`(SELECT json_agg(doc) FROM ${s}.interventions WHERE company_id = $1 AND id IN (SELECT id FROM jc WHERE kind = 'intervention')) AS changed`);
  }
  const result = await db.query(`WITH ${ctes.join(",\n  ")}\nSELECT ${columns.join(",\n  ")}`, values);
  const row = result.rows[0] as Record<string, unknown> & { xmin: string; cluster: string; mark: string | null; mark_held?: boolean };
  if (since !== null && !syncCursorServes(since, { kind: "p", position: row.xmin, cluster: row.cluster, markHeld: row.mark_held ?? true })) return undefined;
  const history = row.mark === null ? row.cluster : `${row.cluster}.${row.mark}`;
  // From here to the answer nothing awaits: the cache's materials and stock stay as applied
  // (a later delta uses up the listing a stock view reads, so the view must not outlive this call).
  const { materials, stores, stock } = listings.applyDelta(config, row);
  const list = (key: string): unknown[] => (row[key] as unknown[] | null) ?? [];
  const view: CompanyState = { ...emptyView(config), materials, stock };
  for (const doc of list("customers")) putRecord(view.customers, doc as Customer);
  for (const doc of list("orders")) {
    putRecord(view.orders, doc as Order);
    view.interventionsByOrder.set((doc as Order).id, []);
  }
  for (const doc of list("of_orders")) {
    const i = doc as Intervention;
    putRecord(view.interventions, i);
    // Stryker disable next-line OptionalChaining: every order of the view was given its list in the loop above
    view.interventionsByOrder.get(i.orderId)?.push(i.id);
  }
  for (const doc of [...list("days"), ...list("changed")]) {
    const i = doc as Intervention;
    // Stryker disable next-line ConditionalExpression: an intervention read by two sections is one document; putting it again changes nothing
    if (!view.interventions.byId.has(i.id)) putRecord(view.interventions, i);
  }
  for (const store of stores.values()) putRecord(view.stores, store);
  let changes: SyncChanges | undefined;
  if (after !== null) {
    changes = emptySyncChanges();
    for (const triple of list("changes")) {
      const [kind, id, material] = triple as [string, Guid, Guid | null];
      if (kind === "stock") addSyncChange(changes, { kind, storeId: id, materialId: material as Guid });
      else addSyncChange(changes, { kind, after: { id } });
    }
  }
  return { result: answer(view, changes), xmin: row.xmin, history };
}

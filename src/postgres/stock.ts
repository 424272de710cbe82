// Stock on PostgreSQL: a batch's changes written per store (STK-6), and amounts read back from
// their stored text (STK-1).
import type { Guid } from "../shared/guid.js";
import type { Amount } from "../stock/amount.js";
import type { StockChanges } from "../stock/batch.js";
import { amountOf, quoteSchema, type SqlExecutor } from "./sql.js";

/**
 * A stock amount from its stored text: `null` is unlimited (STK-1), a decimal text finite.
 * @param value - `amount::text` as read
 * @returns the amount
 * @throws Error when the value is neither `null` nor text
 */
export function amountFromText(value: unknown): Amount {
  if (value !== null && typeof value !== "string") throw new Error("PostgreSQL listing: an amount is neither null nor text");
  return amountOf(value);
}


/**
 * Writes the outcome of a stock batch (STK-6: the new amount of every touched material) in
 * one statement however large the batch: new materials are appended to the store's order,
 * stocked ones keep their place. Unlimited is stored as `NULL` (STK-1), finite amounts as
 * exact decimals. Run it in the transaction that read the stock the batch was computed from.
 * The same statement bumps the store's stock counter and stamps the rows with it (migration
 * 3), so every process's listing cache learns of the change.
 * @param db - the connection (inside a transaction)
 * @param schema - the schema
 * @param companyId - the company
 * @param storeId - the store
 * @param changes - the batch's changes
 * @throws Error on a database error (a material unknown to the company violates the foreign key)
 */
export async function writeStock(db: SqlExecutor, schema: string, companyId: Guid, storeId: Guid, changes: StockChanges): Promise<void> {
  await writeStocks(db, schema, companyId, new Map([[storeId, changes]]));
}

/**
 * {@link writeStock} for several stores at once (a move changes two), still one statement.
 * @param db - the connection (inside a transaction)
 * @param schema - the schema
 * @param companyId - the company
 * @param stores - each store's changes, by store GUID
 * @throws Error on a database error (a material unknown to the company violates the foreign key)
 */
export async function writeStocks(db: SqlExecutor, schema: string, companyId: Guid, stores: ReadonlyMap<Guid, StockChanges>): Promise<void> {
  const s = quoteSchema(schema);
  // As JSON (see writeMaterialRows): amounts as decimal strings, unlimited as null.
  const rows: { store: Guid; id: Guid; amount: string | null }[] = [];
  for (const [store, changes] of stores) {
    for (const [id, amount] of changes) rows.push({ store, id, amount: amount.kind === "unlimited" ? null : amount.value.toString() });
  }
  if (stores.size === 0) return;
  // ORDER BY the ordinality: the identity of new rows follows the batch's order. Each store's
  // stock counter is bumped, whether rows of it change or not, and its rows stamped with it in
  // this one statement (migration 3): the counter row's lock orders concurrent writers of the
  // store, and at REPEATABLE READ makes the later of two concurrent writers of one store fail
  // to serialize (docs/decisions.md "Isolation per operation"); stores in GUID order, so two
  // moves between the same stores take their counters in one order.
  await db.query(
    `WITH r AS (
       SELECT t.store, t.id, t.amount, t.ord FROM ROWS FROM (json_to_recordset($2::json) AS (store uuid, id uuid, amount numeric)) WITH ORDINALITY AS t(store, id, amount, ord)
     ), v AS (
       INSERT INTO ${s}.stock_versions AS sv (company_id, store_id, version)
       SELECT $1::uuid, d.store, 1 FROM unnest($3::uuid[]) AS d(store) ORDER BY d.store
       ON CONFLICT (company_id, store_id) DO UPDATE SET version = sv.version + 1 RETURNING sv.store_id, sv.version
     )
     INSERT INTO ${s}.stock (company_id, store_id, material_id, amount, version)
     SELECT $1::uuid, r.store, r.id, r.amount, v.version FROM r JOIN v ON v.store_id = r.store
     ORDER BY r.ord
     ON CONFLICT (company_id, store_id, material_id) DO UPDATE SET amount = EXCLUDED.amount, version = EXCLUDED.version`,
    [companyId, JSON.stringify(rows), [...stores.keys()]],
  );
}

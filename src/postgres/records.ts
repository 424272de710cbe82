import { collisionIndex } from "../assignation/collision-index.js";
import type { Customer } from "../customer/customer.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { Guid } from "../shared/guid.js";
import { isStorableText } from "../shared/text.js";
import { UNLIMITED, finite, type Amount } from "../stock/amount.js";
import type { Store } from "../store/store.js";
import type { OperationLoads, Keys } from "../service/loads.js";
import { emptyTable, putRecord, type Addressable, type Changes, type CompanyState, type Table } from "../service/state.js";
import type { StoredOperation } from "../service/storage.js";
import { IDEMPOTENCY_KEY_LIFETIME_MS } from "../journal/idempotency.js";
import type { RecordedAnswer } from "../journal/memory.js";
import type { Material } from "../material/material.js";
import { NESTED_LISTS, type NestedList } from "../order/owned-elements.js";
import { offeredMaterialsColumn, offerText, type MaterialCache } from "./material-cache.js";
import { materialFromRow, writeMaterialRows } from "./materials.js";
import { asRow, quoteSchema, text, type SqlExecutor } from "./sql.js";
import { writeStocks } from "./stock.js";

/**
 * A text key as stored: PostgreSQL `text` cannot hold U+0000, which an external ID may
 * contain, so keys are escaped one-to-one (`\` → `\\`, U+0000 → `\0`) and lookups use the
 * same escaping.
 * @param key - the key
 * @returns its stored form
 * @example
 * storedKey("a\u0000b") //=> "a\\0b"
 */
export function storedKey(key: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: the fast path only; escaping a key that holds neither character returns it unchanged
  return key.includes("\\") || key.includes("\u0000") ? key.replaceAll("\\", "\\\\").replaceAll("\u0000", "\\0") : key;
}

/**
 * A material's external ID as its row holds it, or `undefined` for a key no material can have.
 * Unlike the other records' keys ({@link storedKey}), a material's is its own column, stored
 * as sent: TXT-1 keeps U+0000 and unpaired surrogates out of every material text (`storable` in
 * materials.ts), so nothing needs escaping, and a key that holds either names no material.
 * @param key - the key
 * @returns the key, or `undefined` when it holds U+0000 or an unpaired surrogate
 * @example
 * materialKey("MAT\\1") //=> "MAT\\1"
 * materialKey("a\u0000b") //=> undefined
 */
export function materialKey(key: string): string | undefined {
  return isStorableText(key) ? key : undefined;
}

function storedKeyOrNull(key: string | null): string | null {
  return key === null ? null : storedKey(key);
}

/** The prefix of each nested list's keys in `element_keys`: one character and a colon, so no two lists' keys are equal. */
const LIST_TAGS: Readonly<Record<NestedList, string>> = { contactPeople: "c:", addresses: "a:", serviceObjects: "s:" };

/**
 * A nested element's external ID as a customer's `element_keys` holds it: its list's tag, then
 * the stored key ({@link storedKey}). An element's external ID is unique within its customer's
 * list only, so the same key may name a contact person of one customer and an address of
 * another; the tag lets the view of an order ask for a holder in the list the order names
 * (ORD-1) and read one such customer, not every customer holding the key in any list.
 * @param list - the element's list
 * @param key - its external ID
 * @returns the tagged stored key
 * @example
 * elementKey("addresses", "main") //=> "a:main"
 * elementKey("contactPeople", "a\u0000b") //=> "c:a\\0b"
 */
export function elementKey(list: NestedList, key: string): string {
  return LIST_TAGS[list] + storedKey(key);
}

/**
 * A customer as its row travels (`json_to_recordset`): its stored external ID, the GUIDs of its
 * nested elements and their external IDs tagged by list ({@link elementKey}), what UPS-6 and
 * ORD-1 look customers up by, and the document.
 * @param customer - the customer
 * @returns the row's columns
 */
export function customerRow(customer: Customer): { id: Guid; external_id: string | null; element_ids: Guid[]; element_keys: string[]; doc: Customer } {
  const elementIds: Guid[] = [];
  const elementKeys: string[] = [];
  for (const list of NESTED_LISTS) {
    const elements: readonly { readonly id: Guid; readonly externalId: string | null }[] = customer[list];
    for (const e of elements) {
      elementIds.push(e.id);
      if (e.externalId !== null) elementKeys.push(elementKey(list, e.externalId));
    }
  }
  return { id: customer.id, external_id: storedKeyOrNull(customer.externalId), element_ids: elementIds, element_keys: elementKeys, doc: customer };
}

/**
 * Migration 9's script: the column's comment says what `element_keys` now holds (the keys
 * themselves are rewritten by {@link tagElementKeys}, which reads each document).
 * @param schema - the schema
 * @returns the SQL script
 * @throws Error when the schema name is not a plain identifier
 */
export function elementKeysMigration(schema: string): string {
  return `COMMENT ON COLUMN ${quoteSchema(schema)}.customers.element_keys IS 'external IDs of the nested elements, each tagged by its list: c: contact person, a: address, s: service object'`;
}

/** How many customers migration 9 rewrites a statement: a bounded JSON text a batch, whatever the table holds. */
const TAG_BATCH = 500;

/**
 * Migration 9's step that SQL alone cannot do: rewrites every customer's `element_keys` as
 * {@link customerRow} computes them from its document, tagged by list. `->>` cannot read a
 * document text holding a U+0000 escape, so the keys are computed here, by the one function
 * that computes them on every write, in batches of {@link TAG_BATCH} customers in key order.
 * @param db - the migration's connection, inside its transaction
 * @param schema - the schema
 */
export async function tagElementKeys(db: SqlExecutor, schema: string): Promise<void> {
  const s = quoteSchema(schema);
  let after: readonly [string, string] | undefined;
  for (;;) {
    const rows = (await db.query(
      `SELECT company_id, id, doc::text AS doc FROM ${s}.customers${after === undefined ? "" : " WHERE (company_id, id) > ($2::uuid, $3::uuid)"} ORDER BY company_id, id LIMIT $1`,
      after === undefined ? [TAG_BATCH] : [TAG_BATCH, ...after],
    )).rows as { company_id: string; id: string; doc: string }[];
    const last = rows.at(-1);
    if (last === undefined) return;
    const keys = rows.map((r) => ({ company_id: r.company_id, id: r.id, element_keys: customerRow(JSON.parse(r.doc) as Customer).element_keys }));
    await db.query(
      `UPDATE ${s}.customers c SET element_keys = t.element_keys FROM json_to_recordset($1::json) AS t(company_id uuid, id uuid, element_keys text[]) WHERE c.company_id = t.company_id AND c.id = t.id`,
      [JSON.stringify(keys)],
    );
    after = [last.company_id, last.id];
  }
}

/** `json` keeps U+0000 escapes; the document is the record as JSON (instants are numbers, no decimals in these records). */
function docText(record: unknown): string {
  return JSON.stringify(record);
}

/**
 * A company view with the configuration and no records: what a request's loads fill.
 * @param config - the company's configuration (settings, users, catalogs)
 * @returns the view, every record table empty
 */
export function emptyView(config: CompanyState): CompanyState {
  return {
    id: config.id, tenantCode: config.tenantCode, name: config.name, clients: config.clients, settings: config.settings, users: config.users,
    apiUser: config.apiUser, catalogs: config.catalogs,
    customers: emptyTable(), orders: emptyTable(), interventions: emptyTable(), interventionsByOrder: new Map(), materials: emptyTable(),
    stores: emptyTable(), listings: new Map(), stock: new Map<Guid, ReadonlyMap<Guid, Amount>>(), allocations: collisionIndex([]),
  };
}

function keysOf(keys: Keys, form: (key: string) => string | undefined = storedKey): { ids: Guid[]; keys: string[] } {
  // Stryker disable next-line ArrayDeclaration: a key that no record has reads no row
  const stored: string[] = [];
  for (const key of keys.externalIds) {
    const k = form(key);
    // Stryker disable next-line ConditionalExpression: an `undefined` key is bound as NULL, and `external_id = ANY(…)` is never true for a NULL element
    if (k !== undefined) stored.push(k);
  }
  return { ids: [...keys.ids], keys: stored };
}

/** GUIDs and stored external IDs a view statement looks records up by. */
class KeyLists {
  readonly ids: Guid[] = [];
  // Stryker disable next-line ArrayDeclaration: a key that no record has reads no row
  readonly keys: string[] = [];
  /** These lists plus a load's keys (stored form: `form`, {@link storedKey} unless said). */
  with(load: Keys, form?: (key: string) => string | undefined): { ids: Guid[]; keys: string[] } {
    const k = keysOf(load, form);
    return { ids: [...this.ids, ...k.ids], keys: [...this.keys, ...k.keys] };
  }
}

const MATERIAL_COLUMNS =
  "id, external_id, name, identification_number, supplier_code, unit, price::text AS price, cost_price::text AS cost_price, category_id, supplier_id, description";

/**
 * The versions a view was read at (the optimistic commit's compare-and-set, docs/decisions.md
 * "What guards each invariant"): every record loaded, by GUID; each path store's stock
 * version (STK-6); each assigned technician's booking version (ASN-5). A version of 0 is a row
 * not written yet.
 */
export interface ViewStamp {
  /** Customers loaded. */
  readonly customers: Map<Guid, number>;
  /** Orders loaded. */
  readonly orders: Map<Guid, number>;
  /** Interventions loaded. */
  readonly interventions: Map<Guid, number>;
  /** Stores loaded. */
  readonly stores: Map<Guid, number>;
  /** The stock version of each path store whose stock was read. */
  readonly stock: Map<Guid, number>;
  /** The booking version of each technician whose allocations were read. */
  readonly technicians: Map<Guid, number>;
}

/** A stamp of nothing read. */
export function emptyStamp(): ViewStamp {
  return { customers: new Map(), orders: new Map(), interventions: new Map(), stores: new Map(), stock: new Map(), technicians: new Map() };
}

/**
 * The view and its versions from a view statement's row ({@link CompanyRecords.view}): each
 * section a JSON array, absent or `null` when the statement did not read it. The one reader of
 * that row, also for a view narrowed from what a locked stock turn read with its lock
 * (`hot-view.ts`).
 * @param config - the company's configuration
 * @param loads - what the operation reads
 * @param row - the sections read
 * @param materials - the materials read, as records, when the caller has made them from the `materials` section (a view statement's, through the process's MaterialCache); else that section's rows are read here
 * @returns the view and the versions it was read at
 */
export function viewOfRow(config: CompanyState, loads: OperationLoads, row: Readonly<Record<string, unknown>>, materials?: readonly Material[]): { view: CompanyState; stamp: ViewStamp } {
  const view = emptyView(config);
  const stamp = emptyStamp();
  const list = (key: string): unknown[] => (row[key] as unknown[] | null | undefined) ?? [];
  const put = <T extends Addressable>(table: Table<T>, versions: Map<Guid, number>, key: string): T[] => {
    const out: T[] = [];
    for (const pair of list(key)) {
      const [version, doc] = pair as [number, T];
      out.push(doc);
      versions.set(doc.id, version);
      // Stryker disable next-line ConditionalExpression: a record read by two sections is one document; putting it again changes nothing
      if (!table.byId.has(doc.id)) putRecord(table, doc);
    }
    return out;
  };
  put<Customer>(view.customers, stamp.customers, "customers");
  put<Order>(view.orders, stamp.orders, "orders");
  put<Intervention>(view.interventions, stamp.interventions, "interventions");
  if (loads.orderInterventions) {
    for (const id of view.orders.byId.keys()) view.interventionsByOrder.set(id, []);
    // Stryker disable next-line OptionalChaining: every order of the view was given its list on the line above
    for (const i of put<Intervention>(view.interventions, stamp.interventions, "of_orders")) view.interventionsByOrder.get(i.orderId)?.push(i.id);
  }
  // Stryker disable next-line ConditionalExpression: without the section there are no rows, and an index of none is the empty view's own
  if (loads.allocations !== undefined) {
    view.allocations = collisionIndex(put<Intervention>(view.interventions, stamp.interventions, "allocated"));
    for (const pair of list("technicians")) {
      const [user, version] = pair as [Guid, number];
      stamp.technicians.set(user, version);
    }
  }
  if (materials !== undefined) for (const m of materials) putRecord(view.materials, m);
  else for (const r of list("materials")) putRecord(view.materials, materialFromRow(r));
  put<Store>(view.stores, stamp.stores, "stores");
  // Stryker disable next-line ConditionalExpression,StringLiteral: without stock loads the statement has no path_stores nor stock section, so both loops run over nothing
  if (loads.stock !== "none") {
    const stock = view.stock as Map<Guid, Map<Guid, Amount>>;
    for (const pair of list("path_stores")) {
      const [id, version] = pair as [Guid, number];
      stock.set(id, new Map());
      stamp.stock.set(id, version);
    }
    for (const triple of list("stock")) {
      const [storeId, materialId, amount] = triple as [Guid, Guid, string | null];
      // Stryker disable next-line OptionalChaining: stock rows are read for the path stores only, each given its map by the loop above
      stock.get(storeId)?.set(materialId, amount === null ? UNLIMITED : finite(amount));
    }
  }
  return { view, stamp };
}

/** The SQL of one request's reads and writes in one schema and one company. */
export class CompanyRecords {
  readonly #db: SqlExecutor;
  readonly #schema: string;
  readonly #s: string;
  readonly #company: Guid;
  readonly #materials: MaterialCache | undefined;
  /**
   * The answer recorded under the operation's idempotency key (IDM-1), read with the view by
   * {@link CompanyRecords.view}; `undefined` when none is remembered.
   */
  recorded: RecordedAnswer | undefined;

  /**
   * @param db - the connection (inside the request's transaction)
   * @param schema - the schema
   * @param companyId - the caller's company: every statement filters by it (AUTH-4)
   * @param materials - the process's materials read before, which a view then reads by GUID only while their rows are unchanged; none: every view reads its materials whole
   */
  constructor(db: SqlExecutor, schema: string, companyId: Guid, materials?: MaterialCache) {
    this.#db = db;
    this.#schema = schema;
    this.#s = quoteSchema(schema);
    this.#company = companyId;
    this.#materials = materials;
  }

  /**
   * Writes a change set: the records (customers, orders, interventions with their
   * allocations, stores) in one statement, whatever their number (each kind travels as one
   * JSON array), then materials and stock through `writeMaterialRows` and `writeStock` (no
   * operation writes records and stock at once). Records are upserted by GUID; an external ID
   * taken meanwhile by another transaction violates the unique constraint. An intervention's
   * allocations are rewritten with it: rows of users it no longer assigns (all of them once it
   * is cancelled) are deleted and the others upserted, so the two never touch one row.
   * Requests write through the commit statement (`commit.ts`); this writer seeds and sets up
   * records (`PostgresStorage.write`, the fixture's stores).
   * @param changes - the records to put
   */
  async write(changes: Changes): Promise<void> {
    const customers = (changes.customers ?? []).map(customerRow);
    const orders = (changes.orders ?? []).map((x) => ({ id: x.id, external_id: storedKeyOrNull(x.externalId), customer_id: x.customerId, doc: x }));
    const interventions: Record<string, unknown>[] = [];
    const reallocated: Guid[] = [];
    const allocations: Record<string, unknown>[] = [];
    for (const x of changes.interventions ?? []) {
      interventions.push({ id: x.id, external_id: storedKeyOrNull(x.externalId), order_id: x.orderId, doc: x });
      reallocated.push(x.id);
      if (x.state === "Cancelled") continue;
      for (const a of x.assignations) allocations.push({ intervention_id: x.id, user_id: a.userId, start_at: a.plannedStart, end_at: a.plannedEnd });
    }
    const stores = (changes.stores ?? []).map((x) => ({ id: x.id, external_id: storedKeyOrNull(x.externalId), doc: x }));
    if (customers.length + orders.length + interventions.length + stores.length > 0) {
      const s = this.#s;
      // The CTEs run against one snapshot in no set order; foreign keys are checked at the end
      // of the statement, so an order may name a customer inserted beside it.
      await this.#db.query(
        `WITH c AS (
  INSERT INTO ${s}.customers (company_id, id, external_id, element_ids, element_keys, doc)
  SELECT $1::uuid, t.id, t.external_id, t.element_ids, t.element_keys, t.doc FROM json_to_recordset($2::json) AS t(id uuid, external_id text, element_ids uuid[], element_keys text[], doc json)
  ON CONFLICT (company_id, id) DO UPDATE SET external_id = EXCLUDED.external_id, element_ids = EXCLUDED.element_ids, element_keys = EXCLUDED.element_keys, doc = EXCLUDED.doc, version = customers.version + 1
), o AS (
  INSERT INTO ${s}.orders (company_id, id, external_id, customer_id, doc)
  SELECT $1::uuid, t.id, t.external_id, t.customer_id, t.doc FROM json_to_recordset($3::json) AS t(id uuid, external_id text, customer_id uuid, doc json)
  ON CONFLICT (company_id, id) DO UPDATE SET external_id = EXCLUDED.external_id, customer_id = EXCLUDED.customer_id, doc = EXCLUDED.doc, version = orders.version + 1
), i AS (
  INSERT INTO ${s}.interventions (company_id, id, external_id, order_id, doc)
  SELECT $1::uuid, t.id, t.external_id, t.order_id, t.doc FROM ROWS FROM (json_to_recordset($4::json) AS (id uuid, external_id text, order_id uuid, doc json)) WITH ORDINALITY AS t(id, external_id, order_id, doc, ord)
  ORDER BY t.ord
  ON CONFLICT (company_id, id) DO UPDATE SET external_id = EXCLUDED.external_id, doc = EXCLUDED.doc, version = interventions.version + 1
), n AS (
  SELECT t.intervention_id, t.user_id, t.start_at, t.end_at FROM json_to_recordset($6::json) AS t(intervention_id uuid, user_id uuid, start_at bigint, end_at bigint)
), d AS (
  DELETE FROM ${s}.allocations a WHERE a.company_id = $1 AND a.intervention_id = ANY($5::uuid[])
    AND NOT EXISTS (SELECT 1 FROM n WHERE n.intervention_id = a.intervention_id AND n.user_id = a.user_id)
), a AS (
  INSERT INTO ${s}.allocations (company_id, intervention_id, user_id, start_at, end_at) SELECT $1::uuid, n.intervention_id, n.user_id, n.start_at, n.end_at FROM n
  ON CONFLICT (company_id, intervention_id, user_id) DO UPDATE SET start_at = EXCLUDED.start_at, end_at = EXCLUDED.end_at
), st AS (
  INSERT INTO ${s}.stores (company_id, id, external_id, doc)
  SELECT $1::uuid, t.id, t.external_id, t.doc FROM json_to_recordset($7::json) AS t(id uuid, external_id text, doc json)
  ON CONFLICT (company_id, id) DO UPDATE SET external_id = EXCLUDED.external_id, doc = EXCLUDED.doc, version = stores.version + 1
)
SELECT 1`,
        [this.#company, docText(customers), docText(orders), docText(interventions), reallocated, docText(allocations), docText(stores)],
      );
    }
    // Each writes nothing, and sends nothing, when given nothing.
    await writeMaterialRows(this.#db, this.#schema, this.#company, changes.materials ?? []);
    await writeStocks(this.#db, this.#schema, this.#company, changes.stock ?? new Map());
  }

  /**
   * Loads the view one operation reads, in one statement (one round trip, one snapshot): the
   * path's records (the intervention only when it belongs to the path's order, INT-8, which
   * the service checks on the view), then what {@link OperationLoads} names. Later loads that
   * depend on earlier ones (an order's customer and interventions, the path stores' stock)
   * are subqueries of the same statement.
   * @param config - the company's configuration
   * @param operation - the operation
   * @param loads - what it reads besides the path
   * @returns the view
   */
  async view(config: CompanyState, operation: StoredOperation, loads: OperationLoads): Promise<{ view: CompanyState; stamp: ViewStamp }> {
    const byId = operation.form === "id";
    const path = { customer: new KeyLists(), order: new KeyLists(), intervention: new KeyLists(), material: new KeyLists(), store: new KeyLists() };
    for (const p of operation.params) {
      const lists = p.name === "toStore" ? path.store : path[p.name];
      if (byId) lists.ids.push(p.value.toLowerCase() as Guid);
      else {
        const key = p.name === "material" ? materialKey(p.value) : storedKey(p.value);
        // Stryker disable next-line ConditionalExpression: an `undefined` key is bound as NULL, and `external_id = ANY(…)` is never true for a NULL element
        if (key !== undefined) lists.keys.push(key);
      }
    }
    const customers = path.customer.with(loads.customers);
    const elementIds = loads.customerElements.ids;
    const orders = path.order.with(loads.orders);
    const interventions = path.intervention.with(loads.interventions);
    const materials = path.material.with(loads.materials, materialKey);
    const stores = path.store.with(loads.stores);
    const allocations = loads.allocations;
    const s = this.#s;
    // Only the sections this operation reads are written into the statement: PostgreSQL plans
    // every statement it is sent, and planning subqueries over empty lists costs a read as much
    // as running it. Values are bound in the order the sections are written.
    const values: unknown[] = [this.#company];
    const bind = (value: unknown, type: string): string => {
      values.push(value);
      return `$${values.length}::${type}`;
    };
    const anyKey = (k: { ids: readonly Guid[]; keys: readonly string[] }): string | undefined => {
      const parts: string[] = [];
      if (k.ids.length > 0) parts.push(`id = ANY(${bind(k.ids, "uuid[]")})`);
      if (k.keys.length > 0) parts.push(`external_id = ANY(${bind(k.keys, "text[]")})`);
      return parts.length === 0 ? undefined : parts.join(" OR ");
    };
    const ctes: string[] = [];
    const columns: string[] = [];
    const orderKeys = anyKey(orders);
    if (orderKeys !== undefined) {
      ctes.push(`o AS (SELECT id, customer_id, doc, version FROM ${s}.orders WHERE company_id = $1 AND (${orderKeys}))`);
      columns.push("(SELECT json_agg(json_build_array(version, doc)) FROM o) AS orders");
      if (loads.orderInterventions) {
        columns.push(`(SELECT json_agg(json_build_array(version, doc) ORDER BY seq) FROM ${s}.interventions WHERE company_id = $1 AND order_id IN (SELECT id FROM o)) AS of_orders`);
      }
    }
    const customerWhere: string[] = [];
    const customerKeys = anyKey(customers);
    if (customerKeys !== undefined) customerWhere.push(customerKeys);
    if (elementIds.length > 0) customerWhere.push(`element_ids && ${bind(elementIds, "uuid[]")}`);
    if (loads.orderCustomers && orderKeys !== undefined) customerWhere.push("id IN (SELECT customer_id FROM o)");
    // An element named by external ID (ORD-1): the customers read above, and one other customer
    // holding it in that list when none of them does. ORD-1 asks only whether another customer
    // holds it, and element keys repeat across customers (every customer may have an address
    // `main`), so reading every holder would read the company. A valid order's customer holds
    // each, so a holder is looked up only for a reference the decision refuses. One bound array
    // whatever the body names (up to 1,000 devices), so the statement's size and plan stay fixed.
    const tagged: string[] = [];
    for (const list of NESTED_LISTS) for (const key of loads.customerElements.externalIds[list]) tagged.push(elementKey(list, key));
    if (tagged.length > 0) {
      // The keys the customers named hold, in one hashed set (`NOT IN` over a subquery of no
      // NULL); then, for each other key, its first holder. Materialized, the holders are planned
      // as if all were read (the GIN index), and the LIMIT outside stops at the first: a plain
      // LIMIT 1 made the planner scan the table for a key nobody holds (docs/decisions.md).
      const held = customerWhere.length === 0 ? "" : ` WHERE q.k NOT IN (SELECT unnest(n.element_keys) FROM ${s}.customers n WHERE n.company_id = $1 AND (${customerWhere.join(" OR ")}))`;
      customerWhere.push(`id = ANY(ARRAY(SELECT (WITH h AS MATERIALIZED (SELECT c.id FROM ${s}.customers c WHERE c.company_id = $1 AND c.element_keys @> ARRAY[q.k]) SELECT id FROM h LIMIT 1) FROM unnest(${bind(tagged, "text[]")}) AS q(k)${held}))`);
    }
    if (customerWhere.length > 0) columns.push(`(SELECT json_agg(json_build_array(version, doc)) FROM ${s}.customers WHERE company_id = $1 AND (${customerWhere.join(" OR ")})) AS customers`);
    const interventionKeys = anyKey(interventions);
    if (interventionKeys !== undefined) columns.push(`(SELECT json_agg(json_build_array(version, doc)) FROM ${s}.interventions WHERE company_id = $1 AND (${interventionKeys})) AS interventions`);
    if (allocations !== undefined) {
      const from = bind(allocations.from, "bigint");
      const users = bind(allocations.userIds, "uuid[]");
      columns.push(`(SELECT json_agg(json_build_array(i.version, i.doc)) FROM ${s}.interventions i WHERE i.company_id = $1 AND i.id IN (
     SELECT a.intervention_id FROM ${s}.allocations a
     WHERE a.company_id = $1 AND a.user_id = ANY(${users}) AND a.start_at > ${from} - 93600000 AND a.start_at < ${bind(allocations.to, "bigint")} AND a.end_at > ${from})) AS allocated`);
      // The technicians' versions (ASN-5): a commit that books one of them moves its version.
      columns.push(`(SELECT json_agg(json_build_array(u.id, COALESCE(tv.version, 0))) FROM unnest(${users}) AS u(id)
     LEFT JOIN ${s}.technician_versions tv ON tv.company_id = $1 AND tv.user_id = u.id) AS technicians`);
    }
    const materialKeys = anyKey(materials);
    // The materials this process read before, offered by the transaction that wrote each
    // (MaterialCache): a row still as that one left it is answered by its GUID alone.
    // Stryker disable next-line ConditionalExpression: asked with no material named, the cache offers none, the same
    const known = materialKeys === undefined ? undefined : this.#materials?.known(this.#company, materials.ids, materials.keys);
    if (materialKeys !== undefined) {
      ctes.push(`m AS (SELECT ${MATERIAL_COLUMNS}, written_by::text AS w FROM ${s}.materials WHERE company_id = $1 AND (${materialKeys}))`);
      // Stryker disable next-line ConditionalExpression: offering none answers every row whole, as the plain form does; the plain form only spares a parameter
      columns.push(offeredMaterialsColumn(known === undefined || known.size === 0 ? undefined : bind(offerText(known), "jsonb")));
    }
    const storeKeys = anyKey(stores);
    if (storeKeys !== undefined) columns.push(`(SELECT json_agg(json_build_array(version, doc)) FROM ${s}.stores WHERE company_id = $1 AND (${storeKeys})) AS stores`);
    const pathStoreKeys = loads.stock === "named" ? anyKey(path.store) : undefined;
    if (pathStoreKeys !== undefined) {
      ctes.push(`ps AS (SELECT id FROM ${s}.stores WHERE company_id = $1 AND (${pathStoreKeys}))`);
      // Each path store with the version of its stock (STK-6): a stock commit moves it.
      columns.push(`(SELECT json_agg(json_build_array(ps.id, COALESCE(v.version, 0))) FROM ps LEFT JOIN ${s}.stock_versions v ON v.company_id = $1 AND v.store_id = ps.id) AS path_stores`);
      if (materialKeys !== undefined) {
        columns.push(`(SELECT json_agg(json_build_array(k.store_id, k.material_id, k.amount::text) ORDER BY k.store_id, k.seq) FROM ${s}.stock k
     WHERE k.company_id = $1 AND k.store_id IN (SELECT id FROM ps) AND k.material_id IN (SELECT id FROM m)) AS stock`);
      }
    }
    if (operation.idempotencyKey !== null) {
      // The newest entry under the key still remembered (IDM-1, IDM-4), in the view's snapshot,
      // taken after the key's lock was granted.
      columns.push(`(SELECT json_build_array(j.fingerprint, j.status, j.entry->'answer', j.dry_run) FROM ${s}.journal j
     WHERE j.company_id = $1 AND j.idempotency_key = ${bind(operation.idempotencyKey, "text")} AND j.at > ${bind(operation.at - IDEMPOTENCY_KEY_LIFETIME_MS, "bigint")}
     ORDER BY j.seq DESC LIMIT 1) AS recorded`);
    }
    // An operation that reads nothing besides configuration still sends one statement: its
    // records are what the decision is told do not exist.
    const result = await this.#db.query(
      `${ctes.length > 0 ? `WITH ${ctes.join(",\n  ")}\n` : ""}SELECT ${columns.length > 0 ? columns.join(",\n  ") : "$1::uuid AS company"}`,
      values,
    );
    const row = result.rows[0] as Record<string, unknown> | undefined;
    const recorded = row?.["recorded"] as [string, number, unknown, boolean] | null | undefined;
    this.recorded =
      recorded === null || recorded === undefined
        ? undefined
        : recorded[2] === null
          ? { fingerprint: recorded[0], status: recorded[1], dryRun: recorded[3] }
          : { fingerprint: recorded[0], status: recorded[1], answer: recorded[2], dryRun: recorded[3] };
    // Without a cache the rows are read by `viewOfRow` (nothing was offered, so every row is whole).
    // Stryker disable next-line OptionalChaining: a statement of one SELECT without FROM answers one row
    const materialsRead = this.#materials?.answered(this.#company, row?.["materials"], known);
    // Stryker disable next-line OptionalChaining: a statement of one SELECT without FROM answers one row
    return viewOfRow(config, loads, row ?? {}, materialsRead);
  }

  /** Every record and amount of the company, ordered, as one JSON text (tests compare two). */
  async snapshot(): Promise<string> {
    const s = this.#s;
    const c = [this.#company];
    const docs = async (sql: string): Promise<unknown[]> => (await this.#db.query(sql, c)).rows;
    return JSON.stringify([
      await docs(`SELECT id, external_id, element_ids, element_keys, doc::text FROM ${s}.customers WHERE company_id = $1 ORDER BY id`),
      await docs(`SELECT id, external_id, customer_id, doc::text FROM ${s}.orders WHERE company_id = $1 ORDER BY id`),
      await docs(`SELECT id, external_id, order_id, seq, doc::text FROM ${s}.interventions WHERE company_id = $1 ORDER BY id`),
      await docs(`SELECT intervention_id, user_id, start_at, end_at FROM ${s}.allocations WHERE company_id = $1 ORDER BY intervention_id, user_id`),
      await docs(`SELECT ${MATERIAL_COLUMNS} FROM ${s}.materials WHERE company_id = $1 ORDER BY id`),
      await docs(`SELECT id, external_id, doc::text FROM ${s}.stores WHERE company_id = $1 ORDER BY id`),
      await docs(`SELECT store_id, material_id, amount::text, seq FROM ${s}.stock WHERE company_id = $1 ORDER BY store_id, seq`),
    ]);
  }
}

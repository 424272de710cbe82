import { collisionIndex } from "../assignation/collision-index.js";
import type { Customer } from "../customer/customer.js";
import type { Intervention } from "../intervention/intervention.js";
import type { Material } from "../material/material.js";
import type { Order } from "../order/order.js";
import type { Guid } from "../shared/guid.js";
import type { Amount } from "../stock/amount.js";
import type { Store } from "../store/store.js";
import type { OperationLoads, Keys } from "../service/loads.js";
import { emptyTable, putRecord, type Changes, type CompanyState } from "../service/state.js";
import type { StoredOperation } from "../service/storage.js";
import { materialFromRow, quoteSchema, readStock, writeMaterialRows, writeStock, type SqlExecutor } from "./listing.js";

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
  return key.includes("\\") || key.includes("\u0000") ? key.replaceAll("\\", "\\\\").replaceAll("\u0000", "\\0") : key;
}

function storedKeyOrNull(key: string | null): string | null {
  return key === null ? null : storedKey(key);
}

/** A JSON document column's value: `pg` parses `json` columns; this narrows it to the record type at the boundary. */
function docOf<T>(row: unknown): T {
  const doc = (row as { doc?: unknown }).doc;
  if (typeof doc !== "object" || doc === null) throw new Error("PostgreSQL storage: a row has no document");
  return doc as T;
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

function keysOf(keys: Keys): { ids: Guid[]; keys: string[] } {
  return { ids: [...keys.ids], keys: keys.externalIds.map(storedKey) };
}

const MATERIAL_COLUMNS =
  "id, external_id, name, identification_number, supplier_code, unit, price::text AS price, cost_price::text AS cost_price, category_id, supplier_id, description";

/** The SQL of one request's reads and writes in one schema and one company. */
export class CompanyRecords {
  readonly #db: SqlExecutor;
  readonly #schema: string;
  readonly #s: string;
  readonly #company: Guid;

  /**
   * @param db - the connection (inside the request's transaction)
   * @param schema - the schema
   * @param companyId - the caller's company: every statement filters by it (AUTH-4)
   */
  constructor(db: SqlExecutor, schema: string, companyId: Guid) {
    this.#db = db;
    this.#schema = schema;
    this.#s = quoteSchema(schema);
    this.#company = companyId;
  }

  async #select<T>(table: string, columns: string, keys: Keys, extra = ""): Promise<T[]> {
    const k = keysOf(keys);
    if (k.ids.length === 0 && k.keys.length === 0) return [];
    const rows = await this.#db.query(
      `SELECT ${columns} FROM ${this.#s}.${table} WHERE company_id = $1 AND (id = ANY($2::uuid[]) OR external_id = ANY($3::text[]))${extra}`,
      [this.#company, k.ids, k.keys],
    );
    return rows.rows as T[];
  }

  /** Customers by GUID or external ID. */
  async customers(view: CompanyState, keys: Keys): Promise<void> {
    for (const row of await this.#select("customers", "doc", keys)) putRecord(view.customers, docOf<Customer>(row));
  }

  /** Customers holding a nested element with one of these GUIDs or external IDs. */
  async customersWithElements(view: CompanyState, keys: Keys): Promise<void> {
    const k = keysOf(keys);
    if (k.ids.length === 0 && k.keys.length === 0) return;
    const rows = await this.#db.query(
      `SELECT doc FROM ${this.#s}.customers WHERE company_id = $1 AND (element_ids && $2::uuid[] OR element_keys && $3::text[])`,
      [this.#company, k.ids, k.keys],
    );
    for (const row of rows.rows) putRecord(view.customers, docOf<Customer>(row));
  }

  /** Customers by GUID (an order's customer). */
  async customersById(view: CompanyState, ids: readonly Guid[]): Promise<void> {
    const missing = ids.filter((id) => !view.customers.byId.has(id));
    if (missing.length > 0) await this.customers(view, { ids: missing, externalIds: [] });
  }

  /** Orders by GUID or external ID. */
  async orders(view: CompanyState, keys: Keys): Promise<void> {
    for (const row of await this.#select("orders", "doc", keys)) putRecord(view.orders, docOf<Order>(row));
  }

  /** Interventions by GUID or external ID. */
  async interventions(view: CompanyState, keys: Keys): Promise<void> {
    for (const row of await this.#select("interventions", "doc", keys)) putRecord(view.interventions, docOf<Intervention>(row));
  }

  /** Every intervention of these orders, in planning order, and each order's list of them. */
  async interventionsOfOrders(view: CompanyState, orderIds: readonly Guid[]): Promise<void> {
    if (orderIds.length === 0) return;
    const rows = await this.#db.query(`SELECT order_id, doc FROM ${this.#s}.interventions WHERE company_id = $1 AND order_id = ANY($2::uuid[]) ORDER BY seq`, [
      this.#company,
      orderIds,
    ]);
    for (const id of orderIds) view.interventionsByOrder.set(id, []);
    for (const row of rows.rows) {
      const i = docOf<Intervention>(row);
      if (!view.interventions.byId.has(i.id)) putRecord(view.interventions, i);
      view.interventionsByOrder.get(i.orderId)?.push(i.id);
    }
  }

  /**
   * The interventions with an allocation of one of these technicians overlapping
   * `[from, to)`, into the view and its collision index (ASN-5). An allocation lies within one
   * day (ASN-4), so it starts less than 26 hours before `from`: the index range scanned, and
   * the predicate SERIALIZABLE locks, stay that narrow.
   */
  async allocations(view: CompanyState, load: NonNullable<OperationLoads["allocations"]>): Promise<void> {
    const rows = await this.#db.query(
      `SELECT i.doc FROM ${this.#s}.interventions i WHERE i.company_id = $1 AND i.id IN (
         SELECT a.intervention_id FROM ${this.#s}.allocations a
         WHERE a.company_id = $1 AND a.user_id = ANY($2::uuid[]) AND a.start_at > $3::bigint - 93600000 AND a.start_at < $4::bigint AND a.end_at > $3::bigint)`,
      [this.#company, load.userIds, load.from, load.to],
    );
    const found: Intervention[] = [];
    for (const row of rows.rows) {
      const i = docOf<Intervention>(row);
      found.push(i);
      if (!view.interventions.byId.has(i.id)) putRecord(view.interventions, i);
    }
    view.allocations = collisionIndex(found);
  }

  /** Materials by GUID or external ID. */
  async materials(view: CompanyState, keys: Keys): Promise<void> {
    for (const row of await this.#select("materials", MATERIAL_COLUMNS, keys)) putRecord(view.materials, materialFromRow(row));
  }

  /** Stores by GUID or external ID. */
  async stores(view: CompanyState, keys: Keys): Promise<void> {
    for (const row of await this.#select("stores", "doc", keys)) putRecord(view.stores, docOf<Store>(row));
  }

  /** A store's stock of the materials in the view. */
  async stock(view: CompanyState, storeId: Guid): Promise<void> {
    const ids = [...view.materials.byId.keys()];
    const amounts = ids.length === 0 ? new Map<Guid, Amount>() : await readStock(this.#db, this.#schema, this.#company, storeId, ids);
    (view.stock as Map<Guid, ReadonlyMap<Guid, Amount>>).set(storeId, amounts);
  }

  /**
   * Writes a change set: records are upserted by GUID (an external ID taken meanwhile by
   * another transaction violates the unique constraint, and the request is re-run), an
   * intervention's allocations are replaced when its assignations or its cancelled state
   * changed, stock goes through `writeStock`.
   * @param changes - what the decision asked to write
   * @param before - the view the decision read (to skip unchanged allocations)
   */
  async write(changes: Changes, before: CompanyState | undefined): Promise<void> {
    const s = this.#s;
    const c = this.#company;
    for (const x of changes.customers ?? []) {
      const elementIds: Guid[] = [];
      const elementKeys: string[] = [];
      for (const list of [x.contactPeople, x.addresses, x.serviceObjects]) {
        for (const e of list) {
          elementIds.push(e.id);
          if (e.externalId !== null) elementKeys.push(storedKey(e.externalId));
        }
      }
      await this.#db.query(
        `INSERT INTO ${s}.customers (company_id, id, external_id, element_ids, element_keys, doc) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (company_id, id) DO UPDATE SET external_id = EXCLUDED.external_id, element_ids = EXCLUDED.element_ids,
           element_keys = EXCLUDED.element_keys, doc = EXCLUDED.doc`,
        [c, x.id, storedKeyOrNull(x.externalId), elementIds, elementKeys, docText(x)],
      );
    }
    for (const x of changes.orders ?? []) {
      await this.#db.query(
        `INSERT INTO ${s}.orders (company_id, id, external_id, customer_id, doc) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (company_id, id) DO UPDATE SET external_id = EXCLUDED.external_id, customer_id = EXCLUDED.customer_id, doc = EXCLUDED.doc`,
        [c, x.id, storedKeyOrNull(x.externalId), x.customerId, docText(x)],
      );
    }
    for (const x of changes.interventions ?? []) {
      await this.#db.query(
        `INSERT INTO ${s}.interventions (company_id, id, external_id, order_id, doc) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (company_id, id) DO UPDATE SET external_id = EXCLUDED.external_id, doc = EXCLUDED.doc`,
        [c, x.id, storedKeyOrNull(x.externalId), x.orderId, docText(x)],
      );
      const old = before?.interventions.byId.get(x.id);
      // Lifecycle moves and edits keep the same assignations: their allocations stay as they are.
      if (old !== undefined && old.assignations === x.assignations && (old.state === "Cancelled") === (x.state === "Cancelled")) continue;
      if (old !== undefined) await this.#db.query(`DELETE FROM ${s}.allocations WHERE company_id = $1 AND intervention_id = $2`, [c, x.id]);
      if (x.state === "Cancelled" || x.assignations.length === 0) continue;
      await this.#db.query(
        `INSERT INTO ${s}.allocations (company_id, intervention_id, user_id, start_at, end_at)
         SELECT $1::uuid, $2::uuid, t.user_id, t.start_at, t.end_at FROM unnest($3::uuid[], $4::bigint[], $5::bigint[]) AS t(user_id, start_at, end_at)`,
        [c, x.id, x.assignations.map((a) => a.userId), x.assignations.map((a) => a.plannedStart), x.assignations.map((a) => a.plannedEnd)],
      );
    }
    const materials: readonly Material[] = changes.materials ?? [];
    if (materials.length > 0) await writeMaterialRows(this.#db, this.#schema, c, materials);
    for (const x of changes.stores ?? []) {
      await this.#db.query(
        `INSERT INTO ${s}.stores (company_id, id, external_id, doc) VALUES ($1, $2, $3, $4)
         ON CONFLICT (company_id, id) DO UPDATE SET external_id = EXCLUDED.external_id, doc = EXCLUDED.doc`,
        [c, x.id, storedKeyOrNull(x.externalId), docText(x)],
      );
    }
    for (const [storeId, amounts] of changes.stock ?? new Map()) await writeStock(this.#db, this.#schema, c, storeId, amounts);
  }

  /**
   * Loads the view one operation reads: the path's records (the intervention only when it
   * belongs to the path's order, INT-8), then what {@link OperationLoads} names.
   * @param config - the company's configuration
   * @param operation - the operation
   * @param loads - what it reads besides the path
   * @returns the view
   */
  async view(config: CompanyState, operation: StoredOperation, loads: OperationLoads): Promise<CompanyState> {
    const view = emptyView(config);
    const byForm = (value: string): Keys => (operation.form === "id" ? { ids: [value.toLowerCase() as Guid], externalIds: [] } : { ids: [], externalIds: [value] });
    const storeIds: Guid[] = [];
    for (const p of operation.params) {
      if (p.name === "customer") await this.customers(view, byForm(p.value));
      else if (p.name === "order") await this.orders(view, byForm(p.value));
      else if (p.name === "intervention") await this.interventions(view, byForm(p.value));
      else if (p.name === "material") await this.materials(view, byForm(p.value));
      else {
        await this.stores(view, byForm(p.value));
        const store = operation.form === "id" ? view.stores.byId.get(p.value.toLowerCase() as Guid) : view.stores.byKey.get(p.value);
        if (store !== undefined) storeIds.push(store.id);
      }
    }
    await this.customers(view, loads.customers);
    await this.customersWithElements(view, loads.customerElements);
    await this.orders(view, loads.orders);
    await this.interventions(view, loads.interventions);
    const orderIds = [...view.orders.byId.keys()];
    if (loads.orderCustomers) await this.customersById(view, [...view.orders.byId.values()].map((o) => o.customerId));
    if (loads.orderInterventions) await this.interventionsOfOrders(view, orderIds);
    if (loads.allocations !== undefined) await this.allocations(view, loads.allocations);
    await this.materials(view, loads.materials);
    await this.stores(view, loads.stores);
    if (loads.stock !== "none") for (const id of storeIds) await this.stock(view, id);
    return view;
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

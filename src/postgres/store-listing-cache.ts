/**
 * `GET /store/{id}` on PostgreSQL without scanning the store (issue 22). Each process keeps a
 * copy of the listing index of every store it was asked for: the in-memory listing engine
 * (`StoreListing`), kept current through `commit` exactly as the in-memory service keeps its
 * own, so the answers are the in-memory ones by construction. A read checks the database in
 * one statement (the store record, the store's stock version, the statement's snapshot, and the
 * stock rows changed since the version this process has seen and the material rows committed
 * since the snapshot it has seen; docs/decisions.md "PostgreSQL store listing without a scan"
 * and "Material writers without a company counter"), applies that delta, and answers from
 * memory. Every statement is filtered by the company (AUTH-4).
 */
import { listingCatalog, stockView } from "../service/store-listings.js";
import { commit, putRecord, type CompanyState } from "../service/state.js";
import type { StoredOperation } from "../service/storage.js";
import { toGuid, type Guid } from "../shared/guid.js";
import type { Amount } from "../stock/amount.js";
import { buildStoreListing, prepareStoreListingSearch, rebuildStoreListing, storeListingStock, type StoreListing } from "../store-listing/build.js";
import type { Store } from "../store/store.js";
import { MATERIAL_TUPLE_SQL, materialFromTuple } from "./materials.js";
import { quoteSchema, type SqlExecutor } from "./sql.js";
import { amountFromText } from "./stock.js";
import { emptyView, storedKey } from "./records.js";

/** A connection that sends each statement with values prepared by name (the storage's executor). */
export type PreparingExecutor = SqlExecutor;

/** What a {@link StoreListingCache} holds, for benchmarks, logs and the memory bound's test. */
export interface StoreListingCacheSize {
  /** Companies whose materials are cached. */
  readonly companies: number;
  /** Stores cached, over every company: as listings, or as plain stock when only a sync read them. */
  readonly stores: number;
  /** Materials cached, over every company. */
  readonly materials: number;
}

/** The per-process copy of the store listings of one storage (one schema). */
export interface StoreListingCache {
  /**
   * Answers one `readStore` operation: brings the cached listing of the path's store up to
   * the database's state in one statement, then runs `work` on a view holding the store
   * record, its listing and the company's materials, synchronously (no other request can
   * change the listing in between).
   * @param db - the pool (the statement runs alone: one statement reads one snapshot), sent prepared by
   *   name so PostgreSQL plans it once per connection (planning it took 1.8 ms, running it 0.3 ms)
   * @param config - the caller's company configuration
   * @param operation - the `readStore` operation
   * @param work - the pure handler
   * @returns the work's result
   */
  readonly readStore: <R>(db: PreparingExecutor, config: CompanyState, operation: StoredOperation, page: (view: CompanyState) => R) => Promise<R>;
  /**
   * The columns that bring the cached listings of several stores and the company's materials up
   * to date inside another statement (the sync's, SYN-2/3: one round trip, one snapshot): for
   * each store of the CTE `stores` (columns `id`, `doc`), its stock version and the stock rows
   * changed since the version this process holds (the whole stock when it holds none), and the
   * statement's snapshot with the materials committed since the snapshot this process holds.
   * `$1` must be the company's GUID.
   * @param config - the caller's company configuration
   * @param stores - the name of the statement's CTE of stores
   * @param first - the number of the first parameter these columns add
   * @returns the column list and the values of its parameters, in order
   */
  readonly deltaColumns: (config: CompanyState, stores: string, first: number) => ListingDeltaColumns;
  /**
   * Applies the row of a statement carrying {@link StoreListingCache.deltaColumns} and answers
   * the company's materials and the stock of each store read, as the cache now holds them: as
   * new as the statement's snapshot or newer (a concurrent read of this process may have got
   * further). Synchronous: read them before the next `await`.
   * @param config - the caller's company configuration
   * @param row - the statement's row
   * @returns the materials and the stock per store GUID
   */
  readonly applyDelta: (config: CompanyState, row: Readonly<Record<string, unknown>>) => ListingDeltaView;
  /** How much it holds now. */
  readonly size: () => StoreListingCacheSize;
}

/** What {@link StoreListingCache.deltaColumns} adds to a statement. */
export interface ListingDeltaColumns {
  /** SQL select items: `listing_materials_snapshot`, `listing_materials`, `listing_stores`. */
  readonly columns: readonly string[];
  /** Values of the parameters they use, numbered from `first`. */
  readonly values: readonly unknown[];
}

/** What {@link StoreListingCache.applyDelta} answers. */
export interface ListingDeltaView {
  /** The company's materials (every one the cache holds). */
  readonly materials: CompanyState["materials"];
  /** The stores read, by GUID. */
  readonly stores: ReadonlyMap<Guid, Store>;
  /** Their stock, by store GUID: material GUID to amount, in the order first stocked. */
  readonly stock: ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>>;
}

/** The cached listings of one company. */
interface CompanyListings {
  /** The company's materials and the cached listings, as the in-memory service holds them; changed only by `commit` and cold builds. */
  readonly state: CompanyState;
  /** The snapshot the cached materials are current to; `undefined` before the first read. */
  materials: MaterialsSnapshot | undefined;
  /** Store GUID → the stock version its listing (or plain stock) is current to. */
  readonly stores: Map<Guid, number>;
  /**
   * Stores held as stock alone (read by a sync, not by a page read yet), by GUID: material
   * GUID → amount, in the order first stocked. A page read turns one into a listing.
   */
  readonly stock: Map<Guid, Map<Guid, Amount>>;
  /** External ID → store GUID as last read: the guess for the external-ID twin (the statement checks it). */
  readonly keys: Map<string, Guid>;
  /** A cold read of the company under way: other cold reads wait for it instead of loading the same rows again. */
  warming: Promise<unknown> | undefined;
}

// Above this many materials in one delta (a process that served no page while a bulk of
// material edits went by), each cached listing is rebuilt once (~0.6 s at 100,000 stocked)
// instead of moving every edited material within it (~1 ms each at that size).
const REBUILD_ABOVE = 500;

// How often a read is re-run when concurrent reads of this process left the cache newer than
// its own snapshot in one part (see `answer`); after that it answers from the cache as it is.
const EXACT_ATTEMPTS = 3;

/**
 * A snapshot of the database as a statement saw it (`pg_current_snapshot()`), as the listing
 * cache orders them: its text (sent back as the next statement's `since`), its `xmin` (every
 * transaction below it had ended), its `xmax` (none at or above it had) and how many between
 * were still in progress. Of two snapshots, the one taken later never orders first
 * ({@link snapshotOrder}); two that order alike see the same transactions.
 */
export interface MaterialsSnapshot {
  /** The text form, `xmin:xmax:xip,…`. */
  readonly text: string;
  /** The oldest transaction still running. */
  readonly xmin: number;
  /** The first transaction not yet ended. */
  readonly xmax: number;
  /** How many transactions between were still in progress. */
  readonly open: number;
}

/**
 * Reads a snapshot's text form (`pg_snapshot`'s output, `xmin:xmax:xip1,xip2`).
 * @internal shared with its unit test
 * @param value - the column as the driver gives it
 * @returns the snapshot
 * @throws Error when the value is not a snapshot's text
 */
export function materialsSnapshotOf(value: unknown): MaterialsSnapshot {
  const match = typeof value === "string" ? /^(\d{1,15}):(\d{1,15}):((?:\d{1,15}(?:,\d{1,15})*)?)$/.exec(value) : null;
  if (match === null) throw new Error("PostgreSQL listing cache: a snapshot is not xmin:xmax:xip");
  const [, xmin, xmax, xip] = match as unknown as [string, string, string, string];
  return { text: value as string, xmin: Number(xmin), xmax: Number(xmax), open: xip === "" ? 0 : xip.split(",").length };
}

/**
 * The order of two snapshots of one database: by `xmin`, then `xmax`, then fewer transactions
 * in progress. A snapshot taken later has an `xmin` and an `xmax` at least as high (transaction
 * IDs are handed out in order), and with both equal, its transactions in progress are a subset
 * of the earlier one's (none can start below `xmax`): so it never orders first, and two that
 * order alike see the same transactions.
 * @internal shared with its unit test
 * @param a - a snapshot
 * @param b - another
 * @returns negative when `a` is older, positive when newer, 0 when they see alike
 */
export function snapshotOrder(a: MaterialsSnapshot, b: MaterialsSnapshot): number {
  return a.xmin !== b.xmin ? a.xmin - b.xmin : a.xmax !== b.xmax ? a.xmax - b.xmax : b.open - a.open;
}

function versionOf(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < -1) throw new Error("PostgreSQL listing cache: a version is not a whole number");
  return n;
}

function listOf(value: unknown): readonly unknown[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw new Error("PostgreSQL listing cache: a delta is not a JSON array");
  return value;
}

function storeOf(value: unknown): Store {
  if (typeof value !== "object" || value === null || typeof (value as { id?: unknown }).id !== "string") throw new Error("PostgreSQL listing cache: a store row has no document");
  return value as Store;
}

/** One stock row of the delta, `[material GUID, amount text or null]`. */
function stockRowOf(value: unknown): [Guid, Amount] {
  const id = Array.isArray(value) ? toGuid(value[0]) : undefined;
  if (!Array.isArray(value) || value.length !== 2 || id === undefined) throw new Error("PostgreSQL listing cache: a stock row is not [material, amount]");
  return [id, amountFromText(value[1])];
}

// The delta a cache copy needs, written once for both statements that carry it (a page read and
// a sync). `$1` is the company in each.

/** The statement's own snapshot (the one its reads see), as text. */
const SNAPSHOT_SQL = "pg_current_snapshot()::text";

/**
 * The materials committed since the snapshot `since` (a `pg_snapshot` expression, null for
 * every material), as tuples: those whose writer is at or above its `xmin` (the index's range)
 * and was not visible in it.
 */
function materialsDeltaSql(s: string, since: string): string {
  return `(SELECT json_agg(${MATERIAL_TUPLE_SQL}) FROM ${s}.materials m WHERE m.company_id = $1::uuid
    AND m.written_by >= COALESCE(pg_snapshot_xmin(${since}), '0'::xid8) AND (${since} IS NULL OR NOT pg_visible_in_snapshot(m.written_by, ${since})))`;
}

/** The stock rows of store `store` changed since `since` (SQL expressions), as `[material, amount]` in the order first stocked. */
function stockDeltaSql(s: string, store: string, since: string): string {
  return `(SELECT json_agg(json_build_array(k.material_id, k.amount::text) ORDER BY k.seq) FROM ${s}.stock k
    WHERE k.company_id = $1::uuid AND k.store_id = ${store} AND k.version > ${since})`;
}

/** The statement of a read: the store, both versions and both deltas, in one snapshot. */
function readSql(schema: string): string {
  const s = quoteSchema(schema);
  // $1 company, $2 store GUID or null, $3 stored external ID or null, $4 the cached store's
  // GUID (a guess on the external-ID twin) or null, $5 its stock version, $6 the materials' snapshot or null.
  // A store other than the guess (or no guess) gets its whole stock (since -1).
  return `WITH st AS (
  SELECT id, doc, CASE WHEN id = $4::uuid THEN $5::bigint ELSE -1 END AS since
  FROM ${s}.stores WHERE company_id = $1::uuid AND (id = $2::uuid OR external_id = $3::text)
)
SELECT st.doc, st.since,
  COALESCE((SELECT v.version FROM ${s}.stock_versions v WHERE v.company_id = $1::uuid AND v.store_id = st.id), 0) AS stock_version,
  ${SNAPSHOT_SQL} AS materials_snapshot,
  ${stockDeltaSql(s, "st.id", "st.since")} AS stock,
  ${materialsDeltaSql(s, "$6::pg_snapshot")} AS materials
FROM st`;
}

/**
 * A per-process cache of store listings on one schema (issue 22). It holds the company's
 * materials (loaded once, on the company's first store read) and the listing of each store
 * read, nothing else: memory grows with the stores a process was asked for, never with
 * stores nobody reads. Stock rows and materials are never deleted (STK-3 keeps a material
 * listed at 0), so a delta of changed rows is all a cached listing needs.
 * @param schema - the schema (checked)
 * @returns the cache
 * @throws Error when the schema name is not a plain identifier
 */
export function storeListingCache(schema: string): StoreListingCache {
  const sql = readSql(schema);
  const s = quoteSchema(schema);
  const companies = new Map<Guid, CompanyListings>();

  function companyOf(config: CompanyState): CompanyListings {
    let c = companies.get(config.id);
    if (c === undefined) {
      c = { state: emptyView(config), materials: undefined, stores: new Map(), stock: new Map(), keys: new Map(), warming: undefined };
      companies.set(config.id, c);
    }
    return c;
  }

  /** The view the handler reads: the store (when found), its listing, the company's materials. */
  function viewOf(config: CompanyState, company: CompanyListings, store: Store | undefined): CompanyState {
    const view = emptyView(config);
    const listings = new Map<Guid, StoreListing>();
    if (store !== undefined) {
      putRecord(view.stores, store);
      const listing = company.state.listings.get(store.id);
      if (listing !== undefined) listings.set(store.id, listing);
    }
    return { ...view, materials: company.state.materials, listings, stock: stockView(listings) };
  }

  /**
   * Brings the company's cached materials up to a read's snapshot: the delta of materials
   * committed since the snapshot the statement was given. A delta counts from a snapshot no
   * newer than the cache's (the cache only moves forward), so when the read is newer it holds
   * every row the cache lacks; when it is not, the cache is already as new.
   */
  function applyMaterials(company: CompanyListings, snapshot: MaterialsSnapshot, delta: unknown): void {
    // Stryker disable next-line EqualityOperator: a snapshot that orders alike sees the same transactions, so its delta's rows are those the cache holds; applying them again changes nothing
    if (company.materials !== undefined && snapshotOrder(snapshot, company.materials) <= 0) return;
    const materials = listOf(delta).map(materialFromTuple);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: both ways give the same listings (a rebuild, or each material moved in turn); the bound only chooses the cheaper
    if (materials.length <= REBUILD_ABOVE) commit(company.state, { materials });
    else {
      for (const m of materials) putRecord(company.state.materials, m);
      const catalog = listingCatalog(company.state);
      for (const [id, listing] of company.state.listings) company.state.listings.set(id, prepareStoreListingSearch(rebuildStoreListing(listing, catalog)));
    }
    company.materials = snapshot;
  }

  /** Turns a store held as stock alone into a listing (a page read needs one). */
  function listStore(company: CompanyListings, storeId: Guid): void {
    const plain = company.stock.get(storeId);
    if (plain === undefined) return;
    company.state.listings.set(storeId, prepareStoreListingSearch(buildStoreListing(storeId, plain, listingCatalog(company.state))));
    company.stock.delete(storeId);
  }

  /**
   * Brings one store's cached stock up to a read's stock version: the whole stock when the
   * statement was given no version for it (`since` -1), else the rows changed since. Apply the
   * materials first: newly stocked rows may name a material new to the cache. A page read
   * (`listed`) needs the store's listing, built once; a sync needs only its amounts, so a
   * store no page read asked for is held as a plain map (a listing sorts its materials, which
   * costs 40–260 ms at 5,000).
   */
  function applyStore(company: CompanyListings, store: Store, since: number, version: number, delta: unknown, listed: boolean): void {
    const seen = company.stores.get(store.id);
    const whole = since < 0 && (seen === undefined || version > seen);
    // A page read needs the listing: built from the plain copy held, unless a whole stock replaces it anyway.
    if (listed && !whole) listStore(company, store.id);
    if (since < 0) {
      // The whole stock: a store not cached yet (or a guess that named another store).
      if (whole) {
        const stock = new Map<Guid, Amount>(listOf(delta).map(stockRowOf));
        if (listed || company.state.listings.has(store.id)) {
          company.stock.delete(store.id); // the plain copy, if any, gives way to the listing
          company.state.listings.set(store.id, prepareStoreListingSearch(buildStoreListing(store.id, stock, listingCatalog(company.state))));
        } else company.stock.set(store.id, stock);
        company.stores.set(store.id, version);
      }
    } else if (seen === undefined) {
      // Stores are never dropped, so a delta always finds the store it was asked for.
      throw new Error(`PostgreSQL listing cache: a delta arrived for store ${store.id}, which is not cached`);
    } else if (version > seen) {
      const rows = new Map(listOf(delta).map(stockRowOf));
      const plain = company.stock.get(store.id);
      // A plain map keeps the order first stocked, as a listing does: a set amount keeps its place.
      if (plain !== undefined) for (const [materialId, amount] of rows) plain.set(materialId, amount);
      else commit(company.state, { stock: new Map([[store.id, rows]]) });
      company.stores.set(store.id, version);
    }
    if (store.externalId !== null) company.keys.set(store.externalId, store.id);
  }

  /**
   * Applies one read's row to the cache. Returns the store, and whether the cache now holds
   * exactly the read's snapshot (not newer in one part because a concurrent read of this
   * process got there first with a later snapshot).
   */
  function apply(company: CompanyListings, row: Record<string, unknown>): { store: Store; exact: boolean } {
    const store = storeOf(row["doc"]);
    const stockVersion = versionOf(row["stock_version"]);
    const snapshot = materialsSnapshotOf(row["materials_snapshot"]);
    applyMaterials(company, snapshot, row["materials"]);
    applyStore(company, store, versionOf(row["since"]), stockVersion, row["stock"], true);
    const materials = company.materials as MaterialsSnapshot;
    return { store, exact: snapshotOrder(materials, snapshot) === 0 && company.stores.get(store.id) === stockVersion };
  }

  async function readStore<R>(db: PreparingExecutor, config: CompanyState, operation: StoredOperation, work: (view: CompanyState) => R): Promise<R> {
    const company = companyOf(config);
    const param = operation.params[0];
    if (param === undefined) throw new Error("PostgreSQL listing cache: readStore without a store in its path");
    const byId = operation.form === "id";
    const id = byId ? toGuid(param.value) : undefined;
    // Not a GUID on the GUID form: no store has it (the handler answers 404).
    if (byId && id === undefined) return work(viewOf(config, company, undefined));
    for (let attempt = 1; ; attempt++) {
      const guess = byId ? id : company.keys.get(param.value);
      const since = guess === undefined ? undefined : company.stores.get(guess);
      const cold = company.materials === undefined || since === undefined;
      if (cold && company.warming !== undefined) {
        await company.warming.catch(() => undefined);
        attempt--;
        continue;
      }
      const pending = db.query(sql, [config.id, id ?? null, byId ? null : storedKey(param.value), guess ?? null, since ?? -1, company.materials?.text ?? null]);
      if (cold) company.warming = pending;
      let rows: unknown[];
      try {
        rows = (await pending).rows;
      } finally {
        if (company.warming === pending) company.warming = undefined;
      }
      // From here to the answer nothing awaits: no other request changes the listing meanwhile.
      const row = rows[0] as Record<string, unknown> | undefined;
      if (row === undefined) return work(viewOf(config, company, undefined));
      const { store, exact } = apply(company, row);
      if (exact || attempt >= EXACT_ATTEMPTS) return work(viewOf(config, company, store));
    }
  }

  function deltaColumns(config: CompanyState, stores: string, first: number): ListingDeltaColumns {
    const company = companyOf(config);
    const known = [...company.stores];
    const [m, ids, versions] = [`$${first}::pg_snapshot`, `$${first + 1}::uuid[]`, `$${first + 2}::bigint[]`];
    const columns = [
      `${SNAPSHOT_SQL} AS listing_materials_snapshot`,
      `${materialsDeltaSql(s, m)} AS listing_materials`,
      `(SELECT json_agg(json_build_array(x.doc, x.since, COALESCE(v.version, 0), ${stockDeltaSql(s, "x.id", "x.since")}))
      FROM (SELECT st.id, st.doc, COALESCE(kn.version, -1) AS since FROM ${stores} st LEFT JOIN unnest(${ids}, ${versions}) AS kn(id, version) ON kn.id = st.id) x
      LEFT JOIN ${s}.stock_versions v ON v.company_id = $1::uuid AND v.store_id = x.id) AS listing_stores`,
    ];
    return { columns, values: [company.materials?.text ?? null, known.map(([id]) => id), known.map(([, v]) => v)] };
  }

  function applyDelta(config: CompanyState, row: Readonly<Record<string, unknown>>): ListingDeltaView {
    const company = companyOf(config);
    applyMaterials(company, materialsSnapshotOf(row["listing_materials_snapshot"]), row["listing_materials"]);
    const stores = new Map<Guid, Store>();
    const stock = new Map<Guid, ReadonlyMap<Guid, Amount>>();
    for (const item of listOf(row["listing_stores"])) {
      if (!Array.isArray(item) || item.length !== 4) throw new Error("PostgreSQL listing cache: a store delta is not [store, since, version, stock]");
      const store = storeOf(item[0]);
      applyStore(company, store, versionOf(item[1]), versionOf(item[2]), item[3], false);
      const listing = company.state.listings.get(store.id);
      const held = listing === undefined ? company.stock.get(store.id) : storeListingStock(listing);
      stores.set(store.id, store);
      if (held !== undefined) stock.set(store.id, held);
    }
    return { materials: company.state.materials, stores, stock };
  }

  return {
    readStore,
    deltaColumns,
    applyDelta,
    size: () => {
      let stores = 0;
      let materials = 0;
      for (const c of companies.values()) {
        stores += c.stores.size;
        materials += c.state.materials.byId.size;
      }
      return { companies: companies.size, stores, materials };
    },
  };
}

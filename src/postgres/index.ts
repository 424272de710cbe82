/**
 * The reference service on PostgreSQL (docs/service.md "Storage"): `postgresStorage` is a
 * storage for `createFieldService`, on the `pg` driver (an optional peer dependency of the
 * package: only this entry imports it). Several service processes may share one database.
 * @packageDocumentation
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { apiOperations, isJournaledWrite } from "../api/routes.js";
import { isTokenValid, type IssuedToken } from "../auth/token.js";
import type { Instant } from "../shared/time.js";
import type { Guid } from "../shared/guid.js";
import { loadFixture, type Fixture, type FixtureCompany } from "../service/fixture.js";
import type { OperationLoads } from "../service/loads.js";
import type { Changes, CompanyState } from "../service/state.js";
import { DuplicateExternalIdError, StorageSetupError, StorageUnavailableError, type FieldStorage, type OperationWork, type StoredOperation } from "../service/storage.js";
import type { HandledOperation } from "../service/router.js";
import { bulkLoadIndexes, ensureCollation, quoteSchema, writeCatalogRows, writeMaterialRows, writeStock, type SqlExecutor } from "./store-listing.js";
import { storeListingCache, type StoreListingCacheSize } from "./store-listing-cache.js";
import { PreparedStatements, preparedName, Transaction, type SendBatch, type Statement } from "./batch.js";
import { CompanyRecords } from "./records.js";
import { readJournalPage } from "./journal.js";
import type { JournalPage } from "../journal/entry.js";
import type { JournalQuery } from "../journal/query.js";
import { migrate } from "./schema.js";
import { loadSyncView } from "./sync.js";
import type { SyncAnswer } from "../sync/answer.js";
import { encodeSyncCursor, sameSyncScope } from "../sync/cursor.js";
import { fullSync, incrementalSync, type SyncChanges } from "../sync/scope.js";

export type { StoreListingCacheSize } from "./store-listing-cache.js";


/** Options of {@link postgresStorage}. */
export interface PostgresStorageOptions {
  /** A libpq connection string (`postgres://user:password@host:port/database`). */
  readonly connectionString: string;
  /** The schema holding the service's tables; created when absent. Default `field_service`. */
  readonly schema?: string;
  /** Most connections the pool opens. Default 10. */
  readonly maxConnections?: number;
  /**
   * Most attempts of one request when transactions conflict (serialization failure,
   * deadlock); then the storage is unavailable for it (503). An external ID taken meanwhile
   * is re-run once only: taken again, it is the 400 of GEN-4. Default 20.
   */
  readonly maxAttempts?: number;
  /**
   * Told of every statement a request sends, before it is sent (diagnostics: a statement log,
   * or a test that checks every query is scoped by company). Values as bound: in a script of
   * several statements they are then written into the text as literals.
   */
  readonly onQuery?: (text: string, values: readonly unknown[] | undefined) => void;
  /**
   * Longest wait in milliseconds for a connection: to open one (a server that accepts the
   * connection and never answers is given up after it) or, when all `maxConnections` are busy,
   * for one to be free. Then the request is answered 503. Default 10,000 (10 s).
   */
  readonly connectTimeoutMs?: number;
  /**
   * Longest run in milliseconds of one SQL statement, as the server's `statement_timeout`
   * (which cancels it); the driver also gives up on an answer after as long again (at most 5 s
   * more), for a server that neither answers nor cancels. Waits for a lock held by another
   * writer count. Then the request is answered 503. Default 30,000 (30 s), enough to seed a
   * large fixture.
   */
  readonly statementTimeoutMs?: number;
}

/** Counters of a {@link PostgresStorage}, for benchmarks and logs. */
export interface PostgresStorageStats {
  /** Transactions that ended (committed or rolled back on purpose). */
  readonly transactions: number;
  /** Attempts that conflicted and were re-run. */
  readonly retries: number;
  /** Messages sent to the server for requests (logins, token lookups, operations), each one round trip. */
  readonly roundTrips: number;
  /** SQL statements in those messages (a write's two messages carry several: locks, `BEGIN` and the view; the change set, `COMMIT` and unlock; a `PREPARE` the first time a connection meets a statement). */
  readonly statements: number;
  /** What this process's store listing cache holds (the stores it was asked for). */
  readonly listingCache: StoreListingCacheSize;
}

/** The PostgreSQL storage: the storage port, plus its counters. */
export interface PostgresStorage extends FieldStorage {
  /** The schema it uses. */
  readonly schema: string;
  /** Transactions and retries so far. */
  readonly stats: () => PostgresStorageStats;
}

/** Most tokens one process keeps in memory (about 200 bytes each); the oldest go first, and come back from the table when used. */
const TOKEN_CACHE_SIZE = 50_000;

/**
 * Writes that snapshot isolation decides as SERIALIZABLE would (docs/decisions.md "Isolation
 * per operation"). A new customer or order only reads what no write removes (customers and
 * their nested elements are never deleted) and its external ID is unique by constraint (GEN-4,
 * a unique violation re-runs it); under SERIALIZABLE their lookups of keys not yet taken put
 * every concurrent add in conflict with every other. A stock batch or move reads the stock of
 * its path stores, and materials and stores, which no write removes (MAT-4, STO-1); it bumps
 * the stock counter of every store it read (`withReadStores`), so of two concurrent writers of
 * one store the later fails to serialize and re-runs (first updater wins), where SERIALIZABLE
 * also failed writers of different stores whose rows share an index page.
 */
const SNAPSHOT_SAFE: ReadonlySet<HandledOperation> = new Set<HandledOperation>(["addCustomer", "addOrder", "addToStore", "removeMaterial", "setMaterialAmounts", "moveStock"]);

/**
 * A change set whose stock names every store the decision read the stock of (an empty change
 * for a store it read and left as it was): writing it bumps each one's counter, which is what
 * makes a stock write safe at REPEATABLE READ (see SNAPSHOT_SAFE).
 */
function withReadStores(changes: Changes, view: CompanyState): Changes {
  if (view.stock.size === 0) return changes;
  const stock = new Map(changes.stock ?? []);
  for (const store of view.stock.keys()) if (!stock.has(store)) stock.set(store, new Map());
  return { ...changes, stock };
}

/** Default of {@link PostgresStorageOptions.connectTimeoutMs}. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Default of {@link PostgresStorageOptions.statementTimeoutMs}. */
const STATEMENT_TIMEOUT_MS = 30_000;
/**
 * How much longer than the statement timeout the driver waits for an answer before giving up
 * on the connection: as long again, at most 5 s (the server's cancel normally comes first).
 */
const READ_GRACE_MS = 5_000;

/** PostgreSQL error codes of a conflict with a concurrent transaction: the request is re-run on fresh data. */
const CONFLICTS = new Set(["40001", "40P01"]);
/** Unique violation: re-run once (a concurrent commit took the key); taken again, it is a refusal (GEN-4). */
const UNIQUE_VIOLATION = "23505";

function field(error: unknown, name: string): string | undefined {
  if (typeof error !== "object" || error === null || !(name in error)) return undefined;
  const value = (error as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

function errorCode(error: unknown): string | undefined {
  return field(error, "code");
}

/** Network failures of the driver's socket (Node error codes). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "ETIMEDOUT", "EHOSTUNREACH", "EHOSTDOWN", "ENETUNREACH", "ENETDOWN", "EPIPE", "EAI_AGAIN", "ENOTFOUND"]);
/** What `pg` says, without a code, when a connection timed out, broke or never answered. */
const DRIVER_FAILURE = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|timeout expired/i;

/**
 * Whether an error means the connection itself failed (no SQL error from the server): the
 * connection cannot be trusted for a `ROLLBACK` and is dropped.
 */
function connectionLost(error: unknown): boolean {
  const code = errorCode(error);
  if (code !== undefined && NETWORK_CODES.has(code)) return true;
  return code === undefined && error instanceof Error && DRIVER_FAILURE.test(error.message);
}

/**
 * Whether an error means the database cannot serve now, through no fault of the request: the
 * connection failed (refused, reset, timed out, never answered), the server is out of
 * connections or resources (SQLSTATE classes 08 and 53), shutting down or starting up
 * (57P01-57P03), or cancelled a statement past `statement_timeout` (57014) or a lock wait
 * (55P03).
 */
function unavailable(error: unknown): boolean {
  if (connectionLost(error)) return true;
  const code = errorCode(error) ?? "";
  return /^(?:08|53)/.test(code) || /^57P0[1-3]$/.test(code) || code === "57014" || code === "55P03";
}

/** Rejects with {@link StorageUnavailableError} for a database that cannot serve now; other errors pass unchanged. */
function classify(error: unknown): never {
  if (error instanceof StorageUnavailableError || error instanceof StorageSetupError || error instanceof DuplicateExternalIdError) throw error;
  if (unavailable(error)) throw new StorageUnavailableError(`PostgreSQL unavailable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  throw error;
}

/** The record kind of each table holding external IDs, as GEN-4's message names it. */
const RECORD_OF_TABLE: Readonly<Record<string, string>> = {
  customers: "customer", orders: "order", interventions: "intervention", stores: "store", materials: "material",
};

/** The table whose external ID each operation sets from its body's root `externalId` field. */
const BODY_EXTERNAL_ID: Readonly<Partial<Record<HandledOperation, string>>> = {
  addCustomer: "customers", addOrEditCustomer: "customers", addOrder: "orders", addOrEditOrder: "orders", editOrder: "orders",
  planIntervention: "interventions", replanIntervention: "interventions", replaceStore: "stores",
};

/**
 * The GEN-4 refusal of a unique violation that came back on re-run: the constraint's table
 * names the kind of record; when the operation sets that record's external ID from the body,
 * the issue points at the body's `externalId`, else at the body (`""`).
 */
function duplicateOf(error: unknown, operation: StoredOperation | undefined): DuplicateExternalIdError {
  const table = field(error, "table") ?? /^([a-z_]+?)_company_id/.exec(field(error, "constraint") ?? "")?.[1] ?? "";
  const what = RECORD_OF_TABLE[table] ?? "record";
  const body = operation?.body;
  const sent = typeof body === "object" && body !== null && !Array.isArray(body) && Object.hasOwn(body, "externalId") ? (body as Record<string, unknown>)["externalId"] : undefined;
  const named = operation !== undefined && BODY_EXTERNAL_ID[operation.operation] === table && typeof sent === "string";
  const message = named ? `Another ${what} has the external ID ${JSON.stringify(sent)} (GEN-4).` : `Another ${what} has this external ID (GEN-4).`;
  return new DuplicateExternalIdError(named ? "externalId" : "", message, { cause: error });
}

/** Full jitter: a random wait below an exponentially growing cap (2 ms, 4 ms, … up to 200 ms). */
function backoff(attempt: number): Promise<void> {
  const cap = Math.min(200, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * cap));
}

/** 64-bit FNV-1a of a text, as a signed bigint-compatible number (53 bits kept, exact in a double). */
function lockKey(text: string): number {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return Number(h & 0x1fffffffffffffn);
}

/**
 * The resources a write contends on, as advisory-lock keys in ascending order: the stores
 * whose stock it changes and the technicians whose time it books. Writers of one store or
 * one technician then queue instead of racing to a serialization failure (measured:
 * SERIALIZABLE alone re-ran a hot store's batches 6 times each on average). The locks only
 * order the writers; correctness stays with SERIALIZABLE, which still catches anything they
 * miss (a store named once by GUID and once by external ID).
 */
function lockKeys(schema: string, operation: StoredOperation, loads: OperationLoads): number[] {
  const keys = new Set<number>();
  const scope = `${schema}:${operation.companyId}`;
  if (loads.stock !== "none") {
    for (const p of operation.params) if (p.name === "store" || p.name === "toStore") keys.add(lockKey(`${scope}:store:${operation.form}:${p.value.toLowerCase()}`));
  }
  for (const user of loads.allocations?.userIds ?? []) keys.add(lockKey(`${scope}:technician:${user}`));
  // Two requests with one idempotency key take turns: the second reads the first's entry (IDM-1).
  if (operation.idempotencyKey !== null) keys.add(lockKey(`${scope}:idempotency:${operation.idempotencyKey}`));
  return [...keys].sort((a, b) => a - b);
}

/** Tokens are stored as SHA-256 digests: a copy of the table does not hand out live tokens. */
function digest(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/** A company's configuration as stored: the fixture company without its materials and stores, which live in their tables. */
function configOf(company: FixtureCompany): Omit<FixtureCompany, "materials" | "stores"> {
  const { materials: _m, stores: _s, ...config } = company;
  return config;
}

/** Writes a validated fixture's companies into an empty schema, in the caller's transaction. */
async function seed(db: SqlExecutor, schema: string, fixture: Fixture, loaded: readonly CompanyState[]): Promise<void> {
  const s = quoteSchema(schema);
  // The listing tables are empty: build their secondary indexes once after the rows are in.
  const bulk = bulkLoadIndexes(schema);
  await db.query(bulk.before);
  for (let i = 0; i < loaded.length; i++) {
    const company = loaded[i] as CompanyState;
    const raw = fixture.companies[i] as FixtureCompany;
    await db.query(`INSERT INTO ${s}.companies (id, position, config) VALUES ($1, $2, $3)`, [company.id, i, JSON.stringify(configOf(raw))]);
    await writeCatalogRows(db, schema, company.id, company.catalogs.materialCategories.list, company.catalogs.materialSuppliers.list);
    await writeMaterialRows(db, schema, company.id, [...company.materials.byId.values()]);
    const records = new CompanyRecords(db, schema, company.id);
    await records.write({ stores: [...company.stores.byId.values()] }, undefined);
    for (const [storeId, stock] of company.stock) await writeStock(db, schema, company.id, storeId, stock);
  }
  await db.query(bulk.after);
}

/**
 * A storage on PostgreSQL for `createFieldService` (docs/service.md "Storage"). On open it
 * creates its tables in `schema` with versioned migrations and seeds the fixture when the
 * schema holds no company yet (a schema with data keeps it). Each request runs in one
 * SERIALIZABLE transaction (reads in a read-only snapshot): it loads only the records its
 * decision reads (`StoredOperation.loads`), runs the pure handler on them and writes the changes;
 * a conflict with a concurrent transaction (serialization failure, deadlock) re-runs the
 * whole request on fresh data after a jittered wait, so two processes never both plan
 * overlapping slots for one technician (ASN-5) and stock batches on one store end exact
 * (STK-6). A unique external ID taken meanwhile re-runs it once, and the decision then
 * refuses it by GEN-4; taken again, the storage refuses it itself (`DuplicateExternalIdError`,
 * the same 400). Effects are returned only after the commit, so a re-run repeats nothing
 * outside. Every wait is bounded (`connectTimeoutMs`, `statementTimeoutMs`); a database that
 * is down, out of connections or too slow rejects with `StorageUnavailableError` (503), and
 * the next request tries again. A store
 * page (`GET /store/{id}`) is answered from this process's copy of the store's listing index,
 * brought up to date in one statement from the rows changed since it last looked
 * (`src/postgres/store-listing-cache.ts`), so it never scans the store; the copy holds only the
 * stores this process was asked for, and the materials of their companies.
 * @param options - the connection string, the schema, the pool size, the attempts, the timeouts
 * @returns the storage
 * @example
 * ```ts not-run
 * const service = createFieldService({ fixture, storage: postgresStorage({ connectionString: process.env.DATABASE_URL }) });
 * await service.ready();
 * const answer = await service.handle({ method: "POST", path: "/auth/login", body });
 * await service.close();
 * ```
 */
export function postgresStorage(options: PostgresStorageOptions): PostgresStorage {
  const schema = options.schema ?? "field_service";
  quoteSchema(schema);
  const maxAttempts = options.maxAttempts ?? 20;
  const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  // Every wait is bounded: for a connection (opening one, or a free one from the pool), and for
  // each statement, on the server (statement_timeout cancels it) and in the driver (a server
  // that neither answers nor cancels).
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + Math.min(READ_GRACE_MS, statementTimeout),
  });
  // An idle connection the server drops (a restart) must not crash the process: the next
  // request gets a fresh one.
  pool.on("error", () => {});
  let roundTrips = 0;
  let statements = 0;
  // Every message a request sends goes through here, so the counters are exact (the table in
  // docs/embedding.md and test/postgres/round-trips.test.ts read them). A statement with values
  // is sent prepared, by name: alone, through the driver (which parses it once per connection);
  // in a script of several, as `EXECUTE` of a statement the script or an earlier one prepared on
  // the connection (docs/decisions.md "Two messages a write, statements prepared").
  type Connection = pg.Pool | pg.PoolClient;
  const preparedOn = new WeakMap<Connection, PreparedStatements>();
  const counted = (db: Connection): SqlExecutor & { batch: SendBatch } => ({
    query: (text, values) => {
      options.onQuery?.(text, values);
      roundTrips++;
      statements++;
      return db.query(text, values === undefined ? undefined : [...values]);
    },
    batch: async (list) => {
      for (const statement of list) options.onQuery?.(statement.text, statement.values);
      roundTrips++;
      const only = list.length === 1 ? list[0] : undefined;
      if (only !== undefined) {
        statements++;
        if (only.values === undefined || only.values.length === 0) return db.query(only.text);
        return db.query({ name: `p${preparedName(only.text)}`, text: only.text, values: [...only.values] });
      }
      let prepared = preparedOn.get(db);
      if (prepared === undefined) preparedOn.set(db, (prepared = new PreparedStatements()));
      const script = prepared.script(list);
      statements += script.count;
      let results: { rows: any[] } | { rows: any[] }[];
      try {
        results = (await db.query(script.text)) as unknown as { rows: any[] } | { rows: any[] }[];
      } catch (error) {
        prepared.settle(script.preparing, false);
        throw error;
      }
      prepared.settle(script.preparing, true);
      return Array.isArray(results) ? (results.at(-1) ?? { rows: [] }) : results;
    },
  });
  const sql = counted(pool);
  // Nor may one that drops while a request holds it: pg then rejects the query (which the
  // request answers with a 503) and also emits "error" on the client, which the pool listens
  // to only while the client is idle; unheard, that event would end the process.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  let transactions = 0;
  let retries = 0;
  let loginsSinceSweep = 0;
  let configs: Promise<readonly CompanyState[]> | undefined;
  let closed: Promise<void> | undefined;
  // Tokens this process issued or looked up, by text, oldest first; at most TOKEN_CACHE_SIZE.
  const tokenCache = new Map<string, IssuedToken>();
  const remember = (token: IssuedToken): void => {
    tokenCache.delete(token.token);
    tokenCache.set(token.token, token);
    if (tokenCache.size > TOKEN_CACHE_SIZE) tokenCache.delete(tokenCache.keys().next().value as string);
  };
  const listings = storeListingCache(schema);

  /**
   * Runs `fn` on one connection. A read (`readOnly`) is one statement, consistent on its own:
   * no transaction, one round trip. A write is one transaction in two messages: the advisory
   * locks, `BEGIN` and `fn`'s first query (the view) in one (the locks are taken before the
   * transaction, so its snapshot is taken after they are granted); then the statements `fn`
   * wrote through `later` (the change set), `COMMIT` (or `ROLLBACK`) and the unlock in the other.
   */
  async function transact<T>(
    readOnly: boolean,
    fn: (db: Transaction) => Promise<{ value: T; commit: boolean }>,
    locks: readonly number[] = [],
    operation?: StoredOperation,
    isolation: "SERIALIZABLE" | "REPEATABLE READ" = "SERIALIZABLE",
  ): Promise<T> {
    if (readOnly) {
      const { value } = await fn(new Transaction(sql.batch, []));
      transactions++;
      return value;
    }
    // Session locks in ascending order, so two requests never wait on each other in a cycle;
    // the keys are numbers this module computed, safe to write into the text.
    const opening: Statement[] = locks.map((k) => ({ text: `SELECT pg_advisory_lock(${k})` }));
    if (locks.length > 0) opening.push({ text: "COMMIT" });
    opening.push({ text: `BEGIN ISOLATION LEVEL ${isolation}` });
    const unlock: Statement[] = locks.length > 0 ? [{ text: "SELECT pg_advisory_unlock_all()" }] : [];
    let duplicates = 0;
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      const db = counted(client);
      let destroy = false;
      try {
        const transaction = new Transaction(db.batch, opening);
        const { value, commit } = await fn(transaction);
        await transaction.end([{ text: commit ? "COMMIT" : "ROLLBACK" }, ...unlock]);
        transactions++;
        return value;
      } catch (error) {
        // A connection that broke or went silent is dropped, not asked for a ROLLBACK (which
        // would wait out another timeout); the server rolls its transaction back and releases
        // its session locks.
        if (connectionLost(error)) destroy = true;
        else {
          try {
            // A failed script that prepared statements: ask the server which ones it holds.
            const uncertain = preparedOn.get(client)?.uncertain === true;
            const listed = await db.batch([{ text: "ROLLBACK" }, ...unlock, ...(uncertain ? [{ text: "SELECT name FROM pg_prepared_statements" }] : [])]);
            if (uncertain) preparedOn.get(client)?.resync(listed.rows.map((r: { name: string }) => r.name));
          } catch {
            destroy = true;
          }
        }
        const code = errorCode(error) ?? "";
        if (code === UNIQUE_VIOLATION) {
          // Once: a concurrent commit took the key, and the re-run decision sees that record
          // and refuses by the rules. Twice: the rules do not see what the constraint does
          // (two keys the decision tells apart and the database does not), so it is GEN-4's
          // refusal, not a conflict to retry.
          if (++duplicates > 1) throw duplicateOf(error, operation);
        } else if (CONFLICTS.has(code)) {
          if (attempt >= maxAttempts) throw new StorageUnavailableError(`PostgreSQL busy: ${attempt} attempts of one request conflicted with concurrent writes`, { cause: error });
        } else throw error;
      } finally {
        client.release(destroy);
      }
      // A conflict: nothing was written and no effect left the service; run it again on fresh data.
      retries++;
      await backoff(attempt);
    }
  }

  /**
   * The companies' configuration. Immutable after seeding: each process reads it once, through
   * `db` when given (open() holds a connection: with a pool of one, asking the pool for
   * another would wait for itself).
   */
  function companies(db: SqlExecutor = pool): Promise<readonly CompanyState[]> {
    configs ??= db.query(`SELECT config FROM ${quoteSchema(schema)}.companies ORDER BY position`).then((result) => {
      const list = result.rows.map((r: { config: FixtureCompany }) => ({ ...r.config, materials: [], stores: [] }));
      return loadFixture({ companies: list });
    }, classify);
    configs.catch(() => {
      configs = undefined;
    });
    return configs;
  }

  async function configOfCompany(id: Guid): Promise<CompanyState> {
    const found = (await companies()).find((c) => c.id === id);
    if (found === undefined) throw new Error(`PostgreSQL storage: no company ${id} in schema ${schema}`);
    return found;
  }

  return {
    schema,
    stats: () => ({ transactions, retries, roundTrips, statements, listingCache: listings.size() }),
    async open(fixture: Fixture, loaded: readonly CompanyState[]): Promise<void> {
      let db: pg.PoolClient | undefined;
      let failure: unknown;
      try {
        db = await pool.connect();
        await migrate(db, schema);
        await db.query("BEGIN");
        try {
          await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`field-service-rules:seed:${schema}`]);
          const count = await db.query(`SELECT count(*)::int AS n FROM ${quoteSchema(schema)}.companies`);
          if ((count.rows[0] as { n: number }).n === 0) await seed(db, schema, fixture, loaded);
          await db.query("COMMIT");
        } catch (error) {
          if (!connectionLost(error)) await db.query("ROLLBACK");
          throw error;
        }
        for (const company of await companies(db)) await ensureCollation(db, schema, company.settings.locale);
      } catch (error) {
        failure = error;
        classify(error);
      } finally {
        // A connection that failed is dropped, not handed to the next request.
        db?.release(failure === undefined ? undefined : true);
      }
    },
    companies: () => companies(),
    async saveToken(token: IssuedToken): Promise<void> {
      const s = quoteSchema(schema);
      try {
        await sql.query(`INSERT INTO ${s}.tokens (company_id, digest, issued_at, client_id) VALUES ($1, $2, $3, $4)`, [
          token.companyId, digest(token.token), token.issuedAt, token.clientId ?? null,
        ]);
        remember(token);
        // Expired tokens never come back to life (AUTH-3): sweep them now and then.
        if (++loginsSinceSweep >= 1024) {
          loginsSinceSweep = 0;
          await sql.query(`DELETE FROM ${s}.tokens WHERE issued_at <= $1`, [token.issuedAt - 3_600_000]);
        }
      } catch (error) {
        classify(error);
      }
    },
    async findToken(text: string, now: Instant): Promise<IssuedToken | undefined> {
      // A token never changes once issued and expires on its own: a process that has seen it
      // answers from memory (no round trip), and forgets it when it expires (AUTH-3).
      const cached = tokenCache.get(text);
      if (cached !== undefined) {
        if (isTokenValid(cached, now)) return cached;
        tokenCache.delete(text);
      }
      const s = quoteSchema(schema);
      const key = digest(text);
      try {
        const result = await sql.query(`SELECT company_id, issued_at, client_id FROM ${s}.tokens WHERE digest = $1`, [key]);
        const row = result.rows[0] as { company_id: Guid; issued_at: string; client_id: string | null } | undefined;
        if (row === undefined) return undefined;
        const issued: IssuedToken = { token: text, companyId: row.company_id, issuedAt: Number(row.issued_at) };
        const token: IssuedToken = row.client_id === null ? issued : { ...issued, clientId: row.client_id };
        if (isTokenValid(token, now)) {
          remember(token);
          return token;
        }
        // Expired (AUTH-3): forgotten at once, as in memory, so it never comes back.
        await sql.query(`DELETE FROM ${s}.tokens WHERE digest = $1`, [key]);
        return undefined;
      } catch (error) {
        return classify(error);
      }
    },
    async run<R>(operation: StoredOperation, work: OperationWork<R>): Promise<R> {
      try {
        const config = await configOfCompany(operation.companyId);
        // A store page: one statement brings this process's copy of the listing up to date.
        if (operation.operation === "readStore") return await listings.readStore(sql, config, operation, work);
        const loads = operation.loads;
        // A read is what the journal does not record: one owner says which routes write (JRN-1).
        const readOnly = !isJournaledWrite({ method: apiOperations[operation.operation].method, operation: operation.operation });
        return await transact(readOnly, async (db) => {
          const records = new CompanyRecords(db, schema, operation.companyId);
          const view = await records.view(config, operation, loads);
          const { result, changes, journal } = work(view, records.recorded);
          if (readOnly) return { value: result, commit: false };
          // The change set and the journal entry wait for the closing message, with COMMIT (two
          // messages a write, JRN-1 adding none).
          const later = new CompanyRecords(db.later, schema, operation.companyId);
          if (changes !== undefined) {
            // A dry run runs every statement (constraints included) and undoes them; its journal entry stays.
            if (operation.dryRun) await db.later.query("SAVEPOINT dry_run");
            await later.write(withReadStores(changes, view), view);
            if (operation.dryRun) await db.later.query("ROLLBACK TO SAVEPOINT dry_run");
          }
          if (journal !== undefined) await later.journal(journal);
          return { value: result, commit: journal !== undefined || (changes !== undefined && !operation.dryRun) };
        }, readOnly ? [] : lockKeys(schema, operation, loads), operation, SNAPSHOT_SAFE.has(operation.operation) ? "REPEATABLE READ" : "SERIALIZABLE");
      } catch (error) {
        return classify(error);
      }
    },
    async readJournal(companyId: Guid, query: JournalQuery): Promise<JournalPage> {
      try {
        return await readJournalPage(sql, schema, companyId, query);
      } catch (error) {
        return classify(error);
      }
    },
    async sync(companyId: Guid, { scope, since }): Promise<SyncAnswer> {
      try {
        const config = await configOfCompany(companyId);
        const cursor = since !== null && sameSyncScope(since, scope) ? since : null;
        const answer = (view: CompanyState, changes: SyncChanges | undefined): Omit<SyncAnswer, "cursor"> =>
          changes === undefined ? fullSync(view, scope) : incrementalSync(view, scope, changes);
        // One statement: one round trip, one snapshot (SYN-3); a second, full one only for a
        // cursor of another history of the database (SYN-4).
        const { result, xmin, history } =
          (await loadSyncView(sql, schema, config, listings, scope, cursor, answer)) ??
          // A full pull (no cursor) is never turned away.
          (await loadSyncView(sql, schema, config, listings, scope, null, answer))!;
        return { cursor: encodeSyncCursor({ scope, kind: "p", position: xmin, history }), ...result };
      } catch (error) {
        return classify(error);
      }
    },
    async write(companyId: Guid, changes): Promise<void> {
      try {
        await transact(false, async (db) => {
          await new CompanyRecords(db.later, schema, companyId).write(changes, undefined);
          return { value: undefined, commit: true };
        });
      } catch (error) {
        classify(error);
      }
    },
    async snapshot(companyId: Guid): Promise<string> {
      try {
        // Several statements: one transaction (rolled back) keeps them on one snapshot.
        return await transact(false, async (db) => ({ value: await new CompanyRecords(db, schema, companyId).snapshot(), commit: false }));
      } catch (error) {
        return classify(error);
      }
    },
    close(): Promise<void> {
      // Once, however many callers (the command's failure path and a signal may both close).
      closed ??= pool.end();
      return closed;
    },
  };
}

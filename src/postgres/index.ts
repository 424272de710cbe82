/**
 * The reference service on PostgreSQL (docs/service.md "Storage"): `postgresStorage` is a
 * storage for `createFieldService`, on the `pg` driver (an optional peer dependency of the
 * package: only this entry imports it). Several service processes may share one database.
 * @packageDocumentation
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { isTokenValid, type IssuedToken } from "../auth/token.js";
import type { Instant } from "../shared/time.js";
import type { Guid } from "../shared/guid.js";
import { loadFixture, type Fixture, type FixtureCompany } from "../service/fixture.js";
import { operationLoads, type OperationLoads } from "../service/loads.js";
import type { CompanyState } from "../service/state.js";
import type { FieldStorage, OperationWork, StoredOperation } from "../service/storage.js";
import { bulkLoadIndexes, ensureCollation, quoteSchema, writeCatalogRows, writeMaterialRows, writeStock, type SqlExecutor } from "./listing.js";
import { storeListingCache, type StoreListingCacheSize } from "./listing-cache.js";
import { CompanyRecords } from "./records.js";
import { migrate } from "./schema.js";

export type { StoreListingCacheSize } from "./listing-cache.js";


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
   * deadlock, an external ID taken meanwhile); then the request fails (500). Default 20.
   */
  readonly maxAttempts?: number;
  /**
   * Told of every statement a request sends, before it is sent (diagnostics: a statement log,
   * or a test that checks every query is scoped by company). Values as bound.
   */
  readonly onQuery?: (text: string, values: readonly unknown[] | undefined) => void;
}

/** Counters of a {@link PostgresStorage}, for benchmarks and logs. */
export interface PostgresStorageStats {
  /** Transactions that ended (committed or rolled back on purpose). */
  readonly transactions: number;
  /** Attempts that conflicted and were re-run. */
  readonly retries: number;
  /** Messages sent to the server for requests (logins, token lookups, operations), each one round trip. */
  readonly roundTrips: number;
  /** SQL statements in those messages (a message may carry several: locks and `BEGIN`, `COMMIT` and unlock). */
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

/** PostgreSQL error codes the storage re-runs a request on. */
const RETRYABLE = new Set(["40001", "40P01", "23505"]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === "string" ? code : undefined;
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
 * decision reads (`operationLoads`), runs the pure handler on them and writes the changes;
 * a conflict with a concurrent transaction (serialization failure, deadlock, or a unique
 * external ID taken meanwhile) re-runs the whole request on fresh data after a jittered
 * wait, so two processes never both plan overlapping slots for one technician (ASN-5), stock
 * batches on one store end exact (STK-6), and a duplicate external ID is the 400 of GEN-4.
 * Effects are returned only after the commit, so a re-run repeats nothing outside. A store
 * page (`GET /store/{id}`) is answered from this process's copy of the store's listing index,
 * brought up to date in one statement from the rows changed since it last looked
 * (`src/postgres/listing-cache.ts`), so it never scans the store; the copy holds only the
 * stores this process was asked for, and the materials of their companies.
 * @param options - the connection string, the schema, the pool size, the attempts
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
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
  // An idle connection the server drops (a restart) must not crash the process: the next
  // request gets a fresh one.
  pool.on("error", () => {});
  let roundTrips = 0;
  let statements = 0;
  // Every message a request sends goes through here, so the counters are exact (the table in
  // docs/embedding.md and test/postgres/round-trips.test.ts read them). A message without
  // values may hold several statements: those this module writes are split by "; ".
  const counted = (db: SqlExecutor): SqlExecutor => ({
    query: (text, values) => {
      options.onQuery?.(text, values);
      roundTrips++;
      statements += values === undefined ? text.split("; ").length : 1;
      return db.query(text, values);
    },
  });
  const sql = counted(pool);
  let transactions = 0;
  let retries = 0;
  let loginsSinceSweep = 0;
  let configs: Promise<readonly CompanyState[]> | undefined;
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
   * no transaction, one round trip. A write is one SERIALIZABLE transaction in few round
   * trips: the advisory locks and `BEGIN` travel in one message (the locks are taken before
   * the transaction, so its snapshot is taken after they are granted), then `fn`'s statements
   * (the view, the writes), then `COMMIT` (or `ROLLBACK`) with the unlock in one message.
   */
  async function transact<T>(readOnly: boolean, fn: (db: SqlExecutor) => Promise<{ value: T; commit: boolean }>, locks: readonly number[] = []): Promise<T> {
    if (readOnly) {
      const { value } = await fn(sql);
      transactions++;
      return value;
    }
    // Session locks in ascending order, so two requests never wait on each other in a cycle;
    // the keys are numbers this module computed, safe to write into the text.
    const begin = `${locks.map((k) => `SELECT pg_advisory_lock(${k}); `).join("")}${locks.length > 0 ? "COMMIT; " : ""}BEGIN ISOLATION LEVEL SERIALIZABLE`;
    const unlock = locks.length > 0 ? "; SELECT pg_advisory_unlock_all()" : "";
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      const db = counted(client);
      let destroy = false;
      try {
        await db.query(begin);
        const { value, commit } = await fn(db);
        await db.query(`${commit ? "COMMIT" : "ROLLBACK"}${unlock}`);
        transactions++;
        return value;
      } catch (error) {
        try {
          await db.query(`ROLLBACK${unlock}`);
        } catch {
          destroy = true;
        }
        if (attempt >= maxAttempts || !RETRYABLE.has(errorCode(error) ?? "")) throw error;
      } finally {
        client.release(destroy);
      }
      // A conflict: nothing was written and no effect left the service; run it again on fresh data.
      retries++;
      await backoff(attempt);
    }
  }

  function companies(): Promise<readonly CompanyState[]> {
    // Configuration is immutable after seeding: each process reads it once.
    configs ??= pool.query(`SELECT config FROM ${quoteSchema(schema)}.companies ORDER BY position`).then((result) => {
      const list = result.rows.map((r: { config: FixtureCompany }) => ({ ...r.config, materials: [], stores: [] }));
      return loadFixture({ companies: list });
    });
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
      const db = await pool.connect();
      try {
        await migrate(db, schema);
        await db.query("BEGIN");
        try {
          await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`field-service-rules:seed:${schema}`]);
          const count = await db.query(`SELECT count(*)::int AS n FROM ${quoteSchema(schema)}.companies`);
          if ((count.rows[0] as { n: number }).n === 0) await seed(db, schema, fixture, loaded);
          await db.query("COMMIT");
        } catch (error) {
          await db.query("ROLLBACK");
          throw error;
        }
        for (const company of await companies()) await ensureCollation(db, schema, company.settings.locale);
      } finally {
        db.release();
      }
    },
    companies,
    async saveToken(token: IssuedToken): Promise<void> {
      const s = quoteSchema(schema);
      await sql.query(`INSERT INTO ${s}.tokens (company_id, digest, issued_at) VALUES ($1, $2, $3)`, [token.companyId, digest(token.token), token.issuedAt]);
      remember(token);
      // Expired tokens never come back to life (AUTH-3): sweep them now and then.
      if (++loginsSinceSweep >= 1024) {
        loginsSinceSweep = 0;
        await sql.query(`DELETE FROM ${s}.tokens WHERE issued_at <= $1`, [token.issuedAt - 3_600_000]);
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
      const result = await sql.query(`SELECT company_id, issued_at FROM ${s}.tokens WHERE digest = $1`, [key]);
      const row = result.rows[0] as { company_id: Guid; issued_at: string } | undefined;
      if (row === undefined) return undefined;
      const token: IssuedToken = { token: text, companyId: row.company_id, issuedAt: Number(row.issued_at) };
      if (isTokenValid(token, now)) {
        remember(token);
        return token;
      }
      // Expired (AUTH-3): forgotten at once, as in memory, so it never comes back.
      await sql.query(`DELETE FROM ${s}.tokens WHERE digest = $1`, [key]);
      return undefined;
    },
    async run<R>(operation: StoredOperation, work: OperationWork<R>): Promise<R> {
      const config = await configOfCompany(operation.companyId);
      // A store page: one statement brings this process's copy of the listing up to date.
      if (operation.operation === "readStore") return listings.readStore(sql, config, operation, work);
      const loads = operationLoads(operation.operation, operation.body, config);
      const readOnly = operation.operation.startsWith("read") || operation.operation.endsWith("AllowedActions");
      return transact(readOnly, async (db) => {
        const records = new CompanyRecords(db, schema, operation.companyId);
        const view = await records.view(config, operation, loads);
        const { result, changes } = work(view);
        if (changes === undefined || readOnly) return { value: result, commit: false };
        await records.write(changes, view);
        // A dry run ran every statement; it ends in ROLLBACK.
        return { value: result, commit: !operation.dryRun };
      }, readOnly ? [] : lockKeys(schema, operation, loads));
    },
    async write(companyId: Guid, changes): Promise<void> {
      await transact(false, async (db) => {
        await new CompanyRecords(db, schema, companyId).write(changes, undefined);
        return { value: undefined, commit: true };
      });
    },
    async snapshot(companyId: Guid): Promise<string> {
      // Several statements: one transaction (rolled back) keeps them on one snapshot.
      return transact(false, async (db) => ({ value: await new CompanyRecords(db, schema, companyId).snapshot(), commit: false }));
    },
    async close(): Promise<void> {
      await pool.end();
    },
  };
}

// The storage on PostgreSQL itself: `postgresStorage`, its options and its counters. It composes
// the pieces beside it: errors (errors.ts), writers' turns and locked retries (contention.ts),
// tokens (tokens.ts), seeding (seed.ts), a request's view and commit (records.ts, commit.ts).
//
// Near 500 lines, on purpose: `postgresStorage` is one closure over the pool, the counters and
// the process's caches that every method of the port shares; much of the file is its TSDoc and
// the options' documentation. Splitting the methods out would pass that state around by hand.
import pg from "pg";
import { isTokenValid, type IssuedToken } from "../auth/token.js";
import type { Instant } from "../shared/time.js";
import type { Guid } from "../shared/guid.js";
import { loadFixture, type Fixture, type FixtureCompany } from "../service/fixture.js";
import type { CompanyState } from "../service/state.js";
import type { CommitVerdict, DecisionToCommit, FieldStorage, LoadedView, StoredOperation, ViewHold } from "../service/storage.js";
import { commitStatement } from "./commit.js";
import { contentionKeys, HotResources, lockable, lockStatement, stockQueue, Turns, type HotStock } from "./contention.js";
import { classify, CONFLICTS, connectionLost, connectionReusable, duplicateOf, errorCode, UNIQUE_VIOLATION } from "./errors.js";
import { ensureCollation } from "./collation.js";
import { detachRows, preparedName, quoteSchema, type SqlExecutor } from "./sql.js";
import { pgLanePool, pipelined, VIEW_LANES, viewLanes } from "./lanes.js";
import { storeListingCache, type StoreListingCacheSize } from "./store-listing-cache.js";
import { CompanyRecords, emptyStamp, emptyView, viewOfRow, type ViewStamp } from "./records.js";
import { HotOffers, hotStockRead, hotStockStatement, narrowable, narrowedRow, type HotStockRead } from "./hot-view.js";
import { readJournalPage } from "./journal.js";
import type { JournalPage } from "../journal/entry.js";
import type { JournalRecord } from "../journal/memory.js";
import type { JournalQuery } from "../journal/query.js";
import { migrate } from "./schema.js";
import { countLoginFailure, readLoginFailures } from "./credentials.js";
import { scryptSecrets } from "./secrets.js";
import { seed } from "./seed.js";
import { MaterialCache } from "./material-cache.js";
import { insertToken, selectToken, TokenCache } from "./tokens.js";
import { isStoredSecret, type SecretHasher } from "../auth/secret.js";
import type { FailureWindow } from "../auth/throttle.js";
import { loadSyncView } from "./sync.js";
import type { SyncAnswer } from "../sync/answer.js";
import { encodeSyncCursor, sameSyncScope } from "../sync/cursor.js";
import { fullSync, incrementalSync, type SyncChanges } from "../sync/scope.js";

/** Options of {@link postgresStorage}. */
export interface PostgresStorageOptions {
  /** A libpq connection string (`postgres://user:password@host:port/database`). */
  readonly connectionString: string;
  /** The schema holding the service's tables; created when absent. Default `field_service`. */
  readonly schema?: string;
  /** Most connections the pool opens. Default 10. */
  readonly maxConnections?: number;
  /**
   * Connections of the pool that requests' views share, pipelined (`viewLanes` in `lanes.ts`):
   * each view goes to the one with the fewest in flight, and the views of one turn of the event
   * loop leave in one write. A lane holds its connection only while it has views in flight. At
   * most `maxConnections`; 0 (or below, or not a number): each view takes a connection of its
   * own. Default 2.
   */
  readonly viewLanes?: number;
  /**
   * Most decisions of one request whose commit finds its view stale (a concurrent write moved a
   * version it read, or a deadlock); then the storage is unavailable for it (503). An external
   * ID taken meanwhile is decided again once only: taken again, it is the 400 of GEN-4. Default 20.
   */
  readonly maxAttempts?: number;
  /**
   * Told of every statement a request sends, before it is sent (diagnostics: a statement log,
   * or a test that checks every query is scoped by company), with its values as bound.
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
  /**
   * How client secrets are hashed at seeding and by migration 6, and checked at login (CRD-1).
   * Default `scryptSecrets()`: scrypt with N = 2^14, r = 8, p = 1, at most 2 checks at once.
   */
  readonly secrets?: SecretHasher;
}

/** Counters of a {@link PostgresStorage}, for benchmarks and logs. */
export interface PostgresStorageStats {
  /** Commit statements that wrote (each one decision's changes, journal entry and key claim, or a group commit's). */
  readonly commits: number;
  /** Decisions committed in the commit statement of another (a group commit's entries after its first). */
  readonly grouped: number;
  /** Commits answered `stale` or `taken` (the service decided again on a fresh view). */
  readonly retries: number;
  /** Round trips to the server for requests (logins, token lookups, operations): a statement sent alone, or a locked retry's pair sent together (its `BEGIN` and lock, its commit and `COMMIT`). */
  readonly roundTrips: number;
  /** SQL statements sent: one a round trip (a write's view and its commit), except a locked retry's pairs, two. */
  readonly statements: number;
  /** Connections this process opened to the server: the pool's, as it grows and as it replaces one that failed (a statement the server refused keeps its connection). */
  readonly connections: number;
  /** What this process's store listing cache holds (the stores it was asked for). */
  readonly listingCache: StoreListingCacheSize;
}

/** The PostgreSQL storage: the storage port, plus its counters. */
export interface PostgresStorage extends FieldStorage {
  /** The schema it uses. */
  readonly schema: string;
  /** Transactions and retries so far. */
  readonly stats: () => PostgresStorageStats;
  /** Always present on PostgreSQL: this process's turn, and after a lost race or on a hot store the rows the lost view read, locked (see {@link FieldStorage.hold}). */
  readonly hold: (operation: StoredOperation, stale?: LoadedView) => Promise<ViewHold>;
}

/** The verdicts without data, shared. */
const COMMITTED: CommitVerdict = Object.freeze({ kind: "committed" });
const STALE: CommitVerdict = Object.freeze({ kind: "stale" });

/** Default of {@link PostgresStorageOptions.connectTimeoutMs}. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Default of {@link PostgresStorageOptions.statementTimeoutMs}. */
const STATEMENT_TIMEOUT_MS = 30_000;
/**
 * How much longer than the statement timeout the driver waits for an answer before giving up
 * on the connection: as long again, at most 5 s (the server's cancel normally comes first).
 */
const READ_GRACE_MS = 5_000;

/** The connection of a locked retry, inside its transaction. */
interface Pinned {
  readonly client: pg.PoolClient;
  readonly db: SqlExecutor;
  /**
   * Sends statements without waiting for each one's answer (the driver's pipeline mode): one
   * round trip. Resolves with their results when all are answered; rejects with the first
   * error, in the order sent.
   */
  readonly pipeline: (statements: readonly Statement[]) => Promise<pg.QueryResult[]>;
}

/** One statement and its values, as {@link Pinned.pipeline} sends it. */
interface Statement {
  readonly text: string;
  readonly values?: readonly unknown[];
}

/** What a view waits for, taken ({@link FieldStorage.hold}): this process's turn, and the locked retry's connection if it locked rows. */
interface Taken {
  /** Ends this process's turn on the resources the write contends on. */
  readonly leave: () => void;
  /** The locked retry's connection, when rows are locked. */
  readonly pinned: Pinned | undefined;
  /** When it locked its company's hot stock, or read its busy stock whole ({@link HotResources.heatedStock}): the path values of every store it holds, in the write's form. */
  readonly stores?: readonly string[] | undefined;
  /** When it locked its company's hot stock or read its busy stock: what it read, from which its view is narrowed when that covers it (`hot-view.ts`). */
  readonly read?: HotStockRead | undefined;
}

/** What a PostgreSQL view holds until its commit or release. */
interface Held {
  /** The versions it was read at. */
  readonly stamp: ViewStamp;
  /** The locked retry's connection, when this view holds the rows it read. */
  readonly pinned: Pinned | undefined;
  /** Ends this process's turn on the resources the write contends on. */
  readonly leave: () => void;
}

/**
 * Whether a decision can be given without reading anything: its loads name only records it
 * expects not to exist (`absentExpected`, a new customer's external ID), its path names none, it
 * is a first attempt (a decision whose commit a unique constraint refused reads them), it carries
 * no idempotency key (whose recorded answer is read with the view) and is not a dry run (whose
 * journal entry is all it commits, so no constraint would refuse a taken external ID).
 * @param operation - the operation
 * @param stale - the previous attempt's view, if any
 * @param pinned - the locked retry's connection, if any
 * @returns whether the view is the company's configuration alone
 */
export function unread(operation: StoredOperation, stale: LoadedView | undefined, pinned: unknown): boolean {
  return operation.loads.absentExpected === true && stale === undefined && pinned === undefined && operation.params.length === 0 && operation.idempotencyKey === null && !operation.dryRun;
}

/** The journal entries one commit writes, in the order decided: a decision's own, then those committed with it. */
function journalsOf(decided: DecisionToCommit): JournalRecord[] {
  const entries: JournalRecord[] = [];
  if (decided.journal !== undefined) entries.push(decided.journal);
  for (const entry of decided.grouped ?? []) entries.push(entry);
  return entries;
}

/**
 * A storage on PostgreSQL for `createFieldService` (docs/service.md "Storage"). On open it
 * creates its tables in `schema` with versioned migrations and seeds the fixture when the
 * schema holds no company yet (a schema with data keeps it). A request's view is one statement
 * (`load`: only the records its decision reads, `StoredOperation.loads`, with their versions),
 * and its commit is another (`commit`): one statement that compares and sets the versions the
 * view read, writes the changes, inserts the journal entry and claims the `Idempotency-Key`, all
 * or nothing; no transaction stays open across the decision. A version moved meanwhile makes the
 * commit `stale` and the service decides again on a fresh view, so two processes never both plan
 * overlapping slots for one technician (ASN-5) and stock batches on one store end exact (STK-6)
 * (docs/decisions.md "What guards each invariant"). A unique external ID taken meanwhile is
 * decided again once, and the rules then refuse it by GEN-4; taken again, it is the same 400.
 * Effects are returned only after the commit, so a new decision repeats nothing outside. Every wait is bounded (`connectTimeoutMs`, `statementTimeoutMs`); a database that
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
  const secrets = options.secrets ?? scryptSecrets();
  quoteSchema(schema);
  const maxAttempts = options.maxAttempts ?? 20;
  const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  // Every wait is bounded: for a connection (opening one, or a free one from the pool), and for
  // each statement, on the server (statement_timeout cancels it) and in the driver (a server
  // that neither answers nor cancels).
  const maxConnections = options.maxConnections ?? 10;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: maxConnections,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + Math.min(READ_GRACE_MS, statementTimeout),
    // A locked retry sends its BEGIN with its lock, and its commit with its COMMIT, without
    // waiting between them (Pinned.pair); every other caller awaits each statement, as before.
    pipeline: true,
  });
  // An idle connection the server drops (a restart) must not crash the process: the next
  // request gets a fresh one.
  pool.on("error", () => {});
  let roundTrips = 0;
  let statements = 0;
  let connections = 0;
  // Every statement a request sends goes through here, so the counters are exact (the table in
  // docs/embedding.md and test/postgres/round-trips.test.ts read them). One statement a message,
  // through the extended protocol: a statement with values is prepared by name (the driver
  // parses it once per connection), its values bound, never written into the text. A round trip
  // carries one statement, except a locked retry's pairs (`pin`), two. Its rows leave the
  // driver's array at once (`detachRows`: V8 comes to allocate that array old, and a dead old
  // array kept the young rows it held alive through every scavenge).
  const send = (db: pg.PoolClient, text: string, values: readonly unknown[] | undefined): Promise<pg.QueryResult> => {
    options.onQuery?.(text, values);
    statements++;
    // Stryker disable next-line ConditionalExpression: a statement without values prepared by name answers the same; only the driver's bookkeeping differs
    const answer = values === undefined || values.length === 0 ? db.query(text) : db.query({ name: preparedName(text), text, values: [...values] });
    return answer.then(detachRows);
  };
  const counted = (db: pg.PoolClient): SqlExecutor => ({
    query: (text, values) => {
      roundTrips++;
      return send(db, text, values);
    },
  });
  // A statement outside a transaction takes a connection of the pool for itself and gives it
  // back even when the server refused the statement: pg's Pool.query would drop the connection
  // on any error, and a stale view's commit (40001) or a unique violation is an answer, not a
  // broken connection (each drop cost the next statement a new backend: a fork, an
  // authentication, its statements prepared again). Only a connection that failed is dropped.
  const sql: SqlExecutor = {
    query: async (text, values) => {
      roundTrips++;
      const client = await pool.connect();
      let broken = false;
      try {
        return await send(client, text, values);
      } catch (error) {
        broken = !connectionReusable(error);
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
  // A view takes no lock and waits for none, so views share a few connections, pipelined, and
  // those of one turn leave in one write (docs/decisions.md "Views share a few pipelined
  // connections"). Every other statement outside a transaction keeps a connection to itself: a
  // commit may wait for a row lock, and would hold up the views queued behind it.
  const laneCount = Math.min(options.viewLanes ?? VIEW_LANES, maxConnections);
  const lanes = laneCount >= 1 ? viewLanes(pgLanePool(pool, send), laneCount) : undefined;
  const views: SqlExecutor =
    lanes === undefined
      ? sql
      : {
          query: (text, values) => {
            roundTrips++;
            return lanes.query(text, values);
          },
        };
  const pin = (client: pg.PoolClient): Pinned => ({
    client,
    db: counted(client),
    pipeline: async (list) => {
      roundTrips++;
      // In one write (a locked turn made five, now two).
      const answers = await Promise.allSettled(pipelined(client, list, send));
      const results: pg.QueryResult[] = [];
      for (const a of answers) {
        if (a.status === "rejected") throw a.reason;
        results.push(a.value);
      }
      return results;
    },
  });
  // Nor may one that drops while a request holds it: pg then rejects the query (which the
  // request answers with a 503) and also emits "error" on the client, which the pool listens
  // to only while the client is idle; unheard, that event would end the process.
  pool.on("connect", (client) => {
    connections++;
    client.on("error", () => {});
  });
  let commits = 0;
  let grouped = 0;
  let retries = 0;
  let loginsSinceSweep = 0;
  let configs: Promise<readonly CompanyState[]> | undefined;
  let closed: Promise<void> | undefined;
  const tokenCache = new TokenCache();
  // The materials this process read: a view names them and reads only the GUIDs of rows unchanged since.
  const materialCache = new MaterialCache();
  const hotOffers = new HotOffers();
  const listings = storeListingCache(schema);
  const turns = new Turns();
  const hot = new HotResources();

  /**
   * Ends the transaction of a locked retry and gives its connection back (a connection that
   * broke, or cannot roll back, is dropped). `"ROLLBACK"` rolls back a transaction that sent no
   * commit; `undefined`: the transaction already ended, its `COMMIT` sent behind the commit
   * statement (see the storage's `commit`).
   */
  async function endPinned(pinned: Pinned | undefined, end: "ROLLBACK" | undefined, failure: unknown): Promise<void> {
    if (pinned === undefined) return;
    let broken = connectionLost(failure);
    try {
      if (!broken && end !== undefined) await pinned.db.query(end);
      // Stryker disable next-line BlockStatement: as below, a ROLLBACK that fails is one whose connection was lost since, which pg's pool drops itself
    } catch {
      // Stryker disable next-line BooleanLiteral: a ROLLBACK is sent only on a connection not known lost, and PostgreSQL refuses none; one that fails lost its connection since, which pg's pool drops itself
      broken = true;
    } finally {
      pinned.client.release(broken);
    }
  }

  /**
   * Ends what a request's view held: its locked retry's transaction (see {@link endPinned}), then
   * its turn, which is left whatever the end does (a commit or a ROLLBACK that fails must not
   * keep this process's next writers of these resources waiting for ever).
   */
  async function endTurn(pinned: Pinned | undefined, leave: () => void, end: "ROLLBACK" | undefined, failure: unknown): Promise<void> {
    try {
      await endPinned(pinned, end, failure);
    } finally {
      leave();
    }
  }

  /**
   * The read of a company's hot or busy stock whole (`hot-view.ts`), offering the materials the
   * company's last such read answered (MCA-1), and what its answer gives: `undefined` when the
   * stock proved too wide, which marks it so ({@link HotResources.widen}).
   */
  function wholeRead(operation: StoredOperation, stock: HotStock, queue: string | undefined): { statement: Statement; answer: (result: { readonly rows: readonly unknown[] } | undefined) => HotStockRead | undefined } {
    const offered = hotOffers.offer(operation.companyId, materialCache);
    return {
      statement: hotStockStatement(schema, operation.companyId, [...stock.stamp.stock.keys()], offered),
      answer: (result) => {
        const read = hotStockRead(result?.rows[0] as Record<string, unknown> | undefined, (answered) => materialCache.answered(operation.companyId, answered, offered));
        if (read === undefined) hot.widen(queue);
        else hotOffers.answered(operation.companyId, read);
        return read;
      },
    };
  }

  /**
   * What a view waits for before it is read: this process's writers of one store, technician or
   * order take turns (a write that would only lose the race to its neighbour waits for it
   * instead; processes race, and the versions decide), and a decision that lost a race, or one on
   * a resource hot from a lost race, first locks the rows the lost view read. Whatever fails
   * leaves the turn and ends the transaction.
   */
  async function takeHold(operation: StoredOperation, stale: LoadedView | undefined): Promise<Taken> {
    const keys = contentionKeys(operation);
    const leave = await turns.take(keys);
    let pinned: Pinned | undefined;
    let read: HotStockRead | undefined;
    try {
      // A stock write on its company's hot stock locks every store of it, so the writes queued
      // meanwhile may join whatever store they name. That covers what its own lost view read,
      // when it lost: a stock write reads its stores' records and stock only, and its stale
      // commit added them to the hot stock just before.
      const queue = stockQueue(operation, keys);
      const stock = hot.heatedStock(queue, keys);
      const locking = stock?.locked === true ? stock : undefined;
      // Whether the turn reads that stock whole, locked or not: only when it is not too wide and a
      // whole read can give the turn its view (`narrowable`); another turn would read its view anyway.
      const readsWhole = stock !== undefined && !stock.wide && narrowable(operation);
      const previous = locking?.stamp ?? (stale?.stamp as Held | undefined)?.stamp ?? hot.heated(keys);
      if (previous !== undefined && lockable(previous)) {
        // A decision that lost a race: this one holds what the lost one read (its rows locked
        // in one order), so the next commit cannot lose again (docs/decisions.md "What guards
        // each invariant": the fallback under contention).
        pinned = pin(await pool.connect());
        try {
          // One round trip: the lock is sent behind its BEGIN, without waiting for it; a hot stock
          // locked whole is read behind its lock (hot-view.ts), when the turn reads it whole.
          const whole = locking !== undefined && readsWhole ? wholeRead(operation, locking, queue) : undefined;
          const answers = await pinned.pipeline([{ text: "BEGIN" }, lockStatement(schema, operation.companyId, previous), ...(whole === undefined ? [] : [whole.statement])]);
          // Stryker disable next-line ConditionalExpression: without a read sent there is no third answer, and the read of none holds no store, so it covers no write and the view is read as before
          if (whole !== undefined) read = whole.answer(answers[2]);
        } catch (error) {
          // A deadlock with a concurrent commit (the database chose this lock to fail): this
          // attempt reads its view without holding anything, as a first attempt does.
          // Stryker disable next-line StringLiteral: an error without a code is in CONFLICTS under neither text
          if (!CONFLICTS.has(errorCode(error) ?? "")) throw error;
          await endPinned(pinned, "ROLLBACK", error);
          pinned = undefined;
          read = undefined;
          retries++;
        }
        // Stryker disable next-line ConditionalExpression: the service reads a hold's stores only when it locked or read whole (`joiners`), so stores named by a hold that fell back unlocked change nothing
        if (pinned === undefined || locking === undefined) return { leave, pinned };
        return { leave, pinned, stores: locking.stores, read };
      }
      // A company's busy stock, not hot (HotResources.busy): read whole without a lock, in place
      // of the view, so the writes queued meanwhile may join the turn as they join a locked one.
      // A read found too wide is dropped, and the view of the grown turn read as a locked one's is.
      if (stock !== undefined && readsWhole) {
        const whole = wholeRead(operation, stock, queue);
        read = whole.answer(await views.query(whole.statement.text, whole.statement.values));
        return { leave, pinned, stores: stock.stores, read };
      }
      return { leave, pinned };
    } catch (error) {
      await endTurn(pinned, leave, "ROLLBACK", error);
      return classify(error);
    }
  }

  /**
   * Runs `fn` in one transaction on one connection, outside any request's route: seeding records
   * (`write`) and reading a consistent snapshot of several statements (`snapshot`).
   */
  async function inTransaction<T>(begin: string, fn: (db: SqlExecutor) => Promise<T>, end: "COMMIT" | "ROLLBACK"): Promise<T> {
    const client = await pool.connect();
    const db = counted(client);
    let broken = false;
    try {
      await db.query(begin);
      const value = await fn(db);
      await db.query(end);
      return value;
    } catch (error) {
      // Stryker disable next-line ConditionalExpression,BooleanLiteral: a ROLLBACK on a lost connection fails and is caught below, and pg's pool drops a client that can no longer query
      if (connectionLost(error)) broken = true;
      // Stryker disable next-line ArrowFunction,BooleanLiteral: PostgreSQL refuses no ROLLBACK; one that fails lost its connection, which pg's pool drops
      else await db.query("ROLLBACK").catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
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
      // Stored forms only (seeding and migration 6 hashed every secret): any form this project writes is read back.
      return loadFixture({ companies: list }, { ...secrets, accepts: isStoredSecret });
    }, classify);
    configs.catch(() => {
      configs = undefined;
    });
    return configs;
  }

  async function configOfCompany(id: Guid): Promise<CompanyState> {
    const found = (await companies()).find((c) => c.id === id);
    // Stryker disable next-line ConditionalExpression,StringLiteral: the message only; without it the next line fails on `undefined` (a 500 either way)
    if (found === undefined) throw new Error(`PostgreSQL storage: no company ${id} in schema ${schema}`);
    return found;
  }

  return {
    schema,
    stats: () => ({ commits, grouped, retries, roundTrips, statements, connections, listingCache: listings.size() }),
    async open(fixture: Fixture, loaded: readonly CompanyState[]): Promise<void> {
      let db: pg.PoolClient | undefined;
      let failure: unknown;
      try {
        db = await pool.connect();
        await migrate(db, schema, secrets);
        await db.query("BEGIN");
        try {
          // Stryker disable next-line StringLiteral: any one name serialises the seeders of the schema
          await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`field-service-rules:seed:${schema}`]);
          const count = await db.query(`SELECT count(*)::int AS n FROM ${quoteSchema(schema)}.companies`);
          if ((count.rows[0] as { n: number }).n === 0) await seed(db, schema, fixture, loaded);
          await db.query("COMMIT");
        } catch (error) {
          // Stryker disable next-line BooleanLiteral,ConditionalExpression,StringLiteral: the connection of a failed opening is dropped below, which rolls back too
          if (!connectionLost(error)) await db.query("ROLLBACK");
          throw error;
        }
        for (const company of await companies(db)) await ensureCollation(db, schema, company.settings.locale);
      } catch (error) {
        failure = error;
        classify(error);
      } finally {
        // A connection that failed is dropped, not handed to the next request.
        // Stryker disable next-line ConditionalExpression,BooleanLiteral: a failed opening's connection is clean or lost, and pg's pool drops a lost one itself (reuse after success is tested)
        db?.release(failure === undefined ? undefined : true);
      }
    },
    companies: () => companies(),
    secrets,
    async loginFailures(keys: readonly string[]): Promise<readonly (FailureWindow | undefined)[]> {
      try {
        return await readLoginFailures(sql, schema, keys);
      } catch (error) {
        return classify(error);
      }
    },
    async recordLoginFailure(keys: readonly string[], at: Instant, windowMs: number): Promise<void> {
      try {
        await countLoginFailure(sql, schema, keys, at, windowMs);
      } catch (error) {
        classify(error);
      }
    },
    async saveToken(token: IssuedToken, clears?: string): Promise<void> {
      try {
        // Expired tokens never come back to life (AUTH-3): swept now and then, in the same statement.
        const sweep = loginsSinceSweep + 1 >= 1024;
        await insertToken(sql, schema, token, sweep, clears);
        loginsSinceSweep = sweep ? 0 : loginsSinceSweep + 1;
        tokenCache.remember(token);
      } catch (error) {
        classify(error);
      }
    },
    async findToken(text: string, now: Instant): Promise<IssuedToken | undefined> {
      // A token never changes once issued and expires on its own: a process that has seen it
      // answers from memory (no round trip), and forgets it when it expires (AUTH-3).
      const cached = tokenCache.get(text);
      if (cached !== undefined) {
        // Stryker disable next-line ConditionalExpression: the service checks a token's expiry again (AUTH-3); this spares the round trip only
        if (isTokenValid(cached, now)) return cached;
        tokenCache.forget(text);
      }
      try {
        const token = await selectToken(sql, schema, text, now);
        if (token !== undefined) tokenCache.remember(token);
        return token;
      } catch (error) {
        return classify(error);
      }
    },
    attempts: maxAttempts,
    groupCommit: true,
    // A queue's first turn waits for the callbacks of the sockets read in this phase of the event
    // loop, so the writes they carry join it (GRP-1; docs/decisions.md "The first turn after the
    // loop's phase").
    startGroupTurn: (run: () => void): void => {
      setImmediate(run);
    },
    async hold(operation: StoredOperation, stale?: LoadedView): Promise<ViewHold> {
      const taken = await takeHold(operation, stale);
      return { locked: taken.pinned !== undefined, held: taken, stores: taken.stores };
    },
    async load(operation: StoredOperation, stale?: LoadedView, hold?: ViewHold): Promise<LoadedView> {
      const taken = hold === undefined ? await takeHold(operation, stale) : (hold.held as Taken);
      const { leave, pinned } = taken;
      try {
        const config = await configOfCompany(operation.companyId);
        if (unread(operation, stale, pinned)) {
          // Nothing to read: the records the decision names are ones it expects not to exist, and
          // the commit's unique constraints refuse one that does (then this is decided again on a
          // view that reads it, and the rules refuse it). No round trip.
          const held: Held = { stamp: emptyStamp(), pinned: undefined, leave };
          return { view: emptyView(config), recorded: undefined, stamp: held };
        }
        // A locked stock turn that read its hot stock with the lock: its view is narrowed from
        // that, with no round trip, when it covers the turn's writes.
        const narrowed = taken.read === undefined ? undefined : narrowedRow(operation, taken.read);
        if (narrowed !== undefined) {
          const { view, stamp } = viewOfRow(config, operation.loads, narrowed.row, narrowed.materials);
          const held: Held = { stamp, pinned, leave };
          return { view, recorded: undefined, stamp: held };
        }
        // One statement: one round trip, one snapshot, no transaction left open (issue 33).
        const records = new CompanyRecords(pinned?.db ?? views, schema, operation.companyId, materialCache);
        const { view, stamp } = await records.view(config, operation, operation.loads);
        const held: Held = { stamp, pinned, leave };
        return { view, recorded: records.recorded, stamp: held };
      } catch (error) {
        await endTurn(pinned, leave, "ROLLBACK", error);
        return classify(error);
      }
    },
    async commit(operation: StoredOperation, loaded: LoadedView, decided: DecisionToCommit): Promise<CommitVerdict> {
      const held = loaded.stamp as Held;
      // Stryker disable next-line ConditionalExpression: the order is the first parameter of every path that has one, and another record's GUID has no order version in the stamp (pathOrderBump then writes nothing)
      const order = operation.params.find((p) => p.name === "order");
      const pathOrder = order === undefined ? undefined : (operation.form === "id" ? order.value.toLowerCase() as Guid : loaded.view.orders.byKey.get(order.value)?.id);
      let failure: unknown;
      let ended = false;
      try {
        const statement = commitStatement(schema, {
          companyId: operation.companyId,
          view: loaded.view,
          stamp: held.stamp,
          // A dry run writes its journal entry only (JRN-1); the decision already checked the rules.
          changes: operation.dryRun ? undefined : decided.changes,
          journals: journalsOf(decided),
          pathOrder,
          idempotencyKey: operation.idempotencyKey,
          at: operation.at,
        });
        // Stryker disable next-line ConditionalExpression: unreachable from the service, which releases a decision with neither changes nor journal entry instead of committing it
        if (statement !== undefined) {
          if (held.pinned === undefined) await sql.query(statement.text, statement.values);
          else {
            // A locked retry's COMMIT goes behind its statement: one round trip. A statement that
            // fails leaves the transaction aborted, and PostgreSQL answers that COMMIT with a
            // rollback, so either way the transaction has ended.
            ended = true;
            await held.pinned.pipeline([statement, { text: "COMMIT" }]);
          }
        }
        commits++;
        grouped += decided.grouped?.length ?? 0;
        // Stryker disable next-line ConditionalExpression: a group of customer adds has no stock queue (stockQueue answers undefined for its keys), so busy would keep nothing; the test only spares the work
        if (operation.loads.stock === "named" && decided.grouped !== undefined && decided.grouped.length > 0) {
          // Stock writes queue behind each other: the company's next stock turns read its stock
          // whole so that the writes queued meanwhile join them (HotResources.busy). A group of
          // customer adds has no stock queue, so its turn keys are not worked out.
          const keys = contentionKeys(operation);
          hot.busy(keys, held.stamp, stockQueue(operation, keys));
        }
        return COMMITTED;
      } catch (error) {
        failure = error;
        // Stryker disable next-line StringLiteral: an error without a code matches neither CONFLICTS nor UNIQUE_VIOLATION under either text
        const code = errorCode(error) ?? "";
        if (CONFLICTS.has(code)) {
          retries++;
          const keys = contentionKeys(operation);
          hot.heat(keys, held.stamp, stockQueue(operation, keys));
          return STALE;
        }
        if (code === UNIQUE_VIOLATION) {
          retries++;
          return { kind: "taken", error: duplicateOf(error, operation) };
        }
        return classify(error);
      } finally {
        // A locked retry's transaction ended with its commit statement's pair; it is rolled back
        // when none was sent (a statement that could not be built: nothing was written).
        await endTurn(held.pinned, held.leave, ended ? undefined : "ROLLBACK", failure);
      }
    },
    async release(loaded: LoadedView): Promise<void> {
      const held = loaded.stamp as Held;
      await endTurn(held.pinned, held.leave, "ROLLBACK", undefined);
    },
    async readListing<R>(operation: StoredOperation, page: (view: CompanyState) => R): Promise<R> {
      try {
        // A store page: one statement brings this process's copy of the listing up to date.
        return await listings.readStore(sql, await configOfCompany(operation.companyId), operation, page);
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
        await inTransaction("BEGIN", (db) => new CompanyRecords(db, schema, companyId).write(changes), "COMMIT");
      } catch (error) {
        classify(error);
      }
    },
    async snapshot(companyId: Guid): Promise<string> {
      try {
        // Several statements: one transaction (rolled back) keeps them on one snapshot.
        return await inTransaction("BEGIN ISOLATION LEVEL REPEATABLE READ", (db) => new CompanyRecords(db, schema, companyId).snapshot(), "ROLLBACK");
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

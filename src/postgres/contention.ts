// Contention between writers (issue 33): this process's writers of one resource take turns,
// a resource whose commit went stale is hot for a while, and a decision that lost a race locks
// what it read before deciding again.
import { isJournaledWrite } from "../api/operation.js";
import { apiOperations } from "../api/operations.js";
import type { Guid } from "../shared/guid.js";
import { pathValue, type StoredOperation } from "../service/storage.js";
import { emptyStamp, type ViewStamp } from "./records.js";
import { quoteSchema } from "./sql.js";

/**
 * How long a resource stays hot after a stale commit in this process: its writers meanwhile lock
 * what the stale view read before loading theirs (the locked path a retry takes), instead of
 * racing the other processes and losing again.
 */
const HOT_MS = 1_000;

/**
 * Turns of this process's writers on named resources: `take` waits until every earlier taker
 * of any of the keys has left, in key order (so two takers never wait on each other in a
 * circle), and answers the function that leaves.
 */
export class Turns {
  readonly #tails = new Map<string, Promise<void>>();

  /**
   * @param keys - the resources, sorted, each once
   * @returns the function that ends the turn (call it once)
   */
  async take(keys: readonly string[]): Promise<() => void> {
    const leaves: (() => void)[] = [];
    for (const key of keys) {
      const before = this.#tails.get(key) ?? Promise.resolve();
      let done!: () => void;
      const mine = new Promise<void>((resolve) => (done = resolve));
      const tail = before.then(() => mine);
      this.#tails.set(key, tail);
      leaves.push(() => {
        done();
        if (this.#tails.get(key) === tail) this.#tails.delete(key);
      });
      await before;
    }
    return () => {
      for (const leave of leaves) leave();
    };
  }
}

/** A store's turn key: `store:<form>:<path value>` ({@link contentionKeys}). */
function storeKey(form: string, value: string): string {
  return `store:${form}:${value}`;
}

/**
 * The path value a store's turn key names ({@link storeKey}; a form has no colon).
 * @param key - a store's turn key
 * @returns its path value
 */
function storePath(key: string): string {
  return key.slice(key.indexOf(":", "store:".length) + 1);
}

/**
 * The resources a write contends on, as this process's turn keys: the path's stores when it
 * reads their stock (STK-6), the technicians whose bookings it checks (ASN-5), the path's order
 * (the aggregate of its interventions). Reads and dry runs take no turn. The GUID and
 * external-ID twins of one store may take different turns: the versions still decide.
 * @param operation - the stored operation
 * @returns its turn keys, sorted
 */
export function contentionKeys(operation: StoredOperation): string[] {
  if (operation.dryRun || !isJournaledWrite(apiOperations[operation.operation])) return [];
  const keys = new Set<string>();
  for (const p of operation.params) {
    if ((p.name === "store" || p.name === "toStore") && operation.loads.stock !== "none") keys.add(storeKey(operation.form, pathValue(operation, p.value)));
    if (p.name === "order") keys.add(`order:${operation.form}:${pathValue(operation, p.value)}`);
  }
  for (const user of operation.loads.allocations?.userIds ?? []) keys.add(`technician:${user}`);
  return [...keys].sort();
}

/**
 * Whether a stale view read rows a locked retry can hold.
 * @param stamp - the stale view's versions
 * @returns whether any row can be locked
 */
export function lockable(stamp: ViewStamp): boolean {
  return stamp.stock.size + stamp.technicians.size + stamp.orders.size + stamp.interventions.size + stamp.customers.size + stamp.stores.size > 0;
}

/**
 * Locks the rows a stale view read (its stores' stock versions, its technicians' versions, its
 * records), each table in one order and its rows by key, at READ COMMITTED: concurrent writers
 * of them wait until the locked retry commits.
 * @param schema - the storage's schema
 * @param companyId - the company
 * @param stamp - what the stale view read
 * @returns the statement and its values
 */
export function lockStatement(schema: string, companyId: Guid, stamp: ViewStamp): { text: string; values: unknown[] } {
  const s = quoteSchema(schema);
  const values: unknown[] = [companyId];
  const parts: string[] = [];
  const lock = (name: string, table: string, column: string, keys: ReadonlyMap<Guid, number>): void => {
    if (keys.size === 0) return;
    values.push([...keys.keys()].sort());
    parts.push(`${name} AS (SELECT 1 FROM ${s}.${table} WHERE company_id = $1 AND ${column} = ANY($${values.length}::uuid[]) ORDER BY ${column} FOR NO KEY UPDATE)`);
  };
  // In the order a commit statement takes its rows (its compare-and-sets run as the final
  // SELECT counts them: records table by table, then technicians, then stores' stock), so a
  // locked retry and a commit wait on each other in one direction only.
  lock("lc", "customers", "id", stamp.customers);
  lock("lo", "orders", "id", stamp.orders);
  lock("li", "interventions", "id", stamp.interventions);
  lock("ls", "stores", "id", stamp.stores);
  lock("lt", "technician_versions", "user_id", stamp.technicians);
  lock("lk", "stock_versions", "store_id", stamp.stock);
  return { text: `WITH ${parts.join(",\n")}\nSELECT ${parts.map((p) => `(SELECT count(*) FROM ${p.slice(0, p.indexOf(" "))})`).join(" + ")} AS locked`, values };
}

/** Most stores one company's hot stock ({@link HotResources.heatedStock}) locks: past it, the stores a stale view read start it over. */
export const HOT_STORES = 64;

/**
 * The company and form of a write whose every turn key is a store's (a stock write under
 * `/store/…`, the writes a group commit puts in one queue), or `undefined`: what the company's
 * hot stock ({@link HotResources.heatedStock}) is kept under.
 * @param operation - the write
 * @param keys - its turn keys ({@link contentionKeys})
 * @returns the queue's name, or `undefined`
 */
export function stockQueue(operation: StoredOperation, keys: readonly string[]): string | undefined {
  return keys.length > 0 && keys.every((k) => k.startsWith("store:")) ? `${operation.companyId}\n${operation.form}` : undefined;
}

/**
 * A company's hot stock: what a locked stock turn holds ({@link HotResources.heatedStock}), or
 * its busy stock, which a stock turn reads whole without a lock ({@link HotResources.busy}).
 */
export interface HotStock {
  /** The records and stock versions of every store a stale stock view of the company read lately, or a grouped commit wrote: what a locked turn locks. */
  readonly stamp: ViewStamp;
  /** Those stores' path values, in the queue's form: a write naming only these may join the turn. */
  readonly stores: readonly string[];
  /** Whether their stock proved too wide to read whole ({@link HotResources.widen}; `hot-view.ts`). */
  readonly wide: boolean;
  /** Whether it is hot (a commit of the company's stock went stale lately): its turns lock it before reading it. Otherwise it is only busy, and read without a lock. */
  readonly locked: boolean;
}

/** A company's hot or busy stock as {@link HotResources} keeps it. */
interface StockEntry {
  /** Until when it is kept (hot or busy). */
  until: number;
  /** Until when it is hot: its turns lock it. */
  hotUntil: number;
  readonly stores: Map<Guid, number>;
  readonly stock: Map<Guid, number>;
  readonly keys: Set<string>;
  wide: boolean;
}

/**
 * Resources whose commit in this process went stale lately, with what that stale view read:
 * their next writer locks it first instead of racing (a hot store under two processes). Bounded:
 * past 10,000 entries it starts over.
 */
export class HotResources {
  readonly #hot = new Map<string, { readonly until: number; readonly stamp: ViewStamp; readonly keys: string }>();
  readonly #stock = new Map<string, StockEntry>();

  /**
   * Marks resources hot for {@link HOT_MS}, with the counters the stale view read; a stock
   * write's stores also join its company's hot stock ({@link heatedStock}).
   * @param keys - the resources (turn keys)
   * @param stamp - the stale view's versions
   * @param queue - the write's {@link stockQueue}, when it has one
   */
  heat(keys: readonly string[], stamp: ViewStamp, queue?: string): void {
    if (this.#hot.size >= 10_000) this.#hot.clear();
    const now = Date.now();
    // The stores' records too: a group with a refusal share-locks the store records it read in
    // its commit, and had they not been locked here, a turn holding stock versions would then
    // wait for a store record, against the commit's table order (stores before stock): with a
    // locked retry of another process holding that record and waiting for the stock version,
    // PostgreSQL found a deadlock (measured: moves from two processes, about one a run).
    const counters: ViewStamp = { ...emptyStamp(), stores: stamp.stores, stock: stamp.stock, technicians: stamp.technicians, orders: stamp.orders };
    const all = keys.join("\n");
    for (const key of keys) this.#hot.set(key, { until: now + HOT_MS, stamp: counters, keys: all });
    // Stryker disable next-line ConditionalExpression: without a queue the entry would be kept under `undefined`, which heatedStock never reads (it answers `undefined` for a write without a queue before looking)
    if (queue === undefined) return;
    this.#stockEntry(keys, stamp, queue, now).hotUntil = now + HOT_MS;
  }

  /**
   * Marks a company's stock busy for {@link HOT_MS}: a commit of several of its stock writes at
   * once (a group) wrote these stores. While it is busy, and not hot, each stock turn of the
   * company whose stores are all in it reads it whole, without a lock, in place of its view
   * (`hot-view.ts`), so the writes queued while that read is under way may join the turn
   * whatever store of it they name, as they join a locked turn. A process whose turns take one
   * write each reads its views as before: a whole read pays only when writes queue.
   * @param keys - the grouped commit's turn keys
   * @param stamp - the versions its view read
   * @param queue - its {@link stockQueue} (`undefined`: it has none, and nothing is kept)
   */
  busy(keys: readonly string[], stamp: ViewStamp, queue: string | undefined): void {
    // Stryker disable next-line ConditionalExpression: without a queue the entry would be kept under `undefined`, which heatedStock never reads (it answers `undefined` for a write without a queue before looking)
    if (queue === undefined) return;
    this.#stockEntry(keys, stamp, queue, Date.now());
  }

  /** The company's stock entry with these stores added, kept {@link HOT_MS} from `now` (started over when it had cooled or would pass {@link HOT_STORES}). */
  #stockEntry(keys: readonly string[], stamp: ViewStamp, queue: string, now: number): StockEntry {
    if (this.#stock.size >= 10_000) this.#stock.clear();
    let entry = this.#stock.get(queue);
    if (entry === undefined || entry.until <= now || entry.stock.size + stamp.stock.size > HOT_STORES) {
      entry = { until: 0, hotUntil: 0, stores: new Map(), stock: new Map(), keys: new Set(), wide: false };
      this.#stock.set(queue, entry);
    }
    entry.until = now + HOT_MS;
    for (const [store, version] of stamp.stores) entry.stores.set(store, version);
    for (const [store, version] of stamp.stock) entry.stock.set(store, version);
    for (const key of keys) entry.keys.add(key);
    return entry;
  }

  /**
   * What a stock turn locks first when its company's stock is hot and every store it names is
   * in it: every store a stale stock view of the company read in the last {@link HOT_MS}, not only
   * its own. One process's stock writes of a company share one queue (GRP-1), so a turn's stores
   * vary from turn to turn; holding them all lets the writes queued while it waits join it
   * whatever store they name among them, and the commit then takes only rows the turn holds, all
   * locked in one statement in key order (so no circle with another process's turn). Measured
   * (`write-race.mjs set 2`): with a turn's own stores only, half the locked turns took none of
   * the 4 writes queued behind them, because the first named another store.
   *
   * A company's stock that is only busy ({@link busy}) is answered too, with `locked` false: its
   * turns read it whole without locking it.
   * @param queue - the write's {@link stockQueue} (`undefined`: it has none, and locks nothing from here)
   * @param keys - its turn keys
   * @returns what to lock (or, not `locked`, to read), or `undefined` when the stock is neither hot nor busy or a store named is not in it
   */
  heatedStock(queue: string | undefined, keys: readonly string[]): HotStock | undefined {
    // Stryker disable next-line ConditionalExpression: no entry is kept under `undefined` (heat returns before), so the lookup below answers `undefined` too
    if (queue === undefined) return undefined;
    const entry = this.#stock.get(queue);
    if (entry === undefined) return undefined;
    const now = Date.now();
    if (entry.until <= now) {
      this.#stock.delete(queue);
      return undefined;
    }
    if (!keys.every((k) => entry.keys.has(k))) return undefined;
    return { stamp: { ...emptyStamp(), stores: new Map(entry.stores), stock: new Map(entry.stock) }, stores: [...entry.keys].map(storePath), wide: entry.wide, locked: entry.hotUntil > now };
  }

  /**
   * Marks a company's hot or busy stock as too wide to read whole (`hot-view.ts`), until it
   * starts over (it cools, or grows past {@link HOT_STORES}): its turns then read their views as
   * before, instead of reading rows they cannot use at every turn.
   * @param queue - the write's {@link stockQueue}
   */
  widen(queue: string | undefined): void {
    // Stryker disable next-line ConditionalExpression: no entry is kept under `undefined`
    if (queue === undefined) return;
    const entry = this.#stock.get(queue);
    if (entry !== undefined) entry.wide = true;
  }

  /**
   * What to lock first for a write on these resources, when one of them is still hot from a
   * write on exactly the same resources (the same store, order and technicians). A stamp left by
   * a write on other resources would lock rows this write does not commit, and leave rows it does
   * to be taken later, in another order: two such writers deadlock (measured: plans over four
   * orders and three technicians from two processes, one deadlock a second, each waiting out
   * PostgreSQL's `deadlock_timeout`). Such a write races instead, and locks its own stale view if
   * it loses.
   * @param keys - the write's turn keys
   * @returns the versions to lock, or `undefined`
   */
  heated(keys: readonly string[]): ViewStamp | undefined {
    const now = Date.now();
    let all: string | undefined;
    for (const key of keys) {
      const entry = this.#hot.get(key);
      if (entry === undefined) continue;
      if (entry.until <= now) this.#hot.delete(key);
      else if (entry.keys === (all ??= keys.join("\n"))) return entry.stamp;
    }
    return undefined;
  }
}

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
    if ((p.name === "store" || p.name === "toStore") && operation.loads.stock !== "none") keys.add(`store:${operation.form}:${pathValue(operation, p.value)}`);
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

/**
 * Resources whose commit in this process went stale lately, with what that stale view read:
 * their next writer locks it first instead of racing (a hot store under two processes). Bounded:
 * past 10,000 entries it starts over.
 */
export class HotResources {
  readonly #hot = new Map<string, { readonly until: number; readonly stamp: ViewStamp; readonly keys: string }>();

  /**
   * Marks resources hot for {@link HOT_MS}, with the counters the stale view read.
   * @param keys - the resources (turn keys)
   * @param stamp - the stale view's versions
   */
  heat(keys: readonly string[], stamp: ViewStamp): void {
    if (this.#hot.size >= 10_000) this.#hot.clear();
    const counters: ViewStamp = { ...emptyStamp(), stock: stamp.stock, technicians: stamp.technicians, orders: stamp.orders };
    const all = keys.join("\n");
    for (const key of keys) this.#hot.set(key, { until: Date.now() + HOT_MS, stamp: counters, keys: all });
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

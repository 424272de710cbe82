// Contention between this process's writers (src/postgres/contention.ts), without a database:
// turns on named resources, the keys a write contends on, hot resources and the lock statement.
import { describe, expect, it, vi } from "vitest";
import { contentionKeys, HOT_STORES, HotResources, lockable, lockStatement, stockQueue, Turns } from "../../src/postgres/contention.js";
import { emptyStamp } from "../../src/postgres/records.js";
import type { Guid } from "../../src/shared/guid.js";
import type { StoredOperation } from "../../src/service/storage.js";

const STORE = "0b5a1b0e-0000-4000-8000-000000000001" as Guid;

describe("contention", () => {
  it("a second taker of a key waits until the first leaves; takers of other keys do not", async () => {
    const turns = new Turns();
    const order: string[] = [];
    const leaveA = await turns.take(["store:a"]);
    const b = turns.take(["store:a"]).then((leave) => {
      order.push("b");
      return leave;
    });
    const leaveC = await turns.take(["store:c"]);
    order.push("c");
    await Promise.resolve();
    expect(order).toEqual(["c"]);
    leaveA();
    (await b)();
    leaveC();
    expect(order).toEqual(["c", "b"]);
  });

  it("a write contends on its path's store (when it reads stock), its order and its technicians; a dry run or a read on nothing", () => {
    const write = {
      operation: "addToStore", form: "id", dryRun: false,
      params: [{ name: "store", value: STORE.toUpperCase() }],
      loads: { stock: "named", allocations: { userIds: ["u2", "u1"] } },
    } as unknown as StoredOperation;
    expect(contentionKeys(write)).toEqual([`store:id:${STORE}`, "technician:u1", "technician:u2"]);
    expect(contentionKeys({ ...write, dryRun: true })).toEqual([]);
  });

  it("a stale view with rows is lockable, and its lock statement names each table it read", () => {
    const stamp = emptyStamp();
    expect(lockable(stamp)).toBe(false);
    stamp.stock.set(STORE, 3);
    expect(lockable(stamp)).toBe(true);
    const lock = lockStatement("s", STORE, stamp);
    expect(lock.text).toContain("stock_versions");
    expect(lock.text).not.toContain("technician_versions");
    expect(lock.values).toEqual([STORE, [STORE]]);
  });

  it("a resource is hot after a stale commit, with the counters its view read, for writes on exactly its resources only (another write's counters would lock rows in another order: deadlocks)", () => {
    const hot = new HotResources();
    const stamp = emptyStamp();
    stamp.stock.set(STORE, 1);
    expect(hot.heated(["store:x"])).toBeUndefined();
    stamp.stores.set(STORE, 7);
    stamp.customers.set(STORE, 3);
    hot.heat(["order:y", "store:x"], stamp);
    expect(hot.heated(["order:y", "store:x"])?.stock.get(STORE)).toBe(1);
    // The store records read are locked with the stock (a group's refusal share-locks them in its commit); customers are not.
    expect(hot.heated(["order:y", "store:x"])?.stores.get(STORE)).toBe(7);
    expect(hot.heated(["order:y", "store:x"])?.customers.size).toBe(0);
    expect(hot.heated(["store:x"])).toBeUndefined();
    expect(hot.heated(["order:z", "store:x"])).toBeUndefined();
    expect(hot.heated(["order:y", "store:x", "technician:t"])).toBeUndefined();
  });
  it("keys: a store is a key only when the write reads its stock; the move's target store and the path's order are keys; the GUID form is lower-cased, the external-ID form kept as sent", () => {
    const base = { operation: "addToStore", form: "id", dryRun: false, loads: { stock: "named" } } as const;
    const keysOf = (o: object): string[] => contentionKeys(o as unknown as StoredOperation);
    expect(keysOf({ ...base, operation: "moveStock", params: [{ name: "store", value: "A" }, { name: "toStore", value: "B" }] })).toEqual(["store:id:a", "store:id:b"]);
    expect(keysOf({ ...base, operation: "moveStock", form: "externalId", params: [{ name: "store", value: "A" }, { name: "toStore", value: "B" }] })).toEqual(["store:externalId:A", "store:externalId:B"]);
    expect(keysOf({ ...base, operation: "replaceStore", loads: { stock: "none" }, params: [{ name: "store", value: "A" }] })).toEqual([]);
    expect(keysOf({ ...base, operation: "planIntervention", loads: { stock: "none" }, params: [{ name: "order", value: "O" }] })).toEqual(["order:id:o"]);
    expect(keysOf({ ...base, operation: "planIntervention", form: "externalId", loads: { stock: "none" }, params: [{ name: "order", value: "O" }, { name: "intervention", value: "I" }] })).toEqual(["order:externalId:O"]);
    expect(keysOf({ ...base, operation: "readOrder", params: [{ name: "order", value: "O" }] })).toEqual([]);
  });

  it("a turn's key is forgotten when its last taker leaves, not while a later one waits", async () => {
    const turns = new Turns();
    const first = await turns.take(["k"]);
    const second = turns.take(["k"]);
    first();
    const leaveSecond = await second;
    // A third taker now waits for the second (its key was not forgotten when the first left).
    let third = false;
    const t = turns.take(["k"]).then((leave) => {
      third = true;
      return leave;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(third).toBe(false);
    leaveSecond();
    (await t)();
    // All left: a new taker gets the key at once.
    const again = await Promise.race([turns.take(["k"]), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 50))]);
    expect(again).toBeTypeOf("function");
  });

  it("lockable counts the rows of every table a stale view read", () => {
    const one = (table: "stock" | "technicians" | "orders" | "interventions" | "customers" | "stores"): boolean => {
      const stamp = emptyStamp();
      stamp[table].set(STORE, 1);
      return lockable(stamp);
    };
    expect(["stock", "technicians", "orders", "interventions", "customers", "stores"].map((t) => one(t as "stock"))).toEqual([true, true, true, true, true, true]);
    const two = emptyStamp();
    two.stock.set(STORE, 1);
    two.technicians.set(STORE, 1);
    two.orders.set(STORE, 1);
    expect(lockable(two)).toBe(true);
  });

  it("the lock statement takes each table's rows in key order, interventions by id, in the commit's table order", () => {
    const stamp = emptyStamp();
    const [a, b] = ["0b5a1b0e-0000-4000-8000-00000000000a", "0b5a1b0e-0000-4000-8000-00000000000b"] as Guid[];
    stamp.interventions.set(b as Guid, 1);
    stamp.interventions.set(a as Guid, 1);
    stamp.orders.set(a as Guid, 2);
    const lock = lockStatement("s", STORE, stamp);
    expect(lock.values).toEqual([STORE, [a], [a, b]]);
    expect(lock.text).toContain(`li AS (SELECT 1 FROM "s".interventions WHERE company_id = $1 AND id = ANY($3::uuid[]) ORDER BY id FOR NO KEY UPDATE)`);
    expect(lock.text.indexOf("lo AS")).toBeLessThan(lock.text.indexOf("li AS"));
  });

  it("GRP-1: a stock write's queue is its company and form when every turn key is a store's; a write with an order or technician key, or none, has none", () => {
    const op = (over: object): StoredOperation => ({ companyId: STORE, form: "id", ...over }) as unknown as StoredOperation;
    expect(stockQueue(op({}), ["store:id:a", "store:id:b"])).toBe(`${STORE}\nid`);
    expect(stockQueue(op({ form: "externalId" }), ["store:externalId:A"])).toBe(`${STORE}\nexternalId`);
    expect(stockQueue(op({}), ["order:id:o", "store:id:a"])).toBeUndefined();
    expect(stockQueue(op({}), ["store:id:a", "technician:t"])).toBeUndefined();
    expect(stockQueue(op({}), [])).toBeUndefined();
  });

  it("GRP-1: a stale stock write heats its company's stock: every store the stale views read, for any write of the queue naming only stores among them; other queues, stores and the exact-key table are apart", () => {
    const hot = new HotResources();
    const one = emptyStamp();
    one.stock.set(STORE, 4);
    const other = "0b5a1b0e-0000-4000-8000-000000000002" as Guid;
    const two = emptyStamp();
    two.stock.set(other, 9);
    two.orders.set(STORE, 1);
    expect(hot.heatedStock("q", ["store:id:a"])).toBeUndefined();
    hot.heat(["store:id:a"], one, "q");
    hot.heat(["store:id:b"], two, "q");
    const both = hot.heatedStock("q", ["store:id:b"]);
    expect([...both!.stamp.stock]).toEqual([[STORE, 4], [other, 9]]);
    // Only the stores' records and stock versions are locked from it: a stale view's other reads are its own retry's.
    expect(both!.stamp.orders.size).toBe(0);
    expect([...both!.stamp.stores]).toEqual([]);
    const withRecord = emptyStamp();
    withRecord.stores.set(other, 2);
    withRecord.stock.set(other, 10);
    hot.heat(["store:id:b"], withRecord, "q");
    expect([...hot.heatedStock("q", ["store:id:b"])!.stamp.stores]).toEqual([[other, 2]]);
    expect(hot.heatedStock("q", ["store:id:b"])!.stamp.stock.get(other)).toBe(10);
    expect(both!.stores).toEqual(["a", "b"]);
    // A store's path value keeps its own colons (an external ID may have them).
    hot.heat(["store:externalId:S:1"], one, "x");
    expect(hot.heatedStock("x", ["store:externalId:S:1"])?.stores).toEqual(["S:1"]);
    expect(hot.heatedStock("q", ["store:id:a", "store:id:b"])).toBeDefined();
    expect(hot.heatedStock("q", ["store:id:a", "store:id:c"])).toBeUndefined();
    expect(hot.heatedStock("other", ["store:id:a"])).toBeUndefined();
    // A heat without a queue leaves the company's stock as it was.
    hot.heat(["store:id:c"], one);
    expect(hot.heatedStock("q", ["store:id:c"])).toBeUndefined();
    expect(hot.heated(["store:id:c"])).toBeDefined();
    // What it hands out is a copy: a later heat does not change it.
    hot.heat(["store:id:a"], two, "q");
    expect(both!.stamp.stock.get(other)).toBe(9);
    expect(both!.stores).toHaveLength(2);
  });

  it("GRP-1: a grouped commit marks its company's stock busy (read whole, not locked) for a second; a stale view makes it hot (locked) for a second from then, and it stays busy after it cools while commits keep it so", () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(5_000_000);
      const hot = new HotResources();
      const stamp = emptyStamp();
      stamp.stores.set(STORE, 2);
      stamp.stock.set(STORE, 4);
      hot.busy(["store:id:a"], stamp, "q");
      hot.busy(["store:id:a"], stamp, undefined);
      expect(hot.heatedStock(undefined, ["store:id:a"])).toBeUndefined();
      const busy = hot.heatedStock("q", ["store:id:a"]);
      expect([busy?.locked, busy?.wide, busy?.stores, [...busy!.stamp.stock], [...busy!.stamp.stores]]).toEqual([false, false, ["a"], [[STORE, 4]], [[STORE, 2]]]);
      // A busy stock is not a hot resource: the exact-key table is apart.
      expect(hot.heated(["store:id:a"])).toBeUndefined();
      // It covers only the stores its commits wrote.
      expect(hot.heatedStock("q", ["store:id:b"])).toBeUndefined();
      vi.setSystemTime(5_000_999);
      expect(hot.heatedStock("q", ["store:id:a"])?.locked).toBe(false);
      vi.setSystemTime(5_001_000);
      expect(hot.heatedStock("q", ["store:id:a"])).toBeUndefined();
      // Busy, then hot: locked, with the stores of both.
      hot.busy(["store:id:a"], stamp, "q");
      vi.setSystemTime(5_001_500);
      const other = emptyStamp();
      other.stock.set("0b5a1b0e-0000-4000-8000-000000000002" as Guid, 1);
      hot.heat(["store:id:b"], other, "q");
      expect([hot.heatedStock("q", ["store:id:a"])?.locked, hot.heatedStock("q", ["store:id:b"])?.stores]).toEqual([true, ["a", "b"]]);
      // A commit while hot keeps it hot no longer than the stale view's second; then busy.
      vi.setSystemTime(5_002_000);
      hot.busy(["store:id:a"], stamp, "q");
      vi.setSystemTime(5_002_499);
      expect(hot.heatedStock("q", ["store:id:a"])?.locked).toBe(true);
      vi.setSystemTime(5_002_500);
      expect(hot.heatedStock("q", ["store:id:a"])?.locked).toBe(false);
      vi.setSystemTime(5_003_000);
      expect(hot.heatedStock("q", ["store:id:a"])).toBeUndefined();
      // Too wide is said of a busy stock too.
      hot.busy(["store:id:a"], stamp, "q");
      hot.widen("q");
      expect(hot.heatedStock("q", ["store:id:a"])).toMatchObject({ locked: false, wide: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it("GRP-1: a company's hot stock marked too wide to read whole (widen) says so until it starts over; other queues and an unknown one are left as they are", () => {
    const hot = new HotResources();
    const one = emptyStamp();
    one.stock.set(STORE, 4);
    hot.heat(["store:id:a"], one, "q");
    hot.heat(["store:id:a"], one, "r");
    expect(hot.heatedStock("q", ["store:id:a"])?.wide).toBe(false);
    hot.widen("q");
    hot.widen("unknown");
    hot.widen(undefined);
    expect(hot.heatedStock("q", ["store:id:a"])?.wide).toBe(true);
    expect(hot.heatedStock("r", ["store:id:a"])?.wide).toBe(false);
    // A later stale view of the same stock keeps it wide; one past HOT_STORES starts it over, narrow.
    hot.heat(["store:id:a"], one, "q");
    expect(hot.heatedStock("q", ["store:id:a"])?.wide).toBe(true);
    for (let n = 1; n <= HOT_STORES; n++) {
      const s = emptyStamp();
      s.stock.set(`0c5a1b0e-0000-4000-8000-${String(n).padStart(12, "0")}` as Guid, 1);
      hot.heat([`store:id:${n}`], s, "q");
      // Still the same stock, wide, until the union would pass HOT_STORES stores.
      expect([n, hot.heatedStock("q", [`store:id:${n}`])?.wide]).toEqual([n, n < HOT_STORES]);
    }
  });

  it("GRP-1: a company's hot stock cools after its second from the last stale view, and starts over past HOT_STORES stores; the table of them past 10,000", () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(2_000_000);
      const hot = new HotResources();
      const stamp = (n: number) => {
        const s = emptyStamp();
        s.stock.set(`0b5a1b0e-0000-4000-8000-${String(n).padStart(12, "0")}` as Guid, 1);
        return s;
      };
      hot.heat(["store:id:0"], stamp(0), "q");
      vi.setSystemTime(2_000_600);
      hot.heat(["store:id:1"], stamp(1), "q");
      vi.setSystemTime(2_001_599);
      expect(hot.heatedStock("q", ["store:id:0"])?.stamp.stock.size).toBe(2);
      vi.setSystemTime(2_001_600);
      expect(hot.heatedStock("q", ["store:id:0"])).toBeUndefined();
      // Cooled: the next stale view starts it over with its own stores only.
      hot.heat(["store:id:1"], stamp(1), "q");
      expect(hot.heatedStock("q", ["store:id:0"])).toBeUndefined();
      for (let n = 2; n <= HOT_STORES; n++) hot.heat([`store:id:${n}`], stamp(n), "q");
      expect(hot.heatedStock("q", ["store:id:1"])?.stamp.stock.size).toBe(HOT_STORES);
      hot.heat([`store:id:${HOT_STORES + 1}`], stamp(HOT_STORES + 1), "q");
      expect(hot.heatedStock("q", ["store:id:1"])).toBeUndefined();
      expect(hot.heatedStock("q", [`store:id:${HOT_STORES + 1}`])?.stamp.stock.size).toBe(1);
      // A stale view at the very end of the second, with no write asking in between, starts it over too.
      vi.setSystemTime(3_000_000);
      hot.heat(["store:id:a"], stamp(1), "r");
      vi.setSystemTime(3_001_000);
      hot.heat(["store:id:b"], stamp(2), "r");
      expect(hot.heatedStock("r", ["store:id:a"])).toBeUndefined();
      expect(hot.heatedStock("r", ["store:id:b"])?.stamp.stock.size).toBe(1);
      // A write without a queue is never hot here.
      expect(hot.heatedStock(undefined, ["store:id:b"])).toBeUndefined();
      // Past 10,000 companies' stocks the table starts over.
      const many = new HotResources();
      many.heat(["store:id:first"], stamp(1), "first");
      for (let i = 0; i < 9_999; i++) many.heat(["store:id:x"], stamp(2), `q${i}`);
      expect(many.heatedStock("first", ["store:id:first"])).toBeDefined();
      many.heat(["store:id:x"], stamp(2), "last");
      expect(many.heatedStock("first", ["store:id:first"])).toBeUndefined();
      expect(many.heatedStock("last", ["store:id:x"])).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a hot resource cools after its second, and the table starts over past 10,000 entries", () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(1_000_000);
      const hot = new HotResources();
      const stamp = emptyStamp();
      hot.heat(["store:x"], stamp);
      vi.setSystemTime(1_000_999);
      expect(hot.heated(["store:x"])).toBeDefined();
      vi.setSystemTime(1_001_000);
      expect(hot.heated(["store:x"])).toBeUndefined();
      hot.heat(["store:first"], stamp);
      for (let i = 0; i < 9_999; i++) hot.heat([`store:${i}`], stamp);
      // 10,000 entries: the next heat starts over, and the first is gone.
      expect(hot.heated(["store:first"])).toBeDefined();
      hot.heat(["store:last"], stamp);
      expect(hot.heated(["store:first"])).toBeUndefined();
      expect(hot.heated(["store:last"])).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

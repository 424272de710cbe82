// Contention between this process's writers (src/postgres/contention.ts), without a database:
// turns on named resources, the keys a write contends on, hot resources and the lock statement.
import { describe, expect, it } from "vitest";
import { contentionKeys, HotResources, lockable, lockStatement, Turns } from "../../src/postgres/contention.js";
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

  it("a resource is hot after a stale commit, with the counters its view read", () => {
    const hot = new HotResources();
    const stamp = emptyStamp();
    stamp.stock.set(STORE, 1);
    expect(hot.heated(["store:x"])).toBeUndefined();
    hot.heat(["store:x"], stamp);
    expect(hot.heated(["order:y", "store:x"])?.stock.get(STORE)).toBe(1);
  });
});

// The listing cache when answers of one process's concurrent reads arrive out of order: the
// cache never goes back to an older snapshot, and a read whose snapshot is older than the
// cache re-reads instead of answering a state no snapshot had. No database: the statement's
// rows are played by hand.
import { describe, expect, it } from "vitest";
import { storeListingCache, type PreparingExecutor } from "../../src/postgres/store-listing-cache.js";
import type { SqlExecutor } from "../../src/postgres/sql.js";
import { loadFixture } from "../../src/service/fixture.js";
import type { CompanyState } from "../../src/service/state.js";
import { NOTHING } from "../../src/service/loads.js";
import type { StoredOperation } from "../../src/service/storage.js";
import { queryStoreListing, type StoreDetail } from "../../src/store-listing/page.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";

const A = ids(0);
const S1 = A.store(1);
const config = loadFixture(testFixture())[0] as CompanyState;
const store = { id: S1, externalId: "S1", name: "Sklad", availableFor: [] };
const read: StoredOperation = { companyId: A.company, operation: "readStore", form: "id", params: [{ name: "store", value: S1 }], body: undefined, query: new Map(), dryRun: false, loads: NOTHING, at: 0, idempotencyKey: null };
/** The handler's part: the first page of 10 by name, searched for `phrase` when given. */
const workFor = (phrase: string | null) => (view: CompanyState): StoreDetail => {
  const listing = view.listings.get(S1);
  if (listing === undefined) throw new Error("no listing in the view");
  return queryStoreListing(listing, store, { page: 1, pageSize: 10, searchPhrase: phrase, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null });
};
const work = workFor(null);
/** A snapshot with no transaction in progress, `n` the first not yet begun: a higher `n` is later. */
const snap = (n: number): string => `${n}:${n}:`;
const tuple = (n: number, name: string): unknown[] => [A.material(n), null, name, null, null, "Amounts", "1", null, A.category(7), A.category(8), null];

/** A database whose statements wait until the test answers them, in any order. */
function playedDb(): { db: PreparingExecutor; calls: { values: readonly unknown[]; answer: (row?: Record<string, unknown>) => void }[] } {
  const calls: { values: readonly unknown[]; answer: (row?: Record<string, unknown>) => void }[] = [];
  const query: SqlExecutor["query"] = (_text, values) => new Promise((resolve) => calls.push({ values: values ?? [], answer: (row) => resolve({ rows: row === undefined ? [] : [row] }) }));
  const db: PreparingExecutor = { query };
  return { db, calls };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const amounts = (d: StoreDetail): (number | null)[] => d.materials.items.map((i) => i.amount);

describe("store listing cache, answers out of order", () => {
  it("STO-6: an older snapshot arriving after a newer one changes nothing and is read again; deltas count from the versions and the snapshot seen", async () => {
    const cache = storeListingCache("t_order");
    const { db, calls } = playedDb();
    // Cold: the whole stock and every material.
    const cold = cache.readStore(db, config, read, work);
    await tick();
    expect(calls[0]?.values.slice(3)).toEqual([S1, -1, null]);
    calls[0]?.answer({ doc: store, since: "-1", stock_version: "4", materials_snapshot: snap(2), stock: [[A.material(1), "5"], [A.material(2), null]], materials: [tuple(1, "Šroub"), tuple(2, "Kabel")] });
    expect(amounts(await cold)).toEqual([null, 5]);

    // Two reads in flight, both asking for what changed after stock 4 and materials 2.
    const older = cache.readStore(db, config, read, work);
    const newer = cache.readStore(db, config, read, work);
    await tick();
    expect(calls[1]?.values.slice(3)).toEqual([S1, 4, snap(2)]);
    expect(calls[2]?.values.slice(3)).toEqual([S1, 4, snap(2)]);
    // The newer snapshot answers first: Šroub at 7, Kabel renamed.
    calls[2]?.answer({ doc: store, since: "4", stock_version: "6", materials_snapshot: snap(3), stock: [[A.material(1), "7"]], materials: [tuple(2, "Žárovka")] });
    expect((await newer).materials.items.map((i) => [i.name, i.amount])).toEqual([["Šroub", 7], ["Žárovka", null]]);
    // Then the older one (Šroub at 6, the old name): the cache keeps the newer state, and the
    // read asks again from the versions now held rather than answer a mix of the two.
    calls[1]?.answer({ doc: store, since: "4", stock_version: "5", materials_snapshot: snap(2), stock: [[A.material(1), "6"]], materials: null });
    await tick();
    expect(calls).toHaveLength(4);
    expect(calls[3]?.values.slice(3)).toEqual([S1, 6, snap(3)]);
    calls[3]?.answer({ doc: store, since: "6", stock_version: "6", materials_snapshot: snap(3), stock: null, materials: null });
    expect((await older).materials.items.map((i) => [i.name, i.amount])).toEqual([["Šroub", 7], ["Žárovka", null]]);
    expect(cache.size()).toEqual({ companies: 1, stores: 1, materials: 2 });
  });

  it("STO-6: concurrent cold reads of one company load it once; a missing store answers without caching anything", async () => {
    const cache = storeListingCache("t_order");
    const { db, calls } = playedDb();
    const first = cache.readStore(db, config, read, work);
    const second = cache.readStore(db, config, read, work);
    await tick();
    // The second waits for the first cold load instead of loading the same rows again.
    expect(calls).toHaveLength(1);
    calls[0]?.answer({ doc: store, since: "-1", stock_version: "1", materials_snapshot: snap(1), stock: [[A.material(1), "1"]], materials: [tuple(1, "Šroub")] });
    expect(amounts(await first)).toEqual([1]);
    await tick();
    expect(calls[1]?.values.slice(3)).toEqual([S1, 1, snap(1)]);
    calls[1]?.answer({ doc: store, since: "1", stock_version: "1", materials_snapshot: snap(1), stock: null, materials: null });
    expect(amounts(await second)).toEqual([1]);

    const missing = storeListingCache("t_order");
    const none = playedDb();
    const gone = missing.readStore(none.db, config, read, (view) => view.stores.byId.size);
    await tick();
    none.calls[0]?.answer();
    expect(await gone).toBe(0);
    expect(missing.size()).toEqual({ companies: 1, stores: 0, materials: 0 });
  });

  it("STO-4, STO-5: a delta of hundreds of edited materials (rebuilt at once rather than moved one by one) shows every edit, in order and in search", async () => {
    const cache = storeListingCache("t_order");
    const { db, calls } = playedDb();
    const n = 700;
    const ids = Array.from({ length: n }, (_, i) => i + 1);
    const cold = cache.readStore(db, config, read, work);
    await tick();
    calls[0]?.answer({
      doc: store, since: "-1", stock_version: "1", materials_snapshot: snap(1),
      stock: ids.map((k) => [A.material(k), String(k)]),
      materials: ids.map((k) => tuple(k, `Kabel ${String(k).padStart(3, "0")}`)),
    });
    expect((await cold).materials.items.map((i) => i.name)).toEqual(["Kabel 001", "Kabel 002", "Kabel 003", "Kabel 004", "Kabel 005", "Kabel 006", "Kabel 007", "Kabel 008", "Kabel 009", "Kabel 010"]);
    // Every material renamed so that the order reverses.
    const warm = cache.readStore(db, config, read, work);
    await tick();
    calls[1]?.answer({ doc: store, since: "1", stock_version: "1", materials_snapshot: snap(2), stock: null, materials: ids.map((k) => tuple(k, `Šroub ${String(n + 1 - k).padStart(3, "0")}`)) });
    const page = await warm;
    expect(page.materials.totalCount).toBe(n);
    expect(page.materials.items.map((i) => [i.name, i.amount])).toEqual(Array.from({ length: 10 }, (_, i) => [`Šroub ${String(i + 1).padStart(3, "0")}`, n - i]));
    const searched = cache.readStore(db, config, read, workFor("kabel"));
    await tick();
    calls[2]?.answer({ doc: store, since: "1", stock_version: "1", materials_snapshot: snap(2), stock: null, materials: null });
    expect((await searched).materials.totalCount).toBe(0);
    const found = cache.readStore(db, config, read, workFor("sroub 69"));
    await tick();
    calls[3]?.answer({ doc: store, since: "1", stock_version: "1", materials_snapshot: snap(2), stock: null, materials: null });
    expect((await found).materials.items.map((i) => i.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Šroub ${690 + i}`));
  });
});

// The group committer (GRP-1) against a scripted asynchronous storage port: which writes share a
// commit, what each decision reads, what the one commit carries, and what happens when a commit
// is stale, refused by a unique constraint, or a decision throws. No database: test/postgres/
// group-commit.test.ts runs the same writes on PostgreSQL against the in-memory model.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideAndCommit } from "../../src/service/decide-and-commit.js";
import { GROUP_LIMIT, groupCommitter, groupKey, groupOperation, joiners, viewAfter, type Decide } from "../../src/service/group-commit.js";
import type { Outcome } from "../../src/service/journal-on-write.js";
import { loadFixture } from "../../src/service/fixture.js";
import { NOTHING, mergeLoads, stockLoads } from "../../src/service/loads.js";
import type { CompanyState } from "../../src/service/state.js";
import { DuplicateExternalIdError, StorageUnavailableError, type CommitVerdict, type DecisionToCommit, type LoadedView, type RequestPort, type StoredOperation, type ViewHold } from "../../src/service/storage.js";
import type { JournalRecord } from "../../src/journal/memory.js";
import { finite, type Amount } from "../../src/stock/amount.js";
import type { Guid } from "../../src/shared/guid.js";
import { ids, testCustomer, testFixture } from "../../src/testing/arbitraries/records/fixture.js";

const company = loadFixture(testFixture())[0] as CompanyState;
const A = ids(0);
const S = A.store(1);
const M = A.material(1);
const stored = (over: Partial<StoredOperation> = {}): StoredOperation => ({
  companyId: A.company, operation: "addToStore", form: "id", params: [{ name: "store", value: S }], body: [], query: new Map(),
  dryRun: false, loads: stockLoads([{ materialId: M }]), at: 0, idempotencyKey: null, ...over,
});

const amountOf = (view: CompanyState, material: Guid = M): number => {
  const a = view.stock.get(S)?.get(material);
  return a === undefined || a.kind !== "finite" ? 0 : a.value.toNumber();
};
const journal = (tag: string): JournalRecord => ({ draft: { tag }, fingerprint: null }) as unknown as JournalRecord;
/** Adds `n` of M to S: answers the amount it leaves, journals `tag`. */
const add = (n: number, tag = `+${n}`): Decide => (view) => {
  const after = amountOf(view) + n;
  return { result: { status: 201, body: { after }, effects: [] }, changes: { stock: new Map([[S, new Map<Guid, Amount>([[M, finite(after)]])]]) }, journal: journal(tag) };
};

interface Script {
  readonly port: RequestPort;
  readonly log: string[];
  readonly commits: DecisionToCommit[];
  readonly loadedWith: (LoadedView | undefined)[];
  readonly loadedOps: StoredOperation[];
  readonly amount: () => number;
}

/** An asynchronous port over one store's stock; its commits answer `verdicts` in turn (then `committed`) and apply what they carry when committed. */
function scripted(verdicts: (CommitVerdict | Error)[] = [], options: { attempts?: number; loadFails?: Error; releaseFails?: Error; holds?: (boolean | Error | readonly string[])[] } = {}): Script {
  const log: string[] = [];
  const commits: DecisionToCommit[] = [];
  const loadedWith: (LoadedView | undefined)[] = [];
  const loadedOps: StoredOperation[] = [];
  let stock = new Map<Guid, ReadonlyMap<Guid, Amount>>([[S, new Map([[M, finite(0)]])]]);
  let views = 0;
  const port = {
    attempts: options.attempts ?? 5,
    groupCommit: true,
    load: async (op: StoredOperation, stale?: LoadedView, hold?: ViewHold): Promise<LoadedView> => {
      await Promise.resolve();
      if (options.holds !== undefined && op.loads.stock === "named" && hold?.held !== "taken") throw new Error("a stock view loaded without the hold taken for it");
      if (op.loads.stock !== "named" && hold !== undefined) throw new Error("a hold handed for a view that reads no stock");
      loadedWith.push(stale);
      loadedOps.push(op);
      if (options.loadFails !== undefined) throw options.loadFails;
      views++;
      log.push(`load ${views}`);
      return { view: { ...company, stock }, stamp: views };
    },
    commit: async (_op: StoredOperation, loaded: LoadedView, decided: DecisionToCommit): Promise<CommitVerdict> => {
      await Promise.resolve();
      commits.push(decided);
      const entries = [decided.journal, ...(decided.grouped ?? [])].map((j) => (j?.draft as unknown as { tag: string } | undefined)?.tag);
      log.push(`commit ${String(loaded.stamp)} [${entries.join(" ")}]`);
      const verdict = verdicts.shift() ?? { kind: "committed" };
      if (verdict instanceof Error) throw verdict;
      if (verdict.kind === "committed") {
        const next = new Map(stock);
        for (const [store, amounts] of decided.changes?.stock ?? []) next.set(store, new Map([...(stock.get(store) ?? []), ...amounts]));
        stock = next;
      }
      return verdict;
    },
    release: async (loaded: LoadedView): Promise<void> => {
      await Promise.resolve();
      log.push(`release ${String(loaded.stamp)}`);
      if (options.releaseFails !== undefined) throw options.releaseFails;
    },
  } as unknown as RequestPort;
  // With `holds`: a port that takes what a view waits for first, answering each hold in turn
  // (locked or not, or failing; a list of stores: not locked, but read whole with those stores,
  // as a busy stock is) after two turns of the microtask queue.
  const holds = options.holds;
  const withHold = holds === undefined ? port : {
    ...port,
    hold: async (op: StoredOperation): Promise<ViewHold> => {
      await Promise.resolve();
      await Promise.resolve();
      const next = holds.shift() ?? false;
      log.push(`hold ${op.params.map((p) => p.value).join(",")}${next === true ? " locked" : Array.isArray(next) ? " read whole" : ""}`);
      if (next instanceof Error) throw next;
      if (Array.isArray(next)) return { locked: false, held: "taken", stores: next };
      return { locked: next === true, held: "taken" };
    },
  };
  return { port: withHold, log, commits, loadedWith, loadedOps, amount: () => amountOf({ ...company, stock }) };
}

/**
 * The committer over a script. The script's port has no `startGroupTurn`, so a queue's first turn
 * starts at once: the writes sent after the first queue behind its turn, as writes read in later
 * phases of the event loop do. "A storage's startGroupTurn" below hands it a port with one.
 */
const committer = (s: Script, port: RequestPort = s.port) => groupCommitter(port, (op, decide, taken) => decideAndCommit(port, op, decide, taken));
const never = (): Outcome => {
  throw new Error("not called");
};
const key = groupKey(stored()) as string;

describe("groupKey", () => {
  it("GRP-1: a stock write without a dry run or an Idempotency-Key has a key; the stock writes of one company in one form share it, whatever their operation and stores; another form or company is another key", () => {
    expect(key).toBeDefined();
    expect(groupKey(stored({ params: [{ name: "store", value: S.toUpperCase() }] }))).toBe(key);
    expect(groupKey(stored({ operation: "setMaterialAmounts" }))).toBe(key);
    expect(groupKey(stored({ params: [{ name: "store", value: A.store(2) }] }))).toBe(key);
    expect(groupKey(stored({ operation: "moveStock", params: [{ name: "store", value: A.store(2) }, { name: "toStore", value: S }] }))).toBe(key);
    const byKey = groupKey(stored({ form: "externalId", params: [{ name: "store", value: "S1" }] }));
    expect(byKey).toBeDefined();
    expect(byKey).not.toBe(key);
    expect(groupKey(stored({ form: "externalId", params: [{ name: "store", value: "s2" }] }))).toBe(byKey);
    expect(groupKey(stored({ companyId: ids(1).company }))).not.toBe(key);
  });

  it("GRP-1: a dry run, a write with an Idempotency-Key and a write that reads no stock and expects no record absent go alone", () => {
    expect(groupKey(stored({ dryRun: true }))).toBeUndefined();
    expect(groupKey(stored({ idempotencyKey: "k" }))).toBeUndefined();
    expect(groupKey(stored({ loads: NOTHING }))).toBeUndefined();
  });

  it("GRP-1: customer adds (loads that expect their records absent, no path record) of one company share a key; with a key, a dry run or a path record they go alone", () => {
    const add = (over: Partial<StoredOperation> = {}): StoredOperation => stored({ operation: "addCustomer", params: [], loads: { ...NOTHING, absentExpected: true }, ...over });
    const k = groupKey(add());
    expect(k).toBeDefined();
    expect(groupKey(add({ body: { externalId: "other" } }))).toBe(k);
    expect(groupKey(add({ companyId: ids(1).company }))).not.toBe(k);
    expect(groupKey(add({ idempotencyKey: "k" }))).toBeUndefined();
    expect(groupKey(add({ dryRun: true }))).toBeUndefined();
    expect(groupKey(add({ params: [{ name: "order", value: "O1" }] }))).toBeUndefined();
    expect(groupKey(add({ loads: NOTHING }))).toBeUndefined();
  });
});

describe("groupOperation", () => {
  it("GRP-1: a group loads as its first write, with every write's path stores once (a GUID in lower case, in first-seen order) and their loads merged", () => {
    const first = stored();
    const move = stored({ operation: "moveStock", params: [{ name: "store", value: A.store(2).toUpperCase() }, { name: "toStore", value: S.toUpperCase() }], loads: stockLoads([{ materialId: A.material(2) }]) });
    const third = stored({ params: [{ name: "store", value: A.store(3) }] });
    const group = groupOperation([first, move, third]);
    expect(group.operation).toBe(first.operation);
    expect(group.params).toEqual([{ name: "store", value: S }, { name: "store", value: A.store(2) }, { name: "store", value: A.store(3) }]);
    expect(group.loads).toEqual(mergeLoads([first.loads, move.loads, third.loads]));
    expect(move.params[0]!.value).toBe(A.store(2).toUpperCase());
  });

  it("GRP-1: external IDs are kept as sent (two cases are two stores), and one write is its own group", () => {
    const a = stored({ form: "externalId", params: [{ name: "store", value: "S1" }] });
    const b = stored({ form: "externalId", params: [{ name: "store", value: "s1" }, { name: "toStore", value: "S1" }] });
    expect(groupOperation([a, b]).params).toEqual([{ name: "store", value: "S1" }, { name: "store", value: "s1" }]);
    expect(groupOperation([b])).toBe(b);
  });
});

describe("joiners", () => {
  const group = groupOperation([stored(), stored({ operation: "moveStock", params: [{ name: "store", value: A.store(2) }, { name: "toStore", value: S }] })]);
  const q = (...operations: StoredOperation[]) => operations.map((op) => ({ stored: op }));
  it("GRP-1: the writes at the head of the queue whose path names only the group's stores join, in queue order, up to the room left", () => {
    const onS = stored({ params: [{ name: "store", value: S.toUpperCase() }] });
    const move = stored({ operation: "moveStock", params: [{ name: "store", value: S }, { name: "toStore", value: A.store(2) }] });
    const elsewhere = stored({ params: [{ name: "store", value: A.store(3) }] });
    const halfway = stored({ operation: "moveStock", params: [{ name: "store", value: S }, { name: "toStore", value: A.store(3) }] });
    expect(joiners(q(onS, move, onS), group, 16)).toBe(3);
    expect(joiners(q(onS, move, onS), group, 2)).toBe(2);
    expect(joiners(q(onS, move, onS), group, 0)).toBe(0);
    // The first that names another store ends the run: the writes behind it keep their place.
    expect(joiners(q(onS, elsewhere, onS), group, 16)).toBe(1);
    expect(joiners(q(elsewhere, onS), group, 16)).toBe(0);
    // A move from a held store to one not held names a store the group does not hold.
    expect(joiners(q(halfway, onS), group, 16)).toBe(0);
    expect(joiners(q(), group, 16)).toBe(0);
  });

  it("GRP-1: a write that reads no stock, or names its stores in the other form, does not join", () => {
    expect(joiners(q(stored({ loads: NOTHING })), group, 16)).toBe(0);
    expect(joiners(q(stored({ form: "externalId", params: [{ name: "store", value: S }] })), group, 16)).toBe(0);
    const byKey = groupOperation([stored({ form: "externalId", params: [{ name: "store", value: "S1" }] })]);
    expect(joiners(q(stored({ form: "externalId", params: [{ name: "store", value: "S1" }] })), byKey, 16)).toBe(1);
    expect(joiners(q(stored({ form: "externalId", params: [{ name: "store", value: "s1" }] })), byKey, 16)).toBe(0);
  });

  it("GRP-1: the further stores a hold locked (`held`, in the group's form) admit the writes that name them, alone or beside the group's own", () => {
    const elsewhere = stored({ params: [{ name: "store", value: A.store(3) }] });
    const halfway = stored({ operation: "moveStock", params: [{ name: "store", value: S }, { name: "toStore", value: A.store(3) }] });
    const farther = stored({ params: [{ name: "store", value: A.store(4) }] });
    expect(joiners(q(elsewhere, halfway, farther), group, 16, [A.store(3)])).toBe(2);
    expect(joiners(q(elsewhere, halfway, farther), group, 16, [A.store(3), A.store(4)])).toBe(3);
    expect(joiners(q(elsewhere, halfway, farther), group, 1, [A.store(3), A.store(4)])).toBe(1);
    expect(joiners(q(elsewhere), group, 16, [])).toBe(0);
    expect(joiners(q(elsewhere), group, 16)).toBe(0);
  });
});

describe("viewAfter", () => {
  it("GRP-1: the next decision's view holds the stock the decision left (new materials appended); the view given is not changed", () => {
    const view: CompanyState = { ...company, stock: new Map([[S, new Map([[M, finite(1)]])]]) };
    const next = viewAfter(view, { stock: new Map([[S, new Map([[A.material(2), finite(5)], [M, finite(2)]])], [A.store(2), new Map([[M, finite(3)]])]]) })!;
    expect([...next.stock.get(S)!].map(([m, a]) => [m, a.kind === "finite" ? a.value.toNumber() : null])).toEqual([[M, 2], [A.material(2), 5]]);
    expect(amountOf({ ...company, stock: next.stock })).toBe(2);
    expect(next.stock.get(A.store(2))?.get(M)).toEqual(finite(3));
    expect(amountOf(view)).toBe(1);
    expect(view.stock.has(A.store(2))).toBe(false);
    expect(next.customers).toBe(view.customers);
  });

  it("GRP-1: the next decision's view holds the customers the decision added, by GUID and by external ID; the view given is not changed", () => {
    const view: CompanyState = { ...company, customers: { byId: new Map(), byKey: new Map() } };
    const added = { ...testCustomer(0, 7, "NEW-7") };
    const next = viewAfter(view, { customers: [added] })!;
    expect(next.customers.byId.get(added.id)).toBe(added);
    expect(next.customers.byKey.get("NEW-7")).toBe(added);
    expect(view.customers.byId.size + view.customers.byKey.size).toBe(0);
    expect(next.stock).toBe(view.stock);
    const both = viewAfter(view, { customers: [added], stock: new Map([[S, new Map([[M, finite(4)]])]]) })!;
    expect([both.customers.byId.has(added.id), amountOf(both)]).toEqual([true, 4]);
  });

  it("GRP-1: a decision that edits a customer of the view, or writes orders, interventions, materials or stores, is not merged", () => {
    const existing = testCustomer(0, 7, "OLD-7");
    const view: CompanyState = { ...company, customers: { byId: new Map([[existing.id, existing]]), byKey: new Map([["OLD-7", existing]]) } };
    expect(viewAfter(view, { customers: [{ ...existing, name: "Renamed" }] })).toBeUndefined();
    expect(viewAfter(view, { customers: [testCustomer(0, 8, "NEW-8"), { ...existing, name: "Renamed" }] })).toBeUndefined();
    for (const kind of ["orders", "interventions", "materials", "stores"]) expect(viewAfter(view, { [kind]: [] })).toBeUndefined();
    expect(viewAfter(view, {})).toBe(view);
  });
});

/** Waits for `n` turns of the event loop's check phase. */
const phases = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

describe("a storage's startGroupTurn (how a queue's first turn starts)", () => {
  it("GRP-1: started once the event loop's phase ends, the writes sent in one phase go in one turn; a write sent once that turn runs waits for the next", async () => {
    const s = scripted();
    const port = { ...s.port, startGroupTurn: (run: () => void) => void setImmediate(run) };
    const submit = committer(s, port);
    const first = await Promise.all([1, 2, 3, 4].map((n) => submit(key, stored(), add(n), never)));
    expect(first.map((a) => a.body)).toEqual([{ after: 1 }, { after: 3 }, { after: 6 }, { after: 10 }]);
    expect(s.log).toEqual(["load 1", "commit 1 [+1 +2 +3 +4]"]);
    // One write, then two more once its turn has started: the two share the next turn.
    const one = submit(key, stored(), add(5), never);
    await phases(1);
    const two = [submit(key, stored(), add(6), never), submit(key, stored(), add(7), never)];
    expect((await Promise.all([one, ...two])).map((a) => a.body)).toEqual([{ after: 15 }, { after: 21 }, { after: 28 }]);
    expect(s.log.slice(2)).toEqual(["load 2", "commit 2 [+5]", "load 3", "commit 3 [+6 +7]"]);
  });

  it("GRP-1: each queue's first turn is started through it, once; a turn that follows another is not", async () => {
    const s = scripted();
    const started: string[] = [];
    const port = { ...s.port, startGroupTurn: (run: () => void) => { started.push(`start ${s.log.length}`); run(); } };
    const submit = committer(s, port);
    await Promise.all([1, 2, 3].map((n) => submit(key, stored(), add(n), never)));
    // Started at once, the first write went alone and the two behind it in the next turn, unstarted.
    expect([started, s.log]).toEqual([["start 0"], ["load 1", "commit 1 [+1]", "load 2", "commit 2 [+2 +3]"]]);
    await submit(key, stored(), add(4), never);
    expect(started).toEqual(["start 0", "start 4"]);
  });
});

describe("groupCommitter", () => {
  it("GRP-1: the first write goes alone; the writes that queued behind it are decided in turn on one view, each on the stock the previous left, and committed once with every journal entry in order", async () => {
    const s = scripted();
    const submit = committer(s);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => submit(key, stored(), add(n), never)));
    expect(answers.map((a) => a.body)).toEqual([{ after: 1 }, { after: 3 }, { after: 6 }, { after: 10 }]);
    expect(s.log).toEqual(["load 1", "commit 1 [+1]", "load 2", "commit 2 [+2 +3 +4]"]);
    expect(s.amount()).toBe(10);
    expect([...s.commits[1]!.changes!.stock!.get(S)!.values()]).toEqual([finite(10)]);
    expect(Object.keys(s.commits[1]!.changes!)).toEqual(["stock"]);
  });

  it("GRP-1: a group's view reads what every write of it reads: the union of their loads, on the first write's path", async () => {
    const s = scripted();
    const submit = committer(s);
    const named = (m: string): StoredOperation => stored({ loads: stockLoads([{ materialId: m }]) });
    await Promise.all([named("M1"), named("M2"), named("M3")].map((op, i) => submit(key, op, add(i), never)));
    expect(s.loadedOps.map((op) => op.loads.materials.externalIds)).toEqual([["M1"], ["M2", "M3"]]);
    expect(s.loadedOps[1]).toMatchObject({ operation: "addToStore", params: [{ name: "store", value: S }], loads: { stock: "named" } });
  });

  it("GRP-1, GEN-4: a group of customer adds commits every new customer in the order decided, each decision seeing the customers added before it (a second add of one external ID is refused by the rules)", async () => {
    const s = scripted();
    const submit = committer(s);
    const addCustomer = (n: number, externalId: string): Decide => (view) =>
      view.customers.byKey.has(externalId)
        ? { result: { status: 400, effects: [] }, journal: journal(`dup ${externalId}`) }
        : { result: { status: 201, body: { n }, effects: [] }, changes: { customers: [testCustomer(0, n, externalId)] }, journal: journal(`c${n}`) };
    const answers = await Promise.all([addCustomer(1, "X"), addCustomer(2, "Y"), addCustomer(3, "Y"), addCustomer(4, "Z")].map((d) => submit(key, stored(), d, never)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 400, 201]);
    expect(s.log).toEqual(["load 1", "commit 1 [c1]", "load 2", "commit 2 [c2 dup Y c4]"]);
    const grouped = s.commits[1]!.changes!;
    expect(Object.keys(grouped)).toEqual(["customers"]);
    expect(grouped.customers!.map((c) => c.externalId)).toEqual(["Y", "Z"]);
    // Stock and customers from one group travel together.
    const t = scripted();
    const both = committer(t);
    const withStock = (n: number): Decide => (view) => {
      const stock = add(n)(view, undefined);
      return { ...stock, changes: { ...stock.changes, customers: [testCustomer(0, 10 + n, `S${n}`)] } };
    };
    await Promise.all([1, 2, 3].map((n) => both(key, stored(), withStock(n), never)));
    expect(Object.keys(t.commits[1]!.changes!).sort()).toEqual(["customers", "stock"]);
    expect(t.commits[1]!.changes!.customers!.map((c) => c.externalId)).toEqual(["S2", "S3"]);
    expect(t.amount()).toBe(6);
  });

  it("GRP-1, JRN-1: a group of refusals commits its journal entries alone; a group whose writes keep no journal commits its stock alone", async () => {
    const refusal = (tag: string): Decide => () => ({ result: { status: 400, effects: [] }, journal: journal(tag) });
    const s = scripted();
    const submit = committer(s);
    const refused = await Promise.all(["r1", "r2", "r3"].map((t) => submit(key, stored(), refusal(t), never)));
    expect(refused.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(s.log).toEqual(["load 1", "commit 1 [r1]", "load 2", "commit 2 [r2 r3]"]);
    expect(s.commits[1]!.changes).toBeUndefined();
    const unjournaled = (n: number): Decide => (view) => ({ ...add(n)(view, undefined), journal: undefined });
    const t = scripted();
    const quiet = committer(t);
    await Promise.all([1, 2, 3].map((n) => quiet(key, stored(), unjournaled(n), never)));
    expect(t.log).toEqual(["load 1", "commit 1 []", "load 2", "commit 2 []"]);
    expect(t.amount()).toBe(6);
  });

  it("GRP-1: property: any adds sent at once answer and end as the same adds one by one, in the order sent", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 40 }), async (adds) => {
        const s = scripted();
        const submit = committer(s);
        const answers = await Promise.all(adds.map((n, i) => submit(key, stored(), add(n, String(i)), never)));
        let sum = 0;
        expect(answers.map((a) => a.body)).toEqual(adds.map((n) => ({ after: (sum += n) })));
        expect(s.amount()).toBe(sum);
        // Every entry committed once, in the order sent; no commit holds more than GROUP_LIMIT.
        const entries = s.commits.flatMap((c) => [c.journal, ...(c.grouped ?? [])].map((j) => (j?.draft as unknown as { tag: string }).tag));
        expect(entries).toEqual(adds.map((_, i) => String(i)));
        expect(Math.max(...s.commits.map((c) => 1 + (c.grouped?.length ?? 0)))).toBeLessThanOrEqual(GROUP_LIMIT);
      }),
      { numRuns: 60 },
    );
  });

  it(`GRP-1: at most ${GROUP_LIMIT} decisions a commit: 1 + 20 queued writes are committed as 1, ${GROUP_LIMIT} and ${20 - GROUP_LIMIT}`, async () => {
    const s = scripted();
    const submit = committer(s);
    await Promise.all(Array.from({ length: 21 }, (_, i) => submit(key, stored(), add(1, String(i)), never)));
    expect(s.commits.map((c) => 1 + (c.grouped?.length ?? 0))).toEqual([1, GROUP_LIMIT, 20 - GROUP_LIMIT]);
    expect(s.amount()).toBe(21);
  });

  it("GRP-1: on a storage that holds before it loads, a turn whose view waited for locked rows takes the writes queued meanwhile on its stores into its view and commit; an unlocked hold takes none", async () => {
    const s = scripted([], { holds: [true, false] });
    const submit = committer(s);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => submit(key, stored(), add(n), never)));
    // The first write's hold locked: the three queued behind it joined its turn.
    expect(s.log).toEqual([`hold ${S} locked`, "load 1", "commit 1 [+1 +2 +3 +4]"]);
    expect(answers.map((a) => a.body)).toEqual([{ after: 1 }, { after: 3 }, { after: 6 }, { after: 10 }]);
    expect(s.amount()).toBe(10);
    const t = scripted([], { holds: [false, false] });
    const again = committer(t);
    await Promise.all([1, 2, 3].map((n) => again(key, stored(), add(n), never)));
    expect(t.log).toEqual([`hold ${S}`, "load 1", "commit 1 [+1]", `hold ${S}`, "load 2", "commit 2 [+2 +3]"]);
  });

  it("GRP-1: a turn whose hold read its company's busy stock whole (not locked, naming its stores) takes the writes queued meanwhile on those stores; one on another store, and those behind it, wait for the next turn", async () => {
    const s = scripted([], { holds: [[S, A.store(2)], false] });
    const submit = committer(s);
    const on = (store: Guid): StoredOperation => stored({ params: [{ name: "store", value: store }] });
    const answers = await Promise.all([on(S), on(A.store(2)), on(S), on(A.store(3)), on(S)].map((op, n) => submit(key, op, add(n + 1, `w${n + 1}`), never)));
    expect(s.log).toEqual([`hold ${S} read whole`, "load 1", "commit 1 [w1 w2 w3]", `hold ${A.store(3)},${S}`, "load 2", "commit 2 [w4 w5]"]);
    // Each decided on the stock the one before it left, the joiners in the first view.
    expect(answers.map((a) => a.body)).toEqual([{ after: 1 }, { after: 3 }, { after: 6 }, { after: 10 }, { after: 15 }]);
  });

  it("GRP-1: a joined turn loads every write's stores and loads; writes on a store it does not hold, and those behind them, wait for the next turn", async () => {
    const s = scripted([], { holds: [true, false] });
    const submit = committer(s);
    const on = (store: Guid, m = M): StoredOperation => stored({ params: [{ name: "store", value: store }], loads: stockLoads([{ materialId: m }]) });
    await Promise.all([on(S), on(S, A.material(2)), on(A.store(2)), on(S)].map((op, n) => submit(key, op, add(n + 1, `w${n + 1}`), never)));
    expect(s.log).toEqual([`hold ${S} locked`, "load 1", "commit 1 [w1 w2]", `hold ${A.store(2)},${S}`, "load 2", "commit 2 [w3 w4]"]);
    expect(s.loadedOps[0]!.loads.materials.ids).toEqual([M, A.material(2)]);
  });

  it("GRP-1: customer adds take no hold, and one add goes alone, even on a storage that holds before it loads", async () => {
    const s = scripted([], { holds: [true, true, true] });
    const submit = committer(s);
    const addCustomer = (n: number): Decide => () => ({ result: { status: 201, body: { n }, effects: [] }, changes: { customers: [testCustomer(0, n, `K${n}`)] }, journal: journal(`c${n}`) });
    const add = (): StoredOperation => stored({ operation: "addCustomer", params: [], loads: { ...NOTHING, absentExpected: true } });
    const answers = await Promise.all([1, 2, 3].map((n) => submit(groupKey(add())!, add(), addCustomer(n), never)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(s.log).toEqual(["load 1", "commit 1 [c1]", "load 2", "commit 2 [c2 c3]"]);
    // Alone, an add refused twice by the unique constraint is GEN-4's refusal of the route of one
    // decision (a group would go alone after its second refusal, and decide it a third time).
    const taken = { kind: "taken", error: new DuplicateExternalIdError("/externalId", "taken") } as const;
    const t = scripted([taken, taken], { holds: [true] });
    const lone = await committer(t)(groupKey(add())!, add(), addCustomer(9), () => ({ result: { status: 400, effects: [] }, journal: journal("dup") }));
    expect(lone.status).toBe(400);
    expect(t.log).toEqual(["load 1", "commit 1 [c9]", "load 2", "commit 2 [c9]", "load 3", "commit 3 [dup]"]);
  });

  it(`GRP-1: a locked turn takes no more than ${GROUP_LIMIT} writes; a hold that fails rejects the turn's writes and the queue goes on`, async () => {
    const s = scripted([], { holds: [true, true] });
    const submit = committer(s);
    await Promise.all(Array.from({ length: 20 }, (_, i) => submit(key, stored(), add(1, String(i)), never)));
    expect(s.commits.map((c) => 1 + (c.grouped?.length ?? 0))).toEqual([GROUP_LIMIT, 20 - GROUP_LIMIT]);
    expect(s.amount()).toBe(20);
    const failing = new StorageUnavailableError("down");
    const t = scripted([], { holds: [failing, false] });
    const again = committer(t);
    const settled = await Promise.allSettled([1, 2, 3].map((n) => again(key, stored(), add(n), never)));
    expect(settled.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(t.log).toEqual([`hold ${S}`, `hold ${S}`, "load 1", "commit 1 [+2 +3]"]);
  });

  it("GRP-1: writes of another key do not join the group: each key has its own queue", async () => {
    const s = scripted();
    const submit = committer(s);
    const other = groupKey(stored({ companyId: ids(1).company })) as string;
    await Promise.all([submit(key, stored(), add(1, "a1"), never), submit(other, stored({ companyId: ids(1).company }), add(1, "b1"), never), submit(key, stored(), add(1, "a2"), never)]);
    expect(s.commits.map((c) => 1 + (c.grouped?.length ?? 0))).toEqual([1, 1, 1]);
  });

  it("GRP-1, GEN-8: a group's commit found stale decides the whole group again on a fresh view (handing the storage the stale one); the answers are those of the view that committed", async () => {
    const s = scripted([{ kind: "committed" }, { kind: "stale" }]);
    const submit = committer(s);
    const answers = await Promise.all([1, 2, 3].map((n) => submit(key, stored(), add(n), never)));
    expect(s.log).toEqual(["load 1", "commit 1 [+1]", "load 2", "commit 2 [+2 +3]", "load 3", "commit 3 [+2 +3]"]);
    expect(s.loadedWith[2]?.stamp).toBe(2);
    expect(answers.map((a) => a.body)).toEqual([{ after: 1 }, { after: 3 }, { after: 6 }]);
    expect(s.amount()).toBe(6);
  });

  it("GRP-1, HTTP-2: a group still stale after `attempts` decisions fails every write of it with StorageUnavailableError (503), and the key's queue goes on", async () => {
    const s = scripted([{ kind: "committed" }, { kind: "stale" }, { kind: "stale" }], { attempts: 2 });
    const submit = committer(s);
    const answers = await Promise.allSettled([1, 2, 3].map((n) => submit(key, stored(), add(n), never)));
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    for (const a of answers.slice(1)) {
      expect((a as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
      expect(String((a as PromiseRejectedResult).reason)).toMatch(/2 decisions of a group of 2 writes found their view stale/);
    }
    expect(s.amount()).toBe(1);
    expect((await submit(key, stored(), add(5), never)).body).toEqual({ after: 6 });
  });

  it("GRP-1: a decision that throws fails its own write only; the others of its group commit", async () => {
    const s = scripted();
    const submit = committer(s);
    const bug = new Error("bug");
    const answers = await Promise.allSettled([submit(key, stored(), add(1), never), submit(key, stored(), add(2), never), submit(key, stored(), () => {
      throw bug;
    }, never), submit(key, stored(), add(4), never)]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((answers[2] as PromiseRejectedResult).reason).toBe(bug);
    expect(s.log).toEqual(["load 1", "commit 1 [+1]", "load 2", "commit 2 [+2 +4]"]);
    expect(s.amount()).toBe(7);
    // Decided once: a stale group decides again only the writes still waiting for an answer.
    const t = scripted([{ kind: "committed" }, { kind: "stale" }]);
    const again = committer(t);
    let thrown = 0;
    const throwing: Decide = () => {
      thrown++;
      throw bug;
    };
    const settled = await Promise.allSettled([again(key, stored(), add(1), never), again(key, stored(), throwing, never), again(key, stored(), add(2), never)]);
    expect(settled.map((a) => a.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(thrown).toBe(1);
    expect(t.log).toEqual(["load 1", "commit 1 [+1]", "load 2", "commit 2 [+2]", "load 3", "commit 3 [+2]"]);
  });

  it("GRP-1: a group whose decision writes more than stock and new customers, or whose commit a unique constraint refused twice, goes alone, write by write, in the order queued", async () => {
    const customer: Decide = () => ({ result: { status: 204, effects: [] }, changes: { orders: [] }, journal: journal("c") });
    const s = scripted();
    const submit = committer(s);
    await Promise.all([submit(key, stored(), add(1), never), submit(key, stored(), add(2), never), submit(key, stored(), customer, never), submit(key, stored(), add(3), never)]);
    expect(s.log).toEqual(["load 1", "commit 1 [+1]", "load 2", "release 2", "load 3", "commit 3 [+2]", "load 4", "commit 4 [c]", "load 5", "commit 5 [+3]"]);
    // Stock and anything else in one decision is more than stock; a write alone is never a group.
    const both: Decide = (view) => ({ ...add(1, "b")(view, undefined), changes: { ...add(1)(view, undefined).changes, materials: [] } });
    const m = scripted();
    const mixed = committer(m);
    await Promise.all([mixed(key, stored(), both, never), mixed(key, stored(), add(1), never), mixed(key, stored(), both, never)]);
    expect(m.log).toEqual(["load 1", "commit 1 [b]", "load 2", "release 2", "load 3", "commit 3 [+1]", "load 4", "commit 4 [b]"]);
    // Refused once, the group is decided again on a view read afresh (handed the refused one, as
    // one write would be); refused twice, its writes go alone.
    const taken = { kind: "taken", error: new DuplicateExternalIdError("/externalId", "taken") } as const;
    const once = scripted([{ kind: "committed" }, taken]);
    const retried = committer(once);
    const first = await Promise.all([1, 2, 3].map((n) => retried(key, stored(), add(n), never)));
    expect(once.log).toEqual(["load 1", "commit 1 [+1]", "load 2", "commit 2 [+2 +3]", "load 3", "commit 3 [+2 +3]"]);
    expect(once.loadedWith[2]?.stamp).toBe(2);
    expect(first.map((a) => a.body)).toEqual([{ after: 1 }, { after: 3 }, { after: 6 }]);
    const t = scripted([{ kind: "committed" }, taken, taken]);
    const again = committer(t);
    const answers = await Promise.all([1, 2, 3].map((n) => again(key, stored(), add(n), never)));
    expect(t.log).toEqual(["load 1", "commit 1 [+1]", "load 2", "commit 2 [+2 +3]", "load 3", "commit 3 [+2 +3]", "load 4", "commit 4 [+2]", "load 5", "commit 5 [+3]"]);
    expect(answers.map((a) => a.body)).toEqual([{ after: 1 }, { after: 3 }, { after: 6 }]);
  });

  it("GRP-1, HTTP-2: a view that cannot be read, or a commit that fails, fails every write of the group with that error", async () => {
    const down = new StorageUnavailableError("down");
    const s = scripted([{ kind: "committed" }, down]);
    const submit = committer(s);
    const answers = await Promise.allSettled([1, 2, 3].map((n) => submit(key, stored(), add(n), never)));
    expect(answers.map((a) => (a.status === "rejected" ? a.reason : a.value.body))).toEqual([{ after: 1 }, down, down]);
    expect(s.amount()).toBe(1);
    const l = scripted([], { loadFails: down });
    const failing = committer(l);
    const loads = await Promise.allSettled([1, 2, 3].map((n) => failing(key, stored(), add(n), never)));
    expect(loads.map((a) => (a.status === "rejected" ? a.reason : "answered"))).toEqual([down, down, down]);
  });

  it("GRP-1: a group that writes nothing and journals nothing releases its view and answers each; a release that fails fails the writes of its turn, and the queue goes on", async () => {
    const read: Decide = () => ({ result: { status: 200, body: {}, effects: [] } });
    const s = scripted();
    const submit = committer(s);
    const answers = await Promise.all([1, 2, 3].map(() => submit(key, stored(), read, never)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(s.log).toEqual(["load 1", "release 1", "load 2", "release 2"]);
    const lost = new StorageUnavailableError("lost");
    const r = scripted([], { releaseFails: lost });
    const failing = committer(r);
    const settled = await Promise.allSettled([1, 2, 3].map(() => failing(key, stored(), read, never)));
    expect(settled.map((a) => (a.status === "rejected" ? a.reason : a.value.status))).toEqual([lost, lost, lost]);
    expect((await Promise.allSettled([failing(key, stored(), add(1), never)]))[0]).toMatchObject({ status: "fulfilled" });
  });
});

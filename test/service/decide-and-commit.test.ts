// The route of one decision over a storage (decideAndCommit): load, decide, commit, and decide
// again on a stale view or a unique refusal, against a scripted storage port whose verdicts the
// test chooses. No database: what PostgreSQL answers is played by hand.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideAndCommit, retryWait } from "../../src/service/decide-and-commit.js";
import type { Outcome } from "../../src/service/journal-on-write.js";
import { loadFixture } from "../../src/service/fixture.js";
import type { CompanyState } from "../../src/service/state.js";
import { DuplicateExternalIdError, StorageUnavailableError, type CommitVerdict, type LoadedView, type RequestPort, type StoredOperation } from "../../src/service/storage.js";
import { NOTHING } from "../../src/service/loads.js";
import { testFixture, ids } from "../../src/testing/arbitraries/records/fixture.js";

const company = loadFixture(testFixture())[0] as CompanyState;
const A = ids(0);
const stored: StoredOperation = { companyId: A.company, operation: "addCustomer", form: "id", params: [], body: {}, query: new Map(), dryRun: false, loads: NOTHING, at: 0, idempotencyKey: null };
const written: Outcome = { result: { status: 201, body: { id: "x" }, effects: [] }, changes: { customers: [] } };

/** A synchronous storage port whose commits answer `verdicts` in turn; it logs each call. */
function scripted(verdicts: CommitVerdict[], attempts = 5): { port: RequestPort; log: string[]; loadedWith: (LoadedView | undefined)[] } {
  const log: string[] = [];
  const loadedWith: (LoadedView | undefined)[] = [];
  let views = 0;
  const port = {
    attempts,
    load: (_op: StoredOperation, stale?: LoadedView): LoadedView => {
      loadedWith.push(stale);
      views++;
      log.push(`load ${views}`);
      return { view: company, stamp: views };
    },
    commit: (_op: StoredOperation, loaded: LoadedView): CommitVerdict => {
      log.push(`commit ${String(loaded.stamp)}`);
      return verdicts.shift() ?? { kind: "committed" };
    },
    release: (loaded: LoadedView): void => {
      log.push(`release ${String(loaded.stamp)}`);
    },
  } as unknown as RequestPort;
  return { port, log, loadedWith };
}

const taken = (): DuplicateExternalIdError => new DuplicateExternalIdError("/externalId", "GEN-4: taken");

describe("decideAndCommit", () => {
  it("GEN-8: a committed decision answers its result after one view and one commit; a decision without changes or journal is released, not committed", async () => {
    const w = scripted([]);
    expect(await decideAndCommit(w.port, stored, () => written, () => written)).toBe(written.result);
    expect(w.log).toEqual(["load 1", "commit 1"]);
    const read: Outcome = { result: { status: 200, body: {}, effects: [] } };
    const r = scripted([]);
    expect(await decideAndCommit(r.port, stored, () => read, () => read)).toBe(read.result);
    expect(r.log).toEqual(["load 1", "release 1"]);
  });

  it("GEN-8, JRN-1: a decision with changes but no journal entry, or a journal entry but no changes (a refusal), is committed", async () => {
    for (const outcome of [{ ...written, journal: undefined }, { result: { status: 400, effects: [] }, journal: { draft: {}, fingerprint: null } } as unknown as Outcome]) {
      const w = scripted([]);
      await decideAndCommit(w.port, stored, () => outcome, () => outcome);
      expect(w.log).toEqual(["load 1", "commit 1"]);
    }
  });

  it("GEN-8: a stale view is decided again on a fresh one, which the port is told the stale view of; never refused by GEN-4 for it", async () => {
    const w = scripted([{ kind: "stale" }, { kind: "stale" }]);
    let decisions = 0;
    const result = await decideAndCommit(w.port, stored, () => (decisions++, written), () => {
      throw new Error("GEN-4's refusal for a stale view");
    });
    expect(result).toBe(written.result);
    expect(decisions).toBe(3);
    expect(w.log).toEqual(["load 1", "commit 1", "load 2", "commit 2", "load 3", "commit 3"]);
    expect(w.loadedWith.map((v) => v?.stamp)).toEqual([undefined, 1, 2]);
  });

  it("HTTP-2: a view stale at every one of `attempts` decisions is Unavailable (503), after exactly that many (property over the bound)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), async (attempts) => {
        const w = scripted(Array.from({ length: 10 }, () => ({ kind: "stale" as const })), attempts);
        let decisions = 0;
        await expect(Promise.resolve().then(() => decideAndCommit(w.port, stored, () => (decisions++, written), () => written))).rejects.toThrow(new StorageUnavailableError(`${attempts} decisions of one request found their view stale: concurrent writes kept changing what it reads`));
        expect(decisions).toBe(attempts);
      }),
      { numRuns: 6 },
    );
  });

  it("GEN-4: a key the constraint refused once is decided again by the rules; refused twice, the next decision is GEN-4's refusal with the constraint's error", async () => {
    const once = scripted([{ kind: "taken", error: taken() }]);
    const refusals: DuplicateExternalIdError[] = [];
    const refusal: Outcome = { result: { status: 400, effects: [] }, journal: { draft: {}, fingerprint: null } } as unknown as Outcome;
    expect(await decideAndCommit(once.port, stored, () => written, (_v, _r, e) => (refusals.push(e), refusal))).toBe(written.result);
    expect(refusals).toEqual([]);
    const second = taken();
    const twice = scripted([{ kind: "taken", error: taken() }, { kind: "taken", error: second }]);
    expect(await decideAndCommit(twice.port, stored, () => written, (_v, _r, e) => (refusals.push(e), refusal))).toBe(refusal.result);
    expect(refusals).toEqual([second]);
    expect(twice.log).toEqual(["load 1", "commit 1", "load 2", "commit 2", "load 3", "commit 3"]);
    // A stale commit between the two refusals neither counts as one nor forgets the first.
    const third = taken();
    const between = scripted([{ kind: "taken", error: taken() }, { kind: "stale" }, { kind: "taken", error: third }]);
    expect(await decideAndCommit(between.port, stored, () => written, (_v, _r, e) => (refusals.push(e), refusal))).toBe(refusal.result);
    expect(refusals).toEqual([second, third]);
  });

  it("HTTP-2: a decision that throws (a bug) releases its view and rejects with the error, committing nothing", async () => {
    const w = scripted([]);
    const bug = new Error("a bug");
    await expect(
      Promise.resolve().then(() =>
        decideAndCommit(w.port, stored, () => {
          throw bug;
        }, () => written),
      ),
    ).rejects.toBe(bug);
    expect(w.log).toEqual(["load 1", "release 1"]);
  });

  it("GEN-8: the wait before deciding again is below a cap that doubles from 2 ms up to 200 ms", () => {
    expect([1, 2, 3, 7, 8, 20].map((n) => retryWait(n, 1))).toEqual([2, 4, 8, 128, 200, 200]);
    expect(retryWait(3, 0.5)).toBe(4);
    expect(retryWait(5, 0)).toBe(0);
    fc.assert(fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, r) => {
      const wait = retryWait(n, r);
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThan(Math.min(200, 2 ** n));
    }));
  });
});

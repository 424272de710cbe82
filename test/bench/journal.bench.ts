// Issue 24's targets for the journal, in memory: replay re-decides >= 20,000 journaled writes a
// second; an idempotent repeat of a write answers as fast as a read of one record. (The cost of
// journaling itself is measured by test/bench/journal-cost.mjs, one child process per
// configuration: benched in one file, whichever ran first was favoured by the heap it met.)
import { bench, describe } from "vitest";
import type { JournalEntryShape, JournalPage } from "../../src/journal/entry.js";
import { replayJournal } from "../../src/service/replay.js";
import { loadCompany, loadFixture, type LoadSizes } from "./service-load.js";

// 2,000 customers, 6,000 orders and 12,000 planned interventions, all added through `handle`:
// a journal of 20,000 decided writes (collision checks on).
const sizes: LoadSizes = { materials: 500, technicians: 20, customers: 2_000, orders: 6_000, interventionsPerOrder: 2, disableCollisions: true };
const load = loadCompany(sizes, 100_000);
const journal: JournalEntryShape[] = [];
for (let after = 0; ; ) {
  const page = load.call("GET", `/journal?limit=500&after=${after}`).body as JournalPage;
  for (const e of page.items) journal.push(e);
  if (page.next === null) break;
  after = page.next;
}
const fixture = loadFixture(sizes);
if (journal.length !== 20_000) throw new Error(`expected a journal of 20,000 writes, got ${journal.length}`);

describe(`replay of ${journal.length.toLocaleString("en")} journaled writes`, () => {
  // The baseline: the same 20,000 decisions taken the first time through `handle`, journal kept.
  bench("the original decisions: loading the same 20,000 writes through handle", () => {
    loadCompany(sizes, 100_000);
  }, { iterations: 5, time: 0, warmupIterations: 1 });
  bench("replayJournal in memory (writes/s = 20,000 × hz)", async () => {
    const report = await replayJournal(journal, { fixture });
    if (report.differing !== 0) throw new Error(`replay differs: ${JSON.stringify(report.groups[0])}`);
  }, { iterations: 5, time: 0, warmupIterations: 1 });
});

let i = 0;
const store = "/store/externalId/main/addToStore";
load.call("POST", store, [{ materialId: "MAT-1", amount: 1 }]);
const keyed = { ...load.headers, "idempotency-key": "bench-repeat" };
load.service.handle({ method: "POST", path: store, headers: keyed, body: [{ materialId: "MAT-1", amount: 1 }] });

describe("an idempotent repeat against a read of one record", () => {
  bench("GET /order/{id} (a read of one record)", () => {
    load.call("GET", `/order/${load.orderIds[i++ % load.orderIds.length]}`);
  });
  bench("repeat of a keyed addToStore (answered from the recorded answer)", () => {
    const r = load.service.handle({ method: "POST", path: store, headers: keyed, body: [{ materialId: "MAT-1", amount: 1 }] });
    if ((r as { headers?: unknown }).headers === undefined) throw new Error("not a repeat");
  });
});


// Replay as an oracle (issue 37 item 3): the journal the model-based suite recorded
// (test/fixtures/model-journal.ndjson, 350 writes over every write operation, written by
// scripts/record-model-journal.mjs) is re-decided with the rules of this build. Unchanged, it
// differs in nothing. Under mutation (docs/quality.md, "Replay as an oracle") the first test is
// the replay's verdict; the second is the ground truth it is measured against: the re-decided
// journal compared with the recorded one in every field an entry has (not only those replay
// reads), so a mutant that changes no field of any entry is equivalent for this journal.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JournalEntryShape, JournalPage } from "../../src/journal/entry.js";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService } from "../../src/service/entry-point.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { replayJournal } from "../../src/service/replay.js";

const journal: JournalEntryShape[] = readFileSync(join(import.meta.dirname, "..", "fixtures", "model-journal.ndjson"), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as JournalEntryShape);

describe("the model suite's recorded journal, replayed", () => {
  it("RPL-1, RPL-2: replayed with the rules that wrote it, none of its 350 decisions differs in answer or written records", async () => {
    expect(journal).toHaveLength(350);
    const report = await replayJournal(journal, { fixture: demoFixture });
    expect(report).toEqual({ replayed: 350, differing: 0, causes: 0, groups: [] });
  });

  it("RPL-1, RPL-3: the ground truth: the re-decided journal equals the recorded one in every field of every entry", async () => {
    let replayed: FieldService | undefined;
    await replayJournal(journal, {
      fixture: demoFixture,
      service: (c) => {
        replayed = createFieldService({ fixture: demoFixture, now: c.now, newId: c.newId, journal: { retention: 100_000 } });
        // Kept open past the replay, to read its journal.
        return { ...replayed, close: async () => {} };
      },
    });
    const service = replayed!;
    try {
      const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
      const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
      const again: JournalEntryShape[] = [];
      for (let after = 0; ; ) {
        const page = (await service.handle({ method: "GET", path: `/journal?limit=500&after=${after}`, headers })).body as JournalPage;
        again.push(...page.items);
        if (page.next === null) break;
        after = page.next;
      }
      expect(again.length).toBe(journal.length);
      for (let i = 0; i < journal.length; i++) expect(again[i], `seq ${journal[i]!.seq}`).toEqual(journal[i]);
    } finally {
      await service.close();
    }
  });
});

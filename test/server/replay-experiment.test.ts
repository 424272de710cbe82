// The experiment of issue 37, as a user runs it: five writes recorded (three stock moves, one of
// them moving 10 of MAT-012 from auto-1, which holds 4, to auto-2; an add to a store; a
// customer), exported, replayed on the unchanged build (0 differences, exit 0), then replayed
// with STK-5 changed so the target is credited only what the source held: the move is reported
// under STK-5 with the changed amount, and the command exits 1. On both storages.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { JournalEntryShape, JournalPage } from "../../src/journal/entry.js";
import { runJournalCommand } from "../../src/server/journal-command.js";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService } from "../../src/service/entry-point.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Amount } from "../../src/stock/amount.js";
import { replayJournal } from "../../src/service/replay.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "../postgres/support.js";

const dir = mkdtempSync(join(tmpdir(), "fsr-replay-experiment-"));
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

const company = demoFixture.companies[0]!;
const store = (externalId: string): string => company.stores.find((s) => s.externalId === externalId)!.id;
const material = (externalId: string): string => company.materials.find((m) => m.externalId === externalId)!.id;

/** The five writes of the experiment, at one minute apart; the journal as `GET /journal` (and `journal export`) gives it. */
async function record(service: FieldService, tick: () => void): Promise<JournalEntryShape[]> {
  const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
  const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
  const send = async (method: string, path: string, body: unknown, status: number): Promise<void> => {
    tick();
    const answer = await service.handle({ method, path, headers, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  };
  await send("PUT", `/store/${store("centralni-sklad")}/moveTo/${store("auto-2")}`, [{ materialId: "MAT-001", amount: 2 }], 204);
  await send("PUT", `/store/${store("auto-1")}/moveTo/${store("auto-2")}`, [{ materialId: "MAT-012", amount: 10 }], 204);
  await send("PUT", `/store/${store("auto-1")}/moveTo/${store("centralni-sklad")}`, [{ materialId: "MAT-005", amount: 2.5 }], 204);
  await send("POST", "/store/externalId/auto-2/addToStore", [{ materialId: "MAT-003", amount: 1 }], 201);
  await send("POST", "/customer", { name: "Pekárna U Mlýna", kind: "Company", identificationNumber: "27074358", addresses: [{ externalId: "A1", street: "Hlavní 1" }], contactPeople: [{ externalId: "P1", lastName: "Nováková" }] }, 201);
  const page = (await service.handle({ method: "GET", path: "/journal?limit=500", headers })).body as JournalPage;
  return [...page.items];
}

/** STK-5 changed in a copy: the target is credited only what the source held (a developer's edit of moveStock). */
async function changedStk5(): Promise<void> {
  vi.resetModules();
  vi.doMock("../../src/stock/move.js", async (importOriginal) => {
    const original = await importOriginal<typeof import("../../src/stock/move.js")>();
    const { finite, ZERO } = await import("../../src/stock/amount.js");
    const moveStock: typeof original.moveStock = (source, target, items, materials, sameStore) => {
      const moved = original.moveStock(source, target, items, materials, sameStore);
      if (!moved.ok) return moved;
      const credited = new Map<Guid, Amount>(moved.value.target);
      for (const [id, after] of moved.value.target) {
        const held = source.get(id);
        const before = target.get(id) ?? ZERO;
        if (held?.kind === "finite" && after.kind === "finite" && before.kind === "finite" && after.value.minus(before.value).gt(held.value)) {
          credited.set(id, finite(before.value.plus(held.value)));
        }
      }
      return { ok: true, value: { source: moved.value.source, target: credited } };
    };
    return { ...original, moveStock };
  });
}

function undoChange(): void {
  vi.doUnmock("../../src/stock/move.js");
  vi.resetModules();
}

const storages = databaseUrl === undefined ? (["memory"] as const) : (["memory", "postgres"] as const);

describe("the experiment of issue 37: a changed STK-5 seen by replay", () => {
  for (const storage of storages) {
    it(`RPL-2, RPL-3: recorded on ${storage}, the unchanged build replays 0 differences (exit 0); with STK-5 changed, the move of 10 from a van holding 4 is reported under STK-5 (recorded 10, replayed 4), exit 1`, async () => {
      let t = Date.parse("2026-11-27T08:00:00Z");
      const schema = schemaName("experiment");
      if (storage === "postgres") schemas.push(schema);
      const service = createFieldService({ fixture: demoFixture, now: () => new Date(t), ...(storage === "postgres" ? { storage: testStorage(schema, 2) } : {}) });
      let journal: JournalEntryShape[];
      try {
        journal = await record(service, () => (t += 60_000));
      } finally {
        await service.close();
      }
      expect(journal.map((e) => e.operation)).toEqual(["moveStock", "moveStock", "moveStock", "addToStore", "addCustomer"]);
      // RPL-3: the committed move records the rules its decision applied, so ?rule=STK-5 finds it.
      expect(journal[1]!.rules).toEqual(expect.arrayContaining(["STK-5", "STK-6", "GEN-3", "GEN-7"]));
      expect(journal[1]!.changes).toContainEqual({ kind: "stock", storeId: store("auto-2"), materialId: material("MAT-012"), after: 10 });
      const file = join(dir, `${storage}.ndjson`);
      writeFileSync(file, journal.map((e) => `${JSON.stringify(e)}\n`).join(""));

      const out: string[] = [];
      const err: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
      expect(await runJournalCommand(["replay", "--journal", file], {}, io), err.join("\n")).toBe(0);
      expect(out).toEqual(["Replayed 5 decisions: 0 differ."]);
      if (storage === "postgres") {
        const target = schemaName("experiment-same");
        schemas.push(target);
        const same = await replayJournal(journal, { fixture: demoFixture, service: (c) => createFieldService({ fixture: demoFixture, now: c.now, newId: c.newId, storage: testStorage(target, 2) }) });
        expect(same).toEqual({ replayed: 5, differing: 0, causes: 0, groups: [] });
      }

      await changedStk5();
      try {
        const command = await import("../../src/server/journal-command.js");
        const changed: string[] = [];
        const code = await command.runJournalCommand(["replay", "--journal", file], {}, { out: (l) => changed.push(l), err: (l) => err.push(l) });
        expect(code, err.join("\n")).toBe(1);
        const line = `seq ${journal[1]!.seq} PUT /store/${store("auto-1")}/moveTo/${store("auto-2")}: answered 204 alike; stock auto-2 / MAT-012: recorded 10, replayed 4`;
        expect(changed[0]).toBe("Replayed 5 decisions: 1 differs (1 cause).");
        const at = changed.indexOf("STK-5: 1 decision (1 cause)");
        expect(at).toBeGreaterThan(0);
        expect(changed[at + 1]).toBe(`  ${line}`);
        if (storage === "postgres") {
          const patched = await import("../../src/service/create.js");
          const target = schemaName("experiment-changed");
          schemas.push(target);
          const report = await (await import("../../src/service/replay.js")).replayJournal(journal, {
            fixture: demoFixture,
            service: (c) => patched.createFieldService({ fixture: demoFixture, now: c.now, newId: c.newId, storage: testStorage(target, 2) }),
          });
          expect([report.differing, report.causes]).toEqual([1, 1]);
          const stk5 = report.groups.find((g) => g.rule === "STK-5");
          expect(stk5?.examples.map((e) => [e.seq, e.state.map((s) => [s.name, s.recorded?.after, s.replayed?.after])])).toEqual([[journal[1]!.seq, [["stock auto-2 / MAT-012", 10, 4]]]]);
        }
      } finally {
        undoChange();
      }
    }, 60_000);
  }
});

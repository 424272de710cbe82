// Replaying the journal (RPL-1): against the rules that wrote it, a replay of the model suite's
// random runs reports no difference, on both storages; against a changed rule, it names the rule
// and exactly the decisions it turns around.
import { afterAll, describe, expect, it, vi } from "vitest";
import type { JournalEntryShape, JournalPage } from "../../src/journal/entry.js";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService } from "../../src/service/entry-point.js";
import type { Fixture } from "../../src/service/fixture.js";
import { runModelSuite } from "../../src/testing/model/run.js";
import { replayJournal } from "../../src/service/replay.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "../postgres/support.js";

const A = ids(0);
const alpha = { tenantCode: "alpha", clientId: "client", secret: "secret-a" };
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

function fixture(): Fixture {
  const f = testFixture();
  f.companies[0]!.settings = { ...f.companies[0]!.settings, disableCollisions: true };
  return f;
}

/** The whole journal of company A, page by page. */
async function journalOf(service: Pick<FieldService, "handle">): Promise<JournalEntryShape[]> {
  const login = await service.handle({ method: "POST", path: "/auth/login", body: alpha });
  const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
  const out: JournalEntryShape[] = [];
  let after = 0;
  for (;;) {
    const page = (await service.handle({ method: "GET", path: `/journal?limit=500&after=${after}`, headers })).body as JournalPage;
    out.push(...page.items);
    if (page.next === null) return out;
    after = page.next;
  }
}

// Under test/service/, this file runs in both vitest projects when DATABASE_URL is set: each
// project replays on its own storage (the postgres project sets FSR_STORAGE), so neither
// repeats the other's runs.
const storages = process.env["FSR_STORAGE"] === "postgres" && databaseUrl !== undefined ? (["postgres"] as const) : (["memory"] as const);

describe("replaying the journal", () => {
  for (const storage of storages) {
    it(`RPL-1: the model suite's random runs (${storage}), replayed against the rules that wrote them, differ in nothing`, async () => {
      const f = fixture();
      const schema = schemaName("replay");
      if (storage === "postgres") schemas.push(schema);
      const service = storage === "memory" ? createFieldService({ fixture: f }) : createFieldService({ fixture: f, storage: testStorage(schema, 2) });
      try {
        await runModelSuite(service, { fixture: f, credentials: alpha, numRuns: 6, maxCommands: 40, seed: 2411, firstDay: "2034-01-02" });
        const journal = await journalOf(service);
        expect(journal.length).toBeGreaterThan(30);
        // Refusals, dry runs and successes of every kind the suite sends are in it.
        expect(new Set(journal.map((e) => e.outcome))).toEqual(new Set(["committed", "refused", "dryRun"]));
        const report = await replayJournal(journal, { fixture: f });
        expect(report).toEqual({ replayed: journal.length, differing: 0, causes: 0, groups: [] });
        if (storage === "postgres") {
          const target = schemaName("replay-target");
          schemas.push(target);
          const again = await replayJournal(journal, { fixture: f, service: (c) => createFieldService({ fixture: f, now: c.now, newId: c.newId, storage: testStorage(target, 2) }) });
          expect(again).toEqual({ replayed: journal.length, differing: 0, causes: 0, groups: [] });
        }
      } finally {
        await service.close();
      }
    }, 60_000);
  }

  it("RPL-1, CUS-1: a refusal the field's rule names is journaled under CUS-1; a journal written when it answered ERR-2 replays as the move from ERR-2 to CUS-1 (issue 38)", async () => {
    const f = fixture();
    const service = createFieldService({ fixture: f, now: () => new Date("2026-05-01T08:00:00Z") });
    const login = service.handle({ method: "POST", path: "/auth/login", body: alpha });
    const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
    const refused = service.handle({ method: "POST", path: "/customer", headers, body: { name: " ", identificationNumber: "1", addresses: [{ city: "Brno" }], contactPeople: [{ lastName: "Nováková" }] } });
    expect(refused.status).toBe(400);
    const journal = await journalOf(service);
    expect(journal.map((e) => [e.operation, e.outcome, e.rules])).toEqual([["addCustomer", "refused", ["CUS-1"]]]);
    expect((await replayJournal(journal, { fixture: f })).groups).toEqual([]);
    // The same entry as the release before issue 38 wrote it: the issue cited ERR-2.
    const before = journal.map((e) => {
      const answer = e.answer as { errors: { rule: string }[] };
      return { ...e, rules: ["ERR-2"], answer: { ...answer, errors: answer.errors.map((i) => ({ ...i, rule: "ERR-2" })) } } as JournalEntryShape;
    });
    const report = await replayJournal(before, { fixture: f });
    expect(report.groups.map((g) => [g.rule, g.count])).toEqual([["CUS-1", 1], ["ERR-2", 1]]);
  });

  it("RPL-1: with collisions allowed by a changed ASN-5, the report names ASN-5 and exactly the plans it refused", async () => {
    const f = fixture();
    let clock = Date.parse("2026-05-01T08:00:00Z");
    const service = createFieldService({ fixture: f, now: () => new Date(clock) });
    const login = service.handle({ method: "POST", path: "/auth/login", body: alpha });
    const headers = { authorization: `Bearer ${(login.body as { accessToken: string }).accessToken}` };
    const customer = service.handle({ method: "POST", path: "/customer", headers, body: { name: "Pekárna", kind: "Company", identificationNumber: "27074358", addresses: [{ externalId: "A1", street: "Hlavní 1" }], contactPeople: [{ externalId: "P1", lastName: "Nováková" }] } });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const order = service.handle({ method: "POST", path: "/order", headers, body: { customerId: (customer.body as { id: string }).id, addressId: "A1", contactPersonId: "P1", categoryId: "oprava" } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId = (order.body as { id: string }).id;
    const plan = (from: string, to: string) => {
      clock += 60_000;
      return service.handle({
        method: "POST", path: `/order/${orderId}/PlanIntervention`, headers,
        body: { primaryAssigneeId: A.tech1, day: "2026-05-04", categoryId: "revize", assignations: [{ userId: A.tech1, plannedStart: `2026-05-04T${from}:00Z`, plannedEnd: `2026-05-04T${to}:00Z` }] },
      });
    };
    expect(plan("08:00", "09:00").status).toBe(200);
    expect(plan("08:30", "09:30").status).toBe(400);
    expect(plan("10:00", "11:00").status).toBe(200);
    expect(plan("10:30", "10:45").status).toBe(400);
    expect(service.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers, body: [{ materialId: "M1", amount: 1 }] }).status).toBe(201);
    const journal = await journalOf(service);
    const refusedByCollision = journal.filter((e) => e.outcome === "refused" && e.rules.includes("ASN-5")).map((e) => e.seq);
    expect(refusedByCollision).toHaveLength(2);

    // The changed rule: ASN-5 allows every collision (a patched owner, as a developer's edit would).
    vi.resetModules();
    vi.doMock("../../src/assignation/validate.js", async (importOriginal) => ({
      ...(await importOriginal<typeof import("../../src/assignation/validate.js")>()),
      collisionIssues: () => [],
    }));
    try {
      const patched = await import("../../src/service/create.js");
      const report = await replayJournal(journal, { fixture: f, service: (c) => patched.createFieldService({ fixture: f, now: c.now, newId: c.newId }) });
      expect(report.replayed).toBe(journal.length);
      expect(report.groups.map((g) => [g.rule, g.count, g.examples.map((e) => e.seq)])).toEqual([["ASN-5", 2, refusedByCollision]]);
      const example = report.groups[0]!.examples[0]!;
      expect([example.recorded.status, example.replayed.status, example.request.path]).toEqual([400, 200, `/order/${orderId}/PlanIntervention`]);
    } finally {
      vi.doUnmock("../../src/assignation/validate.js");
      vi.resetModules();
    }
  });
});

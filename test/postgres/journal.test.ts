// The journal and idempotency keys on PostgreSQL across processes: two service instances (two
// pools, as two processes) on one schema, and a restart.
import { afterAll, describe, expect, it } from "vitest";
import { journalDraft } from "../../src/journal/entry.js";
import { journalRow } from "../../src/postgres/journal.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite, UNLIMITED } from "../../src/stock/amount.js";
import type { JournalPage } from "../../src/journal/entry.js";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService, ServiceResponse } from "../../src/service/entry-point.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";
import { tokenOf } from "./scenario.js";

const A = ids(0);
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

type Service = FieldService<Promise<ServiceResponse>>;


describe.runIf(databaseUrl !== undefined)("the journal on PostgreSQL, across processes", () => {
  it("IDM-1: eight retries of one keyed addToStore through two instances at once are decided once", async () => {
    const schema = schemaName("idem");
    schemas.push(schema);
    const services: Service[] = [createFieldService({ fixture: testFixture(), storage: testStorage(schema, 4) }), createFieldService({ fixture: testFixture(), storage: testStorage(schema, 4) })];
    try {
      await Promise.all(services.map((s) => s.ready()));
      const tokens = await Promise.all(services.map(tokenOf));
      const send = (i: number) =>
        services[i % 2]!.handle({
          method: "POST", path: `/store/${A.store(1)}/addToStore`,
          headers: { authorization: `Bearer ${tokens[i % 2]}`, "idempotency-key": "retry-1" }, body: [{ materialId: "M1", amount: 5 }],
        });
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i)));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(answers.filter((r) => r.headers === undefined)).toHaveLength(1);
      expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(answers[0]!.body).toEqual({ items: [{ materialId: A.material(1), amount: 15 }] });
      const page = (await services[1]!.handle({ method: "GET", path: "/journal", headers: { authorization: `Bearer ${tokens[1]}` } })).body as JournalPage;
      expect(page.items.map((e) => [e.operation, e.idempotencyKey, e.outcome])).toEqual([["addToStore", "retry-1", "committed"]]);
    } finally {
      await Promise.all(services.map((s) => s.close()));
    }
  });

  it("JRN-1: the journal survives a restart, and its idempotency keys with it", async () => {
    const schema = schemaName("restart");
    schemas.push(schema);
    const first: Service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) });
    const body = [{ materialId: "M1", amount: 2 }];
    let recorded: ServiceResponse;
    try {
      const token = await tokenOf(first);
      recorded = await first.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { authorization: `Bearer ${token}`, "idempotency-key": "k" }, body });
      expect(recorded.status).toBe(201);
    } finally {
      await first.close();
    }
    const second: Service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) });
    try {
      const token = await tokenOf(second);
      const page = (await second.handle({ method: "GET", path: "/journal", headers: { authorization: `Bearer ${token}` } })).body as JournalPage;
      expect(page.items.map((e) => [e.operation, e.status, e.body, e.clientId])).toEqual([["addToStore", 201, body, "client"]]);
      const repeat = await second.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { authorization: `Bearer ${token}`, "idempotency-key": "k" }, body });
      expect(repeat).toEqual({ status: 201, body: recorded.body, effects: [], headers: { "idempotent-replayed": "true" } });
    } finally {
      await second.close();
    }
  });
});

describe.runIf(databaseUrl !== undefined)("journal pages on PostgreSQL", () => {
  it("JRN-2: pages of `limit` entries partition the journal by ascending seq; `next` is null on the last page, also when it is exactly full", async () => {
    const schema = schemaName("pages");
    schemas.push(schema);
    const service: Service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 2) });
    try {
      const token = await tokenOf(service);
      const headers = { authorization: `Bearer ${token}` };
      for (let i = 0; i < 4; i++) {
        expect((await service.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers, body: [{ materialId: "M1", amount: i + 1 }] })).status).toBe(201);
      }
      const page = async (query: string): Promise<JournalPage> => (await service.handle({ method: "GET", path: `/journal?${query}`, headers })).body as JournalPage;
      const all = await page("limit=500");
      expect(all.items).toHaveLength(4);
      expect(all.next).toBeNull();
      expect((await page("limit=4")).next).toBeNull();
      const seen: number[] = [];
      let after: number | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const p = await page(`limit=3${after === null ? "" : `&after=${after}`}`);
        seen.push(...p.items.map((e) => e.seq));
        after = p.next;
        if (after === null) break;
        expect(after).toBe(p.items.at(-1)!.seq);
      }
      expect(seen).toEqual(all.items.map((e) => e.seq));
    } finally {
      await service.close();
    }
  });
});

describe("a journal row's columns (issue 33), without a database", () => {
  it("JRN-2, SYN-3: the row names its records as id: and key: terms, and lists each change's kind, record and material in order", () => {
    const g = (n: number): Guid => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}` as Guid;
    const store = { id: g(1), externalId: "S-1", name: "Sklad", availableFor: [] };
    const draft = journalDraft({
      companyId: g(9), at: 0, operation: "moveStock", method: "PUT", path: "/store/x", form: "externalId", params: [{ name: "store", value: "S-1" }], dryRun: false,
      bodyText: "[]", clientId: null, userId: g(8), idempotencyKey: "k", ids: [], status: 204, answer: undefined, effects: [],
      changes: [
        { kind: "store", before: null, after: store as never },
        { kind: "stock", storeId: g(2), materialId: g(3), before: UNLIMITED, after: finite(2) },
      ],
      found: [{ id: g(1), externalId: "S-1" }],
    });
    const row = journalRow({ draft, fingerprint: "f" });
    expect(row.records).toEqual([`id:${g(1)}`, `id:${g(2)}`, `id:${g(3)}`, "key:S-1"]);
    expect([row.changedKinds, row.changedIds, row.changedMaterials]).toEqual([["store", "stock"], [g(1), g(2)], [null, g(3)]]);
    expect([row.fingerprint, row.idempotencyKey, row.outcome, row.status]).toEqual(["f", "k", "committed", 204]);
    expect(journalRow({ draft: { ...draft, idempotencyKey: null }, fingerprint: "f" }).fingerprint).toBeNull();
  });
});


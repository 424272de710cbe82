// The journal of decisions (JRN-1 to JRN-3) and exactly-once retries (IDM-1 to IDM-4), through
// `handle`, on the storage under test (in memory, and on PostgreSQL in the `postgres` project).
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import type { Issue } from "../../src/shared/issue.js";
import { describe, expect, it } from "vitest";
import { rulesApplied, type JournalEntryShape, type JournalPage } from "../../src/journal/entry.js";
import { IDEMPOTENCY_KEY_LIFETIME_MS } from "../../src/journal/idempotency.js";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import { createServiceCore } from "../../src/service/create.js";
import { createHttpServer } from "../../src/server/http.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { adapter, bearer, company, loginAs, seed, snapshot, stockOf, testService, type TestService } from "./support.js";

const A = ids(0);
const B = ids(1);

async function journal(s: TestService, token: string, query = ""): Promise<JournalPage> {
  const r = await s.handle({ method: "GET", path: `/journal${query}`, headers: bearer(token) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as JournalPage;
}

const add = (amount: number) => [{ materialId: "M1", amount }];

describe("the journal of decisions", () => {
  it("JRN-1: a committed write is recorded with its request, the instant, the GUIDs it drew, its answer and each record before and after", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const { order } = await seed(s, 0);
    const body = { primaryAssigneeId: A.tech1, day: "2026-05-04", categoryId: "revize", assignations: [{ userId: A.tech1, plannedStart: "2026-05-04T08:00:00Z", plannedEnd: "2026-05-04T09:00:00Z" }] };
    const r = await s.handle({ method: "POST", path: `/order/externalId/ORD-1/PlanIntervention`, headers: bearer(token), body });
    expect(r.status).toBe(200);
    const [entry, ...rest] = (await journal(s, token)).items;
    expect(rest).toEqual([]);
    const created = (r.body as { id: string }).id;
    expect(entry).toMatchObject({
      companyId: A.company, at: "2026-05-01T08:00:00.000Z", operation: "planIntervention", method: "POST", path: "/order/externalId/ORD-1/PlanIntervention",
      form: "externalId", params: [{ name: "order", value: "ORD-1" }], dryRun: false, body, clientId: "client", idempotencyKey: null,
      ids: [created], outcome: "committed", status: 200, answer: r.body, rules: rulesApplied("planIntervention"),
    });
    expect(entry!.effects).toEqual(JSON.parse(JSON.stringify(r.effects)));
    expect(entry!.changes.map((c) => [c.kind, c.before === null ? null : (c.before as { id: string }).id, (c.after as { id: string }).id])).toEqual([["intervention", null, created]]);
    expect(entry!.recordIds).toEqual(expect.arrayContaining([order.id, created]));
    expect(entry!.recordKeys).toContain("ORD-1");
  });

  it("JRN-1: a refused write is recorded with its issues' rule IDs and no changes, and changes nothing; a dry run is recorded as such with what it would change", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    await seed(s, 0);
    const before = await snapshot(company(s, 0));
    const refused = await s.handle({ method: "PUT", path: `/store/${A.store(1)}/removeMaterial`, headers: bearer(token), body: [{ materialId: A.material(3), amount: 1 }] });
    expect(refused.status).toBe(400);
    const dry = await s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore?dryRun=true`, headers: bearer(token), body: add(2) });
    expect(dry.status).toBe(201);
    const missing = await s.handle({ method: "PUT", path: "/order/externalId/NOPE/cancel", headers: bearer(token), body: {} });
    expect(missing.status).toBe(404);
    expect(await snapshot(company(s, 0))).toEqual(before);
    const items = (await journal(s, token)).items;
    expect(items.map((e) => [e.operation, e.outcome, e.status])).toEqual([["removeMaterial", "refused", 400], ["addToStore", "dryRun", 201], ["cancelOrder", "refused", 404]]);
    const [r, d, m] = items as [JournalEntryShape, JournalEntryShape, JournalEntryShape];
    expect(r.rules).toEqual((refused.body as { errors: { rule: string }[] }).errors.map((e) => e.rule).filter((x, i, a) => a.indexOf(x) === i));
    expect(r.rules.length).toBeGreaterThan(0);
    expect(r.changes).toEqual([]);
    expect(d.changes).toEqual([{ kind: "stock", storeId: A.store(1), materialId: A.material(1), before: 10, after: 12 }]);
    expect(m.rules).toEqual(["GEN-2"]);
    expect(m.recordKeys).toEqual(["NOPE"]);
  });

  it("JRN-1: reads, logins, unauthenticated requests and unknown routes are not recorded", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    await seed(s, 0);
    await s.handle({ method: "GET", path: "/order/externalId/ORD-1", headers: bearer(token) });
    await s.handle({ method: "PUT", path: "/order/externalId/ORD-1/cancel", body: {} });
    await s.handle({ method: "PUT", path: "/nowhere", headers: bearer(token), body: {} });
    await loginAs(s, 0);
    expect((await journal(s, token)).items).toEqual([]);
  });

  it("JRN-2: a company reads its own journal only", async () => {
    const s = testService();
    const [a, b] = [await loginAs(s, 0), await loginAs(s, 1)];
    await s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: bearer(a), body: add(1) });
    await s.handle({ method: "POST", path: `/store/${B.store(1)}/addToStore`, headers: bearer(b), body: add(2) });
    await s.handle({ method: "POST", path: `/store/${B.store(1)}/addToStore`, headers: bearer(a), body: add(3) });
    const ofA = (await journal(s, a)).items;
    const ofB = (await journal(s, b)).items;
    expect(ofA.map((e) => [e.companyId, e.status])).toEqual([[A.company, 201], [A.company, 404]]);
    expect(ofB.map((e) => [e.companyId, e.status])).toEqual([[B.company, 201]]);
    expect((await journal(s, a, `?record=${B.store(1)}`)).items.map((e) => e.status)).toEqual([404]);
  });

  it("JRN-2: filters by record (GUID or external ID), operation, rule, outcome and time; pages partition the list", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    await seed(s, 0);
    const send = (method: string, path: string, body: unknown) => s.handle({ method, path, headers: bearer(token), body });
    await send("POST", `/store/${A.store(1)}/addToStore`, add(1));
    s.clock.t += 60_000;
    await send("PUT", `/store/externalId/S1/removeMaterial`, [{ materialId: A.material(3), amount: 1 }]);
    s.clock.t += 60_000;
    await send("PUT", "/order/externalId/ORD-1", { name: "renamed" });
    await send("PUT", `/store/${A.store(1)}/setMaterialAmounts?dryRun=true`, add(5));
    const all = (await journal(s, token)).items;
    expect(all).toHaveLength(4);
    const ops = async (q: string): Promise<string[]> => (await journal(s, token, q)).items.map((e) => e.operation);
    expect(await ops(`?record=${A.store(1)}`)).toEqual(["addToStore", "removeMaterial", "setMaterialAmounts"]);
    expect(await ops(`?record=S1`)).toEqual(["addToStore", "removeMaterial", "setMaterialAmounts"]);
    expect(await ops(`?record=${A.material(1)}`)).toEqual(["addToStore", "setMaterialAmounts"]);
    expect(await ops("?record=ORD-1")).toEqual(["editOrder"]);
    expect(await ops("?operation=editOrder")).toEqual(["editOrder"]);
    // RPL-3: a rule finds the refusals it made and the writes it decided (STK-3 applies to every stock write here).
    expect(await ops("?rule=STK-3")).toEqual(["addToStore", "removeMaterial", "setMaterialAmounts"]);
    expect(await ops("?rule=STK-3&outcome=refused")).toEqual(["removeMaterial"]);
    expect(await ops("?rule=STK-4")).toEqual(["setMaterialAmounts"]);
    expect(await ops("?rule=ORD-6")).toEqual(["editOrder"]);
    expect(await ops("?outcome=refused")).toEqual(["removeMaterial"]);
    expect(await ops("?outcome=dryRun")).toEqual(["setMaterialAmounts"]);
    expect(await ops("?outcome=committed")).toEqual(["addToStore", "editOrder"]);
    expect(await ops("?from=2026-05-01T08:01:00Z")).toEqual(["removeMaterial", "editOrder", "setMaterialAmounts"]);
    expect(await ops("?to=2026-05-01T08:01:00Z")).toEqual(["addToStore"]);
    expect(await ops("?from=2026-05-01T08:01:00Z&to=2026-05-01T08:02:00Z")).toEqual(["removeMaterial"]);
    for (const limit of [1, 2, 3, 4, 5]) {
      const seen: JournalEntryShape[] = [];
      let after = 0;
      for (let pages = 0; pages < 10; pages++) {
        const page = await journal(s, token, `?limit=${limit}&after=${after}`);
        seen.push(...page.items);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        if (page.next === null) break;
        after = page.next;
      }
      expect(seen).toEqual(all);
    }
  });

  it("JRN-2: a bad query is 400 with every issue at its parameter, each citing the rule", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const r = await s.handle({ method: "GET", path: "/journal?limit=0&after=x&outcome=won&rule=XYZ-1&operation=readOrder&from=yesterday&to=2026-13-01&record=%20", headers: bearer(token) });
    expect(r.status).toBe(400);
    const errors = (r.body as { errors: { code: string; path: string; rule: string }[] }).errors;
    expect(errors.map((e) => `${e.code}@${e.path}`)).toEqual([
      "InvalidNumber@after", "OutOfRange@limit", "Blank@record", "InvalidEnum@operation", "InvalidEnum@rule", "InvalidEnum@outcome", "InvalidDateTime@from", "InvalidDateTime@to",
    ]);
    expect(new Set(errors.map((e) => e.rule))).toEqual(new Set(["JRN-2"]));
  });

  it("JRN-2: after takes every seq up to 9007199254740991, the bound its message names; one more is OutOfRange", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    expect((await journal(s, token, `?after=${Number.MAX_SAFE_INTEGER}`)).items).toEqual([]);
    for (const beyond of ["9007199254740992", "99999999999999999999"]) {
      const r = await s.handle({ method: "GET", path: `/journal?after=${beyond}`, headers: bearer(token) });
      expect(r.status).toBe(400);
      expect((r.body as { errors: Issue[] }).errors).toMatchObject([{ code: "OutOfRange", path: "after", rule: "JRN-2", message: expect.stringContaining("9007199254740991") as unknown }]);
    }
  });

});

describe.runIf(adapter === "memory")("retention in memory", () => {
    it("JRN-3: in memory the journal keeps the newest `retention` entries of each company, and their keys beyond it", async () => {
      let n = 0;
      const s = createServiceCore({ fixture: testFixture(), journal: { retention: 3 }, newToken: () => `t${++n}` });
      const token = await loginAs(s, 0);
      const send = (amount: number, key?: string) =>
        s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { ...bearer(token), ...(key === undefined ? {} : { "idempotency-key": key }) }, body: add(amount) });
      send(1, "first");
      for (let i = 2; i <= 6; i++) send(i);
      const page = s.handle({ method: "GET", path: "/journal", headers: bearer(token) }).body as JournalPage;
      expect(page.items.map((e) => [e.seq, (e.body as { amount: number }[])[0]!.amount])).toEqual([[4, 4], [5, 5], [6, 6]]);
      const repeat = send(1, "first");
      expect(repeat.headers).toEqual({ "idempotent-replayed": "true" });
      expect(await stockOf(company(s, 0), A.store(1))).toEqual([[A.material(1), 10 + 21], [A.material(2), null]]);
    });
});

describe("exactly-once retries", () => {
  const key = (k: string) => ({ "idempotency-key": k });

  it("IDM-1: a retried addToStore with one key adds once; the repeat answers the recorded status and body, no effects, and is not journaled", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const send = () => s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { ...bearer(token), ...key("k-1") }, body: add(5) });
    const first = await send();
    s.clock.t += 1000;
    const second = await send();
    expect(first.status).toBe(201);
    expect(second).toEqual({ status: 201, body: first.body, effects: [], headers: { "idempotent-replayed": "true" } });
    expect(await stockOf(company(s, 0), A.store(1))).toEqual([[A.material(1), 15], [A.material(2), null]]);
    const items = (await journal(s, token)).items;
    expect(items.map((e) => [e.idempotencyKey, e.status])).toEqual([["k-1", 201]]);
  });

  it("IDM-1: a refusal and a dry run are recorded answers too; a 204 repeats without a body", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const send = (path: string, body: unknown, k: string) => s.handle({ method: "PUT", path, headers: { ...bearer(token), ...key(k) }, body });
    const refused = await send(`/store/${A.store(1)}/removeMaterial`, [{ materialId: A.material(3), amount: 11 }], "r");
    await send(`/store/${A.store(1)}/setMaterialAmounts`, add(11), "other");
    expect(refused.status).toBe(400);
    expect(await send(`/store/${A.store(1)}/removeMaterial`, [{ materialId: A.material(3), amount: 11 }], "r")).toEqual({ ...refused, headers: { "idempotent-replayed": "true" } });
    const dry = await send(`/store/${A.store(1)}/setMaterialAmounts?dryRun=true`, add(1), "d");
    expect(dry).toMatchObject({ status: 204, dryRun: true });
    expect(await send(`/store/${A.store(1)}/setMaterialAmounts?dryRun=true`, add(1), "d")).toEqual({ status: 204, effects: [], dryRun: true, headers: { "idempotent-replayed": "true" } });
    expect(await stockOf(company(s, 0), A.store(1))).toEqual([[A.material(1), 11], [A.material(2), null]]);
  });

  it("IDM-2: the same key with another body, path or dry-run flag is 422 and changes nothing; another company's key is its own", async () => {
    const s = testService();
    const [a, b] = [await loginAs(s, 0), await loginAs(s, 1)];
    const send = (token: string, path: string, body: unknown) => s.handle({ method: "POST", path, headers: { ...bearer(token), ...key("k") }, body });
    expect((await send(a, `/store/${A.store(1)}/addToStore`, add(1))).status).toBe(201);
    const before = await snapshot(company(s, 0));
    const journaled = (await journal(s, a)).items.length;
    for (const [path, body] of [
      [`/store/${A.store(1)}/addToStore`, add(2)],
      [`/store/${A.store(2)}/addToStore`, add(1)],
      [`/store/${A.store(1)}/addToStore?dryRun=true`, add(1)],
    ] as const) {
      const r = await send(a, path, body);
      expect(r.status).toBe(422);
      expect((r.body as { name: string; errors: { code: string; rule: string }[] })).toMatchObject({ name: "UnprocessableContent", errors: [{ code: "IdempotencyKeyReused", rule: "IDM-2" }] });
      expect(r.effects).toEqual([]);
    }
    expect(await snapshot(company(s, 0))).toEqual(before);
    // A 422 for a reused key decides nothing, so it is not journaled (docs/decisions.md, issue 32).
    expect((await journal(s, a)).items.length).toBe(journaled);
    expect((await send(b, `/store/${B.store(1)}/addToStore`, add(2))).status).toBe(201);
    // The same request with its GUID in upper case is the same request.
    expect((await send(a, `/store/${A.store(1).toUpperCase()}/addToStore`, add(1))).headers).toEqual({ "idempotent-replayed": "true" });
  });

  it("IDM-3: a key that is empty, too long, not visible ASCII or sent twice is 400 and decides nothing; a read ignores it", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    for (const bad of ["", " x", "x ", "ü", "a".repeat(256), ["a", "b"]]) {
      const r = await s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { ...bearer(token), "idempotency-key": bad as string }, body: add(1) });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect((r.body as { errors: { code: string; rule: string }[] }).errors).toMatchObject([{ code: "InvalidIdempotencyKey", rule: "IDM-3" }]);
    }
    const twice = await s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { ...bearer(token), "Idempotency-Key": "a", "idempotency-key": "b" }, body: add(1) });
    expect(twice.status).toBe(400);
    expect((await s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { ...bearer(token), "idempotency-key": "a b" }, body: add(1) })).status).toBe(201);
    expect((await s.handle({ method: "GET", path: "/journal", headers: { ...bearer(token), "idempotency-key": "" } })).status).toBe(200);
    expect((await journal(s, token)).items).toHaveLength(1);
  });

  it("IDM-3: over HTTP, the header sent twice (as two lines, which Node would join into one text) is 400 and decides nothing", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const before = await stockOf(company(s, 0), A.store(1));
    const server = createHttpServer(s, { log: () => undefined });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const post = (key: string | string[]) =>
        new Promise<{ status: number; body: unknown }>((resolve, reject) => {
          const text = JSON.stringify(add(1));
          const req = httpRequest(
            { host: "127.0.0.1", port, method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { ...bearer(token), "content-type": "application/json", "content-length": Buffer.byteLength(text), "idempotency-key": key } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () => {
                const raw = Buffer.concat(chunks).toString("utf8");
                resolve({ status: res.statusCode ?? 0, body: raw === "" ? undefined : JSON.parse(raw) });
              });
            },
          );
          req.on("error", reject);
          req.end(text);
        });
      // A proxy that repeats the header, and a client that sends two keys: neither is a key.
      for (const twice of [["K", "K"], ["K", "K-other"]]) {
        const r = await post(twice);
        expect(r.status, JSON.stringify(twice)).toBe(400);
        expect((r.body as { errors: unknown[] }).errors).toMatchObject([{ code: "InvalidIdempotencyKey", path: "", rule: "IDM-3" }]);
      }
      expect((await journal(s, token)).items).toHaveLength(0);
      expect(await stockOf(company(s, 0), A.store(1))).toEqual(before);
      // The key sent once is decided once, and its retry is answered from the record.
      expect((await post("K")).status).toBe(201);
      expect((await post("K")).status).toBe(201);
      expect((await journal(s, token)).items).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("IDM-4: a key is remembered for 24 hours; then the same key decides anew", async () => {
    const s = testService();
    let token = await loginAs(s, 0);
    const send = () => s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { ...bearer(token), ...key("day") }, body: add(1) });
    await send();
    s.clock.t += IDEMPOTENCY_KEY_LIFETIME_MS - 1;
    token = await loginAs(s, 0);
    expect((await send()).headers).toEqual({ "idempotent-replayed": "true" });
    s.clock.t += 1;
    expect((await send()).headers).toBeUndefined();
    expect(await stockOf(company(s, 0), A.store(1))).toEqual([[A.material(1), 12], [A.material(2), null]]);
  });

  it("IDM-1: over random batches of keyed adds with repeats, each key adds once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 9 })), { minLength: 1, maxLength: 12 }), async (sends) => {
        const s = testService();
        const token = await loginAs(s, 0);
        const firstAmount = new Map<number, number>();
        const answers: ServiceResponse[] = [];
        for (const [k, amount] of sends) {
          const body = add(firstAmount.get(k) ?? amount);
          firstAmount.set(k, firstAmount.get(k) ?? amount);
          answers.push(await s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: { ...bearer(token), ...key(`k${k}`) }, body }));
        }
        let total = 10;
        for (const a of firstAmount.values()) total += a;
        expect(await stockOf(company(s, 0), A.store(1))).toEqual([[A.material(1), total], [A.material(2), null]]);
        expect(answers.filter((r) => r.headers === undefined)).toHaveLength(firstAmount.size);
        await s.close();
      }),
      { numRuns: adapter === "memory" ? 50 : 8 },
    );
  });
});

// The device sync (SYN-1 to SYN-3), through `handle`, on the storage under test (in memory, and
// on PostgreSQL in the `postgres` project).
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { SyncAnswer } from "../../src/sync/answer.js";
import { mergeSyncAnswer } from "../../src/sync/merge.js";
import type { Issue } from "../../src/shared/issue.js";
import { createServiceCore } from "../../src/service/create.js";
import { ids as fixtureIds, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { decodeSyncCursor, encodeSyncCursor } from "../../src/sync/cursor.js";
import { canonical } from "../sync/replica.js";
import { adapter, bearer, closeServices, loginAs, seed, testService, type TestService } from "./support.js";

const A = fixtureIds(0);
const B = fixtureIds(1);

afterAll(closeServices);

async function pull(s: TestService, token: string, query: string): Promise<SyncAnswer> {
  const r = await s.handle({ method: "GET", path: `/sync?${query}`, headers: bearer(token) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as SyncAnswer;
}

const q = (user: string, from: string, to: string, since?: string): string =>
  `scope=technician:${encodeURIComponent(user)}&from=${from}&to=${to}${since === undefined ? "" : `&since=${since}`}`;

describe("GET /sync", () => {
  it("SYN-1: every bad parameter is reported at once, each at its name", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const paths = async (query: string): Promise<string[]> => {
      const r = await s.handle({ method: "GET", path: `/sync${query}`, headers: bearer(token) });
      expect(r.status).toBe(400);
      return ((r.body as { errors: Issue[] }).errors).map((e) => `${e.path}:${e.code}:${e.rule}`);
    };
    expect(await paths("")).toEqual(["scope:Required:SYN-1", "from:Required:SYN-1", "to:Required:SYN-1"]);
    expect(await paths("?scope=user:t1&from=2026-02-30&to=x&since=%21")).toEqual(["scope:InvalidText:SYN-1", "from:InvalidDate:SYN-1", "to:InvalidDate:SYN-1", "since:InvalidText:SYN-1"]);
    expect(await paths(`?${q("nobody", "2026-05-04", "2026-05-03")}`)).toEqual(["scope:UnknownReference:SYN-1", "to:OutOfRange:SYN-1"]);
    expect(await paths(`?${q("t1", "2026-05-01", "2026-06-01")}`)).toEqual(["to:OutOfRange:SYN-1"]);
    expect(await paths(`?${q("t1", "2026-05-01", "2026-05-31", "bm90LWEtY3Vyc29y")}`)).toEqual(["since:InvalidText:SYN-1"]);
    // 31 days is the bound, inclusive.
    expect((await pull(s, token, q("t1", "2026-05-01", "2026-05-31"))).full).toBe(true);
  });

  it("SYN-1: a company syncs its own users only: another company's technician is unknown, and its records never appear", async () => {
    const s = testService();
    const a = await loginAs(s, 0);
    const b = await loginAs(s, 1);
    await seed(s, 0);
    await seed(s, 1);
    const r = await s.handle({ method: "GET", path: `/sync?${q(A.tech1, "2026-05-04", "2026-05-04")}`, headers: bearer(b) });
    expect(r.status).toBe(400);
    expect((r.body as { errors: Issue[] }).errors.map((e) => [e.path, e.code])).toEqual([["scope", "UnknownReference"]]);
    const mine = await pull(s, b, q(B.tech1, "2026-05-04", "2026-05-04"));
    const text = JSON.stringify(mine);
    expect(text).not.toContain(A.company);
    expect(text).not.toContain(A.tech1);
    expect(mine.company.id).toBe(B.company);
    expect((await pull(s, a, q("t1", "2026-05-04", "2026-05-04"))).company.id).toBe(A.company);
  });

  it("SYN-2: a full pull holds the technician's orders with every intervention, their customers, usable stores with stock and materials, the configuration without clients, and the days' slots", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const { customer, order, other, planned, done, foreign } = await seed(s, 0);
    const answer = await pull(s, token, q("t1", "2026-05-04", "2026-05-04"));
    expect(answer).toMatchObject({ full: true, keep: null, scope: { userId: A.tech1, from: "2026-05-04", to: "2026-05-04" } });
    expect(answer.orders.map((o) => o.id).sort()).toEqual([order.id, other.id].sort());
    expect(answer.interventions.map((i) => i.id).sort()).toEqual([planned.id, done.id, foreign.id].sort());
    expect(JSON.parse(JSON.stringify(answer.customers))).toEqual([JSON.parse(JSON.stringify(customer))]);
    expect(answer.stores.map((st) => st.id)).toEqual([A.store(1)]);
    expect(answer.stock).toEqual([{ storeId: A.store(1), whole: true, items: [{ materialId: A.material(1), amount: "10" }, { materialId: A.material(2), amount: null }] }]);
    expect(answer.materials.map((m) => [m.id, m.price, m.costPrice]).sort()).toEqual([[A.material(1), "2.5", "1.75"], [A.material(2), "0", null]].sort());
    expect(answer.company).not.toHaveProperty("clients");
    expect(JSON.stringify(answer.company)).not.toContain("secret-a");
    expect(answer.company.users.map((u) => u.id)).toContain(A.tech2);
    expect(answer.company.settings).toMatchObject({ disableCollisions: expect.any(Boolean), timeZone: expect.any(String), locale: expect.any(String) });
    expect(answer.allocations.map((a) => a.interventionId).sort()).toEqual([planned.id, done.id, foreign.id].sort());
    expect(answer.allocations.find((a) => a.interventionId === planned.id)?.slots).toEqual(planned.assignations);
    // Another technician on those days: no visits of theirs, but the days' slots (ASN-5 reads them) and their stores.
    const t2 = await pull(s, token, q("t2", "2026-05-04", "2026-05-04"));
    expect([t2.orders, t2.interventions, t2.customers]).toEqual([[], [], []]);
    expect(t2.allocations).toHaveLength(3);
    expect(t2.stores.map((st) => st.id)).toEqual([A.store(1)]);
    // Other days: nothing of the visits.
    const later = await pull(s, token, q("t1", "2026-05-05", "2026-05-11"));
    expect([later.orders, later.allocations]).toEqual([[], []]);
  });

  it("SYN-3: an incremental pull sends what changed; nothing changed sends no records; a cursor of another scope gets a full answer", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const { order, planned } = await seed(s, 0);
    const first = await pull(s, token, q("t1", "2026-05-04", "2026-05-04"));
    const same = await pull(s, token, q("t1", "2026-05-04", "2026-05-04", first.cursor));
    expect(same).toMatchObject({ full: false, orders: [], interventions: [], customers: [], stores: [], stock: [], materials: [], allocations: [] });
    expect(same.keep?.orders.length).toBe(2);
    const r = await s.handle({ method: "PUT", path: `/order/${order.id}/intervention/${planned.id}/Cancel`, headers: bearer(token), body: {} });
    expect(r.status).toBe(200);
    const next = await pull(s, token, q("t1", "2026-05-04", "2026-05-04", same.cursor));
    expect(next.full).toBe(false);
    expect(next.orders.map((o) => o.id)).toEqual([order.id]);
    expect(next.interventions.map((i) => i.id)).toContain(planned.id);
    expect(next.allocations).toEqual([{ interventionId: planned.id, slots: [] }]);
    expect((await pull(s, token, q("t2", "2026-05-04", "2026-05-04", next.cursor))).full).toBe(true);
    expect((await pull(s, token, q("t1", "2026-05-04", "2026-05-05", next.cursor))).full).toBe(true);
  });

  it("SYN-4: a cursor from the future (a position beyond what the storage has written) gets a full answer, and the device ends equal to a fresh pull", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const { order, planned } = await seed(s, 0);
    const scope = (since?: string) => q("t1", "2026-05-04", "2026-05-04", since);
    const first = await pull(s, token, scope());
    const cursor = decodeSyncCursor(first.cursor)!;
    // The largest position a cursor can carry (2^64 - 1), and the next one, which no storage writes.
    const ahead = encodeSyncCursor({ ...cursor, position: "18446744073709551615" });
    const device = mergeSyncAnswer(undefined, first);
    expect((await s.handle({ method: "PUT", path: `/order/${order.id}/intervention/${planned.id}/Cancel`, headers: bearer(token), body: {} })).status).toBe(200);
    const answer = await pull(s, token, scope(ahead));
    expect(answer.full).toBe(true);
    expect(answer.interventions.find((i) => i.id === planned.id)?.state).toBe("Cancelled");
    expect(canonical(mergeSyncAnswer(device, answer))).toEqual(canonical(mergeSyncAnswer(undefined, await pull(s, token, scope()))));
    // Its own cursor is served again incrementally.
    expect((await pull(s, token, scope(answer.cursor))).full).toBe(false);
    const beyond = encodeSyncCursor({ ...cursor, position: "18446744073709551616" });
    const r = await s.handle({ method: "GET", path: `/sync?${scope(beyond)}`, headers: bearer(token) });
    expect(r.status).toBe(400);
    expect((r.body as { errors: Issue[] }).errors).toMatchObject([{ path: "since", rule: "SYN-1" }]);
  });

  it("SYN-1, SYN-3, SYN-4: a property: any text that is not a cursor the service wrote for this scope is refused at since, or answered in full", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    await seed(s, 0);
    const scope = (since?: string) => q("t1", "2026-05-04", "2026-05-04", since);
    const written = decodeSyncCursor((await pull(s, token, scope())).cursor)!;
    const base64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const other = fc.oneof(
      // Any text, and any text of the cursor alphabet.
      fc.string({ maxLength: 600 }),
      fc.string({ unit: fc.constantFrom(..."AZaz09-_=+/.%".split("")), minLength: 1, maxLength: 600 }),
      // Any JSON, encoded as a cursor is.
      fc.jsonValue({ maxDepth: 2 }).map((v) => base64url(JSON.stringify(v) ?? "null")),
      // The written cursor for another scope, another storage's kind, or a position ahead of what was written.
      fc.record({
        scope: fc.constantFrom({ ...written.scope, userId: A.tech2 }, { ...written.scope, from: "2026-05-03" }, { ...written.scope, to: "2026-05-05" }, written.scope),
        kind: fc.constantFrom("m" as const, "p" as const),
        ahead: fc.bigInt({ min: 1n, max: 2n ** 64n }),
      }).filter((c) => c.scope !== written.scope || c.kind !== written.kind || c.ahead > 0n)
        .map((c) => encodeSyncCursor({ ...written, scope: c.scope, kind: c.kind, position: c.scope === written.scope && c.kind === written.kind ? String(BigInt(written.position) + c.ahead) : written.position })),
    );
    await fc.assert(
      fc.asyncProperty(other, async (since) => {
        const r = await s.handle({ method: "GET", path: `/sync?${scope(encodeURIComponent(since))}`, headers: bearer(token) });
        if (r.status === 400) expect((r.body as { errors: Issue[] }).errors).toMatchObject([{ path: "since", rule: "SYN-1" }]);
        else {
          expect(r.status).toBe(200);
          expect((r.body as SyncAnswer).full).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("SYN-3: after random writes, merging the incremental pull into the full pull before gives the full pull after", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const { order, other, planned, done, foreign } = await seed(s, 0);
    const orders = [order.id, other.id];
    const known = [[order.id, planned.id], [order.id, done.id], [other.id, foreign.id]] as [string, string][];
    const users = ["t1", "t2"];
    const days = ["2026-05-03", "2026-05-04", "2026-05-05", "2026-05-06"];
    const slot = (day: string, hour: number, user: string) => ({
      primaryAssigneeId: user, day, categoryId: "revize",
      assignations: [{ userId: user, plannedStart: `${day}T${String(hour).padStart(2, "0")}:00:00Z`, plannedEnd: `${day}T${String(hour + 1).padStart(2, "0")}:00:00Z` }],
    });
    type Write = { method: "POST" | "PUT"; path: () => string; body?: unknown };
    const visit = fc.nat(63);
    const write: fc.Arbitrary<Write> = fc.oneof(
      fc.record({ o: fc.constantFrom(...orders), d: fc.constantFrom(...days), h: fc.integer({ min: 6, max: 16 }), u: fc.constantFrom(...users) })
        .map(({ o, d, h, u }) => ({ method: "POST" as const, path: () => `/order/${o}/PlanIntervention`, body: slot(d, h, u) })),
      fc.record({ v: visit, d: fc.constantFrom(...days), h: fc.integer({ min: 6, max: 16 }), u: fc.constantFrom(...users) })
        .map(({ v, d, h, u }) => ({ method: "PUT" as const, path: () => { const [o, i] = known[v % known.length]!; return `/order/${o}/intervention/${i}/Replan`; }, body: slot(d, h, u) })),
      visit.map((v) => ({ method: "PUT" as const, path: () => { const [o, i] = known[v % known.length]!; return `/order/${o}/intervention/${i}/Cancel`; }, body: {} })),
      visit.map((v) => ({ method: "PUT" as const, path: () => { const [o, i] = known[v % known.length]!; return `/order/${o}/intervention/${i}/StartDeparture`; } })),
      fc.record({ st: fc.constantFrom(A.store(1), A.store(2)), m: fc.constantFrom("M1", "M2", A.material(3)), n: fc.integer({ min: 1, max: 5 }) })
        .map(({ st, m, n }) => ({ method: "POST" as const, path: () => `/store/${st}/addToStore`, body: [{ materialId: m, amount: n }] })),
      fc.subarray(users).map((u) => ({ method: "PUT" as const, path: () => `/store/${A.store(2)}`, body: { name: "Auto", availableFor: u } })),
      fc.string({ minLength: 1, maxLength: 8 }).filter((n) => n.trim() !== "").map((name) => ({ method: "POST" as const, path: () => "/customer/addOrEdit", body: { externalId: "CUST-1", name } })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { maxLength: 6 }), fc.array(write, { minLength: 1, maxLength: 6 }), fc.constantFrom(...users), fc.constantFrom(...days), fc.nat(2), async (before, after, user, from, span) => {
        const run = async (list: Write[]): Promise<void> => {
          for (const w of list) {
            const r = await s.handle({ method: w.method, path: w.path(), headers: bearer(token), ...(w.body === undefined ? {} : { body: w.body }) });
            if (w.method === "POST" && r.status === 200 && w.path().endsWith("PlanIntervention")) known.push([w.path().split("/")[2]!, (r.body as { id: string }).id]);
          }
        };
        await run(before);
        const to = days[Math.min(days.indexOf(from) + span, days.length - 1)]!;
        const full = await pull(s, token, q(user, from, to));
        await run(after);
        const incremental = await pull(s, token, q(user, from, to, full.cursor));
        expect(incremental.full).toBe(false);
        const fresh = await pull(s, token, q(user, from, to));
        expect(canonical(mergeSyncAnswer(mergeSyncAnswer(undefined, full), incremental))).toEqual(canonical(mergeSyncAnswer(undefined, fresh)));
      }),
      { numRuns: 30 },
    );
  });
});

describe.runIf(adapter === "memory")("GET /sync in memory", () => {
  it("SYN-3: a cursor whose following entries the journal dropped (retention) gets a full answer; one it still holds, an incremental one", async () => {
    const s = createServiceCore({ fixture: testFixture(), journal: { retention: 2 }, now: () => new Date("2026-05-01T08:00:00Z") });
    const token = await loginAs(s, 0);
    const add = () => s.handle({ method: "POST", path: `/store/${A.store(1)}/addToStore`, headers: bearer(token), body: [{ materialId: "M1", amount: 1 }] });
    const first = await pull(s, token, q("t1", "2026-05-04", "2026-05-04"));
    await add();
    await add();
    const kept = await pull(s, token, q("t1", "2026-05-04", "2026-05-04", first.cursor));
    expect(kept.full).toBe(false);
    expect(kept.stock).toEqual([{ storeId: A.store(1), whole: false, items: [{ materialId: A.material(1), amount: "12" }] }]);
    await add();
    await add();
    await add();
    const dropped = await pull(s, token, q("t1", "2026-05-04", "2026-05-04", kept.cursor));
    expect(dropped.full).toBe(true);
    expect(dropped.stock[0]?.items[0]).toEqual({ materialId: A.material(1), amount: "15" });
  });
});

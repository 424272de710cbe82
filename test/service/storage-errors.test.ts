// What the service answers when its storage fails (issue 21): a storage that cannot serve now is
// 503 with Retry-After (not the 500 of a bug, ERR-2), a unique external ID the storage refuses
// again is the 400 of GEN-4, and a storage that comes back is served without a restart. A fake
// storage makes each failure on demand, so this runs without a database (the PostgreSQL
// failures themselves are in test/postgres/unavailable.test.ts).
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { IssuedToken } from "../../src/auth/token.js";
import { createFieldService } from "../../src/service/create.js";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import { loadFixture } from "../../src/service/fixture.js";
import { DuplicateExternalIdError, StorageSetupError, StorageUnavailableError, type DecisionToCommit, type FieldStorage } from "../../src/service/storage.js";
import { answerText } from "../../src/service/journal-on-write.js";
import { createHttpServer } from "../../src/server/http.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";

/** A storage whose every call can be made to fail: `fail` is thrown while set. */
function fakeStorage(): { storage: FieldStorage; fail: { open?: unknown; run?: unknown; companies?: unknown }; commits: DecisionToCommit[] } {
  const commits: DecisionToCommit[] = [];
  const fail: { open?: unknown; run?: unknown; companies?: unknown } = {};
  const companies = loadFixture(testFixture());
  const tokens = new Map<string, IssuedToken>();
  const storage: FieldStorage = {
    open: async () => {
      if (fail.open !== undefined) throw fail.open;
    },
    companies: async () => {
      if (fail.companies !== undefined) throw fail.companies;
      return companies;
    },
    saveToken: async (t) => {
      tokens.set(t.token, t);
    },
    findToken: async (text) => tokens.get(text),
    loginFailures: async (keys) => keys.map(() => undefined),
    recordLoginFailure: async () => {},
    readJournal: async () => ({ items: [], next: null }),
    sync: async () => Promise.reject(new Error("not used")),
    attempts: 1,
    load: async (operation) => {
      if (fail.run !== undefined) throw fail.run;
      const view = companies.find((c) => c.id === operation.companyId);
      if (view === undefined) throw new Error("no company");
      return { view };
    },
    commit: async (_operation, _loaded, decided) => {
      commits.push(decided);
      return { kind: "committed" };
    },
    release: async () => {},
    readListing: async (operation, page) => {
      if (fail.run !== undefined) throw fail.run;
      const view = companies.find((c) => c.id === operation.companyId);
      if (view === undefined) throw new Error("no company");
      return page(view);
    },
    write: async () => {},
    snapshot: async () => "",
    close: async () => {},
  };
  return { storage, fail, commits };
}

const login = { method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } };
const codes = (r: ServiceResponse): string[] => ((r.body as { errors?: { code: string }[] } | undefined)?.errors ?? []).map((e) => e.code);

function setup() {
  const { storage, fail, commits } = fakeStorage();
  const told: unknown[] = [];
  const service = createFieldService({ fixture: testFixture(), storage, onUnavailable: (e) => told.push(e), newToken: () => "tok" });
  const auth = { authorization: "Bearer tok" };
  return { service, fail, told, auth, commits };
}

describe("JSON once on a storage (issue 33)", () => {
  it("JRN-1: a write's answer is written to JSON once: the journal entry handed to the commit and the HTTP adapter get the same text, which is the body's JSON", async () => {
    const { service, auth, commits } = setup();
    expect((await service.handle(login)).status).toBe(200);
    const r = await service.handle({ method: "POST", path: "/customer", headers: auth, body: { externalId: "C-once", name: "Once", identificationNumber: "1", contactPeople: [{ lastName: "Novák" }], addresses: [{ city: "Brno" }] } });
    expect(r.status).toBe(201);
    const text = answerText(r);
    expect(text).toBe(JSON.stringify(r.body));
    expect(commits.at(-1)?.journal?.answerText).toBe(text);
    // A read writes no journal entry: the adapter writes its body itself.
    const read = await service.handle({ method: "GET", path: "/material/externalId/M-1", headers: auth });
    expect(answerText(read)).toBeUndefined();
  });
});

describe("a storage that cannot serve (issue 21)", () => {
  it("ERR-2, HTTP-2: a storage that is unavailable answers 503 ServiceUnavailable with Retry-After and a problem body citing HTTP-2, not 500; the log is told why", async () => {
    const { service, fail, told, auth } = setup();
    expect((await service.handle(login)).status).toBe(200);
    fail.run = new StorageUnavailableError("connect ECONNREFUSED 127.0.0.1:5432");
    const r = await service.handle({ method: "GET", path: "/material/externalId/M-1", headers: auth });
    expect(r.status).toBe(503);
    expect(r.headers).toEqual({ "retry-after": "5" });
    expect(r.effects).toEqual([]);
    expect(r.body).toMatchObject({ type: "about:blank", title: "Service Unavailable", status: 503, name: "ServiceUnavailable", errors: [{ code: "Unavailable", path: "", rule: "HTTP-2" }] });
    // The client never sees the driver's text (it may name hosts); the log does.
    expect(JSON.stringify(r.body)).not.toContain("ECONNREFUSED");
    expect(told).toEqual([fail.run]);
  });

  it("ERR-2: login answers 503 too when the configuration cannot be read, and a storage refusing to open (a newer schema) is 503, not 500", async () => {
    const { service, fail } = setup();
    fail.companies = new StorageUnavailableError("timeout exceeded when trying to connect");
    expect((await service.handle(login)).status).toBe(503);
    delete fail.companies;
    const other = setup();
    other.fail.open = new StorageSetupError("schema field_service is at version 9");
    expect((await other.service.handle(login)).status).toBe(503);
  });

  it("ERR-2: the service recovers without a restart: an open that failed is tried again on the next request, and ready() too", async () => {
    const { service, fail } = setup();
    fail.open = new StorageUnavailableError("database starting up");
    await expect(service.ready()).rejects.toBe(fail.open);
    expect((await service.handle(login)).status).toBe(503);
    delete fail.open;
    expect((await service.handle(login)).status).toBe(200);
    await expect(service.ready()).resolves.toBeUndefined();
  });

  it("GEN-4: an external ID the storage refuses again answers 400 DuplicateExternalId at the field's path, with no effects", async () => {
    const { service, fail, auth } = setup();
    await service.handle(login);
    fail.run = new DuplicateExternalIdError("externalId", 'Another customer has the external ID "C-1" (GEN-4).');
    const r = await service.handle({ method: "POST", path: "/customer", headers: auth, body: { externalId: "C-1", name: "X" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, name: "BadRequest", errors: [{ code: "DuplicateExternalId", path: "externalId", message: 'Another customer has the external ID "C-1" (GEN-4).' }] });
    expect(r.effects).toEqual([]);
  });

  it("HTTP-2: any other storage failure is still the 500 of a bug, citing HTTP-2, with an incident ID the log is told", async () => {
    const { storage, fail } = fakeStorage();
    const incidents: string[] = [];
    const service = createFieldService({ fixture: testFixture(), storage, newToken: () => "tok", onInternalError: (_e, id) => incidents.push(id) });
    await service.handle(login);
    fail.run = new TypeError("a bug");
    const r = await service.handle({ method: "GET", path: "/material/externalId/M-1", headers: { authorization: "Bearer tok" } });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ name: "InternalServerError", incidentId: incidents[0], errors: [{ code: "InternalError", rule: "HTTP-2" }] });
  });

  it("ERR-2: over HTTP the 503 carries the Retry-After header and a problem+json body", async () => {
    const { service, fail } = setup();
    fail.companies = new StorageUnavailableError("sorry, too many clients already");
    const server = createHttpServer(service, { log: () => {} });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(login.body) });
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("5");
      expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(await r.json()).toMatchObject({ status: 503, name: "ServiceUnavailable", errors: [{ code: "Unavailable" }] });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("close with requests in flight (SERVICE.md: finish the requests in flight, then close the storage)", () => {
  /** A storage whose loads wait for `release()`, and which records when it is closed. */
  function gatedStorage() {
    const { storage } = fakeStorage();
    const events: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated: FieldStorage = {
      ...storage,
      load: async (operation, stale) => {
        events.push("load");
        await gate;
        return storage.load(operation, stale);
      },
      close: async () => {
        events.push("storage closed");
      },
    };
    return { storage: gated, events, release: open };
  }

  it("ERR-2: a write in flight when close is called is answered (not the 500 of a closed pool), and the storage closes after it", async () => {
    const { storage, events, release } = gatedStorage();
    const service = createFieldService({ fixture: testFixture(), storage, newToken: () => "tok" });
    expect((await service.handle(login)).status).toBe(200);
    const answer = Promise.resolve(service.handle({ method: "POST", path: "/customer", headers: { authorization: "Bearer tok" }, body: { externalId: "C-late", name: "Late", identificationNumber: "1", contactPeople: [{ lastName: "Novák" }], addresses: [{ city: "Brno" }] } }));
    void answer.then((r) => events.push(`answered ${r.status}`));
    // Let the request reach its load.
    for (let i = 0; i < 20 && !events.includes("load"); i++) await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["load"]);
    const closed = service.close();
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["load"]);
    release();
    await closed;
    expect(events).toEqual(["load", "answered 201", "storage closed"]);
    expect((await answer).status).toBe(201);
  });

  it("close with nothing in flight closes the storage at once, and an answered request keeps nothing waiting", async () => {
    const { storage, events, release } = gatedStorage();
    release();
    const service = createFieldService({ fixture: testFixture(), storage, newToken: () => "tok" });
    expect((await service.handle(login)).status).toBe(200);
    expect((await service.handle({ method: "POST", path: "/customer", headers: { authorization: "Bearer tok" }, body: { externalId: "C-done", name: "Done", identificationNumber: "1", contactPeople: [{ lastName: "Novák" }], addresses: [{ city: "Brno" }] } })).status).toBe(201);
    await service.close();
    expect(events.at(-1)).toBe("storage closed");
    expect(events.filter((e) => e === "storage closed")).toHaveLength(1);
  });

  it("in memory, an answer is given at once (no promise, nothing in flight) and close has nothing to wait for or release", async () => {
    const service = createFieldService({ fixture: testFixture(), newToken: () => "tok" });
    const answer = service.handle(login);
    expect(answer).not.toBeInstanceOf(Promise);
    expect((answer as ServiceResponse).status).toBe(200);
    await expect(service.close()).resolves.toBeUndefined();
  });

  it("ERR-2: a request in flight that fails is answered with its failure (503), and close still waits for it", async () => {
    const { storage: base, events } = gatedStorage();
    let fail!: (error: unknown) => void;
    const failing = new Promise<never>((_resolve, reject) => (fail = reject));
    const storage: FieldStorage = { ...base, load: async () => { events.push("load"); return failing; } };
    const service = createFieldService({ fixture: testFixture(), storage, newToken: () => "tok", onUnavailable: () => {} });
    expect((await service.handle(login)).status).toBe(200);
    const answer = Promise.resolve(service.handle({ method: "GET", path: "/customer/externalId/C-1", headers: { authorization: "Bearer tok" } }));
    void answer.then((r) => events.push(`answered ${r.status}`));
    for (let i = 0; i < 20 && !events.includes("load"); i++) await new Promise((resolve) => setImmediate(resolve));
    const closed = service.close();
    fail(new StorageUnavailableError("database gone"));
    await closed;
    expect(events).toEqual(["load", "answered 503", "storage closed"]);
  });
});

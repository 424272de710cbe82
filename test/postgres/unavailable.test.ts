// The PostgreSQL storage when the database cannot serve (issue 21, defects 5 and 9): every wait
// is bounded (a connection, a statement, an answer), a database that is down, out of
// connections or silent answers 503 with Retry-After instead of 500 or a hang, and the service
// recovers when the database does, without a restart.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postgresStorage, type PostgresStorageOptions } from "../../src/postgres/index.js";
import { createFieldService } from "../../src/service/create.js";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import { StorageUnavailableError } from "../../src/service/storage.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { canMakeCluster, freePort, makeCluster, type Cluster } from "./cluster.js";
import { mutedServer, silentServer, type FakeServer } from "./fake-servers.js";
import { databaseUrl, dropSchemas, schemaName } from "./support.js";

const login = { method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } };
const problemCode = (r: ServiceResponse): string | undefined => (r.body as { errors?: { code: string }[] } | undefined)?.errors?.[0]?.code;

function expectUnavailable(r: ServiceResponse): void {
  expect(r.status).toBe(503);
  expect(r.headers).toEqual({ "retry-after": "5" });
  expect(problemCode(r)).toBe("Unavailable");
}

describe("bounded waits on a database that does not answer", () => {
  it("ERR-2: a server that accepts the connection and never answers is given up after connectTimeoutMs: ready() rejects as unavailable, a request answers 503, and close() releases the pool", async () => {
    const fake = await silentServer();
    try {
      const storage = postgresStorage({ connectionString: fake.url, connectTimeoutMs: 100 });
      const service = createFieldService({ fixture: testFixture(), storage, onUnavailable: () => {} });
      await expect(service.ready()).rejects.toBeInstanceOf(StorageUnavailableError);
      expectUnavailable(await service.handle(login));
      expect(fake.accepted()).toBeGreaterThanOrEqual(2);
      await service.close();
    } finally {
      await fake.close();
    }
  });

  it("ERR-2: a server that completes the handshake and then never answers a query is given up after the statement timeout (and as long again): 503, not a hang", async () => {
    const fake = await mutedServer();
    try {
      const storage = postgresStorage({ connectionString: fake.url, connectTimeoutMs: 1_000, statementTimeoutMs: 100 });
      const service = createFieldService({ fixture: testFixture(), storage, onUnavailable: () => {} });
      const error: unknown = await service.ready().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as Error).message).toMatch(/Query read timeout/);
      expectUnavailable(await service.handle(login));
      await service.close();
    } finally {
      await fake.close();
    }
  });
});

describe("the bounds given are the bounds kept (on the test's clock: timers advanced by hand, no waiting)", () => {
  /** Whether `promise` has settled once the fake clock is moved on by `ms`. */
  async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
    let settled = false;
    void promise.then(() => (settled = true), () => (settled = true));
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  }

  /**
   * Opens a service on a fake server with the clock's timers in the test's hands, and hands its
   * `ready()` to `check`; then stops the timers' fake and the server.
   */
  async function onFakeServer(fake: FakeServer, options: Partial<PostgresStorageOptions>, check: (ready: Promise<void>) => Promise<void>): Promise<void> {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const service = createFieldService({ fixture: testFixture(), storage: postgresStorage({ connectionString: fake.url, ...options }), onUnavailable: () => {} });
      const ready = service.ready();
      await check(ready);
      await expect(ready).rejects.toBeInstanceOf(StorageUnavailableError);
      await service.close();
    } finally {
      vi.useRealTimers();
      await fake.close();
    }
  }

  it("ERR-2: connectTimeoutMs: a server that never answers the handshake is given up after the 100 ms given, not the default 10 s", async () => {
    await onFakeServer(await silentServer(), { connectTimeoutMs: 100 }, async (ready) => {
      expect(await settledAfter(ready, 50)).toBe(false);
      expect(await settledAfter(ready, 100)).toBe(true);
    });
  });

  it("ERR-2: statementTimeoutMs: a statement never answered is given up after the timeout and as long again (200 ms here), not the 5 s grace of longer timeouts", async () => {
    const fake = await mutedServer();
    await onFakeServer(fake, { connectTimeoutMs: 1_000, statementTimeoutMs: 100 }, async (ready) => {
      // The handshake is answered at once; the first statement then waits for its answer.
      for (let i = 0; i < 200 && fake.received() === 0; i++) await vi.advanceTimersByTimeAsync(0).then(() => new Promise((resolve) => setImmediate(resolve)));
      expect(fake.received()).toBeGreaterThan(0);
      expect(await settledAfter(ready, 150)).toBe(false);
      expect(await settledAfter(ready, 100)).toBe(true);
    });
  });
});

describe("a connection that dies under a request", () => {
  it("ERR-2: a connection that breaks while a request waits on it answers that request 503, and the process goes on (no uncaught driver error)", async () => {
    const fake = await mutedServer();
    const storage = postgresStorage({ connectionString: fake.url, connectTimeoutMs: 1_000, statementTimeoutMs: 20_000 });
    const service = createFieldService({ fixture: testFixture(), storage, onUnavailable: () => {} });
    try {
      const answer = service.handle(login);
      // Bounded wait until the first statement (the migration) is on the wire, then cut the line.
      for (let i = 0; i < 200 && fake.received() === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fake.received()).toBeGreaterThan(0);
      await fake.close();
      expectUnavailable(await answer);
      // A moment for an "error" event the driver emits after the rejection to surface, if unheard.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await service.close();
    }
  });
});

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

describe.runIf(databaseUrl !== undefined)("bounded waits on a busy database", () => {
  it("ERR-2: a statement that waits past statementTimeoutMs (a lock held elsewhere) is cancelled and answered 503; once the lock is gone, 200", async () => {
    const schema = schemaName("unavail");
    schemas.push(schema);
    const storage = postgresStorage({ connectionString: databaseUrl as string, schema, maxConnections: 2, statementTimeoutMs: 200 });
    const service = createFieldService({ fixture: testFixture(), storage, onUnavailable: () => {} });
    await service.ready();
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`LOCK TABLE "${schema}".tokens IN ACCESS EXCLUSIVE MODE`);
      expectUnavailable(await service.handle(login));
      await holder.query("ROLLBACK");
      expect((await service.handle(login)).status).toBe(200);
    } finally {
      await holder.end();
      await service.close();
    }
  });
});

describe.runIf(canMakeCluster)("a database that goes down or runs out of connections (a cluster of the test's own)", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = makeCluster(await freePort(), { max_connections: "4", superuser_reserved_connections: "0" });
    cluster.start();
  }, 60_000);
  afterAll(() => cluster?.remove());

  it("ERR-2: stopped, the database answers 503 with Retry-After; started again, 200 without restarting the service", async () => {
    const service = createFieldService({ fixture: testFixture(), storage: postgresStorage({ connectionString: cluster.url, maxConnections: 2, connectTimeoutMs: 2_000 }), onUnavailable: () => {} });
    try {
      await service.ready();
      expect((await service.handle(login)).status).toBe(200);
      cluster.stop();
      expectUnavailable(await service.handle(login));
      expectUnavailable(await service.handle(login));
      cluster.start();
      expect((await service.handle(login)).status).toBe(200);
    } finally {
      await service.close();
    }
  }, 60_000);

  it("ERR-2: out of connections (the server's max_connections), a request answers 503; once connections are free, 200, and a service that could not open at all opens on the next request", async () => {
    const fillers: pg.Client[] = [];
    try {
      // Take every connection the server has.
      for (;;) {
        const c = new pg.Client({ connectionString: cluster.url });
        try {
          await c.connect();
        } catch (error) {
          expect((error as { code?: string }).code).toBe("53300");
          break;
        }
        fillers.push(c);
        if (fillers.length > 10) throw new Error("max_connections was not applied");
      }
      const service = createFieldService({ fixture: testFixture(), storage: postgresStorage({ connectionString: cluster.url, maxConnections: 2, connectTimeoutMs: 2_000 }), onUnavailable: () => {} });
      try {
        expectUnavailable(await service.handle(login));
        await fillers.pop()?.end();
        await fillers.pop()?.end();
        expect((await service.handle(login)).status).toBe(200);
      } finally {
        await service.close();
      }
    } finally {
      await Promise.all(fillers.map((c) => c.end()));
    }
  }, 60_000);
});

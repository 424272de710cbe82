// Views sharing a few pipelined connections (src/postgres/lanes.ts), without a database: a fake
// pool that records what is taken, written and given back, whose statements are answered when the
// test says so, and whose "end of the turn" runs when the test says so.
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import pg from "pg";
import { pgLanePool, pipelined, streamOf, viewLanes, type LanePool, type ViewLanes } from "../../src/postgres/lanes.js";
import type { PostgresStorage, PostgresStorageOptions } from "../../src/postgres/index.js";
import type { FieldService, ServiceResponse } from "../../src/service/entry-point.js";
import { databaseUrl, dropSchemas, schemaName } from "./support.js";
import { createFieldService } from "../../src/service/create.js";
import { postgresStorage } from "../../src/postgres/index.js";
import { ids, testCustomer, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { loginBody, scenarioService } from "./scenario.js";

interface Pending {
  readonly client: number;
  readonly text: string;
  readonly settle: (error?: Error) => void;
}

/** A pool of numbered connections; everything it is asked is logged. */
function fakePool(options: { failAcquire?: () => boolean; reusable?: (e: unknown) => boolean } = {}) {
  let opened = 0;
  const held = new Set<number>();
  const idle: number[] = [];
  const log: string[] = [];
  const pending: Pending[] = [];
  const turnEnds: (() => void)[] = [];
  const corked = new Map<number, number>();
  let mostHeld = 0;
  const pool: LanePool<number, string> = {
    acquire: () => {
      if (options.failAcquire?.() === true) return Promise.reject(new Error("timeout exceeded when trying to connect"));
      const client = idle.pop() ?? ++opened;
      held.add(client);
      mostHeld = Math.max(mostHeld, held.size);
      log.push(`acquire ${client}`);
      return Promise.resolve(client);
    },
    release: (client, broken) => {
      expect(held.has(client), `connection ${client} given back twice`).toBe(true);
      held.delete(client);
      if (!broken) idle.push(client);
      log.push(`${broken ? "destroy" : "release"} ${client}`);
    },
    send: (client, text) =>
      new Promise<string>((resolve, reject) => {
        expect(held.has(client), `sent on connection ${client}, not held`).toBe(true);
        log.push(`send ${client} ${text}${(corked.get(client) ?? 0) > 0 ? " (held)" : ""}`);
        pending.push({ client, text, settle: (error) => (error === undefined ? resolve(`${text} on ${client}`) : reject(error)) });
      }),
    cork: (client) => {
      corked.set(client, (corked.get(client) ?? 0) + 1);
      log.push(`cork ${client}`);
    },
    uncork: (client) => {
      corked.set(client, (corked.get(client) ?? 0) - 1);
      log.push(`uncork ${client}`);
    },
    reusable: options.reusable ?? (() => true),
    later: (f) => void turnEnds.push(f),
  };
  /** Ends the turn: runs what was left for its end, then lets promise callbacks run. */
  const endTurn = async (): Promise<void> => {
    for (const f of turnEnds.splice(0)) f();
    await flush();
  };
  return { pool, log, pending, held, corked, endTurn, mostHeld: () => mostHeld, opened: () => opened };
}

/** Lets every promise callback queued so far run. */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** Sends one view alone: its turn ends and its statement is answered. Resolves with the answer; nothing is held after it. */
async function alone(f: ReturnType<typeof fakePool>, lanes: ViewLanes<string>, text: string): Promise<string> {
  const answer = lanes.query(text);
  await flush();
  await f.endTurn();
  f.pending.splice(0)[0]!.settle();
  const result = await answer;
  expect(f.held.size).toBe(0);
  return result;
}

describe("views share a few pipelined connections (issue 33)", () => {
  it("the socket of a connection is found where pg keeps it; a driver without one has none, and nothing is held", () => {
    const socket = { cork: () => {}, uncork: () => {} };
    expect(streamOf({ connection: { stream: socket } } as unknown as pg.PoolClient)).toBe(socket);
    expect(streamOf({} as unknown as pg.PoolClient)).toBeUndefined();
    expect(streamOf({ connection: { stream: { cork: () => {} } } } as unknown as pg.PoolClient)).toBeUndefined();
    expect(streamOf({ connection: { stream: { uncork: () => {} } } } as unknown as pg.PoolClient)).toBeUndefined();
    // Holding and writing on a connection without a socket does nothing, and throws nothing.
    const lanePool = pgLanePool({} as pg.Pool, () => Promise.reject(new Error("not sent")));
    expect(() => lanePool.cork({} as pg.PoolClient)).not.toThrow();
    expect(() => lanePool.uncork({} as pg.PoolClient)).not.toThrow();
  });

  it("pipelined statements on a connection without a socket (another driver) are sent as they come, each answered in its place", async () => {
    const sent: string[] = [];
    const client = { query: () => undefined } as unknown as pg.PoolClient;
    const answers = pipelined(client, [{ text: "BEGIN" }, { text: "SELECT $1", values: [1] }], async (_c, text, values) => {
      sent.push(`${text} ${JSON.stringify(values ?? null)}`);
      return text.length;
    });
    expect(await Promise.all(answers)).toEqual([5, 9]);
    expect(sent).toEqual(["BEGIN null", "SELECT $1 [1]"]);
  });

  it("the views of one turn go on one connection, written together at the turn's end; it is given back once all are answered", async () => {
    const f = fakePool();
    const lanes = viewLanes(f.pool, 2);
    const answers = [lanes.query("v1"), lanes.query("v2")];
    await flush();
    // Least busy first: v1 on the first lane, v2 on the second (one in flight on the first).
    expect(f.log).toEqual(["acquire 1", "acquire 2", "cork 1", "send 1 v1 (held)", "cork 2", "send 2 v2 (held)"]);
    await f.endTurn();
    expect(f.log.slice(-2)).toEqual(["uncork 1", "uncork 2"]);
    for (const p of f.pending.splice(0)) p.settle();
    expect(await Promise.all(answers)).toEqual(["v1 on 1", "v2 on 2"]);
    expect(f.log.slice(-2)).toEqual(["release 1", "release 2"]);
    expect(f.held.size).toBe(0);
  });

  it("views beyond the lanes queue on them, pipelined: four views in one turn, two connections, each corked once", async () => {
    const f = fakePool();
    const lanes = viewLanes(f.pool, 2);
    const answers = ["a", "b", "c", "d"].map((t) => lanes.query(t));
    await flush();
    // Each connection in the order given (the lanes between them in no set order).
    expect(f.log.filter((l) => l.startsWith("send 1"))).toEqual(["send 1 a (held)", "send 1 c (held)"]);
    expect(f.log.filter((l) => l.startsWith("send 2"))).toEqual(["send 2 b (held)", "send 2 d (held)"]);
    expect(f.log.filter((l) => l.startsWith("cork"))).toEqual(["cork 1", "cork 2"]);
    expect(f.mostHeld()).toBe(2);
    await f.endTurn();
    for (const p of f.pending.splice(0)) p.settle();
    expect(await Promise.all(answers)).toEqual(["a on 1", "b on 2", "c on 1", "d on 2"]);
    expect(f.held.size).toBe(0);
  });

  it("a quiet process uses one connection: a view alone takes the first lane, and nothing is held once it is answered", async () => {
    const f = fakePool();
    const lanes = viewLanes(f.pool, 3);
    for (const text of ["x", "y", "z"]) expect(await alone(f, lanes, text)).toBe(`${text} on 1`);
    expect(f.opened()).toBe(1);
  });

  it("a connection is not given back while its writes are held, even when every view on it is answered", async () => {
    const f = fakePool();
    const lanes = viewLanes(f.pool, 1);
    const answer = lanes.query("v");
    await flush();
    f.pending.splice(0)[0]!.settle(new Error("refused"));
    await expect(answer).rejects.toThrow("refused");
    expect(f.held.has(1)).toBe(true);
    await f.endTurn();
    expect(f.log.slice(-2)).toEqual(["uncork 1", "release 1"]);
    expect(f.held.size).toBe(0);
  });

  it("a statement the server refused keeps the connection; a broken connection is closed once and the next view takes another", async () => {
    const broken = new Error("Connection terminated unexpectedly");
    const f = fakePool({ reusable: (e) => e !== broken });
    const lanes = viewLanes(f.pool, 1);
    const refused = lanes.query("refused");
    const first = lanes.query("first");
    const second = lanes.query("second");
    await flush();
    await f.endTurn();
    const [p1, p2, p3] = f.pending.splice(0);
    p1!.settle(Object.assign(new Error("stale"), { code: "40001" }));
    await expect(refused).rejects.toThrow("stale");
    expect(f.log).not.toContain("destroy 1");
    p2!.settle(broken);
    p3!.settle(broken);
    await expect(first).rejects.toBe(broken);
    await expect(second).rejects.toBe(broken);
    expect(f.log.filter((l) => l.startsWith("destroy") || l.startsWith("release"))).toEqual(["destroy 1"]);
    expect(await alone(f, lanes, "next")).toBe("next on 2");
  });

  it("a connection the pool could not give fails the views waiting for it, with nothing given back; the next view asks again", async () => {
    let fail = true;
    // A connect timeout carries no SQLSTATE: connectionReusable refuses it, as here.
    const f = fakePool({ failAcquire: () => fail, reusable: () => false });
    const lanes = viewLanes(f.pool, 1);
    const a = lanes.query("a");
    const b = lanes.query("b");
    await expect(a).rejects.toThrow("timeout exceeded");
    await expect(b).rejects.toThrow("timeout exceeded");
    expect(f.log).toEqual([]);
    fail = false;
    expect(await alone(f, lanes, "c")).toBe("c on 1");
  });

  it("at least one lane: a count below 1, or not a number, is one connection; a fraction is rounded down", async () => {
    for (const [count, second] of [[0, 1], [-3, 1], [Number.NaN, 1], [1.9, 1], [2.5, 2]] as const) {
      const f = fakePool();
      const lanes = viewLanes(f.pool, count);
      const answers = [lanes.query("a"), lanes.query("b")];
      await flush();
      await f.endTurn();
      for (const p of f.pending.splice(0)) p.settle();
      expect([count, await Promise.all(answers)]).toEqual([count, ["a on 1", `b on ${second}`]]);
    }
  });

  it("over random turns, answers and failures: every view is answered by its own statement, at most `count` connections are held, writes held are written at each turn's end, and nothing is held at the end", async () => {
    type Step = { kind: "send"; n: number } | { kind: "answer"; which: number; fail: boolean } | { kind: "turn" };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant("send" as const), n: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant("answer" as const), which: fc.nat(), fail: fc.boolean() }),
      fc.constant({ kind: "turn" as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.array(step, { maxLength: 40 }), async (count, steps) => {
        const f = fakePool();
        const lanes = viewLanes(f.pool, count);
        const outcomes: Promise<void>[] = [];
        let sent = 0;
        for (const s of steps) {
          if (s.kind === "send") {
            for (let i = 0; i < s.n; i++) {
              const text = `s${sent++}`;
              outcomes.push(
                lanes.query(text).then(
                  (answer) => expect(answer.startsWith(`${text} on `)).toBe(true),
                  (error: Error) => expect(error.message).toBe(`failed ${text}`),
                ),
              );
            }
            await flush();
          } else if (s.kind === "turn") {
            await f.endTurn();
            for (const [client, n] of f.corked) expect(n, `connection ${client} still held`).toBe(0);
          } else if (f.pending.length > 0) {
            const [p] = f.pending.splice(s.which % f.pending.length, 1);
            p!.settle(s.fail ? new Error(`failed ${p!.text}`) : undefined);
            await flush();
          }
          expect(f.held.size).toBeLessThanOrEqual(count);
        }
        // Drain: end the turn, answer the rest.
        await f.endTurn();
        for (const p of f.pending.splice(0)) p.settle();
        await Promise.all(outcomes);
        await f.endTurn();
        expect(f.held.size).toBe(0);
        expect(f.mostHeld()).toBeLessThanOrEqual(count);
      }),
      { numRuns: 200 },
    );
  });
});

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

describe.runIf(databaseUrl !== undefined)("views share a few pipelined connections, on PostgreSQL", () => {
  /** What 8 reads of `path` sent at once cost a service after its login: the connections opened, with their answers. */
  const eightReadsOn = async (service: FieldService<Promise<ServiceResponse>>, storage: PostgresStorage, path: string): Promise<{ opened: number; statuses: number[]; bodies: string[] }> => {
    const token = ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
    const before = storage.stats().connections;
    const answers = await Promise.all(Array.from({ length: 8 }, () => service.handle({ method: "GET", path, headers: { authorization: `Bearer ${token}` } })));
    return { opened: storage.stats().connections - before, statuses: answers.map((a) => a.status), bodies: answers.map((a) => JSON.stringify(a.body)) };
  };

  /** {@link eightReadsOn} of an order, on a fresh scenario service with these storage options. */
  const eightReads = async (options: Partial<PostgresStorageOptions>): Promise<{ opened: number; statuses: number[]; bodies: string[] }> => {
    const { service, storage } = await scenarioService(schemas, options);
    try {
      return await eightReadsOn(service, storage, "/order/externalId/ORD-1");
    } finally {
      await service.close();
    }
  };

  it("8 reads at once open at most 2 connections with the default lanes (of the default pool of 10), 1 with one lane, and more with each view on a connection of its own (viewLanes 0); the answers are the same", async () => {
    const byDefault = await eightReads({ maxConnections: 10 });
    const oneLane = await eightReads({ maxConnections: 10, viewLanes: 1 });
    const own = await eightReads({ maxConnections: 10, viewLanes: 0 });
    for (const r of [byDefault, oneLane, own]) expect(r.statuses).toEqual(Array(8).fill(200));
    expect(new Set([...byDefault.bodies, ...oneLane.bodies, ...own.bodies]).size).toBe(1);
    expect(byDefault.opened).toBeLessThanOrEqual(2);
    expect(oneLane.opened).toBeLessThanOrEqual(1);
    expect(own.opened).toBeGreaterThan(2);
  }, 60_000);

  it("with neither maxConnections nor viewLanes given (a pool of 10, 2 lanes), 8 reads at once open at most 2 connections", async () => {
    const schema = schemaName("lanes");
    schemas.push(schema);
    const storage = postgresStorage({ connectionString: databaseUrl!, schema });
    const service = createFieldService({ fixture: testFixture(), storage });
    try {
      await service.ready();
      await storage.write(ids(0).company, { customers: [testCustomer(0, 1, "CUST-1")] });
      const r = await eightReadsOn(service, storage, "/customer/externalId/CUST-1");
      expect(r.statuses).toEqual(Array(8).fill(200));
      expect(r.opened).toBeLessThanOrEqual(2);
    } finally {
      await service.close();
    }
  }, 60_000);

  it("a locked turn's statements leave in one write to the socket (pipelined), where pg alone writes each apart; answers come back in order, a refusal in its place", async () => {
    const client = new pg.Client({ connectionString: databaseUrl, pipeline: true });
    await client.connect();
    try {
      const socket = client.connection.stream as unknown as { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void };
      let writes = 0;
      for (const method of ["_write", "_writev"] as const) {
        const original = socket[method].bind(socket);
        socket[method] = (...a: unknown[]) => {
          writes++;
          original(...a);
        };
      }
      const send = (c: pg.PoolClient, text: string, values: readonly unknown[] | undefined) => c.query(text, values === undefined ? undefined : [...values]);
      const statements = [{ text: "BEGIN" }, { text: "SELECT $1::int AS n", values: [7] }, { text: "SELECT 1/$1::int AS n", values: [0] }, { text: "ROLLBACK" }];
      const together = await Promise.allSettled(pipelined(client as unknown as pg.PoolClient, statements, send));
      expect(writes).toBe(1);
      expect(together.map((a) => (a.status === "fulfilled" ? a.value.rows : (a.reason as { code?: string }).code))).toEqual([[], [{ n: 7 }], "22012", []]);
      // The same statements sent one by one, not awaited: a write each.
      writes = 0;
      await Promise.allSettled(statements.map((x) => send(client as unknown as pg.PoolClient, x.text, x.values)));
      expect(writes).toBe(statements.length);
    } finally {
      await client.end();
    }
  });

  it("pg's connections: a statement sent while the socket is held waits in it until the turn's write; a connection given back is reused, a broken one closed", async () => {
    const sent: string[] = [];
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, pipeline: true });
    try {
      const lanePool = pgLanePool(pool, (client, text, values) => {
        sent.push(text);
        return client.query(text, values === undefined ? undefined : [...values]);
      });
      const client = await lanePool.acquire();
      const socket = (client as unknown as pg.Client).connection.stream;
      lanePool.cork(client);
      const answer = lanePool.send(client, "SELECT $1::int AS n", [7]);
      expect(socket.writableCorked).toBe(1);
      expect(socket.writableLength).toBeGreaterThan(0);
      lanePool.uncork(client);
      expect(socket.writableCorked).toBe(0);
      expect((await answer).rows).toEqual([{ n: 7 }]);
      expect(sent).toEqual(["SELECT $1::int AS n"]);
      lanePool.release(client, false);
      expect(pool.idleCount).toBe(1);
      const again = await lanePool.acquire();
      expect(again).toBe(client);
      lanePool.release(again, true);
      expect(pool.totalCount).toBe(0);
      expect(lanePool.reusable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(true);
      expect(lanePool.reusable(new Error("Connection terminated unexpectedly"))).toBe(false);
    } finally {
      await pool.end();
    }
  });
});

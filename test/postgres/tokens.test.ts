// Access tokens on PostgreSQL (src/postgres/tokens.ts): the process's cache of tokens seen, and
// the table of digests, read and written as the storage does (AUTH-2, AUTH-3, CRD-2).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_LIFETIME_MS, type IssuedToken } from "../../src/auth/token.js";
import { createFieldService } from "../../src/service/create.js";
import { insertToken, selectToken, TOKEN_CACHE_SIZE, TokenCache } from "../../src/postgres/tokens.js";
import type { Guid } from "../../src/shared/guid.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";

const A = ids(0);
const token = (text: string, issuedAt: number, clientId?: string): IssuedToken => ({ token: text, companyId: A.company as Guid, issuedAt, ...(clientId === undefined ? {} : { clientId }) });

describe("the process's token cache", () => {
  it("AUTH-3: keeps at most TOKEN_CACHE_SIZE tokens, the least recently remembered going first; a forgotten one is gone", () => {
    const cache = new TokenCache();
    for (let i = 0; i < TOKEN_CACHE_SIZE; i++) cache.remember(token(`t${i}`, 0));
    // t0 remembered again: the newest now, so t1 is the oldest.
    cache.remember(token("t0", 0));
    cache.remember(token("one more", 0));
    expect(cache.get("t0")).toBeDefined();
    expect(cache.get("t1")).toBeUndefined();
    expect(cache.get("t2")).toBeDefined();
    expect(cache.get("one more")).toBeDefined();
    cache.forget("t2");
    expect(cache.get("t2")).toBeUndefined();
  });
});

describe.runIf(databaseUrl !== undefined)("the tokens table", () => {
  const schema = schemaName("tokens");
  let db: pg.Client;
  beforeAll(async () => {
    // The schema opened and seeded as a service does (tokens name their company).
    const service = createFieldService({ fixture: testFixture(), storage: testStorage(schema, 1) });
    await service.ready();
    await service.close();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await dropSchemas([schema]);
  });
  const rows = async (): Promise<number> => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".tokens`)).rows[0]!.n;
  const now = Date.parse("2026-05-01T08:00:00Z");

  it("AUTH-2: a token is read back as saved, its client included or absent; an unknown text is no token", async () => {
    await insertToken(db, schema, token("with client", now, "client"), false);
    await insertToken(db, schema, token("without", now), false);
    expect(await selectToken(db, schema, "with client", now)).toEqual(token("with client", now, "client"));
    expect(await selectToken(db, schema, "without", now)).toEqual(token("without", now));
    expect(await selectToken(db, schema, "nobody's", now)).toBeUndefined();
  });

  it("AUTH-3: an expired token is no token, and its row is deleted when read (it never comes back, whatever the clock does next)", async () => {
    await insertToken(db, schema, token("old", now - TOKEN_LIFETIME_MS), false);
    const before = await rows();
    expect(await selectToken(db, schema, "old", now)).toBeUndefined();
    expect(await rows()).toBe(before - 1);
    expect(await selectToken(db, schema, "old", now - TOKEN_LIFETIME_MS)).toBeUndefined();
  });

  it("AUTH-3, CRD-2: one statement sweeps expired tokens, clears a client's failed logins and saves the token, together", async () => {
    await insertToken(db, schema, token("stale", now - 2 * TOKEN_LIFETIME_MS), false);
    await db.query(`INSERT INTO "${schema}".login_failures (key, window_start, failures) VALUES ('client:x', $1, 3)`, [now]);
    await insertToken(db, schema, token("fresh", now), true, "client:x");
    expect((await db.query(`SELECT digest FROM "${schema}".tokens WHERE issued_at <= $1`, [now - TOKEN_LIFETIME_MS])).rows).toEqual([]);
    expect((await db.query(`SELECT key FROM "${schema}".login_failures`)).rows).toEqual([]);
    expect(await selectToken(db, schema, "fresh", now)).toEqual(token("fresh", now));
  });
});

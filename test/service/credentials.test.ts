import pg from "pg";
import { describe, expect, it } from "vitest";
import { LOGIN_THROTTLE } from "../../src/auth/throttle.js";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import type { PostgresStorage } from "../../src/postgres/index.js";
import { databaseUrl } from "../postgres/support.js";
import { createFieldService } from "../../src/service/create.js";
import { validateFixture, type Fixture } from "../../src/service/fixture.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { testSecrets } from "../postgres/support.js";
import { company, nameOf, testService, type TestService } from "./support.js";

const login = (s: Pick<TestService, "handle">, body: unknown, extra: { remoteAddress?: string; path?: string } = {}): Promise<ServiceResponse> =>
  Promise.resolve(s.handle({ method: "POST", path: extra.path ?? "/auth/login", body, ...(extra.remoteAddress === undefined ? {} : { remoteAddress: extra.remoteAddress }) }));
const alpha = (secret = "secret-a") => ({ tenantCode: "alpha", clientId: "client", secret });
const beta = { tenantCode: "beta", clientId: "client", secret: "secret-b" };
const rulesOf = (r: ServiceResponse): unknown => ((r.body as { errors?: { rule?: string }[] }).errors ?? []).map((e) => e.rule);

/** Everything the storage keeps of the companies' configuration, as text: the in-memory state, or PostgreSQL's `companies.config`. */
async function storedConfig(s: TestService): Promise<string> {
  if (s.storage === undefined) return JSON.stringify([...s.companies.values()].map((c) => ({ tenantCode: c.tenantCode, clients: c.clients, users: c.users })));
  await s.ready();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = await db.query(`SELECT config::text AS t FROM "${(s.storage as PostgresStorage).schema}".companies`);
    return rows.rows.map((r: { t: string }) => r.t).join("\n");
  } finally {
    await db.end();
  }
}

describe("credentials through the service", () => {
  it("CRD-1, CRD-4: the storage keeps each client's secret as a stored form only; login still checks it", async () => {
    const s = testService();
    const text = await storedConfig(s);
    expect(text).not.toContain("secret-a");
    expect(text).not.toContain("secret-b");
    expect(text).toContain("secretHash");
    expect(text).toMatch(s.storage === undefined ? /sha256\$/ : /scrypt\$1024\$8\$1\$/);
    for (const c of company(s, 0).clients) expect(Object.keys(c).sort()).toEqual(["clientId", "secretHash"]);
    expect((await login(s, alpha())).status).toBe(200);
    expect((await login(s, alpha("secret-A"))).status).toBe(403);
  });

  it("CRD-2: after 10 failures in 15 minutes the client's logins are 429 with Retry-After, the right secret too; other tenants log in", async () => {
    const s = testService();
    const t0 = s.clock.t;
    for (let i = 0; i < LOGIN_THROTTLE.client; i++) {
      s.clock.t = t0 + i * 1000;
      const r = await login(s, alpha(`wrong-${i}`));
      expect(r.status).toBe(403);
    }
    s.clock.t = t0 + 10_000;
    for (const body of [alpha("wrong-again"), alpha()]) {
      const r = await login(s, body);
      expect(r.status).toBe(429);
      expect(r.headers).toEqual({ "retry-after": String(15 * 60 - 10) });
      expect(nameOf(r)).toBe("TooManyRequests");
      expect(rulesOf(r)).toEqual(["CRD-2"]);
      expect(r.effects).toEqual([]);
      expect(JSON.stringify(r.body)).not.toContain("secret-a");
    }
    // Another tenant's client is not throttled by alpha's failures.
    expect((await login(s, beta)).status).toBe(200);
    // A malformed body is 400, whatever the throttle says about others.
    expect((await login(s, { tenantCode: "alpha" })).status).toBe(400);
    // The window ends 15 minutes after its first failure, to the millisecond.
    s.clock.t = t0 + LOGIN_THROTTLE.windowMs - 1;
    expect((await login(s, alpha())).headers).toEqual({ "retry-after": "1" });
    s.clock.t = t0 + LOGIN_THROTTLE.windowMs;
    expect((await login(s, alpha())).status).toBe(200);
  });

  it("CRD-2: a success clears the client's count; failures of an unknown client are counted under what was sent", async () => {
    const s = testService();
    for (let i = 0; i < LOGIN_THROTTLE.client - 1; i++) expect((await login(s, alpha(`w${i}`))).status).toBe(403);
    expect((await login(s, alpha())).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.client - 1; i++) expect((await login(s, alpha(`v${i}`))).status).toBe(403);
    expect((await login(s, alpha())).status).toBe(200);
    const ghost = { tenantCode: "alpha", clientId: "ghost", secret: "x" };
    for (let i = 0; i < LOGIN_THROTTLE.client; i++) expect((await login(s, ghost)).status).toBe(403);
    expect((await login(s, ghost)).status).toBe(429);
    expect((await login(s, alpha())).status).toBe(200);
  });

  it("CRD-2: a dry-run login is throttled and counted like any other, and a successful one issues no token", async () => {
    const s = testService();
    for (let i = 0; i < LOGIN_THROTTLE.client; i++) expect((await login(s, alpha(`w${i}`), { path: "/auth/login?dryRun=true" })).status).toBe(403);
    expect((await login(s, alpha())).status).toBe(429);
    expect((await login(s, alpha(), { path: "/auth/login?dryRun=true" })).status).toBe(429);
  });

  it("CRD-3: 50 failures from one address in 15 minutes refuse every login from it, not from elsewhere", async () => {
    const s = testService();
    const from = { remoteAddress: "203.0.113.9" };
    // Spread over client IDs, so no client key reaches its own limit (CRD-2).
    for (let i = 0; i < LOGIN_THROTTLE.address; i++) {
      const r = await login(s, { tenantCode: "alpha", clientId: `guess-${i}`, secret: "x" }, from);
      expect(r.status).toBe(403);
    }
    const blocked = await login(s, alpha(), from);
    expect(blocked.status).toBe(429);
    expect(rulesOf(blocked)).toEqual(["CRD-3"]);
    expect(blocked.headers?.["retry-after"]).toBe(String(15 * 60));
    expect((await login(s, alpha(), { remoteAddress: "198.51.100.7" })).status).toBe(200);
    expect((await login(s, beta)).status).toBe(200);
  });
});

describe("fixture clients", () => {
  /** The test fixture with alpha's client replaced. */
  const withClient = (client: Record<string, unknown>): Fixture => {
    const f = testFixture();
    (f.companies[0] as { clients: unknown[] }).clients = [client];
    return f;
  };

  it("CRD-1: a client may carry its secret already hashed (scrypt); the service given the scrypt hasher logs it in, one without refuses the fixture at start", () => {
    const secretHash = testSecrets.hash("pre-hashed");
    const fixture = withClient({ clientId: "client", secretHash });
    expect(JSON.stringify(fixture)).not.toContain("pre-hashed");
    const s = createFieldService({ fixture, secrets: testSecrets });
    expect(s.handle({ method: "POST", path: "/auth/login", body: alpha("pre-hashed") }).status).toBe(200);
    expect(s.handle({ method: "POST", path: "/auth/login", body: alpha("secret-a") }).status).toBe(403);
    expect(() => createFieldService({ fixture })).toThrow(/clients\[0\]\.secretHash: InvalidType: .*scryptSecrets/);
  });

  it("CRD-1: secret and secretHash together, neither, or a secretHash that is no stored form are fixture errors at the client", () => {
    const issues = (client: Record<string, unknown>) => validateFixture(withClient(client)).map((i) => [i.code, i.path, i.rule]);
    expect(issues({ clientId: "client", secret: "s", secretHash: testSecrets.hash("s") })).toEqual([["NotAllowed", "companies[0].clients[0].secretHash", "CRD-1"]]);
    expect(issues({ clientId: "client" })).toEqual([["Required", "companies[0].clients[0].secret", "ERR-2"]]);
    expect(issues({ clientId: "client", secretHash: "scrypt$16384$8$1$short$x" })).toEqual([["InvalidType", "companies[0].clients[0].secretHash", "CRD-1"]]);
    expect(issues({ clientId: "client", secret: "s" })).toEqual([]);
  });
});

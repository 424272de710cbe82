import { describe, expect, it } from "vitest";
import { createFieldService, defaultNewToken } from "../../src/service/create.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { bearer, loginAs, nameOf, seed, testService } from "./support.js";

describe("AUTH through the service", () => {
  it("AUTH-1: right credentials answer 200 with the token and the company", async () => {
    const s = testService();
    const r = await s.handle({ method: "post", path: "/auth/login", body: { tenantCode: "beta", clientId: "client", secret: "secret-b" } });
    expect(r).toEqual({ status: 200, body: { success: true, accessToken: "tok-1", user: { companyId: ids(1).company, tenantCode: "beta", companyName: "Beta a.s." } }, effects: [] });
  });

  it("AUTH-1: wrong credentials answer 403 Forbidden, whichever part is wrong", async () => {
    const s = testService();
    for (const body of [
      { tenantCode: "alpha", clientId: "client", secret: "secret-b" },
      { tenantCode: "alpha", clientId: "Client", secret: "secret-a" },
      { tenantCode: "ALPHA", clientId: "client", secret: "secret-a" },
      { tenantCode: "gamma", clientId: "client", secret: "secret-a" },
      { tenantCode: "alpha", clientId: "client", secret: "" },
    ]) {
      const r = await s.handle({ method: "POST", path: "/auth/login", body });
      expect(r.status).toBe(403);
      expect(nameOf(r)).toBe("Forbidden");
    }
  });

  it("AUTH-1: a missing or non-string field is 400 listing every such field", async () => {
    const s = testService();
    const r = await s.handle({ method: "POST", path: "/auth/login", body: { tenantCode: 1, secret: null } });
    expect(r.status).toBe(400);
    expect((r.body as { errors: { path: string; code: string }[] }).errors.map((e) => [e.path, e.code])).toEqual([
      ["tenantCode", "InvalidType"], ["clientId", "Required"], ["secret", "Required"],
    ]);
    expect((await s.handle({ method: "POST", path: "/auth/login" })).status).toBe(400);
    expect((await s.handle({ method: "POST", path: "/auth/login", body: [] })).status).toBe(400);
  });

  it("AUTH-2: every other call without a valid bearer token is 401 NotAuthenticated", async () => {
    const s = testService();
    const { order } = await seed(s, 0);
    const token = await loginAs(s, 0);
    const path = `/order/${order.id}`;
    for (const headers of [undefined, {}, { authorization: token }, { authorization: `Basic ${token}` }, { authorization: "Bearer" }, { authorization: "Bearer nope" }, { authorization: `Bearer ${token} extra` }, { authorization: [`Bearer ${token}`, `Bearer ${token}`] }]) {
      const r = await s.handle({ method: "GET", path, ...(headers === undefined ? {} : { headers }) });
      expect(r.status).toBe(401);
      expect(nameOf(r)).toBe("NotAuthenticated");
      expect(r.effects).toEqual([]);
    }
  });

  it("AUTH-2: header name and Bearer scheme are case-insensitive", async () => {
    const s = testService();
    const { order } = await seed(s, 0);
    const token = await loginAs(s, 0);
    for (const headers of [{ Authorization: `Bearer ${token}` }, { AUTHORIZATION: `bearer ${token}` }, { authorization: `BEARER   ${token}` }, { authorization: [`Bearer ${token}`] }]) {
      expect((await s.handle({ method: "GET", path: `/order/${order.id}`, headers })).status).toBe(200);
    }
  });

  it("AUTH-3: a token is valid until 60 minutes after issue, to the millisecond", async () => {
    const s = testService();
    const { order } = await seed(s, 0);
    const issued = s.clock.t;
    const token = await loginAs(s, 0);
    const get = async () => (await s.handle({ method: "GET", path: `/order/${order.id}`, headers: bearer(token) })).status;
    s.clock.t = issued + 60 * 60_000 - 1;
    expect(await get()).toBe(200);
    s.clock.t = issued + 60 * 60_000;
    expect(await get()).toBe(401);
    s.clock.t = issued; // an expired token never comes back, even if the clock does
    expect(await get()).toBe(401);
  });

  it("AUTH-4: a token sees its own company only; another company's record is 404, never 403", async () => {
    const s = testService();
    const a = await seed(s, 0);
    const tokenB = await loginAs(s, 1);
    for (const path of [`/order/${a.order.id}`, "/order/externalId/ORD-1", `/customer/${a.customer.id}`, `/order/${a.order.id}/intervention/${a.planned.id}`, `/material/${ids(0).material(1)}`]) {
      const r = await s.handle({ method: "GET", path, headers: bearer(tokenB) });
      expect([path, r.status, nameOf(r)]).toEqual([path, 404, "NotFound"]);
    }
    const b = await seed(s, 1);
    expect((await s.handle({ method: "GET", path: "/order/externalId/ORD-1", headers: bearer(tokenB) })).body).toMatchObject({ id: b.order.id });
  });

  it("AUTH-5: the default token source gives 256 random bits, base64url", async () => {
    const tokens = new Set(Array.from({ length: 1000 }, defaultNewToken));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const s = createFieldService({ fixture: testFixture() });
    const r = await s.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
    expect((r.body as { accessToken: string }).accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("AUTH-6: the acting user of API calls is the company's first Administrator", async () => {
    const s = testService();
    expect(s.companies.get(ids(0).company)!.apiUser.id).toBe(ids(0).admin);
  });

  it("GEN-8: a dry-run login issues a token that does not work", async () => {
    const s = testService();
    const r = await s.handle({ method: "POST", path: "/auth/login?dryRun=true", body: { tenantCode: "alpha", clientId: "client", secret: "secret-a" } });
    expect(r.status).toBe(200);
    const token = (r.body as { accessToken: string }).accessToken;
    expect((await s.handle({ method: "GET", path: `/material/${ids(0).material(1)}`, headers: bearer(token) })).status).toBe(401);
  });
});

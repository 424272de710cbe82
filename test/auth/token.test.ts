import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bearerToken, isTokenValid, TOKEN_LIFETIME_MS } from "../../src/auth/token.js";
import { checkCredentials, parseLoginRequest } from "../../src/auth/login.js";
import { apiUser } from "../../src/auth/owner.js";
import type { User } from "../../src/auth/user.js";
import { gid } from "../arbitraries/fixture.js";

describe("bearerToken", () => {
  it("AUTH-2: reads `Bearer <token>` from the authorization header, name and scheme in any case", () => {
    expect(bearerToken({ authorization: "Bearer abc" })).toBe("abc");
    expect(bearerToken({ AuThOrIzAtIoN: "bEaReR abc " })).toBe("abc");
    expect(bearerToken({ authorization: ["Bearer abc"] })).toBe("abc");
  });

  it("AUTH-2: a missing, repeated or malformed header gives no token", () => {
    for (const h of [undefined, null, 5, {}, { authorization: "" }, { authorization: "Bearer" }, { authorization: "Bearer a b" }, { authorization: "Basic abc" }, { authorization: ["Bearer a", "Bearer b"] }, { authorization: "Bearer a", Authorization: "Bearer a" }, { authorization: 7 }]) {
      expect(bearerToken(h)).toBeUndefined();
    }
  });

  it("AUTH-2: is total on any headers value", () => {
    fc.assert(fc.property(fc.anything(), (h) => {
      const t = bearerToken(h);
      expect(t === undefined || (typeof t === "string" && t.length > 0)).toBe(true);
    }));
  });
});

describe("isTokenValid", () => {
  it("AUTH-3: valid while now < issuedAt + 60 min, expired from that millisecond on", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: -1e7, max: 1e7 }), (issuedAt, delta) => {
      const now = issuedAt + TOKEN_LIFETIME_MS + delta;
      expect(isTokenValid({ token: "t", companyId: gid(1), issuedAt }, now)).toBe(delta < 0);
    }));
    expect(isTokenValid({ token: "t", companyId: gid(1), issuedAt: 0 }, 3_599_999)).toBe(true);
    expect(isTokenValid({ token: "t", companyId: gid(1), issuedAt: 0 }, 3_600_000)).toBe(false);
  });
});

describe("login rules", () => {
  const company = { id: gid(1), tenantCode: "acme", name: "ACME", clients: [{ clientId: "a", secret: "x" }, { clientId: "b", secret: "y" }] };

  it("AUTH-1: the three fields are required strings, all reported", () => {
    expect(parseLoginRequest({ tenantCode: "acme", clientId: "a", secret: "x" })).toEqual({ ok: true, value: { tenantCode: "acme", clientId: "a", secret: "x" } });
    const r = parseLoginRequest({ tenantCode: [], clientId: 2 });
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(["tenantCode", "clientId", "secret"]);
    fc.assert(fc.property(fc.anything(), (body) => { parseLoginRequest(body); }));
  });

  it("AUTH-1: credentials match exactly one client of the tenant", () => {
    expect(checkCredentials([company], { tenantCode: "acme", clientId: "b", secret: "y" })).toBe(company);
    expect(checkCredentials([company], { tenantCode: "acme", clientId: "a", secret: "y" })).toBeUndefined();
    expect(checkCredentials([company], { tenantCode: "acme", clientId: "a", secret: "x " })).toBeUndefined();
    expect(checkCredentials([company], { tenantCode: "Acme", clientId: "a", secret: "x" })).toBeUndefined();
  });

  it("AUTH-6: the API user is the first Administrator, whatever else comes before", () => {
    const u = (n: number, roles: User["roles"]): User => ({ id: gid(n), externalId: null, name: `u${n}`, roles, deactivated: false });
    expect(apiUser([u(1, ["Technik"]), u(2, ["Dispatcher", "Administrator"]), u(3, ["Administrator"])])?.id).toBe(gid(2));
    expect(apiUser([u(1, ["Technik"])])).toBeUndefined();
  });
});

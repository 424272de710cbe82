import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { issueStatus } from "../../src/api/problem.js";
import { authenticate, bearerToken, defaultNewToken, isTokenValid, TOKEN_LIFETIME_MS } from "../../src/auth/token.js";
import { digestSecrets } from "../../src/auth/secret.js";
import { login } from "../../src/auth/login.js";
import { gid } from "../../src/testing/arbitraries/records/fixture.js";

describe("bearerToken", () => {
  it("AUTH-2: reads `Bearer <token>` from the authorization header, name and scheme in any case", () => {
    expect(bearerToken({ authorization: "Bearer abc" })).toBe("abc");
    expect(bearerToken({ AuThOrIzAtIoN: "bEaReR abc " })).toBe("abc");
    expect(bearerToken({ authorization: ["Bearer abc"] })).toBe("abc");
  });

  it("AUTH-2: a missing, repeated or malformed header gives no token", () => {
    for (const h of [undefined, null, 5, {}, { authorization: "" }, { authorization: "Bearer" }, { authorization: "Bearer a b" }, { authorization: "Basic abc" }, { authorization: ["Bearer a", "Bearer b"] }, { authorization: "Bearer a", Authorization: "Bearer a" }, { authorization: 7 }, { authorization: "xBearer abc" }, { authorization: [["Bearer abc"]] }]) {
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

describe("authenticate", () => {
  const companyA = { name: "A" };
  const companyB = { name: "B" };
  const issued = { token: "t-a", companyId: gid(1), issuedAt: 0 };
  const table = {
    token: (text: string) => (text === issued.token ? issued : undefined),
    company: (id: string) => (id === gid(1) ? companyA : id === gid(2) ? companyB : undefined),
  };
  const code = (r: { ok: boolean; issues?: readonly { code: string }[] }) => (r.ok ? "ok" : r.issues?.[0]?.code);

  it("AUTH-2, AUTH-3: the two refusals say what to do: send a bearer header, or log in again", () => {
    const missing = { code: "NotAuthenticated", path: "", message: "Missing or malformed authorization header; send `authorization: Bearer <token>` (AUTH-2).", rule: "AUTH-2" };
    const stale = { code: "NotAuthenticated", path: "", message: "Unknown or expired token; log in again (AUTH-2, AUTH-3).", rule: "AUTH-2" };
    expect(authenticate({ authorization: "Basic t-a" }, table, 1)).toEqual({ ok: false, issues: [missing] });
    expect(authenticate({ authorization: "Bearer nope" }, table, 1)).toEqual({ ok: false, issues: [stale] });
    expect(authenticate({ authorization: "Bearer t-a" }, table, TOKEN_LIFETIME_MS)).toEqual({ ok: false, issues: [stale] });
  });

  it("AUTH-2: a missing, malformed, unknown or expired token is NotAuthenticated", () => {
    expect(code(authenticate(undefined, table, 1))).toBe("NotAuthenticated");
    expect(code(authenticate({ authorization: "Basic t-a" }, table, 1))).toBe("NotAuthenticated");
    expect(code(authenticate({ authorization: "Bearer nope" }, table, 1))).toBe("NotAuthenticated");
    expect(code(authenticate({ authorization: "Bearer t-a" }, table, TOKEN_LIFETIME_MS))).toBe("NotAuthenticated");
  });

  it("AUTH-3, AUTH-4: a valid token whose company is gone (removed from the storage) is refused like an unknown one", () => {
    const orphan = { token: "t-x", companyId: gid(9), issuedAt: 0 };
    const withOrphan = { token: (text: string) => (text === orphan.token ? orphan : table.token(text)), company: table.company };
    expect(authenticate({ authorization: "Bearer t-x" }, withOrphan, 1)).toEqual({
      ok: false,
      issues: [{ code: "NotAuthenticated", path: "", message: "Unknown or expired token; log in again (AUTH-2, AUTH-3).", rule: "AUTH-2" }],
    });
    expect(code(authenticate({ authorization: "Bearer t-a" }, withOrphan, 1))).toBe("ok");
  });

  it("AUTH-4: a valid token sees exactly its own company", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TOKEN_LIFETIME_MS - 1 }), (now) => {
        const r = authenticate({ Authorization: "bearer t-a" }, table, now);
        expect(r.ok && r.value.company).toBe(companyA);
      }),
    );
  });

  it("AUTH-1: login refuses a malformed body (400) and wrong credentials (403) before drawing a token", () => {
    const hasher = digestSecrets();
    const acme = { id: gid(1), tenantCode: "acme", name: "ACME", clients: [{ clientId: "c", secretHash: hasher.hash("s") }] };
    const never = () => {
      throw new Error("no token may be drawn for a refused login");
    };
    const malformed = login([acme], { tenantCode: 1 }, 0, never, hasher.verify);
    expect(malformed.ok ? [] : malformed.issues.map((i) => issueStatus(i.code))).toEqual([400, 400, 400]);
    const wrong = login([acme], { tenantCode: "acme", clientId: "c", secret: "x" }, 0, never, hasher.verify);
    expect(wrong.ok ? [] : wrong.issues.map((i) => issueStatus(i.code))).toEqual([403]);
    const right = login([acme], { tenantCode: "acme", clientId: "c", secret: "s" }, 5, () => "tok", hasher.verify);
    expect(right.ok && right.token).toEqual({ token: "tok", companyId: acme.id, issuedAt: 5, clientId: "c" });
  });
});

describe("defaultNewToken", () => {
  it("AUTH-5: 32 random bytes encoded as base64url without padding (43 characters)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const spy = vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(target: T): T => {
          (target as unknown as Uint8Array).set(bytes);
          return target;
        });
        try {
          expect(defaultNewToken()).toBe(Buffer.from(bytes).toString("base64url"));
        } finally {
          spy.mockRestore();
        }
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOGIN_THROTTLE, loginKeys, loginThrottle, nextFailureWindow, type FailureWindow } from "../../src/auth/throttle.js";

const W = LOGIN_THROTTLE.windowMs;

describe("login throttle", () => {
  it("CRD-2: the tenant and client key blocks at the limit, until the window ends, with Retry-After the seconds left", () => {
    expect(loginThrottle({ start: 0, failures: LOGIN_THROTTLE.client - 1 }, undefined, 1000, LOGIN_THROTTLE)).toBeUndefined();
    const blocked = loginThrottle({ start: 0, failures: LOGIN_THROTTLE.client }, undefined, 1000, LOGIN_THROTTLE);
    expect(blocked?.retryAfter).toBe(899);
    expect(blocked?.issues.map((i) => [i.code, i.rule])).toEqual([["TooManyLoginFailures", "CRD-2"]]);
    expect(loginThrottle({ start: 0, failures: 99 }, undefined, W - 1, LOGIN_THROTTLE)?.retryAfter).toBe(1);
    expect(loginThrottle({ start: 0, failures: 99 }, undefined, W, LOGIN_THROTTLE)).toBeUndefined();
  });

  it("CRD-3: the address key blocks at its own limit; both blocking name both rules and wait for the later end", () => {
    expect(loginThrottle(undefined, { start: 0, failures: LOGIN_THROTTLE.address - 1 }, 0, LOGIN_THROTTLE)).toBeUndefined();
    expect(loginThrottle(undefined, { start: 0, failures: LOGIN_THROTTLE.address }, 0, LOGIN_THROTTLE)?.issues.map((i) => i.rule)).toEqual(["CRD-3"]);
    const both = loginThrottle({ start: 0, failures: 10 }, { start: 60_000, failures: 50 }, 120_000, LOGIN_THROTTLE);
    expect(both?.issues.map((i) => i.rule)).toEqual(["CRD-2", "CRD-3"]);
    expect(both?.retryAfter).toBe((60_000 + W - 120_000) / 1000);
  });

  it("CRD-2: counting failures one by one blocks exactly from the limit-th failure within a window, never before", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 120_000 }), { minLength: 1, maxLength: 30 }), (gaps) => {
        let w: FailureWindow | undefined;
        let t = 0;
        for (const gap of gaps) {
          t += gap;
          const blocked = loginThrottle(w, undefined, t, LOGIN_THROTTLE) !== undefined;
          const inWindow = w !== undefined && t < w.start + W;
          expect(blocked).toBe(inWindow && (w as FailureWindow).failures >= LOGIN_THROTTLE.client);
          if (!blocked) w = nextFailureWindow(w, t, W);
          expect((w as FailureWindow).failures).toBeLessThanOrEqual(LOGIN_THROTTLE.client);
        }
      }),
    );
  });

  it("CRD-2, CRD-3: the keys are the tenant and client as sent, and the address when known", () => {
    expect(loginKeys({ tenantCode: "a", clientId: "b" }, undefined)).toEqual({ client: 'client:["a","b"]', address: undefined });
    expect(loginKeys({ tenantCode: "a\",\"b", clientId: "" }, "::1").client).not.toBe(loginKeys({ tenantCode: "a", clientId: "b\",\"" }, "::1").client);
    expect(loginKeys({ tenantCode: "a", clientId: "b" }, "::1").address).toBe("address:::1");
    expect(loginKeys({ tenantCode: "a", clientId: "b" }, "").address).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { bearer, loginAs, nameOf, seed, testService } from "./support.js";

const G1 = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

describe("routing through handle", () => {
  it("GEN-2: both ID forms reach the same record; a method in any case works", async () => {
    const s = testService();
    const { order } = await seed(s, 0);
    const token = await loginAs(s, 0);
    const a = await s.handle({ method: "get", path: `/order/${order.id.toUpperCase()}`, headers: bearer(token) });
    const b = await s.handle({ method: "GET", path: "/order/externalId/ORD-1", headers: bearer(token) });
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
  });

  it("GEN-2: an unknown GUID or external ID is 404 NotFound", async () => {
    const s = testService();
    await seed(s, 0);
    const token = await loginAs(s, 0);
    for (const path of [`/order/${G1}`, "/order/externalId/ORD-9", "/customer/externalId/ORD-1", "/order/123"]) {
      const r = await s.handle({ method: "GET", path, headers: bearer(token) });
      expect([path, r.status, nameOf(r)]).toEqual([path, 404, "NotFound"]);
    }
  });

  it("ERR-2: 405 MethodNotAllowed and 404 come before authentication", async () => {
    const s = testService();
    expect(nameOf(await s.handle({ method: "DELETE", path: `/order/${G1}` }))).toBe("MethodNotAllowed");
    expect((await s.handle({ method: "DELETE", path: `/order/${G1}` })).status).toBe(405);
    expect((await s.handle({ method: "GET", path: "/nowhere" })).status).toBe(404);
    expect((await s.handle({ method: "GET", path: `/order/${G1}` })).status).toBe(401);
  });

  it("GEN-2, AUTH-2: a write checks the token and the path's records before its handler runs", async () => {
    const s = testService();
    const { order } = await seed(s, 0);
    const token = await loginAs(s, 0);
    expect((await s.handle({ method: "PUT", path: `/order/${order.id}/cancel`, body: {} })).status).toBe(401);
    expect((await s.handle({ method: "PUT", path: `/order/${G1}/cancel`, headers: bearer(token), body: {} })).body).toMatchObject({ name: "NotFound", errors: [{ message: expect.stringContaining("No order") }] });
    expect((await s.handle({ method: "PUT", path: `/order/${order.id}/cancel`, headers: bearer(token), body: {} })).status).toBe(204);
  });

  it("a dryRun value other than true or false on a write is 400", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const r = await s.handle({ method: "POST", path: "/customer?dryRun=yes", headers: bearer(token), body: {} });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ path: "dryRun", code: "InvalidEnum" }] });
  });
});

import { describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";
import { validateFixture } from "../../src/service/fixture.js";

describe("demonstration fixture", () => {
  it("is valid by the service's own fixture validation", () => {
    expect(validateFixture(demoFixture)).toEqual([]);
  });

  it("has two companies, each with an Administrator, a dispatcher, technicians, 20 Czech-named materials and finite and unlimited stock", () => {
    expect(demoFixture.companies).toHaveLength(2);
    for (const c of demoFixture.companies) {
      const roles = c.users.flatMap((u) => u.roles);
      expect(roles).toEqual(expect.arrayContaining(["Administrator", "Dispatcher", "Technik"]));
      expect(c.materials.map((m) => m.name)).toEqual(expect.arrayContaining(["Šroub M6", "Řídicí jednotka RJ-200", "Žárovka LED 9 W"]));
      expect(c.materials).toHaveLength(20);
      const amounts = c.stores.flatMap((s) => s.stock ?? []).map((i) => i.amount);
      expect(amounts).toContain(null);
      expect(amounts.some((a) => typeof a === "number")).toBe(true);
      expect(c.catalogs.interventionCategories.some((k) => (k.forms ?? []).length > 0)).toBe(true);
    }
  });

  it("AUTH-1: the credentials main.ts prints log in", () => {
    const s = createFieldService({ fixture: demoFixture });
    for (const c of demoFixture.companies) {
      const client = c.clients[0]!;
      const r = s.handle({ method: "POST", path: "/auth/login", body: { tenantCode: c.tenantCode, clientId: client.clientId, secret: client.secret } });
      expect(r.status).toBe(200);
    }
  });
});

import { describe, expect, it } from "vitest";
import { createServiceCore } from "../../../src/service/create.js";
import { demoFixture } from "../../../src/service/demo-fixture.js";
import { ids } from "../../../src/testing/arbitraries/records/fixture.js";
import { adapter, bearer, company, snapshot, stockOf } from "../support.js";
import { client, codesOf, serviceWith } from "../wiring-support.js";

const A = ids(0);
const S1 = A.store(1);
const S2 = A.store(2);
const M1 = A.material(1);
const M2 = A.material(2);
const M3 = A.material(3);

interface Detail {
  id: string; externalId: string | null; name: string; availableFor: string[];
  materials: { items: { materialId: string; name: string; amount: number | null }[]; page: number; pageSize: number; totalCount: number };
}

async function setup() {
  const s = serviceWith((a) => {
    a.stores[1]!.externalId = "S2";
  });
  const send = await client(s, 0);
  const state = company(s, 0);
  const detail = async (path: string): Promise<Detail> => {
    const r = await send("GET", path);
    expect(r.status, path).toBe(200);
    return r.body as Detail;
  };
  /** (material, amount) pairs of a page, in the order listed. */
  const rows = async (path: string): Promise<[string, number | null][]> => (await detail(path)).materials.items.map((i) => [i.materialId, i.amount]);
  return { s, send, state, detail, rows };
}

describe("GET /store/{id}", () => {
  it("STO-6: the detail has exactly the contract's shape; both ID forms answer the same", async () => {
    const { send, detail } = await setup();
    const d = await detail(`/store/${S1}?page=1&pageSize=1`);
    expect(d).toEqual({
      id: S1, externalId: "S1", name: "Sklad", availableFor: [A.tech1, A.tech2],
      materials: {
        items: [{
          materialId: M2, materialExternalId: "M2", name: "Kabel CYKY", identificationNumber: null, supplierCode: null, unit: "Meters", price: 0, amount: null,
          materialCategoryId: A.category(7), materialCategoryName: "ELEKTRO", materialSupplierId: A.category(8), materialSupplierName: "FERONA",
        }],
        page: 1, pageSize: 1, totalCount: 2,
      },
    });
    expect(await send("GET", "/store/externalId/S1?page=1&pageSize=1")).toEqual(await send("GET", `/store/${S1}?page=1&pageSize=1`));
  });

  it("STO-6: a page past the end has no items and the true totalCount", async () => {
    const { detail } = await setup();
    expect((await detail(`/store/${S1}?page=3&pageSize=1`)).materials).toEqual({ items: [], page: 3, pageSize: 1, totalCount: 2 });
  });

  it("STO-2: the integration client acts as Administrator and sees a store available to nobody", async () => {
    const { detail } = await setup();
    expect(await detail(`/store/${S2}?page=1&pageSize=10`)).toMatchObject({ id: S2, availableFor: [], materials: { items: [], totalCount: 0 } });
  });

  it("STO-3: page and pageSize are required and bounded, sort values are enums, filters take GUIDs, every issue is reported", async () => {
    const { send } = await setup();
    const r = await send("GET", `/store/${S1}?page=0&pageSize=201&sortBy=colour&sortOrder=up&materialCategoryId=elektro`);
    expect(r.status).toBe(400);
    expect((r.body as { errors: { code: string; path: string }[] }).errors.map((e) => `${e.code}@${e.path}`)).toEqual([
      "OutOfRange@page", "OutOfRange@pageSize", "InvalidEnum@sortBy", "InvalidEnum@sortOrder", "InvalidGuid@materialCategoryId",
    ]);
    expect(codesOf(await send("GET", `/store/${S1}`))).toEqual(["Required", "Required"]);
  });

  it("STO-4, STO-3: search ignores case and diacritics; filters by category and supplier GUIDs", async () => {
    const { rows } = await setup();
    expect(await rows(`/store/${S1}?page=1&pageSize=5&searchPhrase=SROUB`)).toEqual([[M1, 10]]);
    expect(await rows(`/store/${S1}?page=1&pageSize=5&materialCategoryId=${A.category(7)}&materialSupplierId=${A.category(8)}`)).toHaveLength(2);
    expect(await rows(`/store/${S1}?page=1&pageSize=5&materialSupplierId=${A.category(1)}`)).toEqual([]);
  });

  it("STO-5: unlimited sorts above every number; ties break by name", async () => {
    const { rows } = await setup();
    expect(await rows(`/store/${S1}?page=1&pageSize=5&sortBy=amount&sortOrder=descend`)).toEqual([[M2, null], [M1, 10]]);
    expect(await rows(`/store/${S1}?page=1&pageSize=5&sortBy=amount`)).toEqual([[M1, 10], [M2, null]]);
  });
});

describe("the company's locale on every storage (issue 21)", () => {
  // The names sort apart under numeric collation (1, 9, 10) and under plain collation (1, 10, 9).
  const numbered = (locale: string) =>
    serviceWith((a) => {
      a.settings = { ...a.settings, locale };
      a.materials = a.materials.map((m, i) => ({ ...m, name: `Šroub ${["10", "9", "1"][i]}` }));
      a.stores[0]!.stock = a.materials.map((m) => ({ materialId: m.id, amount: 1 }));
    });

  it("STO-5: a locale with a Unicode extension that Intl accepts (cs-u-kn: numeric) is served, and sorts alike, in memory and on PostgreSQL", async () => {
    const send = await client(numbered("cs-u-kn"), 0);
    const names = async (order: string): Promise<string[]> =>
      ((await send("GET", `/store/${S1}?page=1&pageSize=10&sortBy=name&sortOrder=${order}`)).body as Detail).materials.items.map((i) => i.name);
    expect(await names("ascend")).toEqual(["Šroub 1", "Šroub 9", "Šroub 10"]);
    expect(await names("descend")).toEqual(["Šroub 10", "Šroub 9", "Šroub 1"]);
  });

  it("STO-5: without the extension the same names sort as text (the extension is what changed the order)", async () => {
    const send = await client(numbered("cs"), 0);
    const r = await send("GET", `/store/${S1}?page=1&pageSize=10&sortBy=name`);
    expect((r.body as Detail).materials.items.map((i) => i.name)).toEqual(["Šroub 1", "Šroub 10", "Šroub 9"]);
  });
});

describe("the store listing follows stock changes through handle", () => {
  it("STO-5, STO-6: add, remove, set and move show in the listing at once, with the amount order kept", async () => {
    const { send, rows } = await setup();
    expect((await send("POST", `/store/${S1}/addToStore`, [{ materialId: M3, amount: 50 }])).status).toBe(201);
    const byAmount = `/store/${S1}?page=1&pageSize=10&sortBy=amount`;
    expect(await rows(byAmount)).toEqual([[M1, 10], [M3, 50], [M2, null]]);
    expect((await send("PUT", `/store/${S1}/removeMaterial`, [{ materialId: M3, amount: 45 }])).status).toBe(204);
    expect(await rows(byAmount)).toEqual([[M3, 5], [M1, 10], [M2, null]]);
    expect((await send("PUT", "/store/externalId/S1/setMaterialAmounts", [{ materialId: "M1", amount: 0 }, { materialId: M3 }])).status).toBe(204);
    expect(await rows(byAmount)).toEqual([[M1, 0], [M2, null], [M3, null]]);
    expect((await send("PUT", `/store/${S1}/moveTo/${S2}`, [{ materialId: M2, amount: 7 }])).status).toBe(204);
    expect(await rows(`/store/externalId/S2?page=1&pageSize=10`)).toEqual([[M2, 7]]);
    expect(await rows(`/store/${S1}?page=1&pageSize=1&searchPhrase=kabel`)).toEqual([[M2, null]]);
  });

  it("GEN-8: a refused or dry-run stock change leaves the listing as it was", async () => {
    const { send, rows, state } = await setup();
    const page = await rows(`/store/${S1}?page=1&pageSize=10&sortBy=amount`);
    const listing = state.listings.get(S1);
    expect((await send("PUT", `/store/${S1}/removeMaterial`, [{ materialId: M1, amount: 1 }, { materialId: M3, amount: 1 }])).status).toBe(400);
    expect((await send("POST", `/store/${S1}/addToStore?dryRun=true`, [{ materialId: M1, amount: 5 }])).status).toBe(201);
    expect(state.listings.get(S1)).toBe(listing);
    expect(await rows(`/store/${S1}?page=1&pageSize=10&sortBy=amount`)).toEqual(page);
  });

  it("the stock the stock handlers read is the listing's own (one holder, never out of step)", async () => {
    const { send, state } = await setup();
    expect((await send("POST", `/store/${S2}/addToStore`, [{ materialId: M1, amount: 2 }])).status).toBe(201);
    expect((await stockOf(state, S2)).map(([m]) => m)).toEqual([M1]);
    if (adapter === "memory") expect(state.listings.get(S2)!.size).toBe(1);
    expect((await send("GET", `/store/${S2}?page=1&pageSize=10`)).body).toMatchObject({ materials: { totalCount: 1, items: [{ materialId: M1, amount: 2 }] } });
  });
});

describe("PUT /store/{id}", () => {
  it("STO-1: replaces name, external ID and availableFor (users by GUID or external ID); the stock is untouched; both ID forms", async () => {
    const { send, detail } = await setup();
    const before = (await detail(`/store/${S1}?page=1&pageSize=10`)).materials;
    expect(await send("PUT", "/store/externalId/S1", { name: "Hlavní sklad", externalId: "HS", availableFor: ["t2", A.tech1, "t2"] })).toEqual({ status: 204, effects: [] });
    expect(await detail("/store/externalId/HS?page=1&pageSize=10")).toEqual({ id: S1, externalId: "HS", name: "Hlavní sklad", availableFor: [A.tech2, A.tech1], materials: before });
    expect((await send("GET", "/store/externalId/S1?page=1&pageSize=10")).status).toBe(404);
    expect((await send("PUT", `/store/${S1}`, { name: "Bez ID", availableFor: [] })).status).toBe(204);
    expect(await detail(`/store/${S1}?page=1&pageSize=10`)).toMatchObject({ externalId: null, availableFor: [], materials: before });
  });

  it("STO-1, GEN-4, GEN-8: an unknown user, a missing name or another store's external ID is refused and changes nothing", async () => {
    const { send, state, detail } = await setup();
    const before = await snapshot(state);
    const read = await detail(`/store/${S1}?page=1&pageSize=10`);
    const r = await send("PUT", `/store/${S1}`, { availableFor: ["t1", "nobody"] });
    expect(r.status).toBe(400);
    expect((r.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(["name"]);
    expect((await send("PUT", `/store/${S1}`, { name: "x", availableFor: ["t1", "nobody"] })).body).toMatchObject({ errors: [{ code: "UnknownReference", path: "availableFor[1]" }] });
    expect(codesOf(await send("PUT", `/store/${S1}`, { name: "x", externalId: "S2", availableFor: [] }))).toEqual(["DuplicateExternalId"]);
    expect(await snapshot(state)).toEqual(before);
    expect(await detail(`/store/${S1}?page=1&pageSize=10`)).toEqual(read);
  });

  it("GEN-8: a dry-run replace answers 204 and commits nothing", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    expect(await send("PUT", `/store/${S1}?dryRun=true`, { name: "Dry", availableFor: [] })).toEqual({ status: 204, effects: [], dryRun: true });
    expect(await snapshot(state)).toEqual(before);
  });
});

describe("the demonstration fixture", () => {
  it("STO-4, STO-5: a Czech search phrase and cs collation over the demo store (Hadice before Chladivo)", async () => {
    const s = createServiceCore({ fixture: demoFixture, now: () => new Date("2026-05-01T08:00:00Z") });
    const login = await s.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
    const token = (login.body as { accessToken: string }).accessToken;
    const get = async (q: string) => (await s.handle({ method: "GET", path: `/store/externalId/centralni-sklad?${q}`, headers: bearer(token) })).body as Detail;
    expect((await get("page=1&pageSize=5&searchPhrase=%C5%A1roub")).materials.items.map((i) => i.name)).toEqual(["Šroub M6", "Šroub M8"]);
    const all = (await get("page=1&pageSize=200")).materials.items.map((i) => i.name);
    expect(all.indexOf("Hadice 3/4\"")).toBeLessThan(all.indexOf("Chladivo R32"));
    expect(all.indexOf("Chladivo R410A")).toBeLessThan(all.indexOf("Izolace potrubí 22 mm"));
    expect((await get("page=1&pageSize=200")).materials.totalCount).toBe(20);
  });
});

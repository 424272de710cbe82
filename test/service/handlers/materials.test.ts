import { describe, expect, it } from "vitest";
import { ids } from "../../../src/testing/arbitraries/records/fixture.js";
import { adapter, company, snapshot } from "../support.js";
import { client, codesOf, serviceWith } from "../wiring-support.js";

const A = ids(0);
const M1 = A.material(1);
const M2 = A.material(2);
const S1 = A.store(1);

async function setup() {
  const s = serviceWith();
  const send = await client(s, 0);
  const state = company(s, 0);
  /** Names of store 1's listing page, in the order asked. */
  const names = async (query = "page=1&pageSize=50"): Promise<string[]> => {
    const r = await send("GET", `/store/${S1}?${query}`);
    expect(r.status).toBe(200);
    return (r.body as { materials: { items: { name: string }[] } }).materials.items.map((i) => i.name);
  };
  return { s, send, state, names };
}

describe("PUT /material/{id}", () => {
  it("MAT-1: replaces the whole definition; unit and price default, other fields left out become null, the external ID stays; both ID forms", async () => {
    const { send } = await setup();
    expect(await send("PUT", `/material/${M1}`, { name: "Šroub M8", categoryId: "elektro", supplierId: A.category(8), unit: "Kilograms", price: 3.25, costPrice: 1, description: "nerez" })).toEqual({ status: 204, effects: [] });
    expect((await send("GET", "/material/externalId/M1")).body).toEqual({
      id: M1, externalId: "M1", name: "Šroub M8", categoryId: A.category(7), supplierId: A.category(8), identificationNumber: null,
      description: "nerez", supplierCode: null, unit: "Kilograms", price: 3.25, costPrice: 1,
    });
    expect((await send("PUT", "/material/externalId/M1", { name: "Šroub", categoryId: "elektro", supplierId: "ferona", externalId: "IGNORED" })).status).toBe(204);
    expect((await send("GET", `/material/${M1}`)).body).toEqual({
      id: M1, externalId: "M1", name: "Šroub", categoryId: A.category(7), supplierId: A.category(8), identificationNumber: null,
      description: null, supplierCode: null, unit: "Amounts", price: 0, costPrice: null,
    });
  });

  it("MAT-1, MAT-2, MAT-3, GEN-8: a bad body lists every issue and changes nothing, read back", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    const readBefore = (await send("GET", `/material/${M1}`)).body;
    const r = await send("PUT", `/material/${M1}`, { categoryId: "nope", supplierId: "ferona", unit: "Boxes", price: -1 });
    expect(r.status).toBe(400);
    expect(r.effects).toEqual([]);
    expect((r.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(["name", "price", "unit"]);
    expect(codesOf(await send("PUT", `/material/${M1}`, { name: "x", categoryId: "nope", supplierId: "nope" }))).toEqual(["UnknownReference", "UnknownReference"]);
    expect((await send("GET", `/material/${M1}`)).body).toEqual(readBefore);
    expect(await snapshot(state)).toEqual(before);
  });

  it("MAT-4, GEN-2: there is no material creation; an unknown material is 404", async () => {
    const { send } = await setup();
    expect((await send("PUT", `/material/${A.material(9)}`, { name: "x", categoryId: "elektro", supplierId: "ferona" })).status).toBe(404);
    expect((await send("PUT", "/material/externalId/M9", { name: "x", categoryId: "elektro", supplierId: "ferona" })).status).toBe(404);
    expect((await send("POST", "/material", { name: "x" })).status).toBe(404);
  });

  it("STO-5: a rename re-sorts the listing of every store stocking the material, and search finds the new name only", async () => {
    const { send, names } = await setup();
    expect(await names()).toEqual(["Kabel CYKY", "Šroub M6"]);
    expect((await send("PUT", `/material/${M1}`, { name: "Anténa", categoryId: "elektro", supplierId: "ferona", price: 2.5 })).status).toBe(204);
    expect(await names()).toEqual(["Anténa", "Kabel CYKY"]);
    expect(await names("page=1&pageSize=5&searchPhrase=ANTENA")).toEqual(["Anténa"]);
    expect(await names("page=1&pageSize=5&searchPhrase=%C5%A1roub")).toEqual([]);
  });

  it("STO-5: the company collation applies after a rename (cs: ch after h)", async () => {
    const { send, names } = await setup();
    expect((await send("PUT", `/material/${M1}`, { name: "Chladič", categoryId: "elektro", supplierId: "ferona" })).status).toBe(204);
    expect((await send("PUT", `/material/${M2}`, { name: "Hadice", categoryId: "elektro", supplierId: "ferona", unit: "Meters" })).status).toBe(204);
    expect(await names()).toEqual(["Hadice", "Chladič"]);
    expect(await names("page=1&pageSize=5&sortOrder=descend")).toEqual(["Chladič", "Hadice"]);
  });

  it("STO-4: a new supplier code and price show in the listing at once (price sort, code search)", async () => {
    const { send, names } = await setup();
    expect((await send("PUT", `/material/${M2}`, { name: "Kabel CYKY", categoryId: "elektro", supplierId: "ferona", unit: "Meters", price: 99, supplierCode: "KAB-7" })).status).toBe(204);
    expect(await names("page=1&pageSize=5&sortBy=price&sortOrder=descend")).toEqual(["Kabel CYKY", "Šroub M6"]);
    expect(await names("page=1&pageSize=5&searchPhrase=kab-7")).toEqual(["Kabel CYKY"]);
  });

  it("a change the listing does not show (description, cost price) keeps the store listing as it was", async () => {
    const { send, state } = await setup();
    // In memory the kept index itself is not rebuilt; on any storage the page stays the same.
    const memory = adapter === "memory";
    const listing = state.listings.get(S1);
    const page = (await send("GET", `/store/${S1}?page=1&pageSize=50`)).body;
    expect((await send("PUT", `/material/${M1}`, { name: "Šroub M6", categoryId: "elektro", supplierId: "ferona", price: 2.5, costPrice: 9, description: "nový popis" })).status).toBe(204);
    if (memory) expect(state.listings.get(S1)).toBe(listing);
    expect((await send("PUT", `/material/${M1}`, { name: "Šroub M6", categoryId: "elektro", supplierId: "ferona", price: 2.50 })).status).toBe(204);
    if (memory) expect(state.listings.get(S1)).toBe(listing);
    expect((await send("GET", `/store/${S1}?page=1&pageSize=50`)).body).toEqual(page);
    expect((await send("PUT", `/material/${M1}`, { name: "Šroub M6", categoryId: "elektro", supplierId: "ferona", price: 2.6 })).status).toBe(204);
    if (memory) expect(state.listings.get(S1)).not.toBe(listing);
    expect((await send("GET", `/store/${S1}?page=1&pageSize=50`)).body).not.toEqual(page);
  });

  it("GEN-8: a dry-run rename answers 204 and leaves the material and the listing as they were", async () => {
    const { send, state, names } = await setup();
    const before = await snapshot(state);
    const listing = state.listings.get(S1);
    expect(await send("PUT", `/material/${M1}?dryRun=true`, { name: "Anténa", categoryId: "elektro", supplierId: "ferona" })).toEqual({ status: 204, effects: [], dryRun: true });
    expect(await snapshot(state)).toEqual(before);
    if (adapter === "memory") expect(state.listings.get(S1)).toBe(listing);
    expect(await names()).toEqual(["Kabel CYKY", "Šroub M6"]);
  });
});

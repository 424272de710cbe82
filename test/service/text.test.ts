// TXT-1 and TXT-2 through the service, on the storage under test (the PostgreSQL project runs
// this file too): whatever memory refuses, PostgreSQL refuses alike, and nothing is written.
import { describe, expect, it } from "vitest";
import { ids } from "../../src/testing/arbitraries/records/fixture.js";
import { company, snapshot } from "./support.js";
import { client, codesOf, serviceWith } from "./wiring-support.js";

const A = ids(0);
const M1 = A.material(1);
const S1 = A.store(1);

const customer = (externalId: string, name = "Pekárna"): Record<string, unknown> => ({
  externalId, name, identificationNumber: "27074358", contactPeople: [{ firstName: "Jana" }], addresses: [{ city: "Brno" }],
});

async function setup() {
  const s = serviceWith();
  return { send: await client(s, 0), state: company(s, 0) };
}

describe("storable text through the service (TXT-1)", () => {
  const unstorable = ["a\u0000b", "\u0000", "x\uD800", "\uDC00y", "\uDFFF\uD800"];

  it("TXT-1, GEN-8: a material whose name, identification number or description holds U+0000 or an unpaired surrogate is 400 InvalidText at each path; nothing changes", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    for (const bad of unstorable) {
      const r = await send("PUT", `/material/${M1}`, { name: bad, categoryId: "elektro", supplierId: "ferona", identificationNumber: bad, description: bad });
      expect(r.status).toBe(400);
      expect((r.body as { errors: { code: string; path: string }[] }).errors.map((e) => `${e.code}@${e.path}`).sort()).toEqual([
        "InvalidText@description", "InvalidText@identificationNumber", "InvalidText@name",
      ]);
    }
    expect(await snapshot(state)).toEqual(before);
  });

  it("TXT-1: a paired surrogate (an emoji) and every other character are kept exactly, read back from the storage", async () => {
    const { send } = await setup();
    const name = "Šroub 🔩 \u200b\uFFFD\u0001 ch";
    expect((await send("PUT", `/material/${M1}`, { name, categoryId: "elektro", supplierId: "ferona" })).status).toBe(204);
    expect((await send("GET", `/material/${M1}`)).body).toMatchObject({ name });
  });

  it("TXT-1, GEN-4: two external IDs that differ only in an unpaired surrogate are both refused, so no storage can merge them; the well-formed one is created once", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    for (const externalId of ["C-\uD800", "C-\uD801", "C-\u0000"]) expect(codesOf(await send("POST", "/customer", customer(externalId)))).toEqual(["InvalidText"]);
    expect(await snapshot(state)).toEqual(before);
    expect((await send("POST", "/customer", customer("C-\uD83D\uDD29"))).status).toBe(201);
    expect(codesOf(await send("POST", "/customer", customer("C-\uD83D\uDD29")))).toEqual(["DuplicateExternalId"]);
  });

  it("TXT-1: a search phrase holding U+0000 is 400 InvalidText at searchPhrase", async () => {
    const { send } = await setup();
    const r = await send("GET", `/store/${S1}?page=1&pageSize=5&searchPhrase=a%00b`);
    expect(r.status).toBe(400);
    expect((r.body as { errors: unknown[] }).errors).toEqual([{ code: "InvalidText", path: "searchPhrase", message: expect.stringContaining("TXT-1"), rule: "TXT-1" }]);
  });
});

describe("a material's external ID holding a backslash", () => {
  // Other records' keys are escaped where stored (`storedKey`: `\` and U+0000); a material's is
  // its own column, stored as sent (`materialKey`). Until 30 November PostgreSQL looked a
  // material up by the escaped form, so one whose key held `\` was never found there.
  const keys = ["M\\1", "M\\0", "\\\\"];
  async function withKeys() {
    const s = serviceWith((a) => {
      a.materials = a.materials.map((m, i) => ({ ...m, externalId: keys[i] ?? `M-${i}` }));
      // A store's key with a backslash too: stored escaped, unlike a material's, and found by it.
      a.stores = a.stores.map((x, i) => ({ ...x, ...(i === 0 ? { externalId: "S\\1" } : {}), stock: [] }));
    });
    return { send: await client(s, 0), state: company(s, 0) };
  }

  it("GEN-2, GEN-3, STK-1: each is read, edited and stocked by its external ID, on every storage, in a store found by `S\\1` (stored escaped, as a material's key is not), and `M\\0` is not taken for U+0000", async () => {
    const { send } = await withKeys();
    for (const [i, key] of keys.entries()) {
      const path = `/material/externalId/${encodeURIComponent(key)}`;
      expect((await send("GET", path)).body).toMatchObject({ id: A.material(i + 1), externalId: key });
      expect((await send("PUT", path, { name: `Materiál ${i}`, categoryId: "elektro", supplierId: "ferona" })).status).toBe(204);
      expect((await send("GET", `/material/${A.material(i + 1)}`)).body).toMatchObject({ externalId: key, name: `Materiál ${i}` });
    }
    const set = await send("PUT", `/store/externalId/${encodeURIComponent("S\\1")}/setMaterialAmounts`, keys.map((materialId, i) => ({ materialId, amount: i + 1 })));
    expect(set.status).toBe(204);
    const detail = (await send("GET", `/store/${S1}?page=1&pageSize=10&sortBy=amount`)).body as { materials: { items: { materialId: string; materialExternalId: string; amount: number }[] } };
    expect(detail.materials.items.map((x) => [x.materialExternalId, x.amount])).toEqual(keys.map((key, i) => [key, i + 1]));
  });

  it("GEN-2, TXT-1: a key holding U+0000 or an unpaired surrogate names no material: 404 by path, InvalidText in a body; nothing changes", async () => {
    const { send, state } = await withKeys();
    const before = await snapshot(state);
    for (const segment of ["M%00", "M%ED%A0%80", "M\uD800"]) expect([segment, (await send("GET", `/material/externalId/${segment}`)).status]).toEqual([segment, 404]);
    for (const key of ["M\u0000", "M\uD800"]) expect(codesOf(await send("PUT", `/store/${S1}/setMaterialAmounts`, [{ materialId: key, amount: 1 }]))).toEqual(["InvalidText"]);
    expect(await snapshot(state)).toEqual(before);
  });
});

describe("external IDs a URL can carry (TXT-2)", () => {
  it("TXT-2, GEN-8: \".\" and \"..\" are refused as the external ID of a customer, its nested elements, an order, an intervention and a store; nothing changes", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    for (const bad of [".", ".."]) {
      expect(codesOf(await send("POST", "/customer", customer(bad)))).toEqual(["InvalidExternalId"]);
      const nested = { ...customer("C-1"), contactPeople: [{ externalId: bad, firstName: "Jana" }], addresses: [{ externalId: bad, city: "Brno" }] };
      expect((await send("POST", "/customer", nested)).body).toMatchObject({
        errors: [{ code: "InvalidExternalId", path: "contactPeople[0].externalId" }, { code: "InvalidExternalId", path: "addresses[0].externalId" }],
      });
      expect(codesOf(await send("PUT", `/store/${S1}`, { name: "Sklad", availableFor: [], externalId: bad }))).toEqual(["InvalidExternalId"]);
    }
    expect(await snapshot(state)).toEqual(before);
    // "..." and ". ." are ordinary IDs: URL resolution leaves them alone.
    expect((await send("POST", "/customer", customer("..."))).status).toBe(201);
    expect((await send("GET", "/customer/externalId/...")).status).toBe(200);
  });

  it("TXT-2, GEN-2: a path whose external-ID segment no external ID can be (\"..\" sent raw, U+0000, blank) is 404 and changes nothing", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    for (const path of ["/order/externalId/../cancel", "/order/externalId/%2e%2e/cancel", "/customer/externalId/%00", "/store/externalId/%20", "/order/externalId/./complete"]) {
      const r = await send(path.endsWith("cancel") || path.endsWith("complete") ? "PUT" : "GET", path);
      expect([path, r.status]).toEqual([path, 404]);
    }
    expect(await snapshot(state)).toEqual(before);
  });
});

import { describe, expect, it } from "vitest";
import type { Guid } from "../../../src/shared/guid.js";
import { amountToJson } from "../../../src/stock/amount.js";
import { ids } from "../../../src/testing/arbitraries/records/fixture.js";
import { company, snapshot, stockOf, previewOf } from "../support.js";
import { client, codesOf, serviceWith } from "../wiring-support.js";

const A = ids(0);
const S1 = A.store(1);
const S2 = A.store(2);
const M1 = A.material(1);
const M2 = A.material(2);
const M3 = A.material(3);

/** Store 1 (`S1`): M1 = 10, M2 unlimited; store 2 (`S2`): empty. */
async function setup() {
  const s = serviceWith((a) => {
    a.stores[1]!.externalId = "S2";
  });
  const send = await client(s, 0);
  const state = company(s, 0);
  /** A store's stock as JSON amounts, in stocking order. */
  const stock = (store: Guid): Promise<[string, number | null][]> => stockOf(state, store);
  return { s, send, state, stock };
}

describe("addToStore", () => {
  it("STK-2: add answers 201 with the resulting amounts of the touched materials, in the order first touched; both ID forms", async () => {
    const { send, stock } = await setup();
    const r = await send("POST", `/store/${S1}/addToStore`, [{ materialId: "M1", amount: 2.5 }, { materialId: M3, amount: 1 }, { materialId: M2, amount: 5 }]);
    expect(r).toEqual({ status: 201, body: { items: [{ materialId: M1, amount: 12.5 }, { materialId: M3, amount: 1 }, { materialId: M2, amount: null }] }, effects: [] });
    expect(await stock(S1)).toEqual([[M1, 12.5], [M2, null], [M3, 1]]);
    const twin = await send("POST", "/store/externalId/S1/ADDTOSTORE", [{ materialId: M3, amount: 0.1 }, { materialId: M3, amount: 0.2 }]);
    expect(twin.status).toBe(201);
    expect(twin.body).toEqual({ items: [{ materialId: M3, amount: 1.3 }] });
  });

  it("STK-1: an absent or null amount on add means unlimited, and INF absorbs what is added later", async () => {
    const { send, stock } = await setup();
    expect((await send("POST", `/store/${S2}/addToStore`, [{ materialId: "M1" }, { materialId: M3, amount: null }])).body).toEqual({ items: [{ materialId: M1, amount: null }, { materialId: M3, amount: null }] });
    expect((await send("POST", `/store/${S2}/addToStore`, [{ materialId: "M1", amount: 4 }])).body).toEqual({ items: [{ materialId: M1, amount: null }] });
    expect(await stock(S2)).toEqual([[M1, null], [M3, null]]);
  });

  it("STK-6, GEN-8, GEN-9: one bad item rejects the whole batch, every bad item is reported with its path, nothing changes", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    const r = await send("POST", `/store/${S1}/addToStore`, [{ materialId: "M1", amount: 1 }, { materialId: "nope", amount: 1 }, { materialId: M3, amount: -2 }, { materialId: M3, amount: "7" }]);
    expect(r.status).toBe(400);
    expect(r.effects).toEqual([]);
    expect((r.body as { errors: { code: string; path: string }[] }).errors.map((e) => e.path)).toEqual(["[2].amount", "[3].amount"]);
    const unknown = await send("POST", `/store/${S1}/addToStore`, [{ materialId: "M1", amount: 1 }, { materialId: "nope", amount: 1 }]);
    expect(unknown.body).toMatchObject({ errors: [{ code: "UnknownReference", path: "[1].materialId" }] });
    expect(codesOf(await send("POST", `/store/${S1}/addToStore`, { materialId: "M1" }))).toEqual(["InvalidType"]);
    expect(await snapshot(state)).toEqual(before);
  });
});

describe("removeMaterial", () => {
  it("STK-3: remove floors at 0 and keeps the material listed; INF - X = INF; all of INF is 0; 204", async () => {
    const { send, stock } = await setup();
    const r = await send("PUT", `/store/${S1}/removeMaterial`, [{ materialId: "M1", amount: 4 }, { materialId: "M1", amount: 100 }, { materialId: M2, amount: 3 }]);
    expect(r).toEqual({ status: 204, effects: [] });
    expect(await stock(S1)).toEqual([[M1, 0], [M2, null]]);
    expect((await send("PUT", "/store/externalId/S1/removematerial", [{ materialId: "M2" }])).status).toBe(204);
    expect(await stock(S1)).toEqual([[M1, 0], [M2, 0]]);
  });

  it("STK-3: removing a material the store does not hold is 400 NotStocked and the batch changes nothing", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    const r = await send("PUT", `/store/${S1}/removeMaterial`, [{ materialId: "M1", amount: 1 }, { materialId: M3, amount: 1 }]);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: [{ code: "NotStocked", path: "[1].materialId" }] });
    expect(await snapshot(state)).toEqual(before);
  });
});

describe("setMaterialAmounts", () => {
  it("STK-4: set makes the amount exactly the one given, absent is unlimited, a new material is added; 204 in both ID forms", async () => {
    const { send, stock } = await setup();
    expect(await send("PUT", `/store/${S1}/setMaterialAmounts`, [{ materialId: "M1", amount: 3 }, { materialId: M2, amount: 0 }, { materialId: M3 }])).toEqual({ status: 204, effects: [] });
    expect(await stock(S1)).toEqual([[M1, 3], [M2, 0], [M3, null]]);
    expect((await send("PUT", "/store/externalId/S1/setMaterialAmounts", [{ materialId: M3, amount: 1 }, { materialId: M3, amount: 2 }])).status).toBe(204);
    expect(await stock(S1)).toEqual([[M1, 3], [M2, 0], [M3, 2]]);
  });

  it("STK-6: a negative amount refuses the whole set batch", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    expect(codesOf(await send("PUT", `/store/${S1}/setMaterialAmounts`, [{ materialId: "M1", amount: 3 }, { materialId: "M2", amount: -1 }]))).toEqual(["Negative"]);
    expect(await snapshot(state)).toEqual(before);
  });
});

describe("moveTo", () => {
  it("STK-5: the target gains the full requested amount even when the source held less; all of an unlimited source makes the target unlimited; 204", async () => {
    const { send, stock } = await setup();
    expect(await send("PUT", `/store/${S1}/moveTo/${S2}`, [{ materialId: "M1", amount: 12 }, { materialId: M2 }])).toEqual({ status: 204, effects: [] });
    expect(await stock(S1)).toEqual([[M1, 0], [M2, 0]]);
    expect(await stock(S2)).toEqual([[M1, 12], [M2, null]]);
  });

  it("STK-5: the external-ID twin moves between two different stores", async () => {
    const { send, stock } = await setup();
    expect((await send("PUT", "/store/externalId/S1/MOVETO/S2", [{ materialId: "M1", amount: 2.25 }])).status).toBe(204);
    expect(await stock(S1)).toEqual([[M1, 7.75], [M2, null]]);
    expect(await stock(S2)).toEqual([[M1, 2.25]]);
    expect((await send("PUT", "/store/externalId/S2/moveTo/S1", [{ materialId: "M1" }])).status).toBe(204);
    expect(await stock(S1)).toEqual([[M1, 10], [M2, null]]);
    expect(await stock(S2)).toEqual([[M1, 0]]);
  });

  it("STK-5: the same store twice is 400 SameStore, in both ID forms, and changes nothing", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    for (const path of [`/store/${S1}/moveTo/${S1}`, "/store/externalId/S1/moveTo/S1", `/store/${S1.toUpperCase()}/moveTo/${S1}`]) {
      const r = await send("PUT", path, [{ materialId: "M1", amount: 1 }]);
      expect(r.status, path).toBe(400);
      expect(codesOf(r)).toEqual(["SameStore"]);
    }
    expect(await snapshot(state)).toEqual(before);
  });

  it("STK-5: a material not stocked at the source is 400 NotStocked; an unknown target store is 404", async () => {
    const { send, state } = await setup();
    const before = await snapshot(state);
    expect((await send("PUT", `/store/${S2}/moveTo/${S1}`, [{ materialId: "M1", amount: 1 }])).body).toMatchObject({ errors: [{ code: "NotStocked", path: "[0].materialId" }] });
    expect((await send("PUT", `/store/${S1}/moveTo/${ids(1).store(1)}`, [{ materialId: "M1", amount: 1 }])).status).toBe(404);
    expect(await snapshot(state)).toEqual(before);
  });
});

describe("stock writes, service rules", () => {
  it("dryRun=true answers exactly what add, remove, set and move answer, and commits nothing", async () => {
    const dry = await setup();
    const real = await setup();
    const before = await snapshot(dry.state);
    const writes: [string, string, unknown][] = [
      ["POST", `/store/${S1}/addToStore`, [{ materialId: "M1", amount: 1 }, { materialId: M3, amount: 2 }]],
      ["PUT", `/store/${S1}/removeMaterial`, [{ materialId: "M1", amount: 1 }]],
      ["PUT", `/store/${S1}/setMaterialAmounts`, [{ materialId: "M1", amount: 1 }]],
      ["PUT", `/store/${S1}/moveTo/${S2}`, [{ materialId: "M1", amount: 1 }]],
      ["PUT", `/store/${S1}/moveTo/${S1}`, [{ materialId: "M1", amount: 1 }]],
    ];
    for (const [method, path, body] of writes) {
      const r = await dry.send(method, `${path}?dryRun=true`, body);
      expect(r, path).toEqual(previewOf(await real.send(method, path, body)));
      expect(await snapshot(dry.state)).toEqual(before);
    }
  });

  it("AUTH-4: another company's store is 404 to a stock write and its stock stays as it was", async () => {
    const { s, state } = await setup();
    const before = await snapshot(state);
    const asB = await client(s, 1);
    expect((await asB("POST", `/store/${S1}/addToStore`, [{ materialId: M1, amount: 1 }])).status).toBe(404);
    expect((await asB("PUT", "/store/externalId/S1/moveTo/S2", [{ materialId: "M1" }])).status).toBe(404);
    expect((await asB("PUT", `/store/${ids(1).store(1)}/moveTo/${S2}`, [{ materialId: "M1" }])).status).toBe(404);
    expect(await snapshot(state)).toEqual(before);
  });
});

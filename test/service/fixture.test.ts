import { describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import { loadFixture, validateFixture, type Fixture } from "../../src/service/fixture.js";
import { amountToJson } from "../../src/stock/amount.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";

/** A mutable deep copy of the test fixture to break. */
function broken(edit: (f: Fixture) => void): Fixture {
  const f = structuredClone(testFixture());
  edit(f);
  return f;
}

const paths = (f: unknown): string[] => validateFixture(f).map((i) => i.path);

describe("fixture validation", () => {
  it("accepts the test fixture and loads both companies with defaults resolved", () => {
    expect(validateFixture(testFixture())).toEqual([]);
    const [a, b] = loadFixture(testFixture());
    expect(a?.tenantCode).toBe("alpha");
    expect(b?.settings).toMatchObject({ disableCollisions: false, timeZone: "Europe/Prague", locale: "cs", notifications: { email: true, sms: true } });
    expect(a?.apiUser.id).toBe(ids(0).admin);
    expect(a?.catalogs.customerCategories.list[0]?.slug).toBe("std");
  });

  it("resolves fixture references by GUID, slug or external ID (GEN-3) and keeps decimals exact", () => {
    const [a] = loadFixture(testFixture());
    const m1 = a!.materials.byKey.get("M1")!;
    expect(m1.categoryId).toBe(ids(0).category(7));
    expect(m1.price.toString()).toBe("2.5");
    expect(a!.materials.byId.get(ids(0).material(3))!.price.toString()).toBe("0");
    expect(a!.materials.byId.get(ids(0).material(2))!.costPrice).toBeNull();
    expect(a!.stores.byKey.get("S1")!.availableFor).toEqual([ids(0).tech1, ids(0).tech2]);
    const stock = a!.stock.get(ids(0).store(1))!;
    expect(amountToJson(stock.get(ids(0).material(1))!)).toBe(10);
    expect(amountToJson(stock.get(ids(0).material(2))!)).toBeNull();
    expect(a!.stock.get(ids(0).store(2))!.size).toBe(0);
  });

  it("reports every bad place at once, each with its full path", () => {
    const f = broken((f) => {
      const a = f.companies[0]!;
      const b = f.companies[1]!;
      a.id = "not-a-guid";
      a.settings = { timeZone: "Mars/Olympus", locale: "??-!!", customDataTemplates: { order: [{ key: "x", type: "string" }, { key: "x", type: "number" }, { key: "y", type: "text" as "string" }] } };
      a.users[1]!.id = a.users[0]!.id;
      a.users[3]!.externalId = "disp";
      a.catalogs.orderCategories.push({ id: ids(0).category(3), slug: "oprava", name: "again" });
      a.materials[0]!.categoryId = "no-such-category";
      a.materials[1]!.price = -1;
      a.materials[2]!.externalId = "M1";
      a.stores[0]!.stock!.push({ materialId: "nope", amount: 1 }, { materialId: "M1", amount: -5 }, { materialId: "M1", amount: 2 });
      a.stores[0]!.availableFor.push("ghost");
      a.stores[1]!.id = a.stores[0]!.id;
      b.tenantCode = "alpha";
      b.users = b.users.filter((u) => !u.roles.includes("Administrator"));
    });
    const p = paths(f);
    expect(p).toEqual(expect.arrayContaining([
      "companies[0].id",
      "companies[0].settings.timeZone",
      "companies[0].settings.locale",
      "companies[0].settings.customDataTemplates.order[1].key",
      "companies[0].settings.customDataTemplates.order[2].type",
      "companies[0].users[1].id",
      "companies[0].users[3].externalId",
      "companies[0].catalogs.orderCategories[1].id",
      "companies[0].catalogs.orderCategories[1].slug",
      "companies[0].materials[0].categoryId",
      "companies[0].materials[1].price",
      "companies[0].materials[2].externalId",
      "companies[0].stores[0].availableFor[2]",
      "companies[0].stores[0].stock[2].materialId",
      "companies[0].stores[0].stock[3].amount",
      "companies[0].stores[0].stock[3].materialId",
      "companies[0].stores[0].stock[4].materialId",
      "companies[0].stores[1].id",
      "companies[1].tenantCode",
      "companies[1].users",
    ]));
    expect(() => createFieldService({ fixture: f })).toThrow(/companies\[0\]\.stores\[0\]\.stock\[2\]\.materialId/);
    expect(() => loadFixture(f)).toThrow(/Invalid fixture, \d+ problems/);
  });

  it("reports missing and mistyped parts, never throwing while validating", () => {
    expect(paths(undefined)).toEqual([""]);
    expect(paths({})).toEqual(["companies"]);
    expect(paths({ companies: [1] })).toEqual(["companies[0]"]);
    const p = paths({ companies: [{ id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", tenantCode: "x", name: "X", clients: [], users: [{ id: "3f2504e0-4f89-11d3-9a0c-0305e82c3302", name: "A", roles: ["Boss"] }], catalogs: { customerCategories: "x" }, materials: [], stores: [] }] });
    expect(p).toEqual(expect.arrayContaining(["companies[0].users[0].roles[0]", "companies[0].catalogs.customerCategories", "companies[0].catalogs.customerTypes", "companies[0].users"]));
  });

  it("reports a store stocking a material of another company as unknown", () => {
    const p = paths(broken((f) => f.companies[0]!.stores[0]!.stock!.push({ materialId: ids(1).material(3), amount: 1 })));
    expect(p).toEqual(["companies[0].stores[0].stock[2].materialId"]);
  });

  it("reports duplicate company IDs", () => {
    expect(paths(broken((f) => { f.companies[1]!.id = f.companies[0]!.id; }))).toEqual(["companies[1].id"]);
  });
});

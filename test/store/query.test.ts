import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseStoreListingQuery, storeListingQuerySchema } from "../../src/store/query.js";

const G1 = "3F2504E0-4F89-11D3-9A0C-0305E82C3301";
const G2 = "00000000-0000-4000-8000-000000000002";

function paths(params: Record<string, string>): string[] {
  const r = parseStoreListingQuery(params);
  return r.ok ? [] : r.issues.map((i) => `${i.path}:${i.code}`);
}

describe("parseStoreListingQuery", () => {
  it("STO-3: page and pageSize alone give the defaults (name ascending, no search, no filters)", () => {
    expect(parseStoreListingQuery({ page: "2", pageSize: "200" })).toEqual({
      ok: true,
      value: { page: 2, pageSize: 200, searchPhrase: null, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null },
    });
  });

  it("STO-3: every parameter read, GUID lists lowercased and deduplicated, the phrase trimmed", () => {
    const r = parseStoreListingQuery({
      page: "1",
      pageSize: "1",
      searchPhrase: "  Šroub ",
      sortBy: "amount",
      sortOrder: "descend",
      materialSupplierId: `${G1},${G1.toLowerCase()}`,
      materialCategoryId: `${G2}, ${G1}`,
      unknown: "ignored",
    });
    expect(r).toEqual({
      ok: true,
      value: {
        page: 1,
        pageSize: 1,
        searchPhrase: "Šroub",
        sortBy: "amount",
        sortOrder: "descend",
        materialSupplierIds: [G1.toLowerCase()],
        materialCategoryIds: [G2, G1.toLowerCase()],
      },
    });
  });

  it("STO-3: page and pageSize are required", () => {
    expect(paths({})).toEqual(["page:Required", "pageSize:Required"]);
  });

  it("STO-3: page ≥ 1 and pageSize 1..200, whole numbers", () => {
    expect(paths({ page: "0", pageSize: "201" })).toEqual(["page:OutOfRange", "pageSize:OutOfRange"]);
    expect(paths({ page: "1.5", pageSize: "0" })).toEqual(["page:NotInteger", "pageSize:OutOfRange"]);
    expect(paths({ page: "one", pageSize: "" })).toEqual(["page:InvalidNumber", "pageSize:InvalidNumber"]);
    expect(paths({ page: "-1", pageSize: " 5" })).toEqual(["page:OutOfRange", "pageSize:InvalidNumber"]);
    expect(paths({ page: "1e3", pageSize: "99999999999999999999" })).toEqual(["page:InvalidNumber", "pageSize:OutOfRange"]);
  });

  it("STO-3: sortBy and sortOrder must be known values (case-sensitive)", () => {
    expect(paths({ page: "1", pageSize: "1", sortBy: "Name", sortOrder: "desc" })).toEqual(["sortBy:InvalidEnum", "sortOrder:InvalidEnum"]);
    expect(paths({ page: "1", pageSize: "1", sortBy: "", sortOrder: "" })).toEqual(["sortBy:InvalidEnum", "sortOrder:InvalidEnum"]);
  });

  it("STO-3: supplier and category filters are GUIDs only: a slug, an empty element or garbage is an issue per element", () => {
    expect(paths({ page: "1", pageSize: "1", materialSupplierId: "acme", materialCategoryId: `${G1},,tools` })).toEqual([
      "materialSupplierId:InvalidGuid",
      "materialCategoryId:InvalidGuid",
      "materialCategoryId:InvalidGuid",
    ]);
  });

  it("STO-3: all issues at once, each with the parameter name as path", () => {
    expect(paths({ page: "x", sortBy: "colour", materialSupplierId: "slug" })).toEqual([
      "page:InvalidNumber",
      "pageSize:Required",
      "sortBy:InvalidEnum",
      "materialSupplierId:InvalidGuid",
    ]);
  });

  it("STO-4: a blank phrase means no search", () => {
    const r = parseStoreListingQuery({ page: "1", pageSize: "1", searchPhrase: "   " });
    expect(r.ok && r.value.searchPhrase).toBe(null);
  });

  it("STO-3: URLSearchParams work the same (the first of repeated values counts)", () => {
    const r = parseStoreListingQuery(new URLSearchParams(`page=3&pageSize=10&sortBy=price&sortBy=name&materialCategoryId=${G2}&searchPhrase=%C5%A1roub`));
    expect(r).toEqual({
      ok: true,
      value: { page: 3, pageSize: 10, searchPhrase: "šroub", sortBy: "price", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: [G2] },
    });
    expect(parseStoreListingQuery(new URLSearchParams("pageSize=500")).ok).toBe(false);
  });

  it("STO-3: the Standard Schema validator reports paths as segments and rejects non-string values", () => {
    expect(storeListingQuerySchema["~standard"].validate({ page: "x", pageSize: "1" })).toEqual({ issues: [expect.objectContaining({ path: ["page"] })] });
    expect(storeListingQuerySchema["~standard"].validate({ page: 1, pageSize: "1" })).toEqual({ issues: [expect.objectContaining({ path: ["page"] })] });
    expect(storeListingQuerySchema["~standard"].validate(new URLSearchParams("page=1&pageSize=2"))).toEqual({ value: expect.objectContaining({ page: 1, pageSize: 2 }) });
    expect(storeListingQuerySchema["~standard"].validate(null)).toEqual({ issues: [expect.objectContaining({ path: [] })] });
  });

  it("STO-3: parsing is total: any record of strings gives a value or issues, each issue at a known parameter", () => {
    const names = ["page", "pageSize", "searchPhrase", "sortBy", "sortOrder", "materialSupplierId", "materialCategoryId"];
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string()), fc.oneof(fc.string(), fc.integer().map(String), fc.uuid())), (params) => {
        const r = parseStoreListingQuery(params);
        if (!r.ok) for (const i of r.issues) expect(names).toContain(i.path);
        else {
          expect(r.value.page).toBeGreaterThanOrEqual(1);
          expect(r.value.pageSize).toBeLessThanOrEqual(200);
        }
      }),
    );
  });
});

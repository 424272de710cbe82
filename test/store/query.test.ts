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

describe("parseStoreListingQuery, boundaries and messages", () => {
  const ok = { page: "1", pageSize: "1" };
  function issues(params: Record<string, string>): { path: string; code: string; message: string }[] {
    const r = parseStoreListingQuery(params);
    return r.ok ? [] : r.issues.map((i) => ({ path: i.path, code: i.code, message: i.message }));
  }
  // A generator of GUIDs in mixed case: a filter element keeps its GUID, lowercased.
  const mixedCaseGuid = fc.tuple(fc.uuid(), fc.array(fc.boolean(), { minLength: 36, maxLength: 36 })).map(([u, up]) => Array.from(u, (ch, i) => (up[i] ? ch.toUpperCase() : ch)).join(""));

  it("STO-3: page runs from 1 to the largest safe integer, pageSize from 1 to 200, at the exact boundaries", () => {
    const max = String(Number.MAX_SAFE_INTEGER);
    expect(parseStoreListingQuery({ page: max, pageSize: "200" })).toMatchObject({ ok: true, value: { page: Number.MAX_SAFE_INTEGER, pageSize: 200 } });
    expect(parseStoreListingQuery({ page: "1", pageSize: "1" })).toMatchObject({ ok: true, value: { page: 1, pageSize: 1 } });
    expect(issues({ page: "9007199254740992", pageSize: "201" })).toEqual([
      { path: "page", code: "OutOfRange", message: `Expected a whole number from 1 to ${max} (STO-3).` },
      { path: "pageSize", code: "OutOfRange", message: "Expected a whole number from 1 to 200 (STO-3)." },
    ]);
  });

  it("STO-3: a decimal text with a zero fraction is a whole number; every refusal says why", () => {
    expect(parseStoreListingQuery({ page: "2.0", pageSize: "10.00" })).toMatchObject({ ok: true, value: { page: 2, pageSize: 10 } });
    expect(issues({ page: "2.5", pageSize: "x1" })).toEqual([
      { path: "page", code: "NotInteger", message: "Expected a whole number, got 2.5 (STO-3)." },
      { path: "pageSize", code: "InvalidNumber", message: 'Expected a whole number, got "x1" (STO-3).' },
    ]);
    expect(issues({})).toEqual([
      { path: "page", code: "Required", message: "The query parameter page is required (STO-3)." },
      { path: "pageSize", code: "Required", message: "The query parameter pageSize is required (STO-3)." },
    ]);
    expect(issues({ ...ok, sortBy: "x", sortOrder: "y" })).toEqual([
      { path: "sortBy", code: "InvalidEnum", message: "Expected one of name, identificationNumber, price, amount, materialCategoryName, materialSupplierName (STO-3)." },
      { path: "sortOrder", code: "InvalidEnum", message: "Expected one of ascend, descend (STO-3)." },
    ]);
    expect(issues({ ...ok, materialSupplierId: "acme" })).toEqual([
      { path: "materialSupplierId", code: "InvalidGuid", message: '"acme" is not a GUID; slugs are not supported here (STO-3).' },
    ]);
  });

  it("STO-3: only own parameters count (an inherited property is not a parameter)", () => {
    const inherited = Object.create({ page: "1", pageSize: "1" }) as Record<string, string>;
    expect(issues(inherited).map((i) => `${i.path}:${i.code}`)).toEqual(["page:Required", "pageSize:Required"]);
  });

  it("STO-4: a phrase of 200 characters is kept, of 201 refused (TooLong)", () => {
    const at = `${"a".repeat(199)}b`;
    expect(parseStoreListingQuery({ ...ok, searchPhrase: at })).toMatchObject({ ok: true, value: { searchPhrase: at } });
    expect(issues({ ...ok, searchPhrase: `${at} ` })).toEqual([{ path: "searchPhrase", code: "TooLong", message: "At most 200 characters (201 sent)." }]);
  });

  it("STO-3: a filter holds at most 200 GUIDs; one more is TooMany, whatever its elements", () => {
    fc.assert(
      fc.property(fc.uniqueArray(mixedCaseGuid, { minLength: 200, maxLength: 201, selector: (u) => u.toLowerCase() }), fc.constantFrom("materialSupplierId", "materialCategoryId"), (ids, name) => {
        const r = parseStoreListingQuery({ ...ok, [name]: ids.join(",") });
        if (ids.length === 200) {
          expect(r.ok).toBe(true);
          const value = r.ok ? r.value : undefined;
          expect(name === "materialSupplierId" ? value?.materialSupplierIds : value?.materialCategoryIds).toEqual(ids.map((u) => u.toLowerCase()));
        } else {
          expect(issues({ ...ok, [name]: ids.join(",") })).toEqual([{ path: name, code: "TooMany", message: "At most 200 IDs in one filter (STO-3)." }]);
          // Too many elements are refused as such, never checked one by one.
          expect(issues({ ...ok, [name]: ",".repeat(200) })).toEqual([{ path: name, code: "TooMany", message: "At most 200 IDs in one filter (STO-3)." }]);
        }
      }),
      { numRuns: 20 },
    );
  });

  it("STO-3: GUID filters in mixed case, padded and repeated, read as the set of their lowercase GUIDs in first-seen order", () => {
    fc.assert(
      fc.property(fc.array(mixedCaseGuid, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(7), { maxLength: 4 }), (ids, again) => {
        const parts = [...ids, ...again.map((i) => ` ${ids[i % ids.length] as string} `)];
        const r = parseStoreListingQuery({ ...ok, materialCategoryId: parts.join(",") });
        expect(r.ok && r.value.materialCategoryIds).toEqual([...new Set(ids.map((u) => u.toLowerCase()))]);
      }),
    );
  });

  it("STO-3: the Standard Schema validator refuses a non-object, an array and wrongly typed values, each at its own path, once", () => {
    const validate = (v: unknown): unknown => storeListingQuerySchema(v);
    expect(validate([])).toEqual({ ok: false, issues: [expect.objectContaining({ code: "InvalidType", path: "", message: "Expected the query parameters as an object of strings." })] });
    expect(validate("page=1")).toMatchObject({ ok: false, issues: [{ code: "InvalidType", path: "" }] });
    expect(validate({ page: 1, pageSize: 2, sortBy: "colour" })).toEqual({
      ok: false,
      issues: [
        expect.objectContaining({ code: "InvalidType", path: "page", message: "The query parameter page must be a string." }),
        expect.objectContaining({ code: "InvalidType", path: "pageSize" }),
        expect.objectContaining({ code: "InvalidEnum", path: "sortBy" }),
      ],
    });
    // An undefined value is an absent parameter, not a wrongly typed one.
    expect(validate({ page: undefined, pageSize: "2" })).toEqual({ ok: false, issues: [expect.objectContaining({ code: "Required", path: "page" })] });
    expect(validate({ page: "1", pageSize: "2", extra: 3 })).toEqual({ ok: false, issues: [expect.objectContaining({ code: "InvalidType", path: "extra" })] });
    expect(validate(new URLSearchParams("page=1"))).toEqual({ ok: false, issues: [expect.objectContaining({ code: "Required", path: "pageSize" })] });
  });
});

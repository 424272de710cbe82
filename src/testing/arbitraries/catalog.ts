import fc from "fast-check";
import type { KitContext } from "../context.js";
import { decimalNumber, shortText, withKey } from "./text.js";
import type { Body, NearValid } from "./types.js";

/**
 * Valid `POST /auth/login` bodies: the given credentials (AUTH-1).
 * @param credentials - tenant code, client ID and secret of a client of the fixture
 * @returns an arbitrary of that one body
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(loginBody({ tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }), 1)[0] //=> { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }
 */
export function loginBody(credentials: { readonly tenantCode: string; readonly clientId: string; readonly secret: string }): fc.Arbitrary<Body> {
  return fc.constant({ tenantCode: credentials.tenantCode, clientId: credentials.clientId, secret: credentials.secret });
}

/**
 * Near-valid login bodies: a field missing or not a string (AUTH-1).
 * @param credentials - right credentials
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidLogin({ tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" }), { numRuns: 5, seed: 1 }).every((n) => n.violation.rule === "AUTH-1") //=> true
 */
export function nearValidLogin(credentials: { readonly tenantCode: string; readonly clientId: string; readonly secret: string }): fc.Arbitrary<NearValid<Body>> {
  const body: Body = { tenantCode: credentials.tenantCode, clientId: credentials.clientId, secret: credentials.secret };
  return fc.oneof(
    fc.constantFrom("tenantCode", "clientId", "secret").map((key) => ({ body: withKey(body, key, undefined), violation: { rule: "AUTH-1", path: key, code: "Required" } })),
    fc.tuple(fc.constantFrom("tenantCode", "clientId", "secret"), fc.constantFrom(1, true, {})).map(([key, v]) => ({ body: withKey(body, key, v), violation: { rule: "AUTH-1", path: key, code: "InvalidType" } })),
  );
}

/**
 * Decimals as people type them, or any value GEN-7 accepts: below 10^9 with at most 6 decimal
 * places (the limits of `limits.decimalIntegerDigits` and `limits.decimalScale`), boundaries included.
 */
const anyDecimal = fc.oneof(
  decimalNumber,
  fc.tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999 })).map(([u, f]) => Number(`${u}.${String(f).padStart(6, "0")}`)),
  fc.constantFrom(0, 0.000001, 999_999_999.999999),
);

const units = fc.constantFrom("Amounts", "Meters", "Kilograms", "Liters", "Hours");

/**
 * Valid `PUT /material/{id}` bodies (MAT-1 to MAT-3): the required name, category and
 * supplier of the company's catalogs, any of the optional fields (`null` clears one).
 * @param ctx - the company's references
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(materialReplaceBody(kitContext(demoFixture, "demo")), { numRuns: 10, seed: 1 }).every((b) => typeof b.name === "string") //=> true
 */
export function materialReplaceBody(ctx: KitContext): fc.Arbitrary<Body> {
  return fc.record(
    {
      name: shortText,
      categoryId: fc.constantFrom(...ctx.materialCategories),
      supplierId: fc.constantFrom(...ctx.materialSuppliers),
      identificationNumber: fc.option(shortText, { nil: null }),
      description: fc.option(shortText, { nil: null }),
      supplierCode: fc.option(shortText, { nil: null }),
      unit: units,
      price: anyDecimal,
      costPrice: fc.option(anyDecimal, { nil: null }),
    },
    { requiredKeys: ["name", "categoryId", "supplierId"] },
  );
}

/**
 * Near-valid material bodies: one violation of MAT-1, MAT-2, MAT-3 or GEN-3.
 * @param ctx - the company's references
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidMaterialReplace(kitContext(demoFixture, "demo")), { numRuns: 50, seed: 1 }).some((n) => n.violation.rule === "MAT-3") //=> true
 */
export function nearValidMaterialReplace(ctx: KitContext): fc.Arbitrary<NearValid<Body>> {
  const valid = materialReplaceBody(ctx);
  return fc.oneof(
    fc.tuple(valid, fc.constantFrom("name", "categoryId", "supplierId")).map(([b, key]) => ({ body: withKey(b, key, undefined), violation: { rule: "MAT-1", path: key, code: "Required" } })),
    valid.map((b) => ({ body: withKey(b, "unit", "Pieces"), violation: { rule: "MAT-2", path: "unit", code: "InvalidEnum" } })),
    fc.tuple(valid, fc.constantFrom("price", "costPrice")).map(([b, key]) => ({ body: withKey(b, key, -1), violation: { rule: "MAT-3", path: key, code: "Negative" } })),
    valid.map((b) => ({ body: withKey(b, "supplierId", "no-such-supplier"), violation: { rule: "GEN-3", path: "supplierId", code: "UnknownReference" } })),
  );
}

/**
 * Valid `PUT /store/{id}` bodies (STO-1): a name and a subset of the active users, without
 * an external ID (so two stores never clash, GEN-4).
 * @param ctx - the company's references
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(storeReplaceBody(kitContext(demoFixture, "demo")), { numRuns: 10, seed: 1 }).every((b) => Array.isArray(b.availableFor)) //=> true
 */
export function storeReplaceBody(ctx: KitContext): fc.Arbitrary<Body> {
  return fc.record({ name: shortText, availableFor: fc.subarray([...ctx.users]) });
}

/**
 * Near-valid store bodies: a required field missing, an unknown user (STO-1).
 * @param ctx - the company's references
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidStoreReplace(kitContext(demoFixture, "demo")), { numRuns: 5, seed: 1 }).every((n) => n.violation.rule === "STO-1") //=> true
 */
export function nearValidStoreReplace(ctx: KitContext): fc.Arbitrary<NearValid<Body>> {
  const valid = storeReplaceBody(ctx);
  return fc.oneof(
    fc.tuple(valid, fc.constantFrom("name", "availableFor")).map(([b, key]) => ({ body: withKey(b, key, undefined), violation: { rule: "STO-1", path: key, code: "Required" } })),
    valid.map((b) => {
      const list = b["availableFor"] as string[];
      return { body: withKey(b, "availableFor", [...list, "nobody-such"]), violation: { rule: "STO-1", path: `availableFor[${list.length}]`, code: "UnknownReference" } };
    }),
  );
}

const sortBy = fc.constantFrom("name", "identificationNumber", "price", "amount", "materialCategoryName", "materialSupplierName");

/**
 * Valid `GET /store/{id}` query strings (STO-3), without the leading `?`.
 * @param ctx - the company's references
 * @returns an arbitrary of query strings
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(storeQuery(kitContext(demoFixture, "demo")), { numRuns: 10, seed: 1 }).every((q) => q.startsWith("page=")) //=> true
 */
export function storeQuery(ctx: KitContext): fc.Arbitrary<string> {
  const ids = (list: readonly string[]): fc.Arbitrary<string> => fc.subarray([...list], { minLength: 1 }).map((xs) => xs.join(","));
  return fc
    .record(
      {
        page: fc.integer({ min: 1, max: 5 }),
        pageSize: fc.integer({ min: 1, max: 200 }),
        searchPhrase: fc.constantFrom("šroub", "KABEL", "a", "ř"),
        sortBy,
        sortOrder: fc.constantFrom("ascend", "descend"),
        ...(ctx.materialSupplierIds.length === 0 ? {} : { materialSupplierId: ids(ctx.materialSupplierIds) }),
        ...(ctx.materialCategoryIds.length === 0 ? {} : { materialCategoryId: ids(ctx.materialCategoryIds) }),
      },
      { requiredKeys: ["page", "pageSize"] },
    )
    .map((q) => new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString());
}

/**
 * Near-valid store queries: one parameter out of STO-3's bounds, or a slug where a GUID is
 * required. `body` is the query string.
 * @param ctx - the company's references
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidStoreQuery(kitContext(demoFixture, "demo")), { numRuns: 10, seed: 1 }).every((n) => n.violation.rule === "STO-3") //=> true
 */
export function nearValidStoreQuery(ctx: KitContext): fc.Arbitrary<NearValid<string>> {
  const set = (query: string, key: string, value: string | undefined): string => {
    const p = new URLSearchParams(query);
    if (value === undefined) p.delete(key);
    else p.set(key, value);
    return p.toString();
  };
  const valid = storeQuery(ctx);
  const cases: Array<fc.Arbitrary<NearValid<string>>> = [
    fc.tuple(valid, fc.constantFrom("page", "pageSize")).map(([q, key]) => ({ body: set(q, key, undefined), violation: { rule: "STO-3", path: key, code: "Required" } })),
    valid.map((q) => ({ body: set(q, "pageSize", "201"), violation: { rule: "STO-3", path: "pageSize", code: "OutOfRange" } })),
    valid.map((q) => ({ body: set(q, "page", "0"), violation: { rule: "STO-3", path: "page", code: "OutOfRange" } })),
    valid.map((q) => ({ body: set(q, "sortBy", "colour"), violation: { rule: "STO-3", path: "sortBy", code: "InvalidEnum" } })),
  ];
  const slug = ctx.materialSuppliers.find((v) => !/^[0-9a-f]{8}-/i.test(v)) ?? "a-slug";
  cases.push(valid.map((q) => ({ body: set(q, "materialSupplierId", slug), violation: { rule: "STO-3", path: "materialSupplierId", code: "InvalidGuid" } })));
  return fc.oneof(...cases);
}

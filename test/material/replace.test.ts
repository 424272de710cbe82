import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as materialModule from "../../src/material/index.js";
import { replaceMaterial } from "../../src/material/replace.js";
import { materialReplaceSchema, parseMaterialReplace } from "../../src/material/request.js";
import type { Material } from "../../src/material/material.js";
import { decimalToJson } from "../../src/shared/decimal.js";
import type { Result } from "../../src/shared/issue.js";
import { deepFreeze } from "../../src/testing/arbitraries/records/customer.js";
import { checkTotal } from "../shared/totality.js";
import { cable, materialBody, materialCategories, materialContext, materialSuppliers } from "../../src/testing/arbitraries/records/material.js";

function replace(body: unknown, material: Material = cable): Result<Material> {
  const p = parseMaterialReplace(deepFreeze(body));
  if (!p.ok) return p;
  return replaceMaterial(material, p.value, materialContext);
}
function codes<T>(r: Result<T>): string[] {
  return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`);
}
function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}
/** The body that describes a stored material completely. */
function bodyOf(m: Material): Record<string, unknown> {
  return {
    name: m.name,
    categoryId: m.categoryId,
    supplierId: m.supplierId,
    identificationNumber: m.identificationNumber,
    description: m.description,
    supplierCode: m.supplierCode,
    unit: m.unit,
    price: decimalToJson(m.price),
    costPrice: m.costPrice === null ? null : decimalToJson(m.costPrice),
  };
}
function plain(m: Material): unknown {
  return { ...m, price: m.price.toString(), costPrice: m.costPrice?.toString() ?? null };
}

describe("material replace", () => {
  it("MAT-1: name, categoryId and supplierId are required", () => {
    expect(codes(replace({}))).toEqual(["Required@name", "Required@categoryId", "Required@supplierId"]);
    expect(codes(replace({ name: "X", categoryId: "nope", supplierId: "nope" }))).toEqual(["UnknownReference@categoryId", "UnknownReference@supplierId"]);
  });
  it("MAT-1: fields left out become empty, unit Amounts and price 0; the external ID stays", () => {
    const m = value(replace({ name: "Pipe", categoryId: "pipes", supplierId: "bolt", externalId: "IGNORED" }));
    expect(plain(m)).toEqual({
      id: cable.id,
      externalId: "M-1",
      name: "Pipe",
      categoryId: materialCategories[1]?.id,
      supplierId: materialSuppliers[1]?.id,
      identificationNumber: null,
      description: null,
      supplierCode: null,
      unit: "Amounts",
      price: "0",
      costPrice: null,
    });
  });
  it("MAT-2: units are Amounts, Meters, Kilograms, Liters, Hours", () => {
    for (const unit of ["Amounts", "Meters", "Kilograms", "Liters", "Hours"]) expect(value(replace({ ...bodyOf(cable), unit })).unit).toBe(unit);
    expect(codes(replace({ ...bodyOf(cable), unit: "Pieces" }))).toEqual(["InvalidEnum@unit"]);
  });
  it("MAT-3: price and costPrice are exact decimals, never negative", () => {
    expect(value(replace({ ...bodyOf(cable), price: 0.1, costPrice: 0.3 })).price.toString()).toBe("0.1");
    expect(codes(replace({ ...bodyOf(cable), price: -1, costPrice: -0.5 }))).toEqual(["Negative@price", "Negative@costPrice"]);
    expect(codes(replace({ ...bodyOf(cable), price: "1" }))).toEqual(["InvalidType@price"]);
  });
  it("MAT-4: materials are only replaced, never created: the module exports no material add", () => {
    expect(Object.keys(materialModule).filter((k) => /add|create/i.test(k))).toEqual([]);
    expect(value(replace(bodyOf(cable))).id).toBe(cable.id);
  });
  it("ERR-3 and GEN-9: unknown fields ignored, every issue reported", () => {
    expect(codes(replace({ name: "", categoryId: 1, supplierId: "acme", colour: "red", unit: 3 }))).toEqual(["Blank@name", "InvalidType@categoryId", "InvalidType@unit"]);
  });
  it("is a Standard Schema validator and total on arbitrary JSON", () => {
    expect(materialReplaceSchema["~standard"].validate(bodyOf(cable))).toHaveProperty("value");
    checkTotal(parseMaterialReplace);
  });
  describe("patch laws (material replace)", () => {
    it("replacing with the material's own body is the identity", () => {
      expect(plain(value(replace(bodyOf(cable))))).toEqual(plain(cable));
    });
    it("a replace is idempotent and keeps GUID and external ID", () => {
      fc.assert(
        fc.property(materialBody, (body) => {
          const once = value(replace(body));
          const twice = value(replace(body, once));
          expect(plain(twice)).toEqual(plain(once));
          expect([once.id, once.externalId]).toEqual([cable.id, cable.externalId]);
        }),
      );
    });
    it("null or left out clears exactly the optional fields named; required never become empty", () => {
      fc.assert(
        fc.property(fc.subarray(["identificationNumber", "description", "supplierCode", "costPrice"] as const), fc.boolean(), (keys, useNull) => {
          const body = bodyOf(cable);
          for (const k of keys) {
            if (useNull) body[k] = null;
            else delete body[k];
          }
          const m = value(replace(body));
          for (const k of ["identificationNumber", "description", "supplierCode", "costPrice"] as const) {
            if (keys.includes(k)) expect(m[k]).toBeNull();
            else expect(m[k]).not.toBeNull();
          }
          expect(m.name).toBe(cable.name);
        }),
      );
    });
    it("unknown fields never change anything", () => {
      fc.assert(
        fc.property(fc.dictionary(fc.string().filter((k) => !(k in cable)), fc.jsonValue()), (extra) => {
          expect(plain(value(replace({ ...extra, ...bodyOf(cable) })))).toEqual(plain(cable));
        }),
      );
    });
  });

  it("MAT-3, GEN-3, GEN-6: each field is reported at its own path; unknown category and supplier name their catalog", () => {
    const valid = { name: "Cable", categoryId: materialCategories[0]!.slug, supplierId: materialSuppliers[0]!.slug };
    const wrong: Record<string, unknown> = { name: 5, categoryId: 5, supplierId: 5, identificationNumber: 5, description: 5, supplierCode: 5, unit: "Litres", price: -1, costPrice: "x" };
    for (const [field, v] of Object.entries(wrong)) {
      const r = parseMaterialReplace({ ...valid, [field]: v });
      expect([field, r.ok ? [] : r.issues.map((i) => i.path)]).toEqual([field, [field]]);
    }
    expect(parseMaterialReplace([])).toEqual({ ok: false, issues: [{ code: "InvalidType", path: "", message: "Expected an object, got array.", rule: "ERR-2" }] });
    expect(replace({ ...valid, categoryId: "nope", supplierId: "nobody" })).toEqual({
      ok: false,
      issues: [
        { code: "UnknownReference", path: "categoryId", message: 'No MaterialCategory has the ID, external ID or slug "nope" (GEN-3).', rule: "GEN-3" },
        { code: "UnknownReference", path: "supplierId", message: 'No MaterialSupplier has the ID, external ID or slug "nobody" (GEN-3).', rule: "GEN-3" },
      ],
    });
  });
});

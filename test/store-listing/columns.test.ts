import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Material } from "../../src/material/material.js";
import type { Guid } from "../../src/shared/guid.js";
import { finite } from "../../src/stock/amount.js";
import { appendRows, categoryNameAt, emptyColumns, keyComparator, keyRanks, lookUp, pairKey, replaceRow, supplierNameAt, type Columns, type MaterialSortKey } from "../../src/store-listing/columns.js";
import { storeSortKeys } from "../../src/store/query.js";
import { listingWorldArb, type ListingWorld } from "../../src/testing/arbitraries/records/store.js";
import { naiveKeyCompare } from "./naive-listing.js";
import { acme, g, material, tools } from "./examples.js";

const runs = { numRuns: 200 };
const sign = (x: number): number => (x < 0 ? -1 : x > 0 ? 1 : 0);
const materialKeys = storeSortKeys.filter((k): k is MaterialSortKey => k !== "amount");

function columnsOf(world: ListingWorld, materials: readonly Material[]): Columns {
  const c = emptyColumns();
  appendRows(c, materials.map((m) => lookUp(world.catalog, m.id)));
  return c;
}

// The pair counts recounted from the columns.
function recount(c: Columns): Map<number, number> {
  const counts = new Map<number, number>();
  for (let p = 0; p < c.materials.length; p++) {
    const k = pairKey(c.category.column[p] as number, c.supplier.column[p] as number);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

describe("listing columns", () => {
  it("STO-5: the ranks of every key agree with the naive comparison of that key, over any range of positions", () => {
    const collator = new Intl.Collator("cs");
    fc.assert(
      fc.property(listingWorldArb, fc.constantFrom(...materialKeys), fc.nat(), (world, key, cut) => {
        const c = columnsOf(world, world.materials);
        const n = world.materials.length;
        const from = n === 0 ? 0 : cut % n;
        const { ranks } = keyRanks(c, collator, key, from, n);
        const row = (p: number) => ({ m: c.materials[p] as Material, amount: finite(0), category: categoryNameAt(c, p), supplier: supplierNameAt(c, p) });
        const naive = naiveKeyCompare(key, collator);
        const noTie = new Int32Array(n);
        for (let a = from; a < n; a++) {
          for (let b = from; b < n; b++) {
            const expected = sign(naive(row(a), row(b)));
            expect(sign((ranks[a - from] as number) - (ranks[b - from] as number))).toBe(expected);
            expect(sign(keyComparator(c, collator, key, noTie, false)(a, b))).toBe(expected);
            expect(sign(keyComparator(c, collator, key, noTie, true)(a, b))).toBe(-expected || 0);
          }
        }
      }),
      runs,
    );
  });

  it("STO-3: pair counts, names and filter numbers follow appended and replaced rows", () => {
    fc.assert(
      fc.property(listingWorldArb.filter((w) => w.materials.length > 0), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }), (world, edits) => {
        const ms = world.materials;
        const c = columnsOf(world, ms.slice(0, Math.ceil(ms.length / 2)));
        appendRows(c, ms.slice(Math.ceil(ms.length / 2)).map((m) => lookUp(world.catalog, m.id)));
        const now = ms.slice();
        for (const [p, q] of edits) {
          // Give position p the category and supplier of material q.
          const target = now[p % now.length] as Material;
          const other = ms[q % ms.length] as Material;
          const edited = { ...target, categoryId: other.categoryId, supplierId: other.supplierId };
          now[p % now.length] = edited;
          replaceRow(c, p % now.length, lookUp({ ...world.catalog, materials: new Map([[edited.id, edited]]) }, edited.id));
        }
        expect(c.materials).toEqual(now);
        expect(c.pairCounts).toEqual(recount(c));
        for (let p = 0; p < now.length; p++) {
          const m = now[p] as Material;
          expect(categoryNameAt(c, p)).toBe(world.catalog.categories.get(m.categoryId)?.name);
          expect(supplierNameAt(c, p)).toBe(world.catalog.suppliers.get(m.supplierId)?.name);
          expect(c.category.numbers.get(m.categoryId)).toBe(c.category.column[p]);
          expect(c.supplier.numbers.get(m.supplierId)).toBe(c.supplier.column[p]);
        }
      }),
      runs,
    );
  });

  it("a stocked material, category or supplier missing from the catalog is a programmer error naming it", () => {
    const m = material(1, "Šroub");
    const catalog = { materials: new Map<Guid, Material>([[m.id, m]]), categories: new Map([[tools.id, tools]]), suppliers: new Map([[acme.id, acme]]), locale: "cs" };
    expect(lookUp(catalog, m.id).category).toBe(tools);
    expect(() => lookUp(catalog, g(2))).toThrow(/material .*0002 is not in the catalog/);
    expect(() => lookUp({ ...catalog, categories: new Map() }, m.id)).toThrow(/category .* of material .* is not in the catalog/);
    expect(() => lookUp({ ...catalog, suppliers: new Map() }, m.id)).toThrow(/supplier .* of material .* is not in the catalog/);
  });
});

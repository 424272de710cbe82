import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collationRanks } from "../../src/store/collation.js";
import { anyTextArb, czechTextArb } from "../arbitraries/store.js";

// The plain way: sort with the collator, equal ranks for texts it calls equal.
function plainRanks(texts: readonly string[], collator: Intl.Collator): number[] {
  const sorted = [...texts].sort(collator.compare);
  return texts.map((t) => {
    let rank = 0;
    for (let i = 1; i < sorted.length && collator.compare(sorted[i] as string, t) <= 0; i++) if (collator.compare(sorted[i - 1] as string, sorted[i] as string) !== 0) rank++;
    return rank;
  });
}

// Texts inside the alphabet where the token shortcut runs (printable ASCII and precomposed
// Latin letters), with contractions and expansions mixed in.
const safeChars = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ..."ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ",
  ...Array.from({ length: 0x180 - 0x100 }, (_, i) => String.fromCharCode(0x100 + i)),
];
const safeTextArb = fc
  .array(fc.oneof(fc.constantFrom(...safeChars), fc.constantFrom("ch", "Ch", "CH", " ", "-", "ss", "ß", "ij", "1", "2")), { maxLength: 8 })
  .map((a) => a.join(""));

describe("collationRanks", () => {
  it("STO-5: characters that expand across a word boundary (½ is 1⁄2) are ranked exactly like the collator", () => {
    for (const [locale, texts] of [["cs", ["½", "1😀"]], ["en", ["𑜱🉠", "½"]], ["cs", ["½", "1/2", "1 2", "12"]]] as const) {
      const c = new Intl.Collator(locale);
      expect([...collationRanks(texts, c).ranks]).toEqual(plainRanks(texts, c));
    }
  });

  it("STO-5: Czech examples: Hadice < Chladivo < Kabel < Řídicí < Šroub < Žárovka; HA-12 < CH-32", () => {
    const c = new Intl.Collator("cs");
    expect([...collationRanks(["Žárovka", "Šroub", "Kabel", "Řídicí", "Chladivo", "Hadice"], c).ranks]).toEqual([5, 4, 2, 3, 1, 0]);
    expect([...collationRanks(["CH-32", "HA-12", "C-1", "CH-3"], c).ranks]).toEqual([3, 1, 0, 2]);
  });

  for (const locale of ["cs", "en", "de", "sk"]) {
    it(`STO-5: ranks equal a plain collator sort on any texts (locale ${locale})`, () => {
      const c = new Intl.Collator(locale);
      fc.assert(
        fc.property(fc.array(fc.oneof(czechTextArb, anyTextArb), { maxLength: 40 }), (texts) => {
          const r = collationRanks(texts, c);
          expect([...r.ranks]).toEqual(plainRanks(texts, c));
          expect(r.count).toBe(new Set(r.ranks).size);
        }),
        { numRuns: 300 },
      );
    });
    it(`STO-5: ranks equal a plain collator sort inside the fast alphabet (locale ${locale})`, () => {
      const c = new Intl.Collator(locale);
      fc.assert(
        fc.property(fc.array(safeTextArb, { maxLength: 40 }), (texts) => {
          expect([...collationRanks(texts, c).ranks]).toEqual(plainRanks(texts, c));
        }),
        { numRuns: 300 },
      );
    });
  }
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collationRanks, primaryKeys } from "../../src/store-listing/collation.js";
import { anyTextArb, czechTextArb } from "../../src/testing/arbitraries/records/store.js";

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

  it("STO-5: a collator's options (numeric, ignorePunctuation) order the fast path too", () => {
    for (const options of [{ numeric: true }, { ignorePunctuation: true }, { numeric: true, ignorePunctuation: true }]) {
      for (const locale of ["cs", "en"]) {
        const c = new Intl.Collator(locale, options);
        fc.assert(
          fc.property(fc.array(fc.oneof(safeTextArb, czechTextArb), { maxLength: 30 }), (texts) => {
            expect([...collationRanks(texts, c).ranks]).toEqual(plainRanks(texts, c));
          }),
          { numRuns: 200 },
        );
      }
    }
    expect([...collationRanks(["a10", "a9", "a 10", "a 9"], new Intl.Collator("cs", { numeric: true })).ranks]).toEqual([3, 2, 1, 0]);
    expect([...collationRanks(["a-b", "ab", "a b"], new Intl.Collator("cs", { ignorePunctuation: true })).ranks]).toEqual([0, 0, 0]);
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

// The safe alphabet of the fast path, as the module states it.
const isSafe = (t: string): boolean => /^[\x20-\x7E\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F]*$/.test(t);
// Characters just outside the safe alphabet (the holes and edges of its ranges, marks, controls, ...).
const unsafeChars = ["\u001F", "\u007F", "\u00A0", "\u00BD", "\u00D7", "\u00F7", "\u0180", "\u0301", "\t", "\u0000", "ʼ", "İ".normalize("NFD"), "ǆ", "😀", "Ω"];
// Texts of the fast alphabet's every kind: Czech-like words, separators, digits, and sometimes a character outside it.
const keyTextArb = fc.oneof(
  { weight: 3, arbitrary: czechTextArb },
  { weight: 3, arbitrary: safeTextArb },
  { weight: 1, arbitrary: fc.tuple(safeTextArb, fc.constantFrom(...unsafeChars), safeTextArb).map(([a, u, b]) => a + u + b) },
);
const sign = (x: number): number => (x < 0 ? -1 : x > 0 ? 1 : 0);
function compareTuples(a: Int32Array, b: Int32Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

describe("primaryKeys (the fast path of STO-5)", () => {
  for (const locale of ["cs", "en", "de", "sk"]) {
    const base = new Intl.Collator(locale, { sensitivity: "base" });

    it(`STO-5: every text inside the safe alphabet gets a key, and no other text does (locale ${locale})`, () => {
      fc.assert(
        fc.property(fc.array(keyTextArb, { maxLength: 30 }), (texts) => {
          const keys = primaryKeys(texts, new Intl.Collator(locale));
          expect(keys.map((k) => k !== undefined)).toEqual(texts.map(isSafe));
        }),
        { numRuns: 300 },
      );
    });

    it(`STO-5: comparing two keys gives the sign of the base collator comparison, equal keys exactly for base-equal texts (locale ${locale})`, () => {
      fc.assert(
        fc.property(fc.array(keyTextArb, { maxLength: 30 }), (texts) => {
          const keys = primaryKeys(texts, new Intl.Collator(locale));
          for (let i = 0; i < texts.length; i++) {
            const ki = keys[i];
            if (ki === undefined) continue;
            for (let j = 0; j < texts.length; j++) {
              const kj = keys[j];
              if (kj === undefined) continue;
              expect(sign(compareTuples(ki, kj))).toBe(sign(base.compare(texts[i] as string, texts[j] as string)));
            }
          }
        }),
        { numRuns: 300 },
      );
    });

    it(`STO-5: token ranks are dense, 0 to k-1 (locale ${locale})`, () => {
      fc.assert(
        fc.property(fc.array(fc.oneof(czechTextArb, safeTextArb).filter(isSafe), { maxLength: 30 }), (words) => {
          // With the space among the texts, every token of the run appears in some key.
          const keys = primaryKeys([" ", ...words], new Intl.Collator(locale));
          const seen = new Set<number>();
          for (const k of keys) for (const r of k ?? []) seen.add(r);
          expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: seen.size }, (_, i) => i));
        }),
        { numRuns: 300 },
      );
    });
  }

  it("STO-5: hand-picked keys in Czech: words, separators, digits and ch", () => {
    const texts = ["Hadice", "hadice", "HA-12", "CH-3", "Chladivo", "a b", "ab", "ř", ""];
    const keys = primaryKeys(texts, new Intl.Collator("cs")).map((k) => (k === undefined ? undefined : Array.from(k)));
    // Tokens by base order: " " < "-" < "12" < "3" < "a" < "ab" < "b" < "HA" < "Hadice" < "CH" < "Chladivo" < "ř"
    expect(keys).toEqual([[8], [8], [7, 1, 2], [9, 1, 3], [10], [4, 0, 6], [5], [11], []]);
  });

  it("STO-5: texts with different keys are ranked without the full collator; only base-equal texts reach it", () => {
    const cs = new Intl.Collator("cs");
    const calls: [string, string][] = [];
    // The collation reads only these two members of the collator.
    const counting = {
      compare: (a: string, b: string): number => {
        calls.push([a, b]);
        return cs.compare(a, b);
      },
      resolvedOptions: () => cs.resolvedOptions(),
    } as unknown as Intl.Collator;
    const texts = ["Kabel", "Kabel 2", "Hadice", "hadice", "Chladivo", "Kabel-2", "Šroub"];
    expect([...collationRanks(texts, counting).ranks]).toEqual(plainRanks(texts, cs));
    for (const [a, b] of calls) expect(new Intl.Collator("cs", { sensitivity: "base" }).compare(a, b)).toBe(0);
    expect(calls.length).toBeGreaterThan(0);
  });
});

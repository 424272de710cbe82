import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Material } from "../../src/material/material.js";
import { foldText } from "../../src/shared/text.js";
import { CHUNK, SEP, appendSearchText, cachedFold, foldSearchText, replaceSearchText, searchMask, searchText } from "../../src/store-listing/search-text.js";
import { material } from "./examples.js";
import { czechTextArb } from "../../src/testing/arbitraries/records/store.js";

const runs = { numRuns: 300 };

const materialArb: fc.Arbitrary<Material> = fc
  .record({ n: fc.nat(), name: czechTextArb, identificationNumber: fc.option(czechTextArb, { nil: null }), supplierCode: fc.option(czechTextArb, { nil: null }) })
  .map((f) => material(f.n, f.name, { identificationNumber: f.identificationNumber, supplierCode: f.supplierCode }));

// The naive search: fold every field of every material, per query (STO-4).
const naiveMask = (ms: readonly Material[], phrase: string): number[] =>
  ms.map((m) => ([m.name, m.identificationNumber ?? "", m.supplierCode ?? ""].some((f) => foldText(f).includes(phrase)) ? 1 : 0));

describe("search text", () => {
  it("STO-4: the search text holds the folded name, identification number and supplier code, each closed by the separator", () => {
    expect(searchText(material(1, "Šroub M6", { identificationNumber: "ČK-1", supplierCode: null }))).toBe(`sroub m6${SEP}ck-1${SEP}${SEP}`);
  });

  it("STO-4: the separator is one character, and splitting a piece by it gives back the three folded fields", () => {
    expect(SEP).toHaveLength(1);
    fc.assert(fc.property(materialArb, (m) => {
      fc.pre(![m.name, m.identificationNumber ?? "", m.supplierCode ?? ""].some((f) => f.includes(SEP)));
      expect(searchText(m).split(SEP)).toEqual([foldText(m.name), foldText(m.identificationNumber ?? ""), foldText(m.supplierCode ?? ""), ""]);
    }), runs);
  });

  it(`STO-4: ${CHUNK} positions fill exactly one chunk, and one more position opens the second`, () => {
    const ms = Array.from({ length: 2 * CHUNK + 1 }, (_, i) => material(i, `m${i}`));
    expect(foldSearchText(ms.slice(0, CHUNK)).chunks).toHaveLength(1);
    expect(foldSearchText(ms.slice(0, CHUNK + 1)).chunks).toHaveLength(2);
    expect(foldSearchText(ms.slice(0, 2 * CHUNK)).chunks).toHaveLength(2);
    const text = foldSearchText(ms.slice(0, CHUNK));
    appendSearchText(text, ms.slice(0, CHUNK), CHUNK);
    expect(text.chunks).toHaveLength(1);
    appendSearchText(text, ms, CHUNK);
    expect(text).toEqual(foldSearchText(ms));
  });

  it("STO-4: a phrase never matches across two fields, and a phrase holding the separator is checked field by field", () => {
    const ms = [material(1, "ab", { identificationNumber: "cd" })];
    const text = foldSearchText(ms);
    expect(Array.from(searchMask(text, ms, "bc"))).toEqual([0]);
    expect(Array.from(searchMask(text, ms, `b${SEP}c`))).toEqual([0]);
    expect(Array.from(searchMask(text, ms, "cd"))).toEqual([1]);
  });

  it("STO-4: the mask equals the naive search, whether the text was folded at once, appended to, or had pieces replaced", () => {
    fc.assert(
      fc.property(fc.array(materialArb, { maxLength: 12 }), fc.nat(), fc.array(fc.tuple(fc.nat(), materialArb), { maxLength: 4 }), czechTextArb, (ms, cut, edits, raw) => {
        const phrase = foldText(raw);
        fc.pre(phrase !== "");
        const k = ms.length === 0 ? 0 : cut % (ms.length + 1);
        const text = foldSearchText(ms.slice(0, k));
        appendSearchText(text, ms, k);
        expect(text).toEqual(foldSearchText(ms));
        expect(Array.from(searchMask(text, ms, phrase))).toEqual(naiveMask(ms, phrase));
        const edited = ms.slice();
        for (const [p, replacement] of ms.length === 0 ? [] : edits) {
          edited[p % ms.length] = replacement;
          replaceSearchText(text, p % ms.length, replacement);
        }
        expect(text).toEqual(foldSearchText(edited));
        expect(Array.from(searchMask(text, edited, phrase))).toEqual(naiveMask(edited, phrase));
      }),
      runs,
    );
  });

  it(`STO-4: across chunks of ${CHUNK} positions: appending, replacing and searching find every match once, at its position`, () => {
    const ms = Array.from({ length: 2 * CHUNK + 10 }, (_, i) => material(i + 1, i % 7 === 0 ? `Šroub ${i}` : `Kabel ${i}`));
    const text = foldSearchText(ms.slice(0, CHUNK - 3));
    appendSearchText(text, ms, CHUNK - 3);
    const edited = ms.slice();
    for (const p of [0, CHUNK - 1, CHUNK, 2 * CHUNK + 9]) {
      edited[p] = material(p + 1, `Hmoždinka šroub ${p}`);
      replaceSearchText(text, p, edited[p] as Material);
    }
    expect(text.chunks.length).toBe(3);
    expect(text).toEqual(foldSearchText(edited));
    expect(Array.from(searchMask(text, edited, "sroub"))).toEqual(naiveMask(edited, "sroub"));
    expect(Array.from(searchMask(text, edited, "hmozdinka")).flatMap((v, p) => (v === 1 ? [p] : []))).toEqual([0, CHUNK - 1, CHUNK, 2 * CHUNK + 9]);
  });
});

describe("cachedFold", () => {
  it("STO-4: folding word by word with a cache equals foldText on the whole text (final sigma included)", () => {
    const fold = cachedFold();
    expect(fold("ΟΔΟΣ ΟΔΟΣ.")).toBe(foldText("ΟΔΟΣ ΟΔΟΣ."));
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(" ", "Σ", "ΑΣ", ".", "İ", "Šroub", "ǅ"), fc.string({ unit: "grapheme", maxLength: 3 })), { maxLength: 8 }), (parts) => {
        const text = parts.join("");
        expect(fold(text)).toBe(foldText(text));
      }),
      runs,
    );
  });
});

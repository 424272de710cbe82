import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Material } from "../../src/material/material.js";
import { foldText } from "../../src/shared/text.js";
import { SEP, appendSearchText, cachedFold, foldSearchText, replaceSearchText, searchMask, searchText } from "../../src/store/search-text.js";
import { material } from "./examples.js";
import { czechTextArb } from "../arbitraries/store.js";

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

  it("STO-4: a phrase never matches across two fields, and a phrase holding the separator is checked field by field", () => {
    const ms = [material(1, "ab", { identificationNumber: "cd" })];
    const text = foldSearchText(ms);
    expect(Array.from(searchMask(text, ms, "bc"))).toEqual([0]);
    expect(Array.from(searchMask(text, ms, `b${SEP}c`))).toEqual([0]);
    expect(Array.from(searchMask(text, ms, "cd"))).toEqual([1]);
  });

  it("STO-4: the mask equals the naive search, whether the text was folded at once, appended to, or had a piece replaced", () => {
    fc.assert(
      fc.property(fc.array(materialArb, { maxLength: 12 }), fc.nat(), materialArb, czechTextArb, (ms, cut, replacement, raw) => {
        const phrase = foldText(raw);
        fc.pre(phrase !== "");
        const k = ms.length === 0 ? 0 : cut % (ms.length + 1);
        const appended = appendSearchText(foldSearchText(ms.slice(0, k)), ms, k);
        expect(appended).toEqual(foldSearchText(ms));
        expect(Array.from(searchMask(appended, ms, phrase))).toEqual(naiveMask(ms, phrase));
        if (ms.length > 0) {
          const p = cut % ms.length;
          const edited = ms.map((m, i) => (i === p ? replacement : m));
          const replaced = replaceSearchText(appended, p, replacement);
          expect(replaced).toEqual(foldSearchText(edited));
          expect(Array.from(searchMask(replaced, edited, phrase))).toEqual(naiveMask(edited, phrase));
        }
      }),
      runs,
    );
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

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkExternalId, checkText, readExternalId } from "../../src/shared/read.js";
import type { Issue } from "../../src/shared/issue.js";
import { foldText, isAddressableExternalId, isStorableText } from "../../src/shared/text.js";

/** Any UTF-16 text, unpaired surrogates and U+0000 included, biased towards the edges. */
const codeUnits = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0, 0x2e, 0x20, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0x61, 0xfeff)), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units));

/** The oracle: what survives a UTF-8 round trip (how every storage and HTTP body carries text) and holds no U+0000. */
// ignoreBOM: the decoder would otherwise drop a leading U+FEFF, which is text like any other.
const survivesUtf8 = (s: string): boolean => new TextDecoder("utf-8", { ignoreBOM: true }).decode(new TextEncoder().encode(s)) === s && !s.includes("\u0000");

describe("storable text (TXT-1)", () => {
  it("TXT-1: text is storable exactly when it survives a UTF-8 round trip and holds no U+0000", () => {
    fc.assert(fc.property(codeUnits, (s) => {
      expect(isStorableText(s)).toBe(survivesUtf8(s));
    }), { numRuns: 5000 });
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => {
      expect(isStorableText(s)).toBe(!s.includes("\u0000"));
    }));
  });

  it("TXT-1: the edges: a pair is one character, either half alone is not, nor is U+0000; U+FFFD and U+0001 are text", () => {
    expect(["🔩", "\uD800\uDC00", "\uFFFD", "\u0001", ""].map(isStorableText)).toEqual([true, true, true, true, true]);
    expect(["\uD800", "\uDC00", "\uDC00\uD800", "a\u0000", "\uD83D\uD83D\uDD29x\uDD29"].map(isStorableText)).toEqual([false, false, false, false, false]);
  });

  it("TXT-1: checkText reports InvalidText at the field's path, after the length check", () => {
    const issues: Issue[] = [];
    expect(checkText("a\u0000", 10, "contactPeople[2]", "position", issues)).toBeUndefined();
    expect(checkText("x\uD800".repeat(6), 10, "", "name", issues)).toBeUndefined();
    expect(checkText("fine 🔩", 10, "", "name", issues)).toBe("fine 🔩");
    expect(issues.map((i) => `${i.code}@${i.path}`)).toEqual(["InvalidText@contactPeople[2].position", "TooLong@name"]);
    expect(issues[0]?.message).toContain("TXT-1");
  });
});

describe("addressable external IDs (TXT-2)", () => {
  /** How fetch and browsers resolve a path: the segment as a URL carries it, decoded back. */
  const carried = (id: string): string | undefined => {
    const segments = new URL(`http://h/order/externalId/${encodeURIComponent(id)}/cancel`).pathname.split("/");
    return segments.length === 5 && segments[4] === "cancel" ? decodeURIComponent(segments[3] as string) : undefined;
  };

  it("TXT-2: an external ID is addressable exactly when it is storable, non-blank, and a URL carries it back unchanged", () => {
    fc.assert(
      fc.property(fc.oneof(codeUnits, fc.constantFrom(".", "..", "...", ". .", "%2e", " ", ".\u0000")), (s) => {
        const expected = isStorableText(s) && s.trim() !== "" && carried(s) === s;
        expect(isAddressableExternalId(s)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it("TXT-2: \".\" and \"..\" are the IDs a URL drops; \"...\", \"%2e\" and \". .\" travel", () => {
    expect([".", ".."].map(carried)).toEqual([undefined, undefined]);
    expect(["...", "%2e", ". .", "a/b"].map(carried)).toEqual(["...", "%2e", ". .", "a/b"]);
    expect([".", "..", "...", "%2e", ". .", "a/b"].map(isAddressableExternalId)).toEqual([false, false, true, true, true, true]);
  });

  it("TXT-2: readExternalId reports Blank, InvalidText, InvalidExternalId or InvalidType, one issue each, at the field's path", () => {
    const issues: Issue[] = [];
    const read = (v: unknown, key: string) => readExternalId(v, "addresses[0]", key, issues);
    expect([read(" ", "a"), read("x\u0000", "b"), read("..", "c"), read(7, "d"), read("A-1", "e")]).toEqual([undefined, undefined, undefined, undefined, "A-1"]);
    expect(issues.map((i) => `${i.code}@${i.path}`)).toEqual([
      "Blank@addresses[0].a", "InvalidText@addresses[0].b", "InvalidExternalId@addresses[0].c", "InvalidType@addresses[0].d",
    ]);
    expect(checkExternalId(".", "", "externalId", [])).toBeUndefined();
  });
});

describe("text folding (STO-4)", () => {
  it("STO-4: case and diacritics are removed", () => {
    expect(foldText("Šroub")).toBe(foldText("sroub"));
    expect(foldText("ŽÁROVKA Řídicí")).toBe("zarovka ridici");
    expect(foldText("İ")).toBe("i");
  });
  it("STO-4: folding removes only case, diacritics and compatibility forms: text without them is left as it is (ß, ı, final ς stay)", () => {
    for (const plain of ["straße", "ı", "οδος", "sroub m6"]) expect(foldText(plain)).toBe(plain);
    expect(foldText("㎆ Ⅻ")).toBe("mb xii");
    const folded = (s: string): boolean => s === s.toLowerCase() && s === s.normalize("NFKD") && !/\p{M}/u.test(s);
    fc.assert(fc.property(fc.string({ unit: "grapheme" }).filter(folded), (s) => foldText(s) === s), { numRuns: 500 });
  });
  it("folding is idempotent", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => foldText(foldText(s)) === foldText(s)), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => foldText(foldText(s)) === foldText(s)), { numRuns: 500 });
  });
});

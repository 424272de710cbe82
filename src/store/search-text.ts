import type { Material } from "../material/material.js";
import { foldText } from "../shared/text.js";

/** Separator of the fields in the search text; a folded phrase without it cannot match across fields. */
export const SEP = "\u0000";

/**
 * Folded name, identification number and supplier code of every position, concatenated, so
 * a search is one `indexOf` loop over one string. Made on a listing's first search rather
 * than at build (folding is most of a build's cost, and a listing only paged and sorted never
 * needs it), then kept current by the updates.
 */
export interface SearchText {
  /** Each position's folded fields, each followed by {@link SEP}. */
  readonly haystack: string;
  /** Start of each position's text in `haystack`; `starts[size]` is its length. */
  readonly starts: Int32Array;
}

/**
 * The searchable text of one material: folded name, identification number and supplier
 * code (STO-4 decides these three fields).
 * @param material - the material
 * @param fold - the folding (by default {@link foldText} itself)
 * @returns the folded fields, each followed by {@link SEP}
 * @example
 * searchText(screw).split(SEP) //=> ["sroub m6", "spo-1000", "", ""]
 */
export function searchText(material: Material, fold: (text: string) => string = foldText): string {
  return fold(material.name) + SEP + fold(material.identificationNumber ?? "") + SEP + fold(material.supplierCode ?? "") + SEP;
}

const ASCII = /^[\x00-\x7f]*$/;
const BELOW_GREEK = /^[\u0000-\u036f]*$/;
const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * {@link foldText} with a cache per space-separated word: folding works character by
 * character except for the final sigma, whose context a space ends, so folding the words and
 * joining them with spaces gives the same text. Names repeat their words, so a build folds
 * each distinct word once.
 * @returns a folding function with its own cache
 * @example
 * cachedFold()("Řídicí JEDNOTKA") //=> "ridici jednotka"
 */
export function cachedFold(): (text: string) => string {
  const cache = new Map<string, string>();
  const word = (w: string): string => {
    // Codes are mostly unique ASCII words; for ASCII, folding is lower-casing (no marks, no
    // compatibility forms, no final sigma), so skip both foldText and the cache.
    if (ASCII.test(w)) return w.toLowerCase();
    let f = cache.get(w);
    if (f === undefined) {
      f = foldText(w);
      cache.set(w, f);
    }
    return f;
  };
  const chars = new Map<string, string>();
  const char = (ch: string): string => {
    let f = chars.get(ch);
    if (f === undefined) {
      f = foldText(ch);
      chars.set(ch, f);
    }
    return f;
  };
  return (text) => {
    // Below U+0370 (Latin, IPA, spacing modifiers, combining marks) lower-casing has no
    // context (no capital sigma) and every decomposition is per character, so the text
    // folds character by character: lower-case natively, then fold the few non-ASCII ones.
    if (BELOW_GREEK.test(text)) {
      const lower = text.toLowerCase();
      return ASCII.test(lower) ? lower : lower.replace(NON_ASCII, char);
    }
    return text.includes(" ") ? text.split(" ").map(word).join(" ") : word(text);
  };
}

/**
 * The search text of materials by position (folded with one {@link cachedFold}).
 * @param materials - the materials by position
 * @returns the search text
 * @example
 * foldSearchText([screw, cable]).starts.length //=> 3
 */
export function foldSearchText(materials: readonly Material[]): SearchText {
  return appendSearchText({ haystack: "", starts: new Int32Array(1) }, materials, 0);
}

/**
 * The search text with the positions from `from` on added at its end.
 * @param text - the search text of positions `0..from`
 * @param materials - the materials by position, through the new ones
 * @param from - the first new position
 * @returns the longer search text
 * @example
 * appendSearchText(foldSearchText([screw]), [screw, cable], 1).haystack === foldSearchText([screw, cable]).haystack //=> true
 */
export function appendSearchText(text: SearchText, materials: readonly Material[], from: number): SearchText {
  const n = materials.length;
  const starts = new Int32Array(n + 1);
  starts.set(text.starts.subarray(0, from + 1));
  const fold = cachedFold();
  const pieces: string[] = [];
  let length = text.haystack.length;
  for (let p = from; p < n; p++) {
    const piece = searchText(materials[p] as Material, fold);
    pieces.push(piece);
    length += piece.length;
    starts[p + 1] = length;
  }
  // One flat string of the new pieces, joined to the old text without copying it.
  return { haystack: text.haystack + pieces.join(""), starts };
}

/**
 * The search text with one position's piece replaced (a material edit).
 * @param text - the search text
 * @param p - the position
 * @param material - the material now at `p`
 * @returns the new search text (`text` is left as it was)
 * @example
 * replaceSearchText(foldSearchText([screw, cable]), 0, cable).haystack === foldSearchText([cable, cable]).haystack //=> true
 */
export function replaceSearchText(text: SearchText, p: number, material: Material): SearchText {
  const piece = searchText(material);
  const from = text.starts[p] as number;
  const to = text.starts[p + 1] as number;
  const delta = piece.length - (to - from);
  const starts = text.starts.slice();
  for (let i = p + 1; i < starts.length; i++) starts[i] = (starts[i] as number) + delta;
  return { haystack: text.haystack.slice(0, from) + piece + text.haystack.slice(to), starts };
}

/**
 * The positions whose name, identification number or supplier code contains a folded
 * phrase, as a byte mask (STO-4).
 * @param text - the search text
 * @param materials - the materials by position (for a phrase holding {@link SEP})
 * @param phrase - the folded phrase, not empty
 * @returns 1 at each matching position
 * @example
 * Array.from(searchMask(foldSearchText([screw, cable]), [screw, cable], "kabel")) //=> [0, 1]
 */
export function searchMask(text: SearchText, materials: readonly Material[], phrase: string): Uint8Array {
  const size = materials.length;
  const mask = new Uint8Array(size);
  if (phrase.includes(SEP)) {
    // A phrase holding the separator could match across fields; check field by field.
    for (let p = 0; p < size; p++) {
      const m = materials[p] as Material;
      if ([m.name, m.identificationNumber ?? "", m.supplierCode ?? ""].some((f) => foldText(f).includes(phrase))) mask[p] = 1;
    }
    return mask;
  }
  const { haystack, starts } = text;
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(phrase, from);
    if (at < 0) break;
    // The position whose text holds `at`: the last start at or before it.
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    mask[lo] = 1;
    from = starts[lo + 1] as number;
  }
  return mask;
}

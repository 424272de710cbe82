import type { Material } from "../material/material.js";
import { foldText } from "../shared/text.js";

/** Separator of the fields in the search text; a folded phrase without it cannot match across fields. */
export const SEP = "\u0000";

/** Positions per chunk of the search text. */
export const CHUNK = 1024;

/**
 * Folded name, identification number and supplier code of every position, concatenated per
 * chunk of {@link CHUNK} positions, so a search is one `indexOf` loop per chunk and a
 * material edit rebuilds one chunk's string, not one string of every material (at 100,000
 * materials that copy dominated an edit). Made on a listing's first search rather than at
 * build (folding is most of a build's cost, and a listing only paged and sorted never needs
 * it), then changed in place by the updates (the listing owns it).
 */
export interface SearchText {
  /** Chunk `c` holds the pieces of positions `c * CHUNK` up to the next chunk, each followed by {@link SEP}. */
  readonly chunks: string[];
  /** Start of each position's piece within its chunk; `starts[size]` is 0 (no piece). */
  starts: Int32Array;
}

/**
 * The searchable text of one material: folded name, identification number and supplier
 * code (STO-4 decides these three fields).
 * @param material - the material
 * @param fold - the folding (by default {@link foldText} itself)
 * @returns the folded fields, each followed by {@link SEP}
 * @example
 * searchText(screw).split(SEP) //=> ["sroub m6", "spo-1000", "s11", ""]
 */
export function searchText(material: Material, fold: (text: string) => string = foldText): string {
  return fold(material.name) + SEP + fold(material.identificationNumber ?? "") + SEP + fold(material.supplierCode ?? "") + SEP;
}

// Stryker disable next-line Regex: a narrower ASCII test only sends more words to the full foldText path, which folds them the same
const ASCII = /^[\x00-\x7f]*$/;
// Stryker disable next-line Regex: a narrower test only sends more texts to the word-by-word path, which folds them the same
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
    // Stryker disable next-line ConditionalExpression: a fast path; foldText of an ASCII word is its lower case
    if (ASCII.test(w)) return w.toLowerCase();
    let f = cache.get(w);
    // Stryker disable next-line ConditionalExpression: a cache; folding again gives the same text
    if (f === undefined) {
      f = foldText(w);
      cache.set(w, f);
    }
    return f;
  };
  const chars = new Map<string, string>();
  const char = (ch: string): string => {
    let f = chars.get(ch);
    // Stryker disable next-line ConditionalExpression: a cache; folding again gives the same text
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
    // Stryker disable next-line ConditionalExpression,BlockStatement: a fast path; the word-by-word path folds the same text
    if (BELOW_GREEK.test(text)) {
      const lower = text.toLowerCase();
      return ASCII.test(lower) ? lower : lower.replace(NON_ASCII, char);
    }
    // Stryker disable next-line StringLiteral: without a space, split(" ") gives [text] and the join gives word(text) again
    return text.includes(" ") ? text.split(" ").map(word).join(" ") : word(text);
  };
}

/**
 * The search text of materials by position (folded with one {@link cachedFold}).
 * @param materials - the materials by position
 * @returns the search text
 * @example
 * foldSearchText([screw, cable]).chunks.length //=> 1
 */
export function foldSearchText(materials: readonly Material[]): SearchText {
  const text: SearchText = { chunks: [], starts: new Int32Array(1) };
  appendSearchText(text, materials, 0);
  return text;
}

/**
 * Adds the positions from `from` on at the end of the search text (in place): the last chunk
 * grows, and new chunks follow.
 * @param text - the search text of positions `0..from` (mutated)
 * @param materials - the materials by position, through the new ones
 * @param from - the first new position
 * @example
 * const text = foldSearchText([screw]);
 * appendSearchText(text, [screw, cable], 1);
 * text.chunks //=> foldSearchText([screw, cable]).chunks
 */
export function appendSearchText(text: SearchText, materials: readonly Material[], from: number): void {
  const n = materials.length;
  const starts = new Int32Array(n + 1);
  starts.set(text.starts.subarray(0, from));
  const fold = cachedFold();
  for (let c = Math.floor(from / CHUNK); c * CHUNK < n; c++) {
    const first = Math.max(from, c * CHUNK);
    let length = c < text.chunks.length ? (text.chunks[c] as string).length : 0;
    const pieces: string[] = [];
    for (let p = first; p < Math.min(n, (c + 1) * CHUNK); p++) {
      const piece = searchText(materials[p] as Material, fold);
      starts[p] = length;
      length += piece.length;
      pieces.push(piece);
    }
    text.chunks[c] = (text.chunks[c] ?? "") + pieces.join("");
  }
  text.starts = starts;
}

/**
 * Replaces one position's piece of the search text (in place): a material edit rebuilds the
 * string of that position's chunk only.
 * @param text - the search text (mutated)
 * @param p - the position
 * @param material - the material now at `p`
 * @example
 * const text = foldSearchText([screw, cable]);
 * replaceSearchText(text, 0, cable);
 * text.chunks //=> foldSearchText([cable, cable]).chunks
 */
export function replaceSearchText(text: SearchText, p: number, material: Material): void {
  const c = Math.floor(p / CHUNK);
  const chunk = text.chunks[c] as string;
  const last = Math.min(text.starts.length - 1, (c + 1) * CHUNK);
  const from = text.starts[p] as number;
  const to = p + 1 < last ? (text.starts[p + 1] as number) : chunk.length;
  const piece = searchText(material);
  text.chunks[c] = chunk.slice(0, from) + piece + chunk.slice(to);
  const delta = piece.length - (to - from);
  for (let i = p + 1; i < last; i++) text.starts[i]! += delta;
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
  // Stryker disable next-line ConditionalExpression: the field-by-field check is exact for every phrase; the chunk search is its fast path
  if (phrase.includes(SEP)) {
    // A phrase holding the separator could match across fields; check field by field.
    for (let p = 0; p < size; p++) {
      const m = materials[p] as Material;
      // Stryker disable next-line StringLiteral: the phrase holds SEP, which no folded fallback text holds, so an unset field never matches either way
      if ([m.name, m.identificationNumber ?? "", m.supplierCode ?? ""].some((f) => foldText(f).includes(phrase))) mask[p] = 1;
    }
    return mask;
  }
  const { chunks, starts } = text;
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c] as string;
    const first = c * CHUNK;
    const last = Math.min(size, first + CHUNK) - 1;
    let from = 0;
    for (;;) {
      const at = chunk.indexOf(phrase, from);
      if (at < 0) break;
      // The position whose piece holds `at`: the last one of the chunk starting at or before it.
      let lo = first;
      let hi = last;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      mask[lo] = 1;
      if (lo === last) break;
      from = starts[lo + 1] as number;
    }
  }
  return mask;
}

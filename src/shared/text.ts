const MARKS = /\p{M}/gu;

/**
 * Folds text for search: lower case, diacritics removed, compatibility forms unified, so
 * `Šroub` and `sroub` fold alike. Idempotent. Used by STO-4.
 * @param text - any text
 * @returns the folded text
 * @example
 * foldText("Šroub M6 ŽÁROVKA") //=> "sroub m6 zarovka"
 */
export function foldText(text: string): string {
  // Lower-casing can expose new combining marks (İ → i + U+0307), so strip after it; a
  // compatibility decomposition can expose capitals (㎆ → MB), so lower-case once more. That last
  // step exposes no mark and leaves NFKD text in NFKD (checked over every code point), so it
  // needs no second strip.
  return text.toLowerCase().normalize("NFKD").replace(MARKS, "").toLowerCase();
}

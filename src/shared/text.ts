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
  // Lower-casing can expose new combining marks (İ → i + U+0307), so strip after it.
  return text.toLowerCase().normalize("NFKD").replace(MARKS, "").toLowerCase().normalize("NFKD").replace(MARKS, "");
}

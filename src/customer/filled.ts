/**
 * Whether a text field counts as filled: a non-blank string. Absent, `null`, `""` and
 * whitespace only are not filled (the word of CUS-3, CUS-4, CUS-9 and CUS-10).
 * @param text - the field's value
 * @returns whether it is filled
 * @example
 * isFilled("Eva") //=> true
 * isFilled("  ") //=> false
 * isFilled(null) //=> false
 * @internal
 */
export function isFilled(text: string | null): boolean {
  return text !== null && text.trim() !== "";
}

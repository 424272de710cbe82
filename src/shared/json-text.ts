/**
 * JSON text of strings, written without `JSON.stringify` where no character needs escaping
 * (issue 33). `JSON.stringify` of one short string cost 220–290 ns on Node 20 here, more than
 * the test and the quotes do; a journal entry writes a few dozen strings, most of them GUIDs,
 * operation names and rule IDs. Every text here is exactly what `JSON.stringify` writes (a
 * property in `test/shared/json-text.test.ts` holds the two together).
 */

/**
 * Printable ASCII but `"` and `\`: the characters `JSON.stringify` writes as they are. (Its
 * mutant that matches one character only is equivalent: every longer string then takes
 * `JSON.stringify`, whose text is the same.)
 */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A string as JSON text: `"` + the string + `"` when it is printable ASCII without `"` or
 * `\`, else `JSON.stringify`'s text (which escapes controls, quotes, backslashes and lone
 * surrogates).
 * @param text - the string
 * @returns its JSON text, the same as `JSON.stringify(text)`
 * @example
 * jsonString("GEN-1") //=> '"GEN-1"'
 * jsonString('a"b') //=> '"a\\"b"'
 */
export function jsonString(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text);
}

/**
 * A string or `null` as JSON text ({@link jsonString}).
 * @param text - the string, or `null`
 * @returns its JSON text, the same as `JSON.stringify(text)`
 * @example
 * jsonStringOrNull(null) //=> "null"
 */
export function jsonStringOrNull(text: string | null): string {
  return text === null ? "null" : jsonString(text);
}

/**
 * A number or `null` as JSON text: what `JSON.stringify` writes, `null` for `NaN` and the
 * infinities too.
 * @param value - the number, or `null`
 * @returns its JSON text, the same as `JSON.stringify(value)`
 * @example
 * jsonNumber(-0) //=> "0"
 * jsonNumber(Number.POSITIVE_INFINITY) //=> "null"
 */
export function jsonNumber(value: number | null): string {
  return Number.isFinite(value) ? String(value) : "null";
}

/**
 * An array of strings as JSON text, each element by {@link jsonString}.
 * @param texts - the strings (or `null`s)
 * @returns its JSON text, the same as `JSON.stringify(texts)`
 * @example
 * jsonStrings(["a", null]) //=> '["a",null]'
 */
export function jsonStrings(texts: readonly (string | null)[]): string {
  let out = "[";
  for (let i = 0; i < texts.length; i++) {
    if (i > 0) out += ",";
    out += jsonStringOrNull(texts[i] ?? null);
  }
  return `${out}]`;
}

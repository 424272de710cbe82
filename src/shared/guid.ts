declare const guidBrand: unique symbol;

/** A GUID, lowercase, as the service generates and stores it (GEN-1). */
export type Guid = string & {
  /** Compile-time brand; no run-time property. */
  readonly [guidBrand]: "Guid";
};

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when the text is shaped as a GUID (`8-4-4-4-12` hex digits, any case).
 * @param text - any value
 * @returns whether it is a GUID
 * @rule GEN-1
 * @example
 * isGuid("3F2504E0-4F89-11D3-9A0C-0305E82C3301") //=> true
 * isGuid("abc") //=> false
 */
export function isGuid(text: unknown): text is string {
  // The anchored pattern fixes the length (36); `typeof` keeps `test` from reading an array or
  // an object as its text.
  return typeof text === "string" && GUID.test(text);
}

/**
 * Normalises a GUID-shaped text to the lowercase branded form, or `undefined` when it is
 * not a GUID. Applies GEN-1.
 * @param text - any value
 * @returns the lowercase GUID, or `undefined`
 * @example
 * toGuid("3F2504E0-4F89-11D3-9A0C-0305E82C3301") //=> "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
 */
export function toGuid(text: unknown): Guid | undefined {
  return isGuid(text) ? (text.toLowerCase() as Guid) : undefined;
}

/**
 * Brands a GUID from trusted data (a fixture already validated, a generator), throwing on a
 * malformed one: that is a programmer error, never user input.
 * @param text - a GUID
 * @returns the lowercase GUID
 * @throws Error when `text` is not a GUID
 */
export function guid(text: string): Guid {
  const g = toGuid(text);
  if (g === undefined) throw new Error(`Not a GUID: ${JSON.stringify(text)}`);
  return g;
}

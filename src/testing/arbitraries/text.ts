import fc from "fast-check";

/** Short non-blank texts with Czech letters, as people type names. */
export const shortText: fc.Arbitrary<string> = fc
  .array(fc.constantFrom("a", "e", "k", "o", "r", "s", "t", "č", "ř", "š", "ž", "á", "é", " ", "-", "1"), { minLength: 1, maxLength: 10 })
  .map((cs) => cs.join(""))
  .filter((s) => s.trim() !== "");

/** Decimals ≥ 0 with up to two decimal places, as JSON numbers. */
export const decimalNumber: fc.Arbitrary<number> = fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(1, 10, 100)).map(([n, d]) => n / d);

/** Replaces `key` of an object body, or removes it when `value` is `undefined`. */
export function withKey(body: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (k !== key) out[k] = v;
  if (value !== undefined) out[key] = value;
  return out;
}

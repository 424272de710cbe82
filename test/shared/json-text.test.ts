// JSON text of strings without JSON.stringify where nothing needs escaping (issue 33): the same
// text as JSON.stringify for every string, printable ASCII or not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonNumber, jsonString, jsonStringOrNull, jsonStrings } from "../../src/shared/json-text.js";

// Any UTF-16 text (lone surrogates and controls included), ASCII alone, and the characters a
// writer that splices strings between quotes could get wrong.
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: "binary-ascii", maxLength: 12 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", '"', "\\", "\u007f", "\u0000", "\u001f", " ", "~", "a\ud800b", "\udc00", "é", "\u2028", "</script>"),
);

describe("JSON text of strings", () => {
  it("the text of a string, a string or null, and an array of them is JSON.stringify's (property)", () => {
    fc.assert(
      fc.property(text, fc.array(fc.option(text, { nil: null }), { maxLength: 5 }), (t, ts) => {
        expect(jsonString(t)).toBe(JSON.stringify(t));
        expect(jsonStringOrNull(t)).toBe(JSON.stringify(t));
        expect(jsonStrings(ts)).toBe(JSON.stringify(ts));
      }),
      { numRuns: 500 },
    );
  });

  it("the text of a number or null is JSON.stringify's: NaN and the infinities are null, -0 is 0 (property)", () => {
    fc.assert(
      fc.property(fc.option(fc.oneof(fc.double(), fc.integer()), { nil: null }), (n) => {
        expect(jsonNumber(n)).toBe(JSON.stringify(n));
      }),
    );
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1e21, 5e-324, null]) expect(jsonNumber(n)).toBe(JSON.stringify(n));
  });

  it("the characters around the plain range: space and ~ are written as they are; quote, backslash, DEL and controls as JSON.stringify writes them", () => {
    expect(jsonString(" ~!#[]")).toBe('" ~!#[]"');
    expect(jsonString('"')).toBe('"\\""');
    expect(jsonString("\\")).toBe('"\\\\"');
    expect(jsonString("\u007f")).toBe('"\u007f"');
    expect(jsonString("\u001f")).toBe('"\\u001f"');
    expect(jsonString("a\ud800")).toBe('"a\\ud800"');
    expect(jsonStringOrNull(null)).toBe("null");
    expect(jsonStrings([])).toBe("[]");
    // An element that is not there at run time is written as JSON.stringify writes it: null.
    expect(jsonStrings([undefined as unknown as string])).toBe("[null]");
  });
});

import { Decimal } from "decimal.js";
import { jsonNumber } from "./json-text.js";
import { limits } from "./limits.js";

/**
 * The one decimal.js configuration of the library: 60 significant digits, half-even
 * rounding, no exponent notation in `toString` for amounts a person would type. A clone, so
 * embedding applications that configure decimal.js globally do not change our arithmetic
 * (GEN-7).
 */
export const Dec: typeof Decimal = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -30,
  toExpPos: 60,
});

/** An exact decimal value of the library's configuration. */
export type Dec = Decimal;

/**
 * Converts a JSON number to an exact decimal as written: `0.1` stays `0.1`, never
 * `0.1000000000000000055511151231257827`. Returns `undefined` for anything that is not a
 * finite number.
 * @param value - a parsed JSON value
 * @returns the decimal, or `undefined`
 * @rule GEN-7
 * @example
 * decimalFromJson(0.1)?.toString() //=> "0.1"
 * decimalFromJson("1") //=> undefined
 * @internal
 */
export function decimalFromJson(value: unknown): Dec | undefined {
  // Number.isFinite does not coerce: false for every value that is not a finite number.
  if (!Number.isFinite(value)) return undefined;
  // Number#toString gives the shortest text that round-trips, i.e. what the JSON said.
  return new Dec(Object.is(value, -0) ? 0 : (value as number));
}

/**
 * Converts a decimal back to a JSON number for a read shape.
 * @param value - a decimal
 * @returns the nearest JSON number
 * @example
 * decimalToJson(new Dec("2.5")) //=> 2.5
 * @internal
 */
export function decimalToJson(value: Dec): number {
  return value.toNumber();
}

/**
 * The JSON text of {@link decimalToJson}'s number, `JSON.stringify(decimalToJson(value))`,
 * written without the round trip through a number where it can be: a storable decimal
 * ({@link isStorableDecimal}) has at most 15 significant digits, below 10^9 and at least 10^-6
 * when not zero, so its own text (no exponent in this configuration, no trailing zeros) is the
 * shortest that parses back to its number, which is what `JSON.stringify` writes. Any other
 * decimal goes through the number. The journal writes every stock amount it records this way
 * (issue 33): `toNumber` writes the decimal's text and parses it again.
 * @param value - a decimal
 * @returns the JSON text of its number (`null` for NaN and the infinities, as `JSON.stringify`)
 * @example
 * decimalJsonText(new Dec("2.50")) //=> "2.5"
 * decimalJsonText(new Dec("0.1234567890123456789")) //=> "0.12345678901234568"
 * @internal
 */
export function decimalJsonText(value: Dec): string {
  if (isStorableDecimal(value)) return value.toString();
  return jsonNumber(value.toNumber());
}

/**
 * Compares two decimals exactly without allocating: the same answer as
 * `a.comparedTo(b)`, which constructs a new decimal from its argument on every call. Reads
 * decimal.js's documented instance properties `s` (sign), `e` (exponent) and `d` (digits in
 * base 1e7, normalised, so equal exponents make the digit words comparable one by one).
 * Sorting and the stock orders compare amounts and prices often (STO-5, GEN-7).
 * @param a - first decimal
 * @param b - second decimal
 * @returns -1, 0 or 1 (`NaN` when either is NaN, like `comparedTo`)
 * @example
 * compareDecimals(new Dec("1.10"), new Dec("1.1")) //=> 0
 * compareDecimals(new Dec("-2"), new Dec("0.5")) //=> -1
 * @internal
 */
export function compareDecimals(a: Dec, b: Dec): number {
  const ad = a.d;
  const bd = b.d;
  const as = a.s;
  const bs = b.s;
  // NaN or ±Infinity (no digits).
  if (!ad || !bd) {
    if (!as || !bs) return NaN;
    if (as !== bs) return as;
    if (ad === bd) return 0;
    // One infinite, the other finite, the same sign: the infinite one is farther from zero.
    return ad ? -bs : as;
  }
  const a0 = ad[0];
  const b0 = bd[0];
  // Either zero (whatever its sign).
  if (!a0 || !b0) return a0 ? as : b0 ? -bs : 0;
  if (as !== bs) return as;
  // The same sign: the larger magnitude is the larger positive and the smaller negative.
  return as === 1 ? compareMagnitudes(a.e, ad, b.e, bd) : compareMagnitudes(b.e, bd, a.e, ad);
}

/** -1, 0 or 1 as the magnitude `(ad, ae)` is below, equal to or above `(bd, be)`, both nonzero. */
function compareMagnitudes(ae: number, ad: readonly number[], be: number, bd: readonly number[]): number {
  if (ae !== be) return Math.sign(ae - be);
  const len = Math.min(ad.length, bd.length);
  for (let i = 0; i < len; i++) {
    const x = ad[i] as number;
    const y = bd[i] as number;
    // Normalised digit words: with equal exponents the first differing word decides.
    if (x !== y) return Math.sign(x - y);
  }
  // Trailing words are nonzero, so the longer is the larger.
  return Math.sign(ad.length - bd.length);
}

/**
 * Whether a decimal can be stored and answered exactly: at most
 * {@link limits}`.decimalScale` (6) digits after the point and below 10^
 * {@link limits}`.decimalIntegerDigits` (10^9), so it has at most 15 significant digits and
 * its JSON number parses back to the same decimal. Amounts and prices beyond it are refused
 * (`OutOfRange`), in a request and as the result of a stock operation, so a finite amount can
 * never overflow into something else (GEN-7).
 * @param value - a decimal
 * @returns whether it is within range and scale
 * @internal
 * @example
 * isStorableDecimal(new Dec("999999999.999999")) //=> true
 * isStorableDecimal(new Dec("1000000000")) //=> false
 * isStorableDecimal(new Dec("0.0000001")) //=> false
 */
export function isStorableDecimal(value: Dec): boolean {
  // decimal.js's documented `e` is the exponent of the leading digit (0 for zero), so a finite
  // value is below 10^9 in magnitude exactly when `e` < 9: no `abs()` nor `lt()`, which each
  // construct a decimal (issue 33). NaN and the infinities have `e` NaN, never below.
  return value.e < limits.decimalIntegerDigits && value.decimalPlaces() <= limits.decimalScale;
}

/** The message of an amount or price out of range or scale, citing the limits. */
export const DECIMAL_RANGE_MESSAGE: string = `Amounts and prices are below 10^${limits.decimalIntegerDigits} with at most ${limits.decimalScale} decimal places (GEN-7).`;

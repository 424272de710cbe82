import { Decimal } from "decimal.js";

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
 * finite number. Implements GEN-7.
 * @param value - a parsed JSON value
 * @returns the decimal, or `undefined`
 * @example
 * decimalFromJson(0.1)?.toString() //=> "0.1"
 * decimalFromJson("1") //=> undefined
 */
export function decimalFromJson(value: unknown): Dec | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  // Number#toString gives the shortest text that round-trips, i.e. what the JSON said.
  return new Dec(Object.is(value, -0) ? 0 : value);
}

/**
 * Converts a decimal back to a JSON number for a read shape.
 * @param value - a decimal
 * @returns the nearest JSON number
 * @example
 * decimalToJson(new Dec("2.5")) //=> 2.5
 */
export function decimalToJson(value: Dec): number {
  return value.toNumber();
}

import { Dec, compareDecimals, decimalFromJson, decimalJsonText, decimalToJson } from "../shared/decimal.js";

/** A finite stock amount: an exact decimal ≥ 0 (STK-1). */
export interface FiniteAmount {
  /** Discriminant. */
  readonly kind: "finite";
  /** The amount, never negative. */
  readonly value: Dec;
}

/** Unlimited stock (STK-1): its own variant, never `Infinity`. */
export interface UnlimitedAmount {
  /** Discriminant. */
  readonly kind: "unlimited";
}

/** A stock amount: finite or unlimited (STK-1). */
export type Amount = FiniteAmount | UnlimitedAmount;

/** "Everything there is": the quantity of a remove or move item sent without an amount (STK-3, STK-5). */
export interface AllQuantity {
  /** Discriminant. */
  readonly kind: "all";
}

/** How much to remove or move: a finite amount, or all (STK-3, STK-5). */
export type Quantity = FiniteAmount | AllQuantity;

/** Unlimited stock. */
export const UNLIMITED: UnlimitedAmount = { kind: "unlimited" };

/** The quantity "all". */
export const ALL: AllQuantity = { kind: "all" };

/** Zero stock. */
export const ZERO: FiniteAmount = { kind: "finite", value: new Dec(0) };

/**
 * A finite amount from a decimal, number or decimal text. Throws on a negative or
 * non-finite value: callers pass validated values (the parsers report bad input).
 * @param value - the amount
 * @returns the finite amount
 * @throws RangeError when `value` is negative or not finite
 * @example
 * finite("2.5") //=> { kind: "finite", value: Dec("2.5") }
 */
export function finite(value: Dec | number | string): FiniteAmount {
  const d = value instanceof Dec ? value : new Dec(value);
  if (!d.isFinite() || d.isNegative()) throw new RangeError(`A stock amount is a finite decimal >= 0, got ${d.toString()}`);
  return { kind: "finite", value: d };
}

/**
 * Reads an amount from its JSON form: `null` is unlimited, a number ≥ 0 is finite
 * (STK-1). Anything else: `undefined`.
 * @param json - a JSON value
 * @returns the amount, or `undefined`
 * @rule STK-1
 * @example
 * amountFromJson(null) //=> UNLIMITED
 * amountFromJson(0.1) //=> { kind: "finite", value: Dec("0.1") }
 */
export function amountFromJson(json: unknown): Amount | undefined {
  if (json === null) return UNLIMITED;
  const d = decimalFromJson(json);
  return d === undefined || d.isNegative() ? undefined : { kind: "finite", value: d };
}

/**
 * Writes an amount in its JSON form: a number, or `null` for unlimited (STK-1).
 * @param amount - the amount
 * @returns a JSON number or `null`
 * @example
 * amountToJson(UNLIMITED) //=> null
 */
export function amountToJson(amount: Amount): number | null {
  return amount.kind === "unlimited" ? null : decimalToJson(amount.value);
}

/**
 * An amount's JSON form ({@link amountToJson}) as JSON text, the same as
 * `JSON.stringify(amountToJson(amount))`, for writers of JSON text such as the journal's.
 * @param amount - the amount
 * @returns `null` for unlimited, else the text of its number
 * @example
 * amountJsonText(UNLIMITED) //=> "null"
 * amountJsonText(finite("2.50")) //=> "2.5"
 * @internal
 */
export function amountJsonText(amount: Amount): string {
  return amount.kind === "unlimited" ? "null" : decimalJsonText(amount.value);
}

/**
 * Writes an amount as exact text, as `GET /sync` carries it: a decimal in plain notation, or
 * `null` for unlimited (STK-1). {@link amountFromText} reads it back.
 * @param amount - the amount
 * @returns the decimal text, or `null`
 * @example
 * amountToText(finite("0.1")) //=> "0.1"
 * amountToText(UNLIMITED) //=> null
 */
export function amountToText(amount: Amount): string | null {
  return amount.kind === "unlimited" ? null : amount.value.toFixed();
}

/**
 * Reads an amount written by {@link amountToText}.
 * @param text - the decimal text, or `null` for unlimited
 * @returns the amount
 * @example
 * amountFromText("2.5") //=> { kind: "finite", value: Dec("2.5") }
 * amountFromText(null) //=> UNLIMITED
 */
export function amountFromText(text: string | null): Amount {
  return text === null ? UNLIMITED : finite(text);
}

/**
 * Orders amounts: finite ones by value, unlimited above every finite one (STO-5).
 * @param a - first amount
 * @param b - second amount
 * @returns negative, zero or positive
 * @example
 * compareAmounts(finite(5), UNLIMITED) //=> -1
 */
export function compareAmounts(a: Amount, b: Amount): number {
  if (a.kind === "unlimited") return b.kind === "unlimited" ? 0 : 1;
  if (b.kind === "unlimited") return -1;
  // Not `comparedTo`: it constructs a decimal from its argument on every call, and the
  // listing's orders compare amounts on every stock change.
  return compareDecimals(a.value, b.value);
}

/**
 * Equality of amounts (by value: `1.0` equals `1`).
 * @param a - first amount
 * @param b - second amount
 * @returns whether they are the same amount
 */
export function amountsEqual(a: Amount, b: Amount): boolean {
  return compareAmounts(a, b) === 0;
}

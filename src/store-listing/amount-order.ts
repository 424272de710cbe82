import { compareAmounts, type Amount } from "../stock/amount.js";
import { denseRanks, type DenseRanks, type PositionCompare } from "./ranking.js";

/**
 * Stock amounts by position with a numeric sort key each, so the amount orders compare
 * numbers, not decimals (decimal.js objects come in several shapes, which makes reading their
 * digits slow in a hot comparison). The key is the correctly rounded double of the amount
 * (`Infinity` for unlimited): a < b implies key(a) ≤ key(b), so different keys decide. Equal
 * keys decide "equal" only when both amounts are `exact` (the amount is the shortest text of
 * its double, so two such amounts with one double are one value); otherwise the exact
 * comparison decides.
 */
export interface AmountColumn {
  /** Stock amount by position. */
  amounts: Amount[];
  /** Sort key by position. */
  keys: Float64Array;
  /** 1 where equal keys mean equal amounts. */
  exact: Uint8Array;
}

/**
 * Writes an amount and its sort key at a position (in place).
 * @param column - the amount column (mutated)
 * @param p - the position, below the column's length
 * @param amount - the amount
 * @example
 * const c = amountColumn([finite(1)]);
 * setAmountAt(c, 0, UNLIMITED);
 * c.keys[0] //=> Infinity
 */
export function setAmountAt(column: AmountColumn, p: number, amount: Amount): void {
  column.amounts[p] = amount;
  if (amount.kind === "unlimited") {
    column.keys[p] = Infinity;
    column.exact[p] = 1;
    return;
  }
  const text = amount.value.toString();
  const x = Number(text);
  column.keys[p] = x;
  // Stryker disable next-line ConditionalExpression: exact 0 only sends equal keys to the exact comparison, which decides the same; slower, never different
  column.exact[p] = String(x) === text ? 1 : 0;
}

/**
 * Keys every amount.
 * @param amounts - stock amount by position (taken, not copied)
 * @returns the amount column
 * @example
 * Array.from(amountColumn([finite(2), UNLIMITED]).keys) //=> [2, Infinity]
 */
export function amountColumn(amounts: Amount[]): AmountColumn {
  const n = amounts.length;
  const column: AmountColumn = { amounts, keys: new Float64Array(n), exact: new Uint8Array(n) };
  for (let p = 0; p < n; p++) setAmountAt(column, p, amounts[p] as Amount);
  return column;
}

/**
 * Appends amounts at the end of a column (new positions), growing its key arrays once.
 * @param column - the amount column (mutated)
 * @param added - the amounts of the new positions, in position order
 * @example
 * const c = amountColumn([finite(2)]);
 * appendAmounts(c, [UNLIMITED]);
 * Array.from(c.keys) //=> [2, Infinity]
 */
export function appendAmounts(column: AmountColumn, added: readonly Amount[]): void {
  const n = column.amounts.length;
  const keys = new Float64Array(n + added.length);
  keys.set(column.keys);
  const exact = new Uint8Array(n + added.length);
  exact.set(column.exact);
  column.keys = keys;
  column.exact = exact;
  for (let i = 0; i < added.length; i++) setAmountAt(column, n + i, added[i] as Amount);
}

/**
 * Compares two positions by amount (in a direction), then by name rank: the STO-5 order of
 * the amount key. Reads the column at each comparison, so it follows in-place changes.
 * @param column - the amount column
 * @param nameRanks - position → index in the name-ascending order
 * @param descend - whether amounts compare descending
 * @returns the comparison of positions
 * @example
 * const cmp = amountComparator(amountColumn([finite(2), UNLIMITED, finite(2)]), Int32Array.of(1, 2, 0), false);
 * [cmp(0, 1) < 0, cmp(2, 0) < 0] //=> [true, true]
 */
export function amountComparator(column: AmountColumn, nameRanks: Int32Array, descend: boolean): PositionCompare {
  const sign = descend ? -1 : 1;
  return (a, b) => {
    const x = column.keys[a] as number;
    const y = column.keys[b] as number;
    // Stryker disable next-line EqualityOperator: x !== y here, so x <= y is x < y
    if (x !== y) return x < y ? -sign : sign;
    // Stryker disable next-line ConditionalExpression: always running the exact comparison gives the same answer (both exact with equal keys means equal amounts), only slower
    if ((column.exact[a]! & column.exact[b]!) === 0) {
      const c = compareAmounts(column.amounts[a] as Amount, column.amounts[b] as Amount);
      // Stryker disable next-line ArithmeticOperator: compareAmounts returns -1, 0 or 1 (compareDecimals' contract) and c is not 0 here, so sign / c is sign * c
      if (c !== 0) return sign * c;
    }
    return nameRanks[a]! - nameRanks[b]!;
  };
}

// Stryker disable next-line StringLiteral: any key that is not the text of a decimal groups unlimited apart from every finite amount; "" is not one either
const amountKey = (a: Amount): string => (a.kind === "unlimited" ? "∞" : a.value.toString());

/**
 * Dense ranks of amounts (unlimited above every finite amount, STK-1).
 * @param amounts - the amounts
 * @returns their dense ranks
 * @example
 * Array.from(amountRanks([UNLIMITED, finite(3), finite(1)]).ranks) //=> [2, 1, 0]
 */
export function amountRanks(amounts: readonly Amount[]): DenseRanks {
  return denseRanks(amounts, amountKey, (d) => (a, b) => compareAmounts(d[a] as Amount, d[b] as Amount));
}

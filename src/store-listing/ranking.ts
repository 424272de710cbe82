/**
 * The one ranking algorithm of the store listing and the operations on its kept orders.
 *
 * Every sort key (names, codes, prices, amounts, catalog names) is ranked the same way:
 * group equal values by a text key, sort only the distinct values by the key's exact
 * comparison, and give each value the dense rank of its group. An order is then a stable
 * counting sort of the tie order (name ascending, GUID ascending) by those ranks, so no
 * comparison runs per material. Kept orders change by single moves (a binary search and a
 * memmove) or by merging a sorted run of new positions.
 */

/** Dense ranks of values: equal rank exactly when the comparison calls the values equal. */
export interface DenseRanks {
  /** Rank of each value, by input index, 0-based. */
  readonly ranks: Int32Array;
  /** Number of distinct ranks. */
  readonly count: number;
}

/** Ascending and descending orders of positions for one sort key. */
export interface KeyOrders {
  /** Positions sorted by the key ascending, ties by name then GUID ascending. */
  readonly ascend: Int32Array;
  /** Positions sorted by the key descending, ties by name then GUID ascending. */
  readonly descend: Int32Array;
}

/** A comparison of two positions (negative, zero or positive). */
export type PositionCompare = (a: number, b: number) => number;

/**
 * Ranks values densely. Values repeat a lot (amounts, catalog names), so they are grouped
 * by `keyOf` first (equal keys must mean equal values) and only the distinct ones are
 * sorted; the comparison of two distinct values is made by `compareDistinct` from the list
 * of distinct values, so a caller can prepare per-value data once (collation keys).
 * @param values - the values
 * @param keyOf - a text key; equal keys must mean equal values
 * @param compareDistinct - given the distinct values, the comparison of two of their indices
 * @returns the dense ranks
 * @example
 * Array.from(denseRanks([3, 1, 3, 2], String, (d) => (a, b) => d[a] - d[b]).ranks) //=> [2, 0, 2, 1]
 */
export function denseRanks<T>(values: readonly T[], keyOf: (v: T) => string, compareDistinct: (distinct: readonly T[]) => PositionCompare): DenseRanks {
  const n = values.length;
  const indexOf = new Map<string, number>();
  const distinct: T[] = [];
  const valueDistinct = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i] as T;
    const k = keyOf(v);
    let d = indexOf.get(k);
    // Stryker disable next-line ConditionalExpression: grouping is a speed-up only; without it equal values become separate distinct entries that compare equal and get one dense rank
    if (d === undefined) {
      d = distinct.length;
      indexOf.set(k, d);
      distinct.push(v);
    }
    valueDistinct[i] = d;
  }
  const compare = compareDistinct(distinct);
  const sorted = Array.from(distinct, (_, d) => d).sort(compare);
  const distinctRank = new Int32Array(distinct.length);
  let rank = -1;
  for (let i = 0; i < sorted.length; i++) {
    const d = sorted[i] as number;
    if (i === 0 || compare(sorted[i - 1] as number, d) !== 0) rank++;
    distinctRank[d] = rank;
  }
  const ranks = new Int32Array(n);
  // Stryker disable next-line EqualityOperator: ranks[n] is past the end of a typed array, so that extra write is dropped
  for (let i = 0; i < n; i++) ranks[i] = distinctRank[valueDistinct[i] as number] as number;
  return { ranks, count: rank + 1 };
}

/**
 * Both orders of a sort key by a stable counting sort of the tie order: within one rank the
 * tie order is kept in both directions (STO-5 breaks ties ascending either way).
 * @param tieOrder - positions in the tie order
 * @param rankOf - the key's dense rank by position (`rankOf[p - base]`), below `count`
 * @param count - the number of ranks
 * @param base - the position of `rankOf[0]` (the first position of a range being sorted)
 * @returns the ascending and descending orders
 * @example
 * const o = ordersByRank(Int32Array.of(2, 0, 1), Int32Array.of(1, 0, 1), 2);
 * [Array.from(o.ascend), Array.from(o.descend)] //=> [[1, 2, 0], [2, 0, 1]]
 */
export function ordersByRank(tieOrder: Int32Array, rankOf: Int32Array, count: number, base = 0): KeyOrders {
  const n = tieOrder.length;
  const ascendStart = new Int32Array(count + 1);
  // Stryker disable next-line EqualityOperator: tieOrder[n] is undefined, so the extra round writes at index NaN, which a typed array drops
  for (let i = 0; i < n; i++) ascendStart[rankOf[tieOrder[i]! - base]! + 1]! += 1;
  for (let r = 1; r <= count; r++) ascendStart[r]! += ascendStart[r - 1]!;
  // In descend, rank r starts after every higher rank.
  const descendStart = new Int32Array(count);
  // Stryker disable next-line EqualityOperator: descendStart[count] is past the end of a typed array, so that extra write is dropped
  for (let r = 0; r < count; r++) descendStart[r] = n - ascendStart[r + 1]!;
  const ascend = new Int32Array(n);
  const descend = new Int32Array(n);
  // Stryker disable next-line EqualityOperator: in the extra round p is undefined and so is its rank, so every write goes to a non-index key (no element of ascend or descend changes)
  for (let i = 0; i < n; i++) {
    const p = tieOrder[i] as number;
    const r = rankOf[p - base] as number;
    ascend[ascendStart[r]!++] = p;
    descend[descendStart[r]!++] = p;
  }
  return { ascend, descend };
}

/**
 * The inverse of an order: position → its index in the order (for the name-ascending order,
 * comparing two of these is the whole STO-5 tie-break without a collator call).
 * @param order - positions in some order
 * @param into - the array to write (reused by in-place updates), by default a new one
 * @returns `into`, filled
 * @example
 * Array.from(inverseOrder(Int32Array.of(2, 0, 1))) //=> [1, 2, 0]
 */
export function inverseOrder(order: Int32Array, into: Int32Array = new Int32Array(order.length)): Int32Array {
  // Stryker disable next-line EqualityOperator: order[length] is undefined, so the extra write sets a non-index key, no element of `into`
  for (let i = 0; i < order.length; i++) into[order[i] as number] = i;
  return into;
}

/**
 * First index in `order[from..to)` whose position does not sort before `p`.
 * @param order - a sorted order
 * @param from - the first index searched
 * @param to - one past the last index searched
 * @param p - the position placed
 * @param compare - the order's comparison
 * @returns the index
 * @example
 * lowerBound(Int32Array.of(10, 20, 30), 0, 3, 25, (a, b) => a - b) //=> 2
 */
export function lowerBound(order: Int32Array, from: number, to: number, p: number, compare: PositionCompare): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(order[mid] as number, p) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Takes position `p` out of a sorted order of length `n` (in place), finding it by the
 * comparison as the order was sorted: the entries after it shift down and index `n - 1` is
 * left free.
 * @param order - the order (mutated)
 * @param n - its length in use
 * @param p - the position taken out
 * @param compare - the comparison the order is sorted by, with `p` still keyed as sorted
 * @returns the index `p` was at
 * @throws Error when `p` is not where the comparison says (a broken index)
 * @example
 * const o = Int32Array.of(10, 20, 30);
 * removeSorted(o, 3, 20, (a, b) => a - b) //=> 1
 * Array.from(o.subarray(0, 2)) //=> [10, 30]
 */
export function removeSorted(order: Int32Array, n: number, p: number, compare: PositionCompare): number {
  const at = lowerBound(order, 0, n, p, compare);
  if (order[at] !== p) throw new Error(`Store listing: position ${p} is not where its order says`);
  order.copyWithin(at, at + 1, n);
  return at;
}

/**
 * Puts position `p` into a sorted order whose first `n - 1` entries are in use (in place).
 * @param order - the order (mutated), with room at index `n - 1`
 * @param n - its length once `p` is in
 * @param p - the position put in
 * @param compare - the comparison the order is sorted by
 * @returns the index `p` is now at
 * @example
 * const o = Int32Array.of(10, 30, 0);
 * insertSorted(o, 3, 20, (a, b) => a - b) //=> 1
 * Array.from(o) //=> [10, 20, 30]
 */
export function insertSorted(order: Int32Array, n: number, p: number, compare: PositionCompare): number {
  const at = lowerBound(order, 0, n - 1, p, compare);
  // Stryker disable next-line ArithmeticOperator: callers pass n = order.length, and copyWithin clamps its end to the length, so copying two more entries only pushes the free slot's copy off the end
  order.copyWithin(at + 1, at, n - 1);
  order[at] = p;
  return at;
}

/**
 * Merges a sorted run of new positions into a kept order: one pass that copies the kept
 * order once, and per new position a galloping search from where the previous one went
 * (so a few new positions cost a few binary searches, and many cost about one comparison
 * per kept entry). No two positions may compare equal (STO-5 ties end at the GUID).
 * @param kept - the kept order
 * @param added - the new positions, sorted by the same comparison
 * @param compare - the comparison both are sorted by
 * @returns a new order holding both
 * @example
 * Array.from(mergeSorted(Int32Array.of(10, 30, 50), Int32Array.of(20, 60), (a, b) => a - b)) //=> [10, 20, 30, 50, 60]
 */
export function mergeSorted(kept: Int32Array, added: Int32Array, compare: PositionCompare): Int32Array {
  const n = kept.length;
  const out = new Int32Array(n + added.length);
  let copied = 0; // kept entries already in `out`
  let from = 0; // every kept entry before it sorts before the current new position
  for (let j = 0; j < added.length; j++) {
    const p = added[j] as number;
    // Gallop: widen the step until an entry not before p is found, then search inside.
    let hi = from;
    // Stryker disable next-line EqualityOperator: the precondition says no kept and new position compare equal (STO-5 ties end at the GUID), so <= 0 is < 0
    for (let step = 1; hi < n && compare(kept[hi] as number, p) < 0; step *= 2) {
      from = hi + 1;
      // Stryker disable next-line ArithmeticOperator: a longer step is as correct (every skipped entry sorts before kept[hi], itself before p, and the search below covers from..hi); only the number of comparisons changes
      hi = from + step - 1;
    }
    const at = lowerBound(kept, from, Math.min(hi, n), p, compare);
    out.set(kept.subarray(copied, at), copied + j);
    out[at + j] = p;
    copied = at;
    from = at;
  }
  out.set(kept.subarray(copied, n), copied + added.length);
  return out;
}

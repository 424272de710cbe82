// The stock batches (STK-2 to STK-6): add, remove, set and move, on copies of the model's stock
// that replace it only when the server accepts the whole batch.
import fc from "fast-check";
import type { Amt, Model, Scope } from "../state.js";
import { Cmd, dryRun } from "./step.js";

/** Stock items: a material index and an amount in halves, or `null` (unlimited for add and set, all for remove and move). */
type Item = readonly [number, number | null];
const items = fc.array(fc.tuple(fc.nat(2), fc.option(fc.integer({ min: 0, max: 30 }), { nil: null })), { minLength: 1, maxLength: 3 });
/** The items of a small batch repeated 50–100 times: a batch of hundreds of items. */
const bigItems = fc.tuple(items, fc.integer({ min: 50, max: 100 })).map(([list, times]) => Array.from({ length: list.length * times }, (_, i) => list[i % list.length] as Item));
const plus = (a: Amt, b: Amt): Amt => (a === "INF" || b === "INF" ? "INF" : a + b);
/** STK-3: never below 0; all empties; unlimited stays unlimited for a finite quantity. */
const minus = (a: Amt, q: number | null): Amt => (q === null ? 0 : a === "INF" ? "INF" : Math.max(0, a - q));
/** Halves as thousandths. */
const milli = (halves: number | null): number | null => (halves === null ? null : halves * 500);

/** Runs a batch on copies of the model's stock; `undefined` when an item is refused (the whole batch is, STK-6). */
function batch(m: Model, s: Scope, stores: readonly string[], each: (stock: Map<string, Map<string, Amt>>, mat: string, q: number | null) => boolean, list: readonly Item[]): Map<string, Map<string, Amt>> | undefined {
  const copy = new Map(stores.map((st) => [st, new Map(m.stock.get(st))]));
  for (const [mat, q] of list) if (!each(copy, s.materials[mat % s.materials.length] as string, milli(q))) return undefined;
  return copy;
}

/**
 * A stock batch of one kind (STK-2 to STK-6), small or of hundreds of items: the whole batch or nothing.
 * @param kind - add, remove, set or move
 * @param big - a batch of hundreds of items
 * @returns the command's arbitrary
 */
export function stockCmd(kind: "add" | "remove" | "set" | "move", big = false): fc.Arbitrary<Cmd> {
  return fc.tuple(fc.nat(1), fc.nat(1), big ? bigItems : items, dryRun).map(
    ([f, t, list, d]) =>
      new Cmd(`${kind} store ${f}${kind === "move" ? ` to store ${t}` : ""} ${big ? `${list.length} items` : list.map(([mat, q]) => `m${mat}:${q === null ? "null" : q / 2}`).join(" ")}`, d, (m, s) => {
        const from = s.stores[f] as string;
        const to = s.stores[t] as string;
        const at = (st: Map<string, Map<string, Amt>>, store: string): Map<string, Amt> => st.get(store) as Map<string, Amt>;
        const result =
          kind === "add" ? batch(m, s, [from], (st, mat, q) => (at(st, from).set(mat, plus(at(st, from).get(mat) ?? 0, q ?? "INF")), true), list)
          : kind === "set" ? batch(m, s, [from], (st, mat, q) => (at(st, from).set(mat, q ?? "INF"), true), list)
          : kind === "remove" ? batch(m, s, [from], (st, mat, q) => {
              const cur = at(st, from).get(mat);
              if (cur === undefined) return false;
              at(st, from).set(mat, minus(cur, q));
              return true;
            }, list)
          : from === to ? undefined
          : batch(m, s, [from, to], (st, mat, q) => {
              const cur = at(st, from).get(mat);
              if (cur === undefined) return false;
              at(st, from).set(mat, minus(cur, q));
              at(st, to).set(mat, plus(at(st, to).get(mat) ?? 0, q ?? cur));
              return true;
            }, list);
        const path = kind === "add" ? `/store/${from}/addToStore` : kind === "remove" ? `/store/${from}/removeMaterial` : kind === "set" ? `/store/${from}/setMaterialAmounts` : `/store/${from}/moveTo/${to}`;
        return {
          method: kind === "add" ? "POST" : "PUT", path, status: result === undefined ? 400 : kind === "add" ? 201 : 204,
          body: list.map(([mat, q]) => ({ materialId: s.materials[mat % s.materials.length], amount: q === null ? null : q / 2 })),
          touch: { orders: [], stores: kind === "move" ? [from, to] : [from] },
          apply: (mm) => {
            for (const [store, stock] of result ?? []) mm.stock.set(store, stock);
          },
        };
      }),
  );
}

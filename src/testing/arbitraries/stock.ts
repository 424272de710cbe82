import fc from "fast-check";
import { decimalNumber } from "./text.js";
import type { Body, NearValid } from "./types.js";

/** One item: a material and an amount, absent or `null` about one time in five (unlimited, or all). */
function item(materials: readonly string[]): fc.Arbitrary<Body> {
  return fc
    .tuple(fc.constantFrom(...materials), fc.oneof({ weight: 8, arbitrary: decimalNumber }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant(undefined) }))
    .map(([materialId, amount]) => (amount === undefined ? { materialId } : { materialId, amount }));
}

/**
 * Valid stock batches (STK-1, STK-6): one to five items over `materials`. For
 * `addToStore` and `setMaterialAmounts` pass any of the company's materials; for
 * `removeMaterial` and `moveTo` pass those stocked at the (source) store (STK-3, STK-5).
 * @param materials - GUIDs or external IDs of materials
 * @returns an arbitrary of batches
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(stockBatch(kitContext(demoFixture, "demo").materials), { numRuns: 10, seed: 1 }).every((b) => b.length >= 1) //=> true
 */
export function stockBatch(materials: readonly string[]): fc.Arbitrary<Body[]> {
  return fc.array(item(materials), { minLength: 1, maxLength: 5 });
}

/**
 * Near-valid stock batches: one item with a negative or non-numeric amount, or an unknown
 * material (STK-6, GEN-7); for a remove or a move, with `notStocked` given, one item naming a
 * material the store does not hold (STK-3, STK-5).
 * @param materials - materials valid for this batch (see {@link stockBatch})
 * @param notStocked - materials of the company not stocked at the (source) store; only for remove and move
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidStockBatch(["MAT-001"]), { numRuns: 30, seed: 1 }).some((n) => n.violation.code === "Negative") //=> true
 */
export function nearValidStockBatch(materials: readonly string[], notStocked?: readonly string[]): fc.Arbitrary<NearValid<Body[]>> {
  const spot = fc.tuple(stockBatch(materials), fc.nat()).map(([batch, k]) => [batch, k % (batch.length + 1)] as const);
  const insert = (batch: Body[], at: number, bad: Body): Body[] => [...batch.slice(0, at), bad, ...batch.slice(at)];
  const some = fc.constantFrom(...materials);
  const cases: Array<fc.Arbitrary<NearValid<Body[]>>> = [
    fc.tuple(spot, some).map(([[batch, at], materialId]) => ({ body: insert(batch, at, { materialId, amount: -1 }), violation: { rule: "GEN-7", path: `[${at}].amount`, code: "Negative" } })),
    fc.tuple(spot, some).map(([[batch, at], materialId]) => ({ body: insert(batch, at, { materialId, amount: "12" }), violation: { rule: "STK-6", path: `[${at}].amount`, code: "InvalidType" } })),
    spot.map(([batch, at]) => ({ body: insert(batch, at, { materialId: "no-such-material", amount: 1 }), violation: { rule: "STK-6", path: `[${at}].materialId`, code: "UnknownReference" } })),
  ];
  if (notStocked !== undefined && notStocked.length > 0) {
    cases.push(fc.tuple(spot, fc.constantFrom(...notStocked)).map(([[batch, at], materialId]) => ({ body: insert(batch, at, { materialId, amount: 1 }), violation: { rule: "STK-3", path: `[${at}].materialId`, code: "NotStocked" } })));
  }
  return fc.oneof(...cases);
}

// Amounts, quantities and stock records, for the unit tests of the stock rules.
import fc from "fast-check";
import { Dec } from "../../../shared/decimal.js";
import { guid, type Guid } from "../../../shared/guid.js";
import { refIndex, type RefIndex } from "../../../shared/reference.js";
import { ALL, UNLIMITED, type Amount, type FiniteAmount, type Quantity } from "../../../stock/amount.js";

/** Exact decimals ≥ 0 with up to 4 decimal places, as a person types them. */
export const decimalArb: fc.Arbitrary<Dec> = fc
  .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 4 }))
  .map(([units, scale]) => new Dec(units).dividedBy(10 ** scale));

/** Finite amounts. */
export const finiteArb: fc.Arbitrary<FiniteAmount> = decimalArb.map((value) => ({ kind: "finite", value }));

/** Amounts, unlimited about one time in five. */
export const amountArb: fc.Arbitrary<Amount> = fc.oneof({ weight: 4, arbitrary: finiteArb }, { weight: 1, arbitrary: fc.constant(UNLIMITED) });

/** Quantities of a remove or move, "all" about one time in five. */
export const quantityArb: fc.Arbitrary<Quantity> = fc.oneof({ weight: 4, arbitrary: finiteArb }, { weight: 1, arbitrary: fc.constant(ALL) });

/** A small catalog of materials with GUIDs and external IDs `M0`..`M7`. */
export const materialIds: readonly Guid[] = Array.from({ length: 8 }, (_, i) => guid(`00000000-0000-4000-8000-00000000000${i}`));

/** The materials of {@link materialIds} as a reference index. */
export const materials: RefIndex<{ id: Guid; externalId: string }> = refIndex(
  materialIds.map((id, i) => ({ id, externalId: `M${i}` })),
  (m) => m.id,
  (m) => m.externalId,
);

/** A material reference as a client sends it: GUID (upper or lower case) or external ID. */
export const materialRefArb: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 0, max: materialIds.length - 1 }), fc.constantFrom("guid", "GUID", "external"))
  .map(([i, form]) => (form === "external" ? `M${i}` : form === "GUID" ? (materialIds[i] as string).toUpperCase() : (materialIds[i] as string)));

/** A store's stock over the test materials. */
export const stockArb: fc.Arbitrary<Map<Guid, Amount>> = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...materialIds), amountArb), { selector: ([id]) => id, maxLength: materialIds.length })
  .map((entries) => new Map(entries));

/** The numeric value of a finite amount, for assertions. */
export function valueOf(amount: Amount): string {
  return amount.kind === "unlimited" ? "INF" : amount.value.toString();
}

/** Deep-freezes a value (maps by freezing their entries' values), to prove inputs are not mutated. */
export function deepFreeze<T>(value: T): T {
  if (value instanceof Map) {
    for (const v of value.values()) deepFreeze(v);
    return value;
  }
  if (typeof value === "object" && value !== null && !Object.isFrozen(value) && !(value instanceof Dec)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

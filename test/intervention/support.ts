// References an intervention decision resolves (GEN-3), shared by the tests of plan, edit, replan
// and the lifecycle (test/order/plan-intervention.test.ts, test/intervention/{edit,replan,lifecycle}.test.ts):
// references as a client sends them, the catalogs they resolve against, and the exact issue a miss reports.
import fc from "fast-check";
import type { CatalogValue, InterventionCategory } from "../../src/shared/catalog.js";
import { guid, type Guid } from "../../src/shared/guid.js";
import { g, users } from "../../src/testing/arbitraries/records/intervention.js";

export interface Named { readonly id: Guid; readonly key: string }

/**
 * A reference as a client sends it, with the GUID it must resolve to: a known record by its
 * slug or external ID, by its GUID in any mix of letter case (GEN-1), `null` where the field
 * may be cleared, or a value that names nothing (`undefined` expected).
 */
export function referenceArb(known: readonly Named[], withNull: boolean): fc.Arbitrary<{ ref: string | null; expected: Guid | null | undefined }> {
  const hits = fc.constantFrom(...known).chain((k) =>
    fc.oneof(fc.constant({ ref: k.key, expected: k.id }), fc.mixedCase(fc.constant(k.id)).map((ref) => ({ ref, expected: k.id }))),
  );
  const names = new Set(known.flatMap((k) => [k.id, k.key]));
  const misses = fc
    .oneof(fc.uuid(), fc.constantFrom("ghost", known[0]?.key.toUpperCase() ?? "X"), fc.string({ minLength: 1, maxLength: 8 }))
    .filter((ref) => !names.has(ref.toLowerCase()) && !names.has(ref))
    .map((ref) => ({ ref, expected: undefined }));
  return withNull ? fc.oneof(hits, misses, fc.constant({ ref: null, expected: null })) : fc.oneof(hits, misses);
}

// GUIDs with letters, so a mixed-case reference differs from the stored lowercase one.
export const customStates: readonly CatalogValue[] = [
  { id: g(40), slug: "waiting-parts", name: "Waiting for parts" },
  { id: guid("c0ffee00-babe-4ace-8bad-f00dcafe0001"), slug: "on-hold", name: "On hold" },
];
export const categories: readonly InterventionCategory[] = [
  { id: guid("deadbeef-0000-4000-a000-00000000abcd"), slug: "repair", name: "Repair", forms: [] },
  { id: g(33), slug: "visit", name: "Visit", forms: [] },
];
export const stateRefs: readonly Named[] = customStates.map((c) => ({ id: c.id, key: c.slug }));
export const categoryRefs: readonly Named[] = categories.map((c) => ({ id: c.id, key: c.slug }));
export const userRefs: readonly Named[] = users.flatMap((u) => (u.externalId === null ? [] : [{ id: u.id, key: u.externalId }]));

export const unknown = (path: string, what: string, ref: string): readonly Readonly<Record<string, string>>[] => [
  { code: "UnknownReference", path, message: `No ${what} has the ID, external ID or slug ${JSON.stringify(ref)} (GEN-3).`, rule: "GEN-3" },
];

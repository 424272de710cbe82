// References an intervention decision resolves (GEN-3): custom state on plan, edit and replan
// (INT-1, INT-4, INT-3), category on plan and replan, owner on edit; and the exact issue each
// refusal reports (code, path and message), since a refusal with the wrong code, path or
// wording is as wrong for an API user as an acceptance.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { editIntervention } from "../../src/intervention/edit.js";
import { moveIntervention } from "../../src/intervention/lifecycle.js";
import { planIntervention } from "../../src/intervention/plan.js";
import { replanIntervention } from "../../src/intervention/replan.js";
import type { InterventionEditCommand } from "../../src/intervention/request.js";
import type { CatalogValue, InterventionCategory } from "../../src/shared/catalog.js";
import { ABSENT } from "../../src/shared/field.js";
import { guid, type Guid } from "../../src/shared/guid.js";
import { refIndex } from "../../src/shared/reference.js";
import { defaultSettings } from "../../src/shared/settings.js";
import {
  at, customer, g, idSource, makeIntervention, makeOrder, NOW, planCommand, planContext, users, userIndex,
  REPLAN_DAY, replanCommand,
} from "../arbitraries/intervention.js";

interface Named { readonly id: Guid; readonly key: string }

/**
 * A reference as a client sends it, with the GUID it must resolve to: a known record by its
 * slug or external ID, by its GUID in any mix of letter case (GEN-1), `null` where the field
 * may be cleared, or a value that names nothing (`undefined` expected).
 */
function referenceArb(known: readonly Named[], withNull: boolean): fc.Arbitrary<{ ref: string | null; expected: Guid | null | undefined }> {
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
const customStates: readonly CatalogValue[] = [
  { id: g(40), slug: "waiting-parts", name: "Waiting for parts" },
  { id: guid("c0ffee00-babe-4ace-8bad-f00dcafe0001"), slug: "on-hold", name: "On hold" },
];
const categories: readonly InterventionCategory[] = [
  { id: guid("deadbeef-0000-4000-a000-00000000abcd"), slug: "repair", name: "Repair", forms: [] },
  { id: g(33), slug: "visit", name: "Visit", forms: [] },
];
const stateRefs = customStates.map((c) => ({ id: c.id, key: c.slug }));
const categoryRefs = categories.map((c) => ({ id: c.id, key: c.slug }));
const userRefs = users.flatMap((u) => (u.externalId === null ? [] : [{ id: u.id, key: u.externalId }]));

const unknown = (path: string, what: string, ref: string) => [
  { code: "UnknownReference", path, message: `No ${what} has the ID, external ID or slug ${JSON.stringify(ref)} (GEN-3).`, rule: "GEN-3" },
];

const DAY2 = REPLAN_DAY;
const planned = makeIntervention("Planned", { customStateId: g(40), externalId: "E1" });
const replanContext = (intervention = planned) => ({
  intervention,
  order: makeOrder(),
  customer,
  users: userIndex,
  categories: refIndex(categories, (c) => c.id, (c) => c.slug),
  customStates: refIndex(customStates, (c) => c.id, (c) => c.slug),
  settings: defaultSettings,
  allocations: collisionIndex([intervention]),
  takenExternalIds: new Set(["E1", "TAKEN"]),
  now: NOW,
});
const none: InterventionEditCommand = { customStateId: ABSENT, ownerId: ABSENT, priority: ABSENT, internalNote: ABSENT, sendByPost: ABSENT };
const editContext = () => ({
  intervention: makeIntervention("Running", { customStateId: g(40) }),
  order: makeOrder(),
  users: userIndex,
  customStates: refIndex(customStates, (c) => c.id, (c) => c.slug),
});
const planWith = () => planContext({ categories: refIndex(categories, (c) => c.id, (c) => c.slug), customStates: refIndex(customStates, (c) => c.id, (c) => c.slug) });

describe("intervention references (GEN-3)", () => {
  it("INT-1: plan resolves customStateId by GUID (any case) or slug; null is none; a miss is UnknownReference at customStateId", () => {
    fc.assert(
      fc.property(referenceArb(stateRefs, true), ({ ref, expected }) => {
        const r = planIntervention(planCommand({ customStateId: ref }), planWith());
        if (expected === undefined) expect(r).toEqual({ ok: false, issues: unknown("customStateId", "InterventionCustomState", ref ?? "") });
        else expect(r.ok && r.value.intervention.customStateId).toBe(expected);
      }),
    );
  });

  it("INT-1: plan resolves categoryId; a miss is UnknownReference at categoryId", () => {
    fc.assert(
      fc.property(referenceArb(categoryRefs, false), ({ ref, expected }) => {
        const r = planIntervention(planCommand({ categoryId: ref ?? "" }), planWith());
        if (expected === undefined) expect(r).toEqual({ ok: false, issues: unknown("categoryId", "InterventionCategory", ref ?? "") });
        else expect(r.ok && r.value.intervention.categoryId).toBe(expected);
      }),
    );
  });

  it("INT-3: replan resolves customStateId (omitted keeps, null clears) and categoryId; each miss is UnknownReference at its path", () => {
    fc.assert(
      fc.property(referenceArb(stateRefs, true), referenceArb(categoryRefs, false), fc.boolean(), (state, category, sendState) => {
        const command = replanCommand({ customStateId: sendState ? state.ref : ABSENT, categoryId: category.ref ?? "" });
        const r = replanIntervention(command, replanContext());
        const issues = [
          ...(category.expected === undefined ? unknown("categoryId", "InterventionCategory", category.ref ?? "") : []),
          ...(sendState && state.expected === undefined ? unknown("customStateId", "InterventionCustomState", state.ref ?? "") : []),
        ];
        if (issues.length > 0) {
          expect(r).toEqual({ ok: false, issues });
          return;
        }
        expect(r.ok && [r.value.intervention.categoryId, r.value.intervention.customStateId]).toEqual([category.expected, sendState ? state.expected : g(40)]);
      }),
    );
  });

  it("INT-4: edit resolves customStateId (omitted keeps, null clears) and ownerId; each miss is UnknownReference at its path", () => {
    fc.assert(
      fc.property(referenceArb(stateRefs, true), referenceArb(userRefs, false), fc.boolean(), fc.boolean(), (state, owner, sendState, sendOwner) => {
        const command: InterventionEditCommand = { ...none, customStateId: sendState ? state.ref : ABSENT, ownerId: sendOwner ? owner.ref ?? "" : ABSENT };
        const context = editContext();
        const r = editIntervention(command, context);
        const issues = [
          ...(sendOwner && owner.expected === undefined ? unknown("ownerId", "user", owner.ref ?? "") : []),
          ...(sendState && state.expected === undefined ? unknown("customStateId", "InterventionCustomState", state.ref ?? "") : []),
        ];
        if (issues.length > 0) {
          expect(r).toEqual({ ok: false, issues });
          return;
        }
        expect(r.ok && [r.value.intervention.customStateId, r.value.intervention.ownerId]).toEqual([
          sendState ? state.expected : g(40),
          sendOwner ? owner.expected : context.intervention.ownerId,
        ]);
      }),
    );
  });

  it("INT-1, GEN-4: a plan's external ID already used is DuplicateExternalId with its message", () => {
    const r = planIntervention(planCommand({ externalId: "X-1" }), planContext({ takenExternalIds: new Set(["X-1"]) }));
    expect(r).toEqual({ ok: false, issues: [{ code: "DuplicateExternalId", path: "externalId", message: 'Another intervention has the external ID "X-1" (GEN-4).', rule: "GEN-4" }] });
  });

  it("INT-3, GEN-4: a replan setting a used external ID, or changing one, is refused with its message", () => {
    const dup = replanIntervention(replanCommand({ externalId: "TAKEN" }), replanContext({ ...planned, externalId: null }));
    expect(dup).toEqual({ ok: false, issues: [{ code: "DuplicateExternalId", path: "externalId", message: 'Another intervention has the external ID "TAKEN" (GEN-4).', rule: "GEN-4" }] });
    const changed = replanIntervention(replanCommand({ externalId: "E2" }), replanContext());
    expect(changed).toEqual({
      ok: false,
      issues: [{ code: "Immutable", path: "externalId", message: "The external ID of an intervention cannot be changed or cleared by replan (INT-3).", rule: "INT-3" }],
    });
  });

  it("INT-3: a replan with invalid assignations and an unknown category reports every issue", () => {
    const r = replanIntervention(
      replanCommand({ categoryId: "ghost", assignations: [{ userId: "nobody", plannedStart: at(DAY2, "10:00"), plannedEnd: at(DAY2, "11:00") }] }),
      replanContext(),
    );
    expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["UnknownReference@categoryId", "UnknownReference@assignations[0].userId", "PrimaryNotAssigned@primaryAssigneeId"]);
  });

  it("INT-7: completing an intervention whose category is missing from the catalog is a broken invariant, named in the error", () => {
    const orphan = makeIntervention("Running", { categoryId: g(99) });
    const context = { order: makeOrder(), categories: refIndex(categories, (c) => c.id, (c) => c.slug), newId: idSource(), now: NOW };
    expect(() => moveIntervention("complete", orphan, context)).toThrow(`Intervention ${orphan.id} names category ${g(99)}, which is not in the catalog`);
  });
});

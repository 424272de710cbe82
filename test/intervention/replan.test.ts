import { describe, expect, it } from "vitest";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { replanIntervention, type InterventionReplanContext } from "../../src/intervention/replan.js";
import { defaultSettings } from "../../src/shared/settings.js";
import {
  at, categoryIndex, customer, customStateIndex, deepFreeze, g, makeIntervention, makeOrder, NOW, TECH1, userIndex,
  REPLAN_DAY, replanCommand,
  users,
} from "../../src/testing/arbitraries/records/intervention.js";
import fc from "fast-check";
import { ABSENT } from "../../src/shared/field.js";
import { refIndex } from "../../src/shared/reference.js";
import { categories, categoryRefs, customStates, referenceArb, stateRefs, unknown } from "./support.js";

const DAY2 = REPLAN_DAY;
const cmd = replanCommand;
const iv = makeIntervention("Planned", { customStateId: g(40), priority: "Low", internalNote: "keep me", externalId: "E1" });
const ctx = (over: Partial<InterventionReplanContext> = {}): InterventionReplanContext => ({
  intervention: iv,
  order: makeOrder(),
  customer,
  users: userIndex,
  categories: categoryIndex,
  customStates: customStateIndex,
  settings: defaultSettings,
  allocations: collisionIndex([iv]),
  takenExternalIds: new Set(["E1", "TAKEN"]),
  now: NOW,
  ...over,
});

describe("replanIntervention", () => {
  it("INT-3: replaces day, category and assignations; omitted optional fields keep; it stays Planned", () => {
    const r = replanIntervention(cmd(), ctx());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.intervention).toEqual({
      ...iv,
      day: DAY2,
      categoryId: g(33),
      assignations: [{ userId: TECH1, plannedStart: at(DAY2, "09:00"), plannedEnd: at(DAY2, "10:00") }],
    });
  });

  it("INT-3: null clears customStateId and internalNote; sent priority replaces", () => {
    const r = replanIntervention(cmd({ customStateId: null, internalNote: null, priority: "High" }), ctx());
    expect(r.ok && [r.value.intervention.customStateId, r.value.intervention.internalNote, r.value.intervention.priority]).toEqual([null, null, "High"]);
  });

  it("INT-3: only a Planned intervention of an Open order", () => {
    expect(replanIntervention(cmd(), ctx({ intervention: { ...iv, state: "Running" } })).ok).toBe(false);
    const r = replanIntervention(cmd(), ctx({ order: makeOrder("Completed") }));
    expect(r.ok ? "" : r.issues[0].message).toBe("replan: order is Completed (INT-3)");
  });

  it("ASN-5: the intervention's own old allocations do not collide", () => {
    const same = cmd({ day: iv.day, assignations: [{ userId: "tech-1", plannedStart: at(iv.day, "09:30"), plannedEnd: at(iv.day, "10:30") }] });
    expect(replanIntervention(same, ctx({ settings: { ...defaultSettings, disableCollisions: true } })).ok).toBe(true);
  });

  it("NOT-6: a replan withdraws the old reminder first, then schedules the new one", () => {
    const r = replanIntervention(cmd({ sendReminderOneDayBefore: true, sendNotificationNow: true }), ctx());
    expect(r.ok && r.value.effects.map((e) => e.type)).toEqual(["cancelReminder", "notifyCustomer", "scheduleReminder"]);
  });

  it("the external ID cannot change by replan; refused replans return only issues and mutate nothing", () => {
    const frozen = deepFreeze(ctx());
    const r = replanIntervention(deepFreeze(cmd({ externalId: "E2" })), frozen);
    expect(r).toEqual({ ok: false, issues: [expect.objectContaining({ code: "Immutable", path: "externalId" })] });
    expect(replanIntervention(cmd({ externalId: "E1" }), frozen).ok).toBe(true);
  });

  it("INT-3: a replan may set an external ID on an intervention that has none; clearing or changing one stays Immutable", () => {
    const bare = ctx({ intervention: { ...iv, externalId: null } });
    const set = replanIntervention(cmd({ externalId: "NEW-1" }), bare);
    expect(set.ok && set.value.intervention.externalId).toBe("NEW-1");
    expect(replanIntervention(cmd({ externalId: null }), bare).ok).toBe(true);
    const cleared = replanIntervention(cmd({ externalId: null }), ctx());
    expect(cleared.ok ? [] : cleared.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["Immutable@externalId"]);
  });

  it("INT-3, GEN-4: the external ID a replan sets must be unused in the company", () => {
    const r = replanIntervention(cmd({ externalId: "TAKEN" }), ctx({ intervention: { ...iv, externalId: null } }));
    expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["DuplicateExternalId@externalId"]);
  });

  it("GEN-9: 40,000 invalid assignations are refused with every issue, not a stack overflow", () => {
    const bad = { userId: "nobody", plannedStart: at("2026-03-13", "10:00"), plannedEnd: at("2026-03-11", "09:00") };
    const r = replanIntervention(cmd({ assignations: Array.from({ length: 40_000 }, () => bad) }), ctx());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(4 * 40_000 + 1);
    expect(r.issues[4 * 39_999]).toMatchObject({ code: "UnknownReference", path: "assignations[39999].userId" });
  });
});

describe("intervention references (GEN-3)", () => {
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
});

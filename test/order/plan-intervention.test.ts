import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { planIntervention } from "../../src/order/plan-intervention.js";
import { defaultSettings } from "../../src/shared/settings.js";
import {
  ADMIN, at, DAY, deepFreeze, DISPATCHER, g, makeIntervention, makeOrder, orderStateArb, planCommand, planContext, REPAIR, TECH1, TECH2,
} from "../../src/testing/arbitraries/records/intervention.js";
import { refIndex } from "../../src/shared/reference.js";
import { categories, categoryRefs, customStates, referenceArb, stateRefs, unknown } from "../intervention/support.js";

describe("planIntervention", () => {
  it("INT-1: a plan on an Open order creates a Planned intervention with resolved references", () => {
    const r = planIntervention(planCommand(), planContext());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const iv = r.value.intervention;
    expect(iv).toMatchObject({
      id: g(0x1000),
      orderId: g(70),
      state: "Planned",
      day: DAY,
      primaryAssigneeId: TECH1,
      categoryId: REPAIR,
      cancellationReason: null,
      reportDocuments: [],
    });
    expect(iv.assignations.map((a) => a.userId)).toEqual([TECH1, TECH2]);
    expect(r.value.effects).toEqual([]);
  });

  it("INT-1: planning on a Completed or Cancelled order is refused", () => {
    for (const s of ["Completed", "Cancelled"] as const) {
      const r = planIntervention(planCommand(), planContext({ order: makeOrder(s) }));
      expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([`planIntervention: order is ${s} (INT-1)`]);
    }
  });

  it("INT-2: omitted priority is the order's; a sent one wins", () => {
    const a = planIntervention(planCommand(), planContext());
    const b = planIntervention(planCommand({ priority: "Low" }), planContext());
    expect(a.ok && a.value.intervention.priority).toBe("High");
    expect(b.ok && b.value.intervention.priority).toBe("Low");
  });

  it("INT-9: the owner is the planner and sendByPost comes from the order", () => {
    const r = planIntervention(planCommand(), planContext({ actorId: ADMIN, order: makeOrder("Open", { sendByPost: true }) }));
    expect(r.ok && [r.value.intervention.ownerId, r.value.intervention.sendByPost]).toEqual([ADMIN, true]);
    const r2 = planIntervention(planCommand(), planContext({ actorId: DISPATCHER, order: makeOrder("Open", { sendByPost: false }) }));
    expect(r2.ok && [r2.value.intervention.ownerId, r2.value.intervention.sendByPost]).toEqual([DISPATCHER, false]);
  });

  it("GEN-9: every issue is reported at once with its path", () => {
    const r = planIntervention(
      planCommand({ categoryId: "nope", customStateId: "nope", primaryAssigneeId: "disp", assignations: [{ userId: "tech-1", plannedStart: at(DAY, "10:00"), plannedEnd: at(DAY, "09:00") }] }),
      planContext({ order: makeOrder("Cancelled") }),
    );
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([
      ["InvalidState", ""],
      ["UnknownReference", "categoryId"],
      ["UnknownReference", "customStateId"],
      ["NotTechnician", "primaryAssigneeId"],
      ["StartNotBeforeEnd", "assignations[0].plannedEnd"],
      ["PrimaryNotAssigned", "primaryAssigneeId"],
    ]);
  });

  it("ASN-5: with collisions disabled an overlap with another intervention is refused; ASN-6: allowed otherwise", () => {
    const other = makeIntervention("Running", { id: g(0x99), assignations: [{ userId: TECH2, plannedStart: at(DAY, "11:00"), plannedEnd: at(DAY, "15:00") }] });
    const allocations = collisionIndex([other]);
    const refused = planIntervention(planCommand(), planContext({ allocations, settings: { ...defaultSettings, disableCollisions: true } }));
    expect(refused.ok ? [] : refused.issues.map((i) => [i.code, i.path])).toEqual([["Collision", "assignations[1]"]]);
    expect(refused.ok ? "" : refused.issues[0].message).toContain(other.id);
    expect(planIntervention(planCommand(), planContext({ allocations })).ok).toBe(true);
  });

  it("GEN-4: a taken external ID is refused", () => {
    const r = planIntervention(planCommand({ externalId: "X1" }), planContext({ takenExternalIds: new Set(["X1"]) }));
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["DuplicateExternalId", "externalId"]]);
  });

  it("NOT-5, NOT-6: notification now and a reminder for the day before", () => {
    const r = planIntervention(planCommand({ sendNotificationNow: true, sendReminderOneDayBefore: true }), planContext());
    expect(r.ok && r.value.effects.map((e) => e.type)).toEqual(["notifyCustomer", "scheduleReminder"]);
    expect(r.ok && r.value.effects[1]).toEqual({ type: "scheduleReminder", interventionId: g(0x1000), sendOn: "2026-03-09" });
    const tomorrow = planIntervention(planCommand({ sendReminderOneDayBefore: true }), planContext({ now: at("2026-03-09", "08:00") }));
    expect(tomorrow.ok && tomorrow.value.effects).toEqual([]);
  });

  it("a refused plan returns no records and no effects, and never mutates its inputs", () => {
    fc.assert(
      fc.property(orderStateArb, fc.boolean(), fc.boolean(), (os, collide, notify) => {
        const other = makeIntervention("Planned", { id: g(0x99), assignations: [{ userId: TECH1, plannedStart: at(DAY, "08:00"), plannedEnd: at(DAY, "10:00") }] });
        const ctx = deepFreeze(planContext({ order: makeOrder(os), allocations: collisionIndex(collide ? [other] : []), settings: { ...defaultSettings, disableCollisions: true } }));
        const cmd = deepFreeze(planCommand({ sendNotificationNow: notify, sendReminderOneDayBefore: notify }));
        const before = JSON.stringify([cmd, ctx.order, ctx.customer]);
        const r = planIntervention(cmd, ctx);
        expect(JSON.stringify([cmd, ctx.order, ctx.customer])).toBe(before);
        expect(r.ok).toBe(os === "Open" && !collide);
        if (!r.ok) expect(Object.keys(r)).toEqual(["ok", "issues"]);
      }),
    );
  });

  it("GEN-9: 40,000 invalid assignations are refused with every issue, not a stack overflow", () => {
    const bad = { userId: "nobody", plannedStart: at("2026-03-11", "10:00"), plannedEnd: at("2026-03-09", "09:00") };
    const r = planIntervention(planCommand({ assignations: Array.from({ length: 40_000 }, () => bad) }), planContext());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // Per assignation: unknown user, start and end off the day, end before start; then the main technician is unassigned.
    expect(r.issues).toHaveLength(4 * 40_000 + 1);
    expect(r.issues[4 * 39_999]).toMatchObject({ code: "UnknownReference", path: "assignations[39999].userId" });
  });
});

describe("intervention references (GEN-3)", () => {
  const planWith = () => planContext({ categories: refIndex(categories, (c) => c.id, (c) => c.slug), customStates: refIndex(customStates, (c) => c.id, (c) => c.slug) });

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

  it("INT-1, GEN-4: a plan's external ID already used is DuplicateExternalId with its message", () => {
    const r = planIntervention(planCommand({ externalId: "X-1" }), planContext({ takenExternalIds: new Set(["X-1"]) }));
    expect(r).toEqual({ ok: false, issues: [{ code: "DuplicateExternalId", path: "externalId", message: 'Another intervention has the external ID "X-1" (GEN-4).', rule: "GEN-4" }] });
  });
});

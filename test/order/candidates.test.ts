// planCandidates (issue 36): the order's state first, as PlanIntervention checks it (INT-1).
import { describe, expect, it } from "vitest";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { planCandidates } from "../../src/order/candidates.js";
import { orderStates } from "../../src/records/order.js";
import { defaultSettings } from "../../src/shared/settings.js";
import type { IsoDate } from "../../src/shared/time.js";
import { planIntervention } from "../../src/order/plan-intervention.js";
import { makeOrder, planCommand, planContext, userIndex } from "../../src/testing/arbitraries/records/intervention.js";

describe("planCandidates", () => {
  it("CND-2 INT-1: an order that PlanIntervention refuses for its state is refused with the same issue; an Open one answers candidates", () => {
    const context = { users: userIndex, settings: { ...defaultSettings, timeZone: "Europe/Prague" }, allocations: collisionIndex([]) };
    const query = { day: "2026-03-10" as IsoDate, duration: 60, from: null, to: null, step: 60, technicians: null, limit: 5 };
    for (const state of orderStates) {
      const got = planCandidates(query, makeOrder(state), context);
      const plan = planIntervention(planCommand(), planContext({ order: makeOrder(state) }));
      if (state === "Open") expect(got.ok && got.value.candidates.length).toBe(5);
      else expect(got.ok ? [] : got.issues).toEqual(plan.ok ? [] : plan.issues.filter((i) => i.rule === "INT-1"));
    }
  });
});

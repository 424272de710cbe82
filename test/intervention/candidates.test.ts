// replanCandidates (issue 36): the intervention's and the order's states first, as Replan checks them (INT-3).
import { describe, expect, it } from "vitest";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { replanCandidates } from "../../src/intervention/candidates.js";
import { interventionActionIssue } from "../../src/intervention/machine.js";
import { interventionStates } from "../../src/records/intervention.js";
import { orderStates } from "../../src/records/order.js";
import { defaultSettings } from "../../src/shared/settings.js";
import type { IsoDate } from "../../src/shared/time.js";
import { makeIntervention, makeOrder, userIndex } from "../../src/testing/arbitraries/records/intervention.js";

describe("replanCandidates", () => {
  it("CND-2 INT-3 ASN-5: refused exactly when Replan is, with its issue; otherwise its own slot is free to take again", () => {
    const own = makeIntervention("Planned");
    const context = { users: userIndex, settings: { ...defaultSettings, timeZone: "Europe/Prague", disableCollisions: true }, allocations: collisionIndex([own]) };
    const query = { day: own.day as IsoDate, duration: 120, from: 9 * 60, to: 11 * 60, step: 60, technicians: ["tech-1"], limit: 5 };
    for (const state of interventionStates) {
      for (const orderState of orderStates) {
        const iv = makeIntervention(state);
        const expected = interventionActionIssue("replan", iv, makeOrder(orderState));
        const got = replanCandidates(query, iv, makeOrder(orderState), context);
        if (expected !== undefined) expect(got.ok ? [] : got.issues).toEqual([expected]);
        else expect(got.ok && got.value.candidates.map((c) => c.plannedStart)).toEqual([own.assignations[0]!.plannedStart]);
      }
    }
  });
});

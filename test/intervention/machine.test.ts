import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cancelIntervention } from "../../src/intervention/cancel.js";
import { editIntervention } from "../../src/intervention/edit.js";
import { interventionStateLabels, interventionStates, type Intervention, type InterventionState } from "../../src/records/intervention.js";
import { moveIntervention, reportDocuments } from "../../src/intervention/lifecycle.js";
import {
  allowedInterventionActions, interventionActionIssue, interventionActions, isTerminalInterventionState, nextInterventionState,
  type InterventionAction,
} from "../../src/intervention/machine.js";
import { replanIntervention } from "../../src/intervention/replan.js";
import { emptyCollisionIndex } from "../../src/assignation/collision-index.js";
import { ABSENT } from "../../src/shared/field.js";
import { defaultSettings } from "../../src/shared/settings.js";
import type { Order } from "../../src/records/order.js";
import type { Result } from "../../src/shared/issue.js";
import type { InterventionDecision } from "../../src/intervention/decision.js";
import {
  at, categoryIndex, customer, customStateIndex, DAY, idSource, interventionStateArb, makeIntervention, makeOrder, NOW, orderStateArb, userIndex,
} from "../../src/testing/arbitraries/records/intervention.js";

// The spec's table, written out independently of the implementation (RULES.md INT-3..INT-7).
const SPEC: Record<InterventionState, Partial<Record<InterventionAction, InterventionState>>> = {
  Planned: { edit: "Planned", replan: "Planned", cancel: "Cancelled", startDeparture: "DepartureStarted", start: "Running" },
  DepartureStarted: { edit: "DepartureStarted", cancel: "Cancelled", start: "Running" },
  Running: { edit: "Running", cancel: "Cancelled", requestSignature: "WaitingForSignature", complete: "Completed" },
  WaitingForSignature: { edit: "WaitingForSignature", complete: "Completed" },
  Completed: { edit: "Completed", reportDocuments: "Completed" },
  Cancelled: { edit: "Cancelled" },
};

/** Calls the decision that carries an action, with a request that is otherwise valid. */
export function decide(action: InterventionAction, iv: Intervention, order: Order): Result<unknown> {
  switch (action) {
    case "edit":
      return editIntervention(
        { customStateId: ABSENT, ownerId: ABSENT, priority: "Low", internalNote: ABSENT, sendByPost: ABSENT },
        { intervention: iv, order, users: userIndex, customStates: customStateIndex },
      );
    case "replan":
      return replanIntervention(
        {
          externalId: ABSENT, primaryAssigneeId: "tech-1", day: DAY, categoryId: "visit", customStateId: ABSENT, priority: ABSENT, internalNote: ABSENT,
          assignations: [{ userId: "tech-1", plannedStart: at(DAY, "13:00"), plannedEnd: at(DAY, "14:00") }],
          sendNotificationNow: true, sendReminderOneDayBefore: true,
        },
        { intervention: iv, order, customer, users: userIndex, categories: categoryIndex, customStates: customStateIndex, settings: defaultSettings, allocations: emptyCollisionIndex, takenExternalIds: new Set(), now: NOW },
      );
    case "cancel":
      return cancelIntervention({ reason: "r", sendNotificationToCustomer: true }, { intervention: iv, order, customer, settings: defaultSettings });
    case "reportDocuments":
      return reportDocuments(iv, order);
    default:
      return moveIntervention(action, iv, { order, categories: categoryIndex, now: NOW, newId: idSource() });
  }
}

describe("intervention state machine", () => {
  it("INT-3, INT-4, INT-5, INT-6, INT-7: every (state, action) pair is allowed exactly as RULES.md says (order Open)", () => {
    const order = makeOrder("Open");
    for (const s of interventionStates) {
      for (const a of interventionActions) {
        const expected = SPEC[s][a];
        expect(nextInterventionState(s, a), `${s} × ${a}`).toBe(expected);
        const why = interventionActionIssue(a, makeIntervention(s), order);
        expect(why === undefined, `${s} × ${a}`).toBe(expected !== undefined);
      }
    }
  });

  it("INT-5: cancel from WaitingForSignature is refused with the state and rule in the message", () => {
    expect(interventionActionIssue("cancel", makeIntervention("WaitingForSignature"), makeOrder())).toEqual({
      code: "InvalidState",
      path: "",
      message: "cancel: intervention is WaitingForSignature (INT-5)", rule: "INT-5",
    });
  });

  it("INT-3: replan needs an Open order; INT-4: so does edit", () => {
    for (const os of ["Completed", "Cancelled"] as const) {
      expect(interventionActionIssue("replan", makeIntervention("Planned"), makeOrder(os))?.message).toBe(`replan: order is ${os} (INT-3)`);
      expect(interventionActionIssue("edit", makeIntervention("Planned"), makeOrder(os))?.message).toBe(`edit: order is ${os} (INT-4)`);
    }
    // The lifecycle and cancel do not look at the order.
    expect(interventionActionIssue("cancel", makeIntervention("Running"), makeOrder("Completed"))).toBeUndefined();
  });

  it("Completed and Cancelled are the terminal states", () => {
    expect(interventionStates.filter(isTerminalInterventionState)).toEqual(["Completed", "Cancelled"]);
  });

  it("Czech display labels exist for every state", () => {
    expect(interventionStateLabels.Planned).toBe("Naplánovaný");
    expect(interventionStateLabels.Cancelled).toBe("Zrušený");
  });

  it("allowedInterventionActions lists every action with a reason exactly when refused", () => {
    const list = allowedInterventionActions(makeIntervention("Completed"), makeOrder());
    expect(list.map((a) => a.action)).toEqual([...interventionActions]);
    expect(list.filter((a) => a.allowed).map((a) => a.action)).toEqual(["edit", "reportDocuments"]);
    const refused = list.find((a) => a.action === "cancel");
    expect(refused).toEqual({ action: "cancel", allowed: false, issue: { code: "InvalidState", path: "", message: "cancel: intervention is Completed (INT-5)", rule: "INT-5" } });
  });

  it("random action sequences: never an undefined state, terminal states stay, allowed actions agree with the decisions", () => {
    fc.assert(
      fc.property(orderStateArb, fc.array(fc.constantFrom(...interventionActions), { maxLength: 30 }), (orderState, actions) => {
        const order = makeOrder(orderState);
        let iv = makeIntervention("Planned");
        for (const action of actions) {
          const allowed = allowedInterventionActions(iv, order);
          for (const entry of allowed) {
            expect(decide(entry.action, iv, order).ok, `${iv.state} × ${entry.action}`).toBe(entry.allowed);
          }
          const r = decide(action, iv, order) as Result<InterventionDecision | { documents: unknown }>;
          if (!r.ok) {
            expect(r.issues[0].code).toBe("InvalidState");
            continue;
          }
          const before = iv.state;
          if ("intervention" in r.value) iv = r.value.intervention;
          expect(interventionStates).toContain(iv.state);
          expect(iv.state).toBe(nextInterventionState(before, action));
          if (isTerminalInterventionState(before)) expect(iv.state).toBe(before);
        }
      }),
    );
  });

  it("allowed actions agree with the decisions for every state and order state", () => {
    fc.assert(
      fc.property(interventionStateArb, orderStateArb, (s, os) => {
        const iv = makeIntervention(s);
        const order = makeOrder(os);
        for (const entry of allowedInterventionActions(iv, order)) {
          const r = decide(entry.action, iv, order);
          expect(r.ok).toBe(entry.allowed);
          if (!r.ok && !entry.allowed) expect(r.issues).toEqual([entry.issue]);
        }
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cancelOrder } from "../../src/order/cancel.js";
import { completeOrder } from "../../src/order/complete.js";
import { allowedOrderActions, nextOrderState, orderActionIssue, orderActions, type OrderAction } from "../../src/order/machine.js";
import { orderStateLabels, orderStates, type Order, type OrderState } from "../../src/records/order.js";
import type { Intervention } from "../../src/records/intervention.js";
import { planIntervention } from "../../src/order/plan-intervention.js";
import { defaultSettings } from "../../src/shared/settings.js";
import type { Result } from "../../src/shared/issue.js";
import { customer, makeIntervention, makeOrder, orderInterventionsArb, orderStateArb, planCommand, planContext } from "../../src/testing/arbitraries/records/intervention.js";

const SPEC: Record<OrderState, Partial<Record<OrderAction, OrderState>>> = {
  Open: { edit: "Open", planIntervention: "Open", cancel: "Cancelled", complete: "Completed" },
  Completed: { cancel: "Cancelled" },
  Cancelled: {},
};

/** The order decisions this issue owns; `edit` belongs to the order-edit helper and is checked through the guard alone. */
function decide(action: Exclude<OrderAction, "edit">, order: Order, interventions: readonly Intervention[]): Result<unknown> {
  switch (action) {
    case "planIntervention":
      return planIntervention(planCommand(), planContext({ order }));
    case "cancel":
      return cancelOrder({ reason: null, sendNotificationToCustomer: false }, { order, interventions, customer, settings: defaultSettings });
    case "complete":
      return completeOrder(order, interventions);
  }
}

describe("order state machine", () => {
  it("ORD-6, ORD-11, ORD-13, INT-1: every (state, action) pair is allowed exactly as RULES.md says (no interventions)", () => {
    for (const s of orderStates) {
      for (const a of orderActions) {
        expect(nextOrderState(s, a), `${s} × ${a}`).toBe(SPEC[s][a]);
        expect(orderActionIssue(a, makeOrder(s), []) === undefined, `${s} × ${a}`).toBe(SPEC[s][a] !== undefined);
      }
    }
  });

  it("ORD-6: edit is refused while an intervention is Running or WaitingForSignature", () => {
    expect(orderActionIssue("edit", makeOrder(), [makeIntervention("Running")])).toEqual({
      code: "InvalidState",
      path: "",
      message: "edit: order has an intervention in Running (ORD-6)", rule: "ORD-6",
    });
    expect(orderActionIssue("edit", makeOrder(), [makeIntervention("WaitingForSignature")])?.message).toBe(
      "edit: order has an intervention in WaitingForSignature (ORD-6)",
    );
    expect(orderActionIssue("edit", makeOrder(), [makeIntervention("Planned"), makeIntervention("Completed")])).toBeUndefined();
  });

  it("ORD-13: complete needs every intervention Completed or Cancelled", () => {
    expect(orderActionIssue("complete", makeOrder(), [makeIntervention("Completed"), makeIntervention("Cancelled")])).toBeUndefined();
    expect(orderActionIssue("complete", makeOrder(), [makeIntervention("Completed"), makeIntervention("Planned")])?.message).toBe(
      "complete: order has an intervention in Planned (ORD-13)",
    );
  });

  it("ORD-11: cancel is allowed from Open and Completed only", () => {
    expect(orderActionIssue("cancel", makeOrder("Completed"), [])).toBeUndefined();
    expect(orderActionIssue("cancel", makeOrder("Cancelled"), [])?.message).toBe("cancel: order is Cancelled (ORD-11)");
  });

  it("Czech display labels exist for every order state", () => {
    expect(orderStateLabels).toEqual({ Open: "Otevřená", Completed: "Dokončená", Cancelled: "Zrušená" });
  });

  it("allowedOrderActions agrees with the decisions for every generated order and interventions", () => {
    fc.assert(
      fc.property(orderStateArb, orderInterventionsArb, (s, ivs) => {
        const order = makeOrder(s);
        const list = allowedOrderActions(order, ivs);
        expect(list.map((e) => e.action)).toEqual([...orderActions]);
        for (const entry of list) {
          expect(entry.allowed).toBe(orderActionIssue(entry.action, order, ivs) === undefined);
          if (entry.action === "edit") continue;
          const r = decide(entry.action, order, ivs);
          expect(r.ok, `${s} × ${entry.action}`).toBe(entry.allowed);
          if (!r.ok && !entry.allowed) expect(r.issues).toEqual([entry.issue]);
        }
      }),
    );
  });

  it("random order action sequences: Cancelled is terminal, the state is always defined", () => {
    fc.assert(
      fc.property(orderInterventionsArb, fc.array(fc.constantFrom("cancel", "complete", "planIntervention" as const), { maxLength: 10 }), (ivs, actions) => {
        let order = makeOrder("Open");
        let interventions: readonly Intervention[] = ivs;
        for (const a of actions) {
          const before = order.state;
          const r = decide(a, order, interventions);
          if (!r.ok) continue;
          const v = r.value as { order?: Order; interventions?: readonly Intervention[] };
          if (v.order !== undefined) order = v.order;
          if (v.interventions !== undefined) {
            const changed = new Map(v.interventions.map((i) => [i.id, i]));
            interventions = interventions.map((i) => changed.get(i.id) ?? i);
          }
          expect(orderStates).toContain(order.state);
          expect(order.state).toBe(nextOrderState(before, a));
          expect(before).not.toBe("Cancelled");
        }
      }),
    );
  });
});

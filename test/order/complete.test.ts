import { describe, expect, it } from "vitest";
import { completeOrder } from "../../src/order/complete.js";
import { deepFreeze, makeIntervention, makeOrder } from "../../src/testing/arbitraries/records/intervention.js";

describe("completeOrder", () => {
  it("ORD-13: Open → Completed when every intervention is Completed or Cancelled", () => {
    const order = deepFreeze(makeOrder());
    expect(completeOrder(order, [makeIntervention("Completed"), makeIntervention("Cancelled")])).toEqual({ ok: true, value: { order: { ...order, state: "Completed" } } });
    expect(completeOrder(order, [])).toEqual({ ok: true, value: { order: { ...order, state: "Completed" } } });
  });

  it("ORD-13: refused while an intervention is still in progress, or when the order is not Open", () => {
    expect(completeOrder(makeOrder(), [makeIntervention("WaitingForSignature")])).toEqual({
      ok: false,
      issues: [{ code: "InvalidState", path: "", message: "complete: order has an intervention in WaitingForSignature (ORD-13)", rule: "ORD-13" }],
    });
    expect(completeOrder(makeOrder("Completed"), []).ok).toBe(false);
  });
});

import { refIndex } from "../../src/shared/reference.js";
import { describe, expect, it } from "vitest";
import { interventionOfOrder, moveIntervention, reportDocuments } from "../../src/intervention/lifecycle.js";
import { ADMIN, categoryIndex, g, idSource, makeIntervention, makeOrder, NOW, TECH1 } from "../../src/testing/arbitraries/records/intervention.js";
import { categories } from "./support.js";

describe("lifecycle", () => {
  const ctx = { order: makeOrder(), categories: categoryIndex, now: NOW, newId: idSource(0x500) };

  it("INT-7: the technician moves follow the table; any other move is refused", () => {
    const path = ["startDeparture", "start", "requestSignature", "complete"] as const;
    let iv = makeIntervention("Planned");
    const seen: string[] = [];
    for (const a of path) {
      const r = moveIntervention(a, iv, ctx);
      if (!r.ok) throw new Error(r.issues[0].message);
      iv = r.value.intervention;
      seen.push(iv.state);
    }
    expect(seen).toEqual(["DepartureStarted", "Running", "WaitingForSignature", "Completed"]);
    expect(moveIntervention("start", iv, ctx)).toEqual({ ok: false, issues: [{ code: "InvalidState", path: "", message: "start: intervention is Completed (INT-7)", rule: "INT-7" }] });
  });

  it("INT-6: completing makes one document per form of the category, created now; only Completed lists them", () => {
    const running = makeIntervention("Running");
    expect(reportDocuments(running, ctx.order)).toEqual({
      ok: false,
      issues: [{ code: "InvalidState", path: "", message: "reportDocuments: intervention is Running (INT-6)", rule: "INT-6" }],
    });
    const r = moveIntervention("complete", running, { ...ctx, newId: idSource(0x500) });
    if (!r.ok) throw new Error("refused");
    expect(reportDocuments(r.value.intervention, ctx.order)).toEqual({
      ok: true,
      value: {
        documents: [
          { id: g(0x500), formId: g(31), formName: "Protocol", fileName: "Protocol.pdf", createdAt: NOW },
          { id: g(0x501), formId: g(32), formName: "Checklist", fileName: "Checklist.pdf", createdAt: NOW },
        ],
      },
    });
  });

  it("INT-8: an intervention of another order is not found through this order", () => {
    const mine = makeIntervention("Planned", { externalId: "E1" });
    const theirs = makeIntervention("Planned", { id: g(0x81), orderId: g(0x71), externalId: "E2" });
    const order = makeOrder();
    const both = refIndex([mine, theirs], (i) => i.id, (i) => i.externalId);
    expect(interventionOfOrder(both, order, mine.id.toUpperCase(), false)).toBe(mine);
    expect(interventionOfOrder(both, order, theirs.id, false)).toBeUndefined();
    expect(interventionOfOrder(both, order, "E1", true)).toBe(mine);
    expect(interventionOfOrder(both, order, "E2", true)).toBeUndefined();
    expect(ADMIN).not.toBe(TECH1);
  });
});

describe("intervention references (GEN-3)", () => {
  it("INT-7: completing an intervention whose category is missing from the catalog is a broken invariant, named in the error", () => {
    const orphan = makeIntervention("Running", { categoryId: g(99) });
    const context = { order: makeOrder(), categories: refIndex(categories, (c) => c.id, (c) => c.slug), newId: idSource(), now: NOW };
    expect(() => moveIntervention("complete", orphan, context)).toThrow(`Intervention ${orphan.id} names category ${g(99)}, which is not in the catalog`);
  });
});

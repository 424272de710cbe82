import { describe, expect, it } from "vitest";
import { editIntervention } from "../../src/intervention/edit.js";
import type { InterventionEditCommand } from "../../src/intervention/request.js";
import { ABSENT } from "../../src/shared/field.js";
import { customStateIndex, g, makeIntervention, makeOrder, TECH1, userIndex } from "../../src/testing/arbitraries/records/intervention.js";
import fc from "fast-check";
import { refIndex } from "../../src/shared/reference.js";
import { customStates, referenceArb, stateRefs, unknown, userRefs } from "./support.js";

const none: InterventionEditCommand = { customStateId: ABSENT, ownerId: ABSENT, priority: ABSENT, internalNote: ABSENT, sendByPost: ABSENT };
const editCtx = { intervention: makeIntervention("Running", { customStateId: g(40) }), order: makeOrder(), users: userIndex, customStates: customStateIndex };

describe("editIntervention", () => {
  it("INT-4: only the fields sent change; null clears customStateId and internalNote", () => {
    const r = editIntervention({ ...none, customStateId: null, internalNote: null, ownerId: "tech-1", priority: "High", sendByPost: true }, editCtx);
    expect(r.ok && r.value).toEqual({
      intervention: { ...editCtx.intervention, customStateId: null, internalNote: null, ownerId: TECH1, priority: "High", sendByPost: true },
      effects: [],
    });
    expect(editIntervention(none, editCtx)).toEqual({ ok: true, value: { intervention: editCtx.intervention, effects: [] } });
  });

  it("INT-4: the order must be Open; an unknown owner is UnknownReference", () => {
    const r = editIntervention({ ...none, ownerId: "ghost" }, { ...editCtx, order: makeOrder("Cancelled") });
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([
      ["InvalidState", ""],
      ["UnknownReference", "ownerId"],
    ]);
  });
});

describe("intervention references (GEN-3)", () => {
  const editContext = () => ({
    intervention: makeIntervention("Running", { customStateId: g(40) }),
    order: makeOrder(),
    users: userIndex,
    customStates: refIndex(customStates, (c) => c.id, (c) => c.slug),
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
});

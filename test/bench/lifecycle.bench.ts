// A state transition: the table lookup and the full guard, against a naive list-of-transitions scan.
import { bench, describe } from "vitest";
import { interventionActionIssue, interventionActions, interventionMachine, nextInterventionState, type InterventionAction } from "../../src/intervention/machine.js";
import { interventionStates, type InterventionState } from "../../src/records/intervention.js";
import { moveIntervention } from "../../src/intervention/lifecycle.js";
import { categoryIndex, idSource, makeIntervention, makeOrder, NOW } from "../../src/testing/arbitraries/records/intervention.js";

// Naive baseline: the transitions as a flat list searched on every call (what a hand-rolled
// "array of {from, event, to}" machine does).
const list: { from: InterventionState; action: InterventionAction; to: InterventionState }[] = [];
for (const from of interventionStates) for (const action of interventionActions) {
  const to = interventionMachine[from][action];
  if (to !== null) list.push({ from, action, to });
}
const naive = (from: InterventionState, action: InterventionAction): InterventionState | undefined =>
  list.find((t) => t.from === from && t.action === action)?.to;

// 4,800 (state, action) calls per iteration so the harness overhead is amortised: divide by 4,800.
const pairs = Array.from({ length: 100 }, () => interventionStates.flatMap((s) => interventionActions.map((a) => [s, a] as const))).flat();
const order = makeOrder();
const ivs = interventionStates.map((s) => makeIntervention(s));
let sink: unknown;

describe("state transition (4,800 calls per iteration)", () => {
  bench("nextInterventionState (table)", () => {
    for (const [s, a] of pairs) sink = nextInterventionState(s, a);
  });
  bench("naive list scan", () => {
    for (const [s, a] of pairs) sink = naive(s, a);
  });
  bench("interventionActionIssue (table + order guard, issues built on refusal)", () => {
    for (let k = 0; k < 100; k++) for (const iv of ivs) for (const a of interventionActions) sink = interventionActionIssue(a, iv, order);
  });
});

describe("lifecycle decision", () => {
  const running = makeIntervention("Running");
  const ctx = { order, categories: categoryIndex, now: NOW, newId: idSource() };
  bench("moveIntervention requestSignature", () => {
    sink = moveIntervention("requestSignature", running, ctx);
  });
});
void sink;

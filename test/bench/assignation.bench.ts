// Collision check against 10,000 allocations (index vs linear scan) and a whole plan decision.
import { bench, describe } from "vitest";
import { collisionIndex, overlappingAllocations } from "../../src/assignation/collision-index.js";
import { planIntervention } from "../../src/order/plan-intervention.js";
import type { Intervention } from "../../src/records/intervention.js";
import { defaultSettings } from "../../src/shared/settings.js";
import { at, DAY, g, makeIntervention, planCommand, planContext, TECH1, TECH2, TECH3 } from "../../src/testing/arbitraries/records/intervention.js";

const N = 10_000;
const HOUR = 3_600_000;
const base = Date.parse("2025-06-01T00:00:00Z");
// Each technician: N half-hour allocations, one per hour, spanning DAY.
const interventions: Intervention[] = [];
for (let i = 0; i < N; i++) {
  interventions.push(
    makeIntervention("Planned", {
      id: g(0x100000 + i),
      assignations: [TECH1, TECH2, TECH3].map((userId) => ({ userId, plannedStart: base + i * HOUR, plannedEnd: base + i * HOUR + HOUR / 2 })),
    }),
  );
}
const index = collisionIndex(interventions);
const flat = interventions.map((iv) => ({ interventionId: iv.id, start: iv.assignations[0]!.plannedStart, end: iv.assignations[0]!.plannedEnd }));
const linear = (start: number, end: number) => flat.find((a) => a.start < end && start < a.end);

// Queries spread over the range: half collide, half fall in the free half-hours.
const queries = Array.from({ length: 64 }, (_, k) => {
  const t = base + Math.floor(((k * 7919) % N)) * HOUR + (k % 2 === 0 ? 10 * 60_000 : 35 * 60_000);
  return [t, t + 20 * 60_000] as const;
});
let sink: unknown;

// Each iteration runs all 64 queries, so the harness's per-call cost (~0.2 µs, as much as one
// indexed query) does not blur the ratio; per query = mean / 64.
describe("collision check vs 10,000 allocations (64 queries per iteration)", () => {
  bench("index (overlappingAllocations, first hit)", () => {
    for (const [s, e] of queries) sink = overlappingAllocations(index, TECH1, s, e, undefined, 1);
  });
  bench("naive linear scan", () => {
    for (const [s, e] of queries) sink = linear(s, e);
  });
});

describe("plan decision, 3 assignees with 10,000 allocations each, collisions disabled", () => {
  const ctx = planContext({ allocations: index, settings: { ...defaultSettings, disableCollisions: true } });
  const cmd = planCommand({
    primaryAssigneeId: "tech-1",
    sendNotificationNow: true,
    sendReminderOneDayBefore: true,
    assignations: ["tech-1", "tech-2", "tech-3"].map((userId) => ({ userId, plannedStart: at(DAY, "09:35"), plannedEnd: at(DAY, "09:55") })),
  });
  const check = planIntervention(cmd, ctx);
  if (!check.ok) throw new Error(`bench setup: plan refused: ${check.issues.map((i) => i.message).join("; ")}`);
  bench("planIntervention", () => {
    sink = planIntervention(cmd, ctx);
  });
});
void sink;

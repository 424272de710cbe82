// The world of the candidates bench (issue 36): 500 technicians with 20 allocations each on one
// day, and the brute force the decision is measured against.
import { candidates, type CandidatesContext, type CandidatesQuery, type Candidate } from "../../src/assignation/candidates.js";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { collisionIssues, validateAssignations } from "../../src/assignation/validate.js";
import type { User } from "../../src/auth/user.js";
import type { Intervention } from "../../src/records/intervention.js";
import { guid, type Guid } from "../../src/shared/guid.js";
import { refIndex } from "../../src/shared/reference.js";
import { defaultSettings } from "../../src/shared/settings.js";
import { localTimeInstant, type IsoDate } from "../../src/shared/time.js";

export const TECHNICIANS = 500;
export const PER_TECHNICIAN = 20;
const ZONE = "Europe/Prague";
export const DAY = "2026-05-04" as IsoDate;
const id = (kind: number, n: number): Guid => guid(`00000000-0000-4000-${kind.toString(16).padStart(4, "0")}-${n.toString(16).padStart(12, "0")}`);

// A seeded generator, so every run measures the same world.
let seed = 36;
const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

const users: User[] = Array.from({ length: TECHNICIANS }, (_, n) => ({ id: id(0xa, n), externalId: `t${n}`, name: `Technik ${n}`, roles: ["Technik"], deactivated: false }));
// Each technician: 20 allocations of 20 minutes on 20 of the 24 half hours from 06:00 to 18:00,
// so a 60-minute visit fits only where two free half hours meet (some technicians have none).
const dayStart = localTimeInstant(DAY, 6 * 60, ZONE);
export const interventions: Intervention[] = [];
users.forEach((u, t) => {
  const halves = Array.from({ length: 24 }, (_, k) => k).sort(() => random() - 0.5).slice(0, PER_TECHNICIAN);
  halves.forEach((k, j) => {
    const start = dayStart + k * 30 * 60_000;
    interventions.push({
      id: id(0xb, t * PER_TECHNICIAN + j), externalId: null, orderId: id(0xc, 1), state: "Planned", day: DAY, primaryAssigneeId: u.id,
      assignations: [{ userId: u.id, plannedStart: start, plannedEnd: start + 20 * 60_000 }], categoryId: id(0xd, 1), customStateId: null,
      priority: "Normal", internalNote: null, ownerId: u.id, sendByPost: false, cancellationReason: null, reportDocuments: [],
    });
  });
});

export const context: CandidatesContext = {
  users: refIndex(users, (u) => u.id, (u) => u.externalId),
  settings: { ...defaultSettings, timeZone: ZONE, disableCollisions: true },
  allocations: collisionIndex(interventions),
};

/** Every technician, 08:00 to 16:00, a 60-minute visit, step 15 minutes, the first 20. */
export const query: CandidatesQuery = { replanning: null, day: DAY, duration: 60, from: 8 * 60, to: 16 * 60, step: 15, technicians: null, limit: 20 };

/** The decision, through the collision index. */
export function indexed(): readonly Candidate[] {
  const r = candidates(query, context);
  if (!r.ok) throw new Error("refused");
  return r.value.candidates;
}

/**
 * The brute force: every technician at every start of the grid, judged by the plan decision's
 * own assignation checks (validateAssignations, then collisionIssues), then ranked.
 */
export function bruteForce(): readonly Candidate[] {
  const from = localTimeInstant(DAY, query.from ?? 0, ZONE);
  const to = localTimeInstant(DAY, query.to ?? 1440, ZONE);
  const found: (Candidate & { held: number })[] = [];
  const held = new Map<Guid, number>();
  for (const iv of interventions) for (const a of iv.assignations) held.set(a.userId, (held.get(a.userId) ?? 0) + a.plannedEnd - a.plannedStart);
  for (const u of users) {
    for (let start = from; start + query.duration * 60_000 <= to; start += query.step * 60_000) {
      const end = start + query.duration * 60_000;
      const valid = validateAssignations({ primaryAssigneeId: u.id, day: DAY, assignations: [{ userId: u.id, plannedStart: start, plannedEnd: end }] }, { users: context.users, timeZone: ZONE });
      if (!valid.ok) continue;
      if (collisionIssues(valid.value.assignations, context.allocations, true).length > 0) continue;
      found.push({ userId: u.id, plannedStart: start, plannedEnd: end, held: held.get(u.id) ?? 0 });
    }
  }
  found.sort((a, b) => a.plannedStart - b.plannedStart || a.held - b.held || (a.userId < b.userId ? -1 : 1));
  return found.slice(0, query.limit).map(({ userId, plannedStart, plannedEnd }) => ({ userId, plannedStart, plannedEnd }));
}

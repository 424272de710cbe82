import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collisionIndex } from "../../src/assignation/collision-index.js";
import { collisionIssues, validateAssignations } from "../../src/assignation/validate.js";
import { dayRange, formatInstant, type IsoDate } from "../../src/shared/time.js";
import { at, DAY, DISPATCHER, makeIntervention, RETIRED, TECH1, TECH2, userIndex } from "../../src/testing/arbitraries/records/intervention.js";

const ctx = { users: userIndex, timeZone: "Europe/Prague" };
const slot = (userId: string, from = "09:00", to = "10:00") => ({ userId, plannedStart: at(DAY, from), plannedEnd: at(DAY, to) });

describe("validateAssignations", () => {
  it("ASN-1: at least one assignation", () => {
    const r = validateAssignations({ primaryAssigneeId: "tech-1", day: DAY, assignations: [] }, ctx);
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["TooFew", "assignations"]]);
  });

  it("ASN-1: the main technician must be among the assignations", () => {
    const r = validateAssignations({ primaryAssigneeId: "tech-1", day: DAY, assignations: [slot("tech-2")] }, ctx);
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["PrimaryNotAssigned", "primaryAssigneeId"]]);
  });

  it("ASN-2: unknown, non-technician and deactivated users are each reported at their path", () => {
    const r = validateAssignations(
      { primaryAssigneeId: "disp", day: DAY, assignations: [slot("disp"), slot("nobody"), slot("old"), slot(TECH1)] },
      ctx,
    );
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([
      ["NotTechnician", "primaryAssigneeId"],
      ["NotTechnician", "assignations[0].userId"],
      ["UnknownReference", "assignations[1].userId"],
      ["Deactivated", "assignations[2].userId"],
    ]);
  });

  it("ASN-3: the same technician by GUID and by external ID is a duplicate", () => {
    const r = validateAssignations({ primaryAssigneeId: "tech-1", day: DAY, assignations: [slot("tech-1"), slot(TECH1.toUpperCase(), "12:00", "13:00")] }, ctx);
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["Duplicate", "assignations[1].userId"]]);
  });

  it("ASN-4: an end at local midnight is outside the day; start must precede end", () => {
    const r = validateAssignations(
      {
        primaryAssigneeId: "tech-1",
        day: DAY,
        assignations: [
          { userId: "tech-1", plannedStart: at(DAY, "23:00"), plannedEnd: at("2026-03-11", "00:00") },
          { userId: "tech-2", plannedStart: at(DAY, "10:00"), plannedEnd: at(DAY, "10:00") },
        ],
      },
      ctx,
    );
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([
      ["OutsideDay", "assignations[0].plannedEnd"],
      ["StartNotBeforeEnd", "assignations[1].plannedEnd"],
    ]);
  });

  it("ASN-1..ASN-4: every refusal carries its code, its path and a message naming what is wrong", () => {
    const early = at(DAY, "08:00") - 24 * 3_600_000;
    const midnight = at("2026-03-11", "00:00");
    const r = validateAssignations(
      {
        primaryAssigneeId: "tech-2",
        day: DAY,
        assignations: [
          { userId: "disp", plannedStart: early, plannedEnd: at(DAY, "09:00") },
          { userId: "old", plannedStart: at(DAY, "23:00"), plannedEnd: midnight },
          { userId: TECH1, plannedStart: at(DAY, "10:00"), plannedEnd: at(DAY, "09:00") },
          { userId: "tech-1", plannedStart: at(DAY, "11:00"), plannedEnd: at(DAY, "12:00") },
          { userId: "nobody", plannedStart: at(DAY, "11:00"), plannedEnd: at(DAY, "12:00") },
        ],
      },
      ctx,
    );
    expect(r).toEqual({
      ok: false,
      issues: [
        { code: "NotTechnician", path: "assignations[0].userId", message: `User ${DISPATCHER} does not have the role Technik (ASN-2).`, rule: "ASN-2" },
        { code: "OutsideDay", path: "assignations[0].plannedStart", message: `${formatInstant(early)} is not on ${DAY} in Europe/Prague (ASN-4).`, rule: "ASN-4" },
        { code: "Deactivated", path: "assignations[1].userId", message: `User ${RETIRED} is deactivated (ASN-2).`, rule: "ASN-2" },
        {
          code: "OutsideDay",
          path: "assignations[1].plannedEnd",
          message: `${formatInstant(midnight)} is not on ${DAY} in Europe/Prague; an end at midnight is the next day (ASN-4).`, rule: "ASN-4",
        },
        { code: "StartNotBeforeEnd", path: "assignations[2].plannedEnd", message: "plannedStart must be earlier than plannedEnd (ASN-4).", rule: "ASN-4" },
        { code: "Duplicate", path: "assignations[3].userId", message: `User ${TECH1} already has assignations[2] on this intervention (ASN-3).`, rule: "ASN-3" },
        { code: "UnknownReference", path: "assignations[4].userId", message: 'No user has the ID, external ID or slug "nobody" (GEN-3).', rule: "GEN-3" },
        { code: "PrimaryNotAssigned", path: "primaryAssigneeId", message: `The main technician ${TECH2} has no assignation (ASN-1).`, rule: "ASN-1" },
      ],
    });
    const none = validateAssignations({ primaryAssigneeId: "tech-1", day: DAY, assignations: [] }, ctx);
    expect(none).toEqual({ ok: false, issues: [{ code: "TooFew", path: "assignations", message: "At least one assignation is required, the main technician's (ASN-1).", rule: "ASN-1" }] });
  });

  it("ASN-4, GEN-10: a valid request resolves every user to its GUID", () => {
    const r = validateAssignations({ primaryAssigneeId: "tech-1", day: DAY, assignations: [slot("tech-1"), slot(TECH2)] }, ctx);
    expect(r).toEqual({
      ok: true,
      value: { primaryAssigneeId: TECH1, assignations: [{ ...slot(TECH1) }, { ...slot(TECH2) }] },
    });
  });

  for (const day of ["2026-03-29", "2026-10-25"] as IsoDate[]) {
    it(`ASN-4, GEN-10: on the DST day ${day} in Europe/Prague exactly the local-day instants are accepted`, () => {
      const r = dayRange(day, "Europe/Prague");
      expect(r.end - r.start).toBe(day === "2026-03-29" ? 23 * 3_600_000 : 25 * 3_600_000);
      fc.assert(
        fc.property(fc.integer({ min: r.start - 6 * 3_600_000, max: r.end + 6 * 3_600_000 }), (t) => {
          const res = validateAssignations(
            { primaryAssigneeId: "tech-1", day, assignations: [{ userId: "tech-1", plannedStart: t, plannedEnd: t + 1 }] },
            ctx,
          );
          const startOk = !(!res.ok && res.issues.some((i) => i.path === "assignations[0].plannedStart"));
          expect(startOk).toBe(t >= r.start && t < r.end);
        }),
      );
      // The edges, exactly.
      const one = (s: number, e: number) => validateAssignations({ primaryAssigneeId: "tech-1", day, assignations: [{ userId: "tech-1", plannedStart: s, plannedEnd: e }] }, ctx).ok;
      expect(one(r.start, r.end - 1)).toBe(true);
      expect(one(r.start - 1, r.start + 1)).toBe(false);
      expect(one(r.start, r.end)).toBe(false);
    });
  }
});

describe("collisionIssues", () => {
  const other = makeIntervention("Planned", { assignations: [{ userId: TECH1, plannedStart: at(DAY, "08:00"), plannedEnd: at(DAY, "09:30") }] });
  const index = collisionIndex([other]);

  it("ASN-5: an overlap is reported with the other intervention and its time range", () => {
    const issues = collisionIssues([{ userId: TECH1, plannedStart: at(DAY, "09:00"), plannedEnd: at(DAY, "10:00") }], index, true);
    expect(issues).toEqual([
      {
        code: "Collision",
        path: "assignations[0]",
        message: `Technician ${TECH1} is already allocated 2026-03-10T07:00:00.000Z–2026-03-10T08:30:00.000Z on intervention ${other.id} (ASN-5).`, rule: "ASN-5",
      },
    ]);
  });

  it("ASN-5: touching is not overlapping; replan ignores its own allocations", () => {
    expect(collisionIssues([{ userId: TECH1, plannedStart: at(DAY, "09:30"), plannedEnd: at(DAY, "10:00") }], index, true)).toEqual([]);
    expect(collisionIssues([{ userId: TECH1, plannedStart: at(DAY, "09:00"), plannedEnd: at(DAY, "10:00") }], index, true, other.id)).toEqual([]);
  });

  it("ASN-6: with collisions allowed, overlaps are fine", () => {
    expect(collisionIssues([{ userId: TECH1, plannedStart: at(DAY, "09:00"), plannedEnd: at(DAY, "10:00") }], index, false)).toEqual([]);
  });
});

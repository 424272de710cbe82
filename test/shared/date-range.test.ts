// Issue 9, defect 6: dates stay in range. Years 0001..9999 only, after the offset is applied;
// offsets within ±14:00; whatever is accepted reads back in a form that is accepted again.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateAssignations } from "../../src/assignation/validate.js";
import { dayRange, formatInstant, parseDateTime, parseIsoDate, type IsoDate } from "../../src/shared/time.js";
import { examples } from "../../src/testing/examples.js";

const pad = (n: number, w: number): string => String(n).padStart(w, "0");

describe("GEN-6: dates stay in range", () => {
  it("GEN-6: a date-time whose UTC instant leaves years 0001..9999 is refused (9999-12-31T23:59:59-23:59 read back as +010000 before)", () => {
    expect(parseDateTime("9999-12-31T23:59:59-23:59")).toBeUndefined();
    expect(parseDateTime("9999-12-31T23:59:59-00:01")).toBeUndefined();
    expect(parseDateTime("0001-01-01T00:00:00+00:01")).toBeUndefined();
    expect(formatInstant(parseDateTime("9999-12-31T23:59:59.999Z")!)).toBe("9999-12-31T23:59:59.999Z");
    expect(formatInstant(parseDateTime("0001-01-01T00:00:00Z")!)).toBe("0001-01-01T00:00:00.000Z");
    expect(formatInstant(parseDateTime("9999-12-31T23:00:00-00:59")!)).toBe("9999-12-31T23:59:00.000Z");
  });

  it("GEN-6: offsets lie within ±14:00", () => {
    expect(parseDateTime("2026-05-04T09:00:00+14:00")).toBe(Date.parse("2026-05-03T19:00:00Z"));
    expect(parseDateTime("2026-05-04T09:00:00-14:00")).toBe(Date.parse("2026-05-04T23:00:00Z"));
    expect(parseDateTime("2026-05-04T09:00:00+14:01")).toBeUndefined();
    expect(parseDateTime("2026-05-04T09:00:00-23:59")).toBeUndefined();
  });

  it("GEN-6: year 0000 is not a date", () => {
    expect(parseIsoDate("0000-01-01")).toBeUndefined();
    expect(parseIsoDate("0001-01-01")).toBe("0001-01-01");
    expect(parseDateTime("0000-12-31T23:00:00Z")).toBeUndefined();
  });

  it("GEN-6: every accepted date-time reads back (formatInstant) as one that is accepted again, the same instant", () => {
    const dateTime = fc
      .record({
        y: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 9999)),
        mo: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }),
        h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }),
        ms: fc.integer({ min: 0, max: 999 }),
        zone: fc.oneof(fc.constant("Z"), fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([sg, h, m]) => `${sg}${pad(h, 2)}:${pad(m, 2)}`)),
      })
      .map((p) => `${pad(p.y, 4)}-${pad(p.mo, 2)}-${pad(p.d, 2)}T${pad(p.h, 2)}:${pad(p.mi, 2)}:${pad(p.s, 2)}.${pad(p.ms, 3)}${p.zone}`);
    fc.assert(
      fc.property(dateTime, (text) => {
        const instant = parseDateTime(text);
        if (instant === undefined) return;
        const back = formatInstant(instant);
        expect(back).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(parseDateTime(back)).toBe(instant);
      }),
      { numRuns: 3_000 },
    );
  });

  it("GEN-10, ASN-4: the last and the first day of the range have their true day range, so 9999-12-31 is not OutsideDay", () => {
    expect(dayRange("9999-12-31" as IsoDate, "Europe/Prague")).toEqual({ start: Date.parse("9999-12-30T23:00:00Z"), end: Date.parse("9999-12-31T23:00:00Z") });
    expect(dayRange("0001-01-01" as IsoDate, "UTC")).toEqual({ start: Date.parse("0001-01-01T00:00:00Z"), end: Date.parse("0001-01-02T00:00:00Z") });
    const request = {
      primaryAssigneeId: "tech-1", day: "9999-12-31" as IsoDate,
      assignations: [{ userId: "tech-1", plannedStart: parseDateTime("9999-12-31T09:00:00+01:00")!, plannedEnd: parseDateTime("9999-12-31T23:59:00+01:00")! }],
    };
    expect(validateAssignations(request, examples.assignationContext).ok).toBe(true);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { interventionDayRange } from "../../src/assignation/day.js";
import { addDays, dayRange, type IsoDate } from "../../src/shared/time.js";

describe("interventionDayRange", () => {
  it("GEN-10, ASN-4: the memoized range equals dayRange for random days and zones, asked twice", () => {
    const zones = ["Europe/Prague", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "UTC"];
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 4000 }), fc.constantFrom(...zones), (offset, zone) => {
        const day = addDays("2025-01-01" as IsoDate, offset);
        expect(interventionDayRange(day, zone)).toEqual(dayRange(day, zone));
        expect(interventionDayRange(day, zone)).toEqual(dayRange(day, zone));
      }),
    );
  });
});

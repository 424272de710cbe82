import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayRange, formatInstant, isTimeZone, localDate, parseDateTime, parseIsoDate, today, zoneOffset, type IsoDate } from "../../src/shared/time.js";

const ZONES = ["Europe/Prague", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "UTC"] as const;
const zoneArb = fc.constantFrom(...ZONES);
// 1990..2060: covers the DST rules in force and the ones scheduled.
const instantArb = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });
const H = 3_600_000;

describe("GEN-6: dates and date-times", () => {
  it("GEN-6: a date is YYYY-MM-DD and exists", () => {
    expect(parseIsoDate("2028-02-29")).toBe("2028-02-29");
    for (const bad of ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "2026-01-01T00:00:00Z", "20260101", "", "2100-02-29"]) expect(parseIsoDate(bad)).toBeUndefined();
    expect(parseIsoDate("2000-02-29")).toBe("2000-02-29");
  });
  it("GEN-6: a date-time needs Z or an offset; without one it is refused", () => {
    expect(parseDateTime("2026-03-29T01:30:00+01:00")).toBe(Date.UTC(2026, 2, 29, 0, 30));
    expect(parseDateTime("2026-03-29T01:30:00.123Z")).toBe(Date.UTC(2026, 2, 29, 1, 30, 0, 123));
    expect(parseDateTime("2026-03-29T01:30Z")).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(parseDateTime("2026-03-29t01:30:00z")).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(parseDateTime("2026-03-29T01:30:00.1234567-05:30")).toBe(Date.UTC(2026, 2, 29, 7, 0, 0, 123));
    for (const bad of ["2026-03-29T01:30:00", "2026-03-29 01:30:00Z", "2026-02-30T10:00:00Z", "2026-03-29T24:00:00Z", "2026-03-29T10:60:00Z", "2026-03-29T10:00:00+25:00", "2026-03-29", 5]) {
      expect(parseDateTime(bad)).toBeUndefined();
    }
  });
  it("GEN-6: read shapes give DateTimes in UTC with Z, and they parse back to the same instant", () => {
    fc.assert(fc.property(instantArb, (t) => formatInstant(t).endsWith("Z") && parseDateTime(formatInstant(t)) === t));
  });
});

describe("GEN-10: dates in the company's time zone", () => {
  it("GEN-10: the date of an instant depends on the zone", () => {
    const t = Date.parse("2026-11-21T23:30:00Z");
    expect(localDate(t, "Europe/Prague")).toBe("2026-11-22");
    expect(localDate(t, "America/New_York")).toBe("2026-11-21");
    expect(today(t, "Pacific/Chatham")).toBe("2026-11-22");
    expect(zoneOffset(Date.parse("2026-07-01T00:00:00Z"), "Europe/Prague")).toBe(2 * H);
    expect(zoneOffset(Date.parse("2026-07-01T00:00:00Z"), "Asia/Kolkata")).toBe(5.5 * H);
  });
  it("GEN-10: DST days in Prague last 23 and 25 hours", () => {
    const spring = dayRange("2026-03-29" as IsoDate, "Europe/Prague");
    const autumn = dayRange("2026-10-25" as IsoDate, "Europe/Prague");
    expect([(spring.end - spring.start) / H, (autumn.end - autumn.start) / H]).toEqual([23, 25]);
    expect(spring.start).toBe(Date.parse("2026-03-28T23:00:00Z"));
    expect(autumn.end).toBe(Date.parse("2026-10-25T23:00:00Z"));
  });
  it("GEN-10: an instant lies inside the day range of its own local date", () => {
    fc.assert(fc.property(instantArb, zoneArb, (t, zone) => {
      const r = dayRange(localDate(t, zone), zone);
      return r.start <= t && t < r.end;
    }), { numRuns: 300 });
  });
  it("GEN-10: consecutive day ranges tile the timeline with no gap or overlap", () => {
    fc.assert(fc.property(instantArb, zoneArb, (t, zone) => {
      const d = localDate(t, zone);
      const r = dayRange(d, zone);
      const next = dayRange(addDays(d, 1), zone);
      return r.end === next.start && localDate(r.start, zone) === d && localDate(r.end - 1, zone) === d && localDate(r.start - 1, zone) === addDays(d, -1);
    }), { numRuns: 300 });
  });
  it("calendar arithmetic crosses months and years", () => {
    expect(addDays("2026-12-31" as IsoDate, 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01" as IsoDate, -1)).toBe("2028-02-29");
    fc.assert(fc.property(instantArb, fc.integer({ min: -400, max: 400 }), (t, n) => {
      const d = localDate(t, "UTC");
      return addDays(addDays(d, n), -n) === d;
    }));
  });
  it("unknown time zones are recognised as such", () => {
    expect(isTimeZone("Europe/Prague")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});

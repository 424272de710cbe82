import { dayRange, type InstantRange, type IsoDate } from "../shared/time.js";

const MAX_ENTRIES = 512;
const cache = new Map<string, InstantRange>();

/**
 * The instants of a calendar day in a zone, half-open `[start, end)`: {@link dayRange},
 * memoized. `dayRange` asks `Intl` about eight times (about 50–100 µs here), and the same few
 * days are asked for by every plan, replan and reminder, so the answers are kept (at most
 * 512; the cache is emptied when full). The function is pure: a cached answer is exactly
 * what `dayRange` would return. Implements GEN-10 and ASN-4 (which instants are "on day").
 * @param day - the calendar date
 * @param timeZone - IANA time zone
 * @returns the range
 * @example
 * const r = interventionDayRange("2026-10-25" as IsoDate, "Europe/Prague");
 * (r.end - r.start) / 3_600_000 //=> 25
 */
export function interventionDayRange(day: IsoDate, timeZone: string): InstantRange {
  const key = `${day}|${timeZone}`;
  let r = cache.get(key);
  if (r === undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    r = dayRange(day, timeZone);
    cache.set(key, r);
  }
  return r;
}

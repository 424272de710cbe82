declare const dateBrand: unique symbol;

/** A calendar date `YYYY-MM-DD` that exists (GEN-6). Compares correctly as a string. */
export type IsoDate = string & {
  /** Compile-time brand; no run-time property. */
  readonly [dateBrand]: "IsoDate";
};

/** An instant as milliseconds since the Unix epoch, UTC. */
export type Instant = number;

/** A half-open instant range `[start, end)`. */
export interface InstantRange {
  /** First instant inside the range. */
  readonly start: Instant;
  /** First instant after the range. */
  readonly end: Instant;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/i;
const MS_PER_DAY = 86_400_000;
const MAX_OFFSET_MINUTES = 14 * 60;
/** 0001-01-01T00:00:00.000Z, the first instant a date-time may name. */
const MIN_INSTANT: Instant = Date.UTC(2000, 0, 1) - 730_119 * MS_PER_DAY;
/** 9999-12-31T23:59:59.999Z, the last instant a date-time may name. */
const MAX_INSTANT: Instant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Days in month `m` of year `y`; 0 for a month outside 1..12, so no day of it exists. */
function daysInMonth(y: number, m: number): number {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
}

/**
 * Parses a `string(Date)`: exactly `YYYY-MM-DD`, and a date that exists. Applies GEN-6.
 * @param value - any value
 * @returns the date, or `undefined`
 * @example
 * parseIsoDate("2028-02-29") //=> "2028-02-29"
 * parseIsoDate("2026-02-29") //=> undefined
 */
export function parseIsoDate(value: unknown): IsoDate | undefined {
  if (typeof value !== "string") return undefined;
  const m = DATE.exec(value);
  if (m === null) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return y >= 1 && d >= 1 && d <= daysInMonth(y, mo) ? (value as IsoDate) : undefined;
}

/**
 * Parses a `string(DateTime)`: ISO 8601 with `T`, minutes, optional seconds and fraction
 * (beyond milliseconds truncated), and a `Z` or `±hh:mm` offset. Without an offset, or not a
 * real date and time: `undefined`. The other halves of GEN-6 are {@link parseIsoDate}
 * (`string(Date)`) and {@link formatInstant} (read shapes in UTC with `Z`).
 * @param value - any value
 * @returns the instant in milliseconds, or `undefined`
 * @rule GEN-6
 * @example
 * parseDateTime("2026-03-29T01:30:00+01:00") //=> 1774744200000
 * parseDateTime("2026-03-29T01:30:00") //=> undefined
 */
export function parseDateTime(value: unknown): Instant | undefined {
  if (typeof value !== "string") return undefined;
  const m = DATE_TIME.exec(value);
  if (m === null) return undefined;
  const [, ys, mos, ds, hs, mis, ss, frac, sign, ohs, oms] = m;
  const y = Number(ys);
  const mo = Number(mos);
  const d = Number(ds);
  const h = Number(hs);
  const mi = Number(mis);
  const s = ss === undefined ? 0 : Number(ss);
  if (!(d >= 1 && d <= daysInMonth(y, mo)) || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = frac === undefined ? 0 : Number(frac.padEnd(3, "0").slice(0, 3));
  // `Z` captures no sign: offset 0.
  const oh = Number(ohs ?? 0);
  const om = Number(oms ?? 0);
  // Real zones lie within UTC-12:00 and UTC+14:00; ±14:00 is the documented bound.
  if (om > 59 || oh * 60 + om > MAX_OFFSET_MINUTES) return undefined;
  const offset = (sign === "-" ? -1 : 1) * (oh * 60 + om) * 60_000;
  const utc = new Date(0);
  utc.setUTCFullYear(y, mo - 1, d);
  utc.setUTCHours(h, mi, s, ms);
  const instant = utc.getTime() - offset;
  // Years 0001..9999 after the offset is applied, so whatever is accepted reads back
  // (formatInstant) as a four-digit-year date-time that is accepted again.
  return instant >= MIN_INSTANT && instant <= MAX_INSTANT ? instant : undefined;
}

/**
 * Formats an instant for a read shape: ISO 8601 in UTC with `Z` (GEN-6).
 * @param instant - milliseconds since the epoch
 * @returns the text
 * @example
 * formatInstant(0) //=> "1970-01-01T00:00:00.000Z"
 */
export function formatInstant(instant: Instant): string {
  // The day's `YYYY-MM-DDT` is kept and the time of day written from integers: the same text as
  // `toISOString`, at a sixth of its cost on Node 20 (docs/performance.md, "The journal entry
  // without JSON.stringify"). A day whose year does not have four digits, and anything that is
  // not a whole number of milliseconds, goes through `toISOString`.
  // (Always true, this test would send every instant through `toISOString`: the same text, slower.)
  if (!Number.isInteger(instant)) return new Date(instant).toISOString();
  const day = Math.floor(instant / MS_PER_DAY);
  // Stryker disable next-line ConditionalExpression: writing the day's prefix again gives the same prefix
  if (day !== isoDay) {
    const iso = new Date(day * MS_PER_DAY).toISOString();
    // Stryker disable next-line ConditionalExpression: `toISOString` for every instant writes the same text, slower
    if (iso.length !== 24) return new Date(instant).toISOString();
    isoDay = day;
    isoDayPrefix = iso.slice(0, 11);
  }
  let rest = instant - day * MS_PER_DAY;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const sec = Math.floor(rest / 1000);
  const ms = rest - sec * 1000;
  return `${isoDayPrefix}${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}:${sec < 10 ? "0" : ""}${sec}.${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}

/** The day {@link formatInstant} wrote last (days since the epoch), and its `YYYY-MM-DDT`. */
let isoDay = Number.NaN;
// Stryker disable next-line StringLiteral: never read before the first call writes it (`isoDay` starts as no day)
let isoDayPrefix = "";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  return formatters.get(zone) ?? newFormatter(zone);
}

function newFormatter(zone: string): Intl.DateTimeFormat {
  const f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      era: "short",
  });
  formatters.set(zone, f);
  return f;
}

/**
 * True when `zone` is an IANA time zone this runtime knows.
 * @param zone - a time zone name such as `Europe/Prague`
 * @returns whether it is usable
 * @example
 * isTimeZone("Europe/Prague") //=> true
 * isTimeZone("Mars/Base") //=> false
 * @internal
 */
export function isTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  readonly y: number;
  readonly mo: number;
  readonly d: number;
  readonly h: number;
  readonly mi: number;
  readonly s: number;
}

function wallClock(instant: Instant, zone: string): WallClock {
  const parts = formatterFor(zone).formatToParts(instant);
  // `era` is always among the parts (the formatter asks for it), so `bc` needs no default.
  let y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, bc: boolean | undefined;
  for (const p of parts) {
    switch (p.type) {
      case "year": y = Number(p.value); break;
      case "month": mo = Number(p.value); break;
      case "day": d = Number(p.value); break;
      case "hour": h = Number(p.value); break;
      case "minute": mi = Number(p.value); break;
      case "second": s = Number(p.value); break;
      case "era": bc = p.value.startsWith("B"); break;
    }
  }
  return { y: bc ? 1 - y : y, mo, d, h, mi, s };
}

function pad(n: number, width: number): string {
  const sign = n < 0 ? "-" : "";
  return sign + String(Math.abs(n)).padStart(width, "0");
}

/**
 * The calendar date of an instant in an IANA time zone: what "a date" means for a company.
 * "Today" ({@link today}), a day's instants ({@link dayRange}) and the reminder day all
 * derive from it.
 * @param instant - milliseconds since the epoch
 * @param zone - IANA time zone
 * @returns the local date
 * @rule GEN-10
 * @example
 * localDate(Date.parse("2026-11-21T23:30:00Z"), "Europe/Prague") //=> "2026-11-22"
 * @internal
 */
export function localDate(instant: Instant, zone: string): IsoDate {
  const t = new Date(instant + zoneOffset(instant, zone));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1, 2)}-${pad(t.getUTCDate(), 2)}` as IsoDate;
}

function rawOffset(instant: Instant, zone: string): number {
  const w = wallClock(instant, zone);
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(w.y, w.mo - 1, w.d);
  asUtc.setUTCHours(w.h, w.mi, w.s, 0);
  return asUtc.getTime() - (instant - (((instant % 1000) + 1000) % 1000));
}

const HOUR = 3_600_000;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * The offset of a zone from UTC at an instant, in milliseconds (local minus UTC).
 * Memoised per zone and UTC hour when the offset is the same at the start of that hour and of
 * the next (no transition inside it), since `Intl` costs microseconds per call; the memo is invisible
 * to callers and bounded.
 * @param instant - milliseconds since the epoch
 * @param zone - IANA time zone
 * @returns the offset
 * @example
 * zoneOffset(Date.parse("2026-07-01T00:00:00Z"), "Europe/Prague") //=> 7200000
 * @internal
 */
export function zoneOffset(instant: Instant, zone: string): number {
  const hour = Math.floor(instant / HOUR);
  const memo = offsetCache.get(zone) ?? newMemo(zone);
  return memo.get(hour) ?? offsetInHour(instant, hour, zone, memo);
}

function newMemo(zone: string): Map<number, number> {
  const memo = new Map<number, number>();
  offsetCache.set(zone, memo);
  return memo;
}

function offsetInHour(instant: Instant, hour: number, zone: string, memo: Map<number, number>): number {
  // An offset does not change and change back within an hour, so the same offset at this hour's
  // start and the next one's means the same offset throughout (a transition exactly at the next
  // hour only costs this hour its memo).
  const first = rawOffset(hour * HOUR, zone);
  const next = rawOffset((hour + 1) * HOUR, zone);
  // A transition inside this hour: the offset depends on the instant, nothing is memoised.
  if (first !== next) return rawOffset(instant, zone);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the bound only limits memory; after a clear every offset is computed again, the same
  if (memo.size >= 50_000) memo.clear();
  memo.set(hour, first);
  return first;
}

function utcMidnight(date: IsoDate): Instant {
  const t = new Date(0);
  t.setUTCFullYear(Number(date.slice(0, date.length - 6)), Number(date.slice(-5, -3)) - 1, Number(date.slice(-2)));
  return t.getTime();
}

function startOfDay(date: IsoDate, zone: string): Instant {
  const guess = utcMidnight(date);
  // The estimate only seeds the check below, which accepts a true start and nothing else (the
  // instant has the date, the millisecond before it an earlier one); a bad estimate goes to the
  // search, which finds the same instant.
  // Stryker disable next-line ArithmeticOperator: a worse estimate only fails the check; the search answers the same
  let t = guess - zoneOffset(guess, zone);
  // Stryker disable next-line ArithmeticOperator: a worse estimate only fails the check; the search answers the same
  t = guess - zoneOffset(t, zone);
  // Stryker disable next-line ArithmeticOperator: t + 1 never has an earlier date than t, so the check only declines and the search answers the same
  if (localDate(t, zone) === date && utcMidnight(localDate(t - 1, zone)) < guess) return t;
  // Midnight skipped or repeated by a transition: the first instant whose date is >= `date`.
  let lo = guess - 26 * 3_600_000;
  let hi = guess + 26 * 3_600_000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (utcMidnight(localDate(mid, zone)) >= guess) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The instants of a calendar day in a zone, half-open `[start, end)`: 24 hours on most
 * days, 23 or 25 on a daylight-saving change. Consecutive days tile the timeline.
 * Applies GEN-10.
 * @param date - the calendar date
 * @param zone - IANA time zone
 * @returns the range
 * @example
 * const r = dayRange("2026-03-29" as IsoDate, "Europe/Prague");
 * (r.end - r.start) / 3_600_000 //=> 23
 */
export function dayRange(date: IsoDate, zone: string): InstantRange {
  return { start: startOfDay(date, zone), end: startOfDay(addDays(date, 1), zone) };
}

/**
 * Calendar arithmetic on dates (no time zone involved).
 * @param date - a calendar date
 * @param days - days to add, may be negative
 * @returns the date `days` later
 * @example
 * addDays("2026-12-31" as IsoDate, 1) //=> "2027-01-01"
 * @internal
 */
export function addDays(date: IsoDate, days: number): IsoDate {
  const t = new Date(utcMidnight(date) + days * MS_PER_DAY);
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1, 2)}-${pad(t.getUTCDate(), 2)}` as IsoDate;
}

/**
 * "Today" for a company: the calendar date of `now` in its time zone (GEN-10).
 * @param now - the current instant, passed in by the caller
 * @param zone - IANA time zone
 * @returns today's date there
 * @example
 * today(Date.parse("2026-11-21T23:30:00Z"), "Europe/Prague") //=> "2026-11-22"
 */
export function today(now: Instant, zone: string): IsoDate {
  return localDate(now, zone);
}

/**
 * The instant a local wall-clock time of a day names in a zone, as minutes after local
 * midnight (0 to 1,440; 1,440 is the next day's start). A time a daylight-saving change skips
 * (02:30 on a spring-forward day in Europe/Prague) names the instant as many minutes after the
 * skipped hour's start, the local time pushed forward by the gap; a time it repeats (02:30 on a
 * fall-back day) names the first of the two. Applies GEN-10.
 * @param date - the calendar date
 * @param minutes - minutes after local midnight, 0 to 1,440
 * @param zone - IANA time zone
 * @returns the instant
 * @example
 * localTimeInstant("2026-03-12" as IsoDate, 8 * 60, "Europe/Prague") //=> Date.parse("2026-03-12T08:00:00+01:00")
 * localTimeInstant("2026-03-29" as IsoDate, 150, "Europe/Prague") //=> Date.parse("2026-03-29T03:30:00+02:00")
 * localTimeInstant("2026-10-25" as IsoDate, 150, "Europe/Prague") //=> Date.parse("2026-10-25T02:30:00+02:00")
 * @internal
 */
export function localTimeInstant(date: IsoDate, minutes: number, zone: string): Instant {
  if (minutes >= 1440) return startOfDay(addDays(date, 1), zone);
  if (minutes <= 0) return startOfDay(date, zone);
  const wall = utcMidnight(date) + minutes * 60_000;
  // The offsets half a day either side bracket any transition near this wall time.
  const before = zoneOffset(wall - 12 * HOUR, zone);
  const after = zoneOffset(wall + 12 * HOUR, zone);
  const first = wall - before;
  const second = wall - after;
  const firstHolds = zoneOffset(first, zone) === before;
  const secondHolds = zoneOffset(second, zone) === after;
  if (firstHolds && secondHolds) return Math.min(first, second);
  if (firstHolds) return first;
  if (secondHolds) return second;
  // Skipped by a transition: read with the offset before it, which lands past the gap.
  return first;
}

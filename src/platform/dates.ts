/**
 * Calendar dates and instants on the wire. Dates are `YYYY-MM-DD`; instants are stored as ISO
 * UTC strings and shown in the company's time zone as `2024-03-01T00:00:00.000+01:00`.
 * Pure code: the current time is always passed in.
 *
 * Invariants:
 * - The supported dates are FIRST_DATE to LAST_DATE, decided here and nowhere else: every date a
 *   request may carry (a query parameter, an attribute, the day of a date-time in the company's
 *   time zone) is refused outside them, so every stored date works in every report and filter.
 *   Dates compare as text (SQLite stores them so), which holds for four-digit years only.
 * - Date arithmetic (`addDays`, `daysInMonth`) is exact for every date of the range and a little
 *   beyond it (the day after LAST_DATE is `10000-01-01`): it never fails on a supported date, and
 *   a result outside the range is never compared or stored without `isSupportedDate`.
 */
import type { Problem } from "./catalogue/keys.js";

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** The first supported date: no books are older, and the calendar is the Gregorian one throughout. */
export const FIRST_DATE = "1900-01-01";
/** The last supported date: the last with a four-digit year. */
export const LAST_DATE = "9999-12-31";
/** The last date before the range: an instant before it is on no supported date in any zone. */
const DAY_BEFORE_FIRST_DATE = addDays(FIRST_DATE, -1);
/** The problem of a date outside the supported range, as attributes and parameters report it. */
export const OUTSIDE_SUPPORTED_DATES: Problem = { key: "between", minimum: FIRST_DATE, maximum: LAST_DATE };

/** A `Date` at midnight UTC of a calendar date; `setUTCFullYear`, since Date.UTC reads years 0-99 as 1900-1999. */
function utcMidnight(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** `YYYY-MM-DD` of a UTC midnight (five digits of year after 9999, never a RangeError). */
function formatUtcDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (any four-digit year). */
export function isValidDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = utcMidnight(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `text` is a calendar date from FIRST_DATE to LAST_DATE. */
export function isSupportedDate(text: string): boolean {
  return isValidDate(text) && text >= FIRST_DATE && text <= LAST_DATE;
}

/** Days in a month of the Gregorian calendar (`month` 1-12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function offsetMinutesFromText(offset: string): number {
  if (offset.toUpperCase() === "Z") return 0;
  const sign = offset.startsWith("-") ? -1 : 1;
  const digits = offset.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

// Making a DateTimeFormat costs far more than using one: keep one per time zone (there are few).
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Offsets known per time zone and quarter hour of UTC: every instant shown asked Intl (a fifth of
 * the CPU time of a list of documents besides SQL), though a zone's offset changes a few times a
 * year. A quarter hour is kept only when its first and last instant have the same offset, so a
 * change inside it (only historical ones fall off the quarter hour) is asked for each instant.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_KNOWN_OFFSETS = 50_000;
let knownOffsets = new Map<string, number>();

/** Minutes east of UTC that `timeZone` is at the instant `epochMs`. */
export function timeZoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  const key = `${timeZone} ${quarter}`;
  const known = knownOffsets.get(key);
  if (known !== undefined) return known;
  const start = quarter * QUARTER_HOUR_MS;
  const offset = askedOffsetMinutes(start, timeZone);
  if (askedOffsetMinutes(start + QUARTER_HOUR_MS - 1000, timeZone) !== offset) {
    return askedOffsetMinutes(epochMs, timeZone);
  }
  if (knownOffsets.size >= MAX_KNOWN_OFFSETS) knownOffsets = new Map();
  knownOffsets.set(key, offset);
  return offset;
}

function askedOffsetMinutes(epochMs: number, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(epochMs));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const secondOfDay = (value("hour") * 60 + value("minute")) * 60 + value("second");
  const asUtc = utcMidnight(value("year"), value("month") - 1, value("day")).getTime() + secondOfDay * 1000;
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/** Epoch milliseconds of a wall-clock time in `timeZone` (the earlier one when ambiguous). */
function zonedWallClockToEpoch(wallClockAsUtcMs: number, timeZone: string): number {
  let guess = wallClockAsUtcMs - timeZoneOffsetMinutes(wallClockAsUtcMs, timeZone) * 60_000;
  guess = wallClockAsUtcMs - timeZoneOffsetMinutes(guess, timeZone) * 60_000;
  return guess;
}

/**
 * Parses ISO 8601 or `YYYY-MM-DD HH:MM:SS +HHMM`; a value without offset (or a bare date) is a
 * wall-clock time in `timeZone`. Returns the ISO UTC string, or null when it is not a date-time.
 */
export function parseDateTime(text: string, timeZone: string): string | null {
  const match = DATE_TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "0", offset] = match;
  if (!isValidDate(`${year}-${month}-${day}`)) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const milliseconds = Number(fraction.padEnd(3, "0").slice(0, 3));
  const secondOfDay = (Number(hour) * 60 + Number(minute)) * 60 + Number(second);
  const wallClock =
    utcMidnight(Number(year), Number(month) - 1, Number(day)).getTime() + secondOfDay * 1000 + milliseconds;
  const epoch =
    offset === undefined
      ? zonedWallClockToEpoch(wallClock, timeZone)
      : wallClock - offsetMinutesFromText(offset) * 60_000;
  return new Date(epoch).toISOString();
}

/** ISO UTC → `2024-03-01T00:00:00.000+01:00` in `timeZone`. */
export function formatDateTime(isoUtc: string, timeZone: string): string {
  const epoch = Date.parse(isoUtc);
  const offset = timeZoneOffsetMinutes(epoch, timeZone);
  const local = new Date(epoch + offset * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const absolute = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

/**
 * The last date asked per time zone, with its second: the response cache asks for every request.
 * A zone's day starts at a whole second (offsets are whole seconds), so within one second of
 * UTC the date is the same.
 */
const MAX_KNOWN_DATES = 1_000;
let knownDates = new Map<string, { epochSecond: number; date: string }>();

/** The calendar date in `timeZone` at the instant `now`. */
export function dateInTimeZone(now: Date, timeZone: string): string {
  const epochSecond = Math.floor(now.getTime() / 1000);
  const known = knownDates.get(timeZone);
  if (known !== undefined && known.epochSecond === epochSecond) return known.date;
  const date = formatDateTime(now.toISOString(), timeZone).slice(0, 10);
  if (knownDates.size >= MAX_KNOWN_DATES) knownDates = new Map();
  knownDates.set(timeZone, { epochSecond, date });
  return date;
}

/**
 * Whether an instant (ISO UTC, as `parseDateTime` answers) falls on a supported date in
 * `timeZone`, and is itself stored with a four-digit year (so it compares as text, as dates do).
 */
export function isSupportedInstant(isoUtc: string, timeZone: string): boolean {
  if (!/^\d{4}-/.test(isoUtc)) return false;
  // A zone is less than a day from UTC, so an instant days before FIRST_DATE is refused unasked:
  // Intl names the years before year 1 (BC) as if they were after it.
  if (isoUtc < DAY_BEFORE_FIRST_DATE) return false;
  return isSupportedDate(formatDateTime(isoUtc, timeZone).slice(0, 10));
}

/**
 * The instant (ISO UTC) at which `date` ends in `timeZone`: the start of the next day. Null for
 * LAST_DATE, after which no supported instant lies, so "before the end of it" bounds nothing.
 */
export function endOfDate(date: string, timeZone: string): string | null {
  if (date >= LAST_DATE) return null;
  return parseDateTime(addDays(date, 1), timeZone);
}

/** `date` moved by `days` (negative: back), exactly; see the invariants for results past the range. */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return formatUtcDate(utcMidnight(year, month - 1, day + days));
}

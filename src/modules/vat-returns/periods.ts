/**
 * Pure rules of the list of return periods (`GET …/vat_return_periods`): which periods a company
 * can look at and file, in its chosen length (month, quarter or year), and where each lies
 * against today. No database, no clock: the dates and today are passed in.
 *
 * Invariants:
 * - The list runs from the period of the company's first booked date (the first VAT-tagged
 *   posting or filed return) to the period of its last, and always holds today's period; books
 *   with no such date list nothing.
 * - A filed return is listed as filed, whatever its length; a period of the company's length that
 *   shares a day with a filed return is left out (it cannot be filed), so no two entries overlap.
 * - Newest first: by first day, then last day, descending.
 */
import { parsePeriod, type ReturnPeriod } from "./rules.js";

export type PeriodLength = "month" | "quarter" | "year";
export type PeriodTiming = "past" | "current" | "future";

export interface ListedPeriod extends ReturnPeriod {
  state: "open" | "filed";
  /** past: over, so it can be filed; current: today lies in it; future: not begun */
  timing: PeriodTiming;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The period of `length` that `date` (`YYYY-MM-DD`) lies in. */
export function periodContaining(date: string, length: PeriodLength): ReturnPeriod {
  const year = date.slice(0, 4);
  const month = Number(date.slice(5, 7));
  const name =
    length === "year" ? year : length === "month" ? `${year}-${pad(month)}` : `${year}Q${Math.ceil(month / 3)}`;
  const period = parsePeriod(name);
  if (period === null) throw new Error(`no period of ${length} holds ${date}`);
  return period;
}

/** The periods of `length` from the one holding `first` to the one holding `last`, oldest first. */
export function periodsBetween(first: string, last: string, length: PeriodLength): ReturnPeriod[] {
  const periods: ReturnPeriod[] = [];
  const end = periodContaining(last, length);
  let period = periodContaining(first, length);
  while (period.from <= end.from) {
    periods.push(period);
    const [year, month] = [Number(period.till.slice(0, 4)), Number(period.till.slice(5, 7))];
    // the day after the last one: the first of the next month
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
    if (next.length > 10) break; // past the year 9999
    period = periodContaining(next, length);
  }
  return periods;
}

export function timingOf(period: ReturnPeriod, today: string): PeriodTiming {
  if (period.till < today) return "past";
  return period.from > today ? "future" : "current";
}

/**
 * The company's periods (see the invariants). `booked` is its first and last booked date, null
 * when nothing is booked; `filed` its filed returns.
 */
export function listPeriods(
  booked: { first: string; last: string } | null,
  filed: readonly ReturnPeriod[],
  length: PeriodLength,
  today: string,
): ListedPeriod[] {
  if (booked === null) return [];
  const first = booked.first < today ? booked.first : today;
  const last = booked.last > today ? booked.last : today;
  const overlapsFiled = (period: ReturnPeriod) =>
    filed.some((other) => other.from <= period.till && other.till >= period.from);
  const listed: ListedPeriod[] = [
    ...filed.map((period) => ({ ...period, state: "filed" as const, timing: timingOf(period, today) })),
    ...periodsBetween(first, last, length)
      .filter((period) => !overlapsFiled(period))
      .map((period) => ({ ...period, state: "open" as const, timing: timingOf(period, today) })),
  ];
  return listed.sort((left, right) => right.from.localeCompare(left.from) || right.till.localeCompare(left.till));
}

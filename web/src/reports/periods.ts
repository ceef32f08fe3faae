/**
 * Report periods as the app proposes them: a year, a quarter, a month, the period before a given
 * one, and the VAT return period that holds a day. Dates are the API's `YYYY-MM-DD` text; the
 * arithmetic is on calendar days and months only (never on money), in UTC so no time zone moves a
 * day. Pure: today is always passed in.
 */

export interface Period {
  from: string;
  till: string;
}

const pad = (value: number) => String(value).padStart(2, "0");
const dayText = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const parts = (date: string) => date.split("-").map(Number) as [number, number, number];

/** The last day of a month (month 1–12). */
function lastDayOf(year: number, month: number): string {
  return dayText(new Date(Date.UTC(year, month, 0)));
}

export function yearPeriod(year: number): Period {
  return { from: `${year}-01-01`, till: `${year}-12-31` };
}

export function monthPeriod(year: number, month: number): Period {
  return { from: `${year}-${pad(month)}-01`, till: lastDayOf(year, month) };
}

export function quarterOf(date: string): { year: number; quarter: number } {
  const [year, month] = parts(date);
  return { year, quarter: Math.floor((month - 1) / 3) + 1 };
}

export function quarterPeriod(year: number, quarter: number): Period {
  return { from: `${year}-${pad(quarter * 3 - 2)}-01`, till: lastDayOf(year, quarter * 3) };
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return dayText(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The same day a year earlier (29 February becomes 28 February). */
export function yearEarlier(date: string): string {
  const [year, month, day] = parts(date);
  const last = Number(lastDayOf(year - 1, month).slice(8));
  return `${year - 1}-${pad(month)}-${pad(Math.min(day, last))}`;
}

function isFirstOfMonth(date: string): boolean {
  return date.endsWith("-01");
}

function isLastOfMonth(date: string): boolean {
  const [year, month] = parts(date);
  return lastDayOf(year, month) === date;
}

/**
 * The period to compare `period` with, the one before it: whole months give as many whole months
 * before them (a quarter the quarter before, a year the year before); a year so far (1 January
 * to a day of that year) the same days of the year before; any other span as many days just
 * before it.
 */
export function previousPeriod(period: Period): Period {
  if (
    period.from.endsWith("-01-01") &&
    period.till.slice(0, 4) === period.from.slice(0, 4) &&
    !isLastOfMonth(period.till)
  ) {
    return { from: yearEarlier(period.from), till: yearEarlier(period.till) };
  }
  if (isFirstOfMonth(period.from) && isLastOfMonth(period.till)) {
    const [fromYear, fromMonth] = parts(period.from);
    const [tillYear, tillMonth] = parts(period.till);
    const months = (tillYear - fromYear) * 12 + (tillMonth - fromMonth) + 1;
    const start = new Date(Date.UTC(fromYear, fromMonth - 1 - months, 1));
    return { from: dayText(start), till: addDays(period.from, -1) };
  }
  const [fromYear, fromMonth, fromDay] = parts(period.from);
  const [tillYear, tillMonth, tillDay] = parts(period.till);
  const days = Math.round(
    (Date.UTC(tillYear, tillMonth - 1, tillDay) - Date.UTC(fromYear, fromMonth - 1, fromDay)) / 86_400_000,
  );
  const till = addDays(period.from, -1);
  return { from: addDays(till, -days), till };
}

export type VatPeriodKind = "month" | "quarter" | "year";

/** The VAT return period (`2026Q3`, `2026-08`, `2026`) of the company's kind that holds `date`. */
export function vatPeriodOf(kind: VatPeriodKind, date: string): string {
  const [year, month] = parts(date);
  if (kind === "month") return `${year}-${pad(month)}`;
  if (kind === "year") return String(year);
  return `${year}Q${quarterOf(date).quarter}`;
}

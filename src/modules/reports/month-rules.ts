/**
 * Pure month arithmetic of the reports: a date range cut where the ledger's month totals can serve
 * it (whole months) and the days around them, and the calendar months of a period with the revenue
 * and costs of each (a profit and loss with `breakdown=month`). Amounts are integer cents, as
 * bigint. No database, no clock.
 */
import { daysInMonth, LAST_DATE } from "../../platform/dates.js";

/** A date range cut where the ledger's month totals can serve it: whole months, and the days around them. */
export interface MonthCut {
  /** whole months (`YYYY-MM`, inclusive; absent: open), or null when the range holds none */
  months: { from?: string; till?: string } | null;
  /** the days outside those months, read line by line */
  days: Array<{ from?: string; till?: string }>;
}

/**
 * Months as numbers (year × 12 + month − 1): the month after 9999-12 is a number like any other,
 * where as text (`10000-01`) it would sort before every other month.
 */
const monthIndexOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const LAST_MONTH = monthIndexOf(LAST_DATE);
const monthText = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
const isLastDayOfMonth = (date: string) =>
  Number(date.slice(8, 10)) === daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

/** The days of `from`'s month from `from` on, or of `till`'s month up to `till` (supported dates in, out). */
const restOfMonth = (from: string) =>
  `${from.slice(0, 8)}${String(daysInMonth(Number(from.slice(0, 4)), Number(from.slice(5, 7)))).padStart(2, "0")}`;
const startOfMonth = (till: string) => `${till.slice(0, 8)}01`;

export function cutByMonths(range: { from?: string; till?: string }): MonthCut {
  const { from, till } = range;
  const firstWhole = from === undefined ? undefined : monthIndexOf(from) + (from.endsWith("-01") ? 0 : 1);
  const lastWhole = till === undefined ? undefined : monthIndexOf(till) - (isLastDayOfMonth(till) ? 0 : 1);
  const noWholeMonth =
    firstWhole !== undefined && (firstWhole > LAST_MONTH || (lastWhole !== undefined && firstWhole > lastWhole));
  if (noWholeMonth) return { months: null, days: [range] };
  const days: MonthCut["days"] = [];
  if (from !== undefined && firstWhole !== monthIndexOf(from)) days.push({ from, till: restOfMonth(from) });
  if (till !== undefined && lastWhole !== monthIndexOf(till)) days.push({ from: startOfMonth(till), till });
  const months: { from?: string; till?: string } = {};
  if (firstWhole !== undefined) months.from = monthText(firstWhole);
  if (lastWhole !== undefined) months.till = monthText(lastWhole);
  return { months, days };
}

/** The most months a profit and loss breaks down into (ten years), so an answer stays small. */
export const MOST_BREAKDOWN_MONTHS = 120;

/** A calendar month of a report period, cut to the period's own first and last day. */
export interface PeriodMonth {
  month: string;
  from: string;
  till: string;
}

/** How many calendar months `from`…`till` touches. */
export function monthsSpanned(from: string, till: string): number {
  return monthIndexOf(till) - monthIndexOf(from) + 1;
}

/** The calendar months `from`…`till` touches, oldest first, the first and last cut to the period. */
export function periodMonths(from: string, till: string): PeriodMonth[] {
  const months: PeriodMonth[] = [];
  for (let index = monthIndexOf(from); index <= monthIndexOf(till); index++) {
    const month = monthText(index);
    const first = `${month}-01`;
    const last = restOfMonth(first);
    months.push({ month, from: first < from ? from : first, till: last > till ? till : last });
  }
  return months;
}

/** Debits and credits of one account in one month (`YYYY-MM`). */
export interface MonthAccountTotals {
  month: string;
  account_id: number;
  debit_cents: bigint;
  credit_cents: bigint;
}

/**
 * Revenue (credit − debit of the accounts `isRevenue` picks) and costs (debit − credit of those
 * `isCosts` picks) per month of `months`, in their order; a month without lines is zero.
 */
export function monthResults(
  months: readonly PeriodMonth[],
  totals: readonly MonthAccountTotals[],
  isRevenue: (accountId: number) => boolean,
  isCosts: (accountId: number) => boolean,
): Array<PeriodMonth & { revenue_cents: bigint; costs_cents: bigint }> {
  const byMonth = new Map(months.map((month) => [month.month, { ...month, revenue_cents: 0n, costs_cents: 0n }]));
  for (const total of totals) {
    const month = byMonth.get(total.month);
    if (month === undefined) continue;
    if (isRevenue(total.account_id)) month.revenue_cents += total.credit_cents - total.debit_cents;
    else if (isCosts(total.account_id)) month.costs_cents += total.debit_cents - total.credit_cents;
  }
  return [...byMonth.values()];
}

/** Each account's debits and credits over all the months: the period's totals from its months. */
export function totalsOfMonths(
  totals: readonly MonthAccountTotals[],
): Array<{ account_id: number; debit_cents: bigint; credit_cents: bigint }> {
  const byAccount = new Map<number, { account_id: number; debit_cents: bigint; credit_cents: bigint }>();
  for (const total of totals) {
    const sum = byAccount.get(total.account_id) ?? { account_id: total.account_id, debit_cents: 0n, credit_cents: 0n };
    sum.debit_cents += total.debit_cents;
    sum.credit_cents += total.credit_cents;
    byAccount.set(total.account_id, sum);
  }
  return [...byAccount.values()];
}

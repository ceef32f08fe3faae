/**
 * The months of a profit and loss (`breakdown=month`): revenue, costs and result of each calendar
 * month the period touches, the first and last cut to the period, so the months add up to the
 * period's own totals. Sums of posted lines in integer cents, as bigint, like the report itself;
 * a month without movements is answered at zero rather than left out, so a chart has every bar.
 */
import type { ServiceDeps } from "../../platform/deps.js";
import { invalidParameter } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";
import {
  MOST_BREAKDOWN_MONTHS,
  type MonthAccountTotals,
  monthResults,
  monthsSpanned,
  periodMonths,
} from "./month-rules.js";
import { type ChartAccount, isUnder } from "./rules.js";
import type { MonthResult } from "./schemas.js";
import { sumLinesPerAccountAndMonth } from "./store.js";

const REVENUE = "profit.revenue";
const COSTS = "profit.costs";

/** Refuses, before anything is read, a breakdown of more months than MOST_BREAKDOWN_MONTHS. */
export function checkBreakdownSpan(period: { from: string; till: string }): void {
  if (monthsSpanned(period.from, period.till) > MOST_BREAKDOWN_MONTHS) {
    throw invalidParameter("breakdown", { key: "tooManyMonths", most: MOST_BREAKDOWN_MONTHS });
  }
}

/** The debits and credits per month and account of the chart over the period, as `presentMonths` takes them. */
export function readPeriodMonths(
  deps: ServiceDeps,
  companyId: number,
  period: { from: string; till: string },
  chart: readonly ChartAccount[],
) {
  return sumLinesPerAccountAndMonth(
    deps.db,
    companyId,
    period,
    chart.map((account) => account.id),
  );
}

export function presentMonths(
  period: { from: string; till: string },
  totals: readonly MonthAccountTotals[],
  chart: readonly ChartAccount[],
): MonthResult[] {
  const pathOf = new Map(chart.map((account) => [account.id, account.path]));
  const under = (root: string) => (accountId: number) => {
    const path = pathOf.get(accountId);
    return path !== undefined && isUnder(path, root);
  };
  return monthResults(periodMonths(period.from, period.till), totals, under(REVENUE), under(COSTS)).map((month) => ({
    month: month.month,
    from: month.from,
    till: month.till,
    total_revenue: centsToDecimal(month.revenue_cents),
    total_costs: centsToDecimal(month.costs_cents),
    result: centsToDecimal(month.revenue_cents - month.costs_cents),
  }));
}

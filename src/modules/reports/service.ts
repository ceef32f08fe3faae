/**
 * The bookkeeper's reports over the ledger (issue 11, part 5): trial balance, profit and loss,
 * balance sheet and general ledger. Every figure is a sum of posted lines in integer cents,
 * exact at any size: summed exactly in SQL (db/exact-sums.ts) and added as bigint here, so no
 * total loses a cent past 2^53 or fails past 2^63; nothing is re-derived from documents. Open
 * items and mileage are in `open-items.ts` and `mileage.ts`, re-exported here as the module's
 * one entry point.
 *
 * Invariants: the trial balance's totals are equal; total assets equal total liabilities and
 * equity, the results of this and earlier years included; a report date left out is today in
 * the company's time zone.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { addDays, dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { companyChart, resolveAccount } from "../accounts/service.js";
import { totalsOfMonths } from "./month-rules.js";
import { checkBreakdownSpan, presentMonths, readPeriodMonths } from "./months.js";
import type { AccountSelector } from "./parameters.js";
import {
  type AmountNode,
  accountTree,
  type ChartAccount,
  isUnder,
  reportPeriod,
  summaryNode,
  yearBounds,
} from "./rules.js";
import type { BalanceSheet, GeneralLedger, Movement, ProfitAndLoss, ReportNode, TrialBalance } from "./schemas.js";
import { type AccountTotals, listAccountMovements, sumAccountLines, sumLinesPerAccount } from "./store.js";

export { mileageReport } from "./mileage.js";
export { payablesReport, receivablesReport } from "./open-items.js";

const ASSETS = "activa";
const LIABILITIES_AND_EQUITY = "passiva";
const EQUITY = "passiva.equity";
const PROFIT = "profit";
const REVENUE = "profit.revenue";
const COSTS = "profit.costs";

/** Today in the company's time zone. */
export function companyToday(deps: ServiceDeps, company: CompanyAccess): string {
  return dateInTimeZone(deps.now(), company.timeZone);
}

function presentNode(node: AmountNode): ReportNode {
  return {
    account_id: node.account_id,
    path: node.path,
    name: node.name,
    amount: centsToDecimal(node.amount_cents),
    accounts: node.accounts.map(presentNode),
  };
}

async function chartOf(deps: ServiceDeps, companyId: number): Promise<ChartAccount[]> {
  return companyChart(deps.db, companyId);
}

const idsOf = (chart: readonly ChartAccount[]) => chart.map((account) => account.id);

/** Per account id, `sign` × (debit − credit) of the accounts `belongs` picks. */
function amountsOf(
  totals: readonly AccountTotals[],
  chartById: ReadonlyMap<number, ChartAccount>,
  belongs: (path: string) => boolean,
  sign: 1n | -1n,
): Map<number, bigint> {
  const amounts = new Map<number, bigint>();
  for (const total of totals) {
    const account = chartById.get(total.account_id);
    if (account === undefined || !belongs(account.path)) continue;
    amounts.set(total.account_id, sign * (total.debit_cents - total.credit_cents));
  }
  return amounts;
}

/** The totals of two disjoint ranges added per account. */
function mergeTotals(left: readonly AccountTotals[], right: readonly AccountTotals[]): AccountTotals[] {
  const merged = new Map<number, AccountTotals>();
  for (const total of [...left, ...right]) {
    const seen = merged.get(total.account_id);
    merged.set(
      total.account_id,
      seen === undefined
        ? { ...total }
        : {
            account_id: total.account_id,
            debit_cents: seen.debit_cents + total.debit_cents,
            credit_cents: seen.credit_cents + total.credit_cents,
          },
    );
  }
  return [...merged.values()];
}

const sumValues = (amounts: ReadonlyMap<number, bigint>) =>
  [...amounts.values()].reduce((sum, cents) => sum + cents, 0n);

function requiredTree(
  chart: readonly ChartAccount[],
  rootPath: string,
  amounts: ReadonlyMap<number, bigint>,
  extras?: ReadonlyMap<string, readonly AmountNode[]>,
): AmountNode {
  const tree = accountTree(chart, rootPath, amounts, extras);
  if (tree === null) throw new Error(`the chart has no account ${rootPath}`);
  return tree;
}

export async function trialBalanceReport(
  deps: ServiceDeps,
  company: CompanyAccess,
  requestedDate: string | undefined,
): Promise<TrialBalance> {
  const date = requestedDate ?? companyToday(deps, company);
  const chart = await chartOf(deps, company.companyId);
  const totals = await sumLinesPerAccount(deps.db, company.companyId, { till: date }, idsOf(chart));
  const chartById = new Map(chart.map((account) => [account.id, account]));
  const rows = totals
    .map((total) => ({ total, account: chartById.get(total.account_id) }))
    .sort((left, right) => ((left.account?.path ?? "") < (right.account?.path ?? "") ? -1 : 1));
  let debit = 0n;
  let credit = 0n;
  const accounts = rows.map(({ total, account }) => {
    debit += total.debit_cents;
    credit += total.credit_cents;
    return {
      account_id: total.account_id,
      path: account?.path ?? null,
      name: account?.name ?? null,
      debit: centsToDecimal(total.debit_cents),
      credit: centsToDecimal(total.credit_cents),
      balance: centsToDecimal(total.debit_cents - total.credit_cents),
    };
  });
  return { date, accounts, total_debit: centsToDecimal(debit), total_credit: centsToDecimal(credit) };
}

export async function profitAndLossReport(
  deps: ServiceDeps,
  company: CompanyAccess,
  requested: { from?: string; till?: string; months?: boolean },
): Promise<ProfitAndLoss> {
  const { from, till } = reportPeriod(requested.from, requested.till, companyToday(deps, company));
  if (requested.months === true) checkBreakdownSpan({ from, till });
  const chart = await chartOf(deps, company.companyId);
  // with the months asked for, the period's totals are their sum: the lines are read once
  const monthTotals =
    requested.months === true ? await readPeriodMonths(deps, company.companyId, { from, till }, chart) : undefined;
  const totals =
    monthTotals === undefined
      ? await sumLinesPerAccount(deps.db, company.companyId, { from, till }, idsOf(chart))
      : totalsOfMonths(monthTotals);
  const chartById = new Map(chart.map((account) => [account.id, account]));
  const revenue = requiredTree(
    chart,
    REVENUE,
    amountsOf(totals, chartById, (path) => isUnder(path, REVENUE), -1n),
  );
  const costs = requiredTree(
    chart,
    COSTS,
    amountsOf(totals, chartById, (path) => isUnder(path, COSTS), 1n),
  );
  return {
    from,
    till,
    revenue: presentNode(revenue),
    costs: presentNode(costs),
    total_revenue: centsToDecimal(revenue.amount_cents),
    total_costs: centsToDecimal(costs.amount_cents),
    result: centsToDecimal(revenue.amount_cents - costs.amount_cents),
    ...(monthTotals === undefined ? {} : { months: presentMonths({ from, till }, monthTotals, chart) }),
  };
}

export async function balanceSheetReport(
  deps: ServiceDeps,
  company: CompanyAccess,
  requestedDate: string | undefined,
): Promise<BalanceSheet> {
  const date = requestedDate ?? companyToday(deps, company);
  const yearStart = yearBounds(Number(date.slice(0, 4))).from;
  const chart = await chartOf(deps, company.companyId);
  const [earlierYears, thisYear] = await Promise.all([
    sumLinesPerAccount(deps.db, company.companyId, { till: addDays(yearStart, -1) }, idsOf(chart)),
    sumLinesPerAccount(deps.db, company.companyId, { from: yearStart, till: date }, idsOf(chart)),
  ]);
  const throughDate = mergeTotals(earlierYears, thisYear);
  const chartById = new Map(chart.map((account) => [account.id, account]));
  const isProfit = (path: string) => isUnder(path, PROFIT);
  const profitEarlier = amountsOf(earlierYears, chartById, isProfit, -1n);
  const profitThisYear = amountsOf(thisYear, chartById, isProfit, -1n);
  const result = sumValues(profitThisYear);
  const retained = sumValues(profitEarlier);
  // lines on accounts outside the three trees (the VAT helper accounts no posting uses): kept, so
  // that the sheet still balances should one ever be posted to
  const others = amountsOf(
    throughDate,
    chartById,
    (path) => !isUnder(path, ASSETS) && !isUnder(path, LIABILITIES_AND_EQUITY) && !isProfit(path),
    -1n,
  );

  const resultLines: AmountNode[] = [];
  if (profitEarlier.size > 0) resultLines.push(summaryNode("Resultaat voorgaande boekjaren", retained));
  if (profitThisYear.size > 0) resultLines.push(summaryNode("Resultaat lopend boekjaar", result));
  const extras = new Map<string, AmountNode[]>();
  const equityPath = chart.some((account) => account.path === EQUITY) ? EQUITY : LIABILITIES_AND_EQUITY;
  extras.set(equityPath, resultLines);
  if (others.size > 0) {
    const otherLines = [summaryNode("Overige rekeningen", sumValues(others))];
    extras.set(LIABILITIES_AND_EQUITY, [...(extras.get(LIABILITIES_AND_EQUITY) ?? []), ...otherLines]);
  }

  const assets = requiredTree(
    chart,
    ASSETS,
    amountsOf(throughDate, chartById, (path) => isUnder(path, ASSETS), 1n),
  );
  const liabilities = requiredTree(
    chart,
    LIABILITIES_AND_EQUITY,
    amountsOf(throughDate, chartById, (path) => isUnder(path, LIABILITIES_AND_EQUITY), -1n),
    extras,
  );
  return {
    date,
    assets: presentNode(assets),
    liabilities_and_equity: presentNode(liabilities),
    result: centsToDecimal(result),
    retained_result: centsToDecimal(retained),
    total_assets: centsToDecimal(assets.amount_cents),
    total_liabilities_and_equity: centsToDecimal(liabilities.amount_cents),
  };
}

/**
 * One account's lines over the period, oldest first and paged, with the balance (debit − credit)
 * before the period, after each line and at its end. An account the company does not have: 404.
 */
export async function generalLedgerReport(
  deps: ServiceDeps,
  company: CompanyAccess,
  selector: AccountSelector,
  requested: { from?: string; till?: string },
  paging: Paging,
): Promise<{ report: GeneralLedger; page: Page<Movement> }> {
  const account = await resolveAccount(deps.db, company.companyId, selector);
  if (account === undefined) throw notFound("account");
  const { from, till } = reportPeriod(requested.from, requested.till, companyToday(deps, company));
  const [opening, inPeriod, movements] = await Promise.all([
    sumAccountLines(deps.db, company.companyId, account.id, { till: addDays(from, -1) }),
    sumAccountLines(deps.db, company.companyId, account.id, { from, till }),
    listAccountMovements(deps.db, company.companyId, account.id, { from, till }, paging),
  ]);
  const openingCents = opening.debit_cents - opening.credit_cents;
  let running = openingCents + movements.before_page_cents;
  const items = movements.rows.map((row) => {
    running += BigInt(row.debit_cents - row.credit_cents);
    return {
      id: row.id,
      entry_id: row.entry_id,
      date: row.date,
      description: row.description,
      source_type: row.source_type,
      source_id: row.source_id,
      contact_id: row.contact_id,
      debit: centsToDecimal(row.debit_cents),
      credit: centsToDecimal(row.credit_cents),
      balance: centsToDecimal(running),
    };
  });
  const report: GeneralLedger = {
    account_id: account.id,
    path: account.path,
    name: account.name,
    from,
    till,
    opening_balance: centsToDecimal(openingCents),
    movements: items,
    total_debit: centsToDecimal(inPeriod.debit_cents),
    total_credit: centsToDecimal(inPeriod.credit_cents),
    closing_balance: centsToDecimal(openingCents + inPeriod.debit_cents - inPeriod.credit_cents),
  };
  return { report, page: { items, total: movements.total, paging } };
}

/** An account's balance in the books at the end of `till` (debit minus credit, cents, exact). */
export async function accountBalanceCents(
  executor: Executor,
  companyId: number,
  accountId: number,
  till: string,
): Promise<bigint> {
  const sums = await sumAccountLines(executor, companyId, accountId, { till });
  return sums.debit_cents - sums.credit_cents;
}

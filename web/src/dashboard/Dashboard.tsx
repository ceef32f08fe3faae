/**
 * The company's home page: how the business is doing at a glance. The result so far this year,
 * the VAT of the current return period, money at the bank, what customers owe by age (with the
 * overdue invoices) and what is owed to suppliers, the bank payments waiting for a match, and
 * revenue and costs per month against last year. Every figure is the server's (reports with
 * explicit dates, totals by age from the summary reports, counts from X-Total) and links to the
 * report or list behind it; nothing is added up here. The figures' section is aria-busy until all
 * of them are in, so a screen reader (and the benchmark) knows when the page is complete.
 */
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { shownError } from "../api/errors.js";
import { useCompanies, useCompanyId, usePaymentAccounts } from "../app/queries.js";
import { formatDate, todayIso } from "../format.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { Amount } from "../reports/Amount.js";
import { vatPeriodOf } from "../reports/periods.js";
import { type ReportNode, useBalanceSheet, useOpenItems, useProfitAndLoss } from "../reports/queries.js";
import { ErrorBanner } from "../ui/Banner.js";
import { MonthChart } from "./MonthChart.js";
import { useBookkeepingSettings, useOverdueInvoices, useUnbookedCount, useVatReturn } from "./queries.js";
import { OverdueFigure, ReceivablesFigure } from "./ReceivablesFigure.js";

const LIQUID_ASSETS = "activa.current_assets.liquid_assets";

/** Where the VAT return of a period is reviewed and filed (the VAT return page). */
export const vatReturnPath = (companyId: number, period: string) => `/${companyId}/vat/${period}`;

/** Whether the return's balance (5g) is owed, to come back, or nothing at all. */
function vatDirection(balance: string | null): MessageKey {
  if (balance === null || /^-?0(\.0*)?$/.test(balance)) return "dashboard.vatNothing";
  return balance.startsWith("-") ? "dashboard.vatRefund" : "dashboard.vatToPay";
}

function findNode(node: ReportNode, matches: (node: ReportNode) => boolean): ReportNode | undefined {
  if (matches(node)) return node;
  for (const child of node.accounts) {
    const found = findNode(child, matches);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function Dashboard() {
  const t = useT();
  const companyId = useCompanyId();
  const company = useCompanies().data?.find((candidate) => candidate.id === companyId);
  const today = todayIso();
  const year = Number(today.slice(0, 4));
  const settings = useBookkeepingSettings(companyId);
  const period = settings.data === undefined ? null : vatPeriodOf(settings.data.vat_period, today);
  const thisYear = useProfitAndLoss(companyId, `${year}-01-01`, today, true);
  const lastYear = useProfitAndLoss(companyId, `${year - 1}-01-01`, `${year - 1}-12-31`, true);
  const vat = useVatReturn(companyId, period);
  const balance = useBalanceSheet(companyId, today);
  const accounts = usePaymentAccounts(companyId);
  const receivables = useOpenItems(companyId, "receivables", today, true);
  const payables = useOpenItems(companyId, "payables", today, true);
  const overdue = useOverdueInvoices(companyId);
  const unbooked = useUnbookedCount(companyId);
  const all = [settings, thisYear, lastYear, vat, balance, accounts, receivables, payables, overdue, unbooked];
  // a query waiting for another (the VAT return for the period) is idle, not busy
  const busy = settings.isPending || all.some((query) => query.isPending && query.fetchStatus !== "idle");
  const failed = all.find((query) => query.isError);

  const profitPath = (from: string, till: string) => `/${companyId}/reports/profit-and-loss?from=${from}&till=${till}`;
  const ledgerPath = (accountId: number) =>
    `/${companyId}/reports/general-ledger?account=${accountId}&from=${year}-01-01&till=${today}`;
  const liquid =
    balance.data === undefined ? undefined : findNode(balance.data.assets, (node) => node.path === LIQUID_ASSETS);
  const allUnderLiquid = accounts.data?.every((account) => account.path?.startsWith(`${LIQUID_ASSETS}.`)) ?? false;

  return (
    <>
      <div className="page-head">
        <h1>{t("dashboard.title")}</h1>
        <p className="hint dashboard-date">
          {company?.name} · {formatDate(today)}
        </p>
      </div>
      {failed !== undefined && (
        <ErrorBanner error={shownError(failed.error)} retry={() => all.forEach((query) => void query.refetch())} />
      )}
      <section
        className="dashboard-figures"
        data-testid="dashboard-figures"
        aria-busy={busy}
        aria-label={t("dashboard.figures")}
      >
        <Figure title={t("dashboard.result", { year })} testId="figure-result">
          {thisYear.data !== undefined && (
            <>
              <Link className="figure-amount" to={profitPath(`${year}-01-01`, today)}>
                <Amount value={thisYear.data.result} />
              </Link>
              <dl className="facts">
                <dt>{t("dashboard.revenue")}</dt>
                <dd>
                  <Link to={profitPath(`${year}-01-01`, today)} data-testid="figure-revenue">
                    <Amount value={thisYear.data.total_revenue} />
                  </Link>
                </dd>
                <dt>{t("dashboard.costs")}</dt>
                <dd>
                  <Link to={profitPath(`${year}-01-01`, today)} data-testid="figure-costs">
                    <Amount value={thisYear.data.total_costs} />
                  </Link>
                </dd>
              </dl>
              <p className="hint">
                {t("dashboard.untilToday", { from: formatDate(`${year}-01-01`), till: formatDate(today) })}
              </p>
            </>
          )}
        </Figure>

        <Figure title={period === null ? t("dashboard.vat") : t("dashboard.vatOf", { period })} testId="figure-vat">
          {vat.data !== undefined && period !== null && (
            <>
              <Link className="figure-amount" to={vatReturnPath(companyId, period)}>
                <Amount value={vat.data.boxes["5g"].vat ?? "0"} />
              </Link>
              <p>
                {t(vatDirection(vat.data.boxes["5g"].vat))}
                {" · "}
                {vat.data.state === "filed" ? t("dashboard.vatFiled") : t("dashboard.vatOpen")}
              </p>
              <p className="hint">
                {formatDate(vat.data.from)} – {formatDate(vat.data.till)}
              </p>
            </>
          )}
        </Figure>

        <Figure title={t("dashboard.cash")} testId="figure-cash">
          {balance.data !== undefined && accounts.data !== undefined && (
            <>
              {allUnderLiquid && (
                <Link className="figure-amount" to={`/${companyId}/reports/balance-sheet?date=${today}`}>
                  <Amount value={liquid?.amount ?? "0"} />
                </Link>
              )}
              <dl className="facts">
                {accounts.data.map((account) => (
                  <Fragment key={account.id}>
                    <dt>{account.name}</dt>
                    <dd>
                      <Link to={ledgerPath(account.id ?? 0)} data-testid={`cash-${account.path}`}>
                        <Amount
                          value={findNode(balance.data.assets, (node) => node.account_id === account.id)?.amount ?? "0"}
                        />
                      </Link>
                    </dd>
                  </Fragment>
                ))}
              </dl>
            </>
          )}
        </Figure>

        <Figure title={t("dashboard.receivables")} testId="figure-receivables" tall>
          {receivables.data !== undefined && (
            <ReceivablesFigure companyId={companyId} today={today} totals={receivables.data} />
          )}
        </Figure>

        <Figure title={t("dashboard.overdue")} testId="figure-overdue" tall>
          {overdue.data !== undefined && <OverdueFigure companyId={companyId} overdue={overdue.data} />}
        </Figure>

        <Figure title={t("dashboard.payables")} testId="figure-payables">
          {payables.data !== undefined && (
            <Link className="figure-amount" to={`/${companyId}/reports/payables?date=${today}`}>
              <Amount value={payables.data.total} />
            </Link>
          )}
        </Figure>

        <Figure title={t("dashboard.unbooked")} testId="figure-unbooked">
          {unbooked.data !== undefined && (
            <>
              <Link className="figure-amount" to={`/${companyId}/payments`}>
                {unbooked.data}
              </Link>
              <p>
                {unbooked.data === 0
                  ? t("dashboard.unbookedNone")
                  : t("dashboard.unbookedWaiting", { count: unbooked.data })}
              </p>
            </>
          )}
        </Figure>
      </section>

      {thisYear.data !== undefined && lastYear.data !== undefined && (
        <div className="dashboard-charts">
          <MonthChart
            companyId={companyId}
            title={t("dashboard.revenuePerMonth")}
            measure="total_revenue"
            year={year}
            current={thisYear.data.months ?? []}
            earlier={lastYear.data.months ?? []}
          />
          <MonthChart
            companyId={companyId}
            title={t("dashboard.costsPerMonth")}
            measure="total_costs"
            year={year}
            current={thisYear.data.months ?? []}
            earlier={lastYear.data.months ?? []}
          />
        </div>
      )}
    </>
  );
}

function Figure({
  title,
  testId,
  tall = false,
  children,
}: {
  title: string;
  testId: string;
  tall?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const hasContent = Array.isArray(children) ? children.some(Boolean) : Boolean(children);
  return (
    <section className={`figure${tall ? " tall" : ""}`} data-testid={testId}>
      <h2>{title}</h2>
      {hasContent ? children : <p className="loading">{t("app.loading")}</p>}
    </section>
  );
}

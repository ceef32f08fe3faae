/**
 * The general ledger of one account over a chosen period: the balance before it, every line with
 * its running balance (a page at a time, by the server's X-Total), and the period's totals. A line
 * leads to its source document where the app has a page for it (an invoice, an expense). The
 * accounts to choose from are those with lines up to the period's end (the trial balance's). The
 * CSV holds every line of the period, fetched page by page, up to MOST_CSV_PAGES pages.
 */
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { shownError } from "../api/errors.js";
import { useCompanyId } from "../app/queries.js";
import { formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Banner, ErrorBanner, QueryPending } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import { Pager } from "../ui/Pager.js";
import { Amount } from "./Amount.js";
import { csvName, EmptyNotice, periodText } from "./common.js";
import { type Cell, csvAmount, csvDate } from "./csv.js";
import { downloadCsv } from "./download.js";
import { fetchGeneralLedger, LEDGER_PER_PAGE, useGeneralLedger, useTrialBalance } from "./queries.js";
import { PeriodForm, usePeriodParams } from "./ReportControls.js";
import { ReportLayout } from "./ReportLayout.js";
import { sourceLabel, sourcePath } from "./sources.js";

/** 100 pages of 100 lines: beyond that a spreadsheet is better served by the auditfile. */
const MOST_CSV_PAGES = 100;

export function GeneralLedgerReport() {
  const t = useT();
  const companyId = useCompanyId();
  const [search, setSearch] = useSearchParams();
  const { period, apply } = usePeriodParams();
  const accountId = Number(search.get("account") ?? "") || null;
  const page = Math.max(1, Number(search.get("page") ?? "1") || 1);
  const accounts = useTrialBalance(companyId, period.till);
  const ledger = useGeneralLedger(companyId, accountId, period.from, period.till, page);
  const [exporting, setExporting] = useState<"busy" | "tooLong" | "failed" | null>(null);
  const report = ledger.data?.report;

  const change = (name: "account" | "page", value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    if (name === "account") next.delete("page");
    setSearch(next);
  };

  const exportCsv = async () => {
    if (report === undefined || accountId === null) return;
    const pages = Math.ceil((ledger.data?.total ?? 0) / LEDGER_PER_PAGE);
    if (pages > MOST_CSV_PAGES) return setExporting("tooLong");
    setExporting("busy");
    try {
      const lines: Cell[][] = [];
      for (let number = 1; number <= Math.max(1, pages); number++) {
        const { report: part } = await fetchGeneralLedger(companyId, accountId, period.from, period.till, number);
        for (const line of part.movements) {
          const label = sourceLabel(line.source_type);
          lines.push([
            csvDate(line.date),
            line.description,
            label === null ? line.source_type : t(label),
            line.source_id,
            csvAmount(line.debit),
            csvAmount(line.credit),
            csvAmount(line.balance),
          ]);
        }
      }
      downloadCsv(csvName(`${t("reports.file.generalLedger")}-${report.path ?? accountId}`, period.from, period.till), [
        [
          t("reports.date"),
          t("reports.description"),
          t("reports.source"),
          t("reports.csv.sourceId"),
          t("reports.debit"),
          t("reports.credit"),
          t("reports.balance"),
        ],
        [csvDate(period.from), t("reports.openingBalance"), "", "", "", "", csvAmount(report.opening_balance)],
        ...lines,
        [
          "",
          t("reports.total"),
          "",
          "",
          csvAmount(report.total_debit),
          csvAmount(report.total_credit),
          csvAmount(report.closing_balance),
        ],
      ]);
      setExporting(null);
    } catch {
      setExporting("failed");
    }
  };

  return (
    <ReportLayout
      title={report?.name == null ? t("reports.generalLedger") : `${t("reports.generalLedger")}: ${report.name}`}
      covers={periodText(period)}
      controls={
        <>
          <PeriodForm period={period} onApply={apply} />
          <div className="filters">
            <Field label={t("reports.chooseAccount")} className="account-field">
              <select value={accountId ?? ""} onChange={(event) => change("account", event.target.value)}>
                <option value="">{t("reports.noAccount")}</option>
                {accounts.data?.accounts.map((account) => (
                  <option key={account.account_id} value={account.account_id ?? ""}>
                    {account.name} ({account.path})
                  </option>
                ))}
                {accountId !== null &&
                  report !== undefined &&
                  !accounts.data?.accounts.some((account) => account.account_id === accountId) && (
                    <option value={accountId}>{report.name}</option>
                  )}
              </select>
            </Field>
          </div>
        </>
      }
      onCsv={report === undefined || exporting === "busy" ? undefined : () => void exportCsv()}
    >
      {exporting === "busy" && <Banner kind="ok">{t("reports.exporting")}</Banner>}
      {exporting === "tooLong" && (
        <Banner kind="error">{t("reports.tooLongForCsv", { most: MOST_CSV_PAGES * LEDGER_PER_PAGE })}</Banner>
      )}
      {exporting === "failed" && <ErrorBanner error={{ fields: {}, banner: { key: "error.server" } }} />}
      {accountId === null && <p>{t("reports.chooseAccountFirst")}</p>}
      {accountId !== null && report === undefined && <QueryPending query={ledger} />}
      {ledger.isError && report !== undefined && <ErrorBanner error={shownError(ledger.error)} />}
      {report !== undefined && (
        <>
          <dl className="facts ledger-facts">
            <dt>{t("reports.openingBalance")}</dt>
            <dd>
              <Amount value={report.opening_balance} neutral />
            </dd>
            <dt>{t("reports.totalDebit")}</dt>
            <dd>
              <Amount value={report.total_debit} />
            </dd>
            <dt>{t("reports.totalCredit")}</dt>
            <dd>
              <Amount value={report.total_credit} />
            </dd>
            <dt>{t("reports.closingBalance")}</dt>
            <dd data-testid="closing-balance">
              <Amount value={report.closing_balance} neutral />
            </dd>
          </dl>
          <table className="list report-table ledger">
            <caption className="visually-hidden">{t("reports.generalLedger")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("reports.date")}</th>
                <th scope="col">{t("reports.description")}</th>
                <th scope="col" className="wide-only">
                  {t("reports.source")}
                </th>
                <th scope="col" className="amount">
                  {t("reports.debit")}
                </th>
                <th scope="col" className="amount">
                  {t("reports.credit")}
                </th>
                <th scope="col" className="amount wide-only">
                  {t("reports.balance")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.movements.length === 0 && (
                <tr>
                  <td colSpan={6} className="report-empty">
                    <EmptyNotice from={period.from} />
                  </td>
                </tr>
              )}
              {report.movements.map((line) => {
                const path = sourcePath(companyId, line.source_type, line.source_id);
                const label = sourceLabel(line.source_type);
                const description = line.description ?? (label === null ? "" : t(label));
                return (
                  <tr key={line.id}>
                    <td className="date">{formatDate(line.date)}</td>
                    <td>{path === null ? description : <Link to={path}>{description}</Link>}</td>
                    <td className="wide-only">{label === null ? line.source_type : t(label)}</td>
                    <td className="amount">{line.debit === "0.0" ? "" : <Amount value={line.debit} />}</td>
                    <td className="amount">{line.credit === "0.0" ? "" : <Amount value={line.credit} />}</td>
                    <td className="amount wide-only">
                      <Amount value={line.balance} neutral />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pager
            page={page}
            perPage={LEDGER_PER_PAGE}
            total={ledger.data?.total ?? 0}
            onPage={(next) => change("page", String(next))}
          />
        </>
      )}
    </ReportLayout>
  );
}

/**
 * The trial balance on a chosen date: every account with lines up to then, its debits, credits and
 * balance, and the totals of both columns (equal, as the server guarantees). An account leads to
 * its general ledger from the start of the date's year.
 */
import { Link } from "react-router";
import { useCompanyId } from "../app/queries.js";
import { formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { Amount } from "./Amount.js";
import { csvName } from "./common.js";
import { csvAmount } from "./csv.js";
import { downloadCsv } from "./download.js";
import { useTrialBalance } from "./queries.js";
import { DateForm, useDateParams } from "./ReportControls.js";
import { ReportLayout } from "./ReportLayout.js";

export function TrialBalanceReport() {
  const t = useT();
  const companyId = useCompanyId();
  const { date, apply } = useDateParams();
  const trial = useTrialBalance(companyId, date);
  const report = trial.data;
  const ledgerPath = (accountId: number | null) =>
    `/${companyId}/reports/general-ledger?account=${accountId}&from=${date.slice(0, 4)}-01-01&till=${date}`;

  const exportCsv = () => {
    if (report === undefined) return;
    downloadCsv(csvName(t("reports.file.trialBalance"), date), [
      [t("reports.csv.path"), t("reports.account"), t("reports.debit"), t("reports.credit"), t("reports.balance")],
      ...report.accounts.map((account) => [
        account.path,
        account.name,
        csvAmount(account.debit),
        csvAmount(account.credit),
        csvAmount(account.balance),
      ]),
      ["", t("reports.total"), csvAmount(report.total_debit), csvAmount(report.total_credit), ""],
    ]);
  };

  return (
    <ReportLayout
      title={t("reports.trialBalance")}
      covers={formatDate(date)}
      controls={<DateForm date={date} onApply={apply} />}
      onCsv={report === undefined ? undefined : exportCsv}
    >
      {report === undefined ? (
        <QueryPending query={trial} />
      ) : (
        <table className="list report-table">
          <caption className="visually-hidden">{t("reports.trialBalance")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("reports.account")}</th>
              <th scope="col" className="amount wide-only">
                {t("reports.debit")}
              </th>
              <th scope="col" className="amount wide-only">
                {t("reports.credit")}
              </th>
              <th scope="col" className="amount">
                {t("reports.balance")}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.accounts.length === 0 && (
              <tr>
                <td colSpan={4} className="report-empty">
                  {t("reports.nothingBookedBy")}
                </td>
              </tr>
            )}
            {report.accounts.map((account) => (
              <tr key={account.account_id ?? account.path}>
                <th scope="row">
                  <Link to={ledgerPath(account.account_id)}>{account.name ?? account.path}</Link>
                </th>
                <td className="amount wide-only">
                  <Amount value={account.debit} />
                </td>
                <td className="amount wide-only">
                  <Amount value={account.credit} />
                </td>
                <td className="amount">
                  <Amount value={account.balance} neutral />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="wide-only">
              <th scope="row">{t("reports.total")}</th>
              <td className="amount wide-only">
                <Amount value={report.total_debit} />
              </td>
              <td className="amount wide-only">
                <Amount value={report.total_credit} />
              </td>
              <td className="amount" />
            </tr>
          </tfoot>
        </table>
      )}
      {report !== undefined && (
        <dl className="facts narrow-totals">
          <dt>{t("reports.totalDebit")}</dt>
          <dd>
            <Amount value={report.total_debit} />
          </dd>
          <dt>{t("reports.totalCredit")}</dt>
          <dd>
            <Amount value={report.total_credit} />
          </dd>
        </dl>
      )}
    </ReportLayout>
  );
}

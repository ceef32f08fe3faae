/**
 * The balance sheet on a chosen date: assets against liabilities and equity (this year's result and
 * earlier years' included, as the server adds them), as the chart's tree, folded and unfolded;
 * with "compare", the same date a year earlier beside it, from a second request. An account leads
 * to its general ledger from the start of the date's year.
 */
import { useCompanyId } from "../app/queries.js";
import { formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { csvName, totalCsvRow, treeCsvRows } from "./common.js";
import { downloadCsv } from "./download.js";
import { yearEarlier } from "./periods.js";
import { useBalanceSheet } from "./queries.js";
import { DateForm, useDateParams } from "./ReportControls.js";
import { ReportLayout } from "./ReportLayout.js";
import { FoldButtons, ReportTree, useFolding } from "./ReportTree.js";
import { isEmptyTree, treeRows } from "./tree.js";

export function BalanceSheetReport() {
  const t = useT();
  const companyId = useCompanyId();
  const { date, compare, apply } = useDateParams();
  const earlierDate = yearEarlier(date);
  const current = useBalanceSheet(companyId, date);
  const earlier = useBalanceSheet(companyId, earlierDate, compare);
  const report = current.data;
  const before = compare ? earlier.data : undefined;
  const ready = report !== undefined && (!compare || before !== undefined);
  const assets = ready ? treeRows(report.assets, before?.assets).slice(1) : [];
  const liabilities = ready ? treeRows(report.liabilities_and_equity, before?.liabilities_and_equity).slice(1) : [];
  const folding = useFolding([...assets, ...liabilities]);
  const columns = [formatDate(date), ...(compare ? [formatDate(earlierDate)] : [])];
  const ledgerPath = (accountId: number) =>
    `/${companyId}/reports/general-ledger?account=${accountId}&from=${date.slice(0, 4)}-01-01&till=${date}`;

  const exportCsv = () => {
    if (!ready) return;
    downloadCsv(csvName(t("reports.file.balanceSheet"), date), [
      [t("reports.csv.section"), t("reports.csv.path"), t("reports.account"), t("reports.csv.depth"), ...columns],
      ...treeCsvRows(t("reports.assets"), assets, compare),
      totalCsvRow(t("reports.totalAssets"), report.total_assets, before?.total_assets),
      ...treeCsvRows(t("reports.liabilities"), liabilities, compare),
      totalCsvRow(
        t("reports.totalLiabilities"),
        report.total_liabilities_and_equity,
        before?.total_liabilities_and_equity,
      ),
    ]);
  };

  return (
    <ReportLayout
      title={t("reports.balanceSheet")}
      covers={formatDate(date)}
      controls={
        <DateForm date={date} compare={compare} compareLabel={t("reports.compareYearEarlier")} onApply={apply} />
      }
      onCsv={ready ? exportCsv : undefined}
    >
      {!ready && <QueryPending query={current.isError || !compare ? current : earlier} />}
      {ready && (
        <>
          {isEmptyTree(report.assets) && isEmptyTree(report.liabilities_and_equity) && (
            <p className="report-notice">{t("reports.nothingBookedBy")}</p>
          )}
          <FoldButtons folding={folding} />
          <div className="report-columns">
            <ReportTree
              caption={t("reports.assets")}
              rows={assets}
              folding={folding}
              columns={columns}
              total={{ label: t("reports.totalAssets"), amount: report.total_assets, earlier: before?.total_assets }}
              ledgerPath={ledgerPath}
              empty={t("reports.nothingBooked")}
            />
            <ReportTree
              caption={t("reports.liabilities")}
              rows={liabilities}
              folding={folding}
              columns={columns}
              total={{
                label: t("reports.totalLiabilities"),
                amount: report.total_liabilities_and_equity,
                earlier: before?.total_liabilities_and_equity,
              }}
              ledgerPath={ledgerPath}
              empty={t("reports.nothingBooked")}
            />
          </div>
        </>
      )}
    </ReportLayout>
  );
}

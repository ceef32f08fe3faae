/**
 * Profit and loss over a chosen period: revenue and costs as the chart's tree, folded and
 * unfolded, each account leading to its general ledger; with "compare", the period before it
 * (previousPeriod: a year the year before, a quarter the quarter before) from a second request,
 * beside it. Totals and result are the server's; the CSV holds every row, folded or not.
 */
import { useCompanyId } from "../app/queries.js";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { Amount } from "./Amount.js";
import { csvName, EmptyNotice, periodText, totalCsvRow, treeCsvRows } from "./common.js";
import { downloadCsv } from "./download.js";
import { previousPeriod } from "./periods.js";
import { useProfitAndLoss } from "./queries.js";
import { PeriodForm, usePeriodParams } from "./ReportControls.js";
import { ReportLayout } from "./ReportLayout.js";
import { FoldButtons, ReportTree, useFolding } from "./ReportTree.js";
import { isEmptyTree, treeRows } from "./tree.js";

export function ProfitAndLossReport() {
  const t = useT();
  const companyId = useCompanyId();
  const { period, compare, apply } = usePeriodParams();
  const earlierPeriod = previousPeriod(period);
  const current = useProfitAndLoss(companyId, period.from, period.till);
  const earlier = useProfitAndLoss(companyId, earlierPeriod.from, earlierPeriod.till, false, compare);
  const report = current.data;
  const before = compare ? earlier.data : undefined;
  const ready = report !== undefined && (!compare || before !== undefined);
  const revenue = ready ? treeRows(report.revenue, before?.revenue).slice(1) : [];
  const costs = ready ? treeRows(report.costs, before?.costs).slice(1) : [];
  const folding = useFolding([...revenue, ...costs]);
  const columns = [periodText(period), ...(compare ? [periodText(earlierPeriod)] : [])];
  const ledgerPath = (accountId: number) =>
    `/${companyId}/reports/general-ledger?account=${accountId}&from=${period.from}&till=${period.till}`;

  const exportCsv = () => {
    if (!ready) return;
    downloadCsv(csvName(t("reports.file.profitAndLoss"), period.from, period.till), [
      [t("reports.csv.section"), t("reports.csv.path"), t("reports.account"), t("reports.csv.depth"), ...columns],
      ...treeCsvRows(t("reports.revenue"), revenue, compare),
      totalCsvRow(t("reports.totalRevenue"), report.total_revenue, before?.total_revenue),
      ...treeCsvRows(t("reports.costs"), costs, compare),
      totalCsvRow(t("reports.totalCosts"), report.total_costs, before?.total_costs),
      totalCsvRow(t("reports.result"), report.result, before?.result),
    ]);
  };

  return (
    <ReportLayout
      title={t("reports.profitAndLoss")}
      covers={periodText(period)}
      controls={
        <PeriodForm period={period} compare={compare} compareLabel={t("reports.comparePrevious")} onApply={apply} />
      }
      onCsv={ready ? exportCsv : undefined}
    >
      {!ready && <QueryPending query={current.isError || !compare ? current : earlier} />}
      {ready && (
        <>
          {isEmptyTree(report.revenue) && isEmptyTree(report.costs) && (
            <p className="report-notice">
              <EmptyNotice from={period.from} />
            </p>
          )}
          <FoldButtons folding={folding} />
          <ReportTree
            caption={t("reports.revenue")}
            rows={revenue}
            folding={folding}
            columns={columns}
            total={{ label: t("reports.totalRevenue"), amount: report.total_revenue, earlier: before?.total_revenue }}
            ledgerPath={ledgerPath}
            empty={t("reports.noRevenue")}
          />
          <ReportTree
            caption={t("reports.costs")}
            rows={costs}
            folding={folding}
            columns={columns}
            total={{ label: t("reports.totalCosts"), amount: report.total_costs, earlier: before?.total_costs }}
            ledgerPath={ledgerPath}
            empty={t("reports.noCosts")}
          />
          <table className="list report-result">
            <tbody>
              <tr>
                <th scope="row">{t("reports.result")}</th>
                <td className="amount" data-testid="report-result">
                  <Amount value={report.result} />
                </td>
                {before !== undefined && (
                  <td className="amount">
                    <Amount value={before.result} />
                  </td>
                )}
              </tr>
            </tbody>
          </table>
        </>
      )}
    </ReportLayout>
  );
}

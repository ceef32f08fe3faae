/**
 * The frame of every report page: the way back to the reports, the title with what the report
 * covers (and for whom, which the printout needs since the app's own frame is not printed), the
 * print and CSV buttons, the report's controls and the report itself. A report prints as it is
 * on screen, without navigation or buttons (styles.css, @media print).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCompanies, useCompanyId } from "../app/queries.js";
import { useT } from "../i18n/i18n.js";

interface ReportLayoutProps {
  title: string;
  /** what the report covers: its period or date */
  covers?: string;
  controls?: ReactNode;
  /** builds and saves the CSV; absent while there is nothing to export */
  onCsv?: (() => void) | undefined;
  children: ReactNode;
}

export function ReportLayout({ title, covers, controls, onCsv, children }: ReportLayoutProps) {
  const t = useT();
  const companyId = useCompanyId();
  const company = useCompanies().data?.find((candidate) => candidate.id === companyId);
  return (
    <article className="report">
      <p className="report-back no-print">
        <Link to={`/${companyId}/reports`}>{t("reports.all")}</Link>
      </p>
      <div className="page-head">
        <h1>{title}</h1>
        <div className="report-actions no-print">
          <button type="button" className="secondary" onClick={() => window.print()}>
            {t("reports.print")}
          </button>
          <button type="button" className="secondary" onClick={onCsv} disabled={onCsv === undefined}>
            {t("reports.csv")}
          </button>
        </div>
      </div>
      <p className="report-covers">
        {company?.name}
        {covers === undefined ? "" : ` · ${covers}`}
      </p>
      {controls !== undefined && <div className="no-print">{controls}</div>}
      {children}
    </article>
  );
}

/**
 * The reports of the company, each with what it answers, and the auditfile of a year for the
 * accountant (the Dutch XML Auditfile Financieel, XAF 4.0 or the older 3.2 that much accounting
 * software still reads), downloaded with the reader's own token.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useCompanyId } from "../app/queries.js";
import { todayIso } from "../format.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { Banner, MutationError } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import { type AuditfileVersion, downloadAuditfile } from "./auditfile.js";

const REPORTS: ReadonlyArray<{ path: string; title: MessageKey; about: MessageKey }> = [
  { path: "profit-and-loss", title: "reports.profitAndLoss", about: "reports.about.profitAndLoss" },
  { path: "balance-sheet", title: "reports.balanceSheet", about: "reports.about.balanceSheet" },
  { path: "trial-balance", title: "reports.trialBalance", about: "reports.about.trialBalance" },
  { path: "general-ledger", title: "reports.generalLedger", about: "reports.about.generalLedger" },
  { path: "receivables", title: "reports.receivables", about: "reports.about.receivables" },
  { path: "payables", title: "reports.payables", about: "reports.about.payables" },
  { path: "mileage", title: "reports.mileage", about: "reports.about.mileage" },
];

export function ReportsPage() {
  const t = useT();
  const companyId = useCompanyId();
  return (
    <>
      <div className="page-head">
        <h1>{t("reports.title")}</h1>
      </div>
      <ul className="report-list">
        {REPORTS.map((report) => (
          <li key={report.path}>
            <Link to={`/${companyId}/reports/${report.path}`}>{t(report.title)}</Link>
            <p className="hint">{t(report.about)}</p>
          </li>
        ))}
      </ul>
      <Auditfile companyId={companyId} />
    </>
  );
}

function Auditfile({ companyId }: { companyId: number }) {
  const t = useT();
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(thisYear - 1);
  const [version, setVersion] = useState<AuditfileVersion>("4.0");
  const download = useMutation({ mutationFn: () => downloadAuditfile(companyId, year, version) });
  return (
    <section className="auditfile" aria-labelledby="auditfile-title">
      <h2 id="auditfile-title">{t("reports.auditfile")}</h2>
      <p className="hint">{t("reports.auditfileAbout")}</p>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          download.mutate();
        }}
      >
        <Field label={t("reports.year")}>
          <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {Array.from({ length: 6 }, (_, index) => thisYear - index).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("reports.auditfileVersion")}>
          <select value={version} onChange={(event) => setVersion(event.target.value as AuditfileVersion)}>
            <option value="4.0">XAF 4.0</option>
            <option value="3.2">XAF 3.2</option>
          </select>
        </Field>
        <div className="report-apply">
          <button type="submit" disabled={download.isPending}>
            {download.isPending ? t("reports.auditfileBusy") : t("reports.auditfileDownload")}
          </button>
        </div>
      </form>
      {download.isSuccess && <Banner kind="ok">{t("reports.auditfileDone")}</Banner>}
      <MutationError mutation={download} />
    </section>
  );
}

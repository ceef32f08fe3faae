/**
 * Receivables (what customers owe) or payables (what is owed to suppliers) on a chosen date: per
 * contact the open amount and its age — not yet due, 1–30, 31–60, 61–90 and over 90 days past due
 * — with the documents behind it, each leading to its page. Every figure is the server's.
 */
import { Fragment } from "react";
import { Link } from "react-router";
import { useCompanyId } from "../app/queries.js";
import { formatDate } from "../format.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { AGING_BUCKETS, AgingTable, BUCKET_LABELS, bucketOf } from "./Aging.js";
import { Amount } from "./Amount.js";
import { csvName } from "./common.js";
import { csvAmount, csvDate } from "./csv.js";
import { downloadCsv } from "./download.js";
import { type OpenItems, type OpenItemsKind, useOpenItems } from "./queries.js";
import { DateForm, useDateParams } from "./ReportControls.js";
import { ReportLayout } from "./ReportLayout.js";

const TEXTS = {
  receivables: { title: "reports.receivables", file: "reports.file.receivables", empty: "reports.noReceivables" },
  payables: { title: "reports.payables", file: "reports.file.payables", empty: "reports.noPayables" },
} as const satisfies Record<OpenItemsKind, Record<string, MessageKey>>;

export function OpenItemsReport({ kind }: { kind: OpenItemsKind }) {
  const t = useT();
  const companyId = useCompanyId();
  const { date, apply } = useDateParams();
  const items = useOpenItems(companyId, kind, date);
  const report = items.data;
  const documents = kind === "receivables" ? "invoices" : "expenses";

  const exportCsv = (data: OpenItems) => {
    downloadCsv(csvName(t(TEXTS[kind].file), date), [
      [
        t("reports.contact"),
        t("reports.number"),
        t("reports.date"),
        t("reports.dueDate"),
        t("reports.daysPastDue"),
        t("reports.age"),
        t("reports.open"),
      ],
      ...data.contacts.flatMap((contact) =>
        contact.items.map((item) => [
          contact.name,
          item.invoice_number,
          csvDate(item.date),
          csvDate(item.due_date),
          item.days_past_due,
          t(BUCKET_LABELS[bucketOf(item.days_past_due)]),
          csvAmount(item.open_amount),
        ]),
      ),
      ...AGING_BUCKETS.map((bucket) => [
        t("reports.total"),
        "",
        "",
        "",
        "",
        t(BUCKET_LABELS[bucket]),
        csvAmount(data[bucket]),
      ]),
      [t("reports.total"), "", "", "", "", "", csvAmount(data.total)],
    ]);
  };

  return (
    <ReportLayout
      title={t(TEXTS[kind].title)}
      covers={formatDate(date)}
      controls={<DateForm date={date} onApply={apply} />}
      onCsv={report === undefined ? undefined : () => exportCsv(report)}
    >
      {report === undefined ? (
        <QueryPending query={items} />
      ) : (
        <>
          <AgingTable caption={t("reports.byAge")} totals={report} />
          {report.contacts.length === 0 ? (
            <p className="report-notice">{t(TEXTS[kind].empty)}</p>
          ) : (
            <table className="list report-table open-items">
              <caption>{t("reports.perContact")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("reports.number")}</th>
                  <th scope="col" className="wide-only">
                    {t("reports.date")}
                  </th>
                  <th scope="col" className="wide-only">
                    {t("reports.dueDate")}
                  </th>
                  <th scope="col" className="amount">
                    {t("reports.daysPastDue")}
                  </th>
                  <th scope="col" className="amount">
                    {t("reports.open")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.contacts.map((contact) => (
                  <Fragment key={contact.contact_id ?? contact.name}>
                    <tr className="group">
                      {/* two columns on a phone too, where the dates are hidden */}
                      <th scope="rowgroup" colSpan={2}>
                        {contact.name ?? t("reports.noContact")}
                      </th>
                      <td className="wide-only" colSpan={2} />
                      <td className="amount">
                        <Amount value={contact.total} />
                      </td>
                    </tr>
                    {contact.items.map((item) => (
                      <tr key={item.document_id}>
                        <td>
                          {item.document_id === null ? (
                            item.invoice_number
                          ) : (
                            <Link to={`/${companyId}/${documents}/${item.document_id}`}>
                              {item.invoice_number ?? t("reports.noNumber")}
                            </Link>
                          )}
                        </td>
                        <td className="wide-only date">{formatDate(item.date)}</td>
                        <td className="wide-only date">{formatDate(item.due_date)}</td>
                        <td className="amount">{item.days_past_due > 0 ? item.days_past_due : t("reports.notDue")}</td>
                        <td className="amount">
                          <Amount value={item.open_amount} />
                        </td>
                      </tr>
                    ))}
                  </Fragment>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </ReportLayout>
  );
}

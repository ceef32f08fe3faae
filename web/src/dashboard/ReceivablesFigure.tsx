/**
 * What customers owe on the dashboard: the total and its age (the receivables summary, summed by
 * the server), each amount leading to the receivables report; and the newest overdue invoices,
 * each leading to its page, with the whole overdue list when there are more.
 */

import type { Schema } from "@kasboek/client";
import { Link } from "react-router";
import { formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { AgingTable } from "../reports/Aging.js";
import { Amount } from "../reports/Amount.js";
import type { OpenItems } from "../reports/queries.js";
import { OVERDUE_SHOWN } from "./queries.js";

export function ReceivablesFigure({
  companyId,
  today,
  totals,
}: {
  companyId: number;
  today: string;
  totals: OpenItems;
}) {
  const t = useT();
  const receivablesPath = `/${companyId}/reports/receivables?date=${today}`;
  return (
    <>
      <Link className="figure-amount" to={receivablesPath}>
        <Amount value={totals.total} />
      </Link>
      <AgingTable caption={t("dashboard.byAge")} captionHidden totals={totals} linkTo={receivablesPath} total={false} />
    </>
  );
}

export function OverdueFigure({
  companyId,
  overdue,
}: {
  companyId: number;
  overdue: { items: Array<Schema<"SalesInvoice">>; total: number };
}) {
  const t = useT();
  if (overdue.total === 0) return <p className="hint">{t("dashboard.noneOverdue")}</p>;
  return (
    <>
      <table className="list overdue">
        <caption className="visually-hidden">{t("dashboard.overdue")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("dashboard.invoice")}</th>
            <th scope="col" className="amount">
              {t("reports.open")}
            </th>
          </tr>
        </thead>
        <tbody>
          {overdue.items.map((invoice) => (
            <tr key={invoice.id}>
              <td>
                <Link className="number" to={`/${companyId}/invoices/${invoice.id}`}>
                  {invoice.invoice_number}
                </Link>
                <span className="overdue-contact">{invoice.cached_contact?.name}</span>
                <span className="hint due">{t("dashboard.due", { date: formatDate(invoice.due_date) })}</span>
              </td>
              <td className="amount">
                <Amount value={invoice.open_amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {overdue.total > OVERDUE_SHOWN && (
        <p>
          <Link to={`/${companyId}/invoices?selection=expired`}>
            {t("dashboard.allOverdue", { count: overdue.total })}
          </Link>
        </p>
      )}
    </>
  );
}

/**
 * A contact's sales invoices (the API's search[contact_id], a page at a time by X-Total) and what
 * the contact still owes. That figure is the server's: the receivables report's total for the
 * contact — published invoices less the payments made by the report's date, summed by the
 * server in cents — so nothing is added up here; a contact the report does not name owes nothing.
 */
import { unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api, totalOf } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { formatAmount, formatDate, todayIso } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { invoiceState, STATE_LABELS } from "../invoices/status.js";
import { ErrorBanner } from "../ui/Banner.js";
import { Pager } from "../ui/Pager.js";

const PER_PAGE = 10;

function useOpenAmount(companyId: number, contactId: number) {
  return useQuery({
    queryKey: ["receivables", companyId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/reports/receivables", {
            params: { path: { company_id: companyId } },
          }),
        )
      ).receivables,
    // a payment recorded elsewhere changes it: asked again on every visit
    staleTime: 0,
    select: (report) => ({
      date: report.date,
      total: report.contacts.find((contact) => contact.contact_id === contactId)?.total ?? "0.00",
    }),
  });
}

export function ContactInvoices({ companyId, contactId }: { companyId: number; contactId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const today = todayIso();
  const open = useOpenAmount(companyId, contactId);
  const invoices = useQuery({
    queryKey: ["sales_invoices", companyId, { contactId, page, perPage: PER_PAGE }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/sales_invoices", {
        params: {
          path: { company_id: companyId },
          query: { page, per_page: PER_PAGE, "search[contact_id]": contactId },
        },
      });
      const data = await unwrap(result);
      return { items: data.sales_invoices, total: totalOf(result.response, data.sales_invoices.length) };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="contact-invoices" className="contact-invoices">
      <h2 id="contact-invoices">{t("contactPage.invoices")}</h2>
      {open.isError && <ErrorBanner error={shownError(open.error)} retry={() => void open.refetch()} />}
      {open.data !== undefined && (
        <dl className="facts">
          <dt>{t("contactPage.openAmount", { date: formatDate(open.data.date) })}</dt>
          <dd data-testid="contact-open-amount">{formatAmount(open.data.total)}</dd>
        </dl>
      )}
      {invoices.isError && <ErrorBanner error={shownError(invoices.error)} retry={() => void invoices.refetch()} />}
      {invoices.isPending && <p className="loading">{t("app.loading")}</p>}
      {invoices.data?.items.length === 0 && <p>{t("contactPage.noInvoices")}</p>}
      {invoices.data !== undefined && invoices.data.items.length > 0 && (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">{t("invoices.number")}</th>
              <th scope="col" className="wide-only">
                {t("invoices.date")}
              </th>
              <th scope="col" className="wide-only">
                {t("invoices.status")}
              </th>
              <th scope="col" className="amount">
                {t("invoices.total")}
              </th>
              <th scope="col" className="amount">
                {t("invoices.open")}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.items.map((invoice) => {
              const state = invoiceState(invoice, today);
              return (
                <tr key={invoice.id}>
                  <td>
                    <Link className="number" to={`/${companyId}/invoices/${invoice.id}`}>
                      {invoice.invoice_number ?? t("invoices.concept")}
                    </Link>
                    <span className={`badge ${state} narrow-only`}>{t(STATE_LABELS[state])}</span>
                  </td>
                  <td className="wide-only">{formatDate(invoice.date)}</td>
                  <td className="wide-only">
                    <span className={`badge ${state}`}>{t(STATE_LABELS[state])}</span>
                  </td>
                  <td className="amount">{formatAmount(invoice.price_with_vat)}</td>
                  <td className="amount">{invoice.status === "concept" ? "" : formatAmount(invoice.open_amount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {invoices.data !== undefined && (
        <Pager page={page} perPage={PER_PAGE} total={invoices.data.total} onPage={setPage} />
      )}
      <p>
        <Link to={`/${companyId}/invoices?contact=${contactId}`}>{t("contactPage.allInvoices")}</Link>
      </p>
    </section>
  );
}

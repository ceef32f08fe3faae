/**
 * The payments no document accounts for yet (the API's `selection=unbooked`), a page at a time
 * (X-Total), each with a way to link it to the open invoice or expense it settles. After a link
 * the page shows what the server now says of that invoice (its open amount and payment status),
 * and the payment leaves the list.
 */
import { unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api, totalOf } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useCompanyId, usePaymentAccounts } from "../app/queries.js";
import { formatAmount, formatDate, todayIso } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { invoiceState, STATE_LABELS } from "../invoices/status.js";
import { Banner, ErrorBanner } from "../ui/Banner.js";
import { Pager } from "../ui/Pager.js";
import type { LinkableDocument } from "./documents.js";
import { LinkPayment } from "./LinkPayment.js";

const PER_PAGE = 25;

export function PaymentList() {
  const t = useT();
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get("page") ?? "1") || 1);
  const [linking, setLinking] = useState<number | null>(null);
  const [linked, setLinked] = useState<LinkableDocument | null>(null);
  const accounts = usePaymentAccounts(companyId);
  const accountName = (id: number, path: string | null) =>
    accounts.data?.find((account) => account.id === id)?.name ?? path ?? "";

  const payments = useQuery({
    queryKey: ["payments", companyId, { selection: "unbooked", page }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/payments", {
        params: { path: { company_id: companyId }, query: { selection: "unbooked", page, per_page: PER_PAGE } },
      });
      const data = await unwrap(result);
      return { items: data.payments, total: totalOf(result.response, data.payments.length) };
    },
    placeholderData: keepPreviousData,
  });

  const whenLinked = (document: LinkableDocument) => {
    setLinking(null);
    setLinked(document);
    void queryClient.invalidateQueries({ queryKey: ["payments", companyId] });
    const [list, one] =
      document.kind === "sales_invoice" ? ["sales_invoices", "sales_invoice"] : ["expenses", "expense"];
    void queryClient.invalidateQueries({ queryKey: [list, companyId] });
    void queryClient.invalidateQueries({ queryKey: [one, companyId, document.id] });
  };

  return (
    <>
      <div className="page-head">
        <h1>{t("payments.title")}</h1>
      </div>
      <p className="hint">{t("payments.intro")}</p>
      {linked !== null && <LinkedNotice companyId={companyId} document={linked} />}
      {payments.isError && <ErrorBanner error={shownError(payments.error)} retry={() => void payments.refetch()} />}
      {payments.isPending && <p className="loading">{t("app.loading")}</p>}
      {payments.data !== undefined &&
        (payments.data.items.length === 0 ? (
          <p>{t("payments.empty")}</p>
        ) : (
          <table className="list payments">
            <thead>
              <tr>
                <th scope="col">{t("payment.date")}</th>
                <th scope="col" className="wide-only">
                  {t("payments.description")}
                </th>
                <th scope="col" className="wide-only">
                  {t("payments.account")}
                </th>
                <th scope="col" className="amount">
                  {t("payment.amount")}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t("payments.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.data.items.map((payment) => (
                <Fragment key={payment.id}>
                  <tr>
                    <td>
                      <span className="date">{formatDate(payment.paid_at)}</span>
                      <span className="narrow-only">{payment.description}</span>
                    </td>
                    <td className="wide-only">{payment.description}</td>
                    <td className="wide-only">{accountName(payment.account_id, payment.account_path)}</td>
                    <td className="amount">{formatAmount(payment.amount)}</td>
                    <td>
                      <button
                        type="button"
                        className="secondary small"
                        aria-expanded={linking === payment.id}
                        onClick={() => setLinking(linking === payment.id ? null : payment.id)}
                        aria-label={t("payments.linkOne", { amount: formatAmount(payment.amount) })}
                      >
                        {t("payments.link")}
                      </button>
                    </td>
                  </tr>
                  {linking === payment.id && (
                    <tr className="link-row">
                      <td colSpan={5}>
                        <LinkPayment
                          companyId={companyId}
                          payment={payment}
                          onLinked={whenLinked}
                          onCancel={() => setLinking(null)}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        ))}
      {payments.data !== undefined && (
        <Pager
          page={page}
          perPage={PER_PAGE}
          total={payments.data.total}
          onPage={(next) => setSearch(next === 1 ? {} : { page: String(next) })}
        />
      )}
    </>
  );
}

/** What the server says of the document just linked: an invoice's open amount and payment status. */
function LinkedNotice({ companyId, document }: { companyId: number; document: LinkableDocument }) {
  const t = useT();
  const invoice = useQuery({
    queryKey: ["sales_invoice", companyId, document.id],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/sales_invoices/{id}", {
            params: { path: { company_id: companyId, id: document.id } },
          }),
        )
      ).sales_invoice,
    enabled: document.kind === "sales_invoice",
  });
  const path = document.kind === "sales_invoice" ? "invoices" : "expenses";
  const data = invoice.data;
  return (
    <Banner kind="ok">
      <p>
        {t("payments.linked")} <Link to={`/${companyId}/${path}/${document.id}`}>{document.label.split(" · ")[0]}</Link>
      </p>
      {data !== undefined && (
        <p data-testid="linked-invoice">
          {t("payments.linkedInvoice", {
            open: formatAmount(data.open_amount),
            status: t(STATE_LABELS[invoiceState(data, todayIso())]),
          })}
        </p>
      )}
    </Banner>
  );
}

/**
 * A published invoice: what it says, what is still open, its PDF, recording a payment, and making
 * a credit invoice of it (or, for a credit invoice, the invoice it credits).
 */
import { useState } from "react";
import { formatAmount, formatDate, todayIso } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Banner } from "../ui/Banner.js";
import { CreditedInvoice } from "./CreditedInvoice.js";
import { CreditInvoice } from "./CreditInvoice.js";
import { creditable } from "./credit.js";
import { Totals } from "./InvoiceEditor.js";
import { PaymentForm } from "./PaymentForm.js";
import { PdfPanel } from "./PdfPanel.js";
import { PublishedLines } from "./PublishedLines.js";
import { type Invoice, invoiceState, STATE_LABELS } from "./status.js";

export function InvoiceView({ companyId, invoice }: { companyId: number; invoice: Invoice }) {
  const t = useT();
  const [recorded, setRecorded] = useState(false);
  const state = invoiceState(invoice, todayIso());
  const contact = invoice.cached_contact;
  return (
    <article className="invoice-view">
      <div className="page-head">
        <h1>
          {t(invoice.credited_invoice_id == null ? "invoice.title" : "credit.title", {
            number: invoice.invoice_number ?? "",
          })}
        </h1>
        <span className={`badge ${state}`}>{t(STATE_LABELS[state])}</span>
      </div>
      {invoice.credited_invoice_id != null && (
        <CreditedInvoice companyId={companyId} invoiceId={invoice.credited_invoice_id} />
      )}
      <div className="summary">
        <section aria-labelledby="customer-heading">
          <h2 id="customer-heading">{t("invoice.customer")}</h2>
          <address>
            {[contact?.name, contact?.address, [contact?.zipcode, contact?.city].filter(Boolean).join(" ")]
              .filter((line) => line !== undefined && line !== null && line !== "")
              .map((line) => (
                <span key={line} className="address-line">
                  {line}
                </span>
              ))}
          </address>
        </section>
        <dl className="facts">
          <dt>{t("invoice.date")}</dt>
          <dd>{formatDate(invoice.date)}</dd>
          <dt>{t("invoice.dueDate")}</dt>
          <dd>{formatDate(invoice.due_date)}</dd>
          <dt>{t("invoice.paymentMethod")}</dt>
          <dd>{invoice.payment_method === null ? "" : t(`paymentMethod.${invoice.payment_method}` as never)}</dd>
          <dt>{t("invoice.paymentStatus")}</dt>
          <dd data-testid="payment-status">{t(STATE_LABELS[state])}</dd>
          <dt>{t("invoice.openAmount")}</dt>
          <dd className="amount" data-testid="open-amount">
            {formatAmount(invoice.open_amount)}
          </dd>
        </dl>
      </div>
      <PublishedLines lines={invoice.invoice_lines} />
      <Totals invoice={invoice} unchanged published />
      {recorded && <Banner kind="ok">{t("payment.recorded")}</Banner>}
      {invoice.payment_status !== "paid" && (
        <PaymentForm companyId={companyId} invoice={invoice} onRecorded={() => setRecorded(true)} />
      )}
      <PdfPanel companyId={companyId} record={{ ...invoice, kind: "sales_invoice" }} />
      {creditable(invoice) && <CreditInvoice companyId={companyId} invoice={invoice} />}
    </article>
  );
}

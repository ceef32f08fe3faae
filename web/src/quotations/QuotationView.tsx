/**
 * A quotation once published: to whom and what it offers (each line's total as the server computed
 * it), its status, the signing link to send the customer, the owner's decisions (approve, deny,
 * make the invoice), the invoice made of it, and its PDF. Nothing on it can be edited any more.
 */
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../format.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { PdfPanel } from "../invoices/PdfPanel.js";
import { PublishedLines } from "../invoices/PublishedLines.js";
import { Banner } from "../ui/Banner.js";
import { Decisions } from "./Decisions.js";
import { useQuotationContact } from "./queries.js";
import { SigningLink } from "./SigningLink.js";
import { StatusBadge } from "./StatusBadge.js";
import type { Quotation, QuotationDecision } from "./status.js";

const DECIDED: Record<Exclude<QuotationDecision, "_invoice">, MessageKey> = {
  _approve: "quotation.approved",
  _deny: "quotation.denied",
};

export function QuotationView({ companyId, quotation }: { companyId: number; quotation: Quotation }) {
  const t = useT();
  const contact = useQuotationContact(companyId, quotation.contact_id).data;
  const [decided, setDecided] = useState<MessageKey | null>(null);
  return (
    <article className="invoice-view quotation-view">
      <div className="page-head">
        <h1>{t("quotation.title", { number: quotation.invoice_number ?? "" })}</h1>
        <span data-testid="quotation-status">
          <StatusBadge status={quotation.status} />
        </span>
      </div>
      {decided !== null && <Banner kind="ok">{t(decided)}</Banner>}
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
          <dt>{t("quotation.date")}</dt>
          <dd>{formatDate(quotation.date)}</dd>
          <dt>{t("quotation.number")}</dt>
          <dd>{quotation.invoice_number}</dd>
        </dl>
      </div>
      <PublishedLines lines={quotation.invoice_lines}>
        <p className="hint">{t("quotation.totalsInPdf")}</p>
      </PublishedLines>
      {quotation.sales_invoice_id != null && (
        <p className="invoiced">
          {t("quotation.invoicedAs")}{" "}
          <Link to={`/${companyId}/invoices/${quotation.sales_invoice_id}`}>{t("quotation.toInvoice")}</Link>
        </p>
      )}
      {quotation.sign_url != null && quotation.status === "published" && <SigningLink url={quotation.sign_url} />}
      <Decisions
        companyId={companyId}
        quotation={quotation}
        onDecided={(decision) => decision !== "_invoice" && setDecided(DECIDED[decision])}
      />
      <PdfPanel companyId={companyId} record={{ ...quotation, kind: "quotation" }} />
    </article>
  );
}

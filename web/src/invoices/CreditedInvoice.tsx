/**
 * On a credit invoice: which invoice it credits, by that invoice's number (read from the API, the
 * same cached query as the invoice's own page), linked to it.
 */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { api } from "../api/client.js";
import { useT } from "../i18n/i18n.js";

export function CreditedInvoice({ companyId, invoiceId }: { companyId: number; invoiceId: number }) {
  const t = useT();
  const credited = useQuery({
    queryKey: ["sales_invoice", companyId, invoiceId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/sales_invoices/{id}", {
            params: { path: { company_id: companyId, id: invoiceId } },
          }),
        )
      ).sales_invoice,
  });
  return (
    <p className="credit-note">
      {t("credit.of")}{" "}
      <Link to={`/${companyId}/invoices/${invoiceId}`}>{credited.data?.invoice_number ?? t("credit.original")}</Link>
    </p>
  );
}

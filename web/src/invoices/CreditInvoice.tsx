/**
 * "Make a credit invoice" on a published invoice: the API gets a new concept with the invoice's
 * lines negated (credit.ts), and the reader lands in its editor to adjust and publish it. The
 * POST carries its Idempotency-Key (api/client.ts), so a double click makes one credit invoice.
 */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../api/client.js";
import { useT } from "../i18n/i18n.js";
import { MutationError } from "../ui/Banner.js";
import { creditInvoiceBody } from "./credit.js";
import type { Invoice } from "./status.js";

export function CreditInvoice({ companyId, invoice }: { companyId: number; invoice: Invoice }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const credit = useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          api.POST("/api/v1/companies/{company_id}/sales_invoices", {
            params: { path: { company_id: companyId } },
            body: { sales_invoice: creditInvoiceBody(invoice) },
          }),
        )
      ).sales_invoice,
    onSuccess: (made) => {
      queryClient.setQueryData(["sales_invoice", companyId, made.id], made);
      void queryClient.invalidateQueries({ queryKey: ["sales_invoices", companyId] });
      navigate(`/${companyId}/invoices/${made.id}`, { state: "credit" });
    },
  });
  return (
    <section className="credit" aria-labelledby="credit-heading">
      <h2 id="credit-heading">{t("credit.heading")}</h2>
      <p className="hint">{t("credit.hint")}</p>
      <MutationError mutation={credit} />
      <button type="button" className="secondary" disabled={credit.isPending} onClick={() => credit.mutate()}>
        {credit.isPending ? t("credit.making") : t("credit.make")}
      </button>
    </section>
  );
}

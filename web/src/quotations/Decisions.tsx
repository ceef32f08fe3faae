/**
 * What the owner decides on a published quotation, as the API's triggers: approve or deny it (when
 * the customer answered another way than the signing page), and make the invoice of an approved
 * one — a concept sales invoice with its contact and lines, which the reader is taken to.
 * Each is one PATCH; the server's refusal (the quotation moved on elsewhere) is shown, and the
 * quotation is then read again.
 */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../api/client.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { MutationError } from "../ui/Banner.js";
import { decisionsFor, type Quotation, type QuotationDecision } from "./status.js";

const LABELS: Record<QuotationDecision, MessageKey> = {
  _approve: "quotation.approve",
  _deny: "quotation.deny",
  _invoice: "quotation.invoice",
};

interface DecisionsProps {
  companyId: number;
  quotation: Quotation;
  onDecided: (decision: QuotationDecision) => void;
}

export function Decisions({ companyId, quotation, onDecided }: DecisionsProps) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: async (decision: QuotationDecision) =>
      (
        await unwrap(
          api.PATCH("/api/v1/companies/{company_id}/quotations/{id}", {
            params: { path: { company_id: companyId, id: quotation.id } },
            body: { quotation: { [decision]: true } },
          }),
        )
      ).quotation,
    onSuccess: (answer, decision) => {
      queryClient.setQueryData(["quotation", companyId, answer.id], answer);
      void queryClient.invalidateQueries({ queryKey: ["quotations", companyId] });
      if (decision === "_invoice" && answer.sales_invoice_id != null) {
        void queryClient.invalidateQueries({ queryKey: ["sales_invoices", companyId] });
        navigate(`/${companyId}/invoices/${answer.sales_invoice_id}`, { state: "fromQuotation" });
        return;
      }
      onDecided(decision);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: ["quotation", companyId, quotation.id] }),
  });
  const decisions = decisionsFor(quotation.status);
  if (decisions.length === 0) return null;
  return (
    <section className="decisions" aria-labelledby="decisions-heading">
      <h2 id="decisions-heading">{t("quotation.decide")}</h2>
      <MutationError mutation={decide} />
      <div className="actions">
        {decisions.map((decision) => (
          <button
            key={decision}
            type="button"
            className={decision === "_deny" ? "secondary" : undefined}
            disabled={decide.isPending}
            onClick={() => decide.mutate(decision)}
          >
            {t(LABELS[decision])}
          </button>
        ))}
      </div>
      {quotation.status === "approved" && <p className="hint">{t("quotation.invoiceHint")}</p>}
    </section>
  );
}

/** Deleting a concept, in two steps so a slip of the finger deletes nothing. */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner } from "../ui/Banner.js";

export function DeleteConcept({ companyId, invoiceId }: { companyId: number; invoiceId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE("/api/v1/companies/{company_id}/sales_invoices/{id}", {
          params: { path: { company_id: companyId, id: invoiceId } },
        }),
      ),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["sales_invoice", companyId, invoiceId] });
      void queryClient.invalidateQueries({ queryKey: ["sales_invoices", companyId] });
      navigate(`/${companyId}/invoices`, { state: "deleted" });
    },
  });
  return (
    <section className="danger-zone">
      {remove.isError && <ErrorBanner error={shownError(remove.error)} />}
      {asking ? (
        <p>
          <span>{t("invoice.deleteConfirm")}</span>{" "}
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t("action.confirmDelete")}
          </button>{" "}
          <button type="button" className="secondary" onClick={() => setAsking(false)}>
            {t("action.cancel")}
          </button>
        </p>
      ) : (
        <button type="button" className="danger" onClick={() => setAsking(true)}>
          {t("invoice.deleteConcept")}
        </button>
      )}
    </section>
  );
}

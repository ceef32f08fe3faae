/** Deleting a concept expense, in two steps so a slip of the finger deletes nothing; its receipts go with it. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { api, KasboekError } from "../api/client.js";
import { useT } from "../i18n/i18n.js";
import { MutationError } from "../ui/Banner.js";

export function DeleteExpense({ companyId, expenseId }: { companyId: number; expenseId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: async () => {
      const { response, error } = await api.DELETE("/api/v1/companies/{company_id}/expenses/{id}", {
        params: { path: { company_id: companyId, id: expenseId } },
      });
      if (!response.ok) throw KasboekError.fromResponse(response, error);
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["expense", companyId, expenseId] });
      void queryClient.invalidateQueries({ queryKey: ["expenses", companyId] });
      navigate(`/${companyId}/expenses`, { state: "deleted" });
    },
  });
  return (
    <section className="danger-zone">
      <MutationError mutation={remove} />
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

/** Deleting a concept invoice or quotation, in two steps so a slip of the finger deletes nothing. */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../api/client.js";
import { useT } from "../i18n/i18n.js";
import { MutationError } from "../ui/Banner.js";

/** Per kind: its query key (the list's is the plural) and where its list is in the app. */
const KINDS = {
  sales_invoice: { list: "invoices" },
  quotation: { list: "quotations" },
} as const;

interface DeleteConceptProps {
  companyId: number;
  kind: keyof typeof KINDS;
  id: number;
}

function remove(companyId: number, kind: keyof typeof KINDS, id: number) {
  const params = { path: { company_id: companyId, id } };
  return kind === "quotation"
    ? unwrap(api.DELETE("/api/v1/companies/{company_id}/quotations/{id}", { params }))
    : unwrap(api.DELETE("/api/v1/companies/{company_id}/sales_invoices/{id}", { params }));
}

export function DeleteConcept({ companyId, kind, id }: DeleteConceptProps) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const deletion = useMutation({
    mutationFn: () => remove(companyId, kind, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [kind, companyId, id] });
      void queryClient.invalidateQueries({ queryKey: [`${kind}s`, companyId] });
      navigate(`/${companyId}/${KINDS[kind].list}`, { state: "deleted" });
    },
  });
  return (
    <section className="danger-zone">
      <MutationError mutation={deletion} />
      {asking ? (
        <p>
          <span>{t("invoice.deleteConfirm")}</span>{" "}
          <button type="button" className="danger" disabled={deletion.isPending} onClick={() => deletion.mutate()}>
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

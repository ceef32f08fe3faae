/** Deleting a concept invoice, quotation or expense (its receipts with it), in two steps (ui/ConfirmDelete.tsx). */
import { unwrap } from "@kasboek/client";
import { api } from "../api/client.js";
import { useT } from "../i18n/i18n.js";
import { ConfirmDelete } from "../ui/ConfirmDelete.js";

/** Per kind: where its list is in the app (its query key is the kind, its list's the plural). */
const KINDS = {
  sales_invoice: { list: "invoices" },
  quotation: { list: "quotations" },
  expense: { list: "expenses" },
} as const;

type Kind = keyof typeof KINDS;

function remove(companyId: number, kind: Kind, id: number) {
  const params = { path: { company_id: companyId, id } };
  switch (kind) {
    case "quotation":
      return unwrap(api.DELETE("/api/v1/companies/{company_id}/quotations/{id}", { params }));
    case "expense":
      return unwrap(api.DELETE("/api/v1/companies/{company_id}/expenses/{id}", { params }));
    case "sales_invoice":
      return unwrap(api.DELETE("/api/v1/companies/{company_id}/sales_invoices/{id}", { params }));
  }
}

export function DeleteConcept({ companyId, kind, id }: { companyId: number; kind: Kind; id: number }) {
  const t = useT();
  return (
    <ConfirmDelete
      label={t("invoice.deleteConcept")}
      question={t("invoice.deleteConfirm")}
      remove={() => remove(companyId, kind, id)}
      recordKey={[kind, companyId, id]}
      listKey={[`${kind}s`, companyId]}
      listPath={`/${companyId}/${KINDS[kind].list}`}
    />
  );
}

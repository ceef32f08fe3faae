/** `/app/{company}/invoices/new` and `/app/{company}/invoices/{id}`: the editor for a concept, the view once published. */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { api } from "../api/client";
import { shownError } from "../api/errors";
import { useCompanyId } from "../app/queries";
import { useT } from "../i18n/i18n";
import { ErrorBanner } from "../ui/Banner";
import { InvoiceEditor } from "./InvoiceEditor";
import { InvoiceView } from "./InvoiceView";

export function InvoicePage() {
  const t = useT();
  const companyId = useCompanyId();
  const invoiceId = Number(useParams().invoiceId ?? "");
  const creating = !(invoiceId > 0);
  const invoice = useQuery({
    queryKey: ["sales_invoice", companyId, invoiceId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/sales_invoices/{id}", {
            params: { path: { company_id: companyId, id: invoiceId } },
          }),
        )
      ).sales_invoice,
    enabled: !creating,
  });
  if (creating) return <InvoiceEditor key="new" companyId={companyId} invoice={null} />;
  if (invoice.isError) return <ErrorBanner error={shownError(invoice.error)} retry={() => void invoice.refetch()} />;
  if (invoice.data === undefined) return <p className="loading">{t("app.loading")}</p>;
  if (invoice.data.status === "concept") {
    return <InvoiceEditor key={invoice.data.id} companyId={companyId} invoice={invoice.data} />;
  }
  return <InvoiceView companyId={companyId} invoice={invoice.data} />;
}

/** `/app/{company}/invoices/new` and `/app/{company}/invoices/{id}`: the editor for a concept, the view once published. */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { api } from "../api/client.js";
import { useCompanyId } from "../app/queries.js";
import { QueryPending } from "../ui/Banner.js";
import { InvoiceEditor } from "./InvoiceEditor.js";
import { InvoiceView } from "./InvoiceView.js";

export function InvoicePage() {
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
  if (invoice.isError || invoice.data === undefined) return <QueryPending query={invoice} />;
  if (invoice.data.status === "concept") {
    return <InvoiceEditor key={invoice.data.id} companyId={companyId} invoice={invoice.data} />;
  }
  return <InvoiceView companyId={companyId} invoice={invoice.data} />;
}

/** `/app/{company}/quotations/new` and `/app/{company}/quotations/{id}`: the editor for a concept, the view once published. */
import { useParams } from "react-router";
import { useCompanyId } from "../app/queries.js";
import { QueryPending } from "../ui/Banner.js";
import { QuotationEditor } from "./QuotationEditor.js";
import { QuotationView } from "./QuotationView.js";
import { useQuotation } from "./queries.js";
import { isConcept } from "./status.js";

export function QuotationPage() {
  const companyId = useCompanyId();
  const quotationId = Number(useParams().quotationId ?? "");
  const creating = !(quotationId > 0);
  const quotation = useQuotation(companyId, quotationId, !creating);
  if (creating) return <QuotationEditor key="new" companyId={companyId} quotation={null} />;
  if (quotation.isError || quotation.data === undefined) return <QueryPending query={quotation} />;
  if (isConcept(quotation.data)) {
    return <QuotationEditor key={quotation.data.id} companyId={companyId} quotation={quotation.data} />;
  }
  return <QuotationView companyId={companyId} quotation={quotation.data} />;
}

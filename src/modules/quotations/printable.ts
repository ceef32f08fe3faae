/**
 * The quotation on paper: the PDF, rendered with the quotation's template (or the company's
 * default), shared by the API's PDF route and the public signing page.
 */
import type { Executor } from "../../db/connection.js";
import { notFound } from "../../platform/errors.js";
import { companyDetails } from "../companies/service.js";
import { documentContactCopy, liveContactCopies } from "../contacts/document-contacts.js";
import { printableCompany, printableLines } from "../document-pdf/from-rows.js";
import { renderDocumentPdf } from "../document-pdf/render.js";
import { linesOfDocuments } from "../invoice-lines/service.js";
import { templateForDocument } from "../templates/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import type { QuotationRow } from "./store.js";

export async function quotationPdf(
  executor: Executor,
  row: QuotationRow,
): Promise<{ fileName: string; content: Buffer }> {
  const [company, template, lines, liveContacts] = await Promise.all([
    companyDetails(executor, row.company_id),
    templateForDocument(executor, row.company_id, row.template_id),
    linesOfDocuments(executor, row.company_id, DOCUMENT_TYPE, [row.id]),
    liveContactCopies(executor, row.company_id, [row]),
  ]);
  if (!company) throw notFound("Company");
  const isConcept = row.status === "concept";
  const content = await renderDocumentPdf({
    kind: "quotation",
    isConcept,
    number: isConcept ? null : row.invoice_number,
    date: row.date,
    dueDate: null,
    company: printableCompany(company),
    contact: documentContactCopy(row, liveContacts),
    templateName: template?.name ?? "Standard",
    currency: { code: "eur", exchangeRate: "1" },
    lines: printableLines(lines),
    paymentInstructions: null,
    vatNotice: null,
    reference: null,
  });
  const fileName =
    isConcept || row.invoice_number === null
      ? `concept-quotation-${row.id}.pdf`
      : `quotation-${row.invoice_number}.pdf`;
  return { fileName, content };
}

/**
 * The quotation on paper: how the documents pipeline prints it (title "Offerte", or "Quotation"
 * for a customer abroad; no due date, no payment instructions, no delivery date), shared by the
 * API's PDF route and the public signing page.
 */
import type { Executor } from "../../db/connection.js";
import { documentPdf, type PrintedDocument } from "../documents/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import type { QuotationRow } from "./store.js";

export function quotationPdf(executor: Executor, row: QuotationRow): Promise<PrintedDocument> {
  const isConcept = row.status === "concept";
  const fileName =
    isConcept || row.invoice_number === null
      ? `concept-quotation-${row.id}.pdf`
      : `quotation-${row.invoice_number}.pdf`;
  return documentPdf(
    executor,
    DOCUMENT_TYPE,
    row,
    (context) => ({
      kind: "quotation",
      language: context.language,
      isConcept,
      number: isConcept ? null : row.invoice_number,
      date: row.date,
      deliveryDate: null,
      dueDate: null,
      company: context.seller,
      contact: context.contact,
      templateName: context.templateName,
      currency: { code: "eur", exchangeRate: "1" },
      lines: context.lines,
      paymentInstructions: null,
      vatNotice: null,
      // the exemption notice is an invoice requirement (article 25 Wet OB); a quotation states prices only
      smallBusinessScheme: false,
      creditedInvoiceNumber: null,
      reference: null,
      paymentQr: null,
    }),
    fileName,
  );
}

/**
 * The sales invoice on paper and by mail: the PDF (rendered with the invoice's template, or the
 * company's default) and the e-mail copy queued at publication. A published invoice is locked,
 * so rendering it later — when the mail is sent, or downloaded again — gives the same document.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound } from "../../platform/errors.js";
import { companyDetails } from "../companies/service.js";
import { documentContactCopy, liveContactCopies } from "../contacts/document-contacts.js";
import { formatDate, formatEuroCents } from "../document-pdf/format.js";
import { printableCompany, printableLines } from "../document-pdf/from-rows.js";
import { type PrintableDocument, renderDocumentPdf } from "../document-pdf/render.js";
import { linesOfDocuments } from "../invoice-lines/service.js";
import { enqueueMessage, type OutboxMessage } from "../outbox/service.js";
import { templateForDocument } from "../templates/service.js";
import { vatTypeById } from "../vat-types/service.js";
import { findSalesInvoiceRow } from "./load.js";
import { DOCUMENT_TYPE } from "./present.js";
import { fillPaymentInstructions, vatNumberRequirement } from "./rules.js";
import type { InvoiceDraft } from "./save.js";
import type { SalesInvoiceRow } from "./store.js";

const RESOURCE = "Sales invoice";

async function vatTypeNamesOf(executor: Executor, lines: ReadonlyArray<{ vat_type_id: number }>): Promise<string[]> {
  const ids = [...new Set(lines.map((line) => line.vat_type_id))];
  const types = await Promise.all(ids.map((id) => vatTypeById(executor, id)));
  return types.flatMap((type) => (type ? [type.name] : []));
}

async function findRowForMail(executor: Executor, companyId: number, invoiceId: number): Promise<SalesInvoiceRow> {
  const row = await findSalesInvoiceRow(executor, companyId, invoiceId);
  if (!row) throw notFound(RESOURCE);
  return row;
}

export async function printableSalesInvoice(
  executor: Executor,
  companyId: number,
  row: SalesInvoiceRow,
): Promise<PrintableDocument> {
  const [company, template, lines, liveContacts] = await Promise.all([
    companyDetails(executor, companyId),
    templateForDocument(executor, companyId, row.template_id),
    linesOfDocuments(executor, companyId, DOCUMENT_TYPE, [row.id]),
    liveContactCopies(executor, companyId, [row]),
  ]);
  if (!company) throw notFound("Company");
  const contact = documentContactCopy(row, liveContacts);
  const vatTypeNames = await vatTypeNamesOf(executor, lines);
  const instructions =
    row.payment_method === "pay_custom" && row.custom_payment_instructions !== null
      ? fillPaymentInstructions(row.custom_payment_instructions, {
          invoiceNumber: row.invoice_number,
          amountCents: row.price_with_vat_cents,
          dueDate: row.due_date,
        })
      : defaultInstructions(row);
  return {
    kind: "invoice",
    isConcept: row.status === "concept",
    number: row.status === "concept" ? null : row.invoice_number,
    date: row.date,
    dueDate: row.due_date,
    company: printableCompany(company),
    contact: contact === null ? null : { ...contact, vat_number: row.vat_number },
    templateName: template?.name ?? "Standard",
    currency: { code: row.currency, exchangeRate: row.currency_exchange_rate },
    lines: printableLines(lines),

    paymentInstructions: instructions,
    vatNotice: vatNumberRequirement(vatTypeNames, contact?.country_code ?? null),
    reference: row.payment_reference ?? row.description,
  };
}

/** The payment line printed when the invoice has no instructions of its own, in the PDF's language. */
function defaultInstructions(row: SalesInvoiceRow): string | null {
  const amount = formatEuroCents(row.price_with_vat_cents);
  const dueDate = formatDate(row.due_date);
  switch (row.payment_method) {
    case "pay_transfer":
      return row.invoice_number === null
        ? `Gelieve ${amount} vóór ${dueDate} over te maken.`
        : `Gelieve ${amount} vóór ${dueDate} over te maken onder vermelding van factuurnummer ${row.invoice_number}.`;
    case "paid_cash":
    case "paid_pin":
    case "paid_already":
    case "paid_sepa":
      return "Deze factuur is al betaald.";
    case "pay_ideal":
      return `Gelieve ${amount} vóór ${dueDate} online te betalen.`;
    default:
      return null;
  }
}

export async function salesInvoicePdf(
  deps: ServiceDeps,
  company: CompanyAccess,
  row: SalesInvoiceRow,
): Promise<{ fileName: string; content: Buffer }> {
  const content = await renderDocumentPdf(await printableSalesInvoice(deps.db, company.companyId, row));
  return { fileName: pdfFileName(row), content };
}

function pdfFileName(row: SalesInvoiceRow): string {
  return row.invoice_number === null ? `concept-invoice-${row.id}.pdf` : `invoice-${row.invoice_number}.pdf`;
}

/** Queues the e-mail copy of a just-published invoice, in the publishing transaction. */
export async function publicationMail(
  transaction: Executor,
  companyId: number,
  invoiceId: number,
  invoiceNumber: string,
  draft: InvoiceDraft,
  now: Date,
): Promise<void> {
  const company = await companyDetails(transaction, companyId);
  const recipient = draft.contact?.contact_person_email_address;
  if (!company || !recipient) return;
  const greeting = draft.contact?.contact_person_name ? `Beste ${draft.contact.contact_person_name},` : "Beste klant,";
  await enqueueMessage(
    transaction,
    {
      companyId,
      document: { type: DOCUMENT_TYPE, id: invoiceId },
      recipient,
      subject: `Factuur ${invoiceNumber} van ${company.name}`,
      bodyText: [
        greeting,
        "",
        `In de bijlage vindt u factuur ${invoiceNumber} van ${formatEuroCents(draft.columns.price_with_vat_cents)}, ` +
          `te betalen vóór ${formatDate(draft.columns.due_date)}.`,
        "",
        `Met vriendelijke groet,\n${company.name}`,
      ].join("\n"),
    },
    now,
  );
}

/** The outbox's attachment renderer for invoice copies: the invoice's PDF. */
export async function salesInvoiceMailAttachments(executor: Executor, message: OutboxMessage) {
  const row = await findRowForMail(executor, message.company_id, message.document_id);
  const content = await renderDocumentPdf(await printableSalesInvoice(executor, message.company_id, row));
  return [{ filename: pdfFileName(row), content, contentType: "application/pdf" }];
}

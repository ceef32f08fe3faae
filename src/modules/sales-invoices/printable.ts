/**
 * The sales invoice on paper and by mail: how the documents pipeline prints it (title, due date,
 * payment instructions, VAT notices) and the e-mail copy queued at publication. A published
 * invoice is locked, so printing it later — when the mail is sent, or downloaded again — gives
 * the same document.
 */
import type { Executor } from "../../db/connection.js";
import { formatDate, formatEuroCents } from "../../pdf/format.js";
import type { PrintableDocument } from "../../pdf/printable.js";
import { companyDetails } from "../companies/service.js";
import type { ContactRow } from "../contacts/service.js";
import { documentPdf, type PrintContext, type PrintedDocument } from "../documents/service.js";
import { enqueueMessage } from "../outbox/service.js";
import { vatTypeById } from "../vat-types/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import { fillPaymentInstructions, vatNumberRequirement } from "./rules.js";
import type { SalesInvoiceRow } from "./store.js";

async function vatTypeNamesOf(executor: Executor, vatTypeIds: readonly number[]): Promise<string[]> {
  const types = await Promise.all([...new Set(vatTypeIds)].map((id) => vatTypeById(executor, id)));
  return types.flatMap((type) => (type ? [type.name] : []));
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

function describe(executor: Executor, row: SalesInvoiceRow) {
  return async (context: PrintContext): Promise<PrintableDocument> => {
    const vatTypeNames = await vatTypeNamesOf(executor, context.vatTypeIds);
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
      company: context.seller,
      contact: context.contact === null ? null : { ...context.contact, vat_number: row.vat_number },
      templateName: context.templateName,
      currency: { code: row.currency, exchangeRate: row.currency_exchange_rate },
      lines: context.lines,
      paymentInstructions: instructions,
      vatNotice: vatNumberRequirement(vatTypeNames, context.contact?.country_code ?? null),
      reference: row.payment_reference ?? row.description,
    };
  };
}

function pdfFileName(row: SalesInvoiceRow): string {
  return row.invoice_number === null ? `concept-invoice-${row.id}.pdf` : `invoice-${row.invoice_number}.pdf`;
}

export function salesInvoicePdf(executor: Executor, row: SalesInvoiceRow): Promise<PrintedDocument> {
  return documentPdf(executor, DOCUMENT_TYPE, row, describe(executor, row), pdfFileName(row));
}

/** Queues the e-mail copy of a just-published invoice, in the publishing transaction. */
export async function publicationMail(
  transaction: Executor,
  companyId: number,
  row: SalesInvoiceRow,
  contact: ContactRow,
  now: Date,
): Promise<void> {
  const company = await companyDetails(transaction, companyId);
  const recipient = contact.contact_person_email_address;
  if (!company || !recipient || row.invoice_number === null) return;
  const companyName = company.name;
  const greeting = contact.contact_person_name ? `Beste ${contact.contact_person_name},` : "Beste klant,";
  await enqueueMessage(
    transaction,
    {
      companyId,
      document: { type: DOCUMENT_TYPE, id: row.id },
      recipient,
      subject: `Factuur ${row.invoice_number} van ${companyName}`,
      bodyText: [
        greeting,
        "",
        `In de bijlage vindt u factuur ${row.invoice_number} van ${formatEuroCents(row.price_with_vat_cents)}, ` +
          `te betalen vóór ${formatDate(row.due_date)}.`,
        "",
        `Met vriendelijke groet,\n${companyName}`,
      ].join("\n"),
    },
    now,
  );
}

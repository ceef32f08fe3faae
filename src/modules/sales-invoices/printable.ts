/**
 * The sales invoice on paper and by mail: how the documents pipeline prints it (title, due date,
 * delivery date, payment instructions, VAT notices, the invoice a credit invoice corrects) and
 * the e-mail copy queued at publication. A published invoice is locked, so printing it later —
 * when the mail is sent, or downloaded again — gives the same document.
 *
 * The printed words follow the document's language (PrintContext.labels); custom payment
 * instructions are printed as the user wrote them. A transfer names the seller's IBAN (grouped in
 * fours), BIC and name, so the customer can pay from the paper alone (Dutch invoice rules).
 */
import type { Executor } from "../../db/connection.js";
import { formatDate, formatEuroCents, formatIban } from "../../pdf/format.js";
import type { PrintableDocument } from "../../pdf/printable.js";
import { epcPayload } from "../../pdf/sepa-qr.js";
import { companyDetails } from "../companies/service.js";
import type { ContactRow } from "../contacts/service.js";
import { documentPdf, type PrintContext, type PrintedDocument } from "../documents/service.js";
import { enqueueMessage } from "../outbox/service.js";
import { vatTypeById } from "../vat-types/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import { fillPaymentInstructions, invoiceCreditorReference, openAmountCents, vatNumberRequirement } from "./rules.js";
import { invoiceNumberAndStatus, type SalesInvoiceRow } from "./store.js";

async function vatTypeNamesOf(executor: Executor, vatTypeIds: readonly number[]): Promise<string[]> {
  const types = await Promise.all([...new Set(vatTypeIds)].map((id) => vatTypeById(executor, id)));
  return types.flatMap((type) => (type ? [type.name] : []));
}

function filled(value: string | null): string | null {
  return value === null || value.trim() === "" ? null : value.trim();
}

/** The seller's account a transfer goes to, as printed; null while the company has no IBAN. */
function transferAccount(company: PrintContext["company"]) {
  const iban = filled(company.iban);
  return iban === null ? null : { iban: formatIban(iban), bic: filled(company.bic), holder: filled(company.name) };
}

/**
 * The SEPA QR code of a published invoice to be paid by transfer, for what is still open, to the
 * seller's account and quoting its RF reference; none for a concept, a paid or credit invoice, a
 * seller without IBAN, or another payment method (custom instructions included).
 */
function paymentQr(row: SalesInvoiceRow, context: PrintContext): string | null {
  const account = transferAccount(context.company);
  const open = openAmountCents(row.price_with_vat_cents, row.paid_cents);
  if (row.status === "concept" || row.payment_method !== "pay_transfer" || account === null || open <= 0n) return null;
  return epcPayload({
    iban: account.iban,
    bic: account.bic,
    name: account.holder ?? "",
    amountCents: Number(open),
    reference: invoiceCreditorReference(row),
  });
}

/** The payment line printed when the invoice has no instructions of its own, in the PDF's language. */
function defaultInstructions(row: SalesInvoiceRow, context: PrintContext): string | null {
  const { payment } = context.labels;
  const amount = formatEuroCents(row.price_with_vat_cents);
  const dueDate = formatDate(row.due_date);
  // a credit invoice is never a request to pay: the customer gets the amount back
  if (row.price_with_vat_cents < 0 && row.payment_method !== "pay_custom") {
    return payment.refund(formatEuroCents(-row.price_with_vat_cents));
  }
  switch (row.payment_method) {
    case "pay_transfer":
      return payment.transfer({
        amount,
        dueDate,
        account: transferAccount(context.company),
        invoiceNumber: row.invoice_number,
        reference: invoiceCreditorReference(row),
      });
    case "paid_cash":
    case "paid_pin":
    case "paid_already":
    case "paid_sepa":
      return payment.alreadyPaid;
    case "pay_ideal":
      return payment.online(amount, dueDate);
    default:
      return null;
  }
}

/** The number of the invoice a credit invoice corrects (null when it names none, or it has no number). */
async function creditedInvoiceNumber(executor: Executor, row: SalesInvoiceRow): Promise<string | null> {
  if (row.credited_invoice_id === null) return null;
  const credited = await invoiceNumberAndStatus(executor, row.company_id, row.credited_invoice_id);
  return credited?.invoice_number ?? null;
}

function describe(executor: Executor, row: SalesInvoiceRow) {
  return async (context: PrintContext): Promise<PrintableDocument> => {
    const [vatTypeNames, creditedNumber] = await Promise.all([
      vatTypeNamesOf(executor, context.vatTypeIds),
      creditedInvoiceNumber(executor, row),
    ]);
    const instructions =
      row.payment_method === "pay_custom" && row.custom_payment_instructions !== null
        ? fillPaymentInstructions(row.custom_payment_instructions, {
            invoiceNumber: row.invoice_number,
            amountCents: row.price_with_vat_cents,
            dueDate: row.due_date,
          })
        : defaultInstructions(row, context);
    return {
      kind: "invoice",
      language: context.language,
      isConcept: row.status === "concept",
      number: row.status === "concept" ? null : row.invoice_number,
      date: row.date,
      deliveryDate: row.delivery_date,
      dueDate: row.due_date,
      company: context.seller,
      contact: context.contact === null ? null : { ...context.contact, vat_number: row.vat_number },
      templateName: context.templateName,
      currency: { code: row.currency, exchangeRate: row.currency_exchange_rate },
      lines: context.lines,
      paymentInstructions: instructions,
      vatNotice: vatNumberRequirement(vatTypeNames, context.contact?.country_code ?? null, row.date),
      smallBusinessScheme: !context.company.vat_liable,
      creditedInvoiceNumber: creditedNumber,
      reference: row.payment_reference ?? row.description,
      paymentQr: paymentQr(row, context),
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

/**
 * A stored sales invoice as the wire shows it (field order of the reference; fields the
 * reference omits when unset are left out). A concept shows its contact's current details; a
 * published invoice the copy frozen at publication. Lists are presented with one query per
 * kind of child (lines, attachments, contacts), never one per invoice.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import { centsToDecimal, formatDecimal } from "../../platform/money.js";
import { attachmentObjectsByDocument } from "../attachments/service.js";
import { documentContactCopy, liveContactCopies } from "../documents/service.js";
import { type InvoiceLine, presentLinesByDocument } from "../invoice-lines/service.js";
import { invoiceCreditorReference, openAmountCents, paymentStatus } from "./rules.js";
import type { SalesInvoiceSchema } from "./schemas.js";
import type { SalesInvoiceRow } from "./store.js";

export type SalesInvoice = Static<typeof SalesInvoiceSchema>;
export const DOCUMENT_TYPE = "sales_invoice";

export function invoicePath(companyId: number, invoiceId: number): string {
  return `/api/v1/companies/${companyId}/sales_invoices/${invoiceId}`;
}

export async function presentSalesInvoices(
  executor: Executor,
  company: CompanyAccess,
  rows: readonly SalesInvoiceRow[],
): Promise<SalesInvoice[]> {
  const ids = rows.map((row) => row.id);
  const [lines, attachments, contacts] = await Promise.all([
    presentLinesByDocument(executor, company.companyId, DOCUMENT_TYPE, ids),
    attachmentObjectsByDocument(
      executor,
      company.companyId,
      DOCUMENT_TYPE,
      ids,
      (invoiceId, attachmentId) => `${invoicePath(company.companyId, invoiceId)}/attachments/${attachmentId}`,
    ),
    liveContactCopies(executor, company.companyId, rows),
  ]);
  return rows.map((row) => presented(row, company, lines, attachments, contacts));
}

function presented(
  row: SalesInvoiceRow,
  company: CompanyAccess,
  lines: Map<number, InvoiceLine[]>,
  attachments: Map<number, SalesInvoice["attachment_objects"]>,
  contacts: Awaited<ReturnType<typeof liveContactCopies>>,
): SalesInvoice {
  const isConcept = row.status === "concept";
  const rfReference = invoiceCreditorReference(row);
  const optional = <Value>(include: boolean, value: Value) => (include ? value : undefined);
  return {
    id: row.id,
    date: row.date,
    due_date: row.due_date,
    payment_method: row.payment_method,
    custom_payment_instructions: optional(row.payment_method === "pay_custom", row.custom_payment_instructions),
    pay_url: optional(row.pay_url !== null, row.pay_url),
    creates_pay_url_on_publish: optional(isConcept && row.creates_pay_url_on_publish !== 0, true),
    description: row.description,
    status: row.status,
    price_without_vat: centsToDecimal(row.price_without_vat_cents),
    price_with_vat: centsToDecimal(row.price_with_vat_cents),
    vat_amount: centsToDecimal(row.vat_amount_cents),
    contact_id: row.contact_id,
    invoice_number: row.invoice_number,
    published_at: row.published_at === null ? null : dateInTimeZone(new Date(row.published_at), company.timeZone),
    payment_status: paymentStatus(row.price_with_vat_cents, row.paid_cents),
    open_amount: centsToDecimal(openAmountCents(row.price_with_vat_cents, row.paid_cents)),
    currency: row.currency,
    currency_exchange_rate: formatDecimal(row.currency_exchange_rate),
    sends_copy_by_email_on_publish: optional(isConcept && row.sends_copy_by_email_on_publish !== 0, true),
    template_id: row.template_id,
    vat_number: row.vat_number,
    validates_vat_number: optional(row.validates_vat_number === 0, false),
    api_reference: optional(row.api_reference !== null, row.api_reference),
    payment_reference: row.payment_reference,
    sale_type: row.sale_type,
    distance_sale: row.distance_sale !== 0,
    delivery_date: optional(row.delivery_date !== null, row.delivery_date),
    credited_invoice_id: optional(row.credited_invoice_id !== null, row.credited_invoice_id),
    payment_reference_rf: optional(rfReference !== null, rfReference),
    cached_contact: documentContactCopy(row, contacts),
    attachment_objects: attachments.get(row.id) ?? [],
    invoice_lines: lines.get(row.id) ?? [],
  };
}

export async function presentSalesInvoice(
  executor: Executor,
  company: CompanyAccess,
  row: SalesInvoiceRow,
): Promise<SalesInvoice> {
  const [invoice] = await presentSalesInvoices(executor, company, [row]);
  if (!invoice) throw new Error("sales invoice could not be presented");
  return invoice;
}

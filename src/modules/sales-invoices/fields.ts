/**
 * The fields of a sales invoice: turns a create or update request into the invoice's
 * next columns, recording every problem before anything is written. The documents pipeline runs
 * it inside the request's transaction; absent attributes keep their stored values.
 */
import type { Static } from "@sinclair/typebox";
import Big from "big.js";
import { EURO, isCurrencyCode, normaliseCurrency } from "../../platform/currency.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ValidationErrors } from "../../platform/errors.js";
import { isBlank, normaliseVatNumber } from "../../platform/text.js";
import { checkVatNumber } from "../../platform/vat-number.js";
import type { ContactRow } from "../contacts/service.js";
import {
  type DocumentDraft,
  type DraftTools,
  planLines,
  resolveDocumentContact,
  type WriteContext,
} from "../documents/service.js";
import { planDocumentPayments } from "../payments/service.js";
import { checkDocumentTemplate } from "../templates/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import { defaultDueDate, EARLIEST_INVOICE_DATE, vatNumberRequirement } from "./rules.js";
import type { SalesInvoicePayload } from "./schemas.js";
import { apiReferenceTaken, invoiceNumberAndStatus, type SalesInvoiceColumns, type SalesInvoiceRow } from "./store.js";

export type SalesInvoiceAttributes = Partial<Static<typeof SalesInvoicePayload.schema>>;
export type EditableColumns = Omit<
  SalesInvoiceColumns,
  "id" | "company_id" | "status" | "invoice_number" | "published_at" | "cached_contact" | "pay_url" | "created_at"
>;

export interface WriteOptions {
  /** throws 403 invalid_scope unless the caller may also manage payments */
  requirePaymentsScope: () => void;
}

export type InvoiceDraft = DocumentDraft<EditableColumns> & {
  payments: Awaited<ReturnType<typeof planDocumentPayments>>;
};

const bool = (value: boolean) => (value ? 1 : 0);

function given<Value>(value: Value | undefined, stored: Value): Value {
  return value === undefined ? stored : value;
}

function flag(value: boolean | null | undefined, stored: number | undefined): number {
  return bool(given(value, stored === undefined ? false : stored !== 0) ?? false);
}

function checkCurrency(attributes: SalesInvoiceAttributes, existing: SalesInvoiceRow | null, errors: ValidationErrors) {
  const currency = normaliseCurrency(attributes.currency, existing?.currency ?? EURO);
  if (!isCurrencyCode(currency)) errors.add("currency", { key: "currencyCode" });
  if (currency === EURO) return { currency, currency_exchange_rate: "1" };
  const sameCurrency = existing !== null && existing.currency === currency;
  const rate = given(attributes.currency_exchange_rate, sameCurrency ? existing.currency_exchange_rate : null);
  if (rate === null) errors.add("currency_exchange_rate", { key: "blankForForeignCurrency" });
  else if (new Big(rate).lte(0)) errors.add("currency_exchange_rate", { key: "greaterThanZero" });
  return { currency, currency_exchange_rate: rate ?? "1" };
}

function checkDates(
  attributes: SalesInvoiceAttributes,
  existing: SalesInvoiceRow | null,
  today: string,
  errors: ValidationErrors,
) {
  const date = given(attributes.date, existing?.date ?? today);
  if (date === null) errors.add("date", { key: "blank" });
  else if (date < EARLIEST_INVOICE_DATE) errors.add("date", { key: "onOrAfter", date: EARLIEST_INVOICE_DATE });
  const invoiceDate = date ?? existing?.date ?? today;
  const dueDate = given(attributes.due_date, existing?.due_date ?? null) ?? defaultDueDate(invoiceDate);
  if (dueDate < invoiceDate) errors.add("due_date", { key: "notBeforeInvoiceDate" });
  return { date: invoiceDate, due_date: dueDate };
}

function checkPaymentMethod(
  attributes: SalesInvoiceAttributes,
  existing: SalesInvoiceRow | null,
  errors: ValidationErrors,
) {
  const paymentMethod = given(attributes.payment_method, existing?.payment_method ?? null) ?? "pay_transfer";
  const instructions = given(attributes.custom_payment_instructions, existing?.custom_payment_instructions ?? null);
  if (paymentMethod === "pay_custom" && isBlank(instructions)) {
    errors.add("custom_payment_instructions", { key: "blankWhenPayCustom" });
  }
  return { payment_method: paymentMethod, custom_payment_instructions: instructions };
}

function checkVatNumberAttribute(
  attributes: SalesInvoiceAttributes,
  existing: SalesInvoiceRow | null,
  contact: ContactRow | null,
  errors: ValidationErrors,
) {
  const contactChanged = attributes.contact !== undefined || attributes.contact_id !== undefined;
  const validates =
    given(attributes.validates_vat_number, existing ? existing.validates_vat_number !== 0 : true) ?? true;
  const fallback = contactChanged || existing === null ? (contact?.vat_number ?? null) : existing.vat_number;
  const raw = given(attributes.vat_number, fallback);
  if (isBlank(raw)) return { vat_number: null, validates_vat_number: bool(validates) };
  const vatNumber = validates ? normaliseVatNumber(raw) : raw.trim();
  // a number taken over from the contact or kept from before is not checked again: only one given now
  if (validates && vatNumber !== null && attributes.vat_number !== undefined) {
    const check = checkVatNumber(vatNumber);
    if (!check.ok) errors.add("vat_number", check.problem);
  }
  return { vat_number: vatNumber, validates_vat_number: bool(validates) };
}

/** The invoice a credit invoice corrects: a published invoice of the company, not itself. */
async function checkCreditedInvoice(
  tools: DraftTools,
  companyId: number,
  attributes: SalesInvoiceAttributes,
  existing: SalesInvoiceRow | null,
): Promise<number | null> {
  const creditedId = given(attributes.credited_invoice_id, existing?.credited_invoice_id ?? null);
  if (creditedId === null || creditedId === existing?.credited_invoice_id) return creditedId;
  const credited =
    creditedId === existing?.id ? undefined : await invoiceNumberAndStatus(tools.transaction, companyId, creditedId);
  if (!credited) tools.errors.add("credited_invoice_id", { key: "notAnotherSalesInvoice" });
  else if (credited.status === "concept") tools.errors.add("credited_invoice_id", { key: "publishedInvoiceNeeded" });
  return creditedId;
}

async function checkApiReference(
  tools: DraftTools,
  companyId: number,
  attributes: SalesInvoiceAttributes,
  existing: SalesInvoiceRow | null,
): Promise<string | null> {
  const apiReference = given(attributes.api_reference, existing?.api_reference ?? null);
  const trimmed = isBlank(apiReference) ? null : apiReference.trim();
  if (trimmed !== null && (await apiReferenceTaken(tools.transaction, companyId, trimmed, existing?.id ?? null))) {
    tools.errors.add("api_reference", { key: "taken" });
  }
  return trimmed;
}

/** The invoice as it will be after the request, or the problems that stop it. */
export async function draftSalesInvoice(
  tools: DraftTools,
  context: WriteContext<WriteOptions>,
  existing: SalesInvoiceRow | null,
  attributes: SalesInvoiceAttributes,
): Promise<InvoiceDraft> {
  const { transaction, errors } = tools;
  const companyId = context.company.companyId;
  if (attributes.payments !== undefined && attributes.payments.length > 0) context.options.requirePaymentsScope();
  const dates = checkDates(attributes, existing, dateInTimeZone(context.now, context.company.timeZone), errors);
  const payment = checkPaymentMethod(attributes, existing, errors);
  const contact = await resolveDocumentContact(
    transaction,
    companyId,
    existing?.contact_id ?? null,
    attributes,
    errors,
  );
  const templateId = given(attributes.template_id, existing?.template_id ?? null);
  await checkDocumentTemplate(transaction, companyId, templateId, errors);
  const apiReference = await checkApiReference(tools, companyId, attributes, existing);
  const lines = await planLines(
    tools,
    companyId,
    { type: DOCUMENT_TYPE, id: existing?.id ?? null },
    attributes.invoice_lines,
  );
  const document = existing === null ? null : { type: DOCUMENT_TYPE, id: existing.id };
  const payments = await planDocumentPayments(transaction, companyId, document, attributes.payments ?? [], errors);
  const creditedInvoiceId = await checkCreditedInvoice(tools, companyId, attributes, existing);

  const vat = checkVatNumberAttribute(attributes, existing, contact, errors);
  const requirement = vatNumberRequirement(
    lines.lines.map((line) => line.vatTypeName),
    contact?.country_code ?? null,
    dates.date,
  );
  if (requirement !== null && vat.vat_number === null) {
    errors.add("vat_number", { key: "blankForVatTreatment", need: requirement });
  }

  return {
    contact,
    lines,
    payments,
    columns: {
      ...dates,
      ...payment,
      creates_pay_url_on_publish: flag(attributes.creates_pay_url_on_publish, existing?.creates_pay_url_on_publish),
      description: given(attributes.description, existing?.description ?? null),
      contact_id: contact?.id ?? null,
      ...checkCurrency(attributes, existing, errors),
      sends_copy_by_email_on_publish: flag(
        attributes.sends_copy_by_email_on_publish,
        existing?.sends_copy_by_email_on_publish,
      ),
      template_id: templateId,
      ...vat,
      api_reference: apiReference,
      payment_reference: given(attributes.payment_reference, existing?.payment_reference ?? null),
      sale_type: given(attributes.sale_type, existing?.sale_type ?? null) ?? "supply",
      distance_sale: flag(attributes.distance_sale, existing?.distance_sale),
      delivery_date: given(attributes.delivery_date, existing?.delivery_date ?? null),
      credited_invoice_id: creditedInvoiceId,
      ...lines.totals,
    },
  };
}

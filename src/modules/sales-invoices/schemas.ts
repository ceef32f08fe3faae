/**
 * Wire shapes of a sales invoice, field order as the reference. Fields the reference
 * leaves out when unset are optional here and omitted by the presenter: custom_payment_instructions
 * (other methods), pay_url (none), creates_pay_url_on_publish and sends_copy_by_email_on_publish
 * (only true and before publication), validates_vat_number (only false), api_reference (unset).
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject, ResponseObjectWithOmissions } from "../../platform/fields.js";
import { AttachmentObjectSchema } from "../attachments/service.js";
import { ContactAttributesSchema as ContactAttributes } from "../contacts/service.js";
import { INVOICE_LINE_READ_ONLY, InvoiceLineAttributes, InvoiceLineSchema } from "../invoice-lines/service.js";
import { PaymentAttributesSchema as PaymentAttributes } from "../payments/service.js";

export const PAYMENT_METHODS = [
  "pay_transfer",
  "paid_cash",
  "paid_pin",
  "paid_already",
  "pay_ideal",
  "paid_sepa",
  "pay_custom",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const SALE_TYPES = ["supply", "service", "service_digital"] as const;
export const INVOICE_STATUSES = ["concept", "imported", "published"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_STATUSES = ["paid", "unpaid", "overpaid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const CachedContactSchema = ResponseObject({
  name: Nullable.string(),
  contact_person_name: Nullable.string(),
  address: Nullable.string(),
  zipcode: Nullable.string(),
  city: Nullable.string(),
  country_code: Nullable.string(),
  contact_person_email_address: Nullable.string(),
  contact_number: Nullable.string(),
});

export const SalesInvoiceSchema = ResponseObjectWithOmissions({
  id: Filled.integer(),
  date: Filled.date(),
  due_date: Filled.date(),
  payment_method: Filled.enumeration(PAYMENT_METHODS),
  custom_payment_instructions: Type.Optional(Nullable.string()),
  pay_url: Type.Optional(Nullable.string()),
  creates_pay_url_on_publish: Type.Optional(Nullable.boolean()),
  description: Nullable.string(),
  status: Filled.enumeration(INVOICE_STATUSES),
  price_without_vat: Filled.string(),
  price_with_vat: Filled.string(),
  vat_amount: Filled.string(),
  contact_id: Nullable.integer(),
  invoice_number: Nullable.string({ description: "Null while a concept; always set once published or imported" }),
  published_at: Nullable.string({ description: "The day it was published (YYYY-MM-DD); null while a concept" }),
  payment_status: Filled.enumeration(PAYMENT_STATUSES),
  open_amount: Filled.string(),
  currency: Filled.string(),
  currency_exchange_rate: Filled.string(),
  sends_copy_by_email_on_publish: Type.Optional(Nullable.boolean()),
  template_id: Nullable.integer(),
  vat_number: Nullable.string(),
  validates_vat_number: Type.Optional(Nullable.boolean()),
  api_reference: Type.Optional(Nullable.string()),
  payment_reference: Nullable.string(),
  sale_type: Nullable.string(),
  distance_sale: Filled.boolean(),
  // Kasboek extensions, absent while unset so reference clients see the reference's shape
  delivery_date: Type.Optional(Nullable.date()),
  credited_invoice_id: Type.Optional(Nullable.integer()),
  payment_reference_rf: Type.Optional(
    Nullable.string({
      description:
        "The invoice's structured creditor reference (ISO 11649, `RF…`), printed in its payment instruction and QR code; a payment quoting it is matched to the invoice at a bank statement import. Absent while a concept",
    }),
  ),
  cached_contact: Nullable.object(CachedContactSchema),
  attachment_objects: Type.Array(AttachmentObjectSchema),
  invoice_lines: Type.Array(InvoiceLineSchema),
});

export const SalesInvoiceResponse = Type.Object({ sales_invoice: SalesInvoiceSchema });
export const SalesInvoiceListResponse = Type.Object({ sales_invoices: Type.Array(SalesInvoiceSchema) });

export const SalesInvoiceAttributes = Type.Object({
  date: Nullable.date(),
  due_date: Nullable.date(),
  payment_method: Nullable.enumeration(PAYMENT_METHODS),
  custom_payment_instructions: Nullable.string({ maxLength: 2000 }),
  creates_pay_url_on_publish: Nullable.boolean(),
  description: Nullable.string({ maxLength: 2000 }),
  contact_id: Nullable.integer(),
  currency: Nullable.string({ maxLength: 3 }),
  currency_exchange_rate: Nullable.decimal(),
  _publish: Nullable.boolean(),
  sends_copy_by_email_on_publish: Nullable.boolean(),
  template_id: Nullable.integer(),
  vat_number: Nullable.string({ maxLength: 30 }),
  validates_vat_number: Nullable.boolean(),
  api_reference: Nullable.string({ maxLength: 255 }),
  payment_reference: Nullable.string({ maxLength: 255 }),
  sale_type: Nullable.enumeration(SALE_TYPES),
  distance_sale: Nullable.boolean(),
  delivery_date: Nullable.date(),
  credited_invoice_id: Nullable.integer(),
  contact: ContactAttributes,
  invoice_lines: Type.Array(InvoiceLineAttributes),
  payments: Type.Array(PaymentAttributes),
});

export const SalesInvoicePayload = {
  wrapper: "sales_invoice",
  schema: SalesInvoiceAttributes,
  readOnly: [
    "id",
    "status",
    "price_without_vat",
    "price_with_vat",
    "vat_amount",
    "invoice_number",
    "published_at",
    "payment_status",
    "open_amount",
    "pay_url",
    "cached_contact",
    "attachment_objects",
    "name",
    ...INVOICE_LINE_READ_ONLY,
  ],
} as const;

export const SALES_INVOICE_SELECTIONS = [
  "all",
  "published",
  "concept",
  "unpaid",
  "questionable_or_unpayable",
  "expired",
  "overpaid",
  "imported",
  "credit_invoices",
  "debt_collector",
] as const;
export type SalesInvoiceSelection = (typeof SALES_INVOICE_SELECTIONS)[number];

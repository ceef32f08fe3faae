/**
 * Wire shapes of a quotation, field order as the reference. `creates_sign_url_on_publish`
 * shows only when true, `sign_url` only when a signing page exists, and `sales_invoice_id` (a
 * Kasboek addition) only once the quotation was invoiced.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObjectWithOmissions } from "../../platform/fields.js";
import { INVOICE_LINE_READ_ONLY, InvoiceLineAttributes, InvoiceLineSchema } from "../invoice-lines/service.js";
import { QUOTATION_STATUSES } from "./rules.js";

export const QuotationSchema = ResponseObjectWithOmissions({
  contact_id: Nullable.integer(),
  template_id: Nullable.integer(),
  invoice_number: Nullable.string({ description: "The number you gave it, or null until publication numbers it" }),
  date: Filled.date(),
  creates_sign_url_on_publish: Type.Optional(Nullable.boolean()),
  id: Filled.integer(),
  sign_url: Type.Optional(Nullable.string()),
  status: Filled.enumeration(QUOTATION_STATUSES),
  sales_invoice_id: Type.Optional(Nullable.integer()),
  invoice_lines: Type.Array(InvoiceLineSchema),
});

export const QuotationResponse = Type.Object({ quotation: QuotationSchema });
export const QuotationListResponse = Type.Object({ quotations: Type.Array(QuotationSchema) });

export const QuotationAttributes = Type.Object({
  contact_id: Nullable.integer(),
  template_id: Nullable.integer(),
  invoice_number: Nullable.string({ maxLength: 50 }),
  date: Nullable.date(),
  creates_sign_url_on_publish: Nullable.boolean(),
  _publish: Nullable.boolean(),
  _deny: Nullable.boolean(),
  _approve: Nullable.boolean(),
  _invoice: Nullable.boolean(),
  invoice_lines: Type.Array(InvoiceLineAttributes),
});

export const QuotationPayload = {
  wrapper: "quotation",
  schema: QuotationAttributes,
  readOnly: ["id", "status", "sign_url", "sales_invoice_id", ...INVOICE_LINE_READ_ONLY],
} as const;

export const QUOTATION_SELECTIONS = ["all", "approved", "stopped", "published", "concept", "invoiced"] as const;
export type QuotationSelection = (typeof QUOTATION_SELECTIONS)[number];

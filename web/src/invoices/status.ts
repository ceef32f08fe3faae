/**
 * How an invoice's state reads, from what the server says of it: its status, its payment status
 * and its due date. No amounts are computed here.
 */
import type { Schema } from "@kasboek/client";
import type { MessageKey } from "../i18n/en.js";

export type Invoice = Schema<"SalesInvoice">;
export type InvoiceState = "concept" | "paid" | "unpaid" | "overdue" | "overpaid";

export function invoiceState(invoice: Invoice, today: string): InvoiceState {
  if (invoice.status === "concept") return "concept";
  if (invoice.payment_status === "paid") return "paid";
  if (invoice.payment_status === "overpaid") return "overpaid";
  return invoice.due_date !== null && invoice.due_date < today ? "overdue" : "unpaid";
}

export const STATE_LABELS: Record<InvoiceState, MessageKey> = {
  concept: "status.concept",
  paid: "status.paid",
  unpaid: "status.unpaid",
  overdue: "status.overdue",
  overpaid: "status.overpaid",
};

/** The list filters offered, as the API's `selection` values. */
export const SELECTIONS = ["all", "concept", "published", "unpaid", "expired", "overpaid", "credit_invoices"] as const;
export type Selection = (typeof SELECTIONS)[number];

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

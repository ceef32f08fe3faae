/**
 * What a payment can be linked to, as the payments page offers it: the open (published, unpaid)
 * sales invoices and expenses, each with the words that tell them apart. Amounts are only shown
 * and compared as the server wrote them, never computed: the API writes equal amounts the same
 * way (`"121.0"`), so an invoice whose open amount is the payment's is found by comparing text.
 */
import type { Schema } from "@kasboek/client";
import { formatAmount, formatDate } from "../format.js";

export type Payment = Schema<"Payment">;
type Invoice = Schema<"SalesInvoice">;
type Expense = Schema<"Expense">;

export type DocumentKind = "sales_invoice" | "expense";

export interface LinkableDocument {
  kind: DocumentKind;
  id: number;
  label: string;
  /** the open amount as the server wrote it, when the API gives one (an invoice) */
  openAmount: string | null;
}

/** Money in is usually a customer paying an invoice; money out, a supplier's expense. */
export function likelyKind(payment: Pick<Payment, "amount">): DocumentKind {
  return payment.amount.trim().startsWith("-") ? "expense" : "sales_invoice";
}

export function invoiceDocument(invoice: Invoice): LinkableDocument {
  const parts = [
    invoice.invoice_number ?? "",
    invoice.cached_contact?.name ?? "",
    formatDate(invoice.date),
    formatAmount(invoice.open_amount),
  ];
  return {
    kind: "sales_invoice",
    id: invoice.id,
    label: parts.filter((part) => part !== "").join(" · "),
    openAmount: invoice.open_amount,
  };
}

export function expenseDocument(expense: Expense): LinkableDocument {
  const amounts = expense.invoice_lines.map((line) => formatAmount(line.price_with_vat)).join(" + ");
  const parts = [expense.invoice_number ?? "", expense.cached_contact?.name ?? "", formatDate(expense.date), amounts];
  return {
    kind: "expense",
    id: expense.id,
    label: parts.filter((part) => part !== "").join(" · "),
    openAmount: null,
  };
}

/** The document a payment most likely settles: the first whose open amount is the payment's. */
export function matchingDocument(
  payment: Pick<Payment, "amount">,
  documents: readonly LinkableDocument[],
): LinkableDocument | null {
  return documents.find((document) => document.openAmount === payment.amount) ?? null;
}

/**
 * How the bank page names things in words: a document ("Invoice 2026-0007"), a suggestion's
 * reasons, a payment's counterparty, and where a document's own page is. Nothing here computes
 * an amount.
 */
import type { MessageKey } from "../i18n/en.js";
import type { Translate } from "../i18n/i18n.js";
import type { DocumentChoice, Payment, Suggestion } from "./queries.js";

const REASON_WORDS: Record<Suggestion["reasons"][number], MessageKey> = {
  reference: "bank.reason.reference",
  amount: "bank.reason.amount",
  iban: "bank.reason.iban",
  name: "bank.reason.name",
  date: "bank.reason.date",
};

export function reasonsInWords(t: Translate, reasons: Suggestion["reasons"]): string {
  return reasons.map((reason) => t(REASON_WORDS[reason])).join(", ");
}

export function documentName(t: Translate, document: Pick<DocumentChoice, "type" | "number">): string {
  const number = document.number ?? t("bank.doc.noNumber");
  return t(document.type === "sales_invoice" ? "bank.doc.sales_invoice" : "bank.doc.expense", { number });
}

export function documentPath(companyId: number, document: Pick<DocumentChoice, "type" | "id">): string {
  return `/${companyId}/${document.type === "sales_invoice" ? "invoices" : "expenses"}/${document.id}`;
}

/** Who paid or was paid, as the bank wrote it; null for a payment typed in without one. */
export function counterpartyOf(payment: Payment): string | null {
  return payment.bank_transaction?.counterparty_name ?? null;
}

/** What the payment says about itself: the bank's remittance, else its description. */
export function remittanceOf(payment: Payment): string {
  return payment.bank_transaction?.remittance ?? payment.description ?? "";
}

/** Money out reads as a cost or a supplier's expense; money in as a customer's invoice. */
export function likelyType(payment: Pick<Payment, "amount">): DocumentChoice["type"] {
  return payment.amount.trim().startsWith("-") ? "expense" : "sales_invoice";
}

export const isNegative = (decimal: string) => decimal.trim().startsWith("-");

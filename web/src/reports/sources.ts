/**
 * Where a posted line came from, as the reader may follow it: an invoice or an expense opens its
 * own page; a payment, a journal entry and a VAT return settlement have no page of their own in
 * the app, so they are only named.
 */
import type { MessageKey } from "../i18n/en.js";

const SOURCE_LABELS: Record<string, MessageKey> = {
  sales_invoice: "reports.source.sales_invoice",
  expense: "reports.source.expense",
  payment: "reports.source.payment",
  journal_entry: "reports.source.journal_entry",
  vat_return: "reports.source.vat_return",
};

const SOURCE_PAGES: Record<string, string> = { sales_invoice: "invoices", expense: "expenses" };

/** The app's page of a line's source document, or null when it has none. */
export function sourcePath(companyId: number, type: string | null, id: number | null): string | null {
  const page = type === null ? undefined : SOURCE_PAGES[type];
  return page === undefined || id === null ? null : `/${companyId}/${page}/${id}`;
}

/** The key of the words for a source type; null for a type the app does not know. */
export function sourceLabel(type: string | null): MessageKey | null {
  return type === null ? null : (SOURCE_LABELS[type] ?? null);
}

/**
 * How an expense reads, from what the server says of it: concept or published, and the list
 * filters as the API's `selection` values. No amounts are computed here.
 */
import type { Schema } from "@kasboek/client";
import type { MessageKey } from "../i18n/en.js";

export type Expense = Schema<"Expense">;
export type ExpenseLine = Expense["invoice_lines"][number];
export type AttachmentObject = Schema<"AttachmentObject">;

export const EXPENSE_SELECTIONS = ["all", "unpaid", "overpaid", "investments", "credit_invoices"] as const;
export type ExpenseSelection = (typeof EXPENSE_SELECTIONS)[number];

export const EXPENSE_SELECTION_LABELS: Record<ExpenseSelection, MessageKey> = {
  all: "expenses.selection.all",
  unpaid: "expenses.selection.unpaid",
  overpaid: "expenses.selection.overpaid",
  investments: "expenses.selection.investments",
  credit_invoices: "expenses.selection.credit_invoices",
};

export const EXPENSE_STATE_LABELS: Record<Expense["state"], MessageKey> = {
  concept: "status.concept",
  published: "expenses.published",
};

/** A list filter from the URL; an unknown one reads as all. */
export function readExpenseSelection(value: string | null): ExpenseSelection {
  return EXPENSE_SELECTIONS.find((selection) => selection === value) ?? "all";
}

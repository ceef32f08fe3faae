import type { Problem } from "../../platform/catalogue/keys.js";
import type { ExpenseState } from "./schemas.js";

export const EARLIEST_EXPENSE_DATE = "1990-01-01";

/** Numbers run per calendar month of the expense date: 2024030001, … */
export function invoiceNumberSeries(date: string): string {
  return `expense:${date.slice(0, 4)}${date.slice(5, 7)}`;
}

export function formatInvoiceNumber(date: string, sequence: number): string {
  return `${date.slice(0, 4)}${date.slice(5, 7)}${String(sequence).padStart(4, "0")}`;
}

/**
 * An expense is booked on a cost account (profit and loss) or a balance-sheet account (an
 * investment, a prepayment); never on revenue, nor on the untyped helper accounts of the VAT return.
 */
export function isExpenseAccountType(type: string | null): boolean {
  return type === "costs" || type === "balance";
}

/** An investment is an expense booked on an asset: an account under `activa` of the balance sheet. */
/** An expense booked on an asset account (this path or below) is an investment. */
export const INVESTMENT_ACCOUNTS_PATH = "activa";

export type StateChange =
  | { ok: true; state: ExpenseState; publishing: boolean }
  | { ok: false; attribute: "state"; problem: Problem };

/**
 * The state after a request. `current` is null for a new expense; `requested` is undefined when
 * the request leaves `state` out. Publication happens once; a published expense stays published.
 */
export function nextState(current: string | null, requested: ExpenseState | null | undefined): StateChange {
  if (requested === null) return { ok: false, attribute: "state", problem: { key: "blank" } };
  const state = requested ?? (current === "published" ? "published" : "concept");
  if (current === "published" && state === "concept") {
    return { ok: false, attribute: "state", problem: { key: "cannotUnpublish" } };
  }
  return { ok: true, state, publishing: state === "published" && current !== "published" };
}

/**
 * Pure rules of an expense: the invoice number format, which accounts an expense may be booked
 * on, the state table (concept → published, never back) and what a published expense refuses to
 * change. No database, no clock, no environment.
 */
import { parseDecimal } from "../../platform/money.js";
import type { ExpenseState } from "./schemas.js";

export const EARLIEST_EXPENSE_DATE = "1990-01-01";

/** Numbers run per calendar month of the expense date (DESIGN.md section 9): 2024030001, … */
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
export function isInvestmentAccountPath(path: string): boolean {
  return path === "activa" || path.startsWith("activa.");
}

export type StateChange =
  | { ok: true; state: ExpenseState; publishing: boolean }
  | { ok: false; attribute: "state"; problem: string };

/**
 * The state after a request. `current` is null for a new expense; `requested` is undefined when
 * the request leaves `state` out. Publication happens once; a published expense stays published.
 */
export function nextState(current: string | null, requested: ExpenseState | null | undefined): StateChange {
  if (requested === null) return { ok: false, attribute: "state", problem: "can't be blank" };
  const state = requested ?? (current === "published" ? "published" : "concept");
  if (current === "published" && state === "concept") {
    return { ok: false, attribute: "state", problem: "cannot go back to concept once published" };
  }
  return { ok: true, state, publishing: state === "published" && current !== "published" };
}

function sameValue(given: unknown, current: unknown): boolean {
  if (given === null || given === undefined) return current === null || current === undefined;
  if (typeof given === "string" && typeof current === "string") {
    const [left, right] = [parseDecimal(given), parseDecimal(current)];
    if (left !== null && right !== null) return left.eq(right);
    return given.trim().toLowerCase() === current.trim().toLowerCase();
  }
  return given === current;
}

/**
 * The attributes of a request that would change a published expense: date, type account,
 * currency, contact and lines are locked, like a published invoice's. Values sent back unchanged
 * are not changes; `state` is judged by `nextState`.
 */
export function lockedChanges(attributes: Record<string, unknown>, current: Record<string, unknown>): string[] {
  return Object.entries(attributes).flatMap(([key, value]) => {
    if (value === undefined || key === "state") return [];
    if (key === "invoice_lines") return Array.isArray(value) && value.length > 0 ? [key] : [];
    if (key === "contact") return value === null ? [] : [key];
    return sameValue(value, current[key]) ? [] : [key];
  });
}

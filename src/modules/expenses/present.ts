/**
 * A stored expense as the wire shows it (the reference's fields, in its order, nothing more). A
 * concept shows its contact's current details; a published expense the copy frozen at
 * publication. Lists are presented with one query per kind of child (lines, contacts) and one
 * per distinct type account, never one per expense.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { type Account, presentAccount, resolveAccount } from "../accounts/service.js";
import { documentContactCopy, liveContactCopies } from "../documents/service.js";
import { presentLinesByDocument } from "../invoice-lines/service.js";
import type { ExpenseSchema } from "./schemas.js";
import type { ExpenseRow } from "./store.js";

export type Expense = Static<typeof ExpenseSchema>;
export const DOCUMENT_TYPE = "expense";

export function expensePath(companyId: number, expenseId: number): string {
  return `/api/v1/companies/${companyId}/expenses/${expenseId}`;
}

/** The type accounts of the expenses, by id; an expense's account always exists (foreign key). */
async function typeAccounts(
  executor: Executor,
  companyId: number,
  rows: readonly ExpenseRow[],
): Promise<Map<number, Account>> {
  const ids = [...new Set(rows.map((row) => row.type_account_id))];
  const accounts = await Promise.all(ids.map((id) => resolveAccount(executor, companyId, { account_id: id })));
  return new Map(accounts.flatMap((account) => (account === undefined ? [] : [[account.id, presentAccount(account)]])));
}

export async function presentExpenses(
  executor: Executor,
  companyId: number,
  rows: readonly ExpenseRow[],
): Promise<Expense[]> {
  const ids = rows.map((row) => row.id);
  const [lines, contacts, accounts] = await Promise.all([
    presentLinesByDocument(executor, companyId, DOCUMENT_TYPE, ids),
    liveContactCopies(executor, companyId, rows),
    typeAccounts(executor, companyId, rows),
  ]);
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    state: row.state,
    type_account_id: row.type_account_id,
    currency: row.currency,
    contact_id: row.contact_id,
    invoice_number: row.invoice_number,
    type_account: accounts.get(row.type_account_id) ?? null,
    cached_contact: documentContactCopy(row, contacts),
    invoice_lines: lines.get(row.id) ?? [],
  }));
}

export async function presentExpense(executor: Executor, companyId: number, row: ExpenseRow): Promise<Expense> {
  const [expense] = await presentExpenses(executor, companyId, [row]);
  if (!expense) throw new Error("expense could not be presented");
  return expense;
}

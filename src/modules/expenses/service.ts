/**
 * Expense use cases, written through the one documents pipeline (documents/service.ts) with the
 * expense's configuration (kind.ts): each write is one transaction in which the expense, its
 * lines, the inline contact and — at publication — the number, the frozen contact copy and the
 * contact's hold are stored together or not at all.
 */
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { accountIdsUnderPath } from "../accounts/service.js";
import {
  deleteDocument,
  findDocument,
  postEarlierPublication,
  saveDocument,
  writeDocumentIn,
} from "../documents/service.js";
import { paidCentsOfDocuments } from "../payments/service.js";
import type { ExpenseAttributes } from "./fields.js";
import { EXPENSE } from "./kind.js";
import { DOCUMENT_TYPE, type Expense, presentExpense, presentExpenses } from "./present.js";
import { INVESTMENT_ACCOUNTS_PATH } from "./rules.js";
import type { ExpenseSelection } from "./schemas.js";
import { type ExpenseFilter, listExpenses } from "./store.js";

export type { ExpenseAttributes } from "./fields.js";
export type { Expense } from "./present.js";
/** The expense's wire shape, for a route of another module that answers with one. */
export { ExpenseResponse } from "./schemas.js";
export type { ExpenseTables } from "./store.js";

export function createExpense(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Expense> {
  return saveDocument(deps, EXPENSE, company, null, body, undefined);
}

/**
 * An expense made by another module's use case inside its transaction (a payment booked to an
 * account), with the same rules as one made through the API; answers it as the API shows it.
 */
export async function createExpenseIn(
  transaction: Executor,
  deps: ServiceDeps,
  company: CompanyAccess,
  attributes: ExpenseAttributes,
): Promise<Expense> {
  const context = { deps, company, now: deps.now(), options: undefined, afterCommit: [] };
  const id = await writeDocumentIn(transaction, EXPENSE, context, null, attributes, new ValidationErrors());
  return presentExpense(
    transaction,
    company.companyId,
    await findDocument(transaction, EXPENSE, company.companyId, id),
  );
}

export function updateCompanyExpense(
  deps: ServiceDeps,
  company: CompanyAccess,
  expenseId: number,
  body: unknown,
): Promise<Expense> {
  return saveDocument(deps, EXPENSE, company, expenseId, body, undefined);
}

export interface ExpenseSearch {
  from?: string;
  till?: string;
  /** `search[q]` (a Kasboek extension) */
  text?: string;
}

/**
 * The reference's selections, as Kasboek defines them (the reference does not say):
 * - all: every expense, concepts included;
 * - unpaid: published expenses on which something is still owed to the supplier (or, for a
 *   credit note, still to be refunded by them), counting the payments linked to the expense;
 * - overpaid: published expenses on which more was paid than owed (signs mirrored for credit notes);
 * - investments: expenses booked on a balance-sheet asset account (under `activa`);
 * - credit_invoices: expenses whose total is negative (credit notes from a supplier).
 */
async function selectionFilter(deps: ServiceDeps, companyId: number, selection: ExpenseSelection) {
  const filters: Record<Exclude<ExpenseSelection, "investments">, ExpenseFilter> = {
    all: {},
    unpaid: { states: ["published"], owed: "positive" },
    overpaid: { states: ["published"], owed: "negative" },
    credit_invoices: { creditOnly: true },
  };
  if (selection !== "investments") return filters[selection];
  return { typeAccountIds: await accountIdsUnderPath(deps.db, companyId, INVESTMENT_ACCOUNTS_PATH) };
}

export async function listCompanyExpenses(
  deps: ServiceDeps,
  company: CompanyAccess,
  selection: ExpenseSelection,
  search: ExpenseSearch,
  paging: Paging,
): Promise<Page<Expense>> {
  const filter = { ...(await selectionFilter(deps, company.companyId, selection)), ...search };
  const paid = paidCentsOfDocuments("expenses", DOCUMENT_TYPE).sum;
  const { rows, total } = await listExpenses(deps.db, company.companyId, filter, paging, paid);
  return { items: await presentExpenses(deps.db, company.companyId, rows), total, paging };
}

export async function showExpense(deps: ServiceDeps, company: CompanyAccess, expenseId: number): Promise<Expense> {
  return presentExpense(deps.db, company.companyId, await findDocument(deps.db, EXPENSE, company.companyId, expenseId));
}

/** Only concepts can be deleted; their payments stay, unbooked again, and their files go. */
export function deleteCompanyExpense(deps: ServiceDeps, company: CompanyAccess, expenseId: number): Promise<void> {
  return deleteDocument(deps, EXPENSE, company, expenseId);
}

/** For nested routes (attachments): the expense must be the company's; receipts may be added at any time. */
export async function requireExpense(deps: ServiceDeps, company: CompanyAccess, expenseId: number): Promise<void> {
  await findDocument(deps.db, EXPENSE, company.companyId, expenseId);
}

/** Posts an expense published before the ledger existed (the upgrade migration). */
export function postEarlierExpense(executor: Executor, companyId: number, expenseId: number): Promise<void> {
  return postEarlierPublication(executor, EXPENSE, companyId, expenseId);
}

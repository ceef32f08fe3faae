/**
 * SQL for `expenses`. Every query is scoped by company. What has been paid on an expense is never
 * stored on it: it is summed from the linked payments (an expression the payments module owns)
 * whenever a filter needs it, so it cannot drift from the payments.
 */
import { type Generated, type RawBuilder, type Selectable, sql, type Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
import { countOfAll, narrowsNothing } from "../../db/row-counts.js";
import { ofCompany } from "../../db/search.js";
import type { Paging } from "../../platform/params.js";
import type { ExpenseState } from "./schemas.js";
import { searched } from "./search-store.js";

interface ExpensesTable {
  id: Generated<number>;
  company_id: number;
  /** only the lifecycle (rules.ts) writes it */
  state: ExpenseState;
  date: string;
  type_account_id: number;
  currency: string;
  contact_id: number | null;
  cached_contact: string | null;
  invoice_number: string | null;
  price_without_vat_cents: number;
  vat_amount_cents: number;
  price_with_vat_cents: number;
  published_at: string | null;
  created_at: string;
}

export type ExpenseRow = Selectable<ExpensesTable>;
export type ExpenseInsert = Omit<ExpenseRow, "id">;
export type ExpenseUpdate = Updateable<Omit<ExpensesTable, "id" | "company_id" | "created_at">>;

/** The table this module owns, for the modules that read it (reports). */
export type ExpenseTables = { expenses: ExpensesTable };

/** The payments module's signed sum of the payments linked to the row `expenses` (integer cents). */
export type PaidCentsExpression = RawBuilder<number>;

function expenses(executor: Executor) {
  return executor.withTables<ExpenseTables>();
}

export interface ExpenseFilter {
  states?: readonly ExpenseState[];
  /** only expenses whose total is below zero (credit notes from a supplier) */
  creditOnly?: boolean;
  /** by what is still owed to the supplier, signs mirrored for credit notes */
  owed?: "positive" | "negative";
  /** only expenses booked on one of these accounts (an empty list matches nothing) */
  typeAccountIds?: readonly number[];
  from?: string;
  till?: string;
  /** `search[q]`: text in the number, a line's description or the contact's name */
  text?: string;
}

/**
 * What is still owed on an expense. Payments are signed (negative = money going out), so paying
 * a supplier is a negative amount and the owed part is total + paid; for a credit note (negative
 * total) the supplier owes us, so the sign is mirrored and a refund still to come counts as owed.
 */
function owedExpression(paid: PaidCentsExpression) {
  return sql<number>`(case when expenses.price_with_vat_cents < 0
    then 0 - (expenses.price_with_vat_cents + ${paid})
    else expenses.price_with_vat_cents + ${paid} end)`;
}

function filtered(executor: Executor, companyId: number, filter: ExpenseFilter, paid: PaidCentsExpression) {
  // a search's indexes, when they answer, find the rows and the company is checked on them (db/search.ts)
  let query = expenses(executor)
    .selectFrom("expenses")
    .where(ofCompany(executor, "expenses", companyId, filter.text));
  if (filter.text !== undefined) query = query.where(searched(executor, companyId, filter.text));
  if (filter.states !== undefined) query = query.where("state", "in", [...filter.states]);
  if (filter.creditOnly) query = query.where("price_with_vat_cents", "<", 0);
  if (filter.owed === "positive") query = query.where(owedExpression(paid), ">", 0);
  if (filter.owed === "negative") query = query.where(owedExpression(paid), "<", 0);
  if (filter.typeAccountIds !== undefined) {
    query =
      filter.typeAccountIds.length === 0
        ? query.where(sql<boolean>`1 = 0`)
        : query.where("type_account_id", "in", [...filter.typeAccountIds]);
  }
  if (filter.from !== undefined) query = query.where("date", ">=", filter.from);
  if (filter.till !== undefined) query = query.where("date", "<=", filter.till);
  return query;
}

export async function listExpenses(
  executor: Executor,
  companyId: number,
  filter: ExpenseFilter,
  paging: Paging,
  paid: PaidCentsExpression,
): Promise<{ rows: ExpenseRow[]; total: number }> {
  return selectPage(
    filtered(executor, companyId, filter, paid),
    paging,
    (query) => query.selectAll("expenses").orderBy("date", "desc").orderBy("id", "desc"),
    narrowsNothing(filter) ? countOfAll(executor, "expenses", companyId) : undefined,
  );
}

export async function findExpense(
  executor: Executor,
  companyId: number,
  expenseId: number,
): Promise<ExpenseRow | undefined> {
  return expenses(executor)
    .selectFrom("expenses")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", expenseId)
    .executeTakeFirst();
}

export async function insertExpense(executor: Executor, values: ExpenseInsert): Promise<number> {
  const row = await expenses(executor).insertInto("expenses").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateExpense(
  executor: Executor,
  companyId: number,
  expenseId: number,
  changes: ExpenseUpdate,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await expenses(executor)
    .updateTable("expenses")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", expenseId)
    .execute();
}

export async function deleteExpense(executor: Executor, companyId: number, expenseId: number): Promise<void> {
  await expenses(executor)
    .deleteFrom("expenses")
    .where("company_id", "=", companyId)
    .where("id", "=", expenseId)
    .execute();
}

/**
 * Takes the expense's row lock for the rest of the transaction (a no-op update works on both
 * databases), so concurrent changes to one expense — two publications above all — run one after
 * the other. False when the company has no such expense.
 */
export async function lockExpense(executor: Executor, companyId: number, expenseId: number): Promise<boolean> {
  const result = await expenses(executor)
    .updateTable("expenses")
    .set((eb) => ({ state: eb.ref("state") }))
    .where("company_id", "=", companyId)
    .where("id", "=", expenseId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** SQL for `bank_statements` (migration 0032). Every query is scoped by company. */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
import type { Paging } from "../../platform/params.js";

interface BankStatementsTable {
  id: Generated<number>;
  company_id: number;
  account_id: number;
  format: string;
  iban: string;
  currency: string;
  from_date: string;
  till_date: string;
  opening_balance_cents: number;
  closing_balance_cents: number;
  transactions_count: number;
  new_count: number;
  duplicates_count: number;
  matched_count: number;
  file_name: string | null;
  created_at: string;
}

export type BankStatementRow = Selectable<BankStatementsTable>;
type Tables = { bank_statements: BankStatementsTable };

const statements = (executor: Executor) => executor.withTables<Tables>();

export async function insertBankStatement(
  executor: Executor,
  values: Omit<BankStatementRow, "id">,
): Promise<BankStatementRow> {
  return statements(executor).insertInto("bank_statements").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function setStatementCounts(
  executor: Executor,
  statementId: number,
  counts: Pick<BankStatementRow, "new_count" | "duplicates_count" | "matched_count">,
): Promise<BankStatementRow> {
  return statements(executor)
    .updateTable("bank_statements")
    .set(counts)
    .where("id", "=", statementId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findBankStatement(executor: Executor, companyId: number, statementId: number) {
  return statements(executor)
    .selectFrom("bank_statements")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", statementId)
    .executeTakeFirst();
}

/** The account the latest earlier statement of `iban` was booked on. */
export async function accountOfIban(executor: Executor, companyId: number, iban: string): Promise<number | undefined> {
  const row = await statements(executor)
    .selectFrom("bank_statements")
    .select("account_id")
    .where("company_id", "=", companyId)
    .where("iban", "=", iban)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.account_id;
}

/** Whether any statement is booked on the account. */
export async function accountHasStatements(executor: Executor, companyId: number, accountId: number): Promise<boolean> {
  const row = await statements(executor)
    .selectFrom("bank_statements")
    .select("id")
    .where("company_id", "=", companyId)
    .where("account_id", "=", accountId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Newest first. */
export function listBankStatements(executor: Executor, companyId: number, paging: Paging) {
  return selectPage(
    statements(executor).selectFrom("bank_statements").where("company_id", "=", companyId),
    paging,
    (query) => query.selectAll().orderBy("id", "desc"),
  );
}

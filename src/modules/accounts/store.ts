/**
 * SQL for `accounts`, the per-company chart of accounts.
 */
import { type Generated, type Selectable, type SqlBool, sql } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
import { reusableQuery } from "../../db/reusable-query.js";
import type { Paging } from "../../platform/params.js";

interface AccountsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  path_name: string;
  path: string;
  reference: string;
  type: string | null;
  is_payment_account: number;
  is_ledger_account: number;
}

export type AccountRow = Selectable<AccountsTable>;

type AccountTables = {
  accounts: AccountsTable;
};

function accounts(executor: Executor) {
  return executor.withTables<AccountTables>();
}

export interface AccountFilter {
  selection: "all" | "ledger" | "payment" | "revenue" | "costs";
  paths?: string[];
}

export async function insertAccount(executor: Executor, values: Omit<AccountRow, "id">): Promise<number> {
  const row = await accounts(executor).insertInto("accounts").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

function filtered(executor: Executor, companyId: number, filter: AccountFilter) {
  let query = accounts(executor).selectFrom("accounts").where("company_id", "=", companyId);
  if (filter.selection === "ledger") query = query.where("is_ledger_account", "=", 1);
  if (filter.selection === "payment") query = query.where("is_payment_account", "=", 1);
  if (filter.selection === "revenue") query = query.where("type", "=", "revenue");
  if (filter.selection === "costs") query = query.where("type", "=", "costs");
  if (filter.paths !== undefined) {
    // an empty list matches nothing rather than producing invalid SQL
    query = filter.paths.length === 0 ? query.where("id", "<", 0) : query.where("path", "in", filter.paths);
  }
  return query;
}

export async function listAccounts(
  executor: Executor,
  companyId: number,
  filter: AccountFilter,
  paging: Paging,
): Promise<{ rows: AccountRow[]; total: number }> {
  return selectPage(filtered(executor, companyId, filter), paging, (query) => query.selectAll().orderBy("id"));
}

export async function findAccount(
  executor: Executor,
  companyId: number,
  accountId: number,
): Promise<AccountRow | undefined> {
  return accounts(executor)
    .selectFrom("accounts")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", accountId)
    .executeTakeFirst();
}

export async function findAccountByPath(
  executor: Executor,
  companyId: number,
  path: string,
): Promise<AccountRow | undefined> {
  return accounts(executor)
    .selectFrom("accounts")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("path", "=", path)
    .executeTakeFirst();
}

export async function findAccountsByIds(
  executor: Executor,
  companyId: number,
  accountIds: number[],
): Promise<AccountRow[]> {
  if (accountIds.length === 0) return [];
  return accounts(executor)
    .selectFrom("accounts")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "in", accountIds)
    .execute();
}

/** The id of each account at one of `paths` (a path the chart lacks is absent from the answer). */
export async function findAccountIdsByPath(
  executor: Executor,
  companyId: number,
  paths: readonly string[],
): Promise<Array<{ id: number; path: string }>> {
  if (paths.length === 0) return [];
  return idsByPath(executor, companyId, paths);
}

const idsByPath = reusableQuery((executor, companyId: number, paths: readonly string[]) =>
  accounts(executor)
    .selectFrom("accounts")
    .select(["id", "path"])
    .where("company_id", "=", companyId)
    .where("path", "in", paths),
);

/** Ids of the account at `path` and every account below it. */
export async function findAccountIdsUnderPath(executor: Executor, companyId: number, path: string): Promise<number[]> {
  const rows = await accounts(executor)
    .selectFrom("accounts")
    .select("id")
    .where("company_id", "=", companyId)
    // `_` and `%` in a path match themselves, not any character
    .where((eb) =>
      eb.or([
        eb("path", "=", path),
        sql<SqlBool>`path like ${`${path.replace(/[\\%_]/g, (character) => `\\${character}`)}.%`} escape '\\'`,
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Every account of a company (the chart is small: a few hundred rows at most). */
export async function findAllAccounts(executor: Executor, companyId: number): Promise<AccountRow[]> {
  return accounts(executor)
    .selectFrom("accounts")
    .selectAll()
    .where("company_id", "=", companyId)
    .orderBy("id")
    .execute();
}

/** How many companies (of those with any account at `paths`) lack one of `paths`. */
export async function countCompaniesLackingPaths(executor: Executor, paths: readonly string[]): Promise<number> {
  const lacking = accounts(executor)
    .selectFrom("accounts")
    .select("company_id")
    .where("path", "in", paths)
    .groupBy("company_id")
    .having((eb) => eb.fn.countAll(), "<", paths.length);
  const row = await executor
    .selectFrom(lacking.as("lacking"))
    .select((eb) => eb.fn.countAll<number>().as("companies"))
    .executeTakeFirstOrThrow();
  return Number(row.companies);
}

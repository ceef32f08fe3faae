/**
 * The chart of accounts: read-only over the API (`read:accounts`), seeded per company from
 * `default-chart.ts`, and resolved by id or path for modules that book on an account. The one
 * account made later: a payment account per bank account number under the bank
 * (`paymentSubAccount`, for a bank statement of another IBAN than the company's own).
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { booleanToColumn } from "../../db/dialect.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, type ValidationErrors } from "../../platform/errors.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { DEFAULT_CHART } from "./default-chart.js";
import { parentPath, pathName } from "./rules.js";
import type { AccountSchema } from "./schemas.js";

/** An account as other resources embed it (an expense's type account). */
export { AccountSchema } from "./schemas.js";

import {
  type AccountFilter,
  type AccountRow,
  countCompaniesLackingPaths,
  findAccount,
  findAccountByPath,
  findAccountIdsByPath,
  findAccountIdsUnderPath,
  findAccountsByIds,
  findAllAccounts,
  insertAccount,
  listAccounts,
} from "./store.js";

export type Account = Static<typeof AccountSchema>;
export const ACCOUNT_SELECTIONS = ["all", "ledger", "payment", "revenue", "costs"] as const;

export function presentAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    path_name: row.path_name,
    path: row.path,
    reference: row.reference,
    type: row.type,
    parent_id: row.parent_id,
  };
}

/**
 * Gives a company every account of the default chart it does not have yet, inside the caller's
 * transaction: the whole chart for a new company, the later additions for an existing one.
 */
export async function seedDefaultChart(executor: Executor, companyId: number): Promise<void> {
  const nameByPath = new Map(DEFAULT_CHART.map((account) => [account.path, account.name]));
  const idByPath = new Map((await findAllAccounts(executor, companyId)).map((row) => [row.path, row.id]));
  for (const account of DEFAULT_CHART) {
    if (idByPath.has(account.path)) continue;
    const parent = parentPath(account.path);
    const id = await insertAccount(executor, {
      company_id: companyId,
      parent_id: parent === null ? null : (idByPath.get(parent) ?? null),
      name: account.name,
      path_name: pathName(account.path, (path) => nameByPath.get(path) ?? path),
      path: account.path,
      reference: account.reference,
      type: account.type,
      is_payment_account: booleanToColumn(account.payment === true) ?? 0,
      is_ledger_account: booleanToColumn(account.type !== null) ?? 0,
    });
    idByPath.set(account.path, id);
  }
}

/**
 * How many companies lack an account of the default chart: companies made before the chart grew
 * (the ledger's accounts) whose books `kasboek books backfill` has not opened yet. Their
 * publications fail until it has. One read of the chart's rows, for `kasboek serve` to warn.
 */
export async function countCompaniesWithIncompleteChart(executor: Executor): Promise<number> {
  return countCompaniesLackingPaths(
    executor,
    DEFAULT_CHART.map((account) => account.path),
  );
}

/**
 * The ids of the accounts at `paths`, for a posting: it names a handful of accounts, and reading
 * the whole chart for them was a tenth of a publication's time on SQLite.
 */
export async function accountIdsByPath(
  executor: Executor,
  companyId: number,
  paths: readonly string[],
): Promise<Map<string, number>> {
  const rows = await findAccountIdsByPath(executor, companyId, [...new Set(paths)]);
  return new Map(rows.map((row) => [row.path, row.id]));
}

/** The whole chart of a company, for the ledger and its reports. */
export async function companyChart(executor: Executor, companyId: number): Promise<AccountRow[]> {
  return findAllAccounts(executor, companyId);
}

export async function listCompanyAccounts(
  deps: ServiceDeps,
  companyId: number,
  filter: AccountFilter,
  paging: Paging,
): Promise<Page<Account>> {
  const { rows, total } = await listAccounts(deps.db, companyId, filter, paging);
  return { items: rows.map(presentAccount), total, paging };
}

export async function showAccount(deps: ServiceDeps, companyId: number, accountId: number): Promise<Account> {
  const row = await findAccount(deps.db, companyId, accountId);
  if (!row) throw notFound("account");
  return presentAccount(row);
}

/**
 * Resolves an account reference given on a write: `account_id` wins over `account_path`.
 * Returns undefined when the reference names no account of this company.
 */
export async function resolveAccount(
  executor: Executor,
  companyId: number,
  reference: { account_id?: number | null; account_path?: string | null },
): Promise<AccountRow | undefined> {
  if (reference.account_id !== undefined && reference.account_id !== null) {
    return findAccount(executor, companyId, reference.account_id);
  }
  if (reference.account_path !== undefined && reference.account_path !== null) {
    return findAccountByPath(executor, companyId, reference.account_path);
  }
  return undefined;
}

/** Paths of the given accounts of a company, by id (for documents that show `account_path`). */
export async function accountPathsById(
  executor: Executor,
  companyId: number,
  accountIds: Iterable<number>,
): Promise<Map<number, string>> {
  const rows = await findAccountsByIds(executor, companyId, [...new Set(accountIds)]);
  return new Map(rows.map((row) => [row.id, row.path]));
}

export function isPaymentAccount(account: AccountRow): boolean {
  return account.is_payment_account !== 0;
}

/**
 * Resolves `account_id` / `account_path` given on a write (id wins) and records a problem when it
 * names no account of the company. `prefix` names nested attributes (`lines[0].`).
 */
export async function resolveAccountReference(
  executor: Executor,
  companyId: number,
  reference: { account_id?: number | null; account_path?: string | null },
  errors: ValidationErrors,
  prefix = "",
): Promise<AccountRow | undefined> {
  const given = reference.account_id ?? reference.account_path ?? null;
  if (given === null) return undefined;
  const account = await resolveAccount(executor, companyId, reference);
  if (!account) {
    const attribute =
      reference.account_id !== undefined && reference.account_id !== null ? "account_id" : "account_path";
    errors.add(`${prefix}${attribute}`, { key: "notACompanyAccount" });
  }
  return account;
}

/** Ids of the company's account at `path` and all accounts below it (e.g. every asset under "activa"). */
export async function accountIdsUnderPath(executor: Executor, companyId: number, path: string): Promise<number[]> {
  return findAccountIdsUnderPath(executor, companyId, path);
}

/**
 * The payment account `<parentPath>.<segment>` named `name`, made once under its parent (a
 * payment and ledger account like it, numbered after its last child), in the caller's transaction.
 * Two transactions making it at once: the chart's unique path refuses the second, which its
 * caller runs again and then finds it.
 */
export async function paymentSubAccount(
  executor: Executor,
  companyId: number,
  parentPath: string,
  segment: string,
  name: string,
): Promise<number> {
  const path = `${parentPath}.${segment}`;
  const existing = await findAccountByPath(executor, companyId, path);
  if (existing !== undefined) return existing.id;
  const parent = await findAccountByPath(executor, companyId, parentPath);
  if (parent === undefined) throw new Error(`company ${companyId} has no account ${parentPath} in its chart`);
  const siblings = await findAccountIdsUnderPath(executor, companyId, parentPath);
  return insertAccount(executor, {
    company_id: companyId,
    parent_id: parent.id,
    name,
    path_name: `${parent.path_name} • ${name}`,
    path,
    // the parent is among the ids under its path
    reference: `${parent.reference}.${siblings.length}`,
    type: parent.type,
    is_payment_account: booleanToColumn(true) ?? 1,
    is_ledger_account: parent.is_ledger_account,
  });
}

/**
 * SQL for `companies` and `memberships`. A company is the tenant; `memberships` says which users
 * may act for it (the owner is always a member).
 */
import type { Generated, Selectable, Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
import type { Paging } from "../../platform/params.js";

interface CompaniesTable {
  id: Generated<number>;
  owner_user_id: number;
  name: string;
  owner_name: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  country_code: string | null;
  kvk_number: string | null;
  email: string | null;
  website: string | null;
  type: string | null;
  vat_liable: number;
  vat_number: string | null;
  iban: string | null;
  /** bookkeeping settings; the database supplies the defaults */
  vat_return_rounding: Generated<string>;
  vat_period: Generated<string>;
  bic: string | null;
  time_zone: Generated<string>;
  api_accessible: number;
  allowed_scopes: string;
  created_at: string;
}

interface MembershipsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  role: string;
  created_at: string;
}

export type CompanyRow = Selectable<CompaniesTable>;
export type CompanyInsert = Omit<CompanyRow, "id" | "time_zone" | "vat_return_rounding" | "vat_period">;
export type CompanyUpdate = Updateable<CompaniesTable>;

type CompanyTables = {
  companies: CompaniesTable;
  memberships: MembershipsTable;
};

function companies(executor: Executor) {
  return executor.withTables<CompanyTables>();
}

export async function insertCompany(executor: Executor, values: CompanyInsert): Promise<CompanyRow> {
  return companies(executor).insertInto("companies").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertMembership(
  executor: Executor,
  values: { company_id: number; user_id: number; role: string; created_at: string },
): Promise<void> {
  await companies(executor).insertInto("memberships").values(values).execute();
}

export async function findCompany(executor: Executor, companyId: number): Promise<CompanyRow | undefined> {
  return companies(executor).selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirst();
}

/** The company together with whether `userId` is one of its members. */
export async function findCompanyForUser(
  executor: Executor,
  companyId: number,
  userId: number,
): Promise<(CompanyRow & { membership_id: number | null }) | undefined> {
  return companies(executor)
    .selectFrom("companies")
    .leftJoin("memberships", (join) =>
      join.onRef("memberships.company_id", "=", "companies.id").on("memberships.user_id", "=", userId),
    )
    .selectAll("companies")
    .select("memberships.id as membership_id")
    .where("companies.id", "=", companyId)
    .executeTakeFirst();
}

/** The user's companies; `onlyIds` narrows them (an OAuth grant covers some companies only). */
export async function listCompaniesOfUser(
  executor: Executor,
  userId: number,
  paging: Paging,
  onlyIds?: readonly number[],
): Promise<{ rows: CompanyRow[]; total: number }> {
  let base = companies(executor)
    .selectFrom("companies")
    .innerJoin("memberships", "memberships.company_id", "companies.id")
    .where("memberships.user_id", "=", userId);
  if (onlyIds !== undefined) {
    base = onlyIds.length === 0 ? base.where("companies.id", "<", 0) : base.where("companies.id", "in", [...onlyIds]);
  }
  return selectPage(base, paging, (query) => query.selectAll("companies").orderBy("companies.id"));
}

export async function updateCompany(
  executor: Executor,
  companyId: number,
  changes: CompanyUpdate,
): Promise<CompanyRow> {
  return companies(executor)
    .updateTable("companies")
    .set(changes)
    .where("id", "=", companyId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCompany(executor: Executor, companyId: number): Promise<void> {
  await companies(executor).deleteFrom("companies").where("id", "=", companyId).execute();
}

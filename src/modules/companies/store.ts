/**
 * SQL for `companies` and `memberships`. A company is the tenant; `memberships` says which users
 * may act for it (the owner is always a member). A company read here comes with whether its plan
 * opens the API (`plan_api_accessible`): the access check of every request needs it, and joining
 * the plan keeps that check one query. The plans module owns `plans`; this is its only use here.
 *
 * The company lookup of that check is built once and runs as a prepared statement on PostgreSQL,
 * as the token lookup does (tokens/store.ts): together 275 → 327 PostgreSQL reads/s in turns,
 * 0.38 → 0.42 of raw in the mixed workload (bench/RESULTS.md, "Mixed multi-tenant workload
 * (issue 27): after the session of 2026-11-27").
 */
import { type Generated, type Selectable, type SqlBool, sql, type Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { isPostgres } from "../../db/dialect.js";
import { selectPage } from "../../db/paging.js";
import { reusableQuery } from "../../db/reusable-query.js";
import type { Paging } from "../../platform/params.js";
import type { PlanTables } from "../plans/service.js";

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
  /** the name of its plan (plans module) */
  plan: string;
  created_at: string;
}

interface MembershipsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  role: string;
  created_at: string;
}

export type CompanyRow = Selectable<CompaniesTable> & { plan_api_accessible: number };
export type CompanyInsert = Omit<Selectable<CompaniesTable>, "id" | "time_zone" | "vat_return_rounding" | "vat_period">;
export type CompanyUpdate = Updateable<CompaniesTable>;

/** The tables this module owns, for the modules that read or write them (bookkeeping settings). */
export type CompanyTables = {
  companies: CompaniesTable;
  memberships: MembershipsTable;
};

function companies(executor: Executor) {
  return executor.withTables<CompanyTables & PlanTables>();
}

/** Companies with their plan's `api_accessible`. */
function companiesWithPlan(executor: Executor) {
  return companies(executor)
    .selectFrom("companies")
    .innerJoin("plans", "plans.name", "companies.plan")
    .selectAll("companies")
    .select("plans.api_accessible as plan_api_accessible");
}

/** Stores a new company; answers its id. */
export async function insertCompany(executor: Executor, values: CompanyInsert): Promise<number> {
  const row = await companies(executor)
    .insertInto("companies")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMembership(
  executor: Executor,
  values: { company_id: number; user_id: number; role: string; created_at: string },
): Promise<void> {
  await companies(executor).insertInto("memberships").values(values).execute();
}

const companyById = reusableQuery((executor, companyId: number) =>
  companiesWithPlan(executor).where("companies.id", "=", companyId),
);
const companyByIdHeldShared = reusableQuery((executor, companyId: number) =>
  companiesWithPlan(executor).where("companies.id", "=", companyId).forShare("companies"),
);

export async function findCompany(executor: Executor, companyId: number): Promise<CompanyRow | undefined> {
  return (await companyById(executor, companyId))[0];
}

/**
 * `findCompany` holding the company's row FOR SHARE until the transaction ends (PostgreSQL; on
 * SQLite a write transaction holds the whole database already): the lock a posting holds
 * (ledger/store.ts `holdCompanyForPosting`), taken by the read a publication makes anyway.
 */
export async function findCompanyHeldShared(executor: Executor, companyId: number): Promise<CompanyRow | undefined> {
  return (await (isPostgres(executor) ? companyByIdHeldShared : companyById)(executor, companyId))[0];
}

/** How many companies `userId` owns (the plans' `max_companies_per_user`). */
export async function countCompaniesOwnedBy(executor: Executor, userId: number): Promise<number> {
  const row = await companies(executor)
    .selectFrom("companies")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("owner_user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The company together with whether `userId` is one of its members, and whether its plan sets
 * any of `planLimitColumns` (the plans module's limits, named by the service).
 */
export async function findCompanyForUser(
  executor: Executor,
  companyId: number,
  userId: number,
  planLimitColumns: readonly string[],
): Promise<(CompanyRow & { membership_id: number | null; plan_limited: number }) | undefined> {
  return (await companyForUserQuery(planLimitColumns)(executor, companyId, userId))[0];
}

/** Every request's access check runs this: built once per list of limit columns (the service has one). */
const companyForUserQueries = new Map<string, ReturnType<typeof buildCompanyForUserQuery>>();

function companyForUserQuery(planLimitColumns: readonly string[]) {
  const key = planLimitColumns.join(" ");
  const known = companyForUserQueries.get(key);
  if (known !== undefined) return known;
  const query = buildCompanyForUserQuery(planLimitColumns);
  companyForUserQueries.set(key, query);
  return query;
}

function buildCompanyForUserQuery(planLimitColumns: readonly string[]) {
  const limited = planLimitColumns.map((column) => sql<SqlBool>`${sql.ref(`plans.${column}`)} is not null`);
  return reusableQuery((executor, companyId: number, userId: number) =>
    companiesWithPlan(executor)
      .leftJoin("memberships", (join) =>
        join.onRef("memberships.company_id", "=", "companies.id").on("memberships.user_id", "=", userId),
      )
      .select("memberships.id as membership_id")
      .select(sql<number>`case when ${sql.join(limited, sql` or `)} then 1 else 0 end`.as("plan_limited"))
      .where("companies.id", "=", companyId),
  );
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
  return selectPage(base, paging, (query) =>
    query
      .innerJoin("plans", "plans.name", "companies.plan")
      .selectAll("companies")
      .select("plans.api_accessible as plan_api_accessible")
      .orderBy("companies.id"),
  );
}

/** Saves the changes and answers the company as it now is. */
export async function updateCompany(
  executor: Executor,
  companyId: number,
  changes: CompanyUpdate,
): Promise<CompanyRow | undefined> {
  await companies(executor).updateTable("companies").set(changes).where("id", "=", companyId).execute();
  return findCompany(executor, companyId);
}

export async function deleteCompany(executor: Executor, companyId: number): Promise<void> {
  await companies(executor).deleteFrom("companies").where("id", "=", companyId).execute();
}

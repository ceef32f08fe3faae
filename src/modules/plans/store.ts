/**
 * SQL for `plans`, and the one place that reads a company's plan through `companies.plan`. The
 * locks that make a limit hold under concurrency are taken here (PostgreSQL; SQLite's write
 * transactions start with BEGIN IMMEDIATE and are one at a time already):
 * - a company's row `FOR NO KEY UPDATE` before its rows are counted. Not FOR UPDATE: every insert
 *   that references the company takes FOR KEY SHARE on it, which FOR NO KEY UPDATE lets through.
 *   It does wait for the ledger's FOR SHARE (ledger/store.ts), and the ledger's waits for it;
 *   both are taken before any other lock of the company's (counters, new rows), so they queue
 *   instead of deadlocking;
 * - a plan's row `FOR NO KEY UPDATE` before a user's companies are counted, since a new company
 *   has no row of its own yet to lock.
 */
import type { Selectable, Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { isPostgres } from "../../db/dialect.js";

interface PlansTable {
  name: string;
  api_accessible: number;
  max_contacts: number | null;
  max_products: number | null;
  max_companies_per_user: number | null;
  max_sales_invoices_per_month: number | null;
  max_quotations_per_month: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * The columns of `companies` read here. That table is the companies module's, but its declaration
 * cannot be imported: companies/service.ts imports this module's service (a new company is within
 * its plan's limit), so an import back would close a cycle (test/layers.test.ts).
 */
interface CompanyPlanColumns {
  id: number;
  plan: string;
}

export type PlanRow = Selectable<PlansTable>;
export type PlanUpdate = Updateable<Omit<PlansTable, "name" | "created_at">>;

/** The table this module owns, for the modules that read it (companies). */
export type PlanTables = { plans: PlansTable };

function plans(executor: Executor) {
  return executor.withTables<PlanTables & { companies: CompanyPlanColumns }>();
}

export async function selectPlans(executor: Executor): Promise<PlanRow[]> {
  return plans(executor).selectFrom("plans").selectAll().orderBy("name").execute();
}

/** The plan named `name`; with `lock`, its row stays locked until the transaction ends (PostgreSQL). */
export async function selectPlan(
  executor: Executor,
  name: string,
  lock: "lock" | "read" = "read",
): Promise<PlanRow | undefined> {
  const query = plans(executor).selectFrom("plans").selectAll().where("name", "=", name);
  return (lock === "lock" && isPostgres(executor) ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** The plan of a company; with `lock`, the company's row stays locked until the transaction ends (PostgreSQL). */
export async function selectPlanOfCompany(
  executor: Executor,
  companyId: number,
  lock: "lock" | "read" = "read",
): Promise<PlanRow | undefined> {
  const query = plans(executor)
    .selectFrom("companies")
    .innerJoin("plans", "plans.name", "companies.plan")
    .selectAll("plans")
    .where("companies.id", "=", companyId);
  return (lock === "lock" && isPostgres(executor) ? query.forNoKeyUpdate("companies") : query).executeTakeFirst();
}

export async function insertPlan(executor: Executor, values: PlanRow): Promise<PlanRow> {
  return plans(executor).insertInto("plans").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a plan; undefined when there is no plan of that name. */
export async function updatePlanRow(
  executor: Executor,
  name: string,
  changes: PlanUpdate,
): Promise<PlanRow | undefined> {
  return plans(executor).updateTable("plans").set(changes).where("name", "=", name).returningAll().executeTakeFirst();
}

/**
 * Plans: what a company's subscription allows (the README's Plans section). The operator manages
 * them (`kasboek plans …`); every module that creates a limited row asks `assertCanCreate` first,
 * inside its own create transaction, and this module answers for every limit in one place.
 *
 * Invariants:
 * - a limit holds under any concurrency: the rows are counted after the lock that serialises
 *   their creation (store.ts), in the transaction that inserts the new row, so two creations
 *   never both see the last free slot;
 * - an unlimited plan takes no lock and counts nothing: only a limited plan costs anything;
 * - a caller that knows from its access that the plan limits nothing (`planLimited: false`) is
 *   not even read: a plan's new limit, or a company's new plan, holds within the second the
 *   access caches keep an answer (platform/access-cache.ts) across processes, and at once in the
 *   process that made the change, which announces it;
 * - `assertCanCreate` runs before the transaction writes anything of the company's (a counter, a
 *   new row), so the company's row is locked before those (see store.ts for why the order
 *   matters). Only a write on an existing row (a document with a new inline contact, a quotation
 *   being invoiced) locks that row first: a creation never waits for an existing row;
 * - a new company is limited by the plan it would get, the default plan: with the seeded plans
 *   that is `pro`, unlimited, until the operator gives `pro` a `max_companies_per_user`;
 * - plans are never deleted here; a plan's name does not change (companies point at it).
 */
import type { Executor } from "../../db/connection.js";
import { isUniqueViolation } from "../../db/dialect.js";
import { announceAccessChange } from "../../platform/access-cache.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { ApiError } from "../../platform/errors.js";
import { DEFAULT_PLAN, LIMITS, monthStart, type PlanLimits, refusalOf } from "./rules.js";
import { insertPlan, type PlanRow, selectPlan, selectPlanOfCompany, selectPlans, updatePlanRow } from "./store.js";

export type { CappedResource } from "./rules.js";
export { DEFAULT_PLAN, formatLimit, isPlanName, LIMIT_COLUMNS, parseLimit } from "./rules.js";
export type { PlanTables } from "./store.js";

export interface Plan extends PlanLimits {
  name: string;
  api_accessible: boolean;
}

/** What an operator may change of a plan: everything but its name. */
export type PlanChanges = Partial<Omit<Plan, "name">>;

function presentPlan(row: PlanRow): Plan {
  return {
    name: row.name,
    api_accessible: row.api_accessible !== 0,
    max_contacts: row.max_contacts,
    max_products: row.max_products,
    max_companies_per_user: row.max_companies_per_user,
    max_sales_invoices_per_month: row.max_sales_invoices_per_month,
    max_quotations_per_month: row.max_quotations_per_month,
  };
}

function columnsOf(changes: PlanChanges) {
  const { api_accessible, ...limits } = changes;
  return { ...limits, ...(api_accessible !== undefined ? { api_accessible: api_accessible ? 1 : 0 } : {}) };
}

export async function listPlans(deps: ServiceDeps): Promise<Plan[]> {
  return (await selectPlans(deps.db)).map(presentPlan);
}

export async function findPlan(executor: Executor, name: string): Promise<Plan | undefined> {
  const row = await selectPlan(executor, name);
  return row === undefined ? undefined : presentPlan(row);
}

/** A new plan; what is not given is open: API accessible and unlimited. Null when the name is taken. */
export async function createPlan(deps: ServiceDeps, name: string, changes: PlanChanges): Promise<Plan | null> {
  const now = deps.now().toISOString();
  const values: PlanRow = {
    name,
    api_accessible: 1,
    max_contacts: null,
    max_products: null,
    max_companies_per_user: null,
    max_sales_invoices_per_month: null,
    max_quotations_per_month: null,
    ...columnsOf(changes),
    created_at: now,
    updated_at: now,
  };
  try {
    return presentPlan(await insertPlan(deps.db, values));
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Changes what is given of a plan; undefined when there is no plan of that name. */
export async function updatePlan(deps: ServiceDeps, name: string, changes: PlanChanges): Promise<Plan | undefined> {
  const row = await updatePlanRow(deps.db, name, { ...columnsOf(changes), updated_at: deps.now().toISOString() });
  announceAccessChange();
  return row === undefined ? undefined : presentPlan(row);
}

/**
 * A row about to be created, and how to count the ones that use up its limit. `planLimited` is
 * what the caller's access knew of the company's plan (platform/access.ts): false skips the plan.
 */
export type Creation = (
  | { resource: "contacts" | "products"; companyId: number; count: () => Promise<number> }
  | {
      resource: "sales_invoices" | "quotations";
      company: { companyId: number; timeZone: string };
      now: Date;
      /** the company's rows of this kind created at or after `since` (an ISO UTC instant) */
      countCreatedSince: (since: string) => Promise<number>;
    }
  /** a company created through the API by the user whose owned companies `count` counts */
  | { resource: "companies"; count: () => Promise<number> }
) & { planLimited?: boolean };

function planOf(transaction: Executor, creation: Creation, lock: "lock" | "read"): Promise<PlanRow | undefined> {
  switch (creation.resource) {
    case "companies":
      return selectPlan(transaction, DEFAULT_PLAN, lock);
    case "contacts":
    case "products":
      return selectPlanOfCompany(transaction, creation.companyId, lock);
    case "sales_invoices":
    case "quotations":
      return selectPlanOfCompany(transaction, creation.company.companyId, lock);
  }
}

function countOf(creation: Creation): Promise<number> {
  switch (creation.resource) {
    case "sales_invoices":
    case "quotations":
      return creation.countCreatedSince(monthStart(creation.now, creation.company.timeZone));
    default:
      return creation.count();
  }
}

/**
 * Refuses the creation when the plan's limit is reached: 402 for a cap, 422 quota_reached for a
 * monthly quota, naming the plan and its limit. Call it first in the create transaction.
 */
export async function assertCanCreate(transaction: Executor, creation: Creation): Promise<void> {
  if (creation.planLimited === false) return;
  const column = LIMITS[creation.resource].column;
  const seen = await planOf(transaction, creation, "read");
  if (seen === undefined || seen[column] === null) return;
  // limited: take the lock, then read the plan again, since it may have changed meanwhile
  const plan = await planOf(transaction, creation, "lock");
  if (plan === undefined) return;
  const refusal = refusalOf(plan, creation.resource, await countOf(creation));
  if (refusal !== null) {
    throw new ApiError(refusal.type, {
      key: "planLimit",
      plan: plan.name,
      most: refusal.most,
      limited: creation.resource,
    });
  }
}

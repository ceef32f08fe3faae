/**
 * Who may reach a company and with what: the caller's standing in it (member, owner), whether it
 * is open to the API (its own switch and its plan's, both on) and the scopes it allows; and the
 * operator's switch that changes them. Every change is announced, so the access caches of all
 * processes drop what they knew (platform/access-cache.ts).
 */

import type { CompanyAccess } from "../../platform/access.js";
import { announceAccessChange } from "../../platform/access-cache.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound } from "../../platform/errors.js";
import { type Scope, sortScopes } from "../../platform/scopes.js";
import { findPlan, LIMIT_COLUMNS } from "../plans/service.js";
import { type CompanyRow, findCompany, findCompanyForUser, updateCompany } from "./store.js";

const RESOURCE = "company";
const PLAN_RESOURCE = "plan";

/** The company's own switch and its plan's: both must be on. */
export function isApiAccessible(row: CompanyRow): boolean {
  return row.api_accessible !== 0 && row.plan_api_accessible !== 0;
}

export function storedScopes(row: CompanyRow): Scope[] {
  return sortScopes(row.allowed_scopes.split(" "));
}

export async function companyAccess(
  deps: ServiceDeps,
  companyId: number,
  userId: number,
): Promise<CompanyAccess | null> {
  const row = await findCompanyForUser(deps.db, companyId, userId, LIMIT_COLUMNS);
  if (!row) return null;
  return {
    companyId: row.id,
    timeZone: row.time_zone,
    isMember: row.membership_id !== null,
    isOwner: row.owner_user_id === userId,
    apiAccessible: isApiAccessible(row),
    allowedScopes: storedScopes(row),
    planLimited: row.plan_limited !== 0,
  };
}

/** A company's access control as the operator sees it; `api_accessible` is the company's and its plan's together. */
export interface OperatorAccessControl {
  plan: string;
  api_accessible: boolean;
  allowed_scopes: Scope[];
}

/**
 * The operator's switch (`kasboek companies update`): API access, the allowed scopes and the
 * plan. An unknown plan is a 404 naming the plan, and nothing changes.
 */
export async function updateAccessControl(
  deps: ServiceDeps,
  companyId: number,
  changes: { apiAccessible?: boolean; allowedScopes?: readonly Scope[]; plan?: string },
): Promise<OperatorAccessControl> {
  const updated = await deps.db.transaction().execute(async (tx) => {
    const existing = await findCompany(tx, companyId);
    if (!existing) throw notFound(RESOURCE);
    if (changes.plan !== undefined && (await findPlan(tx, changes.plan)) === undefined) throw notFound(PLAN_RESOURCE);
    const columns = {
      ...(changes.apiAccessible !== undefined ? { api_accessible: changes.apiAccessible ? 1 : 0 } : {}),
      ...(changes.allowedScopes !== undefined ? { allowed_scopes: sortScopes(changes.allowedScopes).join(" ") } : {}),
      ...(changes.plan !== undefined ? { plan: changes.plan } : {}),
    };
    return Object.keys(columns).length === 0 ? existing : updateCompany(tx, companyId, columns);
  });
  if (!updated) throw notFound(RESOURCE);
  announceAccessChange();
  return { plan: updated.plan, api_accessible: isApiAccessible(updated), allowed_scopes: storedScopes(updated) };
}

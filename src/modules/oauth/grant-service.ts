import { announceAccessChange } from "../../platform/access-cache.js";
/**
 * Grants: what a user allowed a client. Invariants: revoking a grant also revokes every access
 * token issued under it, in one transaction, and a revoked grant never issues or refreshes
 * again; a user sees and revokes only their own grants.
 */
import type { ServiceDeps } from "../../platform/deps.js";
import { type Scope, sortScopes } from "../../platform/scopes.js";
import { revokeAccessTokensOfGrant } from "../tokens/service.js";
import { findGrant, type GrantWithClient, listActiveGrantsOfUser, revokeGrantRow } from "./store.js";

export interface Application {
  grantId: number;
  clientName: string;
  scopes: Scope[];
  companyIds: number[];
  /** ISO date-time of the approval */
  since: string;
}

export function grantScopes(grant: GrantWithClient): Scope[] {
  return sortScopes(grant.scopes.split(" "));
}

export function grantCompanyIds(grant: GrantWithClient): number[] {
  const parsed: unknown = JSON.parse(grant.company_ids);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

/** Revokes a grant and every access token it issued; revoking twice is harmless. */
export async function revokeGrant(deps: ServiceDeps, grantId: number): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (tx) => {
    await revokeGrantRow(tx, grantId, now.toISOString());
    await revokeAccessTokensOfGrant(tx, grantId, now);
  });
  announceAccessChange();
}

/** The applications a user authorised that are in force. */
export async function listApplications(deps: ServiceDeps, userId: number): Promise<Application[]> {
  const grants = await listActiveGrantsOfUser(deps.db, userId);
  return grants.map((grant) => ({
    grantId: grant.id,
    clientName: grant.client_name,
    scopes: grantScopes(grant),
    companyIds: grantCompanyIds(grant),
    since: grant.created_at,
  }));
}

/** Revokes one of the user's own grants; false when the user has no such grant. */
export async function revokeApplication(deps: ServiceDeps, userId: number, grantId: number): Promise<boolean> {
  const grant = await findGrant(deps.db, grantId);
  if (!grant || grant.user_id !== userId) return false;
  await revokeGrant(deps, grantId);
  return true;
}

/**
 * API tokens of two kinds, both issued once (the plain token is returned only at creation) and
 * stored as a SHA-256 hash: personal tokens, valid until revoked, and OAuth access tokens, which
 * also expire and name the grant they were issued under. `authenticateToken` is the lookup the
 * access hook uses for every request; an OAuth token is valid only while its grant is, and
 * only on the companies of its grant.
 */
import { createHash, randomBytes } from "node:crypto";
import { type AuthenticatedToken, invalidToken } from "../../platform/access.js";
import { announceAccessChange } from "../../platform/access-cache.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { type Scope, sortScopes } from "../../platform/scopes.js";
import {
  deleteTokensExpiredBefore,
  findTokenByHash,
  insertToken,
  listTokensOfUser,
  revokeToken,
  revokeTokenOfUser,
  revokeTokensOfGrant,
  type TokenWithGrant,
} from "./store.js";

const TOKEN_PREFIX = "kb_";
/** A distinct prefix lets secret scanners and people tell an OAuth access token from a personal one. */
const OAUTH_TOKEN_PREFIX = "kbo_";
const TOKEN_BYTES = 32;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface IssuedToken {
  tokenId: number;
  token: string;
}

export interface TokenSummary {
  id: number;
  kind: string;
  name: string | null;
  scopes: Scope[];
  created_at: string;
  revoked_at: string | null;
}

export async function issuePersonalToken(
  deps: ServiceDeps,
  executor: ServiceDeps["db"],
  userId: number,
  scopes: readonly Scope[],
  name: string | null = null,
): Promise<IssuedToken> {
  const token = TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString("base64url");
  const row = await insertToken(executor, {
    user_id: userId,
    kind: "personal",
    name,
    token_hash: hashToken(token),
    scopes: sortScopes(scopes).join(" "),
    created_at: deps.now().toISOString(),
    expires_at: null,
    grant_id: null,
  });
  return { tokenId: row.id, token };
}

export interface OAuthAccessTokenRequest {
  userId: number;
  grantId: number;
  scopes: readonly Scope[];
  /** the client's name, so `kasboek tokens list` says whose token it is */
  name: string;
  issuedAt: Date;
  lifetimeSeconds: number;
}

/** Issues an OAuth access token under a grant, inside the caller's transaction. */
export async function issueOAuthAccessToken(
  executor: ServiceDeps["db"],
  request: OAuthAccessTokenRequest,
): Promise<IssuedToken> {
  const token = OAUTH_TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString("base64url");
  const row = await insertToken(executor, {
    user_id: request.userId,
    kind: "oauth",
    name: request.name,
    token_hash: hashToken(token),
    scopes: sortScopes(request.scopes).join(" "),
    created_at: request.issuedAt.toISOString(),
    expires_at: new Date(request.issuedAt.getTime() + request.lifetimeSeconds * 1000).toISOString(),
    grant_id: request.grantId,
  });
  return { tokenId: row.id, token };
}

/** The OAuth access token a client presents (e.g. to revoke it), or null when it is no such token. */
export async function findOAuthAccessToken(
  executor: ServiceDeps["db"],
  token: string,
): Promise<{ tokenId: number; grantId: number } | null> {
  const row = await findTokenByHash(executor, hashToken(token));
  if (!row || row.grant_id === null) return null;
  return { tokenId: row.id, grantId: row.grant_id };
}

/** Revokes one OAuth access token, inside the caller's transaction. */
export async function revokeOAuthAccessToken(executor: ServiceDeps["db"], tokenId: number, at: Date): Promise<void> {
  await revokeToken(executor, tokenId, at.toISOString());
  announceAccessChange();
}

/** Revokes every access token issued under a grant, inside the caller's transaction. */
export async function revokeAccessTokensOfGrant(executor: ServiceDeps["db"], grantId: number, at: Date): Promise<void> {
  await revokeTokensOfGrant(executor, grantId, at.toISOString());
  announceAccessChange();
}

/** The companies an OAuth token's grant covers (a JSON array of ids); unreadable means none. */
function grantCompanies(row: TokenWithGrant): number[] {
  try {
    const parsed: unknown = JSON.parse(row.grant_company_ids ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

export async function authenticateToken(deps: ServiceDeps, token: string): Promise<AuthenticatedToken> {
  const row = await findTokenByHash(deps.db, hashToken(token));
  if (!row) throw invalidToken({ key: "tokenUnknown" });
  if (row.revoked_at !== null || row.grant_revoked_at !== null) throw invalidToken({ key: "tokenRevoked" });
  if (row.expires_at !== null && Date.parse(row.expires_at) <= deps.now().getTime()) {
    throw invalidToken({ key: "tokenExpired" });
  }
  const authenticated: AuthenticatedToken = {
    tokenId: row.id,
    userId: row.user_id,
    scopes: sortScopes(row.scopes.split(" ")),
    ...(row.expires_at === null ? {} : { expiresAt: row.expires_at }),
  };
  return row.grant_id === null ? authenticated : { ...authenticated, companyIds: grantCompanies(row) };
}

export async function listTokens(deps: ServiceDeps, userId: number): Promise<TokenSummary[]> {
  const rows = await listTokensOfUser(deps.db, userId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    scopes: sortScopes(row.scopes.split(" ")),
    created_at: row.created_at,
    revoked_at: row.revoked_at,
  }));
}

/** Revokes a token; false when no token has that id. Revoking twice is harmless. */
export async function revokeTokenById(deps: ServiceDeps, tokenId: number): Promise<boolean> {
  const revoked = await revokeToken(deps.db, tokenId, deps.now().toISOString());
  announceAccessChange();
  return revoked;
}

/** Revokes one of the user's own personal tokens; false when the user has no such token. */
export async function revokePersonalTokenOfUser(deps: ServiceDeps, userId: number, tokenId: number): Promise<boolean> {
  const revoked = await revokeTokenOfUser(deps.db, userId, tokenId, "personal", deps.now().toISOString());
  announceAccessChange();
  return revoked;
}

/**
 * An expired token is kept a day, so a client presenting it late is told it expired rather than
 * that it is unknown; after that it is deleted (housekeeping). Returns how many were deleted.
 */
const EXPIRED_TOKEN_MEMORY_MS = 24 * 60 * 60 * 1000;

export async function removeExpiredTokens(deps: ServiceDeps): Promise<number> {
  return deleteTokensExpiredBefore(deps.db, new Date(deps.now().getTime() - EXPIRED_TOKEN_MEMORY_MS).toISOString());
}

/**
 * Personal API tokens: issued once (the plain token is returned only at creation), stored as a
 * SHA-256 hash, valid until revoked. `authenticateToken` is the lookup the access hook uses for
 * every request.
 */
import { createHash, randomBytes } from "node:crypto";
import { type AuthenticatedToken, invalidToken } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { type Scope, sortScopes } from "../../platform/scopes.js";
import { findTokenByHash, insertToken, listTokensOfUser, revokeToken } from "./store.js";

const TOKEN_PREFIX = "kb_";
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
  });
  return { tokenId: row.id, token };
}

export async function authenticateToken(deps: ServiceDeps, token: string): Promise<AuthenticatedToken> {
  const row = await findTokenByHash(deps.db, hashToken(token));
  if (!row) throw invalidToken("The access token is unknown");
  if (row.revoked_at !== null) throw invalidToken("The access token was revoked");
  if (row.expires_at !== null && Date.parse(row.expires_at) <= deps.now().getTime()) {
    throw invalidToken("The access token expired");
  }
  return { tokenId: row.id, userId: row.user_id, scopes: sortScopes(row.scopes.split(" ")) };
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
  return revokeToken(deps.db, tokenId, deps.now().toISOString());
}

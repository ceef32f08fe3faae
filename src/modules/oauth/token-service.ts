/**
 * The token and revocation endpoints' use cases (RFC 6749 sections 4.1.3 and 6, RFC 7636,
 * RFC 7009, RFC 9700). Invariants:
 * - a code or refresh token works only for the client it was issued to, only while its grant
 *   stands, and only once: using it is one conditional UPDATE inside the transaction that issues
 *   the new tokens, so of two concurrent uses one wins;
 * - a used code or refresh token presented again by its client revokes the whole grant (every
 *   access token issued under it, every refresh token with it) and is refused with invalid_grant;
 * - a code also needs the redirect URI it was issued for and the PKCE verifier of its challenge,
 *   and expires 60 seconds after approval; a failed exchange by its own client (another redirect
 *   URI, a wrong verifier) spends it (RFC 9700 section 2.1.1, OAuth 2.1 section 4.1.3), so the
 *   verifier cannot be guessed on one code; another client's attempt leaves it alone, as it
 *   leaves a refresh token alone;
 * - every token response carries a new refresh token (rotation); a refresh may narrow the scopes
 *   of the new access token, never widen them beyond the grant;
 * - access tokens live 2 hours.
 */
import type { ServiceDeps } from "../../platform/deps.js";
import type { Scope } from "../../platform/scopes.js";
import { findOAuthAccessToken, issueOAuthAccessToken, revokeOAuthAccessToken } from "../tokens/service.js";
import type { Client } from "./client-service.js";
import { OAuthError } from "./errors.js";
import { grantScopes, revokeGrant } from "./grant-service.js";
import { readScopeParameter } from "./rules.js";
import { hashSecret, newSecret, verifierMatchesChallenge } from "./secrets.js";
import {
  findCodeByHash,
  findGrant,
  findRefreshTokenByHash,
  type GrantWithClient,
  insertRefreshToken,
  markCodeUsed,
  markRefreshTokenUsed,
} from "./store.js";

export const ACCESS_TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;
const REFRESH_TOKEN_PREFIX = "kbr_";

/** The token response, keys in the reference's order. */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
  /** epoch seconds, as the reference shows */
  created_at: number;
}

const invalidGrant = (description: string) => new OAuthError("invalid_grant", description);

async function issueTokens(
  executor: ServiceDeps["db"],
  grant: GrantWithClient,
  scopes: readonly Scope[],
  now: Date,
): Promise<TokenResponse> {
  const access = await issueOAuthAccessToken(executor, {
    userId: grant.user_id,
    grantId: grant.id,
    scopes,
    name: grant.client_name,
    issuedAt: now,
    lifetimeSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
  });
  const refreshToken = newSecret(REFRESH_TOKEN_PREFIX);
  await insertRefreshToken(executor, {
    token_hash: hashSecret(refreshToken),
    grant_id: grant.id,
    created_at: now.toISOString(),
  });
  return {
    access_token: access.token,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    refresh_token: refreshToken,
    scope: scopes.join(" "),
    created_at: Math.floor(now.getTime() / 1000),
  };
}

/** The grant behind a code or refresh token, when it belongs to `client`. */
async function grantOfClient(deps: ServiceDeps, grantId: number, client: Client, what: string) {
  const grant = await findGrant(deps.db, grantId);
  if (!grant || grant.client_id !== client.id) throw invalidGrant(`The ${what} was issued to another client`);
  return grant;
}

export interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

export async function exchangeAuthorizationCode(
  deps: ServiceDeps,
  client: Client,
  exchange: CodeExchange,
): Promise<TokenResponse> {
  const now = deps.now();
  const code = await findCodeByHash(deps.db, hashSecret(exchange.code));
  if (!code) throw invalidGrant("The authorization code is unknown");
  const grant = await grantOfClient(deps, code.grant_id, client, "authorization code");
  const reused = async () => {
    await revokeGrant(deps, grant.id);
    return invalidGrant("The authorization code was used already; the tokens issued with it are revoked");
  };
  if (code.used_at !== null) throw await reused();
  if (Date.parse(code.expires_at) <= now.getTime()) throw invalidGrant("The authorization code expired");
  // Spent before the answer: a concurrent exchange that already won keeps its tokens.
  const spent = async (description: string) => {
    await markCodeUsed(deps.db, code.id, now.toISOString());
    return invalidGrant(description);
  };
  if (code.redirect_uri !== exchange.redirectUri) {
    throw await spent("redirect_uri differs from the one of the authorization request");
  }
  if (!verifierMatchesChallenge(exchange.codeVerifier, code.code_challenge)) {
    throw await spent("code_verifier does not match the code_challenge (PKCE)");
  }
  if (grant.revoked_at !== null) throw invalidGrant("The authorization was revoked");
  const issued = await deps.db.transaction().execute(async (tx) => {
    if (!(await markCodeUsed(tx, code.id, now.toISOString()))) return null;
    return issueTokens(tx, grant, grantScopes(grant), now);
  });
  if (issued === null) throw await reused();
  return issued;
}

/** The scopes for the new access token: the grant's, or fewer when the client asks for fewer. */
function refreshedScopes(grant: GrantWithClient, requested: string | undefined): Scope[] {
  const granted = grantScopes(grant);
  if (requested === undefined) return granted;
  const scope = readScopeParameter(requested);
  if (scope.kind === "unknown") throw new OAuthError("invalid_scope", `Unknown scope: ${scope.names.join(" ")}`);
  const beyond = scope.scopes.filter((name) => !granted.includes(name));
  if (beyond.length > 0) {
    throw new OAuthError("invalid_scope", `Scopes beyond the authorization: ${beyond.join(" ")}`);
  }
  return scope.scopes;
}

export async function refreshAccessToken(
  deps: ServiceDeps,
  client: Client,
  refreshToken: string,
  requestedScope: string | undefined,
): Promise<TokenResponse> {
  const now = deps.now();
  const row = await findRefreshTokenByHash(deps.db, hashSecret(refreshToken));
  if (!row) throw invalidGrant("The refresh token is unknown");
  const grant = await grantOfClient(deps, row.grant_id, client, "refresh token");
  const reused = async () => {
    await revokeGrant(deps, grant.id);
    return invalidGrant("The refresh token was used already; the authorization is revoked");
  };
  if (row.used_at !== null) throw await reused();
  if (grant.revoked_at !== null) throw invalidGrant("The authorization was revoked");
  const scopes = refreshedScopes(grant, requestedScope);
  const issued = await deps.db.transaction().execute(async (tx) => {
    if (!(await markRefreshTokenUsed(tx, row.id, now.toISOString()))) return null;
    return issueTokens(tx, grant, scopes, now);
  });
  if (issued === null) throw await reused();
  return issued;
}

/**
 * RFC 7009: revokes a token of `client` — a refresh token revokes its whole grant, an access
 * token only itself. A token this server does not know as an OAuth token is no error (the
 * client's goal, that it no longer works, holds); another client's token is refused.
 */
export async function revokeClientToken(
  deps: ServiceDeps,
  client: Client,
  token: string,
  tokenTypeHint: string | undefined,
): Promise<void> {
  const revokeRefresh = async (): Promise<boolean> => {
    const row = await findRefreshTokenByHash(deps.db, hashSecret(token));
    if (!row) return false;
    await revokeGrant(deps, (await grantOfRevoker(deps, row.grant_id, client)).id);
    return true;
  };
  const revokeAccess = async (): Promise<boolean> => {
    const found = await findOAuthAccessToken(deps.db, token);
    if (!found) return false;
    await grantOfRevoker(deps, found.grantId, client);
    await revokeOAuthAccessToken(deps.db, found.tokenId, deps.now());
    return true;
  };
  // The hint only decides where to look first (RFC 7009 section 2.1).
  const lookups = tokenTypeHint === "access_token" ? [revokeAccess, revokeRefresh] : [revokeRefresh, revokeAccess];
  for (const lookup of lookups) {
    if (await lookup()) return;
  }
}

async function grantOfRevoker(deps: ServiceDeps, grantId: number, client: Client) {
  const grant = await findGrant(deps.db, grantId);
  if (!grant || grant.client_id !== client.id) {
    throw new OAuthError("unauthorized_client", "This token was not issued to this client");
  }
  return grant;
}

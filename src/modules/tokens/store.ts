/**
 * SQL for `api_tokens`. Rows hold the SHA-256 of a token, never the token itself. An OAuth
 * access token names its grant (`grant_id`); the lookup of a presented token reads that grant's
 * companies and revocation in the same query — the one read of `oauth_grants` outside the oauth
 * module, kept here so the per-request authentication stays one round trip. The tokens module
 * runs no code of the oauth module (which issues its tokens through this one); it takes only the
 * grants table's declaration from it, a type, so that the two never describe the table apart.
 *
 * The lookup of a presented token is a reusable query, a prepared statement on PostgreSQL: with
 * the company lookup (companies/store.ts) prepared too, PostgreSQL reads went from 275 to 327
 * req/s in turns, and 0.38 → 0.42 of raw in the mixed workload (bench/RESULTS.md, "Mixed
 * multi-tenant workload (issue 27): after the session of 2026-11-27").
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { reusableQuery } from "../../db/reusable-query.js";
import type { GrantTables } from "../oauth/service.js";

interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  name: string | null;
  token_hash: string;
  scopes: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  grant_id: number | null;
}

export type TokenRow = Selectable<ApiTokensTable>;

/** A token with its grant's companies (JSON array) and revocation; both null for a personal token. */
export type TokenWithGrant = TokenRow & { grant_company_ids: string | null; grant_revoked_at: string | null };

type TokenTables = GrantTables & {
  api_tokens: ApiTokensTable;
};

function tokens(executor: Executor) {
  return executor.withTables<TokenTables>();
}

export async function insertToken(executor: Executor, values: Omit<TokenRow, "id" | "revoked_at">): Promise<TokenRow> {
  return tokens(executor)
    .insertInto("api_tokens")
    .values({ ...values, revoked_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every request without a cached token runs this, so it is built once (db/reusable-query.ts). */
const tokenByHash = reusableQuery((executor, tokenHash: string) =>
  tokens(executor)
    .selectFrom("api_tokens")
    .leftJoin("oauth_grants", "oauth_grants.id", "api_tokens.grant_id")
    .selectAll("api_tokens")
    .select(["oauth_grants.company_ids as grant_company_ids", "oauth_grants.revoked_at as grant_revoked_at"])
    .where("api_tokens.token_hash", "=", tokenHash),
);

export async function findTokenByHash(executor: Executor, tokenHash: string): Promise<TokenWithGrant | undefined> {
  return (await tokenByHash(executor, tokenHash))[0];
}

export async function listTokensOfUser(executor: Executor, userId: number): Promise<TokenRow[]> {
  return tokens(executor).selectFrom("api_tokens").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

/** Marks a token revoked; returns false when there is no such token. */
export async function revokeToken(executor: Executor, tokenId: number, revokedAt: string): Promise<boolean> {
  const result = await tokens(executor)
    .updateTable("api_tokens")
    .set({ revoked_at: revokedAt })
    .where("id", "=", tokenId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  const existing = await tokens(executor)
    .selectFrom("api_tokens")
    .select("id")
    .where("id", "=", tokenId)
    .executeTakeFirst();
  return existing !== undefined;
}

/** Revokes every still-valid access token issued under a grant. */
export async function revokeTokensOfGrant(executor: Executor, grantId: number, revokedAt: string): Promise<void> {
  await tokens(executor)
    .updateTable("api_tokens")
    .set({ revoked_at: revokedAt })
    .where("grant_id", "=", grantId)
    .where("revoked_at", "is", null)
    .execute();
}

/**
 * Revokes a token only when it belongs to `userId` and is of `kind`; false when there is no such
 * token (another user's token is "no such token"). Revoking twice is harmless.
 */
export async function revokeTokenOfUser(
  executor: Executor,
  userId: number,
  tokenId: number,
  kind: string,
  revokedAt: string,
): Promise<boolean> {
  await tokens(executor)
    .updateTable("api_tokens")
    .set({ revoked_at: revokedAt })
    .where("id", "=", tokenId)
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("revoked_at", "is", null)
    .execute();
  const existing = await tokens(executor)
    .selectFrom("api_tokens")
    .select("id")
    .where("id", "=", tokenId)
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return existing !== undefined;
}

/** Deletes tokens (OAuth access tokens; personal ones never expire) that expired before `before`. */
export async function deleteTokensExpiredBefore(executor: Executor, before: string): Promise<number> {
  const result = await tokens(executor)
    .deleteFrom("api_tokens")
    .where("expires_at", "is not", null)
    .where("expires_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

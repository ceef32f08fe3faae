/**
 * SQL for the OAuth server's tables: `oauth_clients`, `oauth_grants`, `oauth_codes` and
 * `oauth_refresh_tokens` (access tokens are `api_tokens` rows, written by the tokens module).
 * Invariants: secrets, codes and refresh tokens are stored only as hashes; lists (redirect URIs,
 * company ids) are JSON arrays in text columns; "use once" is a single conditional UPDATE, so of
 * two concurrent uses exactly one wins on either database.
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";

interface ClientsTable {
  id: Generated<number>;
  client_id: string;
  secret_hash: string | null;
  name: string;
  redirect_uris: string;
  created_at: string;
  /** 1: Kasboek's own web app, which is not asked for consent (migration 0030); 0: any other */
  first_party: number;
}

interface GrantsTable {
  id: Generated<number>;
  user_id: number;
  client_id: number;
  scopes: string;
  company_ids: string;
  created_at: string;
  revoked_at: string | null;
}

interface CodesTable {
  id: Generated<number>;
  code_hash: string;
  grant_id: number;
  redirect_uri: string;
  code_challenge: string;
  expires_at: string;
  used_at: string | null;
}

interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  grant_id: number;
  created_at: string;
  used_at: string | null;
}

export type ClientRow = Selectable<ClientsTable>;
export type GrantRow = Selectable<GrantsTable>;
export type CodeRow = Selectable<CodesTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
/** A grant with the name of its client, as the token endpoint and the account page need it. */
export type GrantWithClient = GrantRow & { client_name: string };

/** The grants table, for the tokens store too: a token's lookup joins its grant. */
export type GrantTables = { oauth_grants: GrantsTable };

type OAuthTables = GrantTables & {
  oauth_clients: ClientsTable;
  oauth_codes: CodesTable;
  oauth_refresh_tokens: RefreshTokensTable;
};

function oauth(executor: Executor) {
  return executor.withTables<OAuthTables>();
}

/** Registers a client; never a first-party one, which only migration 0030 writes. */
export async function insertClient(
  executor: Executor,
  values: Omit<ClientRow, "id" | "first_party">,
): Promise<ClientRow> {
  return oauth(executor)
    .insertInto("oauth_clients")
    .values({ ...values, first_party: 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findClientByClientId(executor: Executor, clientId: string): Promise<ClientRow | undefined> {
  return oauth(executor).selectFrom("oauth_clients").selectAll().where("client_id", "=", clientId).executeTakeFirst();
}

export async function listClients(executor: Executor): Promise<ClientRow[]> {
  return oauth(executor).selectFrom("oauth_clients").selectAll().orderBy("id").execute();
}

export async function insertGrant(executor: Executor, values: Omit<GrantRow, "id" | "revoked_at">): Promise<GrantRow> {
  return oauth(executor)
    .insertInto("oauth_grants")
    .values({ ...values, revoked_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findGrant(executor: Executor, grantId: number): Promise<GrantWithClient | undefined> {
  return oauth(executor)
    .selectFrom("oauth_grants")
    .innerJoin("oauth_clients", "oauth_clients.id", "oauth_grants.client_id")
    .selectAll("oauth_grants")
    .select("oauth_clients.name as client_name")
    .where("oauth_grants.id", "=", grantId)
    .executeTakeFirst();
}

/** The user's newest grant in force for this client (the row id), if any. */
export async function findLiveGrantOfClient(
  executor: Executor,
  userId: number,
  clientRowId: number,
): Promise<GrantRow | undefined> {
  return oauth(executor)
    .selectFrom("oauth_grants")
    .selectAll()
    .where("user_id", "=", userId)
    .where("client_id", "=", clientRowId)
    .where("revoked_at", "is", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Gives a grant in force new scopes and companies; false when it was revoked meanwhile. */
export async function updateLiveGrant(
  executor: Executor,
  grantId: number,
  values: Pick<GrantRow, "scopes" | "company_ids">,
): Promise<boolean> {
  const result = await oauth(executor)
    .updateTable("oauth_grants")
    .set(values)
    .where("id", "=", grantId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a grant revoked; false when it was revoked already (or does not exist). */
export async function revokeGrantRow(executor: Executor, grantId: number, revokedAt: string): Promise<boolean> {
  const result = await oauth(executor)
    .updateTable("oauth_grants")
    .set({ revoked_at: revokedAt })
    .where("id", "=", grantId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A user's grants in force that a client actually took up (it exchanged the code, so a refresh
 * token exists): an approval whose code was never used gives no access and is not listed.
 */
export async function listActiveGrantsOfUser(executor: Executor, userId: number): Promise<GrantWithClient[]> {
  return oauth(executor)
    .selectFrom("oauth_grants")
    .innerJoin("oauth_clients", "oauth_clients.id", "oauth_grants.client_id")
    .selectAll("oauth_grants")
    .select("oauth_clients.name as client_name")
    .where("oauth_grants.user_id", "=", userId)
    .where("oauth_grants.revoked_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("oauth_refresh_tokens")
          .select("oauth_refresh_tokens.id")
          .whereRef("oauth_refresh_tokens.grant_id", "=", "oauth_grants.id"),
      ),
    )
    .orderBy("oauth_grants.id")
    .execute();
}

export async function insertCode(executor: Executor, values: Omit<CodeRow, "id" | "used_at">): Promise<void> {
  await oauth(executor)
    .insertInto("oauth_codes")
    .values({ ...values, used_at: null })
    .execute();
}

export async function findCodeByHash(executor: Executor, codeHash: string): Promise<CodeRow | undefined> {
  return oauth(executor).selectFrom("oauth_codes").selectAll().where("code_hash", "=", codeHash).executeTakeFirst();
}

/** Uses a code up; false when it was used already (by an earlier or a concurrent request). */
export async function markCodeUsed(executor: Executor, codeId: number, usedAt: string): Promise<boolean> {
  const result = await oauth(executor)
    .updateTable("oauth_codes")
    .set({ used_at: usedAt })
    .where("id", "=", codeId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertRefreshToken(
  executor: Executor,
  values: Omit<RefreshTokenRow, "id" | "used_at">,
): Promise<void> {
  await oauth(executor)
    .insertInto("oauth_refresh_tokens")
    .values({ ...values, used_at: null })
    .execute();
}

export async function findRefreshTokenByHash(
  executor: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  return oauth(executor)
    .selectFrom("oauth_refresh_tokens")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Uses a refresh token up; false when it was used already (by an earlier or a concurrent request). */
export async function markRefreshTokenUsed(executor: Executor, tokenId: number, usedAt: string): Promise<boolean> {
  const result = await oauth(executor)
    .updateTable("oauth_refresh_tokens")
    .set({ used_at: usedAt })
    .where("id", "=", tokenId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes authorization codes that expired before `before` (used or not); returns how many. */
export async function deleteCodesExpiredBefore(executor: Executor, before: string): Promise<number> {
  const result = await oauth(executor).deleteFrom("oauth_codes").where("expires_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

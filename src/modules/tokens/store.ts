/**
 * SQL for `api_tokens`. Rows hold the SHA-256 of a token, never the token itself.
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";

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
}

export type TokenRow = Selectable<ApiTokensTable>;

type TokenTables = {
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

export async function findTokenByHash(executor: Executor, tokenHash: string): Promise<TokenRow | undefined> {
  return tokens(executor).selectFrom("api_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
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

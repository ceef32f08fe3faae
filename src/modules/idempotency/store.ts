/**
 * SQL for `idempotency_records`. Invariants: a key is taken by one upsert that inserts the record,
 * or takes over one past its expiry, and does nothing when a live record exists; run inside the
 * request's transaction, it waits on another transaction's uncommitted record for that key, so of
 * any number of processes asking at once exactly one gets to run the request. Date-times are ISO
 * UTC strings, which compare correctly as text on SQLite and as timestamptz on PostgreSQL.
 */
import type { Executor } from "../../db/connection.js";

export interface IdempotencyRecordRow {
  token_id: number;
  idempotency_key: string;
  fingerprint: string;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  expires_at: string;
}

type IdempotencyTables = { idempotency_records: IdempotencyRecordRow };

function tables(executor: Executor) {
  return executor.withTables<IdempotencyTables>();
}

export interface NewKey {
  tokenId: number;
  key: string;
  fingerprint: string;
  now: string;
  expiresAt: string;
}

/** Takes the key for the caller's transaction; false when a live record holds it. */
export async function takeKey(executor: Executor, taken: NewKey): Promise<boolean> {
  const fresh = {
    fingerprint: taken.fingerprint,
    response_status: null,
    response_headers: null,
    response_body: null,
    expires_at: taken.expiresAt,
  };
  const result = await tables(executor)
    .insertInto("idempotency_records")
    .values({ token_id: taken.tokenId, idempotency_key: taken.key, ...fresh })
    .onConflict((conflict) =>
      conflict
        .columns(["token_id", "idempotency_key"])
        .doUpdateSet(fresh)
        .where("idempotency_records.expires_at", "<=", taken.now),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findRecord(
  executor: Executor,
  tokenId: number,
  key: string,
): Promise<IdempotencyRecordRow | undefined> {
  return tables(executor)
    .selectFrom("idempotency_records")
    .selectAll()
    .where("token_id", "=", tokenId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export interface StoredResponse {
  status: number;
  headers: string;
  body: string;
}

export async function storeResponse(
  executor: Executor,
  tokenId: number,
  key: string,
  response: StoredResponse,
): Promise<void> {
  await tables(executor)
    .updateTable("idempotency_records")
    .set({ response_status: response.status, response_headers: response.headers, response_body: response.body })
    .where("token_id", "=", tokenId)
    .where("idempotency_key", "=", key)
    .execute();
}

export async function deleteExpiredRecords(executor: Executor, now: string): Promise<number> {
  const result = await tables(executor)
    .deleteFrom("idempotency_records")
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * SQL for `idempotency_records`. Invariants: a record is created by one insert that does nothing
 * when the (token, key) pair exists, and taken over (expired, or its first request's process gone)
 * by one update that checks the lock it read is still there; so of any number of processes asking
 * at once, exactly one gets to run the request. Date-times are ISO UTC strings, which compare
 * correctly as text on SQLite and as timestamptz on PostgreSQL.
 */
import type { Executor } from "../../db/connection.js";

export interface IdempotencyRecordRow {
  token_id: number;
  idempotency_key: string;
  fingerprint: string;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  locked_until: string;
  expires_at: string;
}

type IdempotencyTables = { idempotency_records: IdempotencyRecordRow };

function tables(executor: Executor) {
  return executor.withTables<IdempotencyTables>();
}

export interface NewLock {
  tokenId: number;
  key: string;
  fingerprint: string;
  lockedUntil: string;
  expiresAt: string;
}

/** Inserts a running record; false when one exists for the pair already. */
export async function insertRunningRecord(executor: Executor, lock: NewLock): Promise<boolean> {
  const result = await tables(executor)
    .insertInto("idempotency_records")
    .values({
      token_id: lock.tokenId,
      idempotency_key: lock.key,
      fingerprint: lock.fingerprint,
      response_status: null,
      response_headers: null,
      response_body: null,
      locked_until: lock.lockedUntil,
      expires_at: lock.expiresAt,
    })
    .onConflict((conflict) => conflict.columns(["token_id", "idempotency_key"]).doNothing())
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

/**
 * Makes `seen` a new running record, unless another process changed it since it was read (its
 * lock moved on); true when this caller now holds it.
 */
export async function takeOverRecord(executor: Executor, seen: IdempotencyRecordRow, lock: NewLock): Promise<boolean> {
  const result = await tables(executor)
    .updateTable("idempotency_records")
    .set({
      fingerprint: lock.fingerprint,
      response_status: null,
      response_headers: null,
      response_body: null,
      locked_until: lock.lockedUntil,
      expires_at: lock.expiresAt,
    })
    .where("token_id", "=", seen.token_id)
    .where("idempotency_key", "=", seen.idempotency_key)
    .where("locked_until", "=", seen.locked_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

export async function deleteRecord(executor: Executor, tokenId: number, key: string): Promise<void> {
  await tables(executor)
    .deleteFrom("idempotency_records")
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

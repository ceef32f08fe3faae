/**
 * Keeps the first response to each Idempotency-Key of a token for 24 hours (platform/idempotency.ts
 * decides which requests take part and replays what is kept here). Invariants:
 * - a key's record is written in the transaction that holds its request's whole work
 *   (db/request-transaction.ts) and committed with it, response included: a committed record
 *   always has its response, and a request that died before its commit left no record;
 * - of all requests carrying one token's key, exactly one runs at a time: the one whose insert
 *   took the key. Another one's insert waits for that transaction to end (the database's own
 *   row lock: PostgreSQL's unique index, SQLite's single writer), then finds the kept response,
 *   or takes the key itself when the first rolled back;
 * - a record past its 24 hours is taken over by the next request with its key.
 */
import { openRequestTransaction, type RequestTransaction } from "../../db/request-transaction.js";
import type { ServiceDeps } from "../../platform/deps.js";
import type {
  ClaimOutcome,
  HeldKey,
  IdempotencyStore,
  IdempotentRequest,
  RecordedResponse,
} from "../../platform/idempotency.js";
import { deleteExpiredRecords, findRecord, type IdempotencyRecordRow, storeResponse, takeKey } from "./store.js";

/** How long a key's first response is kept and replayed. */
export const RETENTION_SECONDS = 24 * 60 * 60;

/** What a committed record says to a request with its key; null when it does not count (expired). */
function answerOf(record: IdempotencyRecordRow, request: IdempotentRequest, now: string): ClaimOutcome | null {
  if (record.expires_at <= now || record.response_status === null) return null;
  if (record.fingerprint !== request.fingerprint) return { kind: "mismatch" };
  return {
    kind: "replay",
    response: {
      status: record.response_status,
      headers: JSON.parse(record.response_headers ?? "{}") as RecordedResponse["headers"],
      body: record.response_body ?? "",
    },
  };
}

function heldKey(transaction: RequestTransaction, request: IdempotentRequest): HeldKey {
  return {
    join: (work) => transaction.join(work),
    complete: async (response) => {
      if (response !== null) {
        await storeResponse(transaction.executor, request.tokenId, request.key, {
          status: response.status,
          headers: JSON.stringify(response.headers),
          body: response.body,
        });
      }
      await transaction.commit();
    },
    abandon: () => transaction.rollback(),
  };
}

async function claim(deps: ServiceDeps, request: IdempotentRequest): Promise<ClaimOutcome> {
  // most retries come after their first request ended: its answer needs no transaction
  const committed = await findRecord(deps.db, request.tokenId, request.key);
  const early = committed && answerOf(committed, request, deps.now().toISOString());
  if (early) return early;

  const transaction = await openRequestTransaction(deps.db);
  try {
    const now = deps.now();
    const taken = await takeKey(transaction.executor, {
      tokenId: request.tokenId,
      key: request.key,
      fingerprint: request.fingerprint,
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + RETENTION_SECONDS * 1000).toISOString(),
    });
    if (taken) return { kind: "claimed", held: heldKey(transaction, request) };
    // another request held the key and committed while this one waited for it
    const record = await findRecord(transaction.executor, request.tokenId, request.key);
    const answer = record && answerOf(record, request, now.toISOString());
    if (!answer) throw new Error("an idempotency record without a response was committed");
    // committed, not rolled back: on SQLite a commit returns only once the first's is on disk
    await transaction.commit();
    return answer;
  } catch (error) {
    await transaction.rollback();
    throw error;
  }
}

export function idempotencyStore(deps: ServiceDeps): IdempotencyStore {
  return { claim: (request) => claim(deps, request) };
}

/** Housekeeping: records past their 24 hours. */
export async function removeExpiredIdempotencyRecords(deps: ServiceDeps): Promise<number> {
  return deleteExpiredRecords(deps.db, deps.now().toISOString());
}

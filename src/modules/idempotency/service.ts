/**
 * Keeps the first response to each Idempotency-Key of a token for 24 hours (platform/idempotency.ts
 * decides which requests take part and replays what is kept here). Invariants:
 * - of all requests carrying one token's key, exactly one runs at a time: the one whose insert
 *   (or take-over) succeeded; the others are told to wait, get the kept response, or are refused
 *   when their request differs from the one that ran;
 * - a record whose request is still running is locked for LOCK_SECONDS; a process that died with
 *   it leaves the lock to expire, after which a retry runs the request again. Every request of the
 *   API finishes far sooner (the server times requests out first);
 * - a response of 500 or more is not kept: its transaction rolled back, so a retry must run again.
 */
import type { ServiceDeps } from "../../platform/deps.js";
import type {
  ClaimOutcome,
  IdempotencyStore,
  IdempotentRequest,
  RecordedResponse,
} from "../../platform/idempotency.js";
import {
  deleteExpiredRecords,
  deleteRecord,
  findRecord,
  insertRunningRecord,
  type NewLock,
  storeResponse,
  takeOverRecord,
} from "./store.js";

/** How long a key's first response is kept and replayed. */
export const RETENTION_SECONDS = 24 * 60 * 60;
/** How long a running request holds its key before a retry may assume its process died. */
export const LOCK_SECONDS = 120;
/** Insert, read and take-over race with other processes' deletions; this many rounds settle it. */
const CLAIM_ROUNDS = 4;

function newLock(deps: ServiceDeps, request: IdempotentRequest): NewLock {
  const now = deps.now().getTime();
  return {
    tokenId: request.tokenId,
    key: request.key,
    fingerprint: request.fingerprint,
    lockedUntil: new Date(now + LOCK_SECONDS * 1000).toISOString(),
    expiresAt: new Date(now + RETENTION_SECONDS * 1000).toISOString(),
  };
}

async function claim(deps: ServiceDeps, request: IdempotentRequest): Promise<ClaimOutcome> {
  for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
    const lock = newLock(deps, request);
    if (await insertRunningRecord(deps.db, lock)) return { kind: "claimed" };
    const record = await findRecord(deps.db, request.tokenId, request.key);
    if (record === undefined) continue; // deleted since the insert: insert again
    const now = deps.now().toISOString();
    if (record.expires_at <= now) {
      if (await takeOverRecord(deps.db, record, lock)) return { kind: "claimed" };
      continue;
    }
    if (record.fingerprint !== request.fingerprint) return { kind: "mismatch" };
    if (record.response_status !== null) {
      return {
        kind: "replay",
        response: {
          status: record.response_status,
          headers: JSON.parse(record.response_headers ?? "{}") as RecordedResponse["headers"],
          body: record.response_body ?? "",
        },
      };
    }
    if (record.locked_until > now) return { kind: "running" };
    if (await takeOverRecord(deps.db, record, lock)) return { kind: "claimed" };
  }
  return { kind: "running" };
}

export function idempotencyStore(deps: ServiceDeps): IdempotencyStore {
  return {
    claim: (request) => claim(deps, request),
    record: (request, response) =>
      storeResponse(deps.db, request.tokenId, request.key, {
        status: response.status,
        headers: JSON.stringify(response.headers),
        body: response.body,
      }),
    release: (request) => deleteRecord(deps.db, request.tokenId, request.key),
  };
}

/** Housekeeping: records past their 24 hours. */
export async function removeExpiredIdempotencyRecords(deps: ServiceDeps): Promise<number> {
  return deleteExpiredRecords(deps.db, deps.now().toISOString());
}
